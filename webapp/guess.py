"""Which kind of puzzle a text is, for a command line given no ``--kind``:
each kind's command-line part recognises its own texts (by default with the
kind's ``detect``); the best score wins, a tie goes to the first kind of
the registry (:func:`webapp.cli.solve.guess`).

>>> guess_kind("1 2 3\\n4 5 6\\n7 8 0\\n")
'sliding'
>>> guess_kind("5\\n#####\\n#0  #\\n#   #\\n#    \\n#####\\n")
'rotation'
>>> guess_kind("3\\n4\\n1 2 3\\n-1 2 3\\n1 -2 3\\n1 2 -3\\n")
'triangle'
"""

from __future__ import annotations


def names() -> tuple[str, ...]:
    """The kinds' names, in the registry's order."""
    from .kinds import names

    return names()


def guess_kind(text: str) -> str:
    """The name of the kind ``text`` looks most like."""
    from .cli.solve import guess

    return guess(text).name

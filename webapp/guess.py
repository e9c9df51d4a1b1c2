"""Which kind of puzzle a text is, for a command line given no ``--kind``.

Each kind scores how much a text looks like one of its own (``detect``);
the best score wins, and on a tie the first kind of the registry. A text in
the triangle puzzle's competition format (a count, a square number of
pieces, then lines of three integers) is a triangle puzzle, never read as a
sliding-tile board: that would only confuse.

>>> guess_kind("1 2 3\\n4 5 6\\n7 8 0\\n")
'sliding'
>>> guess_kind("5\\n#####\\n#0  #\\n#   #\\n#    \\n#####\\n")
'rotation'
>>> guess_kind("3\\n4\\n1 2 3\\n-1 2 3\\n1 -2 3\\n1 2 -3\\n")
'triangle'
"""

from __future__ import annotations

import re
from math import isqrt


class Unsupported(ValueError):
    """A text of a kind this version cannot solve (a checkout without the
    triangle kind)."""


_INTEGERS = re.compile(r"^[ \t]*[-+]?\d+(?:[ \t]+[-+]?\d+)*[ \t]*$")
#: More digits than a piece count may have, as the triangle's parser says (int()
#: refuses past 4,300, leading zeros included; a float past 308).
_COUNT_DIGITS = 18


def names() -> tuple[str, ...]:
    """The kinds' names, in the registry's order."""
    from .kinds import names

    return names()


def looks_like_triangle(text: str) -> bool:
    """A count line, a square piece count, then lines of three numbers (a
    typo among them still reads as a triangle puzzle, so that its message
    names the place in the triangle's words).

    >>> looks_like_triangle("3\\n1\\n1 -2 3\\n")
    True
    >>> looks_like_triangle("3\\n1\\n1 -2 x\\n")
    True
    >>> looks_like_triangle("1 2 3\\n4 5 6\\n7 8 0\\n")
    False
    >>> looks_like_triangle("1\\n-4\\n1 2 3\\n"), looks_like_triangle("1\\n" + "9" * 5000 + "\\n1 2 3\\n")
    (False, False)
    """
    lines = [line for line in text.lstrip("\ufeff").splitlines() if line.strip()]
    if len(lines) < 3 or not all(_INTEGERS.match(line) for line in lines[:2]):
        return False
    head = [line.split() for line in lines[:2]]
    if len(head[0]) != 1 or len(head[1]) != 1:
        return False
    digits = head[1][0].lstrip("+")
    if digits.startswith("-") or len(digits) > _COUNT_DIGITS:  # int() counts leading zeros too
        # no count of pieces: the kinds' detect picks the kind whose message names the place
        return False
    count = int(digits)
    return count > 0 and isqrt(count) ** 2 == count and all(len(line.split()) == 3 for line in lines[2:])


def guess_kind(text: str) -> str:
    """The name of the kind ``text`` looks most like.

    Raises Unsupported for a triangle puzzle when the registry has no such kind.
    """
    if looks_like_triangle(text):
        if "triangle" in names():
            return "triangle"
        raise Unsupported(
            "this looks like a triangle (edge-matching) puzzle: a count, a square number of "
            "pieces, then three numbers a piece; this version solves only "
            + " and ".join(names()) + " puzzles (pass --kind to read it as one of those)")
    from .kinds import best

    return best(text).name

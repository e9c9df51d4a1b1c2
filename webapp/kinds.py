"""The registry of puzzle kinds: every kind is one back end behind one small
interface (``KIND`` in ``webapp/<kind>/kind.py``), and the web app, the
command line and the gallery reach a kind only through here.

>>> [kind.name for kind in KINDS]
['rotation', 'sliding', 'triangle']
>>> get("rotation").counter
'states'
>>> get("chess")
Traceback (most recent call last):
...
KeyError: "no puzzle kind 'chess' (kinds: rotation, sliding, triangle)"
>>> detect("7\\n### ###\\n#     #\\n#     #\\n#     #\\n#    1#\\n#  001#\\n#######\\n")[0][1].name
'rotation'
"""

from __future__ import annotations

import importlib

#: The kinds in the order people see them (headers, galleries, detection ties).
NAMES = ("rotation", "sliding", "triangle")


def _load(name: str):
    return importlib.import_module(f"webapp.{name}.kind").KIND


KINDS = tuple(_load(name) for name in NAMES)
_BY_NAME = {kind.name: kind for kind in KINDS}


def get(name: str):
    """The kind called ``name``; KeyError naming the kinds there are."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise KeyError(f"no puzzle kind {name!r} (kinds: {', '.join(names())})") from None


def names() -> tuple[str, ...]:
    return tuple(kind.name for kind in KINDS)


def detect(text: str) -> list[tuple[float, object]]:
    """Every kind with its score (0 to 1: how much ``text`` looks like one of
    its puzzles), best first; a tie goes to the kind listed first."""
    scored = [(float(kind.detect(text)), -i, kind) for i, kind in enumerate(KINDS)]
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [(score, kind) for score, _, kind in scored]

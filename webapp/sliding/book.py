"""Proven shortest solutions the library keeps, for positions too dear to
solve within a request's or a job's bounds: the 15-puzzle's 17 positions
of 80 moves take the engine 30 to 190 s of one core each with the
databases every install builds, where a job has 60 s. Without them the
gallery's "80 moves" puzzles were answered with 128 moves, "not proven
shortest", under a title that says 80.

The solutions are in ``puzzles/sliding/shortest.json`` (each a board and
its moves, the tiles that slide), made by the engine's optimal search
(``tools/shortest_book.py``; ``benchmarks/fifteen80.py`` proves their
length again); the tests replay every one to the goal. A position met
along a kept solution, while at least :data:`FAR` moves are left, is known
too: the rest of a shortest way is a shortest way from there, so Hint and
Solve stay exact while a player follows it (nearer the goal the search
takes seconds at most, and answers as for any other position).

>>> from webapp.sliding.position import Position
>>> shortest(Position.goal(4, 4).tiles, 4, 4) is None  # not a kept position
True
>>> first = entries()[0]
>>> len(shortest(first[2], first[0], first[1]))
80
"""

from __future__ import annotations

import functools
import json

from ..resources import folder
from .position import replay
from .textformat import parse

#: The file of the kept solutions, in the library.
FILE = "sliding/shortest.json"

#: Positions along a kept solution are known while this many moves are left.
FAR = 50


@functools.cache
def entries() -> tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]:
    """``(width, height, tiles, moves)`` of every kept solution."""
    path = folder("puzzles") / FILE
    if not path.is_file():
        return ()
    out = []
    for item in json.loads(path.read_text(encoding="utf-8")):
        p = parse(item["board"])
        out.append((p.width, p.height, p.tiles, tuple(item["moves"])))
    return tuple(out)


@functools.cache
def _index() -> dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]]:
    """Every position along a kept solution with :data:`FAR` moves or more
    left, to the rest of it."""
    known = {}
    for width, height, tiles, moves in entries():
        for done in range(len(moves) - FAR + 1):
            here = replay(width, tiles, moves[:done])
            known.setdefault((width, height, here), moves[done:])
    return known


def shortest(tiles, width: int, height: int) -> list[int] | None:
    """A proven shortest solution of ``tiles`` if the library keeps one
    (from it or through it), else None."""
    moves = _index().get((width, height, tuple(tiles)))
    return None if moves is None else list(moves)

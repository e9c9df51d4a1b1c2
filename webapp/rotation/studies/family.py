"""The families a study runs: frames with one gap (each gap position once up
to the frame's symmetry) and every multiset of sticks up to a count.

A turned or mirrored frame has the same graph of positions up to that
symmetry (a mirror swaps L and R, a quarter turn adds one to every
orientation), so the distances are the same too. A gap in a corner is left
out: no stick can reach it.

>>> [gap for gap, _ in one_gap_frames(5)]
[(0, 1), (0, 2)]
>>> print(one_gap_frames(5)[1][1], end="")
5
## ##
#   #
#   #
#   #
#####
>>> stick_kinds(3)
((1, False), (2, False), (2, True), (3, False), (3, True))
>>> len(multisets(stick_kinds(3), 2))
20
"""

from __future__ import annotations

import itertools

from ..board import Board

__all__ = ["frame", "one_gap_frames", "stick_kinds", "multisets"]


def frame(width: int, height: int, gaps, walls=()) -> Board:
    """A frame of walls round an empty inside, with ``gaps`` open and inner
    ``walls`` added."""
    ring = {(r, c) for r in range(height) for c in range(width)
            if r in (0, height - 1) or c in (0, width - 1)}
    return Board(width, height, frozenset((ring - set(gaps)) | set(walls)))


def _images(width: int, height: int, cell):
    """``cell`` under each symmetry of a ``width`` x ``height`` rectangle."""
    r, c = cell
    found = {(r, c), (r, width - 1 - c), (height - 1 - r, c), (height - 1 - r, width - 1 - c)}
    if width == height:
        found |= {(c, r) for r, c in list(found)}
    return found


def one_gap_frames(width: int, height: int | None = None) -> list[tuple[tuple[int, int], Board]]:
    """``(gap, frame)`` for each one-gap frame of the size up to symmetry,
    the gap named by its least image (row, column)."""
    height = width if height is None else height
    seen, found = set(), []
    for r in range(height):
        for c in range(width):
            on_ring = r in (0, height - 1) or c in (0, width - 1)
            corner = r in (0, height - 1) and c in (0, width - 1)
            if not on_ring or corner:
                continue
            least = min(_images(width, height, (r, c)))
            if least not in seen:
                seen.add(least)
                found.append((least, frame(width, height, [least])))
    return sorted(found)


def stick_kinds(longest: int) -> tuple[tuple[int, bool], ...]:
    """Sticks of length 1 to ``longest``, horizontal and vertical (one
    kind of length 1, which has no direction)."""
    kinds = [(1, False)]
    for n in range(2, longest + 1):
        kinds += [(n, False), (n, True)]
    return tuple(kinds)


def multisets(kinds, most: int, cells: int | None = None) -> list[tuple]:
    """Every multiset of 1 to ``most`` sticks of ``kinds``, sorted; with
    ``cells``, only those covering fewer cells (one cell must stay free, or
    nothing could move)."""
    found = []
    for k in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(sorted(kinds), k):
            if cells is None or sum(n for n, _ in combo) < cells:
                found.append(combo)
    return found


"""The solutions in the spec's order (docs/triangle.md, "Counting
solutions"), listed two ways: :func:`from_pictures` walks that order
through the pictures the counting search kept, never backtracking in vain;
with too many pictures to keep, :func:`by_search` runs the plain search in
that order (solutions are many then, so it finds them quickly).

>>> from webapp.triangle.puzzle import Puzzle
>>> p = Puzzle(0, ((0, 0, 0),) * 4)
>>> out = []
>>> from_pictures(p, {((0, 0, 0),) * 4}, 3, out)
>>> [[piece for piece, _ in placement] for placement in out]
[[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3]]
"""

from __future__ import annotations

from .geometry import inner_edges
from .puzzle import turnings

__all__ = ["from_pictures", "by_search"]


def from_pictures(puzzle, pictures, first: int | None, out: list, budget=None) -> None:
    """Append to ``out`` the first ``first`` (None: all) placements whose
    pictures are among ``pictures`` (each a triple per slot), in spec order.
    ``budget`` (a search.Budget) bounds the work when it is given."""
    pieces = puzzle.pieces
    size = len(pieces)
    # A triple can come from each piece of its class, in exactly one turning.
    makers = {}
    for p, piece in enumerate(pieces):
        for rank, t in enumerate(turnings(piece)):
            makers.setdefault(t, []).append((p, rank))
    used = [False] * size
    chosen = []

    def dfs(s: int, group) -> bool:
        if s == size:
            out.append(tuple(chosen))
            return first is not None and len(out) >= first
        by_triple = {}
        for picture in group:
            by_triple.setdefault(picture[s], []).append(picture)
        options = sorted((p, rank, t) for t in by_triple for p, rank in makers[t] if not used[p])
        for p, _, t in options:
            if budget is not None:
                budget.tick(s)
            used[p] = True
            chosen.append((p, t))
            done = dfs(s + 1, by_triple[t])
            chosen.pop()
            used[p] = False
            if done:
                return True
        return False

    if first != 0 and pictures:
        dfs(0, list(pictures))


def by_search(puzzle, first: int | None, out: list, budget, fixed=None, prune: bool = False) -> None:
    """Append to ``out`` the first ``first`` (None: all) placements in spec
    order that keep the pieces of ``fixed`` where they are, every turned
    piece tried a node of ``budget``. With ``prune``, a triple is skipped at
    a slot once an equal one there led nowhere; the levels count without."""
    pieces = puzzle.pieces
    slots = len(pieces)
    current = [None] * slots if fixed is None else list(fixed)
    used = [False] * slots
    for item in current:
        if item is not None:
            used[item[0]] = True
    needs = [[] for _ in pieces]  # per slot (side, neighbour, its side) of the neighbours filled first
    for (a, side_a), (b, side_b) in inner_edges(puzzle.n):
        needs[b].append((side_b, a, side_a))
        if fixed is not None:  # a piece placed by hand may be in a later slot
            needs[a].append((side_a, b, side_b))
    options = [turnings(piece) for piece in pieces]

    def fits(slot, cand) -> bool:
        for side, other, other_side in needs[slot]:
            if current[other] is not None and cand[side] + current[other][1][other_side] != 0:
                return False
        return True

    def go(slot) -> bool:
        while slot < slots and current[slot] is not None:
            slot += 1
        if slot == slots:
            out.append(tuple(current))
            return first is not None and len(out) >= first
        barren = set()
        for piece, turns in enumerate(options):
            if used[piece]:
                continue
            for cand in turns:
                if cand in barren:
                    continue
                budget.tick(slot)
                if fits(slot, cand):
                    before = len(out)
                    used[piece] = True
                    current[slot] = (piece, cand)
                    if go(slot + 1):
                        return True
                    current[slot] = None
                    used[piece] = False
                    if prune and len(out) == before:
                        # an equal piece in the same turning leaves the same pieces behind
                        barren.add(cand)
        return False

    if first != 0:
        go(0)

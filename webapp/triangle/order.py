"""The solutions in the spec's order: slots in numbering order, pieces by
increasing index, turnings in the order of the piece's line.

Two ways to list the first K placements in that order, and the plain
backtracking search for the first one (:func:`first_by_search`). When the counting
search kept every picture (few of them), :func:`from_pictures` walks that
order through the pictures alone: a branch is taken only if some picture
agrees with it, so it never backtracks in vain. When there are too many
pictures to keep, :func:`by_search` runs the plain search in that order;
it then finds solutions quickly (there are many), and skips a triple at a
slot once an equal triple (of an equal piece) there led nowhere.

>>> from webapp.triangle.puzzle import Puzzle
>>> p = Puzzle(0, ((0, 0, 0),) * 4)
>>> out = []
>>> from_pictures(p, {((0, 0, 0),) * 4}, 3, out)
>>> [[piece for piece, _ in placement] for placement in out]
[[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3]]
"""

from __future__ import annotations

from .geometry import inner_edges, neighbours
from .puzzle import turnings

__all__ = ["from_pictures", "by_search", "first_by_search"]


def from_pictures(puzzle, pictures, first: int | None, out: list, budget=None) -> None:
    """Append to ``out`` the first ``first`` (None: all) placements whose
    pictures are among ``pictures`` (each a triple per slot), in spec order.
    ``budget`` (a search.Budget) bounds the work when it is given."""
    pieces = puzzle.pieces
    size = len(pieces)
    turns = [turnings(p) for p in pieces]
    # A triple can come from each piece of its class, in exactly one turning.
    makers = {}
    for p, piece in enumerate(pieces):
        for rank, t in enumerate(turns[p]):
            makers.setdefault(t, []).append((p, rank))
    used = [False] * size
    chosen = []
    next_check = [budget.next_check()] if budget is not None else None

    def dfs(s: int, group) -> bool:
        if s == size:
            out.append(tuple(chosen))
            return first is not None and len(out) >= first
        by_triple = {}
        for picture in group:
            t = picture[s]
            if t in by_triple:
                by_triple[t].append(picture)
            else:
                by_triple[t] = [picture]
        options = sorted((p, rank, t) for t in by_triple for p, rank in makers[t] if not used[p])
        for p, _, t in options:
            if budget is not None:
                budget.nodes += 1
                if budget.nodes >= next_check[0]:
                    next_check[0] = budget.check(s)
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


def by_search(puzzle, first: int | None, out: list, budget) -> None:
    """Append to ``out`` the first ``first`` (None: all) placements in spec
    order, found by the search in that order (bounded by ``budget``)."""
    pieces = puzzle.pieces
    size = len(pieces)
    nb = neighbours(puzzle.n)
    earlier = [tuple((i, across[0], across[1]) for i, across in enumerate(nb[s])
                     if across is not None and across[0] < s) for s in range(size)]
    turns = [turnings(p) for p in pieces]
    used = [False] * size
    placed = [None] * size
    chosen = []
    next_check = [budget.next_check()]

    def dfs(s: int) -> bool:
        if s == size:
            out.append(tuple(chosen))
            return first is not None and len(out) >= first
        demands = [(i, -placed[s2][i2]) for i, s2, i2 in earlier[s]]
        barren = set()
        for p in range(size):
            if used[p]:
                continue
            for t in turns[p]:
                if t in barren:
                    continue
                fits = True
                for i, v in demands:
                    if t[i] != v:
                        fits = False
                        break
                if not fits:
                    continue
                budget.nodes += 1
                if budget.nodes >= next_check[0]:
                    next_check[0] = budget.check(s)
                before = len(out)
                used[p] = True
                placed[s] = t
                chosen.append((p, t))
                done = dfs(s + 1)
                chosen.pop()
                placed[s] = None
                used[p] = False
                if done:
                    return True
                if len(out) == before:
                    # an equal piece in the same turning leaves the same pieces behind
                    barren.add(t)
        return False

    if first != 0:
        dfs(0)


def first_by_search(puzzle, tick, fixed=None) -> list | None:
    """The first solution in spec order that keeps the pieces of ``fixed``
    (a placement in progress; None: nothing placed) where they are, or None
    when there is none, by the plain backtracking search: ``tick(slot)``
    before each turned piece tried (it may raise to stop), no pruning (the
    difficulty levels count its nodes)."""
    pieces = puzzle.pieces
    slots = len(pieces)
    current = [None] * slots if fixed is None else list(fixed)
    used = [False] * slots
    for item in current:
        if item is not None:
            used[item[0]] = True
    # every inner edge from both sides: a neighbour placed by hand may come later
    needs = [[] for _ in pieces]
    for (a, side_a), (b, side_b) in inner_edges(puzzle.n):
        needs[a].append((side_a, b, side_b))
        needs[b].append((side_b, a, side_a))
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
            return True
        for piece, turns in enumerate(options):
            if used[piece]:
                continue
            for cand in turns:
                tick(slot)
                if fits(slot, cand):
                    used[piece] = True
                    current[slot] = (piece, cand)
                    if go(slot + 1):
                        return True
                    current[slot] = None
                    used[piece] = False
        return False

    return current if go(0) else None

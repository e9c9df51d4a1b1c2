"""A fast solution for any solvable position, not necessarily the shortest:
the fallback when an optimal search is out of reach (8 x 8 in a few ms).

The method people use by hand: place the top row tile by tile, then the
left column, always the longer side of what is left, until a rectangle of
at most 9 cells is left, which its exact distance table
(:mod:`webapp.sliding.table`) finishes. The last two tiles of a line are
put in place together by a small search in the 2 x 3 corner beside them,
which covers the awkward cases without a table of special moves.

Mean lengths on random positions (generate.shuffle, seed 1; 1,000 each,
200 for 8 x 8): 3 x 3 22 moves (the optimum), 4 x 4 92 (the optimum
averages about 53), 5 x 5 219, 8 x 8 1,098.

>>> moves = solve_fast(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6))
>>> from webapp.sliding.position import replay, Position
>>> Position(replay(3, (1, 5, 2, 7, 0, 3, 8, 4, 6), moves), 3).is_goal()
True
>>> solve_fast(2, 2, (1, 2, 3, 0))
[]
"""

from __future__ import annotations

from collections import deque

from ..errors import Message
from . import table
from .position import Position, SlidingError, movable_cells

__all__ = ["solve_fast", "cancel_pairs"]

#: The unsolved rectangle is finished by its exact distance table at this
#: many cells or fewer (3 x 3, 2 x 4, ...).
_TABLE_CELLS = 9

def solve_fast(width: int, height: int, tiles) -> list[int]:
    """Tiles to move, in order, that bring ``tiles`` to the goal.

    >>> solve_fast(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0))
    Traceback (most recent call last):
    ...
    webapp.sliding.position.SlidingError: this position cannot reach the goal (permutation parity), so there is no solution
    """
    position = Position(tuple(tiles), width)
    if position.height != height:
        raise SlidingError(Message("%(value)s tiles do not make a %(width)s x %(height)s board",
                                   value=len(position.tiles), width=width, height=height))
    if not position.solvable():
        raise SlidingError(Message("this position cannot reach the goal (permutation parity), so there is no solution"))
    solver = _Solver(width, height, position.tiles)
    solver.run()
    return cancel_pairs(solver.moves)


def cancel_pairs(moves) -> list[int]:
    """``moves`` without the pairs that undo each other (the same tile twice
    in a row), repeatedly.

    >>> cancel_pairs([1, 2, 2, 3, 3, 1, 4])
    [4]
    """
    out: list[int] = []
    for m in moves:
        if out and out[-1] == m:
            out.pop()
        else:
            out.append(m)
    return out


class _Solver:
    """The board being solved: ``board[cell]`` the tile, ``where[tile]`` its
    cell, ``blocked[cell]`` true for cells outside the unsolved rectangle."""

    def __init__(self, width: int, height: int, tiles) -> None:
        self.width, self.height = width, height
        self.board = list(tiles)
        self.where = [0] * len(self.board)
        for cell, t in enumerate(self.board):
            self.where[t] = cell
        self.blocked = [False] * len(self.board)
        self.moves: list[int] = []
        self.neighbours = [movable_cells(width, height, cell) for cell in range(width * height)]

    # -- the plan --------------------------------------------------------------------------------
    def run(self) -> None:
        top, left = 0, 0
        w = self.width
        while (self.height - top) * (w - left) > _TABLE_CELLS:
            rows, cols = self.height - top, w - left
            if rows >= cols:
                # the top row: along the row, the depth goes down
                self._line(lambda i, j: (top + j) * w + left + i, cols)
                top += 1
            else:
                self._line(lambda i, j: (top + i) * w + left + j, rows)
                left += 1
        # the last rectangle is a small board of its own whose goal is its
        # cells' goal tiles in order: its exact distance table finishes it
        rest = [r * w + c for r in range(top, self.height) for c in range(left, w)]
        local = {cell + 1: i + 1 for i, cell in enumerate(rest[:-1])}
        local[0] = 0
        path = table.solve_path(w - left, self.height - top, tuple(local[self.board[cell]] for cell in rest))
        if path is None:  # pragma: no cover - parity was checked
            raise AssertionError("the last rectangle cannot be solved")
        for tile in path:
            self._step(self.where[rest[tile - 1] + 1])

    def _line(self, cell, length: int) -> None:
        """Put the tiles of a line in place (its cells ``cell(i, 0)``); the
        rectangle is at least 3 deep, ``cell(i, j)`` for depth ``j``."""
        for i in range(length - 2):
            target = cell(i, 0)
            self._move_tile(target + 1, {target})
            self.blocked[target] = True
        pa, pb = cell(length - 2, 0), cell(length - 1, 0)
        a, b = pa + 1, pb + 1
        if self.board[pa] != a or self.board[pb] != b:
            window = [cell(length - 2 + x, y) for y in range(3) for x in range(2)]
            inside = set(window)
            # b beside its own cell, one deeper: the cells left free around it
            # have no dead end outside the window, so a can always come in
            self._move_tile(b, {cell(length - 1, 1)})
            self.blocked[self.where[b]] = True
            self._move_tile(a, inside)
            self.blocked[self.where[a]] = True
            if not self._move_hole(inside):  # pragma: no cover - the window's free cells are reachable
                raise AssertionError("the hole cannot reach the last tiles")
            self.blocked[self.where[a]] = self.blocked[self.where[b]] = False
            self._window_search(window, {a: pa, b: pb})
        self.blocked[pa] = self.blocked[pb] = True

    # -- moving -----------------------------------------------------------------------------------
    def _step(self, cell: int) -> None:
        """Slide the tile in ``cell`` (next to the hole) into the hole."""
        hole = self.where[0]
        t = self.board[cell]
        self.board[hole], self.board[cell] = t, 0
        self.where[t], self.where[0] = hole, cell
        self.moves.append(t)

    def _path(self, start: int, goals, avoid: int = -1) -> list[int] | None:
        """A shortest path of cells from ``start`` (excluded) into ``goals``
        through free cells other than ``avoid``; None if there is none."""
        if start in goals:
            return []
        blocked, neighbours = self.blocked, self.neighbours
        came = {start: -1}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for nxt in neighbours[cell]:
                if nxt in came or blocked[nxt] or nxt == avoid:
                    continue
                came[nxt] = cell
                if nxt in goals:
                    path = []
                    while nxt != start:
                        path.append(nxt)
                        nxt = came[nxt]
                    path.reverse()
                    return path
                queue.append(nxt)
        return None

    def _move_hole(self, goals, avoid: int = -1) -> bool:
        path = self._path(self.where[0], goals, avoid)
        if path is None:
            return False
        for cell in path:
            self._step(cell)
        return True

    def _move_tile(self, tile: int, goals) -> None:
        """Bring ``tile`` into one of ``goals`` without touching blocked cells:
        along a shortest path (of the steps that bring it nearer, the one the
        hole reaches soonest), else by a search over (tile, hole)."""
        if self.where[tile] in goals:
            return
        dist = self._distances(goals)
        while self.where[tile] not in goals:
            here = self.where[tile]
            best = None
            for nxt in self.neighbours[here]:
                if dist.get(nxt, -1) == dist.get(here, -2) - 1:
                    path = self._path(self.where[0], {nxt}, avoid=here)
                    if path is not None and (best is None or len(path) < len(best)):
                        best = path
            if best is None:
                self._search_tile(tile, goals)
                return
            for cell in best:
                self._step(cell)
            self._step(here)

    def _distances(self, goals) -> dict[int, int]:
        """Steps from each free cell to the nearest of ``goals``."""
        dist = {g: 0 for g in goals}
        queue = deque(goals)
        while queue:
            cell = queue.popleft()
            for nxt in self.neighbours[cell]:
                if nxt not in dist and not self.blocked[nxt]:
                    dist[nxt] = dist[cell] + 1
                    queue.append(nxt)
        return dist

    def _search_tile(self, tile: int, goals) -> None:
        """Breadth-first search over (tile cell, hole cell) for a way to bring
        ``tile`` into ``goals``: for the narrow spots where walking the hole
        round the tile is not enough."""
        blocked, neighbours = self.blocked, self.neighbours
        start = (self.where[tile], self.where[0])
        came = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            t, h = state
            if t in goals:
                break
            for nxt in neighbours[h]:
                if blocked[nxt]:
                    continue
                new = (h, nxt) if nxt == t else (t, nxt)
                if new not in came:
                    came[new] = state
                    queue.append(new)
        else:  # pragma: no cover - the unsolved rectangle is at least 2 x 3: always a way
            raise AssertionError(f"no way to bring tile {tile} into place")
        holes = []
        while came[state] is not None:
            holes.append(state[1])
            state = came[state]
        for cell in reversed(holes):
            self._step(cell)

    def _window_search(self, window: list[int], targets: dict[int, int]) -> None:
        """Breadth-first search inside ``window`` (the hole and the tiles of
        ``targets`` in it) until each tile of ``targets`` is on its cell; the
        other tiles in the window may end anywhere in it."""
        inside = set(window)
        tracked = list(targets)
        start = (self.where[0],) + tuple(self.where[t] for t in tracked)
        goal = tuple(targets[t] for t in tracked)
        came = {start: None}
        queue = deque([start])
        found = None
        while queue:
            state = queue.popleft()
            if state[1:] == goal:
                found = state
                break
            h = state[0]
            for nxt in self.neighbours[h]:
                if nxt not in inside:
                    continue
                new = (nxt,) + tuple(h if p == nxt else p for p in state[1:])
                if new not in came:
                    came[new] = state
                    queue.append(new)
        if found is None:  # pragma: no cover - parity was checked; the window always allows it
            raise AssertionError("the last tiles cannot be placed")
        holes = []
        state = found
        while came[state] is not None:
            holes.append(state[0])
            state = came[state]
        for cell in reversed(holes):
            self._step(cell)

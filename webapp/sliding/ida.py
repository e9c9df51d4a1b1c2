"""Iterative-deepening A* (Korf 1985) over sliding-tile positions.

Depth-first searches with a growing bound on ``f = g + h`` (moves made plus
the heuristic's lower bound on the moves left): the first bound is
``h(start)``, each next one the smallest ``f`` that passed the last. At each
node the tiles next to the hole are tried in the MOVE ORDER (the tile above
the hole, left, right, below), never the tile that just moved (that would
undo the move). With an admissible heuristic the first solution found is a
shortest one, and the first shortest in move order, so every engine and
every admissible heuristic with the same order returns the same moves.

Nodes are counted as the C engine counts them: every position the search
visits, each iteration afresh, the start included (one per call of the
depth-first step, also when its ``f`` passes the bound). The node limit is
exact, as there: before a node is counted, the search stops if ``max_nodes``
were counted already (a solution found at the last allowed node counts), and
the bound then is that of the iteration under way.

>>> from webapp.sliding.heuristic import ManhattanLC
>>> r = search(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6), ManhattanLC(3, 3))
>>> r.status, r.moves, r.bound
('solved', [4, 8, 7, 4, 5, 2, 3, 6], 8)
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from . import position
from .position import movable_cells

__all__ = ["Result", "search", "CHECK_EVERY", "native_search"]

#: The search looks at the clock and progress this often (as the C engine).
CHECK_EVERY = 1024
#: Progress reports at most this often (seconds).
REPORT_EVERY = 0.05


@dataclass
class Result:
    """``status``: ``solved``, ``limit-nodes`` or ``limit-seconds``. ``bound``:
    the bound of the last iteration (when stopped, every solution is at
    least this long)."""

    status: str
    moves: list[int] = field(default_factory=list)
    nodes: int = 0
    bound: int = 0


class _Stop(Exception):
    def __init__(self, why: str):
        self.why = why


def search(width: int, height: int, tiles, heuristic, *, max_nodes: int = 0,
           max_seconds: float = 0.0, progress=None, start_bound: int | None = None) -> Result:
    """IDA* from ``tiles`` (solvable) with ``heuristic`` (an object with
    ``start(board) -> h`` and ``moved(tile, from, to) -> h``). ``max_nodes``
    and ``max_seconds`` (0: none) stop it; ``progress(nodes, bound, "search")``
    is called at most every 50 ms, and an exception it raises ends the search.
    ``start_bound`` resumes at a bound already proven (at least ``h(start)``)."""
    if len(tiles) != width * height:
        raise ValueError(f"a {width} x {height} board holds {width * height} tiles, not {len(tiles)}")
    if not position.solvable(width, tiles):  # IDA* would deepen for ever (the model's parity)
        raise ValueError("the position cannot reach the goal (permutation parity)")
    n = width * height
    board = list(tiles)
    goal = list(range(1, n)) + [0]
    nbrs = [list(movable_cells(width, height, c)) for c in range(n)]
    h0 = heuristic.start(board)
    moved = heuristic.moved
    began = time.perf_counter()
    deadline = began + max_seconds if max_seconds else None
    nodes = 0
    check_at = min(CHECK_EVERY, max_nodes) if max_nodes else CHECK_EVERY
    last_report = began
    path: list[int] = []
    bound = h0 if start_bound is None else max(h0, start_bound)
    nxt = 0

    def check() -> None:
        nonlocal check_at, last_report
        if max_nodes and nodes >= max_nodes:
            raise _Stop("limit-nodes")
        check_at = nodes + CHECK_EVERY
        if max_nodes and check_at > max_nodes:
            check_at = max_nodes
        now = time.perf_counter()
        if deadline is not None and now >= deadline:
            raise _Stop("limit-seconds")
        if progress is not None and now - last_report >= REPORT_EVERY:
            last_report = now
            progress(nodes, bound, "search")

    def dfs(hole: int, g: int, h: int, last: int) -> bool:
        nonlocal nodes, nxt
        if nodes == check_at:
            check()
        nodes += 1
        f = g + h
        if f > bound:
            if f < nxt:
                nxt = f
            return False
        if h == 0 and board == goal:
            return True
        g += 1
        for cell in nbrs[hole]:
            t = board[cell]
            if t == last:
                continue
            board[hole] = t
            board[cell] = 0
            path.append(t)
            if dfs(cell, g, moved(t, cell, hole), t):
                return True
            path.pop()
            board[cell] = t  # the board first: the heuristic recounts from it
            board[hole] = 0
            moved(t, hole, cell)
        return False

    limit = sys.getrecursionlimit()
    try:
        while True:
            nxt = 1 << 30
            sys.setrecursionlimit(max(limit, bound + 200))
            if dfs(board.index(0), 0, h0, -1):
                return Result("solved", path, nodes, bound)
            bound = nxt
    except _Stop as stop:
        return Result(stop.why, [], nodes, bound)
    finally:
        sys.setrecursionlimit(limit)


def native_search(native, width: int, height: int, tiles, pset=None, *, max_nodes: int = 0,
                  max_seconds: float = 0.0, progress=None, start_bound: int = 0) -> Result:
    """The same search by the C engine (``pset``: a PatternSet, or None for
    Manhattan + linear conflicts)."""
    pdbs = [] if pset is None else list(zip(pset.patterns, pset.tables))
    mirror = bool(pset is not None and pset.mirror)

    def report(*args):
        if progress is not None:
            progress(args[0], args[1] if len(args) > 1 else 0, "search")

    status, moves, nodes, bound = native.ida(width, height, bytes(tiles), pdbs, mirror,
                                             int(max_nodes or 0), float(max_seconds or 0.0),
                                             report, int(start_bound or 0))
    return Result(status, list(moves), nodes, bound)

"""Iterative-deepening A* (Korf 1985) over sliding-tile positions.

The tiles next to the hole are tried in the MOVE ORDER, never the tile
that just moved, so with an admissible heuristic the first solution found
is the first shortest in move order: every engine and every admissible
heuristic returns the same moves.

Nodes are counted as the C engine counts them: every position visited,
each iteration afresh, the start included, also when its ``f`` passes the
bound. The node limit is exact, as there: before a node is counted, the
search stops if ``max_nodes`` were counted already.

For the anytime search (:mod:`webapp.sliding.anytime`): ``weight`` w > 1
makes it weighted IDA* (``f = g + w h`` in whole 1/1024ths, as the C
engine computes it), whose first solution is at most w times the shortest;
``max_length`` cuts off every node whose ``g + h`` reaches it, and a
search with no node left ends ``exhausted``: none shorter exists.

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
from .heuristic import ManhattanLC
from .pdbheuristic import PatternHeuristic
from .position import movable_cells

__all__ = ["Result", "search", "CHECK_EVERY", "run", "guide", "SCALE", "weight_units"]

#: The search looks at the clock and progress this often (as the C engine).
CHECK_EVERY = 1024
#: Progress reports at most this often (seconds).
REPORT_EVERY = 0.05
#: f is counted in 1/SCALE moves (as the C engine does), so weights compare exactly.
SCALE = 1024
#: A weighted search's bound rises by at least this (4 moves) an iteration, or
#: it would search its tree again for each of f's many close values; a
#: solution is then at most w times the shortest plus 4.
WEIGHTED_STEP = 4 * SCALE
#: The C engine's longest path (its MAX_DEPTH).
MAX_DEPTH = 2000
_INFINITE = 1 << 30


def weight_units(weight: float) -> int:
    """The weight of h in 1/SCALE units, rounded as the C engine rounds it.

    >>> weight_units(1.0), weight_units(1.2)
    (1024, 1229)
    """
    if not 1.0 <= weight <= 16.0:
        raise ValueError(f"weight must be 1 to 16, not {weight!r}")
    return int(weight * SCALE + 0.5)


@dataclass
class Result:
    """``status``: ``solved``, ``limit-nodes``, ``limit-seconds`` or
    ``exhausted``. ``bound``: the length when solved; when stopped, the
    last iteration's bound (every solution is at least this long)."""

    status: str
    moves: list[int] = field(default_factory=list)
    nodes: int = 0
    bound: int = 0


class _Stop(Exception):
    def __init__(self, why: str):
        self.why = why


def search(width: int, height: int, tiles, heuristic, *, max_nodes: int = 0,
           max_seconds: float = 0.0, progress=None, start_bound: int | None = None,
           weight: float = 1.0, max_length: int = 0) -> Result:
    """IDA* from ``tiles`` (solvable) with ``heuristic`` (``start(board) -> h``
    and ``moved(tile, from, to) -> h``). ``max_nodes`` and ``max_seconds``
    (0: none) stop it; ``progress`` is called at most every 50 ms.
    ``start_bound`` resumes at a bound already proven."""
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
    wk = weight_units(weight)
    if max_length < 0:
        raise ValueError(f"max_length must be 0 or more, not {max_length}")
    bound = max(wk * h0, SCALE * (start_bound or 0))  # on f, in 1/SCALE moves
    proven = bound  # w x every solution's length is at least this
    nxt = 0

    def bound_moves() -> int:
        return -(-proven // wk)

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
            progress(nodes, bound_moves(), "search")

    def dfs(hole: int, g: int, h: int, last: int) -> bool:
        nonlocal nodes, nxt
        if nodes == check_at:
            check()
        nodes += 1
        if max_length and g + h >= max_length:
            return False
        f = SCALE * g + wk * h
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
            nxt = _INFINITE
            sys.setrecursionlimit(max(limit, bound // SCALE + 200))  # g <= bound / SCALE
            if dfs(board.index(0), 0, h0, -1):
                return Result("solved", path, nodes, len(path))
            if nxt == _INFINITE:  # every node cut off by max_length
                return Result("exhausted", [], nodes, max_length)
            if -(-nxt // wk) > MAX_DEPTH:  # as the C engine: the path's room
                raise _Stop("limit-nodes")
            proven = nxt
            # weighted f takes many close values: rise by WEIGHTED_STEP at least
            bound = max(nxt, bound + WEIGHTED_STEP) if wk > SCALE else nxt
    except _Stop as stop:
        return Result(stop.why, [], nodes, bound_moves())
    finally:
        sys.setrecursionlimit(limit)


def guide(width: int, height: int, pset=None):
    """The Python search's heuristic: the databases' bound (``pset``: a
    PatternSet), else Manhattan distance with linear conflicts."""
    return PatternHeuristic(pset) if pset is not None else ManhattanLC(width, height)


def run(native, width: int, height: int, tiles, pset=None, *, max_nodes: int = 0,
        max_seconds: float = 0.0, progress=None, start_bound: int = 0,
        weight: float = 1.0, max_length: int = 0) -> Result:
    """The search by the C engine (``native``), or by :func:`search` when it
    is None, guided by :func:`guide`: the same moves, nodes and bounds."""
    limits = dict(max_nodes=max_nodes, max_seconds=max_seconds, progress=progress,
                  start_bound=start_bound, weight=weight, max_length=max_length)
    if native is None:
        return search(width, height, tiles, guide(width, height, pset), **limits)
    pdbs = [] if pset is None else list(zip(pset.patterns, pset.tables))

    def report(*args):
        if progress is not None:
            progress(args[0], args[1] if len(args) > 1 else 0, "search")

    status, moves, nodes, bound = native.ida(width, height, bytes(tiles), pdbs,
                                             bool(pset is not None and pset.mirror),
                                             int(max_nodes or 0), float(max_seconds or 0.0),
                                             report, int(start_bound or 0), float(weight),
                                             int(max_length or 0))
    return Result(status, list(moves), nodes, bound)

"""The solver to use: the fast layer-at-a-time search where it applies, the
reference search otherwise. Both give the same answers."""

from __future__ import annotations

from .board import Board
from .search import Answer, Goal, solve

try:  # numpy is a dependency, but the reference needs nothing
    from .fastsearch import fast_solve
except ImportError:  # pragma: no cover
    fast_solve = None

#: Searches up to this many states go to the reference solver.
SMALL_SEARCH = 300


def solve_best(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
               max_seconds: float | None = None, max_bytes: int | None = None,
               orientation: int = 0, progress=None) -> Answer:
    """Solve with the fastest engine available, within the given limits.

    A tiny search is quicker one state at a time (numpy costs a fraction of
    a millisecond per layer), so the reference gets the first few hundred
    states; both count states the same way, so the answer does not change.
    """
    if fast_solve is not None and (max_states is None or max_states > SMALL_SEARCH):
        first = solve(board, goal, max_states=SMALL_SEARCH, max_seconds=max_seconds,
                      orientation=orientation)
        if first.status != "limit" or first.limit != "states":
            return first
    if fast_solve is not None:
        return fast_solve(board, goal, max_states=max_states, max_seconds=max_seconds,
                          max_bytes=max_bytes, orientation=orientation, progress=progress)
    return solve(board, goal, max_states=max_states, max_seconds=max_seconds,
                 max_bytes=max_bytes, orientation=orientation, progress=progress)

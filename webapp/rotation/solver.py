"""The solver to use: the fast layer-at-a-time search where it applies, the
reference search otherwise. Both give the same answers."""

from __future__ import annotations

from .board import Board
from .search import Answer, Goal, solve

try:  # numpy is a dependency, but the reference needs nothing
    from .fastsearch import fast_solve
except ImportError:  # pragma: no cover
    fast_solve = None


def solve_best(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
               max_seconds: float | None = None, max_bytes: int | None = None,
               orientation: int = 0, progress=None) -> Answer:
    """Solve with the fastest engine available, within the given limits."""
    if fast_solve is not None:
        return fast_solve(board, goal, max_states=max_states, max_seconds=max_seconds,
                          max_bytes=max_bytes, orientation=orientation, progress=progress)
    return solve(board, goal, max_states=max_states, max_seconds=max_seconds,
                 max_bytes=max_bytes, orientation=orientation, progress=progress)

"""The solver to use: the C search when it is built, else the fast
layer-at-a-time numpy search, else the reference. All give the same answers;
the answer's ``engine`` says which one computed it."""

from __future__ import annotations

from . import native
from .board import Board
from .search import Answer, Goal, solve

try:  # numpy is a dependency, but the reference needs nothing
    from .fastsearch import fast_solve
except ImportError:  # pragma: no cover
    fast_solve = None

#: Searches up to this many states go to the reference solver (numpy engine).
SMALL_SEARCH = 300
#: The engine names a caller may ask for.
ENGINES = ("auto", "c", "numpy", "reference")


class EngineError(ValueError):
    """An unknown engine, or one that is not available here."""


def pick_engine(engine: str = "auto") -> str:
    """The engine ``engine`` stands for: ``auto`` is the fastest one built.

    >>> pick_engine("reference")
    'reference'
    >>> pick_engine("auto") in ("c", "numpy", "reference")
    True
    """
    if engine not in ENGINES:
        raise EngineError(f"unknown engine {engine!r}: use {', '.join(ENGINES)}")
    if engine == "auto":
        if native.MODULE is not None:
            return "c"
        return "numpy" if fast_solve is not None else "reference"
    if engine == "c" and native.MODULE is None:
        raise EngineError("the C engine (webapp._rotation) is not built: "
                          "reinstall with a C compiler, or use engine numpy")
    if engine == "numpy" and fast_solve is None:
        raise EngineError("the numpy engine needs numpy")
    return engine


def solve_best(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
               max_seconds: float | None = None, max_bytes: int | None = None,
               orientation: int = 0, progress=None, engine: str = "auto") -> Answer:
    """Solve with the fastest engine available (or ``engine``), within the limits.

    With numpy, a tiny search is quicker one state at a time (numpy costs a
    fraction of a millisecond per layer), so the reference gets the first few
    hundred states; all count states the same way, so the answer does not change.
    """
    engine = pick_engine(engine)
    limits = dict(max_states=max_states, max_seconds=max_seconds, max_bytes=max_bytes,
                  orientation=orientation, progress=progress)
    if engine == "c":
        answer = native.native_solve(board, goal, **limits)
    elif engine == "reference":
        answer = solve(board, goal, **limits)
    else:
        answer = None
        if max_states is None or max_states > SMALL_SEARCH:
            first = solve(board, goal, max_states=SMALL_SEARCH, max_seconds=max_seconds,
                          orientation=orientation)
            if first.status != "limit" or first.limit != "states":
                answer, engine = first, "reference"
        if answer is None:
            answer = fast_solve(board, goal, **limits)
    answer.engine = engine
    return answer

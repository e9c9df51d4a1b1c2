"""The solver to use: the C search when it is built, else the fast
layer-at-a-time numpy search, else the reference. All give the same answers;
the answer's ``engine`` says which one computed it.

Importing numpy takes longer than a small solve (0.1 to 0.2 s), so this
module imports it only when the numpy engine is the one that runs: with the
C engine built, a solve never loads it.

>>> from webapp.rotation.physics import EXAMPLE
>>> from webapp.rotation.board import Board
>>> solve_best(Board.from_text(EXAMPLE), engine="reference").engine
'reference'
"""

from __future__ import annotations

from . import native
from .board import Board
from .search import Answer, Goal, solve

#: Searches up to this many states go to the reference solver (numpy engine).
SMALL_SEARCH = 300
#: The engine names a caller may ask for.
ENGINES = ("auto", "c", "numpy", "reference")

_numpy_solve = None  # fastsearch.fast_solve once imported, False when numpy is missing


class EngineError(ValueError):
    """An unknown engine, or one that is not available here."""


def has_numpy() -> bool:
    """Could the numpy engine run here? Asks the import system without
    importing numpy (which is what costs)."""
    if _numpy_solve is not None:
        return _numpy_solve is not False
    import importlib.util  # here: only a solve without the C engine asks

    try:
        return importlib.util.find_spec("numpy") is not None
    except (ImportError, ValueError):  # pragma: no cover - a broken installation
        return False


def numpy_solve():
    """:func:`webapp.rotation.fastsearch.fast_solve`, imported on first use;
    None without numpy."""
    global _numpy_solve
    if _numpy_solve is None:
        try:
            from .fastsearch import fast_solve
        except ImportError:  # pragma: no cover - numpy is a dependency
            fast_solve = False
        _numpy_solve = fast_solve
    return _numpy_solve or None


def pick_engine(engine: str = "auto") -> str:
    """The engine ``engine`` stands for: ``auto`` is the fastest one built.

    >>> pick_engine("reference")
    'reference'
    >>> pick_engine("auto") in ("c", "numpy", "reference")
    True
    >>> pick_engine("fortran")
    Traceback (most recent call last):
    ...
    webapp.rotation.solver.EngineError: unknown engine 'fortran': use auto, c, numpy, reference
    """
    if engine not in ENGINES:
        raise EngineError(f"unknown engine {engine!r}: use {', '.join(ENGINES)}")
    if engine == "auto":
        if native.available():
            return "c"
        return "numpy" if has_numpy() else "reference"
    if engine == "c" and not native.available():
        raise EngineError("the C engine (webapp._rotation) is not built: "
                          "reinstall with a C compiler, or use engine numpy")
    if engine == "numpy" and not has_numpy():
        raise EngineError("the numpy engine needs numpy: install it, or use engine reference")
    return engine


def solve_best(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
               max_seconds: float | None = None, max_bytes: int | None = None,
               orientation: int = 0, progress=None, engine: str = "auto",
               threads: int = 1) -> Answer:
    """Solve with the fastest engine available (or ``engine``), within the limits.

    When ``auto`` picks numpy (no C engine), a tiny search is quicker one
    state at a time (numpy costs a fraction of a millisecond per layer, and
    importing it much more), so the reference gets the first few hundred
    states and the answer says ``reference`` when they were enough; all
    count states the same way, so the answer does not change. An engine
    asked for by name is the one that runs. ``threads`` goes to the C
    engine (the others run on one thread).
    """
    asked, engine = engine, pick_engine(engine)
    limits = dict(max_states=max_states, max_seconds=max_seconds, max_bytes=max_bytes,
                  orientation=orientation, progress=progress)
    if engine == "c":
        answer = native.native_solve(board, goal, threads=threads, **limits)
    elif engine == "reference":
        answer = solve(board, goal, **limits)
    else:
        answer = None
        if asked == "auto" and (max_states is None or max_states > SMALL_SEARCH):
            first = solve(board, goal, max_states=SMALL_SEARCH, max_seconds=max_seconds,
                          orientation=orientation)
            if first.status != "limit" or first.limit != "states":
                answer, engine = first, "reference"
        if answer is None:
            fast = numpy_solve()
            if fast is None:  # pragma: no cover - find_spec saw numpy, yet it does not import
                raise EngineError("the numpy engine needs numpy: install it, or use engine reference")
            answer = fast(board, goal, **limits)
    answer.engine = engine
    return answer

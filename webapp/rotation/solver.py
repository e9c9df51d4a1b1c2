"""The solver to use: the C search when it is built, else the reference.
Both give the same answers to the last field; the answer's ``engine`` says
which one computed it.

>>> from webapp.rotation.physics import EXAMPLE
>>> from webapp.rotation.board import Board
>>> solve_best(Board.from_text(EXAMPLE), engine="reference").engine
'reference'
"""

from __future__ import annotations

from . import native
from .board import Board
from .search import Answer, Goal, solve

#: The engine names a caller may ask for.
ENGINES = ("auto", "c", "reference")


class EngineError(ValueError):
    """An unknown engine, or one that is not available here."""


def pick_engine(engine: str = "auto") -> str:
    """The engine ``engine`` stands for: ``auto`` is the C one when it is built.

    >>> pick_engine("reference")
    'reference'
    >>> pick_engine("auto") in ("c", "reference")
    True
    >>> pick_engine("numpy")
    Traceback (most recent call last):
    ...
    webapp.rotation.solver.EngineError: unknown engine 'numpy': use auto, c, reference
    """
    if engine not in ENGINES:
        raise EngineError(f"unknown engine {engine!r}: use {', '.join(ENGINES)}")
    if engine == "auto":
        return "c" if native.available() else "reference"
    if engine == "c" and not native.available():
        raise EngineError("the C engine (webapp._rotation) is not built: "
                          "reinstall with a C compiler, or use engine reference")
    return engine


def solve_best(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
               max_seconds: float | None = None, max_bytes: int | None = None,
               orientation: int = 0, progress=None, engine: str = "auto",
               threads: int = 1) -> Answer:
    """Solve with the C engine when it is built (or with ``engine``), within
    the limits; ``threads`` is the C engine's only."""
    engine = pick_engine(engine)
    limits = dict(max_states=max_states, max_seconds=max_seconds, max_bytes=max_bytes,
                  orientation=orientation, progress=progress)
    if engine == "c":
        answer = native.native_solve(board, goal, threads=threads, **limits)
    else:
        answer = solve(board, goal, **limits)
    answer.engine = engine
    return answer

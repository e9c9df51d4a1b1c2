"""The rotation search in C (``webapp._rotation``, from ``csrc/rotation.c``);
:data:`MODULE` is None when it was not built. It walks the states in the
reference's order, so its answers are the reference's to the last field.

>>> from webapp.rotation.board import Board
>>> from webapp.rotation.physics import EXAMPLE
>>> MODULE is None or native_solve(Board.from_text(EXAMPLE)).moves == "LL"
True
"""

from __future__ import annotations

from .board import Board
from .search import Answer, Goal, memory_bound, opening

try:  # optional: a failed compile leaves the reference
    from webapp import _rotation as MODULE
except ImportError:  # pragma: no cover - depends on the build
    MODULE = None

__all__ = ["MODULE", "available", "native_solve"]

_CODES = {0: ("solved", None), 1: ("unsolvable", None), 2: ("limit", "states"), 3: ("limit", "time")}


def available() -> bool:
    """Is the C search built and importable?"""
    return MODULE is not None


def native_solve(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
                 max_seconds: float | None = None, max_bytes: int | None = None,
                 orientation: int = 0, progress=None, threads: int = 1,
                 _shortcut: bool = True, _chunk: int | None = None) -> Answer:
    """:func:`webapp.rotation.search.solve`, run by the C extension.

    ``max_bytes`` bounds the bytes the visited states hold (``MODULE.layout``
    says how many a state takes). ``threads`` > 1 computes the successors of
    each large layer in that many threads; one thread still inserts them in
    order, so the answer is the same. ``_chunk`` (states a thread takes at a
    time) lets the tests share the layers of small boards.

    >>> from webapp.rotation.physics import EXAMPLE
    >>> native_solve(Board.from_text(EXAMPLE), threads=0)
    Traceback (most recent call last):
    ...
    ValueError: threads must be a whole number >= 1, not 0
    """
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a whole number >= 1, not {threads!r}")
    if MODULE is None:
        raise RuntimeError("the C rotation search (webapp._rotation) is not built")
    decided, goal, frame, settled, answer, _ = opening(board, goal, orientation, max_states,
                                                       _shortcut)
    if decided is not None:
        return decided
    walls, lengths = frame.walls, bytes(frame.lengths)
    vertical = bytes(1 if v else 0 for v in frame.vertical)
    per_state = 1 if max_bytes is None else \
        MODULE.layout(frame.width, frame.height, walls, lengths, vertical)[1]
    max_states, state_limit = memory_bound(max_states, max_bytes, per_state)
    kind = {"any": 0, "stick": 1, "all": 2}[goal.kind]
    target = frame.symbols.index(goal.symbol) if goal.kind == "stick" else -1
    code, moves, states, depth = MODULE.search(
        frame.width, frame.height, walls, lengths, vertical, settled, orientation, kind, target,
        max_states or 0, -1.0 if max_seconds is None else float(max_seconds), progress, threads,
        *([] if _chunk is None else [_chunk]))
    status, limit = _CODES[code]
    if limit == "states":
        limit = state_limit
    return answer(status, moves, states=states, depth=depth, limit=limit)

"""Breadth-first search for a shortest sequence of turns: the reference
solver, one state at a time, plain Python, written to be obviously right.

>>> from webapp.rotation.board import Board
>>> answer = solve(Board.from_text(EXAMPLE))
>>> answer.summary()
'2 moves: L L'
>>> unsolvable = "5\\n#####\\n#0  #\\n#0  #\\n#   #\\n## ##\\n"
>>> solve(Board.from_text(unsolvable)).summary()
'unsolvable: all 8 reachable positions tried'
>>> closed = "5\\n#####\\n#0  #\\n#0  #\\n#   #\\n#####\\n"
>>> solve(Board.from_text(closed)).summary()
'unsolvable: no gap in the frame, so no stick can ever fall out'

The values show as expressions that make them again:

>>> from webapp.rotation import Goal, Position, Step
>>> answer = solve(Board.from_text(EXAMPLE), "stick:1")
>>> eval(repr(answer)) == answer, repr(answer.goal), repr(answer.start.position)[:30]
(True, "Goal(kind='stick', symbol='1')", 'Position(board=Board.from_text')
"""

from __future__ import annotations

from ..errors import FieldError, Misfit, Message

import time
from dataclasses import dataclass, field

from .board import Board
from .physics import EXAMPLE, RELEASED, TURNS, Frame, Position, Step

__all__ = ["Goal", "GoalError", "Answer", "solve", "EXAMPLE", "NO_GAP", "NO_STICKS"]

#: How often (in expanded states) the search looks at the clock and reports.
CHECK_EVERY = 1024
#: Bytes one visited state holds in this solver, plus 16 a stick (peaks
#: measured with tracemalloc on the library: 310 to 630 in all).
BYTES_PER_STATE = 300
#: ``Answer.reason`` of the answers given without a search (see :func:`without_search`).
NO_GAP = "no-gap"
NO_STICKS = "no-sticks"


class GoalError(FieldError):
    """A goal that is not ``any``, ``all`` or ``stick:S`` for a stick S of the board."""


class AbsentStick(Misfit, GoalError):
    """A goal ``stick:S`` for a board with no stick S."""


@dataclass(frozen=True)
class Goal:
    """What counts as solved: ``any`` stick out, one chosen ``stick``, or ``all``.

    >>> Goal.parse("stick:a")
    Goal(kind='stick', symbol='a')
    >>> str(Goal.parse("all"))
    'all'
    """

    kind: str = "any"
    symbol: str | None = None

    @classmethod
    def parse(cls, text: str | Goal | None) -> Goal:
        if isinstance(text, Goal):
            return text
        if text is not None and not isinstance(text, str):
            raise GoalError(Message("a goal is a string (any, all or stick:S), not %(text)s", text=repr(text)))
        text = (text or "").strip(" \t\n\r") or "any"  # blank (JSON's blanks), as empty: the default
        if text in ("any", "all"):
            return cls(text)
        if text.startswith("stick:") and len(text) == 7:
            return cls("stick", text[6])
        raise GoalError(Message("unknown goal %(text)s: use any, all or stick:S (S a stick symbol)", text=repr(text)))

    def check(self, board: Board) -> None:
        """Raise :class:`GoalError` if the goal names a stick the board lacks."""
        if self.kind == "stick" and self.symbol not in board.symbols():
            have = ", ".join(board.symbols()) or "none"
            raise AbsentStick(Message("the board has no stick %(symbol)s (its sticks: %(have)s)",
                                      symbol=repr(self.symbol), have=have))

    def __str__(self) -> str:
        return f"stick:{self.symbol}" if self.kind == "stick" else self.kind


@dataclass
class Answer:
    """The outcome of a search.

    ``limit`` says which limit ended it: ``states``, ``time``, ``memory``, or
    ``interrupted`` (Ctrl+C). ``depth`` is the number of moves fully explored;
    ``start`` the settling before the first move. ``reason`` is set for a
    board decided without a search: ``no-gap`` or ``no-sticks``.
    """

    status: str
    goal: Goal
    board: Board
    moves: str = ""
    states: int = 0
    depth: int = 0
    seconds: float = 0.0
    limit: str | None = None
    orientation: int = 0
    start: Step | None = None
    trajectory: list[Step] = field(default_factory=list)
    reason: str | None = None
    #: Which solver computed it ('c', 'reference'), when one says.
    engine: str | None = None

    @property
    def length(self) -> int | None:
        return len(self.moves) if self.status == "solved" else None

    def summary(self) -> str:
        """One line for people: ``2 moves: L L`` and the like."""
        if self.reason == NO_GAP:
            return f"{self.status}: no gap in the frame, so no stick can ever fall out"
        if self.reason == NO_STICKS:
            if self.status == "solved":
                return "0 moves: the board has no sticks, so none is left to release"
            return "unsolvable: the board has no sticks"
        if self.status == "solved":
            n = len(self.moves)
            if n == 0:
                fell = self.start.released if self.start else ()
                if len(fell) == 1:
                    return f"0 moves: stick {fell[0]} falls out as the puzzle settles"
                return f"0 moves: sticks {', '.join(fell)} fall out as the puzzle settles"
            return f"{n} move{'s' if n != 1 else ''}: {' '.join(self.moves)}"
        if self.status == "unsolvable":
            return f"unsolvable: all {self.states:,} reachable positions tried"
        if self.limit == "interrupted":
            return (f"interrupted: no solution within {self.depth} moves "
                    f"after {self.states:,} states")
        what = {"states": "state", "time": "time", "memory": "memory"}.get(self.limit or "", self.limit)
        return (f"{what} limit reached: no solution within {self.depth} moves "
                f"after {self.states:,} states")

    def to_dict(self) -> dict:
        """A JSON-ready description, trajectory included."""
        return {
            "status": self.status,
            "goal": str(self.goal),
            "moves": self.moves,
            "length": self.length,
            "states": self.states,
            "depth": self.depth,
            "seconds": round(self.seconds, 6),
            "limit": self.limit,
            "summary": self.summary(),
            "reason": self.reason,
            "width": self.board.width,
            "height": self.board.height,
            "sticks": [
                {"symbol": s.symbol, "length": s.length, "vertical": s.vertical}
                for s in self.board.sticks
            ],
            "start": self.start.to_dict() if self.start else None,
            "trajectory": [step.to_dict() for step in self.trajectory],
        } | ({"engine": self.engine} if self.engine else {})


def memory_bound(max_states: int | None, max_bytes: int | None, per_state: int):
    """``(max_states, limit)``: the states a search may visit, lowered to
    what ``max_bytes`` holds at ``per_state`` bytes a state, and the limit
    that ends it there (``memory`` when ``max_bytes`` is the lower bound).

    >>> memory_bound(None, 1000, 300), memory_bound(2, 1000, 300), memory_bound(5, None, 300)
    ((3, 'memory'), (2, 'states'), (5, 'states'))
    """
    if max_bytes is not None:
        by_memory = max(1, max_bytes // per_state)
        if max_states is None or by_memory < max_states:
            return by_memory, "memory"
    return max_states, "states"


def without_search(board: Board, goal: Goal, orientation: int, began: float) -> Answer | None:
    """The answer to a board that needs no search, or None.

    With no sticks, goal ``all`` is met as it stands and ``any`` never; a
    frame with no gap holds every stick for ever (docs/rotation.md, "Decided
    cases"). The settled start counts as the one state visited.
    """
    if not board.sticks:
        status, reason = ("solved" if goal.kind == "all" else "unsolvable"), NO_STICKS
    elif not board.gaps():
        status, reason = "unsolvable", NO_GAP
    else:
        return None
    return Answer(status, goal, board, "", states=1, depth=0, orientation=orientation,
                  seconds=time.perf_counter() - began,
                  start=Position(board, orientation).settle(), reason=reason)


def goal_test(frame: Frame, goal: Goal):
    """``reached(positions, released)``: does a settling meet ``goal``?"""
    if goal.kind == "any":
        return lambda positions, released: bool(released)
    if goal.kind == "stick":
        target = frame.symbols.index(goal.symbol)
        return lambda positions, released: target in released
    # every stick out; a stick only leaves by a release, so this is first
    # true at the release of the last one (or at once with no sticks)
    return lambda positions, released: all(p == RELEASED for p in positions)


def opening(board: Board, goal: str | Goal, orientation: int, max_states: int | None,
            shortcut: bool = True):
    """What every engine does before it searches: check the request, answer a
    board that needs no search, settle the start. Returns ``(decided, goal,
    frame, settled, answer, began)``; ``answer(status, moves, **extra)``
    makes an :class:`Answer` timed from this call.
    """
    goal = Goal.parse(goal)
    goal.check(board)
    if orientation not in (0, 1, 2, 3):
        raise ValueError(f"orientation must be 0 to 3, not {orientation!r}")
    if max_states is not None and max_states < 1:
        raise ValueError("max_states must be at least 1")
    began = time.perf_counter()
    if shortcut:
        decided = without_search(board, goal, orientation, began)
        if decided is not None:
            return decided, goal, None, None, None, began
    frame = Frame(board)

    def answer(status: str, moves: str = "", **extra) -> Answer:
        first = Position(board, orientation).settle()
        trajectory = first.position.play(moves) if status == "solved" else []
        return Answer(status, goal, board, moves, orientation=orientation,
                      seconds=time.perf_counter() - began, start=first,
                      trajectory=trajectory, **extra)

    settled, _, released = frame.settle(orientation, frame.positions(board))
    decided = None
    if goal_test(frame, goal)(settled, released):
        decided = answer("solved", states=1, depth=0)
    elif all(p == RELEASED for p in settled):  # nothing left that could fall
        decided = answer("unsolvable", states=1, depth=0)
    return decided, goal, frame, settled, answer, began


def solve(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
          max_seconds: float | None = None, max_bytes: int | None = None,
          orientation: int = 0, progress=None, _shortcut: bool = True) -> Answer:
    """Find a shortest sequence of turns that reaches ``goal``.

    ``max_states``, ``max_seconds`` and ``max_bytes`` (an estimate of the
    memory the visited states hold) end the search with status ``limit``.
    ``orientation``: where gravity points at the start. A board that needs no
    search is answered at once (``_shortcut=False`` searches anyway, for tests).
    """
    decided, goal, frame, settled, opened, began = opening(board, goal, orientation, max_states,
                                                           _shortcut)
    if decided is not None:
        return decided
    # a visited state costs its key tuples, its parent link and a dict slot
    max_states, state_limit = memory_bound(max_states, max_bytes,
                                           BYTES_PER_STATE + 16 * len(board.sticks))
    reached = goal_test(frame, goal)
    start = (orientation, settled)
    parents: dict = {start: None}

    def answer(status: str, moves: str = "", **extra) -> Answer:
        return opened(status, moves, states=len(parents), **extra)

    frontier = [start]
    depth = 0
    expanded = 0
    while frontier:
        layer = []
        for state in frontier:
            expanded += 1
            if expanded % CHECK_EVERY == 0:
                if max_seconds is not None and time.perf_counter() - began > max_seconds:
                    return answer("limit", depth=depth, limit="time")
                if progress:
                    progress(len(parents), depth)
            o, positions = state
            for move, delta in TURNS.items():
                o2 = (o + delta) % 4
                after, _, released = frame.settle(o2, positions)
                if reached(after, released):
                    moves = [move]
                    back = state
                    while parents[back] is not None:
                        back, m = parents[back]
                        moves.append(m)
                    return answer("solved", "".join(reversed(moves)), depth=depth + 1)
                nxt = (o2, after)
                if nxt not in parents:
                    if max_states is not None and len(parents) >= max_states:
                        return answer("limit", depth=depth, limit=state_limit)
                    parents[nxt] = (state, move)
                    layer.append(nxt)
        frontier = layer
        if frontier:
            depth += 1
        if progress:
            progress(len(parents), depth)
    return answer("unsolvable", depth=depth)

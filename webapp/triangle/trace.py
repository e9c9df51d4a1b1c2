"""How the counting search finds its first solution, move by move, for the
page's "Show search" (docs/triangle.md, "Watching the search").

:func:`trace` runs the real search on a :class:`Recorder`, the list of
slots the search writes into, so the search has no hook to pay for when
nobody traces. The search places classes of equal pieces; the recorder
names a piece: the free one of lowest index (moves are undone in reverse
order, so a take-back gives back the piece last taken). Only the first
``cap`` events are kept; the search still runs on to the solution.

>>> from webapp.triangle.puzzle import Puzzle
>>> t = trace(Puzzle(1, ((1, 0, 0), (0, 0, 0), (0, 0, -1), (0, 0, 0))), cap=100)
>>> t.status, t.cut, len(t.events) == t.made, t.takebacks
('solved', False, True, 0)
>>> t.events[0]
{'act': 'place', 'slot': 0, 'piece': 0, 'turn': 1, 'edges': [0, 0, 1]}
>>> [(e["slot"], e["piece"]) for e in t.events]  # slot 2 is the most constrained after slot 0
[(0, 0), (2, 2), (1, 1), (3, 3)]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Message
from .puzzle import Puzzle, TriangleError, turnings
from .search import Budget, Stop, classes, count

__all__ = ["Recorder", "Trace", "trace", "MAX_EVENTS"]

#: The most events a trace keeps.
MAX_EVENTS = 5000


class _Found(Stop):
    """The first solution is found: the trace ends."""


class Recorder(list):
    """The search's slots (its ``board``, see :func:`webapp.triangle.search.count`):
    each write is a placement or a take-back; the first ``cap`` are kept as
    events, and the board full is the solution (the search ends there)."""

    def __init__(self, puzzle: Puzzle, cap: int) -> None:
        super().__init__([None] * len(puzzle.pieces))
        self.pieces = puzzle.pieces
        self.cap = cap
        kinds, _ = classes(puzzle.pieces)
        self.class_of = {t: c for c, kind in enumerate(kinds) for t in turnings(kind)}
        self.filled = 0
        # per class its free pieces, the lowest index last (taken first)
        self.free = [[] for _ in kinds]
        for p in reversed(range(len(puzzle.pieces))):
            self.free[self.class_of[puzzle.pieces[p]]].append(p)
        self.held = [None] * len(puzzle.pieces)  # per slot: (piece, edges)
        self.events = []
        self.made = 0
        self.takebacks = 0
        self.solution = None

    def __setitem__(self, slot: int, triple) -> None:
        if triple is None:
            piece, edges = self.held[slot]
            self.held[slot] = None
            self.free[self.class_of[edges]].append(piece)
            self.filled -= 1
            event = {"act": "take", "slot": slot, "piece": piece}
        else:
            piece = self.free[self.class_of[triple]].pop()
            self.held[slot] = (piece, triple)
            self.filled += 1
            event = {"act": "place", "slot": slot, "piece": piece,
                     "turn": turnings(self.pieces[piece]).index(triple), "edges": list(triple)}
        self.made += 1
        if len(self.events) < self.cap:
            self.events.append(event)
            self.takebacks += triple is None
        super().__setitem__(slot, triple)
        if self.filled == len(self):
            self.solution = list(self.held)
            raise _Found("found")


@dataclass(frozen=True)
class Trace:
    """A traced search: ``status`` 'solved' (``solution`` is the placement the
    events end on, unless ``cut``), 'unsolvable' or 'limit' (``limit`` says
    which); ``events`` the first moves, ``made`` how many there were in all,
    ``takebacks`` among those kept."""

    status: str
    events: list
    made: int
    takebacks: int
    cut: bool
    solution: list | None
    nodes: int
    seconds: float
    limit: str | None = None

    def to_json(self) -> dict:
        return {"events": self.events, "made": self.made, "takebacks": self.takebacks,
                "cut": self.cut, "steps": len(self.events)}


def trace(puzzle: Puzzle, *, cap: int = 1000, max_nodes: int | None = None,
          max_seconds: float | None = None, progress=None) -> Trace:
    """The search's first ``cap`` moves towards its first solution."""
    if not isinstance(puzzle, Puzzle):
        raise TriangleError(Message("trace needs a Puzzle"))
    if isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= MAX_EVENTS:
        raise TriangleError(Message("a trace keeps 1 to %(max_events)s events, not %(cap)s",
                                    max_events=MAX_EVENTS, cap=repr(cap)))
    budget = Budget(max_nodes, max_seconds, progress)
    recorder = Recorder(puzzle, cap)
    tally = count(puzzle, budget, board=recorder)
    if recorder.solution is not None:
        status, limit = "solved", None
    elif tally.complete:
        status, limit = "unsolvable", None
    else:
        status, limit = "limit", tally.stopped
    return Trace(status=status, events=recorder.events, made=recorder.made,
                 takebacks=recorder.takebacks, cut=recorder.made > len(recorder.events),
                 solution=recorder.solution, nodes=budget.nodes, seconds=budget.seconds(),
                 limit=limit)

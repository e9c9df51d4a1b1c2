"""Solve a triangle puzzle: count every placement and every distinct picture,
and list the first solutions in the spec's order.

>>> from webapp.triangle.textformat import parse
>>> a = solve(parse("10\\n9\\n10 4 10\\n8 -7 9\\n-5 10 10\\n10 7 -2\\n5 -2 6\\n3 -4 2\\n"
...                 "-8 10 -6\\n10 10 -9\\n-3 2 10\\n"), first=1)
>>> a.status, a.count, a.distinct, a.complete, a.limit
('solved', 3, 1, True, None)
>>> a.solutions[0][:2]
((0, (10, 10, 4)), (8, (10, -3, 2)))
>>> solve(Puzzle(1, ((1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1)))).status
'unsolvable'

Placements are counted, not kept: 64 equal pieces have 64! placements and
one picture, found at once.

>>> import math
>>> a = solve(Puzzle(0, ((0, 0, 0),) * 64), first=2)
>>> a.count == math.factorial(64), a.distinct, a.count_text[:6]
(True, 1, '126886')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Message
from . import order
from .geometry import turn_placed
from .puzzle import Puzzle, TriangleError
from .search import Budget, Resume, Stop, count

__all__ = ["Answer", "solve", "STORE", "AT_LIMIT"]

#: Listing every placement (``first=None``), the counting search keeps up
#: to this many pictures for the listing.
STORE = 20000
#: Listing every placement, a search stopped by a limit lists this many.
AT_LIMIT = 10


@dataclass(frozen=True)
class Answer:
    """The solver's answer (docs/triangle.md, "Answers").

    ``count``: placements (so far, at a limit); ``distinct``: pictures up to
    turning; ``solutions``: the first placements in spec order, each a (piece,
    edges as placed) pair per slot (at a limit, of the pictures found so far);
    ``limit``: 'max_nodes', 'max_seconds' or 'interrupted', else None (a
    search ended by ``stop_after`` is 'solved' and not complete); ``resume``:
    where a search stopped by a node or time limit goes on.
    """

    status: str
    count: int
    distinct: int
    solutions: list = field(default_factory=list)
    complete: bool = True
    nodes: int = 0
    seconds: float = 0.0
    engine: str = "python"
    limit: str | None = None
    resume: Resume | None = None

    @property
    def count_text(self) -> str:
        """The count in decimal (the browser's numbers end at 2**53)."""
        return str(self.count)

    def to_json(self) -> dict:
        """The answer as JSON data.

        >>> Answer("unsolvable", 0, 0).to_json()["count_text"]
        '0'
        """
        return {
            "status": self.status,
            "count": self.count,
            "count_text": self.count_text,
            "distinct": self.distinct,
            "distinct_text": str(self.distinct),
            "solutions": [[{"piece": p, "edges": list(t)} for p, t in placement]
                          for placement in self.solutions],
            "complete": self.complete,
            "limit": self.limit,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "engine": self.engine,
            # every solution counted: nothing a cut-off search says is final
            "optimal": self.complete and self.limit is None,
        }


def _orbits(n: int, pictures, budget: Budget) -> set:
    """The pictures and their turns (the search kept one of each orbit),
    within ``budget``'s limits."""
    out = set()
    for done, picture in enumerate(pictures):
        if not done % 256:
            budget.check(0)
        once = turn_placed(n, picture)
        out.update((picture, once, turn_placed(n, once)))
    return out


def solve(puzzle: Puzzle, *, engine: str = "auto", first: int | None = 10, max_nodes: int | None = None,
          max_seconds: float | None = None, progress=None, stop_after: int | None = None,
          interruptible: bool = False, resume: Resume | None = None) -> Answer:
    """Count and list the solutions of ``puzzle``.

    ``first``: how many solutions to list in spec order (None: all);
    ``stop_after``: stop once this many distinct pictures are known (2 tells
    whether the solution is unique). ``interruptible``: Ctrl+C ends the solve
    as a limit with the counts so far and nothing listed (listing in order
    needs the search to have ended). ``resume``: go on from an earlier
    answer's ``resume`` (same ``first``), to the answer an uninterrupted solve
    gives. ``engine``: ``auto``, ``c`` or ``python``, the same answers either
    way. A limit stops the listing too: what is listed then comes from the
    pictures the search kept, at no cost.
    """
    if not isinstance(puzzle, Puzzle):
        raise TriangleError(Message("solve needs a Puzzle"))
    if first is not None and (isinstance(first, bool) or not isinstance(first, int) or first < 0):
        raise TriangleError(Message("first must be a non-negative integer or None, not %(first)s", first=repr(first)))
    if stop_after is not None and (not isinstance(stop_after, int) or stop_after < 1):
        raise TriangleError(Message("stop_after must be a positive integer, not %(stop_after)s",
                                    stop_after=repr(stop_after)))
    budget = Budget(max_nodes, max_seconds, progress)
    keep = AT_LIMIT if first is None else first
    tally = count(puzzle, budget, store=STORE if first is None else 0, best=keep,
                  stop_after=stop_after, interruptible=interruptible, resume=resume, engine=engine)
    limit = tally.stopped if tally.stopped in ("max_nodes", "max_seconds", "interrupted") else None
    solutions = []
    found = [picture for _, picture in tally.best]
    if keep and tally.pictures and limit != "interrupted":
        try:
            if first is not None or not tally.complete:
                # a few pictures, each leading to the next placement: quick
                order.from_pictures(puzzle, found, keep, solutions)
            elif tally.overflow:
                order.by_search(puzzle, first, solutions, budget, prune=True)
            else:
                order.from_pictures(puzzle, _orbits(puzzle.n, tally.store, budget), None, solutions,
                                    budget)
        except Stop as stop:
            limit = limit or stop.reason
        except KeyboardInterrupt:
            if not interruptible:
                raise
            limit = "interrupted"
    if limit is not None:
        status = "limit"
    else:
        status = "solved" if tally.pictures else "unsolvable"
    later = None
    if tally.path is not None and limit in ("max_nodes", "max_seconds") and first is not None:
        later = Resume(tally.path, tally.unique_top, tally.tied_two, tally.tied_three, tally.fixed,
                       tuple(found),
                       budget.nodes + (resume.nodes if resume else 0))
    return Answer(status=status, count=tally.placements, distinct=tally.distinct,
                  solutions=solutions, complete=tally.complete,
                  nodes=budget.nodes + (resume.nodes if resume else 0),
                  seconds=budget.seconds(), limit=limit, resume=later, engine=tally.engine)

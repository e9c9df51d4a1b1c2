"""Solve a sliding-tile position: shortest where it says so, labelled where
not. The methods, in the order they are tried (docs/sliding.md, "Answers"):

1. *parity*: an unsolvable position is answered at once (nodes 0).
2. *table*: the exact distance table (up to 10 cells), or the 12-cell
   boards' tables when they are in the cache (never built here).
3. *pdb* (10 to 16 cells): IDA* with the shape's pattern databases.
4. *manhattan*: IDA* with Manhattan distance plus linear conflicts.
5. *construct*: when a limit stops the search, a fast solution with the
   lower bound proven (``optimal`` false); ``status`` is ``limit`` only
   when no solution at all was found.

A board of more than 16 cells given a time limit (and no node limit under
:data:`ANYTIME_NODES`) gets the improving search of
:mod:`webapp.sliding.anytime` instead of 4 and 5; a solve builds the 5 x 5
databases it uses (some 20 s, outside its time limit) when it has
:data:`BUILD_SECONDS` or more, or no limit.

>>> a = solve(3, 3, (3, 7, 8, 5, 4, 6, 2, 0, 1))
>>> a.length, a.optimal, a.method
(27, True, 'table')
>>> a.summary()
'Solved in 27 moves, shortest possible (distance table)'
>>> solve(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0)).summary()
'No solution: the tiles are in an unsolvable order (odd permutation)'
>>> hint(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))["tile"]
8
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from . import anytime, bigtable, book, heuristic, ida, pdb, position, table
from .construct import solve_fast
from .native import engine_name, module

__all__ = ["Answer", "SolverError", "solve", "interrupted", "hint", "check", "SEARCH_BYTES"]

#: Memory a search needs besides its tables (the path, the stacks, Python).
SEARCH_BYTES = 1_000_000
#: A node limit under this keeps a big board's search as it was (plain IDA*,
#: then the fast construction): too few nodes for the improving passes.
ANYTIME_NODES = 1_000_000
#: A solve with less time than this does not build the 5 x 5 databases: it
#: could not make up for the build within its limit.
BUILD_SECONDS = 10.0
#: Sizes of a side.
MIN_SIDE, MAX_SIDE = 2, 8
_LIMIT_WORDS = {"seconds": "the time limit", "nodes": "the node limit",
                "memory": "the memory limit", "interrupted": "Ctrl+C"}


class SolverError(ValueError):
    """A request the solver cannot take: a bad size, tiles that are not a
    permutation of 0..w*h-1, a bad limit."""


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


@dataclass
class Answer:
    """The outcome of :func:`solve`; :meth:`to_dict` is the JSON form."""

    status: str                       # solved | unsolvable | limit
    width: int
    height: int
    moves: list
    optimal: bool = False
    lower_bound: int | None = None    # proven: every solution is at least this long
    nodes: int = 0
    seconds: float = 0.0
    engine: str = "python"
    method: str = "parity"            # parity | table | pdb | book | manhattan | construct
    limit: str | None = None          # seconds | nodes | memory | interrupted: what stopped it
    distances: dict | None = None     # tile -> exact distance after moving it (tables)

    @property
    def length(self) -> int | None:
        return len(self.moves) if self.status == "solved" else None

    def summary(self) -> str:
        """One line for people.

        >>> Answer("solved", 4, 4, [1] * 96, lower_bound=80, method="construct").summary()
        'Solved in 96 moves, not proven shortest: at least 80 needed'
        """
        if self.status == "unsolvable":
            return "No solution: the tiles are in an unsolvable order (odd permutation)"
        if self.status == "limit":
            why = _LIMIT_WORDS.get(self.limit or "", "a limit")
            text = f"No solution found: the search stopped at {why} after {plural(self.nodes, 'node')}"
            if self.lower_bound:
                text += f"; at least {plural(self.lower_bound, 'move')} needed"
            return text
        n = len(self.moves)
        if self.optimal:
            if n == 0:
                return "Already solved: 0 moves"
            if self.method == "table":
                return f"Solved in {plural(n, 'move')}, shortest possible (distance table)"
            if self.method == "book":
                return f"Solved in {plural(n, 'move')}, shortest possible (a solution the library keeps)"
            return f"Solved in {plural(n, 'move')}, shortest possible; {plural(self.nodes, 'node')}"
        return (f"Solved in {plural(n, 'move')}, not proven shortest: "
                f"at least {self.lower_bound or 0} needed")

    def to_dict(self) -> dict:
        out = {
            "kind": "sliding",
            "status": self.status,
            "moves": [int(t) for t in self.moves],
            "length": self.length,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "engine": self.engine,
            "method": self.method,
            "limit": self.limit,
            "width": self.width,
            "height": self.height,
            "summary": self.summary(),
        }
        if self.distances is not None:
            out["distances"] = {int(t): int(d) for t, d in self.distances.items()}
        return out


def check(width: int, height: int, tiles) -> tuple[int, ...]:
    """The tiles as a tuple, after checking the size and the permutation."""
    for side, name in ((width, "width"), (height, "height")):
        if not isinstance(side, int) or not MIN_SIDE <= side <= MAX_SIDE:
            raise SolverError(f"{name} must be {MIN_SIDE} to {MAX_SIDE}, not {side!r}")
    tiles = tuple(int(t) for t in tiles)
    n = width * height
    if len(tiles) != n or sorted(tiles) != list(range(n)):
        raise SolverError(f"a {width} x {height} board holds each of 0 to {n - 1} once")
    return tiles


def _proven(width: int, height: int, tiles, bound: int) -> int:
    """A lower bound from a search's ``bound``: at least the estimate, and
    of the parity every solution has (the hole's distance from its home)."""
    bound = max(bound, heuristic.estimate(width, height, tiles))
    cell = tiles.index(0)
    return bound + ((bound - (height - 1 - cell // width) - (width - 1 - cell % width)) & 1)


def _answerer(width: int, height: int, engine: str, began: float):
    """``answer(status, moves, **fields)``: an Answer of this board and
    engine, its seconds counted from ``began``."""
    name = engine_name(engine)

    def answer(status: str, moves=(), **fields) -> Answer:
        return Answer(status, width, height, list(moves), engine=name,
                      seconds=time.perf_counter() - began, **fields)
    return answer


def _check_limits(max_seconds, max_nodes, max_bytes) -> None:
    if max_seconds is not None and not max_seconds > 0:
        raise SolverError(f"max_seconds must be more than 0, not {max_seconds!r}")
    for value, name in ((max_nodes, "max_nodes"), (max_bytes, "max_bytes")):
        if value is not None and (not isinstance(value, int) or value < 1):
            raise SolverError(f"{name} must be a whole number of at least 1, not {value!r}")


def solve(width: int, height: int, tiles, *, max_seconds: float | None = None,
          max_nodes: int | None = None, max_bytes: int | None = None, progress=None,
          engine: str = "auto", build: bool = True, use_book: bool = True) -> Answer:
    """Solve ``tiles`` (row-major, 0 the hole) on a ``width`` x ``height``
    board.

    A position the library keeps a proven shortest solution for (or one
    met along it, :mod:`.book`) is answered with it, searching nothing;
    ``use_book=False`` searches anyway (the benchmarks time the search).

    ``progress(count, depth, phase)``: ``search`` (nodes, IDA* bound) or
    ``building`` (entries done, percent over all the databases being built),
    at most every ~50 ms; an exception it raises ends the solve.
    ``build=False``: only databases already in the cache, for answers on the
    spot.
    """
    began = time.perf_counter()
    tiles = check(width, height, tiles)
    _check_limits(max_seconds, max_nodes, max_bytes)
    native = module(engine)
    n = width * height
    answer = _answerer(width, height, engine, began)
    if not position.solvable(width, tiles):
        return answer("unsolvable", method="parity")
    if use_book and (kept := book.shortest(tiles, width, height)) is not None:
        return answer("solved", kept, optimal=True, lower_bound=len(kept), method="book")
    if max_bytes is not None and max_bytes < SEARCH_BYTES:
        return answer("limit", method="manhattan", limit="memory",
                      lower_bound=heuristic.estimate(width, height, tiles))
    room = None if max_bytes is None else max_bytes - SEARCH_BYTES

    if table.fits(width, height) and (room is None or table.nbytes(width, height) <= room):
        table.get(width, height, engine)  # built by the engine asked for, if it must be
        moves = table.solve_path(width, height, tiles)
        return answer("solved", moves, optimal=True, lower_bound=len(moves), method="table",
                      distances=table.distances_after(width, height, tiles))
    if bigtable.fits(width, height) and (room is None or bigtable.nbytes(width, height) <= room):
        data = bigtable.get(width, height)  # only when built: a build takes a minute
        if data is not None:
            moves = bigtable.solve_path(width, height, tiles, data)
            return answer("solved", moves, optimal=True, lower_bound=len(moves), method="table",
                          distances=bigtable.distances_after(width, height, tiles, data, len(moves)))

    pset = None
    stopped = None
    clock = began  # the time limit counts from here
    if 10 <= n <= 16:
        deadline = began + max_seconds if max_seconds else None
        default = pdb.partition(width, height)
        # the larger databases when built (never built here: minutes), strongest
        # first, each skipped when too big for max_bytes; else the default
        choices = [(p, False) for p in pdb.built_larger(width, height)] + [(default, build)]
        for patterns, build in choices:
            if room is not None and pdb.memory_needed(width, height, patterns, engine) > room:
                continue  # too big for max_bytes: a weaker bound instead
            try:
                pset = pdb.load(width, height, patterns, engine=engine, progress=progress,
                                deadline=deadline, allow_build=build)
            except pdb.BuildStopped:
                stopped = "seconds"
                break
            if pset is not None:
                break
    if (width, height) == (5, 5) and (room is None or pdb.memory_needed(5, 5) <= room):
        # outside the time limit: built once, it serves every later solve
        may_build = build and (max_seconds is None or max_seconds >= BUILD_SECONDS)
        pset = pdb.load(5, 5, engine=engine, progress=progress, allow_build=may_build)
        if pset is not None and pset.built:
            clock = time.perf_counter()
    method = "pdb" if pset is not None else "manhattan"

    if n > 16 and max_seconds and (max_nodes is None or max_nodes >= ANYTIME_NODES):
        return _improved(width, height, tiles, answer, pset, native, method,
                         max_seconds - (time.perf_counter() - clock), max_nodes, progress)

    remaining = None
    if max_seconds:
        remaining = max_seconds - (time.perf_counter() - clock)
    if remaining is not None and remaining <= 0:
        result = ida.Result("limit-seconds", [], 0, heuristic.estimate(width, height, tiles))
    else:
        result = ida.run(native, width, height, tiles, pset, max_nodes=max_nodes or 0,
                         max_seconds=remaining or 0.0, progress=progress)
    if result.status == "solved":
        return answer("solved", result.moves, optimal=True, lower_bound=len(result.moves),
                      nodes=result.nodes, method=method)

    limit = result.status.removeprefix("limit-")
    if stopped == "seconds":
        limit = "seconds"
    return _stopped(width, height, tiles, answer, result.bound, result.nodes, limit, method)


def _improved(width: int, height: int, tiles, answer, pset, native, method: str, seconds: float,
              max_nodes, progress) -> Answer:
    """A big board's answer by the improving search (:mod:`webapp.sliding.anytime`)."""
    first = _construct(width, height, tiles)
    got = anytime.improve(width, height, tiles, pset=pset, native=native, seconds=max(seconds, 0.0),
                          max_nodes=max_nodes or 0, first=first, progress=progress)
    bound = _proven(width, height, tiles, got.bound)
    if got.moves is None:
        return answer("limit", method=method, limit=got.stopped or "seconds", lower_bound=bound,
                      nodes=got.nodes)
    moves = [int(t) for t in got.moves]
    optimal = got.optimal or len(moves) <= bound
    found = method if first is None or moves != first else "construct"
    return answer("solved", moves, optimal=optimal, lower_bound=len(moves) if optimal else bound,
                  nodes=got.nodes, method=found, limit=None if optimal else (got.stopped or "seconds"))


def _stopped(width: int, height: int, tiles, answer, bound: int, nodes: int, limit: str,
             method: str) -> Answer:
    """The answer of a search that ``limit`` stopped at ``bound`` (proven):
    a fast solution, shortest only if it meets the bound."""
    bound = _proven(width, height, tiles, bound)
    moves = _construct(width, height, tiles)
    if moves is None:
        return answer("limit", method=method, limit=limit, lower_bound=bound, nodes=nodes)
    return answer("solved", moves, optimal=len(moves) <= bound, lower_bound=bound,
                  nodes=nodes, method="construct", limit=limit)


def interrupted(width: int, height: int, tiles, *, bound: int = 0, nodes: int = 0,
                seconds: float = 0.0, engine: str = "auto") -> Answer:
    """The answer after a search was interrupted (Ctrl+C) at ``bound`` (proven):
    as a time limit answers, a fast solution with the proven lower bound,
    ``limit`` ``interrupted``. A KeyboardInterrupt while it is made propagates.

    >>> a = interrupted(4, 4, (0, 1, 2, 3, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12), bound=4)
    >>> a.status, a.limit, a.method, a.length, a.lower_bound   # bound: at least the estimate
    ('solved', 'interrupted', 'construct', 6, 6)
    """
    tiles = check(width, height, tiles)
    answer = _answerer(width, height, engine, time.perf_counter() - seconds)
    if not position.solvable(width, tiles):
        return answer("unsolvable", method="parity")
    method = "pdb" if 10 <= width * height <= 16 else "manhattan"
    return _stopped(width, height, tiles, answer, bound, nodes, "interrupted", method)


def _construct(width: int, height: int, tiles) -> list[int] | None:
    """A fast solution, not shortest (the model's construction), checked
    by replaying it; None when there is none to have."""
    moves = [int(t) for t in solve_fast(width, height, tuple(tiles))]
    try:
        done = position.replay(width, tiles, moves) == position.Position.goal(width, height).tiles
    except position.IllegalMove:
        done = False
    return moves if done else None


def hint(width: int, height: int, tiles, *, max_seconds: float | None = None,
         max_nodes: int | None = None, max_bytes: int | None = None, progress=None,
         engine: str = "auto", build: bool = True) -> dict:
    """The best next tile: ``{"tile", "length", "optimal", "status"}``, plus
    the exact ``distances`` after each possible move on boards with a table.

    >>> hint(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))["distances"]
    {5: 2, 7: 2, 8: 0}
    """
    a = solve(width, height, tiles, max_seconds=max_seconds, max_nodes=max_nodes,
              max_bytes=max_bytes, progress=progress, engine=engine, build=build)
    out = {"kind": "sliding", "status": a.status, "tile": a.moves[0] if a.moves else None,
           "length": a.length, "optimal": a.optimal, "lower_bound": a.lower_bound,
           "engine": a.engine, "method": a.method, "nodes": a.nodes,
           "seconds": round(a.seconds, 6)}
    if a.distances is not None:
        out["distances"] = dict(a.distances)
    if a.status == "unsolvable":
        out["summary"] = a.summary()
    elif a.status == "limit":
        out["summary"] = "No hint: " + a.summary()
    elif not a.moves:
        out["summary"] = "Already solved"
    else:
        left = plural(len(a.moves) - 1, "move")
        how = "then" if a.optimal else "then at most"
        out["summary"] = f"Move tile {a.moves[0]}: {how} {left} to go"
    return out

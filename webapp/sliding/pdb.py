"""Additive disjoint pattern databases for boards of 10 to 16 cells and 5 x 5
(Korf and Felner 2002; docs/sliding.md, "Pattern databases").

A group's database holds, for every placement of its tiles, the fewest
moves of those tiles that bring them home; a move slides one tile, so the
groups' values add up to a lower bound. A placement's index is
:func:`~webapp.sliding.position.rank` of its cells (shared with the C
engine): a group of ``k`` tiles on ``n`` cells has ``n! / (n-k)!``
entries of one byte. Databases are built once (the C engine's
``pdb_build``; else a 0-1 breadth-first search here, small groups only)
and kept in the cache directory under a name with the format version.

>>> partition(4, 4)
((1, 2, 3, 5, 6, 7), (4, 8, 11, 12, 14, 15), (9, 10, 13))
>>> partition(3, 4)
((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11))
>>> entries(16, 6)
5765760
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque

from . import cachedir
from .native import module
from .pdbheuristic import PatternHeuristic, PatternSet, mirror_maps
from .position import movable_cells, rank

__all__ = ["partition", "groups", "has_databases", "FIVE", "built_larger", "LARGE",
           "HUGE", "entries", "memory_needed", "cached", "build", "build_python", "PatternSet",
           "load", "PatternHeuristic", "mirror_maps", "PYTHON_BUILD_LIMIT", "BuildStopped",
           "nbytes", "file_name"]

#: Format version in the file names; changes when the layout does.
VERSION = 1
#: The pure-Python build handles at most this many (placement, hole) states;
#: without the C engine a shape with bigger groups is searched with the
#: Manhattan distance (the same answers).
PYTHON_BUILD_LIMIT = 800_000
_loaded: dict[tuple, bytes] = {}
_lock = threading.Lock()


class BuildStopped(Exception):
    """A build stopped by the deadline given to :func:`load` (nothing stored)."""


#: 5 x 5 in 5-5-5-5-4, compact regions of the goal (26 MB, some 20 s of the C
#: engine to build, once): the two top corners, the left of the lower rows,
#: the right of the middle ones, and the four around the hole's home.
FIVE = ((1, 2, 3, 6, 7), (4, 5, 8, 9, 10), (11, 12, 16, 17, 21), (13, 14, 15, 19, 20),
        (18, 22, 23, 24))


def has_databases(width: int, height: int) -> bool:
    """Does the shape have pattern databases (10 to 16 cells, and 5 x 5)?

    >>> has_databases(4, 4), has_databases(5, 5), has_databases(6, 6), has_databases(3, 3)
    (True, True, False, False)
    """
    return 10 <= width * height <= 16 or (width, height) == (5, 5)


def groups(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The shape's default databases: :data:`FIVE` on 5 x 5, else :func:`partition`."""
    return FIVE if (width, height) == (5, 5) else partition(width, height)


def partition(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The tile groups of the shape's databases: at most 6 tiles each, in
    compact regions of the goal.

    On 4 x 4, 6-6-3 (this one) searches half the nodes of two 3 x 2 blocks
    and the bottom row on Korf's 100 (61.5 million against 130 million).
    Boards with a short side of 2 or 3: the goal cells walked along the long
    side, cut every 6 tiles.

    >>> partition(5, 3)
    ((1, 6, 11, 2, 7, 12), (3, 8, 13, 4, 9, 14), (5, 10))
    >>> partition(2, 8)[-1]
    (13, 14, 15)
    """
    n = width * height
    if not 10 <= n <= 16:
        raise ValueError(f"pattern databases are for 10 to 16 cells, not {width} x {height}")
    if width == height == 4:
        return ((1, 2, 3, 5, 6, 7), (4, 8, 11, 12, 14, 15), (9, 10, 13))
    if width >= height:  # walk the columns, each top to bottom
        order = [r * width + c + 1 for c in range(width) for r in range(height)]
    else:  # walk the rows, each left to right
        order = [r * width + c + 1 for r in range(height) for c in range(width)]
    order = [t for t in order if t != n]  # the hole's goal cell holds no tile
    return tuple(tuple(order[i:i + 6]) for i in range(0, len(order), 6))


#: Bigger databases, used only once built (``benchmarks/sliding.py --large``
#: or :func:`load` with them): 4 x 4 in 7-7-1, 115 MB, about 100 s of one
#: core to build, and some 5 times fewer nodes than 6-6-3 on Korf's 100.
#: The answers do not change (the first shortest solution in move order),
#: only the work.
LARGE = {(4, 4): ((1, 2, 5, 6, 9, 10, 13), (3, 4, 7, 8, 11, 12, 14), (15,))}

#: The strongest, also used only once built (``benchmarks/fifteen80.py --huge``,
#: ``benchmarks/sliding.py --huge``): 4 x 4 in 7-8 (Korf and Felner's split,
#: the two top rows and the rest), 576 MB, long to build (an hour on a busy
#: 2-core machine; some 4 GB at the peak). It pays on the hardest positions:
#: the 80-move ones search 40 to 95 times fewer nodes than with 6-6-3, a
#: few seconds each instead of minutes, and Korf's 100 16 times fewer
#: (benchmarks/README.md). A server whose memory limit for a solve is below its
#: size falls back to a smaller set.
HUGE = {(4, 4): ((1, 2, 3, 4, 5, 6, 7, 8), (9, 10, 11, 12, 13, 14, 15))}


def entries(cells: int, k: int) -> int:
    """Entries of a database of ``k`` tiles on ``cells`` cells."""
    return math.perm(cells, k)


def nbytes(width: int, height: int, patterns=None) -> int:
    """Memory the databases of a partition take (one byte an entry)."""
    n = width * height
    return sum(entries(n, len(p)) for p in (patterns or groups(width, height)))


def memory_needed(width: int, height: int, patterns=None, engine: str = "auto") -> int:
    """Bytes the databases take, plus what building the missing ones takes
    at its peak: the C build keeps a bit per (placement, hole cell) and a
    queue of 4-byte states (about 1.5 a placement); the Python one a dict
    entry of some 150 bytes per state."""
    n = width * height
    patterns = tuple(tuple(p) for p in (patterns or groups(width, height)))
    extra = 0
    for p in patterns:
        if cached(width, height, p):
            continue
        e = entries(n, len(p))
        if module(engine) is not None:
            extra = max(extra, e * (n - len(p)) // 8 + 6 * e)
        elif python_can_build(width, height, p):
            extra = max(extra, 150 * e * n)
    return nbytes(width, height, patterns) + extra


def python_can_build(width: int, height: int, pattern) -> bool:
    """Is the pure-Python build quick enough for this group?"""
    n = width * height
    return entries(n, len(pattern)) * n <= PYTHON_BUILD_LIMIT


def build(width: int, height: int, pattern, engine: str = "auto", progress=None) -> bytes:
    """Compute one database (no cache): C when built, else :func:`build_python`."""
    native = module(engine)
    pattern = tuple(pattern)
    if native is not None:
        def report(*args):  # the C engine reports (entries done, percent)
            if progress is not None:
                progress(args[0], args[1] if len(args) > 1 else 0, "building")
        data = bytes(native.pdb_build(width, height, pattern, report))
    else:
        data = build_python(width, height, pattern, progress)
    if len(data) != entries(width * height, len(pattern)):
        raise ValueError(f"database of {pattern} has {len(data)} bytes, "
                         f"not {entries(width * height, len(pattern))}")
    return data


def file_name(width: int, height: int, pattern) -> str:
    """Cache file of one database: shape, group and format version."""
    return f"sliding-pdb-{width}x{height}-{'.'.join(map(str, pattern))}-v{VERSION}.bin"


def cached(width: int, height: int, pattern) -> bool:
    """Is the database in memory or in a cache file of the right size and
    header? (A truncated or foreign file is not: it would be rebuilt.)"""
    pattern = tuple(pattern)
    return ((width, height, pattern) in _loaded
            or cachedir.looks_whole(file_name(width, height, pattern),
                                    entries(width * height, len(pattern))))


def built_larger(width: int, height: int) -> list[tuple[tuple[int, ...], ...]]:
    """The larger partitions whose databases are all at hand, strongest
    first (:data:`HUGE`, :data:`LARGE`)."""
    out = []
    for sets in (HUGE, LARGE):
        larger = sets.get((width, height))
        if larger and all(cached(width, height, p) for p in larger):
            out.append(larger)
    return out


def load(width: int, height: int, patterns=None, *, engine: str = "auto", progress=None,
         deadline: float | None = None, allow_build: bool = True) -> PatternSet | None:
    """The databases of the shape (default: its :func:`partition`) from
    memory, the cache directory, or built and stored.

    None when one is missing and cannot be built here (``allow_build`` false,
    or a group too big for the Python build). A build that passes
    ``deadline`` (a ``time.perf_counter()`` value) raises BuildStopped.
    """
    patterns = tuple(tuple(p) for p in (patterns or groups(width, height)))
    n = width * height
    native = module(engine)
    found = {}
    for pattern in patterns:
        with _lock:
            data = _loaded.get((width, height, pattern))
            if data is None:
                data = cachedir.load(file_name(width, height, pattern), entries(n, len(pattern)))
        found[pattern] = data
    missing = [p for p in patterns if found[p] is None]
    if missing and (not allow_build or (native is None and not all(
            python_can_build(width, height, p) for p in missing))):
        return None  # before building any: a part of the set is of no use
    overall = _Overall(progress, [entries(n, len(p)) for p in missing])
    for number, pattern in enumerate(missing):
        def report(count, _percent, _phase, _pattern=pattern, _table=overall.table(number)):
            if deadline is not None and time.perf_counter() > deadline:
                raise BuildStopped(_pattern)
            _table(count)
        data = build(width, height, pattern, engine, report)
        overall.finished(number)
        cachedir.store(file_name(width, height, pattern), data)
        found[pattern] = data
    with _lock:
        for pattern in patterns:
            _loaded[(width, height, pattern)] = found[pattern]
    return PatternSet(width, height, patterns, tuple(found[p] for p in patterns), width == height,
                      bool(missing))


def build_python(width: int, height: int, pattern, progress=None) -> bytes:
    """The database of ``pattern`` by a 0-1 breadth-first search over
    (placement, hole cell) from the goal: a move of a pattern tile costs 1,
    any other 0. Quick for small groups only (:data:`PYTHON_BUILD_LIMIT`).

    >>> db = build_python(4, 4, (15,))
    >>> db[rank((14,), 16)], db[rank((0,), 16)]   # home; Manhattan 3 + 2 away
    (0, 5)
    """
    n = width * height
    size = entries(n, len(pattern))
    nbrs = [movable_cells(width, height, c) for c in range(n)]
    start = (tuple(t - 1 for t in pattern), n - 1)
    best: dict = {start: 0}
    queue = deque([start])
    settled = filled = 0
    last = time.perf_counter()
    db = bytearray(b"\xff" * size)
    while queue:
        state = queue.popleft()
        cells, hole = state
        d = best[state]
        if d < 0:  # settled already (a 0-1 search meets states twice)
            continue
        best[state] = -1 - d
        i = rank(cells, n)
        if db[i] == 255:
            filled += 1
        if d < db[i]:
            db[i] = d
        settled += 1
        if progress is not None and not settled & 4095:
            now = time.perf_counter()
            if now - last >= 0.05:
                last = now
                progress(filled, min(99, 100 * filled // size), "building")
        for cell in nbrs[hole]:
            if cell in cells:
                j = cells.index(cell)
                new = (cells[:j] + (hole,) + cells[j + 1:], cell)
                nd = d + 1
            else:
                new = (cells, cell)
                nd = d
            old = best.get(new)
            if old is None or 0 <= nd < old:
                best[new] = nd
                if nd == d:
                    queue.appendleft(new)
                else:
                    queue.append(new)
    if progress is not None:
        progress(filled, 100, "building")
    return bytes(db)


class _Overall:
    """One progress over all the databases a load builds, so that a bar never
    starts again at 0 for the next table; each table weighted by its entries
    (its build time grows about with them).

    >>> seen = []
    >>> o = _Overall(lambda *a: seen.append(a[:2]), [300, 100])
    >>> o.table(0)(150); o.finished(0); o.table(1)(50); o.table(1)(20); o.finished(1)
    >>> seen
    [(150, 37), (300, 75), (350, 87), (350, 87), (400, 100)]
    """

    def __init__(self, progress, sizes) -> None:
        self.progress = progress
        self.sizes = list(sizes)
        self.total = sum(self.sizes)
        self.count = 0

    def table(self, number: int):
        """The callback for table ``number``'s builder: entries done in it."""
        offset = sum(self.sizes[:number])
        size = self.sizes[number]
        return lambda done: self._report(offset + min(max(int(done), 0), size))

    def finished(self, number: int) -> None:
        self._report(sum(self.sizes[:number + 1]))

    def _report(self, count: int) -> None:
        # builders count in their own steps: never report less than before
        self.count = max(self.count, count)
        if self.progress is not None:
            self.progress(self.count, 100 * self.count // self.total, "building")

"""Additive disjoint pattern databases for boards of 10 to 16 cells.

The tiles are split into groups (a *partition*, :func:`partition`). For each
group a database holds, for every placement of the group's tiles, the fewest
moves *of those tiles* that bring them home when all other tiles are
indistinguishable and free to move (moves of other tiles cost nothing). A
move slides one tile, so it counts in one group only and the values of the
groups add up to a lower bound on the moves left (Korf and Felner 2002).
On a square board the same databases also read the board reflected in its
main diagonal (cell (r, c) to (c, r), each tile renamed after its goal's
reflection), a second bound; the search takes the larger.

Index of a placement (shared with the C engine): the group's tiles in
pattern order stand in cells ``p_0, p_1, ...``; ``r_i = p_i - #{j < i:
p_j < p_i}`` and ``index = ((r_0 (n-1) + r_1) (n-2) + r_2) ...`` for ``n``
cells, so a group of ``k`` tiles has ``n! / (n-k)!`` entries of one byte.

Databases are built once (the C engine's ``pdb_build``; without it, here,
a 0-1 breadth-first search for small groups, numpy for the others), stored in
the cache directory under a name giving the shape, the group and the format
version, checked (size and digest) when loaded, and rebuilt if damaged.

>>> partition(4, 4)
((1, 2, 3, 5, 6, 7), (4, 8, 11, 12, 14, 15), (9, 10, 13))
>>> partition(3, 4)
((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11))
>>> entries(16, 6)
5765760
>>> index((15, 14), 16)     # two tiles: 15 * 15 + 14
239
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from dataclasses import dataclass

from . import cachedir
from .native import module
from .position import movable_cells

__all__ = ["partition", "preferred", "LARGE", "entries", "memory_needed", "cached", "index", "build", "build_python", "PatternSet",
           "load", "PatternHeuristic", "value", "mirror_maps", "PYTHON_BUILD_LIMIT",
           "BuildStopped", "nbytes", "file_name"]

#: Format version in the file names; changes when the layout does.
VERSION = 1
#: The pure-Python build handles at most this many (placement, hole) states;
#: bigger groups, without the C engine, are built by numpy (:func:`build_numpy`)
#: up to NUMPY_BUILD_LIMIT states (6 tiles on 16 cells: 92 million, about a
#: minute and 0.7 GB).
PYTHON_BUILD_LIMIT = 800_000
NUMPY_BUILD_LIMIT = 100_000_000
_loaded: dict[tuple, bytes] = {}
_lock = threading.Lock()


class BuildStopped(Exception):
    """A build stopped by the deadline given to :func:`load` (nothing stored)."""


def partition(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The tile groups of the shape's databases: at most 6 tiles each, in
    compact regions of the goal.

    4 x 4: the top-left block (1 2 3 / 5 6 7), the right column and bottom
    corner (4 8 / 11 12 / 14 15), and the three left between (9 10 / 13):
    on Korf's 100 it searches half the nodes of two 3 x 2 blocks and the
    bottom row (61.5 million against 130 million). Boards with a short side of 2 or 3: the
    goal cells walked along the long side, across the short side, cut every
    6 tiles (blocks of 2 or 3 lines).

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


def entries(cells: int, k: int) -> int:
    """Entries of a database of ``k`` tiles on ``cells`` cells."""
    return math.perm(cells, k)


def nbytes(width: int, height: int, patterns=None) -> int:
    """Memory the databases of a partition take (one byte an entry)."""
    n = width * height
    return sum(entries(n, len(p)) for p in (patterns or partition(width, height)))


def memory_needed(width: int, height: int, patterns=None, engine: str = "auto") -> int:
    """Bytes the databases take, plus what building the missing ones takes
    at its peak: the C build keeps a bit per (placement, hole cell) and a
    queue of 4-byte states (about 1.5 a placement); the Python one a dict
    entry of some 150 bytes per state."""
    n = width * height
    patterns = tuple(tuple(p) for p in (patterns or partition(width, height)))
    extra = 0
    for p in patterns:
        if cached(width, height, p):
            continue
        e = entries(n, len(p))
        if module(engine) is not None:
            extra = max(extra, e * (n - len(p)) // 8 + 6 * e)
        elif python_can_build(width, height, p):
            extra = max(extra, 150 * e * n)
        else:  # numpy: a flag per state, the largest layers' arrays (measured)
            extra = max(extra, 130 * e)
    return nbytes(width, height, patterns) + extra


def index(cells, n: int) -> int:
    """Index of a placement: the cells of the pattern's tiles, in pattern order."""
    idx = 0
    seen = 0  # the earlier cells as bits: r_i = p_i - (earlier cells below p_i)
    for i, p in enumerate(cells):
        idx = idx * (n - i) + p - (seen & ((1 << p) - 1)).bit_count()
        seen |= 1 << p
    return idx


def _goal_cells(pattern) -> tuple[int, ...]:
    return tuple(t - 1 for t in pattern)


def build_python(width: int, height: int, pattern, progress=None) -> bytes:
    """The database of ``pattern`` by a 0-1 breadth-first search over
    (placement of the pattern's tiles, hole cell) from the goal: a move of
    a pattern tile costs 1, any other move 0; each entry is the least over
    the hole cells. Quick for small groups only (see PYTHON_BUILD_LIMIT).

    >>> db = build_python(4, 4, (15,))
    >>> db[index((14,), 16)], db[index((0,), 16)]   # home; Manhattan 3 + 2 away
    (0, 5)
    """
    n = width * height
    k = len(pattern)
    size = entries(n, k)
    nbrs = [movable_cells(width, height, c) for c in range(n)]
    start = (_goal_cells(pattern), n - 1)
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
        i = index(cells, n)
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


def _rank_rows(cells, n: int):
    """:func:`index` of each row of ``cells`` (a k-column array), vectorised."""
    import numpy as np
    k = cells.shape[1]
    idx = np.zeros(len(cells), dtype=np.int64)
    for i in range(k):
        c = cells[:, i].astype(np.int64)
        below = np.zeros(len(cells), dtype=np.int64)
        for j in range(i):
            below += cells[:, j] < cells[:, i]
        idx = idx * (n - i) + c - below
    return idx


def build_numpy(width: int, height: int, pattern, progress=None) -> bytes:
    """The same database as :func:`build_python` by numpy, a layer at a time,
    for the engine without C. A state is a placement of the pattern's tiles
    and the hole's region: the cells the hole reaches by free moves (over
    other tiles), as a bit mask; a layer is the states one more move of a
    pattern tile away, and a pattern tile moves into any cell of the region
    next to it. About a minute for 6 tiles on 16 cells (the C engine: seconds).

    >>> build_numpy(4, 4, (13, 14, 15)) == build_python(4, 4, (13, 14, 15))
    True
    """
    import numpy as np
    n = width * height
    pattern = tuple(pattern)
    k = len(pattern)
    size = entries(n, k)
    full = np.uint64((1 << n) - 1)
    first_col = np.uint64(sum(1 << c for c in range(n) if c % width == 0))
    last_col = np.uint64(sum(1 << c for c in range(n) if c % width == width - 1))
    one, w64 = np.uint64(1), np.uint64(width)
    nbr = np.full((n, 4), -1, dtype=np.int64)
    for c in range(n):
        for d, cell in enumerate(movable_cells(width, height, c)):
            nbr[c, d] = cell
    bit = (np.uint64(1) << np.arange(n, dtype=np.uint64))
    seen = np.zeros(size * n, dtype=bool)  # (placement, hole cell) reached
    db = np.full(size, 255, dtype=np.uint8)
    cells = np.array([_goal_cells(pattern)], dtype=np.int8)
    place = _rank_rows(cells, n)
    hole = np.array([n - 1], dtype=np.int8)
    last = time.perf_counter()
    depth = 0
    while len(place):
        free = full & ~np.bitwise_or.reduce(bit[cells], axis=1)
        region = bit[hole]
        while True:  # flood the hole's region through free cells
            grown = (region | ((region >> one) & ~last_col) | ((region << one) & ~first_col)
                     | (region >> w64) | (region << w64)) & free
            if np.array_equal(grown, region):
                break
            region = grown
        # one row per (placement, region): the same region met from two holes
        low = np.log2((region & (~region + one)).astype(np.float64)).astype(np.int64)
        _, keep = np.unique(place * n + low, return_index=True)
        place, cells, region = place[keep], cells[keep], region[keep]
        del low, keep, free
        for c in range(n):  # every hole cell of the region is reached now
            rows = np.flatnonzero(region & bit[c])
            seen[place[rows] * n + c] = True
        unset = place[db[place] == 255]
        db[unset] = min(depth, 254)
        if progress is not None and time.perf_counter() - last >= 0.05:
            last = time.perf_counter()
            done = int(np.count_nonzero(db != 255))
            progress(done, min(99, 100 * done // size), "building")
        # a pattern tile slides into a cell of the region next to it
        new = []
        for i in range(k):
            for d in range(4):
                to = nbr[cells[:, i], d]
                ok = to >= 0
                ok[ok] = (region[ok] & bit[to[ok]]) != 0
                if not ok.any():
                    continue
                c2 = cells[ok]  # (a copy)
                h2 = c2[:, i].copy()
                c2[:, i] = to[ok]
                p2 = _rank_rows(c2, n)
                ids = p2 * n + h2
                fresh = ~seen[ids]
                # the same state reached twice in this step: once is enough
                _, once = np.unique(ids[fresh], return_index=True)
                sel = np.flatnonzero(fresh)[once]
                new.append((p2[sel], h2[sel], c2[sel]))
                del c2, h2, p2, ids, fresh, sel
        depth += 1
        if not new:
            break
        place, hole, cells = (np.concatenate(x) for x in zip(*new))
    if progress is not None:
        progress(int(np.count_nonzero(db != 255)), 100, "building")
    return db.tobytes()


def python_can_build(width: int, height: int, pattern) -> bool:
    """Is the pure-Python build quick enough for this group?"""
    n = width * height
    return entries(n, len(pattern)) * n <= PYTHON_BUILD_LIMIT


def numpy_can_build(width: int, height: int, pattern) -> bool:
    """Can :func:`build_numpy` build this group (in about a minute at most)?"""
    n = width * height
    return entries(n, len(pattern)) * n <= NUMPY_BUILD_LIMIT


def build(width: int, height: int, pattern, engine: str = "auto", progress=None) -> bytes:
    """Compute one database (no cache): C when built, else :func:`build_python`
    for small groups and :func:`build_numpy` for the others."""
    native = module(engine)
    pattern = tuple(pattern)
    if native is not None:
        def report(*args):  # the C engine reports (entries done, percent)
            if progress is not None:
                progress(args[0], args[1] if len(args) > 1 else 0, "building")
        data = bytes(native.pdb_build(width, height, pattern, report))
    elif python_can_build(width, height, pattern):
        data = build_python(width, height, pattern, progress)
    else:
        data = build_numpy(width, height, pattern, progress)
    if len(data) != entries(width * height, len(pattern)):
        raise ValueError(f"database of {pattern} has {len(data)} bytes, "
                         f"not {entries(width * height, len(pattern))}")
    return data


def file_name(width: int, height: int, pattern) -> str:
    """Cache file of one database: shape, group and format version."""
    return f"sliding-pdb-{width}x{height}-{'.'.join(map(str, pattern))}-v{VERSION}.bin"


@dataclass(frozen=True)
class PatternSet:
    """The databases of one partition, ready for a search."""

    width: int
    height: int
    patterns: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]
    mirror: bool
    seconds: float = 0.0      # what loading (and building) took
    built: bool = False       # was any database built rather than loaded

    @property
    def nbytes(self) -> int:
        return sum(len(t) for t in self.tables)

    def __repr__(self) -> str:  # the tables are megabytes: not a value to print or eval
        return (f"<PatternSet {self.width} x {self.height} {self.patterns!r} "
                f"mirror={self.mirror!r} {self.nbytes:,} bytes>")


def cached(width: int, height: int, pattern) -> bool:
    """Is the database in memory or in a cache file of the right size and
    header? (A truncated or foreign file is not: it would be rebuilt.)"""
    pattern = tuple(pattern)
    return ((width, height, pattern) in _loaded
            or cachedir.looks_whole(file_name(width, height, pattern),
                                    entries(width * height, len(pattern))))


def preferred(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The partition to search with: :data:`LARGE` when all its databases
    are at hand (in memory or in the cache), else :func:`partition`.

    >>> preferred(3, 4) == partition(3, 4)
    True
    """
    large = LARGE.get((width, height))
    if large and all(cached(width, height, p) for p in large):
        return large
    return partition(width, height)


def load(width: int, height: int, patterns=None, *, engine: str = "auto", progress=None,
         deadline: float | None = None, allow_build: bool = True) -> PatternSet | None:
    """The databases of the shape (``patterns``: its :func:`partition` by
    default) from memory, the cache directory, or built and stored.

    None when one is missing and cannot be built here (``allow_build``
    false, or the Python engine and a group too big for it). A build that
    passes ``deadline`` (``time.perf_counter()`` value) raises BuildStopped.
    """
    patterns = tuple(tuple(p) for p in (patterns or partition(width, height)))
    began = time.perf_counter()
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
            python_can_build(width, height, p) or numpy_can_build(width, height, p)
            for p in missing))):
        return None  # before building any: a part of the set is of no use
    overall = _Overall(progress, [entries(n, len(p)) for p in missing])
    for number, pattern in enumerate(missing):
        def report(count, percent, phase, _pattern=pattern, _table=overall.table(number)):
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
                      time.perf_counter() - began, bool(missing))


class _Overall:
    """One progress over all the databases a load builds, so that a bar or a
    percentage never starts again at 0 for the next table: ``progress(entries
    done in all of them, percent of their total, "building")``, each table
    weighted by its entries (its build time grows about with them).

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


def mirror_maps(width: int) -> tuple[list[int], list[int]]:
    """(cell map, tile map) of the reflection in the main diagonal of a
    square board: cell (r, c) to (c, r); tile with goal (r, c) to the tile
    with goal (c, r); the hole stays the hole.

    >>> cells, tiles = mirror_maps(4)
    >>> cells[1], tiles[2], tiles[0], tiles[6]
    (4, 5, 0, 6)
    """
    n = width * width
    cells = [(c % width) * width + c // width for c in range(n)]
    tiles = [0] + [cells[t - 1] + 1 for t in range(1, n)]
    return cells, tiles


def value(pset: PatternSet, tiles) -> int:
    """The databases' bound for a position (the larger with the mirror)."""
    h = PatternHeuristic(pset)
    return h.start(list(tiles))


class PatternHeuristic:
    """The database bound kept up to date move by move, for IDA* (the same
    ``start``/``moved`` protocol as :class:`~webapp.sliding.heuristic.ManhattanLC`).

    >>> pset = load(4, 4, ((13, 14, 15),), engine="python")
    >>> board = list(range(1, 16)) + [0]
    >>> board[14], board[15] = 0, 15
    >>> PatternHeuristic(pset).start(board)
    1
    """

    name = "pdb"

    def __init__(self, pset: PatternSet):
        self.n = n = pset.width * pset.height
        self.patterns = pset.patterns
        self.tables = pset.tables
        self.mirror = pset.mirror
        self.group = [-1] * n          # group of each tile (-1: in none)
        for g, p in enumerate(self.patterns):
            for t in p:
                self.group[t] = g
        if self.mirror:
            self.mcell, self.mtile = mirror_maps(pset.width)
            # tile t stands, reflected, as tile mtile[t]: its group moves
            self.mgroup = [self.group[self.mtile[t]] for t in range(n)]
            # reflected, group g's i-th tile is played by mtile of it
            self.mpatterns = [tuple(self.mtile[t] for t in p) for p in self.patterns]

    def _direct(self, g: int) -> int:
        pos, n = self.pos, self.n
        idx = seen = i = 0
        for t in self.patterns[g]:  # index() inlined: this is the inner loop
            p = pos[t]
            idx = idx * (n - i) + p - (seen & ((1 << p) - 1)).bit_count()
            seen |= 1 << p
            i += 1
        return self.tables[g][idx]

    def _reflected(self, g: int) -> int:
        pos, mcell, n = self.pos, self.mcell, self.n
        idx = seen = i = 0
        for t in self.mpatterns[g]:
            p = mcell[pos[t]]
            idx = idx * (n - i) + p - (seen & ((1 << p) - 1)).bit_count()
            seen |= 1 << p
            i += 1
        return self.tables[g][idx]

    def start(self, board: list[int]) -> int:
        self.pos = pos = [0] * self.n
        for cell, t in enumerate(board):
            pos[t] = cell
        self.hs = [self._direct(g) for g in range(len(self.patterns))]
        self.h = sum(self.hs)
        if self.mirror:
            self.ms = [self._reflected(g) for g in range(len(self.patterns))]
            self.m = sum(self.ms)
            return max(self.h, self.m)
        return self.h

    def moved(self, tile: int, a: int, b: int) -> int:
        self.pos[tile] = b
        g = self.group[tile]
        if g >= 0:
            new = self._direct(g)
            self.h += new - self.hs[g]
            self.hs[g] = new
        if not self.mirror:
            return self.h
        g = self.mgroup[tile]
        if g >= 0:
            new = self._reflected(g)
            self.m += new - self.ms[g]
            self.ms[g] = new
        return self.h if self.h >= self.m else self.m

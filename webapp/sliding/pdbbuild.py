"""Building one pattern database without the C engine: a 0-1 breadth-first
search in pure Python for small groups, numpy for the others (the layout and
the index are :mod:`webapp.sliding.pdb`'s)."""

from __future__ import annotations

import math
import time
from collections import deque

import numpy as np

from .position import movable_cells

__all__ = ["index", "build_python", "build_numpy"]


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
    the hole cells. Quick for small groups only (see :data:`webapp.sliding.pdb.PYTHON_BUILD_LIMIT`).

    >>> db = build_python(4, 4, (15,))
    >>> db[index((14,), 16)], db[index((0,), 16)]   # home; Manhattan 3 + 2 away
    (0, 5)
    """
    n = width * height
    k = len(pattern)
    size = math.perm(n, k)  # entries(n, k)
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
    n = width * height
    pattern = tuple(pattern)
    k = len(pattern)
    size = math.perm(n, k)  # entries(n, k)
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

"""The per-stick tables of :mod:`webapp.rotation.fastsearch`, and settling a
whole layer of states at once with them (the "Settling" part of that module's
notes)."""

from __future__ import annotations

import numpy as np

from .physics import RELEASED, Frame

__all__ = ["Tables", "INF", "BIG"]

#: "Falls out of the frame": farther than any distance on a 64 x 64 board.
INF = 4096
#: Added to ``gap[a, b]`` where ``b`` does not block ``a``.
BIG = 2 * INF
#: Lane range of a stick that has fallen out: it overlaps nothing.
_NO_LANE_LO, _NO_LANE_HI = 1000, -1000
#: Work memory aimed at for one batch of the settling arrays
#: (``sticks x sticks x states``: small enough for the cache).
BATCH_BYTES = 160 << 10

_BIG16 = np.int16(BIG)
_INF16 = np.int16(INF)
_FRONT1, _BACK, _LO, _HI, _WALL = range(5)


class Tables:
    """The per-stick tables of one frame.

    Stick ``i`` at top-left cell ``(row, col)`` has the placement code
    ``1 + (row - origin[i][0]) * box_width[i] + (col - origin[i][1])``; 0 means
    it has fallen out. Falling ``d`` cells towards side ``g`` adds
    ``d * steps[g][i]`` to the code.

    ``table[g]`` is an ``int16`` array ``(5, total)``; column
    ``offsets[i] + code`` describes stick ``i`` at that placement under gravity
    ``g`` (0 down, 1 right, 2 up, 3 left): its leading coordinate along gravity
    plus one, its trailing coordinate, the first and last lane it covers
    across gravity, and the cells it can fall before a wall stops it (``INF``
    if none does).

    >>> from webapp.rotation.board import Board
    >>> t = Tables(Frame(Board.from_text("4\\n####\\n#0 #\\n#  #\\n## #\\n")))
    >>> t.counts, t.codes((5,)), t.positions((1,))
    ((6,), [1], (5,))
    >>> [int(t.table[0][4, c]) for c in (1, 2, 3, 6)]  # cells it can fall down
    [1, 4096, 0, 4096]
    """

    def __init__(self, frame: Frame) -> None:
        w, h = frame.width, frame.height
        self.width, self.height = w, h
        wall = np.frombuffer(frame.walls, dtype=np.uint8).reshape(h, w).astype(bool)
        dist = _wall_distances(wall)
        free = ~wall
        n = len(frame.lengths)
        counts, origin, box_width = [], [], []
        steps = np.zeros((4, n), dtype=np.int16)
        columns: list[list[np.ndarray]] = [[] for _ in range(4)]
        for i, (length, vertical) in enumerate(zip(frame.lengths, frame.vertical)):
            sh, sw = (length, 1) if vertical else (1, length)
            ok = np.ones((h - sh + 1, w - sw + 1), dtype=bool)
            for k in range(length):
                dr, dc = (k, 0) if vertical else (0, k)
                ok &= free[dr:dr + h - sh + 1, dc:dc + w - sw + 1]
            rs, cs = np.nonzero(ok)  # every spot where the stick fits
            r_min, c_min = int(rs.min()), int(cs.min())
            bw = int(cs.max()) - c_min + 1
            count = (int(rs.max()) - r_min + 1) * bw
            codes = 1 + (rs - r_min) * bw + (cs - c_min)
            counts.append(count)
            origin.append((r_min, c_min))
            box_width.append(bw)
            steps[:, i] = (bw, 1, -bw, -1)
            r0, c0, r1, c1 = rs, cs, rs + sh - 1, cs + sw - 1
            for g in range(4):
                if g == 0:  # down
                    f, b, lo, hi = r1, r0, c0, c1
                elif g == 1:  # right
                    f, b, lo, hi = c1, c0, r0, r1
                elif g == 2:  # up
                    f, b, lo, hi = h - 1 - r0, h - 1 - r1, c0, c1
                else:  # left
                    f, b, lo, hi = w - 1 - c0, w - 1 - c1, r0, r1
                if vertical == (g in (0, 2)) and length > 1:
                    # it moves along its length: only its front cell leads
                    fr = r1 if g == 0 else r0 if g == 2 else rs
                    fc = c1 if g == 1 else c0 if g == 3 else cs
                    wd = dist[g][fr, fc]
                else:  # it moves sideways: every cell leads
                    wd = np.full(len(rs), INF, dtype=np.int64)
                    for k in range(length):
                        wd = np.minimum(wd, dist[g][r0 + (k if vertical else 0),
                                                    c0 + (0 if vertical else k)])
                col = np.zeros((5, count + 1), dtype=np.int16)
                col[_LO, 0], col[_HI, 0] = _NO_LANE_LO, _NO_LANE_HI
                for row, val in ((_FRONT1, f + 1), (_BACK, b), (_LO, lo), (_HI, hi),
                                 (_WALL, wd)):
                    col[row, codes] = val
                columns[g].append(col)
        self.counts = tuple(counts)
        self.origin, self.box_width = tuple(origin), tuple(box_width)
        self.steps = [steps[g][:, None].copy() for g in range(4)]
        sizes = np.array([c + 1 for c in counts], dtype=np.intp)
        self.offsets = (np.cumsum(sizes) - sizes)[:, None]
        self.table = [np.concatenate(columns[g], axis=1) for g in range(4)]
        self.batch = int(min(8192, max(32, BATCH_BYTES // (2 * max(1, n) ** 2))))

    @property
    def nbytes(self) -> int:
        return sum(t.nbytes for t in self.table)

    def codes(self, positions) -> list[int]:
        """Placement codes of reference positions (``RELEASED`` gives 0)."""
        out = []
        for i, pos in enumerate(positions):
            if pos == RELEASED:
                out.append(0)
                continue
            r, c = divmod(pos, self.width)
            r0, c0 = self.origin[i]
            out.append(1 + (r - r0) * self.box_width[i] + (c - c0))
        return out

    def positions(self, codes) -> tuple[int, ...]:
        """Reference positions (``row * width + col``) of placement codes."""
        out = []
        for i, code in enumerate(codes):
            if code == 0:
                out.append(RELEASED)
                continue
            dr, dc = divmod(int(code) - 1, self.box_width[i])
            r0, c0 = self.origin[i]
            out.append((r0 + dr) * self.width + c0 + dc)
        return tuple(out)

    def settle(self, codes: np.ndarray, gravity: int):
        """Settle many states at once, all with gravity towards side ``gravity``.

        ``codes`` is an ``int16`` array ``(sticks, states)`` of placement codes.
        Returns the codes after settling and a boolean array of the same
        shape: the stick fell out during this settling.
        """
        n = codes.shape[1]
        if n <= self.batch:
            return self._settle(codes, gravity)
        new = np.empty_like(codes)
        out = np.empty(codes.shape, dtype=bool)
        for lo in range(0, n, self.batch):
            new[:, lo:lo + self.batch], out[:, lo:lo + self.batch] = \
                self._settle(codes[:, lo:lo + self.batch], gravity)
        return new, out

    def _settle(self, codes: np.ndarray, gravity: int):
        front1, back, lo, hi, wall = np.take(self.table[gravity], codes + self.offsets, axis=1)
        # gap[a, b]: free cells between stick a and stick b ahead of it
        # (BIG and more where b does not block a: lanes apart, or b behind)
        overlap = np.minimum(hi[:, None], hi[None])
        overlap -= np.maximum(lo[:, None], lo[None])  # >= 0: lanes overlap
        gap = back[None] - front1[:, None]  # >= 0: b ahead of a
        np.minimum(overlap, gap, out=overlap)
        gap += (overlap < 0) * _BIG16
        del overlap
        fall = wall
        for _ in range(len(codes) + 1):
            nxt = (gap + fall[None]).min(axis=1)
            np.minimum(nxt, wall, out=nxt)
            if np.array_equal(nxt, fall):
                break
            fall = nxt
        else:  # pragma: no cover - a chain of sticks is at most all of them
            raise AssertionError("settling did not come to rest")
        out = fall >= _INF16
        stay = ~out
        new = fall * stay
        new *= self.steps[gravity]
        new += codes
        new *= stay
        return new, out


def _wall_distances(wall: np.ndarray) -> list[np.ndarray]:
    """For each gravity direction and cell: the free cells beyond it before a
    wall, or ``INF`` if the line leaves the frame first."""
    h, w = wall.shape
    out = []
    for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        d = np.zeros((h, w), dtype=np.int64)
        rows = range(h - 1, -1, -1) if dr > 0 else range(h)
        cols = range(w - 1, -1, -1) if dc > 0 else range(w)
        for r in rows:
            for c in cols:
                rr, cc = r + dr, c + dc
                if not (0 <= rr < h and 0 <= cc < w):
                    d[r, c] = INF
                elif wall[rr, cc]:
                    d[r, c] = 0
                else:
                    nxt = d[rr, cc]
                    d[r, c] = INF if nxt >= INF else nxt + 1
        out.append(d)
    return out

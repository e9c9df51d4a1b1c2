"""The fast solver: breadth-first search a whole layer at a time, with numpy.

:func:`fast_solve` gives the answer of :func:`webapp.rotation.search.solve`
(the reference, one state at a time): the same status, number of moves,
``states`` and ``depth`` -- only much faster on big searches.

>>> from webapp.rotation.board import Board
>>> from webapp.rotation.physics import EXAMPLE
>>> fast_solve(Board.from_text(EXAMPLE)).summary()
'2 moves: L L'
>>> unsolvable = "5\\n#####\\n#0  #\\n#0  #\\n#   #\\n## ##\\n"
>>> fast_solve(Board.from_text(unsolvable)).summary()
'unsolvable: all 8 reachable positions tried'

How it works
------------
*The frame stays fixed.* A state is the orientation (the side of the frame
gravity points at) and, per stick, a *placement code*: its top-left cell,
counted inside the box of all spots where the stick fits between the walls
(0: it has fallen out). Falling ``d`` cells adds ``d`` times a fixed step to
the code. The orientation and all codes are packed as bit fields into one
``uint64`` key per state, or into several words when 64 bits are not enough
(boards of many or long-ranging sticks; 64 x 64 with 62 sticks takes 13).
Keys of up to 44 bits are sorted as they are; longer ones by a 40-bit hash,
and then every match is checked on the full key, so a hash collision never
merges two states.

*Per-stick tables* (:class:`Tables`) give, for every stick, placement and
gravity direction: the stick's leading and trailing coordinate along gravity,
the lanes (rows or columns) it covers across gravity, and how far it can fall
before a wall stops it -- or that it leaves the frame.

*Settling a whole layer at once.* A stick ``b`` blocks a stick ``a`` when their
lanes overlap and ``b`` is ahead of ``a`` along gravity; the free cells between
them follow from the tables. Only a stick ahead can stop one behind, so the
distance each stick falls is the one solution of::

    fall[a] = min(wall[a], min over b blocking a of gap[a, b] + fall[b])

where "infinitely far" means the stick falls out -- exactly the resting
position of the rules in docs/rotation.md (lowest stick first, each as far as it goes). The solver
computes ``gap`` as one ``sticks x sticks x states`` array of ``int16`` and
iterates the equation for all states together until nothing changes (one
round per stick in the longest chain of sticks resting on each other, plus
one).

*Duplicates.* A layer's new keys are sorted (key or hash in the high bits,
label in the low 20 or more bits of one ``uint64``: one fast sort); the first
occurrence of each, in the order the reference would meet it, is kept and
checked against the states visited before, held as a few sorted runs (a run
is merged into the one before while that one is not more than twice as big:
logarithmically many runs).

*Paths.* Per layer one ``uint32`` per state, ``2 * parent + move``, links it to
its parent's index in the previous layer; the moves are read backwards from
the goal, and the trajectory is replayed with
:meth:`~webapp.rotation.physics.Position.play`, as the reference does.

Memory: 8 bytes per visited state for its key (``8 * (words + 1)`` for keys
longer than 44 bits: hash and key), 4 for the parent link, the current and
the next layer, and the work arrays of one chunk of the frontier (a few MB at
most).

``states`` like the reference
-----------------------------
The layer is expanded in the reference's order (frontier in discovery order,
``L`` before ``R``), and every successor carries its index in that order, so
the figures match the reference's: all reachable states for an unsolvable
board; when the goal is found, the states known when the reference meets it
(earlier layers plus the new states met before it in its layer); when
``max_states`` stops the search, ``max_states`` and the same depth (and
``solved`` if the goal comes first in that order, as in the reference). Only
the time and memory limits differ: they are checked between chunks of a
layer (the reference looks at the clock every 1024 states), and ``states``
then counts the states found up to the end of the last chunk expanded.
"""

from __future__ import annotations

import time

import numpy as np

from .board import Board
from .physics import RELEASED, Frame
from .search import Answer, Goal, opening

__all__ = ["fast_solve", "Tables", "Packing"]

#: "Falls out of the frame": farther than any distance on a 64 x 64 board.
INF = 4096
#: Added to ``gap[a, b]`` where ``b`` does not block ``a``.
BIG = 2 * INF
#: Lane range of a stick that has fallen out: it overlaps nothing.
_NO_LANE_LO, _NO_LANE_HI = 1000, -1000
#: Work memory aimed at for one chunk of the frontier, and for one batch of
#: the settling arrays (``sticks x sticks x states``: small enough for the cache).
CHUNK_BYTES = 3 << 20
BATCH_BYTES = 160 << 10
MIN_CHUNK, MAX_CHUNK = 256, 1 << 16
#: Runs of visited states grow to this many states, or an eighth of all:
#: merging a bigger one would need much memory for a moment.
MERGE_CAP = 1 << 17

_U64 = np.uint64
_BIG16 = np.int16(BIG)
_INF16 = np.int16(INF)
_HASH_MUL = np.uint64(0x9E3779B97F4A7C15)
_S32 = np.uint64(32)
#: Keys of up to DIRECT_BITS bits sort as they are, longer ones by a hash of
#: HASH_BITS bits; the label of a state goes into the bits below (at least
#: 20: a layer of up to half a million states sorts in one go).
DIRECT_BITS = 44
HASH_BITS = 40
_HASH_SHIFT = np.uint64(64 - HASH_BITS)
_MOVES = "LR"
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


class Packing:
    """How a state is packed into ``words`` unsigned 64-bit words: the
    orientation in bits 0-1 of word 0, then one bit field per stick (its
    placement code), in stick order; a field never straddles two words.

    >>> p = Packing((25, 25, 3))
    >>> p.words, p.bits, p.fields
    (1, 14, [(0, 2, 5), (0, 7, 5), (0, 12, 2)])
    >>> keys = p.encode(1, np.array([[3, 4], [25, 0], [1, 3]], dtype=np.int16))
    >>> orientation, codes = p.decode(keys)
    >>> orientation.tolist(), codes.tolist()
    ([1, 1], [[3, 4], [25, 0], [1, 3]])
    """

    def __init__(self, counts, word_bits: int = 64) -> None:
        self.fields = []  # (word, shift, width) per stick
        word, used = 0, 2
        for count in counts:
            width = max(1, int(count).bit_length())
            if width > word_bits:
                raise ValueError("a stick field does not fit into one word")
            if used + width > word_bits:
                word, used = word + 1, 0
            self.fields.append((word, used, width))
            used += width
        self.words = word + 1
        self.bits = 64 * word + used  # highest bit used + 1, in the last word
        self.word_of = np.array([f[0] for f in self.fields], dtype=np.intp)
        self.shifts = np.array([[f[1]] for f in self.fields], dtype=_U64).reshape(-1, 1)
        self.masks = np.array([[(1 << f[2]) - 1] for f in self.fields], dtype=_U64).reshape(-1, 1)
        self.ranges = [(int(np.searchsorted(self.word_of, w)),
                        int(np.searchsorted(self.word_of, w, side="right")))
                       for w in range(self.words)]

    def encode(self, orientation, codes: np.ndarray) -> np.ndarray:
        """Keys ``(words, states)`` of orientations and codes ``(sticks, states)``."""
        n = codes.shape[1]
        parts = codes.astype(_U64)
        parts <<= self.shifts
        keys = np.zeros((self.words, n), dtype=_U64)
        for w, (lo, hi) in enumerate(self.ranges):
            if hi > lo:
                np.bitwise_or.reduce(parts[lo:hi], axis=0, out=keys[w])
        keys[0] |= np.asarray(orientation, dtype=_U64)
        return keys

    def decode(self, keys: np.ndarray):
        """Orientations (``intp``) and codes ``(sticks, states)`` (``int16``)."""
        orientation = (keys[0] & _U64(3)).astype(np.intp)
        source = keys[:1] if self.words == 1 else keys[self.word_of]
        codes = source >> self.shifts
        codes &= self.masks
        return orientation, codes.astype(np.int16)


def _hash(keys: np.ndarray) -> np.ndarray:
    """A hash of ``HASH_BITS`` bits of each state (column of ``keys``), to
    sort by when the key itself is longer than ``DIRECT_BITS`` bits."""
    h = np.zeros(keys.shape[1], dtype=_U64)
    for word in keys:
        h ^= word
        h *= _HASH_MUL
        h ^= h >> _S32
    h >>= _HASH_SHIFT
    return h


class _Keys:
    """States as keys ``(words, n)``, the values they sort by (``hashes``: the
    key itself when it is short, else :func:`_hash`) and a label each
    (``2 * index + move``: where the reference meets the state)."""

    __slots__ = ("keys", "hashes", "labels")

    def __init__(self, keys, hashes, labels) -> None:
        self.keys, self.hashes, self.labels = keys, hashes, labels

    def __len__(self) -> int:
        return len(self.labels)

    def take(self, which) -> _Keys:
        hashes = None if self.hashes is None else self.hashes[which]
        return _Keys(self.keys[:, which], hashes, self.labels[which])

    @staticmethod
    def concat(parts: list[_Keys], words: int) -> _Keys:
        if not parts:
            return _Keys(np.zeros((words, 0), dtype=_U64), np.zeros(0, dtype=_U64),
                         np.zeros(0, dtype=np.int64))
        if len(parts) == 1:
            return parts[0]
        hashes = None if parts[0].hashes is None else np.concatenate([p.hashes for p in parts])
        return _Keys(np.concatenate([p.keys for p in parts], axis=1), hashes,
                     np.concatenate([p.labels for p in parts]))


def _first_occurrences(states: _Keys, hashed: bool, bits: int) -> _Keys:
    """The distinct states, each with its smallest label, sorted by hash.

    ``hashed``: the states sort by a hash, so equal hashes are checked on the
    full keys (else the hash is the key itself); ``bits``: how many bits the
    hashes have.
    """
    n = len(states)
    if n == 0:
        return states
    labels = states.labels
    low = int(labels.min())
    span = int(labels.max()) - low
    if span < 1 << (64 - bits):
        # one sort of hash and label together: the first of each run of
        # equal hashes has the smallest label
        shift = np.uint64(64 - bits)
        both = states.hashes << shift
        both |= (labels - low).astype(_U64)
        both.sort()
        hashes = both >> shift
        first = (both & np.uint64((1 << (64 - bits)) - 1)).astype(np.int64)
        if hashed:
            row = np.empty(span + 1, dtype=np.intp)
            row[labels - low] = np.arange(n)
            keys = states.keys[:, row[first]]
        else:
            keys = hashes[None, :]
        first += low
    else:  # a very big layer
        order = np.lexsort((labels, states.hashes))
        hashes, keys, first = states.hashes[order], states.keys[:, order], labels[order]
    starts = _run_starts(hashes)
    if hashed:
        same = np.flatnonzero(hashes[1:] == hashes[:-1])
        if len(same):
            differ = same[(keys[:, same] != keys[:, same + 1]).any(axis=0)]
            if len(differ):
                starts = _split_collisions(keys, starts, differ)
    if hashed:
        return _Keys(keys[:, starts], hashes[starts], first[starts])
    hashes = hashes[starts]
    return _Keys(hashes[None, :], hashes, first[starts])


def _split_collisions(keys: np.ndarray, starts: np.ndarray, differ: np.ndarray) -> np.ndarray:
    """Runs of equal hashes that hold different states (a hash collision,
    rare): the first row of each different state in them, with ``starts``."""
    groups = np.unique(np.searchsorted(starts, differ, side="right") - 1)
    ends = np.append(starts[1:], keys.shape[1])
    extra = []
    for g in groups.tolist():
        seen = {tuple(keys[:, starts[g]].tolist())}
        for row in range(int(starts[g]) + 1, int(ends[g])):
            key = tuple(keys[:, row].tolist())
            if key not in seen:
                seen.add(key)
                extra.append(row)
    return np.sort(np.concatenate([starts, np.array(extra, dtype=starts.dtype)]))


def _run_starts(sorted_values: np.ndarray) -> np.ndarray:
    starts = np.flatnonzero(sorted_values[1:] != sorted_values[:-1])
    starts += 1
    return np.concatenate([np.zeros(1, dtype=starts.dtype), starts])


class _Visited:
    """Every visited state, as sorted runs of hashes (with the full keys when
    the hash is not the key). Each layer adds a run; then the runs at the end
    that are not more than twice as big as all the runs after them are merged
    into one, so each run is more than twice as big as the rest after it:
    logarithmically many runs."""

    def __init__(self, hashed: bool) -> None:
        self.hashed = hashed
        self.runs: list[tuple[np.ndarray, np.ndarray | None]] = []
        self.count = 0

    @property
    def nbytes(self) -> int:
        return sum(h.nbytes + (k.nbytes if k is not None else 0) for h, k in self.runs)

    def add(self, states: _Keys) -> None:
        """Add new states, sorted by hash."""
        if not len(states):
            return
        self.count += len(states)
        self.runs.append((states.hashes, states.keys if self.hashed else None))
        # how many runs at the end to merge: all at once, in one new array
        merged, k = len(self.runs[-1][0]), 1
        cap = max(MERGE_CAP, self.count // 8)
        while k < len(self.runs) and len(self.runs[-k - 1][0]) <= 2 * merged \
                and merged + len(self.runs[-k - 1][0]) <= cap:
            merged += len(self.runs[-k - 1][0])
            k += 1
        if k == 1:
            return
        tail, self.runs[-k:] = self.runs[-k:], []
        hashes = np.concatenate([h for h, _ in tail])
        if self.hashed:
            keys = np.concatenate([keys for _, keys in tail], axis=1)
            del tail
            order = np.argsort(hashes)
            hashes = hashes[order]
            for word in keys:  # one word at a time: less memory at once
                word[:] = word[order]
        else:
            del tail
            hashes.sort()
            keys = None
        self.runs.append((hashes, keys))

    def unseen(self, states: _Keys) -> np.ndarray:
        """Which of ``states`` (distinct, sorted by hash) are not visited yet."""
        fresh = np.ones(len(states), dtype=bool)
        if not len(states):
            return fresh
        for hashes, keys in self.runs:
            at = np.searchsorted(hashes, states.hashes)
            at[at == len(hashes)] = len(hashes) - 1
            hit = hashes[at] == states.hashes
            if keys is None:
                fresh &= ~hit
                continue
            rows = np.flatnonzero(hit)
            same = (keys[:, at[rows]] == states.keys[:, rows]).all(axis=0)
            fresh[rows[same]] = False
            for row in rows[~same]:  # another state has this hash: try them all
                k = int(at[row])
                while k < len(hashes) and hashes[k] == states.hashes[row]:
                    if (keys[:, k] == states.keys[:, row]).all():
                        fresh[row] = False
                        break
                    k += 1
        return fresh


class _Search:
    """The tables, the packing and the goal test of one search."""

    def __init__(self, frame: Frame, goal: Goal, word_bits: int = 64) -> None:
        self.tables = Tables(frame)
        self.packing = Packing(self.tables.counts, word_bits)
        self.hashed = self.packing.bits > DIRECT_BITS
        self.sort_bits = HASH_BITS if self.hashed else self.packing.bits
        self.goal = goal
        self.target = frame.symbols.index(goal.symbol) if goal.kind == "stick" else None
        n = len(frame.symbols)
        words = self.packing.words
        # bytes per successor while a chunk is expanded: codes, settled codes,
        # keys, hashes, labels and the sorting
        self.per_successor = 6 * n + 8 * n + 8 * words + 48
        # and in the settling batch: lookups, gaps and their temporaries
        self.per_settled = 12 * n * n + 30 * n
        self.chunk_states = int(min(MAX_CHUNK, max(MIN_CHUNK,
                                                   CHUNK_BYTES // (2 * self.per_successor))))

    def work_bytes(self, states: int) -> int:
        """Bytes of the work arrays while ``states`` states are expanded."""
        successors = 2 * states
        return (successors * self.per_successor
                + min(successors, self.tables.batch) * self.per_settled)

    def expand(self, frontier: np.ndarray, first_index: int):
        """The successors of ``frontier`` (keys, the states ``first_index``,
        ``first_index + 1``, ... of the layer): the states reached, labelled
        ``2 * index + move`` (0 for L, 1 for R), and the smallest label of a
        move that reaches the goal (None if none does). States reached after
        that move are left out, and so are those that reach the goal."""
        orientation, codes = self.packing.decode(frontier)
        m = len(orientation)
        base = 2 * first_index
        parts, goal_labels = [], []
        turned = ((orientation - 1) & 3, (orientation + 1) & 3)  # after L, after R
        for gravity in range(4):
            picked = [np.flatnonzero(g == gravity) for g in turned]
            if not len(picked[0]) and not len(picked[1]):
                continue
            labels = np.concatenate([base + 2 * picked[0], base + 2 * picked[1] + 1])
            if len(picked[0]) == m or len(picked[1]) == m:
                sub = codes  # every state, in order: no copy
            else:
                sub = codes[:, np.concatenate(picked)]
            settled, out = self.tables.settle(sub, gravity)
            goal = self._reached(settled, out)
            keys = self.packing.encode(gravity, settled)
            if goal.any():
                goal_labels.append(int(labels[goal].min()))
                keys, labels = keys[:, ~goal], labels[~goal]
            parts.append(_Keys(keys, None, labels))
        states = _Keys.concat(parts, self.packing.words)
        goal_label = min(goal_labels) if goal_labels else None
        if goal_label is not None:
            states = states.take(states.labels < goal_label)
        states.hashes = self.sort_values(states.keys)
        return states, goal_label

    def sort_values(self, keys: np.ndarray) -> np.ndarray:
        """The values states sort by: the key itself (if short) or its hash."""
        return _hash(keys) if self.hashed else keys[0]

    def _reached(self, codes: np.ndarray, out: np.ndarray) -> np.ndarray:
        if self.goal.kind == "stick":
            return out[self.target]
        reached = out.any(axis=0)
        if self.goal.kind == "all":
            reached &= ~codes.any(axis=0)
        return reached


def fast_solve(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
               max_seconds: float | None = None, max_bytes: int | None = None,
               orientation: int = 0, progress=None, _word_bits: int = 64,
               _chunk_states: int | None = None, _shortcut: bool = True) -> Answer:
    """Find a shortest sequence of turns that reaches ``goal``, a layer at a time.

    The arguments and the answer are those of
    :func:`webapp.rotation.search.solve`, plus ``max_bytes``: a bound on the
    bytes the search arrays hold (an estimate: the fixed tables, the visited
    keys, parent links and layers, and the work arrays of one chunk). Reaching
    it ends the search with status ``limit`` and ``limit == "memory"``.
    (``_word_bits`` and ``_chunk_states`` are for tests: they force keys of
    several words and small chunks on small boards; ``_shortcut=False`` searches
    even a board that :func:`~webapp.rotation.search.without_search` decides.)
    """
    decided, goal, frame, settled, answer, began = opening(board, goal, orientation,
                                                           max_states, _shortcut)
    if decided is not None:
        return decided

    search = _Search(frame, goal, _word_bits)
    chunk = _chunk_states or search.chunk_states
    packing = search.packing
    start = np.array(search.tables.codes(settled), dtype=np.int16)[:, None]
    frontier = packing.encode(orientation, start)
    visited = _Visited(search.hashed)
    visited.add(_Keys(frontier, search.sort_values(frontier), np.zeros(1, dtype=np.int64)))
    parents: list[np.ndarray] = []  # parents[d - 1][k]: label of state k at depth d
    depth = 0

    def held(*extra) -> int:
        return (search.tables.nbytes + visited.nbytes + sum(p.nbytes for p in parents)
                + frontier.nbytes + sum(x if isinstance(x, int) else x.nbytes for x in extra))

    def stopped(kind: str) -> Answer:
        return answer("limit", states=visited.count, depth=depth, limit=kind)

    while True:
        m = frontier.shape[1]
        next_keys: list[np.ndarray] = []  # the next layer, chunk by chunk
        next_links: list[np.ndarray] = []
        for lo in range(0, m, chunk):
            if max_seconds is not None and time.perf_counter() - began > max_seconds:
                return stopped("time")
            if max_bytes is not None and \
                    held(*next_keys, *next_links, search.work_bytes(min(chunk, m - lo))) > max_bytes:
                return stopped("memory")
            states, goal_label = search.expand(frontier[:, lo:lo + chunk], lo)
            states = _first_occurrences(states, search.hashed, search.sort_bits)
            states = states.take(visited.unseen(states))
            # the chunk's new states come after those of the chunks before
            # it and before those of the chunks after it, as in the reference
            new = len(states)
            if max_states is not None and visited.count + new > max_states:
                return answer("limit", states=max_states, depth=depth, limit="states")
            if goal_label is not None:
                moves = [_MOVES[goal_label & 1]]
                index = goal_label >> 1
                for links in reversed(parents):
                    label = int(links[index])
                    moves.append(_MOVES[label & 1])
                    index = label >> 1
                return answer("solved", "".join(reversed(moves)),
                              states=visited.count + new, depth=depth + 1)
            if new:
                visited.add(states)
                order = np.argsort(states.labels)  # the reference's order
                next_keys.append(states.keys[:, order])
                next_links.append(states.labels[order].astype(np.uint32))
                del states, order
            if progress and lo + chunk < m:
                progress(visited.count, depth)
        if not next_keys:
            return answer("unsolvable", states=visited.count, depth=depth)
        frontier = next_keys[0] if len(next_keys) == 1 else np.concatenate(next_keys, axis=1)
        parents.append(next_links[0] if len(next_links) == 1 else np.concatenate(next_links))
        del next_keys, next_links
        depth += 1
        if progress:
            progress(visited.count, depth)

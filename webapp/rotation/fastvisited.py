"""Duplicate detection for :mod:`webapp.rotation.fastsearch`: a layer's states
reduced to their first occurrences, and the set of every state visited,
kept as a few sorted runs."""

from __future__ import annotations

import numpy as np

from .fastkeys import _U64

#: Runs of visited states grow to this many states, or an eighth of all:
#: merging a bigger one would need much memory for a moment.
MERGE_CAP = 1 << 17


class _Keys:
    """States as keys ``(words, n)``, the values they sort by (``hashes``: the
    key itself when it is short, else :func:`~webapp.rotation.fastkeys._hash`) and a label each
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

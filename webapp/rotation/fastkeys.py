"""How :mod:`webapp.rotation.fastsearch` packs a state into unsigned 64-bit
words, and the hash it sorts long keys by."""

from __future__ import annotations

import numpy as np

__all__ = ["Packing", "DIRECT_BITS", "HASH_BITS"]

_U64 = np.uint64
_HASH_MUL = np.uint64(0x9E3779B97F4A7C15)
_S32 = np.uint64(32)
#: Keys of up to DIRECT_BITS bits sort as they are, longer ones by a hash of
#: HASH_BITS bits; the label of a state goes into the bits below (at least
#: 20: a layer of up to half a million states sorts in one go).
DIRECT_BITS = 44
HASH_BITS = 40
_HASH_SHIFT = np.uint64(64 - HASH_BITS)


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

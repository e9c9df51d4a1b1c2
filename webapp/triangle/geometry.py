"""The big triangle of side n: its slots, their sides, inner edges, turning
(numbering: docs/triangle.md). Slot (r, k) has the number r * r + k; a
placed triple's sides are 0, 1, 2 clockwise from (left, right, bottom) in
a point-up slot, (top, right, left) in a point-down one.

>>> slots(2)
((0, 0), (1, 0), (1, 1), (1, 2))
>>> inner_edges(2)
(((0, 2), (2, 0)), ((1, 1), (2, 2)), ((2, 1), (3, 0)))
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..errors import Message
from .puzzle import MAX_SIDE, TriangleError

__all__ = ["HEIGHT", "slots", "index", "neighbours", "inner_edges", "turn", "turn_placed", "corners"]

#: The height of a small triangle of side 1.
HEIGHT = math.sqrt(3) / 2


def _check(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SIDE:
        raise TriangleError(Message("the side must be an integer from 1 to %(max_side)s, not %(n)s",
                                    max_side=MAX_SIDE, n=repr(n)))


@lru_cache(maxsize=None)
def slots(n: int) -> tuple[tuple[int, int], ...]:
    """The slots (r, k) in numbering order."""
    _check(n)
    return tuple((r, k) for r in range(n) for k in range(2 * r + 1))


def index(r: int, k: int) -> int:
    """The number of slot (r, k).

    >>> index(2, 3)
    7
    """
    return r * r + k


def _rk(slot) -> tuple[int, int]:
    if isinstance(slot, tuple):
        return slot
    r = math.isqrt(slot)
    return r, slot - r * r


@lru_cache(maxsize=None)
def neighbours(n: int) -> tuple[tuple[tuple[int, int] | None, ...], ...]:
    """Per slot, per side 0..2: the (slot, side) across that side, or None on
    the outside of the big triangle.

    >>> neighbours(2)[2]
    ((0, 2), (3, 0), (1, 1))
    """
    out = []
    for r, k in slots(n):
        if k % 2 == 0:
            left = (index(r, k - 1), 1) if k > 0 else None
            right = (index(r, k + 1), 2) if k < 2 * r else None
            bottom = (index(r + 1, k + 1), 0) if r + 1 < n else None
            out.append((left, right, bottom))
        else:
            out.append(((index(r - 1, k - 1), 2), (index(r, k + 1), 0), (index(r, k - 1), 1)))
    return tuple(out)


@lru_cache(maxsize=None)
def inner_edges(n: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """The inner edges as ((slot_a, side_a), (slot_b, side_b)) with slot_a < slot_b,
    in the order of slot_a then side_a. There are 3 n (n - 1) / 2 of them."""
    edges = []
    for a, sides in enumerate(neighbours(n)):
        for side_a, across in enumerate(sides):
            if across is not None and across[0] > a:
                edges.append(((a, side_a), across))
    return tuple(edges)


def corners(n: int, slot) -> tuple[tuple[float, float], ...]:
    """The slot's three corners in unit coordinates (y downwards, the top at
    (n / 2, 0)), side i running from corner i to corner i + 1.

    >>> corners(1, 0)
    ((0.0, 0.866), (0.5, 0.0), (1.0, 0.866))
    >>> corners(2, 2)
    ((0.5, 0.866), (1.5, 0.866), (1.0, 1.732))
    """
    _check(n)
    r, k = _rk(slot)
    if not (0 <= r < n and 0 <= k <= 2 * r):
        raise TriangleError(Message("there is no slot %(slot)s in a triangle of side %(n)s", slot=repr(slot), n=n))
    left = n / 2 - r / 2 + k // 2
    top, bottom = round(r * HEIGHT, 3), round((r + 1) * HEIGHT, 3)
    if k % 2 == 0:
        return ((left - 0.5, bottom), (left, top), (left + 0.5, bottom))
    return ((left, top), (left + 1.0, top), (left + 0.5, bottom))


@lru_cache(maxsize=None)
def turn(n: int) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    """The whole triangle turned by 120 degrees clockwise: per slot, (the slot
    it goes to, perm) with side i landing on side perm[i] (always (1, 2, 0):
    every slot's sides are numbered clockwise).

    >>> turn(2)
    ((3, (1, 2, 0)), (0, (1, 2, 0)), (2, (1, 2, 0)), (1, (1, 2, 0)))
    """
    _check(n)
    cx, cy = n / 2, 2 * n * HEIGHT / 3
    centres = [(sum(x for x, _ in c) / 3, sum(y for _, y in c) / 3)
               for c in (corners(n, s) for s in range(n * n))]
    out = []
    for x, y in centres:
        x, y = x - cx, y - cy  # turned by 120 degrees: y grows downwards, so this turns clockwise
        p = (cx - x / 2 - y * HEIGHT, cy + x * HEIGHT - y / 2)
        out.append((min(range(n * n), key=lambda j: math.dist(centres[j], p)), (1, 2, 0)))
    return tuple(out)


def turn_placed(n: int, picture) -> tuple:
    """The picture (a triple per slot) turned by 120 degrees clockwise.

    >>> turn_placed(1, ((1, 2, 3),))
    ((3, 1, 2),)
    """
    out = [None] * (n * n)
    for s, (target, _) in enumerate(turn(n)):
        x, y, z = picture[s]
        out[target] = (z, x, y)
    return tuple(out)

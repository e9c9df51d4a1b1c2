"""Share codes: a sliding position as a short, stable, versioned URL-safe string.

``1-WxH-`` (version, shape), the position's lexicographic rank in base 62
with a fixed number of digits for the shape, and a check character, so a
mistyped link is noticed. The encoding never changes for version 1.

>>> from webapp.sliding.position import Position
>>> encode(Position((1, 5, 2, 7, 0, 3, 8, 4, 6), width=3))
'1-3x3-0G2uw'
>>> encode(Position.goal(4, 4))
'1-4x4-0OfuXp85v'
>>> decode('1-3x3-0G2uw')
Position((1, 5, 2, 7, 0, 3, 8, 4, 6), width=3)
>>> decode('1-3x3-0G2ux')
Traceback (most recent call last):
...
webapp.sliding.sharecode.ShareCodeError: this link is damaged: its check does not match
"""

from __future__ import annotations

import math
import re

from ..errors import Message
from ..sharecodes import check_char, from_base62, match_code, to_base62, width_for
from .position import MAX_SIDE, MIN_SIDE, Position, SlidingError, rank, unrank

__all__ = ["VERSION", "ShareCodeError", "encode", "decode"]

VERSION = "1"
_CODE = re.compile(r"([0-9]+)-([0-9])x([0-9])-([0-9A-Za-z]*)")
_MAX_CODE = 100  # an 8 x 8 code is 57 characters


class ShareCodeError(SlidingError):
    """A share code that is malformed, damaged or from an unknown version."""


def _digits(n: int) -> int:
    """How many base-62 digits hold every rank of ``n`` tiles."""
    return width_for(math.factorial(n))


def encode(position: Position) -> str:
    """The share code of ``position``."""
    n = len(position.tiles)
    body = to_base62(rank(position.tiles), _digits(n))
    prefix = f"{VERSION}-{position.width}x{position.height}-{body}"
    return prefix + check_char(prefix)


def decode(code: str) -> Position:
    """The position a share code describes.

    >>> decode("2-3x3-0G2uw")
    Traceback (most recent call last):
    ...
    webapp.sliding.sharecode.ShareCodeError: this link is from an unknown version (2) of the playground
    """
    code, m = match_code(code, _CODE, version=VERSION, max_length=_MAX_CODE, error=ShareCodeError,
                         noun=Message("position"), thing=Message("sliding position"), example="1-3x3-0G2uw")
    w, h, body = int(m.group(2)), int(m.group(3)), m.group(4)
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise ShareCodeError(Message("this link is damaged: a %(w)s x %(h)s board is out of range", w=w, h=h))
    n = w * h
    if len(body) != _digits(n) + 1:
        raise ShareCodeError(Message("this link is damaged: it is cut short") if len(body) <= _digits(n)
                             else Message("this link is damaged: it is too long"))
    if check_char(code[:-1]) != code[-1]:
        raise ShareCodeError(Message("this link is damaged: its check does not match"))
    r = from_base62(body[:-1])
    if r >= math.factorial(n):
        raise ShareCodeError(Message("this link is damaged: it names no position of this size"))
    return Position(unrank(n, r), w)

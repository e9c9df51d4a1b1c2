"""Share codes: a triangle puzzle as a short, stable, versioned URL-safe string.

``1-<n>-<k>-<B>-`` (version, side, figure kinds, base), every edge number
zigzagged into base ``B`` (``2k + 1`` for ``-k .. k``) and the whole
written as one base-62 number of a fixed width, then a check character,
so a mistyped link is noticed. Nine pieces with three figure kinds take 22
characters after the base; 64 with nine kinds 138. The encoding never
changes for version 1.

>>> from webapp.triangle.puzzle import Puzzle
>>> p = Puzzle(2, ((1, -2, 0), (2, 2, -1), (0, 0, 0), (-1, 1, 2)))
>>> encode(p)
'1-2-2-5-8ic9dh'
>>> decode(encode(p)) == p
True
>>> decode('1-2-2-5-8ic9di')
Traceback (most recent call last):
...
webapp.triangle.sharecode.ShareCodeError: this link is damaged: its check does not match
"""

from __future__ import annotations

import re

from ..errors import Message
from ..sharecodes import check_char, from_base62, match_code, to_base62, width_for
from .puzzle import MAX_SIDE, Puzzle, TriangleError

__all__ = ["VERSION", "ShareCodeError", "encode", "decode"]

VERSION = "1"
_CODE = re.compile(r"([0-9]+)-([0-9]+)-([0-9A-Za-z]+)-([0-9A-Za-z]+)-([0-9A-Za-z]*)")
#: Far more than 64 pieces of everyday numbers need (138 characters), and a
#: bound on the work a pasted code can ask for.
MAX_CODE = 4000


class ShareCodeError(TriangleError):
    """A share code that is malformed, damaged or from an unknown version."""


def _zigzag(v: int) -> int:
    """0, -1, 1, -2, 2, ... as 0, 1, 2, 3, 4, ...

    >>> [_zigzag(v) for v in (0, -1, 1, -2, 2)]
    [0, 1, 2, 3, 4]
    """
    return 2 * v if v >= 0 else -2 * v - 1


def _unzigzag(z: int) -> int:
    return z // 2 if z % 2 == 0 else -(z + 1) // 2


def encode(puzzle: Puzzle) -> str:
    """The share code of ``puzzle``."""
    values = [_zigzag(v) for piece in puzzle.pieces for v in piece]
    base = max(2, max(values) + 1)
    packed = 0
    for z in values:  # the first number ends up in the highest digit
        packed = packed * base + z
    body = to_base62(packed, width_for(base ** len(values)))
    prefix = f"{VERSION}-{puzzle.n}-{to_base62(puzzle.figures)}-{to_base62(base)}-{body}"
    return prefix + check_char(prefix)


def decode(code: str) -> Puzzle:
    """The puzzle a share code describes.

    >>> decode("2-3-3-7-00")
    Traceback (most recent call last):
    ...
    webapp.triangle.sharecode.ShareCodeError: this link is from an unknown version (2) of the playground
    >>> decode("1-3x3-0G2uw")
    Traceback (most recent call last):
    ...
    webapp.triangle.sharecode.ShareCodeError: this link is damaged: it is not a triangle puzzle code (like 1-2-2-5-8ic9dh)
    """
    code, m = match_code(code, _CODE, version=VERSION, max_length=MAX_CODE, error=ShareCodeError,
                         noun=Message("puzzle"), thing=Message("triangle puzzle"), example="1-2-2-5-8ic9dh")
    _, side, figures, base, body = m.groups()
    n = int(side) if len(side) < 3 else 0
    if not 1 <= n <= MAX_SIDE:
        raise ShareCodeError(Message("this link is damaged: a triangle of side %(side)s is out of range (1 to "
                                     "%(max_side)s)",
                                     side=side, max_side=MAX_SIDE))
    base_value = from_base62(base)
    count = 3 * n * n
    if base_value < 2:
        raise ShareCodeError(Message("this link is damaged: its numbers are packed in an impossible base"))
    if len(body) - 1 > MAX_CODE or (len(body) - 1) * 5.96 < count * (base_value.bit_length() - 1):
        # a cheap bound first: base ** count is never built for a hopeless body
        raise ShareCodeError(Message("this link is damaged: it is cut short"))
    width = width_for(base_value ** count)
    if len(body) != width + 1:
        raise ShareCodeError(Message("this link is damaged: it is cut short") if len(body) <= width
                             else Message("this link is damaged: it is too long"))
    if check_char(code[:-1]) != code[-1]:
        raise ShareCodeError(Message("this link is damaged: its check does not match"))
    packed = from_base62(body[:-1])
    if packed >= base_value ** count:
        raise ShareCodeError(Message("this link is damaged: it names no puzzle of this size"))
    values = []
    for _ in range(count):
        packed, z = divmod(packed, base_value)
        values.append(_unzigzag(z))
    values.reverse()
    pieces = tuple(tuple(values[i:i + 3]) for i in range(0, count, 3))
    try:
        return Puzzle(from_base62(figures), pieces)
    except TriangleError as exc:
        raise ShareCodeError(Message("this link is damaged: %(exc)s", exc=exc)) from None

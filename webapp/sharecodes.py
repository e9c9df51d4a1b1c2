"""Base-62 numbers and the check character of the share codes of the
sliding and triangle kinds: one place, so that both kinds write and read
their codes alike (free of Flask; the kinds' own modules hold the layout).

Digits are ``0-9``, then ``A-Z``, then ``a-z``; the check is one such digit
taken from the CRC-32 of everything before it. Codes already shared must
keep decoding: nothing here may change what it returns.

>>> to_base62(0), to_base62(61), to_base62(62), to_base62(5, width=3)
('0', 'z', '10', '005')
>>> from_base62("10"), from_base62(to_base62(123456789))
(62, 123456789)
>>> width_for(62), width_for(63), width_for(62 ** 2)
(1, 2, 2)
>>> check_char("1-3x3-0G2u")  # the sliding code 1-3x3-0G2uw
'w'
"""

from __future__ import annotations

import re
import zlib

from .errors import Message

__all__ = ["ALPHABET", "to_base62", "from_base62", "width_for", "check_char", "match_code"]

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_DIGIT = {ch: i for i, ch in enumerate(ALPHABET)}


def to_base62(value: int, width: int = 1) -> str:
    """``value`` (0 or more) in base 62, padded with ``0`` to ``width`` digits
    (no leading zeros beyond that)."""
    digits = []
    while True:
        value, d = divmod(value, 62)
        digits.append(ALPHABET[d])
        if not value:
            return "".join(reversed(digits)).rjust(width, "0")


def from_base62(text: str) -> int:
    """The number ``text`` writes in base 62 (``0`` for no digits); the
    caller has checked that every character is one of :data:`ALPHABET`."""
    value = 0
    for ch in text:
        value = value * 62 + _DIGIT[ch]
    return value


def width_for(limit: int) -> int:
    """How many base-62 digits (at least one) hold every number below ``limit``."""
    width, power = 1, 62
    while power < limit:
        width += 1
        power *= 62
    return width


def check_char(prefix: str) -> str:
    """The check character of a code that starts with ``prefix``."""
    # CRC-32 of everything before it: one wrong or swapped character changes it
    # (a damaged link still has a 1-in-62 chance to pass)
    return ALPHABET[zlib.crc32(prefix.encode("ascii")) % 62]


def match_code(code, pattern: re.Pattern, *, version: str, max_length: int, error: type[ValueError],
               noun: str, thing: str, example: str) -> tuple[str, re.Match]:
    """``code`` without surrounding spaces and its match of ``pattern`` (whose
    first group is the version): ``error`` with the kind's words (``noun``,
    ``thing``, ``example``) if it is empty, too long, of another shape or of
    another version.

    >>> match_code(" 1-7 ", re.compile(r"([0-9]+)-([0-9]+)"), version="1", max_length=9,
    ...            error=ValueError, noun="x", thing="test", example="1-7")[1].group(2)
    '7'
    >>> match_code("3-7", re.compile(r"([0-9]+)-([0-9]+)"), version="1", max_length=9,
    ...            error=ValueError, noun="x", thing="test", example="1-7")
    Traceback (most recent call last):
    ...
    ValueError: this link is from an unknown version (3) of the playground
    """
    if not isinstance(code, str) or not code.strip():
        raise error(Message("this link holds no %(noun)s", noun=noun))
    code = code.strip()
    if len(code) > max_length:
        raise error(Message("this link is too long to be a %(thing)s", thing=thing))
    m = pattern.fullmatch(code)
    found = m.group(1) if m else code.split("-", 1)[0]
    if found.isdigit() and found != version:
        raise error(Message("this link is from an unknown version (%(version)s) of the playground", version=found))
    if not m:
        raise error(Message("this link is damaged: it is not a %(thing)s code (like %(example)s)",
                            thing=thing, example=example))
    return code, m

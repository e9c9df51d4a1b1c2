"""Share codes: a board as a short, versioned, URL-safe string.

A code is the version letter ``A`` followed by URL-safe base64 (no padding)
of a deflated byte string: width, height, the walls as a bitmap, then four
bytes per stick, and a CRC-32 of it all, so a damaged link is noticed rather
than opening some other puzzle. A 40 x 40 board takes a few hundred
characters.

>>> from webapp.rotation.board import Board
>>> board = Board.from_text("7\\n### ###\\n#     #\\n#     #\\n#     #\\n#    1#\\n#  001#\\n#######")
>>> code = encode(board)
>>> code[:1], len(code) < 60
('A', True)
>>> decode(code) == board
True
>>> decode("A" + code[1:-3] + "xyz")
Traceback (most recent call last):
...
webapp.rotation.sharecode.ShareCodeError: this link is damaged: its check does not match
"""

from __future__ import annotations

import base64
import binascii
import string
import zlib

from ..errors import Message
from .board import SYMBOL_ORDER, SYMBOLS, Board, BoardError, Stick

VERSION = "A"
_CODE_CHARS = frozenset(string.ascii_letters + string.digits + "-_")  # base64url
_MAX_CODE = 8000  # generous: a full 64 x 64 board with 62 sticks is far below


class ShareCodeError(BoardError):
    """A share code that is malformed, damaged or from an unknown version."""


def encode(board: Board) -> str:
    """The share code of ``board``."""
    w, h = board.width, board.height
    bits = bytearray((w * h + 7) // 8)
    for r, c in board.walls:
        i = r * w + c
        bits[i >> 3] |= 0x80 >> (i & 7)
    data = bytearray([w, h])
    data += bits
    data.append(len(board.sticks))
    for s in board.sticks:
        data += bytes([SYMBOL_ORDER[s.symbol], s.row, s.col, s.length << 1 | s.vertical])
    data += zlib.crc32(data).to_bytes(4, "big")
    packed = zlib.compress(bytes(data), 9)[2:-4]  # raw deflate: the CRC above checks it
    return VERSION + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def decode(code: str) -> Board:
    """The board a share code describes; :class:`ShareCodeError` if it is not one."""
    if not isinstance(code, str) or not code:
        raise ShareCodeError(Message("this link holds no puzzle"))
    if len(code) > _MAX_CODE:
        raise ShareCodeError(Message("this link is too long to be a puzzle"))
    if bad := next(((i, ch) for i, ch in enumerate(code, 1) if ch not in _CODE_CHARS), None):
        raise ShareCodeError(Message("this link is damaged: a puzzle code cannot hold %(bad)s (character %(bad2)s)",
                                     bad=repr(bad[1]), bad2=bad[0]))
    if code[0] != VERSION:
        # versions are marked by a capital letter: anything else was never a code
        if "A" <= code[0] <= "Z":
            raise ShareCodeError(Message("this link is from an unknown version (%(code)s) of the playground",
                                         code=repr(code[0])))
        raise ShareCodeError(Message("this link is damaged: it is not a puzzle code (those start with A)"))
    body = code[1:]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        data = zlib.decompressobj(-15).decompress(raw, 64 * 1024)
    except (binascii.Error, ValueError, zlib.error):
        raise ShareCodeError(Message("this link is damaged: it does not decode")) from None
    if len(data) < 7:
        raise ShareCodeError(Message("this link is damaged: it is cut short"))
    payload, check = data[:-4], data[-4:]
    if zlib.crc32(payload).to_bytes(4, "big") != check:
        raise ShareCodeError(Message("this link is damaged: its check does not match"))
    w, h = payload[0], payload[1]
    nbits = (w * h + 7) // 8
    if len(payload) < 3 + nbits:
        raise ShareCodeError(Message("this link is damaged: it is cut short"))
    bits = payload[2:2 + nbits]
    walls = frozenset(divmod(i, w) for i in range(w * h) if bits[i >> 3] & (0x80 >> (i & 7)))
    count = payload[2 + nbits]
    rest = payload[3 + nbits:]
    if len(rest) != 4 * count:
        raise ShareCodeError(Message("this link is damaged: the sticks do not add up"))
    try:
        sticks = []
        for k in range(count):
            sym, row, col, lv = rest[4 * k:4 * k + 4]
            if sym >= len(SYMBOLS):
                raise ShareCodeError(Message("this link is damaged: unknown stick"))
            sticks.append(Stick(SYMBOLS[sym], row, col, lv >> 1, bool(lv & 1)))
        return Board(w, h, walls, tuple(sticks))
    except ShareCodeError:
        raise
    except BoardError as exc:
        raise ShareCodeError(Message("this link describes no valid puzzle: %(exc)s", exc=exc)) from None

"""Short links: ``/s/<id>`` names a board stored in SQLite.

The id comes from a hash of the board's text, so the same puzzle always gets
the same id; on the rare clash with another board the id grows a character.
"""

from __future__ import annotations

import hashlib
import sqlite3

from ..rotation import Board, parse
from .db import get_db

_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ID_LENGTH = 8


def _digits(text: str) -> str:
    n = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")
    out = []
    while n:
        n, d = divmod(n, 62)
        out.append(_ALPHABET[d])
    return "".join(out)


def store(board: Board) -> str:
    """Store ``board`` (if new) and return its id."""
    text = board.text()
    db = get_db()
    row = db.execute("SELECT id FROM links WHERE board = ?", (text,)).fetchone()
    if row:
        return row["id"]
    digits = _digits(text)
    for length in range(ID_LENGTH, len(digits) + 1):
        candidate = digits[:length]
        try:
            with db:
                db.execute("INSERT INTO links (id, board) VALUES (?, ?)", (candidate, text))
            return candidate
        except sqlite3.IntegrityError:
            row = db.execute("SELECT id FROM links WHERE board = ?", (text,)).fetchone()
            if row:  # stored meanwhile by another request
                return row["id"]
    raise RuntimeError("no free short id")  # pragma: no cover - 2^-190 odds


def load(link_id: str) -> Board | None:
    """The board stored under ``link_id``, or None."""
    if not link_id.isalnum() or len(link_id) > 64:
        return None
    row = get_db().execute("SELECT board FROM links WHERE id = ?", (link_id,)).fetchone()
    return parse(row["board"]) if row else None

"""Short links: ``/s/<id>`` names a puzzle (its kind and its text) stored in
SQLite.

The id comes from a hash of the puzzle's text (and its kind, for kinds other
than rotation, whose ids are those of before kinds), so the same puzzle
always gets the same id; on the rare clash with another puzzle the id grows
a character.
"""

from __future__ import annotations

import hashlib
import sqlite3

from .. import kinds
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


def store(puzzle, kind: str = "rotation") -> str:
    """Store ``puzzle`` of ``kind`` (if new) and return its id."""
    text = kinds.get(kind).text(puzzle)
    db = get_db()
    row = db.execute("SELECT id FROM links WHERE kind = ? AND board = ?", (kind, text)).fetchone()
    if row:
        return row["id"]
    digits = _digits(text if kind == "rotation" else f"{kind}\0{text}")
    for length in range(ID_LENGTH, len(digits) + 1):
        candidate = digits[:length]
        try:
            with db:
                db.execute("INSERT INTO links (id, kind, board) VALUES (?, ?, ?)", (candidate, kind, text))
            return candidate
        except sqlite3.IntegrityError:
            row = db.execute("SELECT id FROM links WHERE kind = ? AND board = ?", (kind, text)).fetchone()
            if row:  # stored meanwhile by another request
                return row["id"]
    raise RuntimeError("no free short id")  # pragma: no cover - 2^-190 odds


def load(link_id: str):
    """``(kind, puzzle)`` stored under ``link_id``, or None (also for a kind
    this server does not know)."""
    if not link_id.isalnum() or len(link_id) > 64:
        return None
    row = get_db().execute("SELECT kind, board FROM links WHERE id = ?", (link_id,)).fetchone()
    if row is None:
        return None
    try:
        kind = kinds.get(row["kind"])
    except KeyError:
        return None
    return kind.name, kind.parse(row["board"])

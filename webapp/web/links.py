"""Short links: ``/s/<id>`` names a puzzle (its kind and its text) stored in
SQLite.

The id comes from a hash of the kind's ``link_id_text`` (its name and the
puzzle's text; rotation's is the text alone, so its ids are those of before
kinds), so the same puzzle always gets the same id; on the rare clash with
another puzzle the id grows a character.
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


def store(puzzle, kind: str | None = None) -> str:
    """Store ``puzzle`` of ``kind`` (by default the kind from before kinds,
    as callers of then expect) if new, and return its id."""
    found = kinds.get(kind) if kind is not None else kinds.legacy() or kinds.KINDS[0]
    kind = found.name
    text = found.text(puzzle)
    db = get_db()
    row = db.execute("SELECT id FROM links WHERE kind = ? AND board = ?", (kind, text)).fetchone()
    if row:
        return row["id"]
    digits = _digits(found.link_id_text(text))
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

"""Short links: ``/s/<id>`` names a puzzle (its kind and its text) stored in
SQLite, or in PostgreSQL with ``DATABASE_URL`` set (:mod:`.store`: the
ids are the same in both).

The id comes from a hash of the kind's name and the puzzle's text, so the
same puzzle always gets the same id; on the rare clash with another puzzle
the id grows a character. A puzzle stored already keeps the id it was
stored under (an earlier version hashed a rotation puzzle's text alone):
it is looked up by kind and text first.
"""

from __future__ import annotations

import hashlib

from .. import kinds
from .outage import ServerDown
from .store import StoreDown, current

DOWN = "Short links cannot be made or opened right now: their database does not answer. " \
       "Please try again in a moment."

_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ID_LENGTH = 8


def _digits(text: str) -> str:
    n = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")
    out = []
    while n:
        n, d = divmod(n, 62)
        out.append(_ALPHABET[d])
    return "".join(out)


def store(puzzle, kind) -> str:
    """Store ``puzzle`` of ``kind`` (the kind itself) if new, and return its id."""
    text, links = kind.text(puzzle), current()
    try:
        if known := links.link_id_for(kind.name, text):
            return known
        digits = _digits(f"{kind.name}\0{text}")
        for length in range(ID_LENGTH, len(digits) + 1):
            if links.insert_link(digits[:length], kind.name, text):
                return digits[:length]
            if known := links.link_id_for(kind.name, text):  # stored meanwhile by another request
                return known
    except StoreDown as exc:
        raise ServerDown(DOWN) from exc
    raise RuntimeError("no free short id")  # pragma: no cover - 2^-190 odds


def load(link_id: str):
    """``(kind, puzzle)`` stored under ``link_id``, or None (also for a kind
    this server does not know)."""
    if not link_id.isalnum() or len(link_id) > 64:
        return None
    try:
        row = current().link(link_id)
    except StoreDown as exc:
        raise ServerDown(DOWN) from exc
    if row is None:
        return None
    try:
        kind = kinds.get(row[0])
    except KeyError:
        return None
    return kind.name, kind.parse(row[1])

"""Short links: ``/s/<id>`` names a puzzle (its kind and its text) stored in
SQLite, or in PostgreSQL with ``DATABASE_URL`` set (:mod:`.store`: the
ids are the same in both).

The id comes from a hash of the kind's ``link_id_text`` (its name and the
puzzle's text; rotation's is the text alone, so its ids are those of before
kinds), so the same puzzle always gets the same id; on the rare clash with
another puzzle the id grows a character.
"""

from __future__ import annotations

import hashlib

from .. import kinds
from . import aliases
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


def store(puzzle, kind=None) -> str:
    """Store ``puzzle`` of ``kind`` (the kind itself; by default the kind
    from before kinds, as callers of then expect) if new, and return its id."""
    kind = kind if kind is not None else aliases.default_kind()
    text = kind.text(puzzle)
    try:
        return _store(current(), kind.name, text, kind.link_id_text(text))
    except StoreDown as exc:
        raise ServerDown(DOWN) from exc


def _store(store, kind: str, text: str, id_text: str) -> str:
    known = store.link_id_for(kind, text)
    if known:
        return known
    digits = _digits(id_text)
    for length in range(ID_LENGTH, len(digits) + 1):
        candidate = digits[:length]
        if store.insert_link(candidate, kind, text):
            return candidate
        known = store.link_id_for(kind, text)
        if known:  # stored meanwhile by another request
            return known
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

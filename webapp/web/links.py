"""Short links: ``/s/<id>`` names a puzzle (its kind and its share code)
stored in SQLite, or in PostgreSQL with ``DATABASE_URL`` set (:mod:`.store`:
the ids are the same in both).

The id comes from a hash of the kind's name and the puzzle's text, so the
same puzzle always gets the same id; on the rare clash with another puzzle
the id grows a character. A puzzle stored already keeps the id it was
stored under (an earlier version hashed a rotation puzzle's text alone):
it is looked up by kind and share code first, then by text, as versions
before share codes stored it (those rows keep their format, ``text``).

The store is bounded by ``LINK_STORE_MAX_BYTES``: the bytes of every row's
id, kind and board, and :data:`~.store.ROW_BYTES` for the row itself,
counted by the store as rows come and go, so that the check is one row read. Once a new link would pass it, a new puzzle is
refused (507, with the long link to copy instead); stored puzzles still
open and store again. Links never expire: docs/serving.md says what an
operator can do when the store is full.
"""

from __future__ import annotations

import hashlib

from flask import current_app
from werkzeug.exceptions import HTTPException

from .. import kinds
from ..errors import Message
from .outage import ServerDown
from .store import ROW_BYTES, StoreDown, current

DOWN = Message("Short links cannot be made or opened right now: their database does not answer. "
               "Please try again in a moment.")
FULL = "the link store is full: copy the long link instead"

_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ID_LENGTH = 8


class StoreFull(HTTPException):
    """507: the store is at ``LINK_STORE_MAX_BYTES``; ``share_code`` is the
    puzzle's, for its long link."""

    code = 507
    description = FULL

    def __init__(self, kind, share_code: str) -> None:
        super().__init__()
        self.kind, self.share_code = kind, share_code


def _digits(text: str) -> str:
    n = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")
    out = []
    while n:
        n, d = divmod(n, 62)
        out.append(_ALPHABET[d])
    return "".join(out)


def store(puzzle, kind) -> str:
    """Store ``puzzle`` of ``kind`` (the kind itself) if new, and return its
    id; StoreFull when it is new and the store has no room."""
    text, code, links = kind.text(puzzle), kind.encode(puzzle), current()
    try:
        if known := links.link_id_for(kind.name, code) or links.link_id_for(kind.name, text):
            return known
        bound = current_app.config.get("LINK_STORE_MAX_BYTES")
        if bound and links.link_usage()[1] + ROW_BYTES + ID_LENGTH + len(kind.name) + len(code) > bound:
            _say_full(bound)
            raise StoreFull(kind, code)
        digits = _digits(f"{kind.name}\0{text}")
        for length in range(ID_LENGTH, len(digits) + 1):
            if links.insert_link(digits[:length], kind.name, code):
                return digits[:length]
            if known := links.link_id_for(kind.name, code):  # stored meanwhile by another request
                return known
    except StoreDown as exc:
        raise ServerDown(DOWN) from exc
    raise RuntimeError("no free short id")  # pragma: no cover - 2^-190 odds


def _say_full(bound: int) -> None:
    """Tell the operator once a process: each refusal would flood the log."""
    if not current_app.extensions.get("playground_links_full"):
        current_app.extensions["playground_links_full"] = True
        current_app.logger.warning("the link store is full (LINK_STORE_MAX_BYTES = %s): new short links "
                                   "are refused; docs/serving.md says what to do", bound)


def load(link_id: str):
    """``(kind, puzzle)`` stored under ``link_id``, or None (also for a kind
    this server does not know, or a format of a newer version)."""
    if not link_id.isalnum() or len(link_id) > 64:
        return None
    try:
        row = current().link(link_id)
    except StoreDown as exc:
        raise ServerDown(DOWN) from exc
    if row is None:
        return None
    name, form, board = row
    try:
        kind = kinds.get(name)
    except KeyError:
        return None
    if form == "code":
        return kind.name, kind.decode(board)
    if form == "text":
        return kind.name, kind.parse(board)
    return None

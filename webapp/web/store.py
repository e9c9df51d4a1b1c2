"""Where short links and cached answers are kept: SQLite in the instance
folder (one web process, the default) or, with ``DATABASE_URL`` set,
PostgreSQL, shared by every web process (docs/serving.md). The app picks
one when it is made (:func:`webapp.web.factory.open_store`); :mod:`.links`
and :mod:`.cache` hold the rules (the ids, what is worth keeping) and speak
to either through this interface, which the stores import.
"""

from __future__ import annotations

from typing import Protocol

from flask import current_app


#: What a link's row costs the store besides its id, kind and board (the
#: row's header, its index entries), counted toward LINK_STORE_MAX_BYTES so
#: that a store of small links is not far bigger on disk than its figure
#: (PostgreSQL's triggers hold it as migrated: a change needs a migration).
ROW_BYTES = 100


class StoreDown(RuntimeError):
    """The database does not answer (stopped, unreachable, too slow)."""


class BadUrl(ValueError):
    """``DATABASE_URL`` does not name a PostgreSQL database."""


class Store(Protocol):
    def link_id_for(self, kind: str, board: str) -> str | None:
        """The id ``board`` of ``kind`` is stored under, if it is."""

    def insert_link(self, link_id: str, kind: str, code: str) -> bool:
        """Store the link (the puzzle's share code), committed; False when
        the id (or the puzzle) is taken already."""

    def link(self, link_id: str) -> tuple[str, str, str] | None:
        """``(kind, format, board)`` stored under ``link_id``: the format
        says what the board is (``code``, or ``text`` in older rows)."""

    def link_usage(self) -> tuple[int, int]:
        """How many links are stored, and their bytes (ids, kinds, boards,
        and :data:`ROW_BYTES` a link)."""

    def answer(self, key: str) -> str | None:
        """The answer (JSON) kept under ``key``, now the most recently used."""

    def remember(self, key: str, answer: str, bound: int | None) -> None:
        """Keep ``answer`` under ``key``; then at most ``bound`` answers,
        the least recently used dropped."""

    def close(self) -> None:
        """Let go of the connections (a web process that ends)."""


def current() -> Store:
    return current_app.extensions["playground_store"]

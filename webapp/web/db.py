"""SQLite storage in the instance folder, created on first use: the store
of short links and cached answers when no ``DATABASE_URL`` names a
PostgreSQL server (:mod:`.store`)."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

from flask import current_app, g

from .store import ROW_BYTES

#: The kind of a link stored before links had one: rotation was the only kind then.
FIRST_KIND = "rotation"

#: A row's bytes, as the store's bound counts them (:mod:`.links`).
_BYTES = (f"({ROW_BYTES} + length(CAST({{0}}.id AS BLOB)) + length(CAST({{0}}.kind AS BLOB)) "
          "+ length(CAST({0}.board AS BLOB)))")

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS links (
    id      TEXT PRIMARY KEY,
    kind    TEXT NOT NULL DEFAULT '{FIRST_KIND}',
    board   TEXT NOT NULL,
    created REAL NOT NULL DEFAULT (strftime('%s', 'now')),
    format  TEXT NOT NULL DEFAULT 'text',
    UNIQUE (kind, board)
);
CREATE TABLE IF NOT EXISTS solutions (
    key       TEXT PRIMARY KEY,
    answer    TEXT NOT NULL,
    created   REAL NOT NULL DEFAULT (strftime('%s', 'now')),
    last_used REAL NOT NULL DEFAULT 0
);
"""
INDEXES = "CREATE INDEX IF NOT EXISTS solutions_last_used ON solutions (last_used);"

# The links' count and bytes, kept by triggers as rows come and go (an
# operator's DELETE too): the bound is checked on one row, not on a scan.
USAGE = f"""
BEGIN IMMEDIATE;
CREATE TABLE IF NOT EXISTS link_usage (
    one   INTEGER PRIMARY KEY CHECK (one = 1),
    links INTEGER NOT NULL,
    bytes INTEGER NOT NULL
);
INSERT INTO link_usage  -- the rows there counted once, not at each start
    SELECT 1, (SELECT count(*) FROM links), (SELECT coalesce(sum({_BYTES.format('links')}), 0) FROM links)
    WHERE NOT EXISTS (SELECT 1 FROM link_usage);
CREATE TRIGGER IF NOT EXISTS link_added AFTER INSERT ON links BEGIN
    UPDATE link_usage SET links = links + 1, bytes = bytes + {_BYTES.format('NEW')};
END;
CREATE TRIGGER IF NOT EXISTS link_removed AFTER DELETE ON links BEGIN
    UPDATE link_usage SET links = links - 1, bytes = bytes - {_BYTES.format('OLD')};
END;
CREATE TRIGGER IF NOT EXISTS link_changed AFTER UPDATE ON links BEGIN
    UPDATE link_usage SET bytes = bytes - {_BYTES.format('OLD')} + {_BYTES.format('NEW')};
END;
COMMIT;
"""


def _migrate(db: sqlite3.Connection) -> None:
    """Bring a database made by an older version up to this schema: links
    gain their kind (the old ones are all of rotation,
    :data:`FIRST_KIND`; the table is
    rebuilt, as a board is now unique within its kind only) and their
    format (the old ones hold the puzzle's text), answers their last use;
    the links' usage is counted."""
    if "kind" not in {row[1] for row in db.execute("PRAGMA table_info(links)")}:
        db.executescript(f"""
            BEGIN;
            CREATE TABLE links_with_kinds (
                id      TEXT PRIMARY KEY,
                kind    TEXT NOT NULL DEFAULT '{FIRST_KIND}',
                board   TEXT NOT NULL,
                created REAL NOT NULL DEFAULT (strftime('%s', 'now')),
                UNIQUE (kind, board)
            );
            INSERT INTO links_with_kinds (id, kind, board, created)
                SELECT id, '{FIRST_KIND}', board, created FROM links;
            DROP TABLE links;
            ALTER TABLE links_with_kinds RENAME TO links;
            COMMIT;
        """)
    if "format" not in {row[1] for row in db.execute("PRAGMA table_info(links)")}:
        db.execute("ALTER TABLE links ADD COLUMN format TEXT NOT NULL DEFAULT 'text'")
    columns = {row[1] for row in db.execute("PRAGMA table_info(solutions)")}
    if "last_used" not in columns:
        db.execute("ALTER TABLE solutions ADD COLUMN last_used REAL NOT NULL DEFAULT 0")
        db.execute("UPDATE solutions SET last_used = created")
    db.executescript(INDEXES)
    db.executescript(USAGE)


def database_path() -> str:
    return current_app.config.get("DATABASE") or os.path.join(current_app.instance_path, "playground.sqlite3")


_ready: set[str] = set()
_ready_lock = threading.Lock()


def get_db() -> sqlite3.Connection:
    """The request's connection; the file and its tables are made on first use."""
    if "db" not in g:
        path = database_path()
        with _ready_lock:
            if path not in _ready:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with sqlite3.connect(path, timeout=10) as db:
                    db.execute("PRAGMA journal_mode=WAL")
                    db.executescript(SCHEMA)
                    _migrate(db)
                db.close()
                _ready.add(path)
        db = sqlite3.connect(path, timeout=10)
        db.row_factory = sqlite3.Row
        # a lost cache entry costs a re-solve, not data: no fsync per write
        db.execute("PRAGMA synchronous=NORMAL")
        g.db = db
    return g.db


def close_db(_exc=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app) -> None:
    app.teardown_appcontext(close_db)


class SqliteStore:
    """:class:`.store.Store` over the request's connection."""

    def close(self) -> None:
        pass  # each request closes its own connection

    def link_id_for(self, kind: str, board: str) -> str | None:
        row = get_db().execute("SELECT id FROM links WHERE kind = ? AND board = ?", (kind, board)).fetchone()
        return row["id"] if row else None

    def insert_link(self, link_id: str, kind: str, code: str) -> bool:
        db = get_db()
        try:
            with db:
                db.execute("INSERT INTO links (id, kind, board, format) VALUES (?, ?, ?, 'code')",
                           (link_id, kind, code))
        except sqlite3.IntegrityError:
            return False
        return True

    def link(self, link_id: str) -> tuple[str, str, str] | None:
        row = get_db().execute("SELECT kind, format, board FROM links WHERE id = ?", (link_id,)).fetchone()
        return (row["kind"], row["format"], row["board"]) if row else None

    def link_usage(self) -> tuple[int, int]:
        return tuple(get_db().execute("SELECT links, bytes FROM link_usage").fetchone())

    def answer(self, key: str) -> str | None:
        db = get_db()
        row = db.execute("SELECT answer FROM solutions WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        with db:
            db.execute("UPDATE solutions SET last_used = ? WHERE key = ?", (time.time(), key))
        return row["answer"]

    def remember(self, key: str, answer: str, bound: int | None) -> None:
        db = get_db()
        with db:
            db.execute("INSERT OR REPLACE INTO solutions (key, answer, last_used) VALUES (?, ?, ?)",
                       (key, answer, time.time()))
            if bound:
                db.execute("DELETE FROM solutions WHERE key IN (SELECT key FROM solutions "
                           "ORDER BY last_used DESC, rowid DESC LIMIT -1 OFFSET ?)", (int(bound),))


def _read_only(path: str) -> sqlite3.Connection:
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no SQLite database at {path}")
    return sqlite3.connect(Path(path).absolute().as_uri() + "?mode=ro", uri=True)


def _read(path: str, table: str, columns) -> list[tuple]:
    """Every row of ``table`` in the SQLite file at ``path``, read as it is:
    ``columns(present)`` is what to select, given the columns it has."""
    with closing(_read_only(path)) as db:
        present = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        return db.execute(f"SELECT {columns(present)} FROM {table}").fetchall() if present else []


def read_links(path: str) -> list[tuple[str, str, str, str, float]]:
    """``(id, kind, format, board, created)`` of every link in the SQLite
    file at ``path`` (in a database of before kinds, all of
    :data:`FIRST_KIND`; of before formats, all texts): copy-links
    copies them without changing the file."""
    return _read(path, "links",
                 lambda has: f"id, {'kind' if 'kind' in has else repr(FIRST_KIND)}, "
                             f"{'format' if 'format' in has else repr('text')}, board, created")


def read_answers(path: str) -> list[tuple[str, str, float, float]]:
    """``(key, answer, created, last_used)`` of every cached answer in the
    SQLite file at ``path`` (an old one's last use: when it was made)."""
    return _read(path, "solutions",
                 lambda has: f"key, answer, created, {'last_used' if 'last_used' in has else 'created'}")

"""SQLite storage in the instance folder, created on first use."""

from __future__ import annotations

import os
import sqlite3
import threading

from flask import current_app, g

SCHEMA = """
CREATE TABLE IF NOT EXISTS links (
    id      TEXT PRIMARY KEY,
    kind    TEXT NOT NULL DEFAULT 'rotation',
    board   TEXT NOT NULL,
    created REAL NOT NULL DEFAULT (strftime('%s', 'now')),
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


def _migrate(db: sqlite3.Connection) -> None:
    """Bring a database made by an older version up to this schema: links
    gain their kind (the old ones are all rotation puzzles; the table is
    rebuilt, as a board is now unique within its kind only), answers their
    last use."""
    if "kind" not in {row[1] for row in db.execute("PRAGMA table_info(links)")}:
        db.executescript("""
            BEGIN;
            CREATE TABLE links_with_kinds (
                id      TEXT PRIMARY KEY,
                kind    TEXT NOT NULL DEFAULT 'rotation',
                board   TEXT NOT NULL,
                created REAL NOT NULL DEFAULT (strftime('%s', 'now')),
                UNIQUE (kind, board)
            );
            INSERT INTO links_with_kinds (id, kind, board, created)
                SELECT id, 'rotation', board, created FROM links;
            DROP TABLE links;
            ALTER TABLE links_with_kinds RENAME TO links;
            COMMIT;
        """)
    columns = {row[1] for row in db.execute("PRAGMA table_info(solutions)")}
    if "last_used" not in columns:
        db.execute("ALTER TABLE solutions ADD COLUMN last_used REAL NOT NULL DEFAULT 0")
        db.execute("UPDATE solutions SET last_used = created")
    db.executescript(INDEXES)


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

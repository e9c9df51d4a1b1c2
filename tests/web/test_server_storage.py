"""Storage stays bounded (issue 8, item 20): the answer cache keeps at most
CACHE_MAX_ENTRIES answers and drops the least recently used; an older
database gains the column it needs."""

from __future__ import annotations

import sqlite3

from web_helpers import source
from webapp import create_app


def make_client(tmp_path, **config):
    return create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path), "RATELIMIT_ENABLED": False,
                       **config}).test_client()


def cached_boards(tmp_path) -> int:
    with sqlite3.connect(tmp_path / "playground.sqlite3") as db:
        return db.execute("SELECT COUNT(*) FROM solutions").fetchone()[0]


def test_cache_is_bounded_and_drops_the_least_recently_used(tmp_path):
    client = make_client(tmp_path, CACHE_MAX_ENTRIES=3)
    for n in range(3):
        assert source(client, n) == "inline"
    assert source(client, 0) == "cache"        # 0 is now the most recently used
    assert source(client, 3) == "inline"       # over the bound: 1 goes
    assert cached_boards(tmp_path) == 3
    assert source(client, 0) == "cache"
    assert source(client, 2) == "cache"
    assert source(client, 1) == "inline"       # it was dropped
    for n in range(4, 20):
        source(client, n)
    assert cached_boards(tmp_path) == 3


def test_cache_default_bound_is_generous(make_app):
    app = make_app()
    assert app.config["CACHE_MAX_ENTRIES"] >= 1000


def test_an_older_database_is_migrated(tmp_path):
    path = tmp_path / "playground.sqlite3"
    with sqlite3.connect(path) as db:  # the schema before the cache had a bound
        db.executescript("""
            CREATE TABLE links (id TEXT PRIMARY KEY, board TEXT NOT NULL UNIQUE,
                                created REAL NOT NULL DEFAULT (strftime('%s', 'now')));
            CREATE TABLE solutions (key TEXT PRIMARY KEY, answer TEXT NOT NULL,
                                    created REAL NOT NULL DEFAULT (strftime('%s', 'now')));
            INSERT INTO links (id, board) VALUES ('abcdefgh', '3\n###\n# #\n###\n');
        """)
    client = make_client(tmp_path, CACHE_MAX_ENTRIES=2)
    assert source(client, 0) == "inline"
    assert source(client, 0) == "cache"
    for n in range(1, 4):
        source(client, n)
    assert cached_boards(tmp_path) == 2
    with sqlite3.connect(path) as db:
        assert "last_used" in {row[1] for row in db.execute("PRAGMA table_info(solutions)")}
        assert db.execute("SELECT COUNT(*) FROM links").fetchone()[0] == 1

"""The short-link store is bounded (issue 29, finding 5), alike in SQLite and
in a real PostgreSQL: a link keeps the puzzle's share code, not its text
(a 64 x 64 rotation link in well under 1 KB) under the id it always had;
rows of older versions (the text) are still read; the store's bytes are
counted as rows come and go (an operator's DELETE too), and once over
LINK_STORE_MAX_BYTES a new puzzle is refused with the long link while
stored ones open and store as before; ``link-store`` gives the figure."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

import psycopg
import pytest

from servers import postgres, postgres_template  # noqa: F401 - fixtures
from web_helpers import sliding, web_process
from webapp import kinds
from webapp.rotation import EXAMPLE
from webapp.web import pgstore
from webapp.web.store import ROW_BYTES

#: The ids today's hashing gives (kind and text): links shared before codes keep them.
EXAMPLE_ID, SLIDING_5_ID = "ac1XhwY9", "hhzBpImJ"
FULL = "the link store is full: copy the long link instead"


class Backend:
    """One store: SQLite in the instance folder ``tmp_path/name``, or the
    PostgreSQL database at ``url``; ``sql`` runs a statement on it directly."""

    def __init__(self, tmp_path, url: str | None = None) -> None:
        self.tmp_path, self.url = tmp_path, url
        self.instance = tmp_path / "web"

    def client(self, **config):
        if self.url:
            config["DATABASE_URL"] = self.url
        return web_process(self.tmp_path, "web", **config)

    def sql(self, query: str, *params) -> list[tuple]:
        if self.url:
            with psycopg.connect(self.url) as conn:
                cursor = conn.execute(query.replace("?", "%s"), params)
                return cursor.fetchall() if cursor.description else []
        with sqlite3.connect(self.instance / "playground.sqlite3") as db:
            rows = db.execute(query, params).fetchall()
        db.close()
        return rows

    def older(self, link_id: str, kind: str, text: str) -> None:
        """The schema of the version before share codes, holding one link
        as that version stored it (the puzzle's text)."""
        if self.url:
            with psycopg.connect(self.url) as conn:
                pgstore.migrate(conn, upto=2)
                conn.execute("INSERT INTO links (id, kind, board, board_sha) VALUES (%s, %s, %s, %s)",
                             (link_id, kind, text, pgstore.board_sha(text)))
            return
        self.instance.mkdir()
        with sqlite3.connect(self.instance / "playground.sqlite3") as db:
            db.executescript("""
                CREATE TABLE links (id TEXT PRIMARY KEY, kind TEXT NOT NULL DEFAULT 'rotation',
                                    board TEXT NOT NULL,
                                    created REAL NOT NULL DEFAULT (strftime('%s', 'now')),
                                    UNIQUE (kind, board));
                CREATE TABLE solutions (key TEXT PRIMARY KEY, answer TEXT NOT NULL,
                                        created REAL NOT NULL DEFAULT (strftime('%s', 'now')),
                                        last_used REAL NOT NULL DEFAULT 0);
            """)
            db.execute("INSERT INTO links (id, kind, board) VALUES (?, ?, ?)", (link_id, kind, text))
        db.close()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, tmp_path):
    if request.param == "sqlite":
        return Backend(tmp_path)
    return Backend(tmp_path, request.getfixturevalue("postgres").playground)


def code_of(kind: str, text: str) -> str:
    found = kinds.get(kind)
    return found.encode(found.parse(text))


def test_a_link_keeps_the_share_code_under_the_id_it_always_had(backend):
    client = backend.client()
    assert client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()["id"] == EXAMPLE_ID
    assert client.post("/api/sliding/links", json={"board": sliding(5)}).get_json()["id"] == SLIDING_5_ID
    assert sorted(backend.sql("SELECT id, kind, format, board FROM links")) == [
        (EXAMPLE_ID, "rotation", "code", code_of("rotation", EXAMPLE)),
        (SLIDING_5_ID, "sliding", "code", code_of("sliding", sliding(5)))]
    opened = client.get(f"/s/{EXAMPLE_ID}")
    assert opened.status_code == 200 and code_of("rotation", EXAMPLE).encode() in opened.data


def test_a_64_by_64_rotation_link_takes_well_under_a_kilobyte(backend):
    client = backend.client()
    text = client.post("/api/rotation/shuffle", json={"size": 64, "sticks": 60, "seed": 1}).get_json()["board"]
    assert len(text) > 4000
    made = client.post("/api/rotation/links", json={"board": text}).get_json()
    [(stored,)] = backend.sql("SELECT board FROM links WHERE id = ?", made["id"])
    assert stored == code_of("rotation", text) and len(stored.encode()) < 500
    [(links, used)] = backend.sql("SELECT links, bytes FROM link_usage")
    assert links == 1 and used == ROW_BYTES + len(made["id"]) + len("rotation") + len(stored) < 600
    assert client.get(made["url"]).status_code == 200


def test_a_link_an_older_version_stored_as_text_opens_and_keeps_its_id(backend):
    backend.older(EXAMPLE_ID, "rotation", EXAMPLE)
    client = backend.client()
    opened = client.get(f"/s/{EXAMPLE_ID}")
    assert opened.status_code == 200 and code_of("rotation", EXAMPLE).encode() in opened.data
    assert client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()["id"] == EXAMPLE_ID
    assert backend.sql("SELECT id, format FROM links") == [(EXAMPLE_ID, "text")]
    # counted from the rows there before: the figure starts right
    assert backend.sql("SELECT links, bytes FROM link_usage") == [
        (1, ROW_BYTES + len(EXAMPLE_ID) + len("rotation") + len(EXAMPLE))]
    # an older process still writing without the format (during an upgrade) writes text
    backend.sql("INSERT INTO links (id, kind, board" + (", board_sha" if backend.url else "")
                + ") VALUES (?, 'sliding', ?" + (", ?" if backend.url else "") + ")",
                SLIDING_5_ID, sliding(5), *([pgstore.board_sha(sliding(5))] if backend.url else []))
    assert client.get(f"/s/{SLIDING_5_ID}").status_code == 200
    assert client.post("/api/sliding/links", json={"board": sliding(5)}).get_json()["id"] == SLIDING_5_ID


def test_a_full_store_refuses_new_puzzles_with_the_long_link_and_serves_the_rest(backend, caplog):
    client = backend.client()
    made = [client.post("/api/sliding/links", json={"board": sliding(n)}).get_json() for n in range(2)]
    [(used,)] = backend.sql("SELECT bytes FROM link_usage")
    full = backend.client(LINK_STORE_MAX_BYTES=used + 5)
    refused = full.post("/api/sliding/links", json={"board": sliding(2)})
    assert refused.status_code == 507 and refused.get_json()["error"] == FULL
    assert refused.get_json()["url"] == f"/sliding?p={code_of('sliding', sliding(2))}"
    assert full.get(refused.get_json()["url"]).status_code == 200
    assert full.post("/api/sliding/links", json={"board": sliding(3)}).status_code == 507
    assert caplog.text.count("the link store is full (LINK_STORE_MAX_BYTES") == 1  # once, not a flood
    # what is stored still opens, and stores again under its id
    assert full.post("/api/sliding/links", json={"board": sliding(0)}).get_json() == made[0]
    assert full.get(made[1]["url"]).status_code == 200
    assert backend.sql("SELECT links, bytes FROM link_usage") == [(2, used)]
    # the operator deletes a row: it is counted, and there is room again
    backend.sql("DELETE FROM links WHERE id = ?", made[1]["id"])
    gone = ROW_BYTES + len(made[1]["id"]) + len("sliding") + len(code_of("sliding", sliding(1)))
    assert backend.sql("SELECT links, bytes FROM link_usage") == [(1, used - gone)]
    assert full.post("/api/sliding/links", json={"board": sliding(2)}).status_code == 200


def test_links_never_expire_and_the_default_bound_is_set(make_app):
    config = make_app().config
    assert config["LINK_STORE_MAX_BYTES"] >= 100_000_000
    assert config["LINK_DAILY_LIMIT"] == "1000 per day"


def test_link_store_tells_the_operator_the_figure(backend):
    client = backend.client()
    for n in range(3):
        client.post("/api/sliding/links", json={"board": sliding(n)})
    [(used,)] = backend.sql("SELECT bytes FROM link_usage")
    (backend.instance / "config.py").write_text("LINK_STORE_MAX_BYTES = 4000\n")
    env = {**os.environ, "ROTATION_PLAYGROUND_INSTANCE": str(backend.instance)}
    env.pop("DATABASE_URL", None)
    if backend.url:
        env["DATABASE_URL"] = backend.url
    shown = subprocess.run([sys.executable, "-m", "webapp.cli", "link-store"], capture_output=True,
                           text=True, timeout=60, env=env)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == (f"3 links stored, {used} bytes of 4000 (LINK_STORE_MAX_BYTES): "
                            f"{100 * used / 4000:.1f} % used\n")


def test_sqlite_counts_the_links_once_not_at_each_start(tmp_path):
    """The count is made with the usage table; a start after that reads no
    link (a scan of a big store at every start would be slow)."""
    from webapp.web import db as sqlite_store

    backend = Backend(tmp_path)
    backend.client().post("/api/sliding/links", json={"board": sliding(0)})
    backend.sql("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) "
                "INSERT INTO links (id, kind, board) SELECT 'x' || i, 'none', 'x' || i FROM n")
    steps = []
    with sqlite3.connect(backend.instance / "playground.sqlite3") as db:
        db.set_progress_handler(lambda: steps.append(1), 100)  # every 100 virtual-machine steps
        sqlite_store._migrate(db)  # as the next start does
    db.close()
    assert len(steps) < 100  # a scan of the 5,000 rows: about 750
    assert backend.sql("SELECT links FROM link_usage") == [(5001,)]

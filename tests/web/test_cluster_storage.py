"""Short links and cached answers in PostgreSQL (issue 19, item 4), against
a real PostgreSQL server: two apps (two web processes, as behind a proxy)
share one database; the schema is made and migrated by the program; the
cache keeps its bound; ``copy-links`` brings an SQLite database's links
over. Without DATABASE_URL nothing changes (tests/web/test_server_storage.py)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading

import psycopg
import pytest

import devservers
from servers import postgres, postgres_template  # noqa: F401 - fixtures
from web_helpers import board, sliding, source, web_process
from webapp import create_app
from webapp.rotation import EXAMPLE
from webapp.web import pgstore

COMMAND = [sys.executable, "-m", "webapp.cli"]


def scalar(url: str, query: str, *params):
    with psycopg.connect(url) as conn:
        return conn.execute(query, params).fetchone()[0]


def test_a_link_made_through_one_process_opens_through_the_other(tmp_path, postgres):  # noqa: F811
    first, second = (web_process(tmp_path, name, DATABASE_URL=postgres.playground) for name in "ab")
    made = first.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()
    opened = second.get(made["url"])
    assert opened.status_code == 200 and b"Rotation" in opened.data
    other = second.post("/api/sliding/links", json={"board": sliding(5)}).get_json()
    assert first.get(other["url"]).status_code == 200
    assert second.post("/api/rotation/links", json={"board": EXAMPLE}).get_json() == made
    assert first.get("/s/nothere1").status_code == 404
    assert scalar(postgres.playground, "SELECT count(*) FROM links") == 2
    # the same ids as SQLite gives: a link copied over keeps its puzzle
    alone = web_process(tmp_path, "c")
    assert alone.post("/api/rotation/links", json={"board": EXAMPLE}).get_json() == made
    assert alone.post("/api/sliding/links", json={"board": sliding(5)}).get_json() == other


def test_the_same_puzzle_stored_through_both_at_once_gets_one_id(tmp_path, postgres):  # noqa: F811
    apps = [web_process(tmp_path, name, DATABASE_URL=postgres.playground).application for name in "ab"]
    for app in apps:  # the schema first: the race is for the link
        app.test_client().get("/s/nothere1")
    for n in range(5):
        start, ids = threading.Barrier(8), []

        def store(app):
            client = app.test_client()
            start.wait()
            answer = client.post("/api/sliding/links", json={"board": sliding(100 + n)})
            ids.append((answer.status_code, answer.get_json()["id"]))

        threads = [threading.Thread(target=store, args=(apps[i % 2],)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(ids) == 8 and len(set(ids)) == 1 and ids[0][0] == 200
    assert scalar(postgres.playground, "SELECT count(*) FROM links") == 5


def test_an_answer_kept_by_one_process_is_found_by_the_other(tmp_path, postgres):  # noqa: F811
    first, second = (web_process(tmp_path, name, DATABASE_URL=postgres.playground) for name in "ab")
    assert source(first, 0) == "inline"
    assert source(second, 0) == "cache"
    solved = first.post("/api/rotation/solve", json={"board": board(0)}).get_json()
    again = second.post("/api/rotation/solve", json={"board": board(0)}).get_json()
    assert again["moves"] == solved["moves"] and again["source"] == "cache"
    assert not (tmp_path / "b" / "playground.sqlite3").exists()  # nothing went to SQLite


def test_the_cache_keeps_its_bound_and_drops_the_least_recently_used(tmp_path, postgres):  # noqa: F811
    first, second = (web_process(tmp_path, name, DATABASE_URL=postgres.playground, CACHE_MAX_ENTRIES=3)
                     for name in "ab")
    count = "SELECT count(*) FROM solutions"
    for n in range(3):
        assert source(first, n) == "inline"
    assert source(second, 0) == "cache"       # 0 is now the most recently used, in both
    assert source(second, 3) == "inline"      # over the bound: 1 goes
    assert scalar(postgres.playground, count) == 3
    assert source(first, 0) == "cache"
    assert source(first, 2) == "cache"
    assert source(first, 1) == "inline"       # it was dropped
    for n in range(4, 20):
        source((first, second)[n % 2], n)
    assert scalar(postgres.playground, count) == 3


def test_an_empty_database_gets_the_schema_and_its_version(tmp_path, postgres):  # noqa: F811
    client = web_process(tmp_path, "a", DATABASE_URL=postgres.playground)
    assert client.get("/s/nothere1").status_code == 404
    assert scalar(postgres.playground, "SELECT version FROM schema_version") == len(pgstore.MIGRATIONS)
    assert scalar(postgres.playground, "SELECT count(*) FROM schema_version") == 1


def test_processes_starting_together_migrate_once(postgres):  # noqa: F811
    start, versions, errors = threading.Barrier(6), [], []

    def migrate():
        try:
            with psycopg.connect(postgres.playground) as conn:
                start.wait()
                versions.append(pgstore.migrate(conn))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=migrate) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and versions == [len(pgstore.MIGRATIONS)] * 6
    assert scalar(postgres.playground, "SELECT count(*) FROM schema_version") == 1


def test_a_database_of_an_older_version_is_migrated_keeping_its_data(tmp_path, postgres):  # noqa: F811
    with psycopg.connect(postgres.playground) as conn:
        assert pgstore.migrate(conn, upto=1) == 1
        conn.execute("INSERT INTO links (id, kind, board, board_sha) VALUES ('abcdefgh', 'rotation', %s, %s)",
                     (EXAMPLE, pgstore.board_sha(EXAMPLE)))
    client = web_process(tmp_path, "a", DATABASE_URL=postgres.playground, CACHE_MAX_ENTRIES=2)
    assert client.get("/s/abcdefgh").status_code == 200
    assert source(client, 0) == "inline" and source(client, 0) == "cache"
    for n in range(1, 4):
        source(client, n)
    assert scalar(postgres.playground, "SELECT count(*) FROM solutions") == 2
    assert scalar(postgres.playground, "SELECT version FROM schema_version") == len(pgstore.MIGRATIONS)
    assert client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()["id"] == "abcdefgh"


def test_a_board_too_big_for_an_index_entry_is_stored(tmp_path, postgres):  # noqa: F811
    client = web_process(tmp_path, "a", DATABASE_URL=postgres.playground)
    generated = subprocess.run([*COMMAND, "generate", "--size", "60", "--sticks", "12", "--seed", "1"],
                               capture_output=True, text=True, check=True).stdout
    made = client.post("/api/rotation/links", json={"board": generated})
    assert made.status_code == 200
    assert client.get(made.get_json()["url"]).status_code == 200


def old_sqlite(path, links: int = 3) -> list[tuple[str, str]]:
    """A database of before kinds (rotation puzzles only, no last use)
    holding ``links`` links and an answer; its (id, board) pairs."""
    rows = [(f"old{n:05d}", board(n)) for n in range(links)]
    with sqlite3.connect(path) as db:
        db.executescript("""
            CREATE TABLE links (id TEXT PRIMARY KEY, board TEXT NOT NULL UNIQUE,
                                created REAL NOT NULL DEFAULT (strftime('%s', 'now')));
            CREATE TABLE solutions (key TEXT PRIMARY KEY, answer TEXT NOT NULL,
                                    created REAL NOT NULL DEFAULT (strftime('%s', 'now')));
        """)
        db.executemany("INSERT INTO links (id, board, created) VALUES (?, ?, 1700000000)", rows)
    db.close()
    return rows


def copy_links(*args, env=None):
    return subprocess.run([*COMMAND, "copy-links", *args], capture_output=True, text=True, timeout=60,
                          env=env)


def test_copy_links_brings_an_old_sqlite_database_over_once(tmp_path, postgres):  # noqa: F811
    path = tmp_path / "old.sqlite3"
    rows = old_sqlite(path)
    done = copy_links("--from", str(path), "--to", postgres.playground)
    assert done.returncode == 0, done.stderr
    assert "3 links copied, 0 already there" in done.stdout
    again = copy_links("--from", str(path), "--to", postgres.playground)
    assert again.returncode == 0 and "0 links copied, 3 already there" in again.stdout
    client = web_process(tmp_path, "a", DATABASE_URL=postgres.playground)
    for link_id, text in rows:
        opened = client.get(f"/s/{link_id}")
        assert opened.status_code == 200
        assert client.post("/api/rotation/links", json={"board": text}).get_json()["id"] == link_id
    assert scalar(postgres.playground, "SELECT min(created) FROM links") == 1700000000
    # the file is read as it is: the web process of before still opens it
    with sqlite3.connect(path) as db:
        assert "kind" not in {row[1] for row in db.execute("PRAGMA table_info(links)")}
    db.close()
    sqlite_client = web_process(tmp_path, "b", DATABASE=str(path))
    assert sqlite_client.get(f"/s/{rows[0][0]}").status_code == 200


def test_copy_links_with_answers_and_the_instance_database(tmp_path, postgres):  # noqa: F811
    instance = tmp_path / "instance"
    old = web_process(tmp_path, "instance")  # SQLite, as a single process keeps it
    made = old.post("/api/sliding/links", json={"board": sliding(7)}).get_json()
    assert source(old, 4) == "inline"
    env = {**os.environ, "ROTATION_PLAYGROUND_INSTANCE": str(instance),
           "DATABASE_URL": postgres.playground}
    done = copy_links("--answers", env=env)
    assert done.returncode == 0, done.stderr
    assert "1 links copied" in done.stdout and "1 answers copied" in done.stdout
    client = web_process(tmp_path, "a", DATABASE_URL=postgres.playground)
    assert client.get(made["url"]).status_code == 200
    assert source(client, 4) == "cache"


@pytest.mark.parametrize("args, said", [
    (["--to", "mysql://x@127.0.0.1/db"], "not a PostgreSQL URL"),
    (["--to", "postgresql://x@127.0.0.1:1/db?sslmode=bogus"], "error:"),
    (["--to", "postgresql://x@127.0.0.1:1/db"], "cannot reach"),
    (["--from", "/no/such/file.sqlite3", "--to", "postgresql://x@127.0.0.1:1/db"], "no SQLite database"),
    ([], "--to"),
])
def test_copy_links_refuses_what_it_cannot_use_in_one_line(tmp_path, args, said):
    path = tmp_path / "old.sqlite3"
    old_sqlite(path)
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = copy_links(*(args if "--from" in args else ["--from", str(path), *args]), env=env)
    assert done.returncode == 2, done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_copy_links_never_prints_the_databases_password(tmp_path):
    path = tmp_path / "old.sqlite3"
    old_sqlite(path)
    done = copy_links("--from", str(path), "--to", "postgresql://x:topsecret@127.0.0.1:1/db")
    assert done.returncode == 2 and "cannot reach PostgreSQL at" in done.stderr
    assert "topsecret" not in done.stderr + done.stdout


def test_the_environment_and_serve_name_the_database(tmp_path, monkeypatch, postgres):  # noqa: F811
    monkeypatch.setenv("ROTATION_PLAYGROUND_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("DATABASE_URL", postgres.playground)
    app = create_app()
    assert app.config["DATABASE_URL"] == postgres.playground
    assert type(app.extensions["playground_store"]).__name__ == "PostgresStore"
    monkeypatch.delenv("DATABASE_URL")
    assert type(create_app().extensions["playground_store"]).__name__ == "SqliteStore"
    shown = subprocess.run([*COMMAND, "serve", "--help"], capture_output=True, text=True, check=True).stdout
    assert "--database-url" in shown and "DATABASE_URL" in shown
    bad = subprocess.run([*COMMAND, "serve", "--database-url", "sqlite:///x", "--port", "1"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "not a PostgreSQL URL" in bad.stderr and "Traceback" not in bad.stderr


def test_where_postgresql_is_missing_the_tests_say_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(devservers.shutil, "which", lambda *args, **kwargs: None)
    monkeypatch.setattr(devservers.glob, "glob", lambda pattern: [])
    with pytest.raises(devservers.ServerMissing, match="apt-get install postgresql"):
        devservers.PostgresServer(tmp_path)


def test_an_id_taken_by_another_puzzle_grows_a_character_on_both_stores(tmp_path, postgres, monkeypatch):  # noqa: F811
    from webapp.web import links

    real = links._digits
    # every puzzle's hash begins alike: the second finds 8 characters taken, the third 9
    monkeypatch.setattr(links, "_digits", lambda text: "clash1234" + real(text))
    for name, config in (("pg", {"DATABASE_URL": postgres.playground}), ("sqlite", {})):
        client = web_process(tmp_path, name, **config)
        ids = [client.post("/api/sliding/links", json={"board": sliding(n)}).get_json()["id"]
               for n in range(3)]
        assert ids[0] == "clash123" and [len(i) for i in ids] == [8, 9, 10]
        assert [client.post("/api/sliding/links", json={"board": sliding(n)}).get_json()["id"]
                for n in range(3)] == ids
        assert client.get(f"/s/{ids[2]}").status_code == 200

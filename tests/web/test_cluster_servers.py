"""The servers of the tests and of ``make cluster`` (tools/devservers.py)
are locked (issue 29, finding 4): Redis and PostgreSQL each refuse a client
without their generated password and take their URL's; the passwords are
kept in the server's folder, for its user alone; PostgreSQL trusts nobody
and its socket is its user's alone. And Redis keeps its data (finding 1):
stopped and started again on the same folder, it still has what was
written before."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from servers import needed, postgres, postgres_template, redis  # noqa: F401 - fixtures

from devservers import PostgresServer, RedisServer

psycopg = pytest.importorskip("psycopg")
redis_library = pytest.importorskip("redis")


def private(path: Path, mode: int) -> None:
    """``path`` has exactly ``mode``: nobody but its owner reads it."""
    assert stat.S_IMODE(path.stat().st_mode) == mode, oct(path.stat().st_mode)


def test_redis_refuses_a_client_without_the_password_and_takes_the_urls(redis):  # noqa: F811
    anyone = redis_library.Redis(host="127.0.0.1", port=redis.port, socket_timeout=5)
    with pytest.raises(redis_library.exceptions.AuthenticationError):
        anyone.set("taken", "by anyone")
    guessed = redis_library.Redis.from_url(f"redis://:guessed@127.0.0.1:{redis.port}/0")
    with pytest.raises(redis_library.exceptions.AuthenticationError):
        guessed.ping()
    owner = redis_library.Redis.from_url(redis.url)
    assert owner.ping() and owner.get("taken") is None
    assert owner.config_get("protected-mode") == {"protected-mode": "yes"}
    # a job is on the disk before Redis says it is queued (a kill -9 lost one with everysec)
    kept = owner.config_get("append*")
    assert (kept["appendonly"], kept["appendfsync"]) == ("yes", "always")
    password = (redis.folder / "password").read_text().strip()
    assert len(password) >= 32 and f":{password}@" in redis.url
    private(redis.folder / "password", 0o600)
    private(redis.folder, 0o700)


def test_redis_stopped_and_started_again_on_its_folder_still_has_its_data(tmp_path):
    with needed():
        first = RedisServer(tmp_path / "redis")
    first.start()
    try:
        written = redis_library.Redis.from_url(first.url)
        written.set("kept", "before the restart")
        written.close()
        first.stop()
        first.start()  # the same server again: the data, and the same password
        assert redis_library.Redis.from_url(first.url).get("kept") == b"before the restart"
    finally:
        first.stop()
    # another server on the same folder (as make cluster run again): the same
    # password, from the folder, and the data
    again = RedisServer(tmp_path / "redis")
    again.start()
    try:
        assert again.url == first.url.replace(str(first.port), str(again.port))
        assert redis_library.Redis.from_url(again.url).get("kept") == b"before the restart"
    finally:
        again.stop()


def test_postgres_refuses_a_connection_without_the_password_and_takes_the_urls(
        postgres, monkeypatch):  # noqa: F811
    # nothing of the caller's may supply a password
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", str(postgres.folder / "no-such-file"))
    for url in (f"postgresql://postgres@127.0.0.1:{postgres.port}/playground",
                f"postgresql://postgres:guessed@127.0.0.1:{postgres.port}/playground",
                f"postgresql://nobody@127.0.0.1:{postgres.port}/playground"):
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(url, connect_timeout=10).close()
    with psycopg.connect(postgres.playground) as conn:
        assert conn.execute("SELECT current_user").fetchone() == ("postgres",)
        assert conn.execute("SHOW password_encryption").fetchone() == ("scram-sha-256",)
        assert conn.execute("SHOW unix_socket_permissions").fetchone() == ("0700",)
        rules = conn.execute("SELECT type, database, auth_method FROM pg_hba_file_rules").fetchall()
    assert rules and all(method == "scram-sha-256" for _, _, method in rules), rules
    assert "trust" not in (postgres.home / "data" / "pg_hba.conf").read_text().split()
    password = (postgres.folder / "password").read_text().strip()
    assert len(password) >= 32 and f":{password}@" in postgres.url
    private(postgres.folder / "password", 0o600)
    private(postgres.home, 0o700)  # where its socket is: nobody else reaches it
    sockets = list(postgres.home.glob(".s.PGSQL.*"))
    for socket in sockets:
        if socket.is_socket():
            private(socket, 0o700)


def test_data_made_before_the_passwords_is_locked_and_its_links_kept(postgres, monkeypatch):  # noqa: F811
    """An earlier ``make cluster`` left data whose every rule trusts: the
    next start gives it the password and trusts no one, keeping the data."""
    monkeypatch.delenv("PGPASSWORD", raising=False)
    with psycopg.connect(postgres.playground) as conn:
        conn.execute("CREATE TABLE kept (word text)")
        conn.execute("INSERT INTO kept VALUES ('before')")
    postgres.stop()
    rules = postgres.home / "data" / "pg_hba.conf"
    rules.write_text(rules.read_text().replace("scram-sha-256", "trust"))
    (postgres.folder / "password").unlink()
    again = PostgresServer(postgres.folder, port=postgres.port)
    again.start()
    try:
        for refused in (f"postgresql://postgres@127.0.0.1:{again.port}/playground", postgres.playground):
            with pytest.raises(psycopg.OperationalError):
                psycopg.connect(refused, connect_timeout=10).close()
        with psycopg.connect(again.database_url("playground")) as conn:
            assert conn.execute("SELECT word FROM kept").fetchall() == [("before",)]
        assert "trust" not in rules.read_text().split()
        private(postgres.folder / "password", 0o600)
    finally:
        again.stop()

"""Real servers for the tests of several web processes sharing their state
(tools/devservers.py): each test's own, on a free loopback port, in a
temporary folder, stopped after. No mock stands in for them.

Where a server's program is missing the tests that need it are skipped with
what to install; run as root (as CI does) they fail instead, since
``make test`` installs it then (.ci/ensure-servers).
"""

from __future__ import annotations

import os
from contextlib import contextmanager

import pytest

from devservers import PostgresServer, RedisServer, ServerMissing


@contextmanager
def needed():
    """A missing server's program: the test fails as root, else is skipped."""
    try:
        yield
    except ServerMissing as exc:
        message = f"{exc} (make test does, as root)"
        if os.geteuid() == 0:
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture
def redis(tmp_path):
    """A Redis server of this test's own (stop it, start it again)."""
    with needed():
        server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_template(tmp_path_factory):
    """A server initdb made once a session, never started: each test's
    server starts from a copy of its data, and has its password (initdb
    takes a second or two on a busy machine)."""
    with needed():
        made = PostgresServer(tmp_path_factory.mktemp("postgres-template"))
    made.initialise()
    yield made
    made.remove()


@pytest.fixture
def postgres(tmp_path, postgres_template):
    """A PostgreSQL server of this test's own (a copy of the session's
    initdb, started), with an empty database ``playground``:
    ``postgres.playground`` is its URL."""
    with needed():
        server = PostgresServer(tmp_path / "postgres", template=postgres_template)
    server.start()
    try:
        server.playground = server.create_database("playground")
        yield server
    finally:
        server.remove()

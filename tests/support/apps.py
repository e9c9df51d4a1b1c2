"""The app as the tests make it: their settings (generous limits, and no
states limit for the live server), a made-up kind added to the registry
for one test, the app served on a free loopback port for a browser."""

from __future__ import annotations

import socket
import threading
from contextlib import contextmanager

from webapp import create_app


# The suite sends thousands of requests from one address (127.0.0.1): the
# rate limits and job bounds are off or wide here, and tests/web/test_server_*.py
# switch them on where they are the subject.
GENEROUS = {"RATELIMIT_ENABLED": False, "JOB_MAX_PER_CLIENT": 50, "JOB_QUEUE_MAX": 200}
# The live server's rotation solves have no states limit: a browser test that
# watches a big solve's progress, then cancels it, must not see it end first
# (the default 5M states take a fast machine 2-3 s). Such tests cancel their
# job; one left behind is reclaimed when nobody polls it.
LIVE = {**GENEROUS, "ROTATION_MAX_STATES": 10**12}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def add_kind(monkeypatch, kind):
    """The registry with ``kind`` (a made-up kind of a test module, which a
    worker imports by the module's name) added for this test only."""
    from webapp import kinds

    monkeypatch.setattr(kinds, "KINDS", (*kinds.KINDS, kind))
    monkeypatch.setattr(kinds, "_BY_NAME", {**kinds._BY_NAME, kind.name: kind})
    return kind


@contextmanager
def serving(tmp_path_factory, **config):
    """The app (the tests' GENEROUS settings, then ``config``) served by
    waitress on a free loopback port, for the browser: its address."""
    with serving_app(tmp_path_factory, **config) as (address, _app):
        yield address


@contextmanager
def serving_app(tmp_path_factory, **config):
    """As :func:`serving`: (its address, the app), for a test that reaches
    into the server (its jobs) as the browser uses it."""
    from waitress.server import create_server

    app = create_app({"TESTING": True, **GENEROUS,
                      "INSTANCE_DIR": str(tmp_path_factory.mktemp("instance")), **config})
    server = create_server(app, host="127.0.0.1", port=_free_port(), threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}", app
    finally:
        server.close()

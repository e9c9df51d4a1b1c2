"""Rate limits shared by every web process through Redis (issue 19, item 3),
against a real Redis server: two apps (two web processes, as behind a proxy)
count one client together; with Redis stopped they still answer, counting
alone; with no REDIS_URL nothing changes."""

from __future__ import annotations

import subprocess
import sys

import pytest

from servers import redis  # noqa: F401 - a fixture
import web_helpers
from webapp import create_app
from webapp.rotation import EXAMPLE


def web_process(tmp_path, name: str, **config):
    """A web process's app with its limits on (the shared helper's are off)."""
    return web_helpers.web_process(tmp_path, name, RATELIMIT_ENABLED=True, **config)


def test_two_web_processes_count_one_client_together(tmp_path, redis):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url, LINK_RATE_LIMIT="3 per minute")
                     for name in ("a", "b"))
    assert [first.post("/api/rotation/links", json={"board": EXAMPLE}).status_code for _ in range(2)] == [200, 200]
    assert second.post("/api/rotation/links", json={"board": EXAMPLE}).status_code == 200
    refused = second.post("/api/rotation/links", json={"board": EXAMPLE})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert first.post("/api/rotation/links", json={"board": EXAMPLE}).status_code == 429
    # another client has its own count, in both processes
    assert first.post("/api/rotation/links", json={"board": EXAMPLE},
                      environ_base={"REMOTE_ADDR": "192.0.2.8"}).status_code == 200


def test_the_whole_request_limit_is_shared_too(tmp_path, redis):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url, RATELIMIT_APPLICATION="4 per minute")
                     for name in ("a", "b"))
    codes = [client.get("/api/rotation/puzzles").status_code for client in (first, second) * 3]
    assert codes == [200, 200, 200, 200, 429, 429]


def test_without_redis_url_each_process_counts_alone(tmp_path):
    first, second = (web_process(tmp_path, name, LINK_RATE_LIMIT="2 per minute") for name in ("a", "b"))
    for client in (first, second):
        assert [client.post("/api/rotation/links", json={"board": EXAMPLE}).status_code
                for _ in range(3)] == [200, 200, 429]


@pytest.mark.parametrize("whole", ["3000 per minute", None], ids=["with", "without-a-whole-limit"])
def test_with_redis_stopped_pages_and_links_still_answer(tmp_path, redis, whole):  # noqa: F811
    # without a limit on all requests, the link's own count is the first to find Redis gone
    client = web_process(tmp_path, "a", REDIS_URL=redis.url, LINK_RATE_LIMIT="2 per minute",
                         RATELIMIT_APPLICATION=whole)
    assert client.post("/api/rotation/links", json={"board": EXAMPLE}).status_code == 200
    redis.stop()
    assert client.get("/").status_code == 200
    assert client.post("/api/rotation/solve", json={"board": EXAMPLE}).status_code == 200
    # counted in this process's memory meanwhile: still bounded
    assert [client.post("/api/rotation/links", json={"board": EXAMPLE}).status_code
            for _ in range(3)] == [200, 200, 429]
    redis.start()  # back, with its data: the shared count goes on from the link made before
    other = web_process(tmp_path, "b", REDIS_URL=redis.url, LINK_RATE_LIMIT="2 per minute")
    assert [other.post("/api/rotation/links", json={"board": EXAMPLE}).status_code
            for _ in range(3)] == [200, 429, 429]


def test_the_environment_and_serve_name_the_redis_server(tmp_path, monkeypatch, redis):  # noqa: F811
    monkeypatch.setenv("ROTATION_PLAYGROUND_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("REDIS_URL", redis.url)
    app = create_app()
    assert app.config["REDIS_URL"] == redis.url
    assert app.extensions["playground_limiter"]._storage_uri == redis.url
    monkeypatch.delenv("REDIS_URL")
    assert create_app().config["REDIS_URL"] is None
    shown = subprocess.run([sys.executable, "-m", "webapp.cli", "serve", "--help"],
                           capture_output=True, text=True, check=True).stdout
    assert "--redis-url" in shown and "REDIS_URL" in shown

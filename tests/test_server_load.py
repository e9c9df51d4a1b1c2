"""The server stays live under abuse (issue 8, items 14-16): a real waitress
server on a loopback port; pages and small solves answer within a second
while big solves, idle connections or a job flood are under way."""

from __future__ import annotations

import functools
import time

from webapp.rotation.generate import generate
from webapp.rotation.solver import solve_best


@functools.lru_cache(maxsize=None)
def heavy_board(seed: int = 0, size: int = 40, sticks: int = 24) -> str:
    """A random ``size`` x ``size`` board with one gap and ``sticks`` short
    sticks: for the goal "all", far more states than a solve may spend
    inline (the few that are not are drawn again), and more than any limit
    a test sets (heavy_board(0) and (1): over 12 million states).

    A test that needs a job to be still under way must also lift the
    states limit (the default 5M states take a fast machine 2-3 s), or use
    the waiting kind (tests/waiting_kind.py), which never ends by itself."""
    for attempt in range(seed * 1000, seed * 1000 + 1000):
        board = generate(size, sticks, seed=attempt, max_length=3)
        if solve_best(board, "all", max_states=6_000).status == "limit":
            return board.text()
    raise AssertionError("no heavy board among 1000 seeds")


def wait_until(predicate, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


# ------------------------------------------------------------- a real server
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from webapp.rotation import EXAMPLE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
_small = iter(range(10**6))


def small_board() -> str:
    """A new small solvable puzzle each time, so the cache does not answer it."""
    n = next(_small)
    row, col = divmod(n % 25, 5)
    cells = [[" "] * 5 for _ in range(5)]
    cells[row][col] = "0"
    inner = "\n".join("#" + "".join(r) + "#" for r in cells)
    return f"7\n#######\n{inner}\n### ###\n"

LIVE = 1.0          # the goal: pages and small solves within a second
HANDED_OVER = 5.0   # a big solve answers (200 or 202) within SOLVE_WAIT_SECONDS and some


@contextmanager
def running_server(tmp_path, **config):
    """``python -m webapp.cli serve`` on a free loopback port, with ``config``
    in its instance folder; yields (url, process) and stops it after."""
    instance = tmp_path / "instance"
    instance.mkdir(parents=True, exist_ok=True)
    (instance / "config.py").write_text("".join(f"{k} = {v!r}\n" for k, v in config.items()))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, ROTATION_PLAYGROUND_INSTANCE=str(instance), PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "webapp.cli", "serve", "--port", str(port)],
                               env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        if not wait_until(lambda: _listening(port) or process.poll() is not None, seconds=20) \
                or process.poll() is not None:
            raise RuntimeError(f"the server did not start: {process.stderr.read().decode()[-2000:]}")
        yield f"127.0.0.1:{port}", process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.stderr.close()


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def call(address: str, method: str, path: str, body: dict | None = None, headers=None,
         timeout: float = 30.0):
    """(status, JSON or text, seconds, response headers) of one request on a new connection."""
    host, port = address.split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
    began = time.perf_counter()
    try:
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=payload,
                     headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        data = response.read()
        seconds = time.perf_counter() - began
        if response.getheader("Content-Type", "").startswith("application/json"):
            data = json.loads(data)
        return response.status, data, seconds, dict(response.getheaders())
    finally:
        conn.close()


def cancel_all(address: str, job_ids) -> None:
    for job_id in job_ids:
        call(address, "POST", f"/api/jobs/{job_id}/cancel", {})


def assert_live(address: str) -> None:
    """A page and a small solve answer within the goal."""
    status, _, seconds, _ = call(address, "GET", "/")
    assert status == 200 and seconds < LIVE, f"GET / took {seconds:.2f} s"
    status, body, seconds, _ = call(address, "POST", "/api/solve", {"board": small_board()})
    assert status == 200 and body["status"] in ("solved", "unsolvable"), body
    assert seconds < LIVE, f"a small solve took {seconds:.2f} s"


GENEROUS = {"JOB_MAX_PER_CLIENT": 20, "JOB_QUEUE_MAX": 20, "RATELIMIT_ENABLED": False,
            "SOLVE_MAX_STATES": 3_000_000, "SOLVE_MAX_SECONDS": 20.0}


def test_eight_big_solves_leave_the_server_live(tmp_path):
    with running_server(tmp_path, **GENEROUS) as (address, _):
        results = []
        boards = [heavy_board(seed) for seed in range(8)]
        threads = [threading.Thread(target=lambda board=board: results.append(
                       call(address, "POST", "/api/solve", {"board": board, "goal": "all"})))
                   for board in boards]
        for thread in threads:
            thread.start()
        try:
            time.sleep(0.3)  # the eight are in the server now
            assert_live(address)
            for thread in threads:
                thread.join(timeout=30)
            assert len(results) == 8
            for status, body, seconds, headers in results:
                assert status in (200, 202), body
                assert seconds < HANDED_OVER, f"a big solve held its request {seconds:.1f} s"
                if status == 202:
                    assert body["status"] in ("running", "queued")
                    assert headers["Location"] == f"/api/jobs/{body['job']}"
            assert_live(address)
        finally:
            for thread in threads:
                thread.join(timeout=30)
            cancel_all(address, [r[1]["job"] for r in results if r[0] == 202])


def test_idle_and_half_sent_connections_do_not_lock_anyone_out(tmp_path):
    with running_server(tmp_path, **GENEROUS) as (address, _):
        host, port = address.split(":")
        idle = []
        try:
            for n in range(120):
                sock = socket.create_connection((host, int(port)), timeout=5)
                if n % 2:  # half a request: headers promise a body that never comes
                    sock.sendall(b"POST /api/solve HTTP/1.1\r\nHost: x\r\n"
                                 b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                idle.append(sock)
            assert_live(address)
            assert_live(address)
        finally:
            for sock in idle:
                sock.close()


def test_a_job_flood_is_refused_and_others_still_answer(tmp_path):
    # no states limit: an accepted job must still be under way when the next
    # requests come, however fast the engine (3M states took a fast machine 1 s)
    mine = [heavy_board(seed) for seed in range(12)]
    others = [heavy_board(100 + n) for n in range(12)]
    with running_server(tmp_path, TRUSTED_PROXIES=1, SOLVE_MAX_STATES=10**12,
                        JOB_QUEUE_MAX=4) as (address, _):
        accepted = []
        try:
            # one client: a few jobs, then 429 at once
            codes = []
            for seed in range(12):
                status, body, seconds, headers = call(address, "POST", "/api/jobs",
                                                      {"board": mine[seed], "goal": "all"})
                codes.append(status)
                if status == 202:
                    accepted.append(body["id"])
                else:
                    assert status == 429 and seconds < 2 * LIVE
                    assert body["error"] and int(headers["Retry-After"]) >= 1
            assert codes.count(202) == 3 and codes.count(429) == 9
            assert_live(address)
            # many clients (forwarded by a trusted proxy): the queue's bound holds
            for n in range(12):
                status, body, _, _ = call(address, "POST", "/api/jobs",
                                          {"board": others[n], "goal": "all"},
                                          headers={"X-Forwarded-For": f"203.0.113.{n}"})
                assert status in (202, 429)
                if status == 202:
                    accepted.append(body["id"])
            # the two workers' jobs and four queued: the rest refused
            assert 3 + 3 <= len(accepted) <= 2 + 4 + 1
            assert_live(address)
        finally:
            cancel_all(address, accepted)


def test_redirects_are_relative_on_the_wire(tmp_path):
    with running_server(tmp_path) as (address, _):
        host, port = address.split(":")
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            sock.sendall(b"GET ///api//puzzles HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := sock.recv(65536):
                reply += chunk
        head = reply.split(b"\r\n\r\n")[0].decode()
        assert " 308 " in head.splitlines()[0]
        assert "Location: /api/puzzles\r\n" in head + "\r\n"
        assert b"evil.example" not in reply

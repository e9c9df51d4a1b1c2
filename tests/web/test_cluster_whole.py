"""The cluster of ``make cluster`` (tools/cluster.py), every part a real
process: Redis, PostgreSQL, two web processes and a job worker. What issue
19 promises of it: a job submitted through one web process is polled and
cancelled through the other, a link made through one opens through the
other, the limits count across both, and a worker's answer is the one the
page would get inline. And ``make cluster`` stops every part when asked."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

from cluster import Cluster, main as cluster_main
from devservers import end, free_port, postgres_binaries, redis_binary
from paths import ROOT
from servers import needed
from web_helpers import call, descendants, heavy_board
from webapp.kinds import get
from webapp.rotation import EXAMPLE
from webapp.rotation.generate import generate

# every solve goes to a worker (a search in the request stops at one state)
CONFIG = {"ROTATION_MAX_STATES": 10**12, "ROTATION_MAX_SECONDS": 120.0, "ROTATION_INLINE_STATES": 1,
          "ROTATION_QUICK_STATES": 1, "LINK_RATE_LIMIT": "4 per minute"}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    whole = Cluster(tmp_path_factory.mktemp("cluster"), web_ports=(free_port(), free_port()),
                    workers=1, config=CONFIG, keep_data=False)
    with needed():
        whole.start()
    try:
        yield whole
    finally:
        whole.stop()


def addresses(cluster):
    return [url.removeprefix("http://") for url in cluster.urls]


def until_ended(address: str, job: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, body, _, _ = call(address, "GET", f"/api/jobs/{job}")
        assert status == 200, body
        if body["status"] not in ("queued", "running"):
            return body
        time.sleep(0.2)
    raise AssertionError(f"job {job} still {body['status']} after {seconds} s")


def test_a_job_given_through_one_web_process_is_followed_and_cancelled_through_the_other(cluster):
    first, second = addresses(cluster)
    status, body, _, _ = call(first, "POST", "/api/rotation/solve", {"board": heavy_board(0), "goal": "all"})
    assert status == 202, body
    job = body["id"]
    deadline = time.monotonic() + 30
    while True:  # the worker reports its progress; the other process shows it
        status, seen, _, _ = call(second, "GET", f"/api/jobs/{job}")
        assert status == 200 and seen["id"] == job and seen["kind"] == "rotation"
        if seen["status"] == "running" and seen["states"] > 0:
            break
        assert time.monotonic() < deadline, seen
        time.sleep(0.2)
    status, cancelled, _, _ = call(second, "POST", f"/api/jobs/{job}/cancel")
    assert status == 200 and cancelled["status"] == "cancelled"
    assert until_ended(first, job)["status"] == "cancelled"
    # a DELETE forgets it for every web process (issue 29)
    assert call(second, "DELETE", f"/api/jobs/{job}")[0] == 200
    assert call(first, "GET", f"/api/jobs/{job}")[0] == 410


def test_a_workers_answer_is_the_answer_found_here(cluster):
    first, second = addresses(cluster)
    status, body, _, _ = call(second, "POST", "/api/rotation/solve", {"board": EXAMPLE, "goal": "any"})
    assert status in (200, 202), body
    # the worker's answer within the request's wait, else its job's, followed through the other
    if status == 202:
        finished = until_ended(first, body["id"])
        assert finished["status"] == "done", finished
        body = finished["answer"]
    here = get("rotation").solve(EXAMPLE, {"goal": "any"})
    assert body["moves"] == here["moves"]
    assert body["status"] == here["status"] == "solved"
    assert body["source"] == "worker"
    # kept in the shared cache: the other web process answers it at once
    status, again, _, _ = call(second, "POST", "/api/rotation/solve", {"board": EXAMPLE, "goal": "any"})
    assert status == 200 and again["cached"] and again["moves"] == here["moves"]


def test_a_link_made_through_one_opens_through_the_other_and_links_count_together(cluster):
    first, second = addresses(cluster)
    made = []
    for n, address in enumerate((first, second, first, second)):
        board = generate(8, 3, seed=n).text()
        status, body, _, _ = call(address, "POST", "/api/rotation/links", {"board": board})
        assert status == 200, body
        made.append(body["id"])
    for n, link in enumerate(made):
        status, page, _, _ = call((second, first)[n % 2], "GET", f"/s/{link}")
        assert status == 200, link
    # the fifth link within the minute is refused, whichever process is asked
    for address in (first, second):
        status, body, _, headers = call(address, "POST", "/api/rotation/links", {"board": EXAMPLE})
        assert status == 429 and int(headers["Retry-After"]) >= 1


def test_the_clusters_redis_and_postgresql_let_no_one_in_without_their_passwords(cluster, monkeypatch):
    import psycopg
    import redis

    monkeypatch.delenv("PGPASSWORD", raising=False)
    with pytest.raises(redis.exceptions.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=cluster.redis.port).ping()
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"postgresql://postgres@127.0.0.1:{cluster.postgres.port}/postgres").close()
    # the passwords in the cluster's folder, for its user alone
    for server in (cluster.redis, cluster.postgres):
        assert server.folder.parent == cluster.folder
        assert (server.folder / "password").stat().st_mode & 0o777 == 0o600


def test_make_cluster_says_what_is_missing(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no redis-server, no PostgreSQL
    assert cluster_main(["--folder", str(tmp_path / "c"), "--web-ports", f"{free_port()},{free_port()}"]) == 2
    assert "is not installed" in capsys.readouterr().err


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_make_cluster_stops_every_part_when_asked(tmp_path, signum):
    """Ctrl+C, or a kill (a timeout's SIGTERM), to the runner alone: the web
    processes and workers run in sessions of their own, so it must stop
    them (a SIGTERM once left them running)."""
    with needed():
        redis_binary(), postgres_binaries()
    runner = subprocess.Popen([sys.executable, str(ROOT / "tools" / "cluster.py"), "--folder", str(tmp_path),
                               "--web-ports", f"{free_port()},{free_port()}", "--workers", "1"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    said = []
    try:
        for line in runner.stdout:
            said.append(line)
            if "Ctrl+C stops them all" in line:
                break
        else:
            pytest.fail(f"the cluster did not start: {runner.stderr.read()}")
        # the servers' addresses, and where their passwords are: never the passwords
        for server in ("redis", "postgres"):
            kept = tmp_path / server / "password"
            assert kept.read_text().strip() not in "".join(said)
            assert f"(password in {kept}" in "".join(said)
        assert "redis://127.0.0.1:" in "".join(said) and "postgresql://postgres@127.0.0.1:" in "".join(said)
        parts = descendants(runner.pid)
        runner.send_signal(signum)
        status = runner.wait(timeout=120)
    finally:
        end(runner)
        data = tmp_path / "postgres" / "data"  # kept by make cluster; outside tmp_path when root
        if data.is_symlink():
            shutil.rmtree(data.resolve().parent, ignore_errors=True)
    left = [pid for pid in parts if _alive(pid)]
    for pid in left:  # not to leave them running after a failure
        os.kill(pid, signal.SIGKILL)
    assert status == 0 and not left, (status, left)
    assert len(parts) >= 5  # Redis, PostgreSQL, two web processes, a worker


def _part_on(runner_pid: int, words: str) -> int:
    """The pid of the cluster's part whose command line holds ``words``."""
    for pid in descendants(runner_pid):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if words in f.read().replace(b"\0", b" ").decode():
                    return pid
        except OSError:
            continue
    raise AssertionError(f"no part runs {words!r}")


def test_make_cluster_starts_again_a_part_that_died_and_the_rest_serve_meanwhile(tmp_path):
    """Issue 29: a web process killed stopped the whole cluster. Now the
    runner starts it (and a killed worker) again, and only Ctrl+C stops all."""
    with needed():
        redis_binary(), postgres_binaries()
    first, second = free_port(), free_port()
    runner = subprocess.Popen([sys.executable, str(ROOT / "tools" / "cluster.py"), "--folder", str(tmp_path),
                               "--web-ports", f"{first},{second}", "--workers", "1"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(180, runner.kill)  # a runner that never says it: the reads end, the test fails
    watchdog.start()
    try:
        for line in runner.stdout:
            if "Ctrl+C stops them all" in line:
                break
        else:
            pytest.fail(f"the cluster did not start: {runner.stderr.read()}")
        os.kill(_part_on(runner.pid, f"--port {first}"), signal.SIGKILL)
        os.killpg(os.getpgid(_part_on(runner.pid, "webapp.cli worker")), signal.SIGKILL)  # and its pool
        said = []
        for line in runner.stderr:  # the runner's own words, as they come
            said.append(line)
            if sum("started again" in x for x in said) == 2:
                break
        assert any(f"web-{first} ended (exit -9): starting it again in 1 s" in x for x in said), said
        assert any("worker-1 ended" in x for x in said), said
        assert call(f"127.0.0.1:{second}", "GET", "/api/rotation/daily")[0] == 200  # never stopped
        deadline = time.monotonic() + 60  # the new process listens once it has started up
        while call_or_none(f"127.0.0.1:{first}") != 200:
            assert time.monotonic() < deadline, "the web process did not come back"
            time.sleep(0.2)
        assert runner.poll() is None
        runner.send_signal(signal.SIGINT)
        assert runner.wait(timeout=120) == 0
    finally:
        watchdog.cancel()
        parts = descendants(runner.pid) if runner.poll() is None else set()
        end(runner)
        for pid in parts:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        data = tmp_path / "postgres" / "data"
        if data.is_symlink():
            shutil.rmtree(data.resolve().parent, ignore_errors=True)


def call_or_none(address: str) -> int | None:
    try:
        return call(address, "GET", "/api/rotation/daily")[0]
    except OSError:
        return None


def _loadtest():
    path = ROOT / "benchmarks" / "loadtest_cluster.py"
    spec = importlib.util.spec_from_file_location("loadtest_cluster", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_loadtest_cluster_fails_on_a_job_lost_stuck_or_answered_never_existed(capsys):
    """Its verdict (issue 29, "Done means"): per stretch, a job in play is
    one submitted in it or under way as it began; the run passes only with
    every link readable and every job done or ended with a sentence."""
    loadtest = _loadtest()
    stretches = [("calm", 0.0, 10.0), ("Redis kill -9, restart", 10.0, 20.0)]
    fine = {"a": {"at": 1.0, "status": "done", "ended": 5.0},
            "b": {"at": 2.0, "status": "failed", "error": "the solver stopped unexpectedly",
                  "failure": "unavailable", "ended": 12.0}}
    assert loadtest.report(stretches, fine, [["x", 1.0], ["y", 11.0]], {"x", "y"})
    rows = capsys.readouterr().out.splitlines()
    assert rows[1].split() == ["calm", "1", "1", "2", "1", "1", "0", "0", "0", "0", "0"]
    assert rows[2].split()[-10:] == ["1", "1", "1", "0", "1", "0", "0", "0", "0", "0"]
    assert rows[-1] == ("links: 2 created, 2 readable afterwards through another web process; jobs: "
                        "0 lost, 0 stuck, 0 answered never existed, 0 no sentence")
    for bad in ({"status": "failed", "error": "the queue restarted and lost it", "failure": "lost"},
                {"status": "running"}, {"status": "never existed", "error": "no solve 'c'"},
                {"status": "failed", "error": None}):
        assert not loadtest.report(stretches, {**fine, "c": {"at": 11.0, **bad}}, [], set())
    assert not loadtest.report(stretches, fine, [["x", 1.0], ["y", 11.0]], {"x"})

"""Solve jobs on Redis (issue 19, items 2 and 5), against a real Redis
server and real ``rotation-playground worker`` processes: a job submitted
through one web process is polled and cancelled through another; the
bounds on jobs hold across them; identical requests share a job; the
answers are the in-process pool's; a worker killed with kill -9 mid-job
fails its job with a message; Redis stopped is a 503 for jobs only, and
jobs work again once it is back, nothing restarted.

Jobs that race the clock are the waiting kind's (tests/support/waiting_kind.py):
they cannot end before the test ends them."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import zlib

import pytest

from cli_helpers import help_of
from devservers import free_port
from servers import redis  # noqa: F401 - a fixture
from waiting_kind import waiting, waiting_job  # noqa: F401 - a fixture
import web_helpers
from web_helpers import heavy_board, wait_until
from webapp import create_app, kinds
from webapp.rotation import EXAMPLE
from webapp.web.jobbackend import KEEP_SECONDS
from webapp.web.jobstore import STALE_SECONDS
from workers import Workers, alive, workers

pytest.importorskip("rq")

#: Fields of an answer that measure time, not what was found.
TIMINGS = ("time", "seconds")


def web_process(tmp_path, name: str, **config):
    """A web process's app (its own instance folder), as behind a proxy,
    with room for the jobs these tests start."""
    return web_helpers.web_process(tmp_path, name, **{"JOB_MAX_PER_CLIENT": 20, "JOB_QUEUE_MAX": 20,
                                                      **config})


def poll(client, job_id: str) -> dict:
    return client.get(f"/api/jobs/{job_id}").get_json()


def solved(client, path: str, body: dict) -> dict:
    """The answer to a solve that goes to a worker: the request's own
    (200), or, when the worker took the job only after the request's short
    wait for it to begin (a busy machine: 202, the job), the job's,
    followed as a page follows it."""
    response = client.post(path, json=body)
    if response.status_code == 202:
        job_id = response.get_json()["id"]
        assert wait_until(lambda: poll(client, job_id)["status"] not in ("queued", "running"),
                          seconds=60), poll(client, job_id)
        job = poll(client, job_id)
        assert job["status"] == "done", job
        return job["answer"]
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def running_with_progress(client, job_id: str) -> bool:
    body = poll(client, job_id)
    return body["status"] == "running" and body["ticks"] > 0


# ------------------------------------------------ one job, two web processes
def test_a_job_submitted_through_one_web_process_is_polled_and_cancelled_through_another(
        tmp_path, redis, waiting):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url) for name in ("a", "b"))
    with workers(redis.url, tmp_path) as worker:
        job_id = waiting_job(first)
        assert wait_until(lambda: running_with_progress(second, job_id)), poll(second, job_id)
        seen = poll(second, job_id)
        assert seen["kind"] == "waiting" and seen["counter"] == "ticks" and seen["depth"] == 1
        assert wait_until(lambda: poll(first, job_id)["ticks"] > seen["ticks"])  # it goes on
        cancelled = second.post(f"/api/jobs/{job_id}/cancel")
        assert cancelled.status_code == 200
        assert cancelled.get_json()["status"] == "cancelled"
        assert poll(first, job_id)["status"] == "cancelled"
        # its worker ended the process that ran it, and says so
        assert wait_until(lambda: worker.said(job_id) is not None), worker.log()
        assert "cancelled" in worker.said(job_id)
        # and took the next job
        first.application.config["WAITING_MAX_TICKS"] = 5
        other = waiting_job(first, "next")
        assert wait_until(lambda: poll(second, other)["status"] == "done"), poll(second, other)
        assert poll(first, other)["answer"]["ticks"] == 5


def test_delete_from_another_web_process_stops_a_job_too(tmp_path, redis, waiting):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url) for name in ("a", "b"))
    with workers(redis.url, tmp_path) as worker:
        job_id = waiting_job(first)
        assert wait_until(lambda: running_with_progress(first, job_id))
        assert second.delete(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"
        assert wait_until(lambda: worker.said(job_id) is not None)


def test_a_job_deleted_through_one_web_process_is_gone_through_the_other(
        tmp_path, redis, waiting):  # noqa: F811
    """DELETE stops the job and forgets it for every web process: a 410,
    the marker in the job's own keys, so it expires with them (issue 29)."""
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url) for name in ("a", "b"))

    def deleted_and_gone(job_id: str, status: str) -> None:
        deleted = second.delete(f"/api/jobs/{job_id}")
        assert deleted.status_code == 200 and deleted.get_json()["status"] == status
        gone = first.get(f"/api/jobs/{job_id}")
        assert gone.status_code == 410, gone.get_json()
        assert gone.get_json()["error"] == "this search was deleted: press Solve (or Hint) to start another"
        assert first.post(f"/api/jobs/{job_id}/cancel").status_code == 410
        assert second.delete(f"/api/jobs/{job_id}").status_code == 200  # as the first did

    deleted_and_gone(waiting_job(first, "queued"), "cancelled")  # no worker yet: it waits
    with workers(redis.url, tmp_path) as worker:
        running = waiting_job(first)
        assert wait_until(lambda: running_with_progress(second, running)), poll(second, running)
        deleted_and_gone(running, "cancelled")
        first.application.config["WAITING_MAX_TICKS"] = 3
        done = waiting_job(first, "short")
        assert wait_until(lambda: poll(second, done)["status"] == "done"), poll(second, done)
        deleted_and_gone(done, "done")
        assert wait_until(lambda: worker.said(running) is not None), worker.log()
    connection = first.application.extensions["playground_jobs"].redis
    assert 0 < connection.ttl(f"playground:job:{running}") <= KEEP_SECONDS
    assert [key for key in connection.keys(f"playground:*{running}*")] == [f"playground:job:{running}".encode()]


def test_a_queued_job_cancelled_never_runs(tmp_path, redis, waiting):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url, WAITING_MAX_TICKS=5)
                     for name in ("a", "b"))
    job_id = waiting_job(first)  # no worker yet: it waits
    queued = poll(second, job_id)
    assert queued["status"] == "queued" and queued["place"] == 1
    assert second.post(f"/api/jobs/{job_id}/cancel").get_json()["status"] == "cancelled"
    with workers(redis.url, tmp_path) as worker:
        later = waiting_job(first, "later")
        assert wait_until(lambda: poll(first, later)["status"] == "done")
        assert worker.said(job_id) is None, worker.log()
    store = first.application.extensions["playground_jobs"].store
    assert "started" not in store.read(job_id) and poll(first, job_id)["status"] == "cancelled"


def test_a_job_crosses_redis_as_json_never_pickled_and_a_worker_runs_it(
        tmp_path, redis, waiting):  # noqa: F811
    """Whoever can write to Redis must not be able to hand a worker a
    pickle (issue 29, finding 4): RQ's job, as the web process stores it, is
    JSON, and the worker reads it as JSON."""
    client = web_process(tmp_path, "a", REDIS_URL=redis.url, WAITING_MAX_TICKS=5)
    job_id = waiting_job(client)  # no worker yet: it waits, as the web process stored it
    raw = client.application.extensions["playground_jobs"].redis.hget(f"rq:job:{job_id}", "data")
    data = zlib.decompress(raw)  # RQ compresses what its serializer made
    assert not data.startswith(b"\x80"), data  # a pickle's first byte
    assert json.loads(data) == ["webapp.worker.perform", None, [job_id], {}]
    with workers(redis.url, tmp_path) as worker:
        assert wait_until(lambda: poll(client, job_id)["status"] == "done"), worker.log()
    assert poll(client, job_id)["answer"]["ticks"] == 5


def test_a_job_nobody_polls_is_cancelled_by_its_worker(tmp_path, redis, waiting):  # noqa: F811
    client = web_process(tmp_path, "a", REDIS_URL=redis.url, JOB_ABANDON_SECONDS=1.0)
    with workers(redis.url, tmp_path) as worker:
        job_id = waiting_job(client)
        assert wait_until(lambda: running_with_progress(client, job_id))
        # nobody asks now: the worker itself notices and ends it
        assert wait_until(lambda: worker.said(job_id) is not None, seconds=20), worker.log()
        assert "nobody asked about it for 1 s" in worker.said(job_id)
    body = poll(client, job_id)
    assert body["status"] == "cancelled" and body["error"] == "cancelled: nobody asked about it for 1 s"


# ------------------------------------------------------- bounds and sharing
def test_the_bound_of_three_jobs_a_client_holds_across_two_web_processes(
        tmp_path, redis, waiting):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url, JOB_MAX_PER_CLIENT=3)
                     for name in ("a", "b"))
    ids = [waiting_job(first, "one"), waiting_job(second, "two"), waiting_job(first, "three")]
    for client in (first, second):
        refused = client.post("/api/waiting/solve", json={"board": "four"})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert "3 solves under way" in refused.get_json()["error"]
    # another client has its own three
    assert waiting_job(second, "four", environ_base={"REMOTE_ADDR": "192.0.2.8"})
    second.post(f"/api/jobs/{ids[0]}/cancel")
    assert waiting_job(first, "four")


def _race(url: str, folder: str, number: int, start, codes) -> None:
    """One web process of the race: four threads ask at the same moment.
    The count of solves against the rate limit, between the first check of
    the bounds and the submission, is slow here (Redis under load): all
    eight pass that first check, and only the submission can hold the bound."""
    from webapp.web import limits

    take = limits.take

    def slow_take(*args):
        time.sleep(0.5)
        return take(*args)

    limits.take = slow_take  # this forked process's only
    app = create_app({"TESTING": True, "INSTANCE_DIR": folder, "REDIS_URL": url,
                      "RATELIMIT_ENABLED": False, "JOB_MAX_PER_CLIENT": 3, "JOB_QUEUE_MAX": 50})

    def ask(label: str) -> None:
        client = app.test_client()
        start.wait()
        codes.put(client.post("/api/waiting/solve", json={"board": label}).status_code)

    threads = [threading.Thread(target=ask, args=(f"race-{number}-{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_clients_racing_through_two_web_processes_cannot_slip_past_the_bound(
        tmp_path, redis, waiting):  # noqa: F811
    context = multiprocessing.get_context("fork")  # the waiting kind registered in both
    start, codes = context.Barrier(8), context.Queue()
    processes = [context.Process(target=_race, args=(redis.url, str(tmp_path / name), n, start, codes))
                 for n, name in enumerate(("a", "b"))]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
    assert [process.exitcode for process in processes] == [0, 0]
    assert sorted(codes.get(timeout=5) for _ in range(8)) == [202] * 3 + [429] * 5


def test_the_queue_bound_counts_every_web_processes_jobs(tmp_path, redis, waiting):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url, JOB_QUEUE_MAX=2)
                     for name in ("a", "b"))
    one = waiting_job(first, "one", environ_base={"REMOTE_ADDR": "192.0.2.1"})
    two = waiting_job(second, "two", environ_base={"REMOTE_ADDR": "192.0.2.2"})
    assert (poll(second, one)["place"], poll(first, two)["place"]) == (1, 2)
    refused = first.post("/api/waiting/solve", json={"board": "three"},
                         environ_base={"REMOTE_ADDR": "192.0.2.3"})
    assert refused.status_code == 429
    assert "busy with other people's puzzles" in refused.get_json()["error"]
    second.post(f"/api/jobs/{one}/cancel")
    assert poll(first, two)["place"] == 1
    assert waiting_job(first, "three", environ_base={"REMOTE_ADDR": "192.0.2.3"})


def test_identical_requests_through_both_web_processes_share_one_job(tmp_path, redis, waiting):  # noqa: F811
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url) for name in ("a", "b"))
    one = waiting_job(first, "same")
    assert waiting_job(second, "same") == one
    assert waiting_job(second, "other") != one
    # another client asking the same gets a job of its own
    assert waiting_job(second, "same", environ_base={"REMOTE_ADDR": "192.0.2.8"}) != one
    second.post(f"/api/jobs/{one}/cancel")
    assert waiting_job(first, "same") != one  # a job that has ended is not joined


# ------------------------------------------------------------- the answers
def _job_of(name: str):
    """A puzzle of kind ``name`` that goes to a worker, and limits (in its
    counter) that end it soon, the same way each time."""
    kind = kinds.get(name)
    if name == "rotation":
        return heavy_board(0), {"goal": "all"}, {"ROTATION_MAX_STATES": 30_000, "ROTATION_INLINE_STATES": 1000}
    if name == "sliding":
        board = kind.text(kind.shuffle({"width": 5, "height": 5}, random.Random(2)))
        return board, {}, {"SLIDING_MAX_NODES": 20_000}
    board = kind.text(kind.shuffle({"size": 4, "figures": 4}, random.Random(1)))
    return board, {}, {"TRIANGLE_MAX_NODES": 50_000}


@pytest.mark.parametrize("name", ["rotation", "sliding", "triangle"])
def test_a_worker_on_redis_answers_as_the_in_process_pool(tmp_path, redis, name):  # noqa: F811
    board, options, config = _job_of(name)
    config = {**config, "SOLVE_WAIT_SECONDS": 60.0}
    alone = web_process(tmp_path, "alone", **config)
    shared = web_process(tmp_path, "shared", REDIS_URL=redis.url, **config)
    try:
        mine = solved(alone, f"/api/{name}/solve", {"board": board, **options})
    finally:
        alone.application.extensions["playground_jobs"].close()
    with workers(redis.url, tmp_path):
        theirs = solved(shared, f"/api/{name}/solve", {"board": board, **options})
    assert mine["source"] == theirs["source"] == "worker"
    # every field, in the same order, but the times (a summary may give one too)
    without = [re.sub(r"\d+(\.\d+)? s\b", "_ s", json.dumps({k: v for k, v in body.items()
                                                         if k not in TIMINGS}))
               for body in (mine, theirs)]
    assert without[0] == without[1]


def test_a_workers_answer_is_kept_in_the_cache(tmp_path, redis):  # noqa: F811
    client = web_process(tmp_path, "a", REDIS_URL=redis.url, ROTATION_INLINE_STATES=1,
                         SOLVE_WAIT_SECONDS=30.0)
    with workers(redis.url, tmp_path):
        first = solved(client, "/api/rotation/solve", {"board": EXAMPLE, "goal": "stick:1"})
    again = web_process(tmp_path, "a", REDIS_URL=redis.url).post(
        "/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    assert (first["source"], again["source"]) == ("worker", "cache")
    assert again["moves"] == first["moves"] == "LL"


def test_a_finished_job_is_kept_in_the_cache_once_whichever_process_polls(tmp_path, redis):  # noqa: F811
    """The first read that finds the job done claims its answer (in the
    read script): the polls after it, here or in another process, only read."""
    config = {"REDIS_URL": redis.url, "ROTATION_INLINE_STATES": 1, "SOLVE_WAIT_SECONDS": 0.0}
    first, second = web_process(tmp_path, "a", **config), web_process(tmp_path, "b", **config)
    writes = []
    for client in (first, second):
        store = client.application.extensions["playground_store"]
        store.remember = lambda *args, keep=store.remember: (writes.append(args[0]), keep(*args))[1]
    with workers(redis.url, tmp_path):
        job_id = first.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()["job"]
        assert wait_until(lambda: poll(second, job_id)["status"] == "done", seconds=60)
    for client in (first, second, first, second):
        assert poll(client, job_id)["status"] == "done"
    assert len(writes) == 1


# ------------------------------------------------------------------- faults
@pytest.mark.parametrize("which", ["the-command", "one-worker-and-its-horse"])
def test_a_worker_killed_with_kill_9_mid_job_fails_the_job_with_a_message(
        tmp_path, redis, waiting, which):  # noqa: F811
    client = web_process(tmp_path, "a", REDIS_URL=redis.url)
    with workers(redis.url, tmp_path) as worker:
        job_id = waiting_job(client)
        assert wait_until(lambda: running_with_progress(client, job_id))
        processes = worker.processes()  # the command, its worker, the worker's horse
        assert len(processes) == 3, processes
        if which == "the-command":
            os.kill(worker.pid, signal.SIGKILL)
            worker.process.wait()
            # what it forked dies with it: nothing is left solving
            assert wait_until(lambda: not any(alive(pid) for pid in processes[1:]), seconds=10)
        else:
            for pid in processes[1:]:
                os.kill(pid, signal.SIGKILL)
        # the client polling is told, within the worker's silence and a little more
        assert wait_until(lambda: poll(client, job_id)["status"] == "failed",
                          seconds=STALE_SECONDS + 20), poll(client, job_id)
        body = poll(client, job_id)
        assert body["error"].startswith("the solver stopped unexpectedly")
        assert "please try again" in body["error"]
        if which != "the-command":
            # the pool put a new worker in its place, which takes the next job
            client.application.config["WAITING_MAX_TICKS"] = 5
            other = waiting_job(client, "next")
            assert wait_until(lambda: poll(client, other)["status"] == "done"), worker.log()


def test_with_redis_stopped_jobs_are_503_the_rest_answers_and_when_it_is_back_jobs_work(
        tmp_path, redis, waiting):  # noqa: F811
    client = web_process(tmp_path, "a", REDIS_URL=redis.url)
    with workers(redis.url, tmp_path) as worker:
        job_id = waiting_job(client)
        assert wait_until(lambda: running_with_progress(client, job_id))
        redis.stop()
        assert client.get("/").status_code == 200
        assert client.get("/sliding").status_code == 200
        small = client.post("/api/rotation/solve", json={"board": EXAMPLE})
        assert small.status_code == 200 and small.get_json()["moves"] == "LL"
        assert client.post("/api/rotation/links", json={"board": EXAMPLE}).status_code == 200
        for refused in (client.post("/api/waiting/solve", json={"board": "new"}),
                        client.post("/api/waiting/solve", json={"board": "new"}),
                        client.get(f"/api/jobs/{job_id}"),
                        client.post(f"/api/jobs/{job_id}/cancel")):
            assert refused.status_code == 503, refused.get_data(as_text=True)
            assert int(refused.headers["Retry-After"]) >= 1
            assert "cannot be reached just now" in refused.get_json()["error"]
        redis.start()  # back, with its data: the same web process and the same workers go on
        assert client.get(f"/api/jobs/{job_id}").status_code == 200  # the job is still known
        client.application.config["WAITING_MAX_TICKS"] = 5
        again = waiting_job(client, "again")
        assert wait_until(lambda: poll(client, again)["status"] == "done", seconds=40), worker.log()
        assert worker.process.poll() is None


def test_a_queued_job_survives_redis_killed_with_kill_9_and_started_again(
        tmp_path, redis, waiting):  # noqa: F811
    """Redis keeps its data in an append-only file (issue 29, finding 1):
    killed at once and started again with the same settings, it still has
    the job, which a worker then runs."""
    client = web_process(tmp_path, "a", REDIS_URL=redis.url, WAITING_MAX_TICKS=5)
    job_id = waiting_job(client)  # no worker yet: queued
    redis.process.send_signal(signal.SIGKILL)
    redis.process.wait()
    redis.start()
    assert poll(client, job_id)["status"] == "queued"
    with workers(redis.url, tmp_path) as worker:
        assert wait_until(lambda: poll(client, job_id)["status"] == "done", seconds=40), worker.log()


def test_a_job_a_restarted_redis_lost_is_failed_with_a_sentence_not_a_404(
        tmp_path, redis, waiting):  # noqa: F811
    """A Redis that comes back without its data (no append-only file, or
    it was lost) has lost the jobs: a poll through any web process answers
    the job failed, "lost", with what to do; an id nobody made stays a 404."""
    first, second = (web_process(tmp_path, name, REDIS_URL=redis.url) for name in ("a", "b"))
    job_id = waiting_job(first)
    redis.stop()
    for data in redis.folder.glob("appendonly*"):
        shutil.rmtree(data) if data.is_dir() else data.unlink()
    redis.start()
    for client in (first, second):
        response = client.get(f"/api/jobs/{job_id}")
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert (body["status"], body["failure"], body["kind"]) == ("failed", "lost", "waiting")
        assert body["error"].endswith("the queue restarted and lost it (or it ended over 10 minutes "
                                      "ago); press Solve again")
    assert second.get("/api/jobs/0123456789abcdef-waiting-solve-00000000").status_code == 404


# --------------------------------------------------------------- the command
def run_worker(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "webapp.cli", "worker", *args],
                          capture_output=True, text=True, timeout=60, **kwargs)


def test_worker_help_says_what_it_takes_and_how_it_stops(capsys):
    text = help_of(capsys, "worker")
    for words in ("--redis-url URL", "default: $REDIS_URL", "--workers N", "(default: 1)",
                  "until Ctrl+C or SIGTERM", "exit status 2"):
        assert words in text
    assert "worker" in help_of(capsys)  # among the commands


def test_worker_without_redis_says_so_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    nothing = run_worker(env=env)
    assert nothing.returncode == 2 and "give --redis-url URL or set REDIS_URL" in nothing.stderr
    down = run_worker("--redis-url", f"redis://127.0.0.1:{free_port()}/0", env=env)
    assert down.returncode == 2 and "does not answer" in down.stderr
    assert "Traceback" not in down.stderr


def test_worker_without_the_rq_library_says_what_to_install(tmp_path):
    code = ("import sys; sys.modules['rq'] = None; from webapp.cli import main; "
            "sys.exit(main(['worker', '--redis-url', 'redis://127.0.0.1:1/0']))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 2
    assert "the rq library is not installed: pip install -e '.[cluster]'" in shown.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_stopping_the_workers_fails_the_job_under_way_and_leaves_nothing_behind(
        tmp_path, redis, waiting, sig):  # noqa: F811
    client = web_process(tmp_path, "a", REDIS_URL=redis.url)
    worker = Workers(redis.url, tmp_path, count=2).start()
    try:
        job_id = waiting_job(client)
        assert wait_until(lambda: running_with_progress(client, job_id))
        processes = worker.processes()
        assert len(processes) == 4, processes  # the command, two workers, one horse
        assert worker.stop(sig) == 0, worker.log()
        assert not any(alive(pid) for pid in processes)
        body = poll(client, job_id)
        assert body["status"] == "failed" and body["error"] == "the worker running it was stopped; please try again"
        assert "workers stopped" in worker.log()
    finally:
        worker.kill()


#: One worker whose horse takes its time to die once killed, as on a busy
#: machine: longer than the one-second alarm RQ watches a horse under.
SLOW_TO_STOP = """
import sys, time
from webapp import worker

made = worker._worker_class


def slow():
    class Slow(made()):
        def kill_horse(self, *args, **kwargs):
            time.sleep(2.5)
            super().kill_horse(*args, **kwargs)
    return Slow


worker._worker_class = slow
worker._run_one("slow", sys.argv[1])
print("worker gone", flush=True)
"""


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_a_worker_stops_even_when_its_horse_dies_slowly(tmp_path, redis, waiting, sig):  # noqa: F811
    """The stop waited for the horse inside the signal handler; RQ's alarm,
    firing meanwhile, ended the handler and the worker worked on for ever
    (a CI run's pool never exited)."""
    client = web_process(tmp_path, "a", REDIS_URL=redis.url)
    tests = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "support")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (tests, os.environ.get("PYTHONPATH")) if p)}
    one = subprocess.Popen([sys.executable, "-c", SLOW_TO_STOP, redis.url], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        job_id = waiting_job(client)
        # a bound, not a pause: a loaded CI machine has taken more than 40 s to start the worker
        if not wait_until(lambda: running_with_progress(client, job_id), seconds=120):
            one.kill()
            pytest.fail(f"the worker never ran the job; it said:\n{one.communicate()[0]}")
        one.send_signal(sig)
        try:
            output, _ = one.communicate(timeout=60)
        except subprocess.TimeoutExpired:  # what it said, to see where it hung
            one.kill()
            pytest.fail(f"the worker did not stop within 60 s of {sig.name}:\n{one.communicate()[0]}")
        assert "worker gone" in output, output
        body = poll(client, job_id)
        assert body["status"] == "failed" and body["error"] == "the worker running it was stopped; please try again"
    finally:
        if one.poll() is None:
            one.kill()
            one.wait()


def test_a_horse_that_dies_before_it_solves_fails_the_job(tmp_path, redis, waiting):  # noqa: F811
    """RQ runs a job once: a horse that dies before it has begun to solve
    must not leave the job queued or running for ever."""
    client = web_process(tmp_path, "a", REDIS_URL=redis.url)
    jobs = client.application.extensions["playground_jobs"]
    job_id = waiting_job(client)  # queued: no worker yet
    jobs.queue.remove(job_id)
    # the same job id, but a call that ends the horse at once, as a crash would
    jobs.queue.enqueue("os._exit", 1, job_id=job_id, result_ttl=0)
    with workers(redis.url, tmp_path) as worker:
        assert wait_until(lambda: poll(client, job_id)["status"] == "failed"), worker.log()
        assert poll(client, job_id)["error"] == "the solver stopped unexpectedly"
        assert "failed" in worker.said(job_id)


def test_a_job_rq_gives_up_on_fails_with_a_sentence(tmp_path, redis, waiting):  # noqa: F811
    """RQ's upkeep fails a job whose worker was lost before it began (stuck
    between RQ's queues): its failure callback ends the playground's job."""
    from rq.job import Job as RQJob

    from webapp.worker import failed

    client = web_process(tmp_path, "a", REDIS_URL=redis.url)
    jobs = client.application.extensions["playground_jobs"]
    job_id = waiting_job(client)
    rq_job = RQJob.fetch(job_id, connection=jobs.redis)
    assert rq_job.failure_callback is failed
    failed(rq_job, jobs.redis)
    body = poll(client, job_id)
    assert body["status"] == "failed" and body["error"] == "the solver stopped unexpectedly"


def test_the_log_says_when_no_worker_takes_the_jobs(tmp_path, redis, waiting, caplog):  # noqa: F811
    client = web_process(tmp_path, "a", REDIS_URL=redis.url)
    waiting_job(client, "one")
    assert "no rotation-playground worker takes the solve jobs" in caplog.text
    caplog.clear()
    with workers(redis.url, tmp_path):
        client.application.extensions["playground_jobs"].workers_checked = -60.0  # a minute on
        assert wait_until(lambda: _workers_registered(client))
        waiting_job(client, "two")
    assert "no rotation-playground worker" not in caplog.text


def _workers_registered(client) -> bool:
    from rq import Worker

    return Worker.count(queue=client.application.extensions["playground_jobs"].queue) > 0

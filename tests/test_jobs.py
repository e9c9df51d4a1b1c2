"""Solves in worker processes: limits, progress, cancelling, the cache."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from webapp import create_app
from webapp.rotation import EXAMPLE

GIANT = (Path(__file__).resolve().parents[1] / "benchmarks" / "giant.txt").read_text()


def make_client(tmp_path, **config):
    settings = {"TESTING": True, "INSTANCE_DIR": str(tmp_path), "SOLVE_INLINE_STATES": 1000}
    settings.update(config)
    return create_app(settings).test_client()


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


def wait_until(predicate, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_small_solve_is_answered_inline_then_from_the_cache(tmp_path):
    client = make_client(tmp_path)
    first = client.post("/api/solve", json={"board": EXAMPLE}).get_json()
    again = client.post("/api/solve", json={"board": EXAMPLE}).get_json()
    assert first["source"] == "inline" and again["source"] == "cache"
    assert again["moves"] == first["moves"] == "LL"
    assert again["trajectory"] == first["trajectory"]


def test_cache_keeps_goals_apart(tmp_path):
    client = make_client(tmp_path)
    anyone = client.post("/api/solve", json={"board": EXAMPLE, "goal": "any"}).get_json()
    zero = client.post("/api/solve", json={"board": EXAMPLE, "goal": "stick:0"}).get_json()
    assert zero["source"] == "inline"
    assert zero["goal"] == "stick:0" and anyone["goal"] == "any"


@pytest.mark.parametrize("config, limit", [
    ({"SOLVE_MAX_STATES": 20_000}, "states"),
    ({"SOLVE_MAX_SECONDS": 0.5}, "time"),
    ({"SOLVE_MAX_BYTES": 5_000_000}, "memory"),
])
def test_each_limit_answers_limit_with_its_figures(tmp_path, config, limit):
    client = make_client(tmp_path, **config)
    response = client.post("/api/solve", json={"board": GIANT})
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "limit"
    assert body["limit"] == limit
    assert body["states"] > 1000 and body["depth"] > 0
    if limit == "states":
        assert body["states"] <= 20_000
    assert body["source"] == "worker"
    # a limit is no answer about the puzzle: it is not cached
    again = client.post("/api/solve", json={"board": GIANT}).get_json()
    assert again["source"] == "worker"


def test_job_reports_progress_and_cancel_leaves_no_worker(tmp_path):
    client = make_client(tmp_path)
    started = client.post("/api/jobs", json={"board": GIANT})
    assert started.status_code == 202
    job_id = started.get_json()["id"]
    manager = client.application.extensions["rotation_jobs"]
    job = manager.get(job_id)
    assert wait_until(lambda: job.process is not None)
    pid = job.process.pid
    assert alive(pid)

    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["states"] > 10_000)
    progress = client.get(f"/api/jobs/{job_id}").get_json()
    assert progress["status"] == "running" and progress["depth"] > 0

    cancelled = client.post(f"/api/jobs/{job_id}/cancel").get_json()
    assert cancelled["status"] == "cancelled"
    assert wait_until(lambda: not alive(pid), seconds=5), "the worker is still running"
    assert client.get(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"
    assert manager.running() == 0


def test_delete_cancels_too(tmp_path):
    client = make_client(tmp_path)
    job_id = client.post("/api/jobs", json={"board": GIANT}).get_json()["id"]
    assert client.delete(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"


def test_job_that_finishes_gives_the_answer_and_fills_the_cache(tmp_path):
    client = make_client(tmp_path, SOLVE_INLINE_STATES=1)
    started = client.post("/api/jobs", json={"board": EXAMPLE, "goal": "stick:1"})
    assert started.status_code == 202
    job_id = started.get_json()["id"]
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["status"] != "running")
    done = client.get(f"/api/jobs/{job_id}").get_json()
    assert done["status"] == "done"
    assert done["answer"]["status"] == "solved"
    cached = client.post("/api/jobs", json={"board": EXAMPLE, "goal": "stick:1"})
    assert cached.status_code == 200
    assert cached.get_json()["answer"]["source"] == "cache"


def test_unknown_job_is_404(tmp_path):
    client = make_client(tmp_path)
    assert client.get("/api/jobs/nope").status_code == 404
    assert client.post("/api/jobs/nope/cancel").status_code == 404

"""Solves in worker processes: the queue, limits, progress, cancelling,
reclaiming abandoned jobs, the cache, and the same answer fields on every path."""

from __future__ import annotations

import os
import time

import pytest

from waiting_kind import no_wait, waiting, waiting_job  # noqa: F401 - a fixture
from web_helpers import HEAVY, HEAVY_GOAL, alive, heavy_job, make_client, wait_until
from webapp.rotation import EXAMPLE

def test_small_solve_is_answered_inline_then_from_the_cache(tmp_path):
    client = make_client(tmp_path)
    first = client.post("/api/rotation/solve", json={"board": EXAMPLE}).get_json()
    again = client.post("/api/rotation/solve", json={"board": EXAMPLE}).get_json()
    assert first["source"] == "inline" and again["source"] == "cache"
    assert again["moves"] == first["moves"] == "LL"
    assert again["trajectory"] == first["trajectory"]


def test_cache_keeps_goals_apart(tmp_path):
    client = make_client(tmp_path)
    anyone = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "any"}).get_json()
    zero = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:0"}).get_json()
    assert zero["source"] == "inline"
    assert zero["goal"] == "stick:0" and anyone["goal"] == "any"


def test_every_path_gives_the_same_fields(tmp_path, cleanup):
    """Inline, cache and worker answers have the same keys, "time" and "source" too."""
    inline = make_client(tmp_path / "a").post(
        "/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    client = make_client(tmp_path / "b", ROTATION_INLINE_STATES=1, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    job_id = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()["id"]
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["status"] == "done")
    worker = client.get(f"/api/jobs/{job_id}").get_json()["answer"]
    cached = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    assert (inline["source"], worker["source"], cached["source"]) == ("inline", "worker", "cache")
    assert set(inline) == set(worker) == set(cached)
    for answer in (inline, worker, cached):
        assert isinstance(answer["time"], float) and answer["time"] >= 0
    assert worker["moves"] == inline["moves"] == cached["moves"]
    # /api/rotation/solve waiting for the worker gives the same fields as well
    waited = make_client(tmp_path / "c", ROTATION_INLINE_STATES=1).post(
        "/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    assert waited["source"] == "worker" and set(waited) == set(inline)


@pytest.mark.parametrize("config, limit", [
    ({"ROTATION_MAX_STATES": 20_000}, "states"),
    ({"ROTATION_MAX_SECONDS": 0.5}, "time"),
    ({"ROTATION_MAX_BYTES": 5_000_000}, "memory"),
])
def test_each_limit_answers_limit_with_its_figures(tmp_path, config, limit):
    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=10.0, **config)
    response = client.post("/api/rotation/solve", json={"board": HEAVY, "goal": HEAVY_GOAL})
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "limit"
    assert body["limit"] == limit
    assert body["states"] > 1000 and body["depth"] > 0
    if limit == "states":
        assert body["states"] <= 20_000
    assert body["source"] == "worker"
    # a limit is no answer about the puzzle: it is not cached
    again = client.post("/api/rotation/solve", json={"board": HEAVY, "goal": HEAVY_GOAL}).get_json()
    assert again["source"] == "worker"


def test_job_reports_progress_and_cancel_leaves_no_worker(tmp_path, waiting, cleanup):
    client = make_client(tmp_path)
    cleanup(client)
    job_id = waiting_job(client)
    manager = client.application.extensions["playground_jobs"]
    job = manager.jobs[job_id]
    assert wait_until(lambda: job.process is not None)
    pid = job.process.pid
    assert alive(pid)

    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["ticks"] > 20)
    progress = client.get(f"/api/jobs/{job_id}").get_json()
    assert progress["status"] == "running" and progress["depth"] > 0
    assert "place" not in progress

    cancelled = client.post(f"/api/jobs/{job_id}/cancel").get_json()
    assert cancelled["status"] == "cancelled" and cancelled["error"]
    assert wait_until(lambda: not alive(pid), seconds=5), "the worker is still running"
    assert client.get(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"
    assert not any(job.active for job in manager.jobs.values())


def test_a_rotation_job_reports_its_states_and_depth(tmp_path, cleanup):
    client = make_client(tmp_path)
    cleanup(client)
    job_id = heavy_job(client)
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["states"] > 10_000)
    progress = client.get(f"/api/jobs/{job_id}").get_json()
    assert progress["status"] == "running" and progress["depth"] > 0
    assert client.delete(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"


def test_workers_run_at_a_lower_priority(tmp_path, waiting, cleanup):
    client = make_client(tmp_path)
    cleanup(client)
    job = client.application.extensions["playground_jobs"].jobs[waiting_job(client)]
    assert wait_until(lambda: job.process is not None)
    pid = job.process.pid
    assert wait_until(lambda: os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + 5
                      or os.getpriority(os.PRIO_PROCESS, pid) == 19, seconds=5)


def test_delete_cancels_too(tmp_path, waiting, cleanup):
    client = make_client(tmp_path)
    cleanup(client)
    job_id = waiting_job(client)
    assert client.delete(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"


def test_delete_stops_a_job_and_forgets_it(tmp_path, waiting, cleanup):
    """DELETE stops the job as cancel does and answers with it; afterwards
    the job is gone: 410 with a sentence, not the job, nor "lost" (issue 29:
    schemathesis's use_after_free). A second DELETE answers as the first."""
    client = make_client(tmp_path)
    cleanup(client)
    job_id = waiting_job(client)
    job = client.application.extensions["playground_jobs"].jobs[job_id]
    assert wait_until(lambda: job.process is not None)
    pid = job.process.pid
    deleted = client.delete(f"/api/jobs/{job_id}")
    assert deleted.status_code == 200 and deleted.get_json()["status"] == "cancelled"
    assert wait_until(lambda: not alive(pid), seconds=5), "the worker is still running"
    for gone in (client.get(f"/api/jobs/{job_id}"), client.post(f"/api/jobs/{job_id}/cancel")):
        assert gone.status_code == 410
        assert gone.get_json() == {"error": "this search was deleted: press Solve (or Hint) to start another",
                                   "code": "gone"}
    again = client.delete(f"/api/jobs/{job_id}")
    assert again.status_code == 200 and again.get_json()["error"] == deleted.get_json()["error"]


def test_a_finished_job_deleted_is_gone_too(tmp_path, waiting, cleanup):
    client = make_client(tmp_path, WAITING_MAX_TICKS=3)
    cleanup(client)
    job_id = waiting_job(client, "short")
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["status"] == "done")
    assert client.delete(f"/api/jobs/{job_id}").get_json()["status"] == "done"
    assert client.get(f"/api/jobs/{job_id}").status_code == 410


def test_a_closing_page_cancels_with_send_beacon(tmp_path, waiting, cleanup):
    """navigator.sendBeacon posts text/plain with whatever body: it is enough."""
    client = make_client(tmp_path)
    cleanup(client)
    job_id = waiting_job(client)
    response = client.post(f"/api/jobs/{job_id}/cancel", data="bye",
                           content_type="text/plain;charset=UTF-8")
    assert response.status_code == 200
    assert response.get_json()["status"] == "cancelled"


def test_queued_jobs_say_so_with_their_place_and_cancel_at_once(tmp_path, waiting, cleanup):
    client = make_client(tmp_path, JOB_WORKERS=1)
    cleanup(client)
    first, second, third = (waiting_job(client, label) for label in ("one", "two", "three"))
    assert wait_until(lambda: client.get(f"/api/jobs/{first}").get_json()["status"] == "running")
    body = client.get(f"/api/jobs/{second}").get_json()
    assert body["status"] == "queued" and body["place"] == 1
    assert body["ticks"] == 0 and body["depth"] == 0
    assert client.get(f"/api/jobs/{third}").get_json()["place"] == 2

    queued = client.application.extensions["playground_jobs"].jobs[second]

    def waited(timeout=None):
        raise AssertionError("cancelling a queued job waited for a worker")

    queued.finished.wait = waited  # only a running job's worker is waited for
    cancelled = client.post(f"/api/jobs/{second}/cancel")
    assert cancelled.get_json()["status"] == "cancelled"
    assert queued.finished.is_set() and queued.started is None and queued.process is None
    assert client.get(f"/api/jobs/{third}").get_json()["place"] == 1

    client.post(f"/api/jobs/{first}/cancel")
    assert wait_until(lambda: client.get(f"/api/jobs/{third}").get_json()["status"] == "running")


def test_jobs_submitted_together_each_have_their_own_place(tmp_path, waiting, cleanup):
    """With one worker, three solves sent at once: the first is about to run
    (no place: a worker takes it at once), then 1 and 2, whatever the
    runner thread has done yet; every snapshot agrees."""
    client = make_client(tmp_path, JOB_WORKERS=1)
    cleanup(client)
    answers = [client.post("/api/waiting/solve", json={"board": label})
               for label in ("four", "five", "six")]
    assert [a.status_code for a in answers] == [202, 202, 202]
    bodies = [a.get_json() for a in answers]
    assert [b.get("place") for b in bodies] == [None, 1, 2]
    first, second, third = (b["id"] for b in bodies)
    assert wait_until(lambda: client.get(f"/api/jobs/{first}").get_json()["status"] == "running")
    assert [client.get(f"/api/jobs/{i}").get_json().get("place") for i in (first, second, third)] \
        == [None, 1, 2]


def test_places_with_two_workers():
    from webapp.web.jobbackend import Request
    from webapp.web.jobs import JobManager

    manager = JobManager(max_workers=2)
    manager.runners.update({"a", "b"})  # no runner is started: the places alone are checked
    submitted = [manager.submit(Request("rotation", EXAMPLE, {}, client=f"192.0.2.{n}"))
                 for n in range(4)]
    assert [s.body.get("place") for s in submitted] == [None, None, 1, 2]
    jobs = [manager.jobs[s.id] for s in submitted]
    manager.busy = 1  # one worker took the first and is at work
    manager.queue.popleft()
    manager._number_queue()
    assert [j.place for j in jobs[1:]] == [None, 1, 2]


def test_jobs_nobody_asks_about_are_cancelled(tmp_path, waiting, cleanup):
    """A job is abandoned when its ``seen`` is older than JOB_ABANDON_SECONDS:
    the test ages it rather than waiting that long (and a minute of grace
    keeps a slow machine from abandoning the watched one meanwhile)."""
    client = make_client(tmp_path, JOB_ABANDON_SECONDS=60.0, JOB_WORKERS=1)
    cleanup(client)
    manager = client.application.extensions["playground_jobs"]
    watched = waiting_job(client, "watched")
    forgotten = waiting_job(client, "forgotten")   # queued behind the watched one
    job = manager.jobs[watched]
    assert wait_until(lambda: job.process is not None)
    pid = job.process.pid
    manager.jobs[forgotten].seen -= 61   # nobody asked about it for over a minute
    # the watched job's page keeps polling: a poll reclaims the forgotten one
    assert client.get(f"/api/jobs/{watched}").get_json()["status"] == "running"
    assert manager.jobs[forgotten].status == "cancelled"
    assert "nobody" in manager.jobs[forgotten].error
    # the runner itself reclaims the running job once nobody polls it
    job.seen -= 61
    assert job.finished.wait(timeout=30)
    assert job.status == "cancelled" and "nobody" in job.error
    assert not alive(pid), "the runner reaps its worker before the job is finished"


def test_a_client_that_prefers_to_follow_the_job_gets_it_at_once(tmp_path, waiting, cleanup, monkeypatch):
    from webapp.web import solving

    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=30.0)
    cleanup(client)
    monkeypatch.setattr(solving, "settle", lambda job, seconds: pytest.fail("the request waited for its job"))
    response = client.post("/api/waiting/solve", json={"board": "forever"}, headers={"Prefer": "respond-async"})
    assert response.status_code == 202
    body = response.get_json()
    assert body["status"] in ("running", "queued") and response.headers["Location"] == f"/api/jobs/{body['job']}"


def test_solve_waits_briefly_then_hands_over_the_job(tmp_path, waiting, cleanup):
    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=0.5)
    cleanup(client)
    began = time.monotonic()
    response = client.post("/api/waiting/solve", json={"board": "forever"})
    # The bound is the behaviour: a waiting job never ends, so the request
    # came back only because its wait (0.5 s) ran out. The margin, far above
    # 0.5 s, is for a loaded machine; a request that waited on the job
    # would never come back at all.
    assert time.monotonic() - began < 30
    assert response.status_code == 202
    body = response.get_json()
    assert body["status"] in ("running", "queued") and body["job"] == body["id"]
    assert response.headers["Location"] == f"/api/jobs/{body['job']}"
    assert client.get(response.headers["Location"]).get_json()["status"] == "running"


def test_a_waiting_job_ends_only_by_its_limit(tmp_path, waiting, cleanup):
    """The waiting kind itself: what the tests above rely on."""
    client = make_client(tmp_path, WAITING_MAX_SECONDS=0.3, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    job_id = waiting_job(client)
    assert client.get(f"/api/jobs/{job_id}").get_json()["status"] in ("queued", "running")
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["status"] == "done")
    answer = client.get(f"/api/jobs/{job_id}").get_json()["answer"]
    assert answer["status"] == "limit" and answer["limit"] == "time" and answer["seconds"] >= 0.3


def test_hint_hands_over_a_job_whose_answer_gives_the_move(tmp_path, cleanup):
    client = make_client(tmp_path, ROTATION_INLINE_STATES=1, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    response = client.post("/api/rotation/hint", json={"board": EXAMPLE})
    assert response.status_code == 202
    location = response.headers["Location"]
    assert wait_until(lambda: client.get(location).get_json()["status"] == "done")
    answer = client.get(location).get_json()["answer"]
    assert answer["move"] == "L" and answer["length"] == 2 and "moves" not in answer
    # the answer is cached now: the hint comes at once
    hint = client.post("/api/rotation/hint", json={"board": EXAMPLE})
    assert hint.status_code == 200 and hint.get_json()["move"] == "L"


def test_small_solves_do_not_wait_behind_big_ones(tmp_path, waiting, cleanup):
    client = make_client(tmp_path, JOB_WORKERS=1, SOLVE_WAIT_SECONDS=0.2)
    cleanup(client)
    for label in ("a", "b", "c"):
        waiting_job(client, label)
    manager = client.application.extensions["playground_jobs"]
    response = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"})
    # found in the request itself: no job queued behind the three (those
    # never end), none waited for
    assert response.status_code == 200 and response.get_json()["source"] == "inline"
    assert len(manager.jobs) == 3


def test_job_that_finishes_gives_the_answer_and_fills_the_cache(tmp_path, cleanup):
    client = make_client(tmp_path, ROTATION_INLINE_STATES=1, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    started = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"})
    assert started.status_code == 202
    job_id = started.get_json()["id"]
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["status"] not in ("queued", "running"))
    done = client.get(f"/api/jobs/{job_id}").get_json()
    assert done["status"] == "done"
    assert done["answer"]["status"] == "solved"
    cached = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"})
    assert cached.status_code == 200
    assert cached.get_json()["source"] == "cache"


def test_a_finished_job_is_kept_in_the_cache_once_however_often_it_is_polled(tmp_path, cleanup):
    """A poll only reads: the pool keeps the answer when its job finishes."""
    client = make_client(tmp_path, ROTATION_INLINE_STATES=1, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    store = client.application.extensions["playground_store"]
    writes, remember = [], store.remember
    store.remember = lambda *args: (writes.append(args[0]), remember(*args))[1]
    job_id = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()["job"]
    assert client.application.extensions["playground_jobs"].wait(job_id, 60).status == "done"
    for _ in range(4):
        assert client.get(f"/api/jobs/{job_id}").get_json()["status"] == "done"
    assert len(writes) == 1


def test_an_id_no_server_made_is_a_404_that_says_to_start_a_solve(tmp_path, waiting, cleanup):
    """A typo, or an id made up (its check does not hold): no such job."""
    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    made = waiting_job(client)
    forged = made[:-1] + ("0" if made[-1] != "0" else "1")
    for job_id in ("nope", forged, made.replace("-solve-", "-hint-")):
        for response in (client.get(f"/api/jobs/{job_id}"), client.post(f"/api/jobs/{job_id}/cancel")):
            error = response.get_json()["error"]
            assert response.status_code == 404 and "never existed" not in error
            assert error == (f"no solve {job_id!r}: no server of this playground made that id; "
                             "press Solve (or Hint) to start one")


@pytest.mark.parametrize("task, again", [("solve", "Solve"), ("hint", "Hint")])
def test_a_job_a_restarted_server_lost_is_failed_and_says_to_ask_again(
        tmp_path, waiting, cleanup, task, again):
    """A single server restarted has lost its jobs (issue 29, finding 1): a
    poll of one is the job's own shape, failed, "lost", with a sentence
    the page shows, never "no such job" (the server made that id)."""
    before = make_client(tmp_path, SOLVE_WAIT_SECONDS=0.0)
    cleanup(before)
    with no_wait(before):
        job_id = before.post(f"/api/waiting/{task}", json={"board": "forever"}).get_json()["id"]
    after = make_client(tmp_path)  # the server started again: a new pool, empty
    for response in (after.get(f"/api/jobs/{job_id}"), after.post(f"/api/jobs/{job_id}/cancel")):
        assert response.status_code == 200
        body = response.get_json()
        assert (body["id"], body["kind"], body["status"], body["failure"]) == (job_id, "waiting", "failed", "lost")
        assert body["error"] == ("the server no longer has this search: the queue restarted and lost it "
                                 f"(or it ended over 10 minutes ago); press {again} again")
        assert body["counter"] == "ticks" and body["ticks"] == 0


def test_the_same_solve_asked_again_shares_its_job(tmp_path, waiting, cleanup):
    """A second Solve (or Hint) of the same position by the same client joins
    the search under way instead of starting another worker; a Hint is a
    search of its own (its own task: another job)."""
    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    first = waiting_job(client)
    assert waiting_job(client) == first
    hint = client.post("/api/waiting/hint", json={"board": "forever"})
    assert hint.status_code == 202 and hint.get_json()["job"] != first
    again = client.post("/api/waiting/hint", json={"board": "forever"})
    assert again.get_json()["job"] == hint.get_json()["job"]
    client.post(f"/api/jobs/{hint.get_json()['job']}/cancel")
    assert waiting_job(client, "another") != first                  # another board
    other = client.post("/api/waiting/solve", json={"board": "forever"},
                        environ_base={"REMOTE_ADDR": "127.0.0.9"})   # another client
    assert other.status_code == 202 and other.get_json()["id"] != first
    client.post(f"/api/jobs/{first}/cancel")
    assert waiting_job(client) != first, "a cancelled job is not joined"

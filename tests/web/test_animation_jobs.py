"""A heavy animation goes to the solver workers (issue 31, item 2: "a worker
when it is heavy"): its solve, and its drawing when that is costly, run as
jobs; the request waits for them up to ``ANIMATION_WAIT_SECONDS``, then
answers 503 with Retry-After and a sentence, and the job goes on, so that a
later ask gets the GIF (and the page's Solve finds the answer cached). The
same with the jobs on Redis, run by ``rotation-playground worker``. The
bounds on a client's jobs and on the queue hold as for solves.

The jobs that must still be running when the test looks are the gated
kind's (tests/support/gated_kind.py): they cannot end before the test opens
their gate.
"""

from __future__ import annotations


import pytest

from gated_kind import gated  # noqa: F401 - a fixture
from servers import redis  # noqa: F401 - a fixture
from web_helpers import wait_until, web_process
from gif_reading import held_frames
from webapp import kinds
from webapp.web.jobstore import JobStore, PREFIX
from workers import workers

#: Room for the jobs these tests start, and a short wait for a shut gate.
ROOM = {"JOB_MAX_PER_CLIENT": 20, "JOB_QUEUE_MAX": 20, "ANIMATION_WAIT_SECONDS": 0.2}
LONG_WAIT = 60.0


def _address(label: str, query: str = "") -> str:
    return f"/api/gated/animation.gif?p=w{label}{query}"


def _preparing(reply) -> int:
    """The seconds a 503 "being prepared" tells the client to wait."""
    assert reply.status_code == 503, (reply.status_code, reply.get_data(as_text=True)[:300])
    retry = int(reply.headers["Retry-After"])
    assert retry >= 1
    assert reply.get_json()["error"] == f"The animation is being prepared: ask again in {retry} s."
    return retry


def _in_process_jobs(client) -> list:
    return list(client.application.extensions["playground_jobs"].jobs.values())


def _waited(client, address: str):
    """The answer to ``address`` from a server that waits long enough for its jobs."""
    config = client.application.config
    config["ANIMATION_WAIT_SECONDS"], before = LONG_WAIT, config["ANIMATION_WAIT_SECONDS"]
    try:
        return client.get(address)
    finally:
        config["ANIMATION_WAIT_SECONDS"] = before


# ------------------------------------------------------- the in-process pool
def test_a_heavy_solve_is_a_503_with_retry_after_then_the_gif_and_the_solve_is_cached(
        tmp_path, gated, cleanup):  # noqa: F811
    client = web_process(tmp_path, "a", **ROOM)
    cleanup(client)
    label, gate = gated()
    _preparing(client.get(_address(label)))
    _preparing(client.get(_address(label)))  # asked again: still being prepared, by the same job
    assert len(_in_process_jobs(client)) == 1
    gate.touch()
    (job,) = _in_process_jobs(client)
    assert job.finished.wait(LONG_WAIT) and job.status == "done"
    # the job ended with nobody asking: the next ask finds its answer at once
    reply = client.get(_address(label))
    assert reply.status_code == 200 and reply.mimetype == "image/gif"
    assert len(held_frames(reply.data)) == 3
    # the page's Solve finds the answer the animation's job found
    solve = client.post("/api/gated/solve", json={"board": label}).get_json()
    assert solve["source"] == "cache" and solve["moves"] == label[:2]


def test_another_client_asking_for_the_same_animation_waits_for_the_same_job(
        tmp_path, gated, cleanup):  # noqa: F811
    client = web_process(tmp_path, "a", **ROOM)
    cleanup(client)
    label, gate = gated()
    _preparing(client.get(_address(label)))
    _preparing(client.get(_address(label), environ_base={"REMOTE_ADDR": "10.0.0.2"}))
    assert len(_in_process_jobs(client)) == 1
    gate.touch()
    reply = _waited(client, _address(label))
    assert reply.status_code == 200 and len(held_frames(reply.data)) == 3


def test_a_costly_drawing_is_a_workers_and_comes_later(tmp_path, gated, cleanup):  # noqa: F811
    """A link's moves need no solve; their drawing, over ANIMATION_INLINE_MOVES,
    is a job of its own."""
    client = web_process(tmp_path, "a", ANIMATION_INLINE_MOVES=2, **ROOM)
    cleanup(client)
    label, gate = gated()
    gate.touch()
    cheap = client.get(_address(label, "&moves=ab"))  # drawn in the request: no job
    assert cheap.status_code == 200 and len(held_frames(cheap.data)) == 3 and not _in_process_jobs(client)
    other, shut = gated()
    _preparing(client.get(_address(other, "&moves=abc")))
    (job,) = _in_process_jobs(client)
    assert job.request.task == "animation"
    shut.touch()
    assert job.finished.wait(LONG_WAIT) and job.status == "done"
    reply = client.get(_address(other, "&moves=abc"))
    assert reply.status_code == 200 and len(held_frames(reply.data)) == 4


def test_the_bound_on_moves_in_the_request_shrinks_with_the_pictures_area(tmp_path, gated, cleanup):  # noqa: F811
    client = web_process(tmp_path, "a", ANIMATION_INLINE_MOVES=4, **ROOM)
    cleanup(client)
    label, gate = gated()
    gate.touch()
    assert client.get(_address(label, "&moves=abcd&size=240")).status_code == 200
    assert not _in_process_jobs(client)
    assert _waited(client, _address(label, "&moves=abcd&size=480")).status_code == 200
    assert [job.request.task for job in _in_process_jobs(client)] == ["animation"]


@pytest.mark.parametrize("name", ["rotation", "sliding", "triangle"])
def test_a_worker_draws_the_same_gif_as_the_request(tmp_path, name, cleanup):
    kind = kinds.get(name)
    address = f"/api/{name}/animation.gif?p={kind.encode(kind.parse(kind.example))}"
    here = web_process(tmp_path, "here", **ROOM).get(address)
    client = web_process(tmp_path, "there", ANIMATION_INLINE_MOVES=0, **ROOM)
    cleanup(client)
    there = _waited(client, address)
    assert [job.request.task for job in _in_process_jobs(client)] == ["animation"]
    assert here.status_code == there.status_code == 200 and here.data == there.data


def test_a_heavy_real_puzzle_comes_from_the_workers(tmp_path, cleanup):
    """Side door (7 x 7, 25 turns) with no search in the request: the
    worker's solve, then the GIF of its turns."""
    from pathlib import Path

    rotation = kinds.get("rotation")
    board = rotation.parse((Path(__file__).resolve().parents[2] / "puzzles" / "side-door.txt").read_text())
    client = web_process(tmp_path, "a", ROTATION_INLINE_STATES=0, **ROOM)
    cleanup(client)
    reply = _waited(client, f"/api/rotation/animation.gif?p={rotation.encode(board)}")
    assert reply.status_code == 200
    assert [job.request.task for job in _in_process_jobs(client)] == ["solve"]
    assert len(held_frames(reply.data)) == rotation.solve(board, rotation.options({}))["length"] + 1


def test_a_client_at_its_bound_of_jobs_is_a_429_and_others_are_served(tmp_path, gated, cleanup):  # noqa: F811
    client = web_process(tmp_path, "a", **{**ROOM, "JOB_MAX_PER_CLIENT": 1})
    cleanup(client)
    (first, _), (second, _) = gated(), gated()
    _preparing(client.get(_address(first)))
    refused = client.get(_address(second))
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "under way" in refused.get_json()["error"]
    _preparing(client.get(_address(second), environ_base={"REMOTE_ADDR": "10.0.0.2"}))


def test_a_full_queue_is_a_429(tmp_path, gated, cleanup):  # noqa: F811
    client = web_process(tmp_path, "a", **{**ROOM, "JOB_WORKERS": 1, "JOB_QUEUE_MAX": 1})
    cleanup(client)
    labels = [gated()[0] for _ in range(3)]
    for number, label in enumerate(labels[:2]):
        _preparing(client.get(_address(label), environ_base={"REMOTE_ADDR": f"10.0.0.{number}"}))
    refused = client.get(_address(labels[2]), environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "busy" in refused.get_json()["error"]


# -------------------------------------------------------------------- Redis
def _redis_jobs(url: str) -> list[dict]:
    from redis import Redis

    store = JobStore(Redis.from_url(url))
    return [store.read(key.decode().removeprefix(f"{PREFIX}job:"))
            for key in store.redis.keys(f"{PREFIX}job:*")]


def test_on_redis_a_heavy_animation_is_a_503_then_the_gif(tmp_path, redis, gated):  # noqa: F811
    """As with the in-process pool: a job that ended with no web process
    reading it is found by the next ask, in another web process too."""
    config = {**ROOM, "REDIS_URL": redis.url, "ANIMATION_INLINE_MOVES": 2}
    first, second = web_process(tmp_path, "a", **config), web_process(tmp_path, "b", **config)
    label, gate = gated()
    drawn, shut = gated()
    with workers(redis.url, tmp_path):
        _preparing(first.get(_address(label)))
        _preparing(second.get(_address(label)))
        _preparing(first.get(_address(drawn, "&moves=abc"),
                             environ_base={"REMOTE_ADDR": "10.0.0.2"}))
        assert sorted(job["task"] for job in _redis_jobs(redis.url)) == ["animation", "solve"]
        gate.touch()
        shut.touch()
        assert wait_until(lambda: all(job["status"] == "done" for job in _redis_jobs(redis.url)),
                          seconds=LONG_WAIT)
        reply = second.get(_address(label))
        assert reply.status_code == 200 and len(held_frames(reply.data)) == 3
        drawing = second.get(_address(drawn, "&moves=abc"))
        assert drawing.status_code == 200 and len(held_frames(drawing.data)) == 4
    # the web process that found the job done kept its answer in its cache
    solve = second.post("/api/gated/solve", json={"board": label}).get_json()
    assert solve["source"] == "cache" and solve["moves"] == label[:2]
    assert len(_redis_jobs(redis.url)) == 2



def test_the_api_description_says_an_animation_may_be_a_503_with_retry_after(
        tmp_path, gated, cleanup):  # noqa: F811
    """So that schemathesis (tests/web/test_openapi.py) takes the 503 as an answer."""
    import jsonschema_rs

    from webapp.web.openapi import document

    client = web_process(tmp_path, "a", **ROOM)
    cleanup(client)
    label, _ = gated()
    reply = client.get(_address(label))
    _preparing(reply)
    body = document()
    documented = body["paths"]["/api/gated/animation.gif"]["get"]["responses"]["503"]
    assert "Retry-After" in documented["headers"]
    schema = {**documented["content"]["application/json"]["schema"], "components": body["components"]}
    assert jsonschema_rs.Draft202012Validator(schema).is_valid(reply.get_json())

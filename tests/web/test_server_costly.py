"""Costly hints and solves go through the same bounds (issue 18, items 1
and 3): a hint is found on the spot only when it is cheap, else by a worker
(202 and a job), and says in words when there is none; requests waiting for
a worker take a few seats, so that pages are answered while any number of
costly requests are held.

Every search raced here cannot end early: a sliding 8 x 8 is never solved
shortest within its time limit (here minutes), a triangle 8 x 8 with one
figure kind has too many pictures to count, and the triangle hint below
needs millions of tries to complete where its search is given a fixed
number (a bound on work, not on time).
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from web_helpers import call, cancel_all, running_server, wait_until
from webapp import create_app
from webapp.sliding.kind import KIND as SLIDING
from webapp.triangle.generate import random_puzzle
from webapp.triangle.kind import HINT_NODES
from webapp.triangle.textformat import write

#: Issue 18's triangle hint: 8 x 8, two figure kinds, seed 5.
TRIANGLE_8 = write(random_puzzle(8, 2, random.Random(5)))
#: A triangle 8 x 8 with one figure kind: its count cannot end in minutes.
TRIANGLE_COUNT = write(random_puzzle(8, 1, random.Random(5)))
SLIDING_8 = SLIDING.text(SLIDING.shuffle({"width": 8, "height": 8}, random.Random(1)))
#: Piece 0 turned (2, -1, 1) in the last slot: not where the first solution
#: has it, and no solution keeping it is found in two million tries.
STRAY = [None] * 63 + [{"piece": 0, "edges": [2, -1, 1]}]


def _app(tmp_path, **config):
    return create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path), "RATELIMIT_ENABLED": False,
                       **config})


def _follow(client, job_id: str, seconds: float = 60.0) -> dict:
    """Poll a job as the page does until it ends."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job = client.get(f"/api/jobs/{job_id}").get_json()
        if job["status"] not in ("queued", "running"):
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not end in {seconds} s")


# ----------------------------------------------------------- item 1: hints
def test_issue_18s_triangle_hint_is_found_at_once(tmp_path):
    """The hint of the 8 x 8 that answered {"move": null, "status": "limit"}
    after 300,000 tries: the counting search's first solution gives it."""
    client = _app(tmp_path).test_client()
    response = client.post("/api/triangle/hint", json={"board": TRIANGLE_8})
    assert response.status_code == 200
    hint = response.get_json()
    assert hint["status"] == "solved" and hint["move"]["slot"] == 0, hint
    assert hint["nodes"] <= HINT_NODES
    after = client.post("/api/triangle/move", json={"board": TRIANGLE_8, "move": hint["move"]})
    assert after.status_code == 200 and after.get_json()["misfits"] == []


def test_a_dear_triangle_hint_is_a_workers_job_and_says_why_there_is_none(tmp_path):
    client = _app(tmp_path, SOLVE_WAIT_SECONDS=0.0, TRIANGLE_MAX_NODES=400_000).test_client()
    response = client.post("/api/triangle/hint", json={"board": TRIANGLE_8, "placement": STRAY})
    assert response.status_code == 202, response.get_json()
    pending = response.get_json()
    assert response.headers["Location"] == f"/api/jobs/{pending['job']}"
    assert pending["kind"] == "triangle" and pending["max_nodes"] == 400_000  # a solve's bounds
    job = _follow(client, pending["job"])
    assert job["status"] == "done", job
    hint = job["answer"]
    assert hint["status"] == "limit" and hint["move"] is None
    assert hint["message"].startswith("No hint: no way to complete the pieces placed was found "
                                      "within 400,000 tries"), hint
    assert "max_" not in hint["message"]


def _misfit() -> list:
    """Pieces 0 and 1 side by side, turned so that their shared edge does
    not fit, and turning either one alone does not make it fit (a hint
    would say to turn it)."""
    from webapp.triangle import geometry
    from webapp.triangle.puzzle import turnings

    pieces = random_puzzle(8, 2, random.Random(5)).pieces
    (a, side_a), (b, side_b) = geometry.inner_edges(8)[0]
    for one in turnings(pieces[0]):
        for two in turnings(pieces[1]):
            if (all(o[side_a] + two[side_b] != 0 for o in turnings(pieces[0]))
                    and all(one[side_a] + t[side_b] != 0 for t in turnings(pieces[1]))):
                placement = [None] * 64
                placement[a] = {"piece": 0, "edges": list(one)}
                placement[b] = {"piece": 1, "edges": list(two)}
                return placement
    raise AssertionError("pieces 0 and 1 fit some way with one turned")


def test_a_triangle_hint_that_cannot_be_had_says_so_in_words(tmp_path):
    client = _app(tmp_path).test_client()
    body = client.post("/api/triangle/hint", json={"board": TRIANGLE_8, "placement": _misfit()}).get_json()
    assert body["status"] == "unsolvable" and body["move"] is None
    assert "cannot" in body["message"] and "Take some out" in body["message"]


def test_a_rotation_hint_stopped_by_its_limit_says_so_in_words(tmp_path):
    """Before: {"status": "limit", "move": null, ...} and nothing a player
    can read. The solve is bounded by states (6,000), not by time."""
    from web_helpers import heavy_board

    client = _app(tmp_path, ROTATION_MAX_STATES=6_000, SOLVE_WAIT_SECONDS=60.0).test_client()
    response = client.post("/api/rotation/hint", json={"board": heavy_board(0), "goal": "all"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "limit" and body["move"] is None
    assert body["message"].startswith("No hint: the search stopped at its limit"), body


# ------------------------------------------------- item 3: a real server
#: Long enough that nothing held ends by itself while the test looks.
HELD = {"SOLVE_WAIT_SECONDS": 300.0, "SLIDING_BIG_SECONDS": 300.0, "SLIDING_MAX_SECONDS": 300.0,
        "TRIANGLE_MAX_SECONDS": 300.0, "ROTATION_MAX_SECONDS": 300.0, "JOB_ABANDON_SECONDS": 300.0,
        "JOB_WORKERS": 2, "JOB_MAX_PER_CLIENT": 20, "JOB_QUEUE_MAX": 20,
        "RATELIMIT_ENABLED": False, "SOLVE_WAITING_AT_ONCE": 4}
ANSWERED = 5.0  # seconds: a page (or a handed-back job) answered, not starved


def test_pages_are_answered_while_costly_requests_of_every_kind_are_held(tmp_path):
    """16 of each kind's costly hints and solves at once, from one client
    (issue 18 held every thread this way). First the sliding 8 x 8 (solve
    and hint share one job) and the triangle count: they take the two
    workers and cannot end. Then the rotation 64 x 64 hint and a triangle
    hint, whose jobs wait in the queue behind them. At most
    SOLVE_WAITING_AT_ONCE requests wait for a worker, every other gets its
    job at once, and GET / is answered all along."""
    from web_helpers import heavy_board

    rotation = heavy_board(0, size=64, sticks=40)
    running = ([("/api/sliding/solve", {"board": SLIDING_8})] * 16
               + [("/api/sliding/hint", {"board": SLIDING_8})] * 16
               + [("/api/triangle/solve", {"board": TRIANGLE_COUNT})] * 16)
    queued = ([("/api/rotation/hint", {"board": rotation, "goal": "all"})] * 16
              + [("/api/triangle/hint", {"board": TRIANGLE_8, "placement": STRAY})] * 16)
    waiting = HELD["SOLVE_WAITING_AT_ONCE"]
    with running_server(tmp_path, **HELD) as (address, _):
        answers: list = []
        threads: list = []

        def ask_all(requests) -> None:
            for request in requests:
                thread = threading.Thread(target=lambda path, body: answers.append(
                    call(address, "POST", path, body, timeout=400)), args=request, daemon=True)
                threads.append(thread)
                thread.start()

        try:
            ask_all(running)
            # every request but those waiting for a worker is answered at once
            assert wait_until(lambda: len(answers) >= len(running) - waiting, seconds=60), \
                f"{len(answers)} of {len(running)} answered"
            ask_all(queued)
            total = len(running) + len(queued)
            assert wait_until(lambda: len(answers) >= total - waiting, seconds=60), \
                f"{len(answers)} of {total} answered"
            for _ in range(5):
                status, _, seconds, _ = call(address, "GET", "/", timeout=30)
                assert status == 200 and seconds < ANSWERED, f"GET / took {seconds:.1f} s"
                time.sleep(0.2)
            held = sum(thread.is_alive() for thread in threads)
            assert 1 <= held <= waiting, f"{held} requests held"
            for status, body, seconds, headers in list(answers):
                assert status == 202 and body["status"] in ("running", "queued"), body
                assert headers["Location"] == f"/api/jobs/{body['job']}"
            # behind the two that cannot end: the rotation hint's job never runs here
            assert {body["status"] for _, body, _, _ in answers if body["kind"] == "rotation"} \
                == {"queued"}
        finally:
            # the held requests wait for jobs the others were handed: they end with them
            cancel_all(address, {body["job"] for status, body, _, _ in list(answers) if status == 202})
            for thread in threads:
                thread.join(timeout=30)


# --------------------------------- the spot and a worker give the same answer
@pytest.mark.parametrize("name, board, key", [
    ("triangle", write(random_puzzle(4, 6, random.Random(1))), "TRIANGLE_MAX_NODES"),
    ("sliding", SLIDING.text(SLIDING.shuffle({"width": 4, "height": 4}, random.Random(1))),
     "SLIDING_MAX_NODES")])
def test_a_search_quick_in_time_but_past_the_count_bound_is_a_workers(tmp_path, name, board, key):
    """A search that ends in milliseconds but needs more nodes than the
    operator's bound: the spot used to finish it (its bound was only time),
    so the same puzzle answered in full or cut short (a triangle's count, a
    sliding shortest path) by which path took it and how loaded the machine
    was. Now both stop at the bound."""
    from webapp import kinds

    kind = kinds.get(name)
    whole = kind.solve(board, {})
    assert whole["status"] == "solved" and whole["nodes"] > 1000
    bound = whole["nodes"] // 2
    client = _app(tmp_path, SOLVE_WAIT_SECONDS=0.0, **{key: bound}).test_client()
    response = client.post(f"/api/{name}/solve", json={"board": board})
    assert response.status_code == 202, response.get_json()
    answer = _follow(client, response.get_json()["job"])["answer"]
    cut = kind.solve(board, {}, max_count=bound)
    assert (cut["status"], cut.get("optimal")) != (whole["status"], whole.get("optimal"))
    assert answer["source"] == "worker"
    assert (answer["status"], answer.get("optimal"), answer["nodes"]) == (
        cut["status"], cut.get("optimal"), cut["nodes"])

"""The proof that the web code is written once for every kind: a third kind,
made up here and set only what the interface requires (plus a template to
borrow), is registered by patching the registry, and the generic routes
serve it with no edit anywhere: parse, share and short links, its page,
jobs in a worker process, the cache, the gallery's filter.

The kind: a counter (tests/support/counter_kind.py). Its puzzle is a whole
number; one move takes one off; the goal is 0. A worker process imports it
by its module's name, as it would a real kind's.
"""

from __future__ import annotations

import json

import pytest

from apps import add_kind
from counter_kind import KIND
from web_helpers import assert_api_error, initial, write_catalogue
from webapp import kinds


@pytest.fixture
def third(monkeypatch):
    """The registry with the counter as a third kind, for this test only."""
    return add_kind(monkeypatch, KIND)


@pytest.fixture
def counter_client(third, tmp_path, make_app):
    puzzles = tmp_path / "puzzles"
    write_catalogue(puzzles)  # rotation's puzzles, as the top catalogue holds them
    (puzzles / "counter").mkdir()
    (puzzles / "counter" / "five.txt").write_text("5\n", encoding="utf-8")
    (puzzles / "counter" / "catalogue.json").write_text(
        json.dumps([{"file": "five.txt", "title": "Five to go", "moves": 5}]), encoding="utf-8")
    app = make_app(INSTANCE_DIR=str(tmp_path / "instance"), PUZZLES_DIR=str(puzzles),
                   RATELIMIT_ENABLED=False, SOLVE_WAIT_SECONDS=0.0)
    yield app.test_client()
    app.extensions["playground_jobs"].close()


def test_the_defaults_come_from_one_place(third):
    assert isinstance(third, kinds.Kind)
    assert (third.web.page_path, third.web.how_to_play_template, third.web.edit_mode) == \
        ("/counter", "how_to_play_counter.html", "edit")
    assert kinds.home().name == "rotation"


def test_parse_and_its_errors(counter_client):
    body = counter_client.post("/api/counter/parse", json={"board": " 7 "}).get_json()
    assert body == {"board": "7\n", "kind": "counter", "width": 7, "height": 1}
    error = assert_api_error(counter_client.post("/api/counter/parse", json={"board": "x"}),
                             400, "whole number")
    assert (error["line"], error["column"]) == (1, 1)
    assert_api_error(counter_client.post("/api/counter/parse", json=[1]), 400, '{"board": "3\\n"}')


def test_share_links_and_its_page(counter_client):
    shared = counter_client.post("/api/counter/share", json={"board": "6"}).get_json()
    assert (shared["code"], shared["url"]) == ("c6", "/counter?p=c6")
    assert shared["link"] == "http://localhost/counter?p=c6" and shared["animation"] is None  # it draws none
    page = counter_client.get(shared["url"])
    assert page.status_code == 200
    assert initial(page.data)["kind"] == "counter" and initial(page.data)["board"] == "6\n"
    assert b'data-kind="counter"' in counter_client.get("/").data  # the header names it

    link = counter_client.post("/api/counter/links", json={"board": "6"}).get_json()
    again = counter_client.post("/api/counter/links", json={"board": "6\n"}).get_json()
    assert link["id"] == again["id"] and link["url"] == f"/s/{link['id']}"
    opened = counter_client.get(link["url"])
    assert opened.status_code == 200 and initial(opened.data)["board"] == "6\n"
    # the front page sends the counter's code on to the counter's page
    moved = counter_client.get("/?p=c6")
    assert moved.status_code == 302 and moved.headers["Location"].endswith("/counter?p=c6")


def test_a_job_runs_in_a_worker_and_its_answer_is_cached(counter_client):
    small = counter_client.post("/api/counter/solve", json={"board": "2"}).get_json()
    assert small["status"] == "solved" and small["length"] == 2

    started = counter_client.post("/api/counter/solve", json={"board": "8"})
    assert started.status_code == 202
    job = started.get_json()
    assert job["kind"] == "counter" and job["counter"] == "steps" and "max_steps" in job
    assert job["max_seconds"] is None and "note" not in job
    running = counter_client.application.extensions["playground_jobs"].wait(job["id"], 60)
    assert not running.active, "the worker did not finish"
    job = counter_client.get(f"/api/jobs/{job['id']}").get_json()
    assert job["status"] == "done", job
    assert job["answer"]["moves"] == ["down"] * 8 and job["answer"]["source"] == "worker"

    cached = counter_client.post("/api/counter/solve", json={"board": "8"}).get_json()
    assert cached["source"] == "cache" and cached["length"] == 8


def test_move_hint_shuffle(counter_client):
    moved = counter_client.post("/api/counter/move", json={"board": "1", "move": "down"}).get_json()
    assert moved == {"board": "0\n", "moved": "down", "solved": True}
    assert counter_client.post("/api/counter/hint", json={"board": "4"}).get_json()["move"] == "down"
    shuffled = counter_client.post("/api/counter/shuffle", json={"seed": 1}).get_json()
    assert shuffled["kind"] == "counter" and shuffled["code"].startswith("c")


def test_the_gallery_filter_and_library(counter_client):
    page = counter_client.get("/puzzles?kind=counter")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert 'data-puzzle="counter-five"' in text and 'data-puzzle="example"' not in text
    assert "Five to go" in counter_client.get("/puzzles").get_data(as_text=True)
    library = counter_client.get("/api/counter/puzzles").get_json()
    assert [(e["name"], e["kind"], e["moves"]) for e in library] == [("counter-five", "counter", 5)]
    assert all(e["kind"] == "rotation" for e in counter_client.get("/api/rotation/puzzles").get_json())
    assert counter_client.get("/puzzles/counter-five").status_code == 200
    assert counter_client.get("/puzzles/counter-five.svg").data.startswith(b"<svg")

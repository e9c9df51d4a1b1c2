"""Difficulty levels and the puzzle of the day through the API and the
pages (webapp/web/api.py, webapp/web/pages.py; the pools themselves are
proven in tests/levels/): ``POST /api/<kind>/shuffle`` with ``level``
answers a puzzle of that level at once, with its level and (rotation,
sliding) its shortest ``length``; ``GET /api/<kind>/daily`` the same
puzzle all day; ``/<kind>?daily=YYYY-MM-DD`` opens it. Bad levels and
dates are 400s that say what is wanted, never 500s."""

from __future__ import annotations

import datetime
import json

import pytest

from apps import add_kind
from counter_kind import KIND as COUNTER
from web_helpers import initial
from webapp import kinds, levels

NAMES = ("rotation", "sliding", "triangle")
PAGES = {"rotation": "/", "sliding": "/sliding", "triangle": "/triangle"}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", levels.LEVELS)
def test_a_level_answers_a_puzzle_of_that_level_from_its_pool(client, monkeypatch, name, level):
    """At once: the puzzle and its figures are the pool's, nothing is
    searched or drawn for the request (the kind's searches and its shuffle
    would fail the request)."""
    kind = kinds.get(name)

    def no_search(*args, **kwargs):
        raise AssertionError("a level's puzzle was searched or drawn in the request")

    for method in ("solve", "quick", "hint", "shuffle"):
        monkeypatch.setattr(kind, method, no_search)
    response = client.post(f"/api/{name}/shuffle", json={"level": level})
    monkeypatch.undo()
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["kind"] == name and body["level"] == level
    assert kind.text(kind.parse(body["board"])) == body["board"]
    assert kind.text(kind.decode(body["code"])) == body["board"]
    stored = {e["board"]: e for e in levels.pool(name)["levels"][level]}
    assert body["board"] in stored
    if name in ("rotation", "sliding"):
        assert body["length"] == stored[body["board"]]["length"]
        assert isinstance(body["length"], int) and body["length"] > 0
    else:
        assert body["nodes"] == stored[body["board"]]["nodes"]
    assert {key: body[key] for key in kind.summary(kind.parse(body["board"]))} == \
        kind.summary(kind.parse(body["board"]))


def test_a_hard_rotation_puzzle_from_the_api_needs_the_turns_it_promises(client):
    low = levels.rules("rotation").BANDS["hard"][0]
    for seed in range(5):
        body = client.post("/api/rotation/shuffle", json={"level": "hard", "seed": seed}).get_json()
        answer = client.post("/api/rotation/solve", json={"board": body["board"]}).get_json()
        assert answer["status"] == "solved" and answer["length"] == body["length"] >= low


@pytest.mark.parametrize("name", NAMES)
def test_a_seeded_level_gives_the_same_puzzle(client, name):
    ask = lambda seed: client.post(f"/api/{name}/shuffle", json={"level": "easy", "seed": seed}).get_json()  # noqa: E731
    assert ask(3) == ask(3)
    assert len({ask(seed)["board"] for seed in range(20)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_the_shuffle_of_before_still_answers_without_level_fields(client, name):
    body = client.post(f"/api/{name}/shuffle", json={"seed": 1}).get_json()
    assert "level" not in body and "board" in body
    assert client.post(f"/api/{name}/shuffle", json={"level": None, "seed": 1}).get_json() == body


@pytest.mark.parametrize("bad", ["extreme", "", "HARD", 2, True, ["hard"], {"x": 1}])
def test_a_bad_level_is_a_400_naming_the_levels(client, bad):
    for name in NAMES:
        response = client.post(f"/api/{name}/shuffle", json={"level": bad})
        assert response.status_code == 400
        assert "easy, medium, hard, expert" in response.get_json()["error"]


@pytest.mark.parametrize("name,field", [("rotation", {"size": 9}), ("sliding", {"width": 3}),
                                        ("triangle", {"figures": 4})])
def test_a_level_with_the_kinds_own_fields_is_a_400(client, name, field):
    response = client.post(f"/api/{name}/shuffle", json={"level": "easy", **field})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert '"level" picks its own puzzle' in error and json.dumps(next(iter(field))) in error


@pytest.mark.parametrize("name", NAMES)
def test_the_puzzle_of_the_day_is_the_same_on_every_call(client, name):
    first = client.get(f"/api/{name}/daily")
    assert first.status_code == 200
    body = first.get_json()
    assert body == client.get(f"/api/{name}/daily").get_json()
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    assert body["date"] == today and body["kind"] == name and body["level"] in levels.LEVELS
    assert body["url"] == f"{PAGES[name]}?daily={today}"
    kind = kinds.get(name)
    assert kind.text(kind.parse(body["board"])) == body["board"]
    if name != "triangle":
        assert isinstance(body["length"], int)


@pytest.mark.parametrize("name", NAMES)
def test_another_date_has_its_own_puzzle(client, name):
    days = [(datetime.date(2026, 11, 1) + datetime.timedelta(days=k)).isoformat() for k in range(14)]
    boards = [client.get(f"/api/{name}/daily?date={day}").get_json() for day in days]
    assert [b["date"] for b in boards] == days
    assert len({b["board"] for b in boards}) >= 10
    again = client.get(f"/api/{name}/daily", query_string={"date": days[3]}).get_json()
    assert again == boards[3]


@pytest.mark.parametrize("bad", ["2026-13-01", "yesterday", "2026-11-26x", "", "26/11/2026"])
def test_a_bad_date_is_a_400_saying_how_to_write_one(client, bad):
    response = client.get("/api/sliding/daily", query_string={"date": bad})
    assert response.status_code == 400
    assert "YYYY-MM-DD" in response.get_json()["error"]


def test_an_unknown_kind_has_no_daily_puzzle(client):
    assert client.get("/api/chess/daily").status_code == 404


@pytest.mark.parametrize("name", NAMES)
def test_the_page_links_today_and_the_link_opens_the_days_puzzle(client, name):
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    html = client.get(PAGES[name]).data.decode()
    assert f'href="{PAGES[name]}?daily={today}"' in html and 'id="daily-link"' in html
    for level in levels.LEVELS:
        assert f'data-level="{level}"' in html
    day = "2026-11-27"
    api = client.get(f"/api/{name}/daily?date={day}").get_json()
    page = client.get(f"{PAGES[name]}?daily={day}")
    assert page.status_code == 200
    data = initial(page.data)
    assert data["board"] == api["board"] and data["mode"] == "try"
    assert data["title"] == f"Puzzle of the day, {day} ({api['level']})"
    assert data["optimal"] == api.get("length")


@pytest.mark.parametrize("name", NAMES)
def test_a_bad_daily_link_is_a_friendly_400_page(client, name):
    response = client.get(f"{PAGES[name]}?daily=someday")
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert "YYYY-MM-DD" in response.data.decode()


def test_a_kind_without_a_pool_has_no_levels_and_says_so(monkeypatch, make_app):
    """A kind registered without puzzles/levels/<kind>.json (a new one)
    answers 404 with the command that builds its pool; its other routes
    are untouched."""
    add_kind(monkeypatch, COUNTER)
    client = make_app().test_client()
    for response in (client.post("/api/counter/shuffle", json={"level": "easy"}),
                     client.get("/api/counter/daily")):
        assert response.status_code == 404
        assert "python -m webapp.levels counter" in response.get_json()["error"]
    assert client.post("/api/counter/shuffle", json={"seed": 1}).status_code == 200
    assert client.get("/counter?daily=2026-11-26").status_code == 404


@pytest.mark.parametrize("name", NAMES)
def test_a_level_instead_of_the_puzzle_on_the_board_is_another(client, name):
    # the board's text as a player may have it (a final newline more): the pool's puzzle all the same
    for seed in range(5):
        shown = client.post(f"/api/{name}/shuffle", json={"level": "hard", "seed": seed}).get_json()["board"]
        body = client.post(f"/api/{name}/shuffle",
                           json={"level": "hard", "seed": seed, "instead_of": shown + "\n"}).get_json()
        assert body["level"] == "hard" and body["board"] != shown


@pytest.mark.parametrize("other", ["not a puzzle", ""])
def test_a_level_instead_of_no_puzzle_is_any_of_the_level(client, other):
    body = client.post("/api/rotation/shuffle", json={"level": "easy", "seed": 2, "instead_of": other})
    assert body.status_code == 200 and body.get_json()["level"] == "easy"


@pytest.mark.parametrize("bad", [3, ["x"], {"board": "x"}, True])
def test_instead_of_must_be_a_text(client, bad):
    response = client.post("/api/sliding/shuffle", json={"level": "easy", "instead_of": bad})
    assert response.status_code == 400 and '"instead_of"' in response.get_json()["error"]

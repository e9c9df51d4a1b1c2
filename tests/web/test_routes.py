"""Every route of the web app, its success shape and every error answer,
through Flask's test client."""

from __future__ import annotations

import re
import sqlite3
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web_helpers import (
    THREE_MOVES, UNSOLVABLE, WIDE, assert_api_error, assert_friendly_page, initial, kind_addresses,
    page_parts, write_catalogue,
)
from webapp import create_app, kinds
from webapp.rotation import EXAMPLE, ParseError, parse, solve
from webapp.rotation.sharecode import encode

FALLS_AT_ONCE = "5\n#####\n#   #\n# 0 #\n#   #\n## ##\n"   # solved before any move
NO_GAP = "3\n###\n#0#\n###\n"
SIX_MOVES = "8\n########\n#      #\n#      #\n#      #\n#      #\n#    0 #\n#22 11 #\n###### #\n"
ALL_OUT = "7\n#  ####\n#     #\n#     #\n#     #\n#     #\n#01  2#\n###  ##\n"   # goal all: 4 moves
OPEN_SIDE = "7\n### ###\n#      \n#      \n#     #\n#    1#\n#  001#\n#######\n"  # trailing spaces
POST_ROUTES = [f"/api/rotation/{route}" for route in ("solve", "parse", "move", "hint", "share", "links")]


# ----------------------------------------------------------------- helpers
def board_attrs(html: bytes) -> dict:
    """The attributes of the ``<canvas id="board">``, entities decoded."""
    for tag, attrs in page_parts(html).elements:
        if tag == "canvas" and attrs.get("id") == "board":
            return attrs
    raise AssertionError("no <canvas id=board> in the page")


@pytest.fixture
def gallery_app(tmp_path, make_app):
    write_catalogue(tmp_path / "puzzles")
    return make_app(INSTANCE_DIR=str(tmp_path / "instance"), PUZZLES_DIR=str(tmp_path / "puzzles"))


@pytest.fixture
def gallery_client(gallery_app):
    return gallery_app.test_client()


# ------------------------------------------------------------ route list
TESTED_ROUTES = {
    ("/", "GET"), ("/s/<link_id>", "GET"), ("/puzzles", "GET"), ("/puzzles/<name>", "GET"),
    ("/puzzles/<name>.svg", "GET"), ("/static/<path:filename>", "GET"),
    ("/api/jobs/<job_id>", "GET"), ("/api/jobs/<job_id>", "DELETE"),
    ("/api/jobs/<job_id>/cancel", "POST"), ("/how-to-play", "GET"),
    # every kind's routes: tests/web/test_web_kinds*.py
    ("/sliding", "GET"), ("/triangle", "GET"), ("/how-to-play/<kind>", "GET"),
    ("/api/<kind>/solve", "POST"), ("/api/<kind>/hint", "POST"),
    ("/api/<any(triangle):kind>/trace", "POST"),  # tests/web/test_web_triangle.py
    ("/api/<kind>/move", "POST"), ("/api/<kind>/parse", "POST"), ("/api/<kind>/share", "POST"),
    ("/api/<kind>/links", "POST"), ("/api/<kind>/shuffle", "POST"), ("/api/<kind>/puzzles", "GET"),
    ("/api/<kind>/daily", "GET"),  # tests/web/test_web_levels.py
    ("/api/<kind>/animation.gif", "GET"),  # tests/web/test_animation.py
    ("/api/openapi.json", "GET"),  # tests/web/test_openapi.py
    ("/assets/<version>/<path:filename>", "GET"), ("/favicon.ico", "GET"),  # tests/web/test_assets.py
    ("/preview/<kind>.png", "GET"), ("/preview/s/<link_id>.png", "GET"),  # tests/web/test_previews.py
    ("/print.pdf", "GET"), ("/puzzles/print.pdf", "GET"),  # tests/web/test_web_print.py, tests/cli/test_cli_print.py
    # the player to frame and its oEmbed answer: tests/web/test_embed.py
    ("/embed/<kind>", "GET"), ("/embed/s/<link_id>", "GET"), ("/oembed", "GET"),
}


def test_every_route_has_tests(app):
    """A new route must get tests here (and a line in TESTED_ROUTES)."""
    routes = {(rule.rule, method) for rule in app.url_map.iter_rules()
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routes - TESTED_ROUTES == set()


# ------------------------------------------------------------------ pages
def test_index_shows_the_example(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    attrs = board_attrs(response.data)
    assert attrs["data-board"] == EXAMPLE
    assert attrs["data-orientation"] == "0"
    assert attrs["data-step"] == "0"
    data = initial(response.data)
    assert data["board"] == EXAMPLE
    assert data["code"] == encode(parse(EXAMPLE))
    assert data["autoplay"] is False


def test_static_files(client):
    for path, kind in [("/static/js/kinds/rotation/page.js", "javascript"), ("/static/style.css", "css"),
                       ("/static/favicon.svg", "svg")]:
        response = client.get(path)
        assert response.status_code == 200, path
        assert kind in response.mimetype
    assert client.get("/static/js/nothing.js").status_code == 404


@pytest.mark.parametrize("path", ["/nope", "/puzzles/a/b", "/s/", "/static-ish", "/api"])
def test_unknown_pages_are_friendly_404(client, path):
    assert_friendly_page(client.get(path), 404, "Page not found")


@pytest.mark.parametrize("method, path", [
    ("get", "/api/nope"), ("post", "/api/nope"), ("get", "/api/solve/extra"), ("post", "/api/"),
])
def test_unknown_api_paths_are_json_404(client, method, path):
    assert_api_error(getattr(client, method)(path), 404, "no such address")


@pytest.mark.parametrize("path", POST_ROUTES)
def test_api_wrong_method_is_json_405(client, path):
    assert_api_error(client.get(path), 405, "GET is not allowed")
    assert_api_error(client.put(path, json={"board": EXAMPLE}), 405, "PUT is not allowed")


def _every_address(app):
    """Each rule of the app with sample values in its variables."""
    values = {"<job_id>": "abc", "<link_id>": "abc", "<name>": "example", "<version>": "1",
              "<path:filename>": "style.css"}
    for rule in app.url_map.iter_rules():
        for _, address in kind_addresses(rule.rule):
            for variable, value in values.items():
                address = address.replace(variable, value)
            assert "<" not in address, f"a rule this test does not know how to fill: {rule.rule}"
            yield address


def test_every_405_says_which_methods_are_allowed(app, client):
    """RFC 9110: a 405 carries Allow (issue 29: none of them did)."""
    adapter = app.url_map.bind("localhost")
    for address in _every_address(app):
        allowed = set(adapter.allowed_methods(address))
        wrong = next(m for m in ("PUT", "PATCH", "DELETE", "POST") if m not in allowed)
        response = client.open(address, method=wrong)
        assert response.status_code == 405, (wrong, address)
        assert set(response.headers["Allow"].split(", ")) == allowed, (wrong, address)


def test_options_under_the_api_is_answered_in_json(client):
    response = client.options("/api/rotation/solve")
    assert response.status_code == 200 and response.is_json
    assert set(response.get_json()["allow"]) == {"POST", "OPTIONS"}
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_api_puzzles_wrong_method(client):
    assert_api_error(client.post("/api/rotation/puzzles", json={}), 405)


@pytest.mark.parametrize("method, path", [("post", "/"), ("post", "/puzzles"), ("delete", "/s/abc"),
                                          ("post", "/puzzles/example")])
def test_page_wrong_method_is_friendly_405(client, method, path):
    assert_friendly_page(getattr(client, method)(path), 405, "Not allowed")


# ----------------------------------------------------- API: bad requests
# Each rule is checked once where it lives: the text format in
# tests/rotation/test_textformat.py, the goal, orientation and move in
# tests/rotation/test_rotation_kind.py, the body every route reads (a JSON
# object with a board: api._json_body and api._puzzle) here, through one
# route. Every route then gets one bad input of each kind it reads: the
# wiring that turns each error into its 400.
BOARD_ROUTES = POST_ROUTES
NOT_OBJECTS = [
    ("hello", "text/plain"),
    ("hello", "application/json"),
    ("{", "application/json"),
    ('{"board": "7"', "application/json"),
    ("[1, 2]", "application/json"),
    ('"7\\n### ###"', "application/json"),
    ("42", "application/json"),
    ("null", "application/json"),
    ("", "application/json"),
    ("[" * 50_000 + "]" * 50_000, "application/json"),   # deeper than the parser goes
]


@pytest.mark.parametrize("body, content_type", NOT_OBJECTS)
def test_api_wants_a_json_object(client, body, content_type):
    response = client.post("/api/rotation/parse", data=body, content_type=content_type)
    assert_api_error(response, 400, "send a JSON object, e.g. {")


@pytest.mark.parametrize("payload", [{}, {"board": 7}, {"board": None}, {"board": ["7"]},
                                     {"board": {"text": EXAMPLE}}, {"text": EXAMPLE}])
def test_api_wants_board_text(client, payload):
    assert_api_error(client.post("/api/rotation/parse", json=payload), 400, '"board"')


def test_a_lone_surrogate_is_still_json_and_a_parse_error(client):
    response = client.post("/api/rotation/parse", data='{"board": "\\ud800"}', content_type="application/json")
    body = assert_api_error(response, 400, "whole number")
    assert (body["line"], body["column"]) == (1, 1)


@pytest.mark.parametrize("route", BOARD_ROUTES)
def test_every_route_wants_a_json_object_with_board_text(client, route):
    assert_api_error(client.post(route, data="[1, 2]", content_type="application/json"), 400,
                     "send a JSON object")
    assert_api_error(client.post(route, json={"board": 7}), 400, '"board"')


@pytest.mark.parametrize("route", BOARD_ROUTES)
def test_parse_errors_carry_line_and_column(client, route):
    text = "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n"   # a split stick: line 3, column 4
    with pytest.raises(ParseError) as raised:
        parse(text)
    body = assert_api_error(client.post(route, json={"board": text, "goal": "any"}), 400, "split")
    assert body["error"] == str(raised.value)
    assert (body["line"], body["column"]) == (3, 4)
    assert body["error"].startswith("line 3, column 4: ")


def test_other_errors_have_no_line(client):
    body = assert_api_error(client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "up"}))
    assert "line" not in body and "column" not in body


@pytest.mark.parametrize("route", ["/api/rotation/solve", "/api/rotation/hint", "/api/rotation/move"])
def test_bad_options_are_400(client, route):
    """The routes that read the kind's options (the others read the board alone)."""
    payload = {"board": EXAMPLE, "orientation": 4, "move": "L"}
    assert_api_error(client.post(route, json=payload), 400, '"orientation"')


@pytest.mark.parametrize("route", ["/api/rotation/solve", "/api/rotation/hint"])
def test_bad_goals_are_400_and_a_stick_the_board_lacks_409(client, route):
    """The routes that look for an answer check the goal against the board
    before any search: a goal that is none is a 400, one naming a stick the
    board has not a 409 (the OpenAPI description allows it)."""
    assert_api_error(client.post(route, json={"board": EXAMPLE, "goal": "sideways"}), 400, "unknown goal")
    body = assert_api_error(client.post(route, json={"board": EXAMPLE, "goal": "stick:z"}), 409, "no stick")
    assert "0, 1" in body["error"], "the message lists the sticks the board has"


def test_an_empty_goal_means_any(client):
    body = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": ""}).get_json()
    assert body["moves"] == "LL"


def test_bad_move(client):
    assert_api_error(client.post("/api/rotation/move", json={"board": EXAMPLE, "move": "X"}), 400, '"move"')


def test_oversized_body_is_413(client):
    """The app's bound on a request's size, met where the body is read (one
    reader for every route)."""
    board = EXAMPLE + " " * (300 * 1024)
    response = client.post("/api/rotation/solve", json={"board": board})
    assert_api_error(response, 413, "too large")


def test_oversized_body_of_another_type_is_not_500(client):
    response = client.post("/api/rotation/solve", data="x" * (300 * 1024), content_type="text/plain")
    assert response.status_code in (400, 413)


# ----------------------------------------------------- API: good answers
def test_solve_shape(client):
    response = client.post("/api/rotation/solve", json={"board": EXAMPLE})
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "solved"
    assert body["goal"] == "any"
    assert body["moves"] == "LL" and body["length"] == 2
    assert isinstance(body["states"], int) and body["states"] > 0
    assert isinstance(body["time"], (int, float)) and body["time"] >= 0
    assert body["board"] == EXAMPLE
    assert body["summary"] == "2 moves: L L"
    assert body["width"] == body["height"] == 7
    assert body["sticks"] == [{"symbol": "0", "length": 2, "vertical": False},
                              {"symbol": "1", "length": 2, "vertical": True}]
    assert body["start"] == {"move": None, "orientation": 0, "sticks": {"0": [5, 3], "1": [4, 5]},
                             "moved": {}, "released": []}
    assert [s["move"] for s in body["trajectory"]] == ["L", "L"]
    assert [s["orientation"] for s in body["trajectory"]] == [3, 2]
    assert body["trajectory"][0]["moved"] == {"0": 2, "1": 2}
    assert body["trajectory"][-1]["released"] == ["1"]


def test_solve_answers_canonical_board(client):
    messy = "\ufeff" + EXAMPLE.replace("\n", "\r\n") + "\r\n\r\n"
    body = client.post("/api/rotation/solve", json={"board": messy}).get_json()
    assert body["board"] == EXAMPLE
    short_rows = client.post("/api/rotation/solve", json={"board": OPEN_SIDE.replace("#      \n", "#\n")}).get_json()
    assert short_rows["board"] == OPEN_SIDE
    assert body["moves"] == "LL"


def test_solve_unsolvable(client):
    body = client.post("/api/rotation/solve", json={"board": UNSOLVABLE}).get_json()
    assert body["status"] == "unsolvable"
    assert body["moves"] == "" and body["length"] is None
    assert body["trajectory"] == []
    assert body["states"] == 8


def test_solve_no_gap(client):
    body = client.post("/api/rotation/solve", json={"board": NO_GAP, "goal": "all"}).get_json()
    assert body["status"] == "unsolvable"


def test_solve_before_any_move(client):
    body = client.post("/api/rotation/solve", json={"board": FALLS_AT_ONCE}).get_json()
    assert body["status"] == "solved" and body["length"] == 0
    assert body["start"]["released"] == ["0"]
    assert body["trajectory"] == []


@pytest.mark.parametrize("text, goal, length", [
    (EXAMPLE, "stick:1", 2), (ALL_OUT, "all", 4), (ALL_OUT, "any", 2),
    (SIX_MOVES, "any", 6), (THREE_MOVES, " any ", 3), (UNSOLVABLE, "stick:0", None),
])
def test_solve_goals(client, text, goal, length):
    body = client.post("/api/rotation/solve", json={"board": text, "goal": goal}).get_json()
    assert body["length"] == length
    assert body["goal"] == goal.strip()


def _replay_through_api(client, text: str, orientation: int, moves: str) -> list[dict]:
    """Settle, then play each move with /api/rotation/move from the board it returned."""
    step = client.post("/api/rotation/move", json={"board": text, "orientation": orientation, "move": None})
    assert step.status_code == 200
    steps = [step.get_json()]
    for move in moves:
        now = steps[-1]
        step = client.post("/api/rotation/move", json={"board": now["board"], "orientation": now["orientation"],
                                              "move": move})
        assert step.status_code == 200
        steps.append(step.get_json())
    return steps


def _without_board(step: dict) -> dict:
    """A step of /move as the solver's trajectory has it: without the board,
    and without ``solved``, which the goal decides, not the step."""
    return {k: v for k, v in step.items() if k not in ("board", "solved")}


@pytest.mark.parametrize("text, goal, orientation", [
    (EXAMPLE, "any", 0), (EXAMPLE, "any", 3), (EXAMPLE, "stick:0", 1), (ALL_OUT, "all", 0),
    (SIX_MOVES, "any", 0), (THREE_MOVES, "any", 2), (FALLS_AT_ONCE, "any", 0),
    ("5\n#####\n#   #\n#0  #\n#   #\n#####\n", "any", 0),  # unsolvable: nothing to replay
])
def test_trajectory_matches_step_by_step_moves(client, text, goal, orientation):
    answer = client.post("/api/rotation/solve", json={"board": text, "goal": goal,
                                             "orientation": orientation}).get_json()
    assert answer["start"]["orientation"] == orientation
    steps = _replay_through_api(client, text, orientation, answer["moves"])
    assert _without_board(steps[0]) == answer["start"]
    assert len(steps) - 1 == len(answer["trajectory"]) == len(answer["moves"])
    for got, expected in zip(steps[1:], answer["trajectory"]):
        assert _without_board(got) == expected
    # and the engine agrees: the answer is a shortest one for this goal
    reference = solve(parse(text), goal, orientation=orientation)
    assert answer["status"] == reference.status
    assert answer["length"] == reference.length
    if answer["status"] == "solved" and answer["length"]:
        released = [s for step in steps for s in step["released"]]
        if goal.strip() == "all":
            assert steps[-1]["sticks"] == {}
        elif goal.startswith("stick:"):
            assert goal[6:] in released
        else:
            assert released


def test_move_shape(client):
    body = client.post("/api/rotation/move", json={"board": EXAMPLE, "orientation": 0, "move": "L"}).get_json()
    # gravity towards the left side: 0 slides to the wall, 1 stops on it
    assert body == {"move": "L", "orientation": 3, "sticks": {"0": [5, 1], "1": [4, 3]},
                    "moved": {"0": 2, "1": 2}, "released": [], "solved": False,
                    "board": "7\n### ###\n#     #\n#     #\n#     #\n#  1  #\n#001  #\n#######\n"}
    body = client.post("/api/rotation/move", json={"board": body["board"], "orientation": 3, "move": "L"}).get_json()
    assert body["orientation"] == 2 and body["released"] == ["1"]
    assert set(body["sticks"]) == {"0"}


def test_move_default_orientation_and_settle_only(client):
    body = client.post("/api/rotation/move", json={"board": EXAMPLE, "move": "R"}).get_json()
    assert body["orientation"] == 1
    body = client.post("/api/rotation/move", json={"board": EXAMPLE}).get_json()
    assert body["move"] is None and body["orientation"] == 0 and body["moved"] == {}
    body = client.post("/api/rotation/move", json={"board": FALLS_AT_ONCE, "move": None}).get_json()
    assert body["released"] == ["0"] and body["sticks"] == {}


def test_hint(client):
    body = client.post("/api/rotation/hint", json={"board": EXAMPLE}).get_json()
    assert body["status"] == "solved" and body["move"] == "L" and body["length"] == 2
    assert isinstance(body["states"], int) and body["summary"] == "2 moves: L L"
    after = client.post("/api/rotation/move", json={"board": EXAMPLE, "move": "L"}).get_json()
    body = client.post("/api/rotation/hint", json={"board": after["board"], "orientation": 3}).get_json()
    assert body["move"] == "L" and body["length"] == 1


def test_hint_without_a_move(client):
    body = client.post("/api/rotation/hint", json={"board": UNSOLVABLE}).get_json()
    assert body["status"] == "unsolvable" and body["move"] is None and body["length"] is None
    body = client.post("/api/rotation/hint", json={"board": FALLS_AT_ONCE}).get_json()
    assert body["status"] == "solved" and body["move"] is None and body["length"] == 0


def test_parse_shape(client):
    messy = "\ufeff7\r\n### ###\r\n#\r\n#\r\n#     #\r\n#    1#\r\n#  001#\r\n#######\r\n\r\n\n"
    body = client.post("/api/rotation/parse", json={"board": messy}).get_json()
    assert body == {"board": OPEN_SIDE, "kind": "rotation", "width": 7, "height": 7, "sticks": 2,
                    "gaps": [[0, 3], [1, 6], [2, 6]]}
    body = client.post("/api/rotation/parse", json={"board": WIDE}).get_json()
    assert (body["width"], body["height"], body["board"]) == (7, 4, WIDE)


# ---------------------------------------------------------- share codes
@pytest.mark.parametrize("text", [EXAMPLE, WIDE, SIX_MOVES, NO_GAP])
def test_share_round_trip(client, text):
    body = client.post("/api/rotation/share", json={"board": text}).get_json()
    assert body["code"] == encode(parse(text))
    assert body["url"] == "/?p=" + body["code"]
    response = client.get(body["url"])
    assert response.status_code == 200
    assert board_attrs(response.data)["data-board"] == parse(text).text()
    assert initial(response.data)["autoplay"] is False
    assert initial(client.get(body["url"] + "&play=1").data)["autoplay"] is True


def _flip(code: str, i: int) -> str:
    return code[:i] + ("B" if code[i] != "B" else "C") + code[i + 1:]


def _bad_codes() -> list[str]:
    import base64
    import zlib

    code = encode(parse(SIX_MOVES))
    w = h = 5
    zero_length = bytes([w, h]) + bytes((w * h + 7) // 8) + bytes([1, 0, 1, 1, 0])
    crc = zero_length + zlib.crc32(zero_length).to_bytes(4, "big")
    crafted = "A" + base64.urlsafe_b64encode(zlib.compress(crc, 9)[2:-4]).rstrip(b"=").decode()
    return [
        "", "A", "hello", "Z" + code[1:], "B" + code[1:], "a" + code[1:],
        code[:-4], code[:10], _flip(code, 5), _flip(code, len(code) // 2),
        code.replace(code[3], "~", 1), "A" + "x" * 9000, "A%%%", "Aé",
        crafted,  # right check, but a stick of length 0 inside
    ]


@pytest.mark.parametrize("code", _bad_codes())
def test_broken_share_codes_get_a_friendly_400(client, code):
    response = client.get("/", query_string={"p": code})
    assert_friendly_page(response, 400, "This link does not open a puzzle")


def test_unknown_version_is_explained(client):
    code = encode(parse(EXAMPLE))
    response = client.get("/", query_string={"p": "Q" + code[1:]})
    assert_friendly_page(response, 400, "unknown version")


# ---------------------------------------------------------- short links
def test_links_database_is_made_on_first_use(tmp_path, make_app):
    app = make_app(INSTANCE_DIR=str(tmp_path / "inst"))
    database = tmp_path / "inst" / "playground.sqlite3"
    assert not database.exists()
    client = app.test_client()
    body = client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()
    assert database.exists()
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT id, format, board FROM links").fetchall()
    assert rows == [(body["id"], "code", client.post("/api/rotation/share", json={"board": EXAMPLE}).get_json()["code"])]


def test_links_same_board_same_id(client):
    first = client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()
    assert re.fullmatch(r"[0-9A-Za-z]{8,}", first["id"])
    assert first["url"] == f"/s/{first['id']}"
    again = client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()
    assert again == first
    # the same puzzle written differently is the same puzzle
    messy = "\ufeff" + EXAMPLE.replace("\n", "\r\n") + "\r\n"
    assert client.post("/api/rotation/links", json={"board": messy}).get_json() == first
    spaced = client.post("/api/rotation/links", json={"board": OPEN_SIDE}).get_json()
    short = client.post("/api/rotation/links", json={"board": OPEN_SIDE.replace("#      \n", "#\n")}).get_json()
    assert spaced == short != first


def test_links_different_boards_different_ids(client):
    ids = {client.post("/api/rotation/links", json={"board": t}).get_json()["id"]
           for t in [EXAMPLE, UNSOLVABLE, WIDE, SIX_MOVES, THREE_MOVES, ALL_OUT, NO_GAP,
                     FALLS_AT_ONCE]}
    assert len(ids) == 8


def test_links_survive_a_new_app(make_app):
    body = make_app().test_client().post("/api/rotation/links", json={"board": WIDE}).get_json()
    response = make_app().test_client().get(body["url"])  # the same instance folder
    assert board_attrs(response.data)["data-board"] == WIDE


@pytest.mark.parametrize("text", [EXAMPLE, WIDE, THREE_MOVES])
def test_short_link_opens_the_board(client, text):
    body = client.post("/api/rotation/links", json={"board": text}).get_json()
    response = client.get(body["url"])
    assert response.status_code == 200
    assert board_attrs(response.data)["data-board"] == parse(text).text()
    assert initial(response.data)["autoplay"] is False
    assert initial(client.get(body["url"] + "?play=1").data)["autoplay"] is True


@pytest.mark.parametrize("link_id", ["00000000", "zzzzzzzz", "a" * 65, "not-an-id", "%C3%A9t%C3%A9"])
def test_unknown_short_link_is_friendly_404(client, link_id):
    assert_friendly_page(client.get(f"/s/{link_id}"), 404, "No puzzle under this link")


# ------------------------------------------------------------- gallery
def _check_gallery(client, entries) -> None:
    response = client.get("/puzzles")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    cards = re.findall(r'<a class="card"(.*?)</a>', html, flags=re.S)
    assert len(cards) == len(entries)
    assert f"{len(entries)} puzzles" in html
    for card, entry in zip(cards, entries):
        assert f'href="/puzzles/{entry.name}"' in card
        assert f'src="/puzzles/{entry.name}.svg"' in card
        text = re.sub(r"\s+", " ", card)
        size = kinds.get(entry.kind).summary(entry.board)
        assert f"{size['width']} × {size['height']}" in text, text
        if entry.kind == "triangle":  # counts, not moves: the catalogue gives them
            assert f"{len(entry.board.pieces)} pieces" in text and "picture" in text, text
        elif entry.moves is None:
            assert "no solution" in text
        else:
            assert f"{entry.moves} move{'s' if entry.moves != 1 else ''}" in text


def test_gallery_lists_every_puzzle(gallery_app, gallery_client):
    from webapp.web import gallery

    with gallery_app.app_context():
        entries = gallery.entries()
    assert [e.name for e in entries] == ["example", "stuck", "wide", "crlf"]
    _check_gallery(gallery_client, entries)
    html = gallery_client.get("/puzzles").get_data(as_text=True)
    assert "Stuck &lt;for ever&gt;" in html and "Wide &amp; flat" in html
    assert "7 × 4" in html and "2 moves" in html and "no solution" in html


def test_real_gallery_lists_every_puzzle(app, client):
    from webapp.web import gallery

    with app.app_context():
        entries = gallery.entries()
    if not entries:
        pytest.skip("puzzles/ holds no puzzles yet")
    _check_gallery(client, entries)
    for entry in entries:
        response = client.get(f"/puzzles/{entry.name}")
        assert response.status_code == 200
        if entry.kind == "rotation":
            assert board_attrs(response.data)["data-board"] == entry.board.text()
        else:  # another kind's page (tests/web/test_web_kinds_sliding.py)
            assert initial(response.data)["board"] == kinds.get(entry.kind).text(entry.board)
            assert initial(response.data)["kind"] == entry.kind
        assert client.get(f"/puzzles/{entry.name}.svg").mimetype == "image/svg+xml"


def test_api_puzzles(gallery_client):
    body = gallery_client.get("/api/rotation/puzzles").get_json()
    assert [p["name"] for p in body] == ["example", "stuck", "wide", "crlf"]
    assert body[0].items() >= {"name": "example", "kind": "rotation", "title": "The rules' example",
                               "width": 7, "height": 7, "sticks": 2, "moves": 2,
                               "url": "/puzzles/example"}.items()
    assert body[1]["moves"] is None
    assert (body[2]["width"], body[2]["height"]) == (7, 4)


def test_gallery_puzzle_page(gallery_client):
    response = gallery_client.get("/puzzles/example")
    assert response.status_code == 200
    assert board_attrs(response.data)["data-board"] == EXAMPLE
    data = initial(response.data)
    assert data["optimal"] == 2 and data["title"] == "The rules' example" and data["autoplay"] is False
    assert "<title>The rules&#39; example · Rotation Playground</title>" in response.get_data(as_text=True)
    assert initial(gallery_client.get("/puzzles/example?play=1").data)["autoplay"] is True
    crlf = gallery_client.get("/puzzles/crlf")
    assert board_attrs(crlf.data)["data-board"] == THREE_MOVES
    assert initial(gallery_client.get("/puzzles/stuck").data)["optimal"] is None


@pytest.mark.parametrize("name", ["example", "stuck", "wide", "crlf"])
def test_gallery_thumbnails_are_svg(gallery_client, name):
    response = gallery_client.get(f"/puzzles/{name}.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    root = ET.fromstring(response.data)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    board = {"example": EXAMPLE, "stuck": UNSOLVABLE, "wide": WIDE, "crlf": THREE_MOVES}[name]
    board = parse(board)
    width, height = (float(root.get(k)) for k in ("width", "height"))
    assert width / height == pytest.approx(board.width / board.height)
    classes = [e.get("class") for e in root.iter()]
    assert classes.count("stick") == len(board.sticks)
    assert "wall" in classes and "gap" in classes


@pytest.mark.parametrize("path", ["/puzzles/nothing", "/puzzles/nothing.svg", "/puzzles/example.txt",
                                  "/puzzles/catalogue", "/puzzles/..%2Fpyproject"])
def test_unknown_gallery_puzzle_is_404(gallery_client, path):
    assert_friendly_page(gallery_client.get(path), 404, "Page not found")


# --------------------------------------------------------------- jobs
def test_a_solve_is_started_only_at_solve(client):
    """POST /api/<kind>/jobs is gone (README, docs/api.md): /solve answers,
    or hands over the job it started."""
    response = client.post("/api/rotation/jobs", json={"board": EXAMPLE})
    assert response.status_code in (404, 405) and response.get_json()["error"]


@pytest.mark.parametrize("method, path", [("get", "/api/jobs/nothing"), ("delete", "/api/jobs/nothing"),
                                          ("post", "/api/jobs/nothing/cancel")])
def test_jobs_unknown_id_is_404(client, method, path):
    assert_api_error(getattr(client, method)(path), 404, "nothing")


# ------------------------------------------------------------------ fuzz
@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    app = create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path_factory.mktemp("fuzz")),
                      "ROTATION_MAX_STATES": 20_000, "ROTATION_MAX_SECONDS": 2.0})
    return app.test_client()


board_like_text = st.builds(
    lambda size, rows, end: f"{size}\n" + "\n".join(rows) + end,
    st.one_of(st.integers(-2, 70).map(str), st.text("0123456789 x", max_size=4)),
    st.lists(st.text("#  0011ab\r\t", max_size=9), max_size=10),
    st.sampled_from(["", "\n", "\r\n", "\n\n", "\nextra"]),
)


@given(text=st.one_of(st.text(max_size=300), board_like_text))
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzz_board_text_never_500(fuzz_client, text):
    for route in ("/api/rotation/parse", "/api/rotation/solve"):
        response = fuzz_client.post(route, json={"board": text})
        assert response.status_code in (200, 400), (route, text, response.data)
        body = response.get_json()
        if response.status_code == 400:
            assert isinstance(body["line"], int) and isinstance(body["column"], int)
        else:
            assert parse(text).text() == body["board"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@given(route=st.sampled_from(POST_ROUTES),
       payload=st.fixed_dictionaries({}, optional={
           "board": st.one_of(json_values, st.sampled_from([EXAMPLE, UNSOLVABLE, WIDE])),
           "goal": st.one_of(json_values, st.sampled_from(["any", "all", "stick:0", "stick:1"])),
           "orientation": st.one_of(json_values, st.integers(-1, 4)),
           "move": st.one_of(json_values, st.sampled_from(["L", "R"])),
       }))
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzz_json_payloads_never_500(fuzz_client, route, payload):
    response = fuzz_client.post(route, json=payload)
    assert response.status_code in (200, 400, 409), (route, payload, response.data)
    assert response.mimetype == "application/json"

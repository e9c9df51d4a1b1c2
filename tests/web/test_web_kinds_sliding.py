"""The sliding kind through the web layer (issue 10): every route under
/api/sliding/, errors with line and column, the cache, a worker job with
progress and Cancel, the bounds on jobs and links, share codes and short
links, the page and its initial JSON, the gallery and How to play."""

from __future__ import annotations

import re

import random

import pytest

from paths import ROOT
from web_helpers import (
    alive, assert_api_error, assert_friendly_page, initial, make_client, page_parts, wait_until,
)
from webapp import kinds
from webapp.web.jobbackend import Request, snapshot
from webapp.web.security import CONTENT_SECURITY_POLICY

EIGHT = "1 5 2\n7 0 3\n8 4 6\n"            # the rules' first example: 8 moves
GOAL = "1 2 3\n4 5 6\n7 8 0\n"
UNSOLVABLE = "2 1 3\n4 5 6\n7 8 0\n"      # two tiles swapped: odd parity
ONE_MOVE_15 = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n"


@pytest.fixture(autouse=True)
def tables(tmp_path_factory, monkeypatch):
    """The tables the solver builds go to a directory of this session, never
    the user's cache (the workers take it from the server: webapp.web.jobs)."""
    folder = tmp_path_factory.getbasetemp() / "sliding-tables"
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(folder))
    return folder


def big(seed: int = 0) -> str:
    """A random 5 x 5 position: no table, no databases, far too many nodes
    to be answered on the spot."""
    return kinds.get("sliding").text(kinds.get("sliding").shuffle({"width": 5, "height": 5},
                                                                  random.Random(seed)))


def tiles(text: str) -> list[int]:
    return [int(t) for t in text.split()]


def replay(text: str, moves: list[int]) -> str:
    kind = kinds.get("sliding")
    position = kind.parse(text)
    for tile in moves:
        position = kind.parse(kind.move(position, {}, tile)["board"])
    return kind.text(position)


# ---------------------------------------------------------------- solving
def test_solve_answers_the_rules_example_then_from_the_cache(tmp_path):
    client = make_client(tmp_path)
    first = client.post("/api/sliding/solve", json={"board": EIGHT}).get_json()
    assert (first["status"], first["length"], first["optimal"]) == ("solved", 8, True)
    assert first["source"] == "inline" and first["kind"] == "sliding"
    assert isinstance(first["nodes"], int) and first["engine"] and first["board"] == EIGHT
    assert replay(EIGHT, first["moves"]) == GOAL
    again = client.post("/api/sliding/solve", json={"board": " 1,5,2 7 0 3 8 4 6 "}).get_json()
    assert again["source"] == "cache" and again["moves"] == first["moves"]
    assert set(again) == set(first)


def test_an_unsolvable_position_is_answered_at_once(client):
    body = client.post("/api/sliding/solve", json={"board": UNSOLVABLE}).get_json()
    assert body["status"] == "unsolvable" and body["nodes"] == 0 and body["optimal"] is False
    assert body["moves"] == [] and body["length"] is None


def test_a_big_solve_runs_in_a_worker_with_progress_and_cancel(tmp_path, cleanup):  # noqa: F811
    client = make_client(tmp_path)
    cleanup(client)
    response = client.post("/api/sliding/solve", json={"board": big(1)})
    assert response.status_code == 202, response.get_json()
    snapshot = response.get_json()
    assert snapshot["kind"] == "sliding" and snapshot["counter"] == "nodes"
    assert snapshot["max_nodes"] == client.application.config["SLIDING_MAX_NODES"]
    assert "nodes" in snapshot and "bound" in snapshot and "states" not in snapshot
    job_id = snapshot["id"]
    assert response.headers["Location"] == f"/api/jobs/{job_id}"
    job = client.application.extensions["playground_jobs"].jobs[job_id]
    assert wait_until(lambda: job.process is not None)
    pid = job.process.pid
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["nodes"] > 1000)
    progress = client.get(f"/api/jobs/{job_id}").get_json()
    assert progress["status"] == "running" and progress["bound"] > 0
    assert progress.get("phase", "search") == "search"
    cancelled = client.post(f"/api/jobs/{job_id}/cancel").get_json()
    assert cancelled["status"] == "cancelled" and cancelled["kind"] == "sliding"
    assert wait_until(lambda: not alive(pid), seconds=5), "the worker is still running"


def test_a_solve_stopped_by_its_limit_says_it_is_not_proven_shortest(tmp_path, cleanup):  # noqa: F811
    client = make_client(tmp_path, SLIDING_MAX_NODES=20_000, SOLVE_WAIT_SECONDS=20.0)
    cleanup(client)
    board = big(2)
    body = client.post("/api/sliding/solve", json={"board": board}).get_json()
    assert body["source"] == "worker"
    assert body["status"] == "solved" and body["optimal"] is False, body.get("summary")
    assert body["lower_bound"] <= body["length"]
    assert replay(board, body["moves"]) == kinds.get("sliding").text(
        kinds.get("sliding").parse(" ".join(map(str, list(range(1, 25)) + [0]))))
    # an answer that is not proven shortest is not kept: a later solve may do better
    again = client.post("/api/sliding/solve", json={"board": board}).get_json()
    assert again["source"] == "worker"


def test_a_worker_building_databases_says_so_and_can_be_cancelled(tmp_path, cleanup, monkeypatch):  # noqa: F811
    """The first 4 x 4 solve builds its pattern databases (seconds): the
    job says "building" with its progress, in a directory of its own here."""
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path / "fresh"))
    client = make_client(tmp_path / "instance")
    cleanup(client)
    # a 65-move position: not solved in the request even when this process
    # has the databases in memory already (another test's)
    board = (ROOT / "puzzles" / "sliding" / "korf-088.txt").read_text()
    response = client.post("/api/sliding/solve", json={"board": board})
    assert response.status_code == 202, response.get_json()
    job_id = response.get_json()["id"]
    seen = []  # one snapshot with both: a fast machine may be past building at the next poll

    def building_with_progress() -> bool:
        seen.append(client.get(f"/api/jobs/{job_id}").get_json())
        return seen[-1].get("phase") == "building" and seen[-1]["nodes"] > 0

    assert wait_until(building_with_progress, seconds=30), seen[-1]
    assert seen[-1]["status"] == "running" and 0 <= seen[-1]["bound"] <= 100
    assert client.delete(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"


def test_workers_keep_their_tables_where_the_server_says_now(tmp_path, cleanup, monkeypatch):  # noqa: F811
    """The forkserver keeps the environment it started with; a worker takes
    the tables' directory from the server as it is when the job is given."""
    fresh = tmp_path / "now"
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(fresh))
    # not answered in the request (where the databases may be in memory
    # already): the worker, a process of its own, solves it
    monkeypatch.setattr(kinds.get("sliding"), "quick", lambda puzzle, options, **_: None)
    client = make_client(tmp_path / "instance", SOLVE_WAIT_SECONDS=30.0)
    cleanup(client)
    body = client.post("/api/sliding/solve", json={"board": "5 1 2 3\n9 6 7 4\n10 0 11 8\n"}).get_json()
    assert body["status"] == "solved" and body["optimal"] is True
    assert body["source"] == "worker" and body["method"] == "pdb"
    assert any(fresh.rglob("*")), "the databases were not kept where the server said"


def test_a_hint_that_needs_a_search_is_a_job(tmp_path, cleanup):  # noqa: F811
    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    response = client.post("/api/sliding/hint", json={"board": big(5)})
    assert response.status_code == 202
    body = response.get_json()
    assert body["job"] == body["id"] and body["kind"] == "sliding"
    assert client.post(f"/api/jobs/{body['job']}/cancel").get_json()["status"] == "cancelled"


def test_a_snapshot_names_the_building_phase():
    request = Request("sliding", EIGHT, {})
    body = snapshot("x", request, "running", 0.0, progress=[1234, 40, 2]).body
    assert (body["nodes"], body["bound"], body["phase"]) == (1234, 40, "building")
    assert snapshot("x", request, "running", 0.0, progress=[99, 30, 1]).body["phase"] == "search"


# ------------------------------------------------------ the other routes
def test_hint_on_a_table_board_gives_the_distances(client):
    body = client.post("/api/sliding/hint", json={"board": "1 2 3\n4 5 6\n7 0 8\n"}).get_json()
    assert body["move"] == 8
    assert {int(k): v for k, v in body["distances"].items()} == {5: 2, 7: 2, 8: 0}


@pytest.mark.parametrize("board, tile", [(ONE_MOVE_15, 15), ("1 2 3 4\n5 6 7 8\n9 10 0 11\n", 11)])
def test_hint_on_boards_with_databases(client, board, tile):
    """Whether the databases are there yet (the hint is the solver's) or
    not (the first move of a solve), the hint is the one move to the goal."""
    response = client.post("/api/sliding/hint", json={"board": board})
    assert response.status_code == 200
    assert response.get_json()["move"] == tile


def test_move_slides_a_tile_and_says_when_it_is_solved(client):
    body = client.post("/api/sliding/move", json={"board": "1 2 3\n4 5 6\n7 0 8\n", "move": 8}).get_json()
    assert body["board"] == GOAL and body["moved"] == 8 and body["solved"] is True
    body = client.post("/api/sliding/move", json={"board": EIGHT, "move": "left"}).get_json()
    assert body["moved"] == 3 and body["solved"] is False


def test_an_illegal_move_is_409_and_no_move_at_all_400(client):
    """Which moves are illegal: tests/sliding/test_sliding_model_kind.py. A
    move the rules forbid from this board is one the OpenAPI description
    allows (409); a value no move can be is not (400)."""
    assert_api_error(client.post("/api/sliding/move", json={"board": EIGHT, "move": 1}), 409, "tile 1")
    assert_api_error(client.post("/api/sliding/move", json={"board": EIGHT, "move": 1.5}), 400, "a move is")


def test_parse_gives_the_canonical_text_and_the_size(client):
    body = client.post("/api/sliding/parse", json={"board": "\ufeff1,5,2\r\n7\t0 3\r\n8 4 6"}).get_json()
    assert body["board"] == EIGHT and body["kind"] == "sliding"
    assert (body["width"], body["height"]) == (3, 3)


# Which texts are refused, and where: tests/sliding/test_sliding_model_textformat.py;
# every route's wiring, written once for every kind: tests/web/test_routes.py.
def test_parse_errors_are_400_with_the_parsers_line_and_column(client):
    text = "1 2 3\n4 x 6\n7 8 0\n"
    with pytest.raises(kinds.get("sliding").error) as raised:
        kinds.get("sliding").parse(text)
    body = assert_api_error(client.post("/api/sliding/solve", json={"board": text, "move": 1}), 400)
    assert body["error"] == str(raised.value)
    assert (body["line"], body["column"]) == (2, 3)


def test_an_error_about_a_whole_line_has_a_null_column(client):
    body = assert_api_error(client.post("/api/sliding/parse", json={"board": "1 2 3 4 5 6 7 8\n"}), 400,
                            "not a square board")
    assert body["line"] == 1 and "column" in body and body["column"] is None


def test_sliding_routes_want_a_json_object_with_a_board(client):
    body = assert_api_error(client.post("/api/sliding/parse", data="[", content_type="application/json"), 400)
    assert "1 5 2" in body["error"]  # the example is a sliding one
    assert_api_error(client.post("/api/sliding/parse", json={"board": ["1"]}), 400, '"board"')


def test_shuffle_gives_a_solvable_position_of_the_size_asked(client):
    body = client.post("/api/sliding/shuffle", json={"width": 4, "height": 3, "seed": 3}).get_json()
    position = kinds.get("sliding").parse(body["board"])
    assert (position.width, position.height) == (4, 3) and position.solvable()
    assert body["kind"] == "sliding" and kinds.get("sliding").decode(body["code"]) == position
    assert client.post("/api/sliding/shuffle", json={"width": 4, "height": 3, "seed": 3}).get_json() == body


def test_shuffle_n_moves_from_the_goal(client):
    body = client.post("/api/sliding/shuffle", json={"width": 3, "height": 3, "distance": 12}).get_json()
    solved = client.post("/api/sliding/solve", json={"board": body["board"]}).get_json()
    assert solved["length"] == 12 and solved["optimal"] is True


def test_shuffle_bad_fields_are_400(client):
    """The kind's rules on its fields: tests/sliding/test_sliding_model_kind.py."""
    assert_api_error(client.post("/api/sliding/shuffle", json={"width": 9}), 400, '"width" must be 2 to 8')


# ------------------------------------------------------ share and links
def test_a_share_code_opens_the_same_position_on_the_sliding_page(client):
    share = client.post("/api/sliding/share", json={"board": EIGHT}).get_json()
    assert share["url"] == f"/sliding?p={share['code']}"
    page = client.get(share["url"])
    assert page.status_code == 200
    data = initial(page.data)
    assert data["kind"] == "sliding" and data["board"] == EIGHT and data["code"] == share["code"]
    assert data["size"] == {"width": 3, "height": 3} and data["autoplay"] is False
    assert initial(client.get(share["url"] + "&play=1").data)["autoplay"] is True


def test_a_short_link_opens_its_kinds_page(client):
    link = client.post("/api/sliding/links", json={"board": EIGHT}).get_json()
    assert link["url"] == f"/s/{link['id']}"
    assert client.post("/api/sliding/links", json={"board": "1,5,2,7,0,3,8,4,6"}).get_json() == link
    data = initial(client.get(link["url"]).data)
    assert data["kind"] == "sliding" and data["board"] == EIGHT
    # a rotation link still opens rotation's page
    from webapp.rotation import EXAMPLE

    other = client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()
    assert other["id"] != link["id"]
    assert "data-puzzle-kind" not in initial(client.get(other["url"]).data)
    assert initial(client.get(other["url"]).data)["board"] == EXAMPLE


@pytest.mark.parametrize("code", ["", "garbage", "1-3x3-zzzzzz", "9-3x3-0"])
def test_a_bad_code_is_a_400_page_with_the_message(client, code):
    response = client.get(f"/sliding?p={code}")
    assert_friendly_page(response, 400, "This link does not open a puzzle")


# -------------------------------------------------------------- bounds
def test_the_bounds_on_jobs_and_links_cover_sliding(tmp_path, cleanup):  # noqa: F811
    client = make_client(tmp_path, RATELIMIT_ENABLED=True, JOB_MAX_PER_CLIENT=1,
                         LINK_RATE_LIMIT="2 per minute", SOLVE_WAIT_SECONDS=0.0)
    cleanup(client)
    assert client.post("/api/sliding/solve", json={"board": big(3)}).status_code == 202
    refused = client.post("/api/sliding/solve", json={"board": big(4)})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "solves under way" in refused.get_json()["error"]
    # the rotation routes share the same bound
    from web_helpers import HEAVY, HEAVY_GOAL

    assert client.post("/api/rotation/solve", json={"board": HEAVY, "goal": HEAVY_GOAL}).status_code == 429
    for n in range(2):
        assert client.post("/api/sliding/links", json={"board": [EIGHT, GOAL][n]}).status_code == 200
    assert client.post("/api/sliding/links", json={"board": UNSOLVABLE}).status_code == 429


def test_the_request_size_bound_covers_sliding(client):
    response = client.post("/api/sliding/parse", json={"board": "1 " * 200_000})
    assert response.status_code == 413


# ----------------------------------------------------------------- pages
def test_the_sliding_page_opens_the_example_with_its_goal(client):
    response = client.get("/sliding")
    assert response.status_code == 200
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    data = initial(response.data)
    kind = kinds.get("sliding")
    assert data["kind"] == "sliding" and data["board"] == kind.text(kind.parse(kind.example))
    assert data["mode"] == "edit" and data["optimal"] is None and data["title"]
    text = response.get_data(as_text=True)
    assert kind.goal in text and "/how-to-play/sliding" in text
    assert 'aria-current="page">Sliding tiles</a>' in text


def test_how_to_play_sliding(client):
    response = client.get("/how-to-play/sliding")
    assert response.status_code == 200
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    text = response.get_data(as_text=True)
    assert text.count("<svg") >= 3
    for words in ("hole", "←", "the tile right of the hole", "swipe", kinds.get("sliding").goal):
        assert words in text, words
    # no inline style or script: the one script, the colour theme's, is a file
    assert " style=" not in text and re.findall(r"<script[^>]*>(.*?)</script>", text, re.S) == [""]
    assert 'href="/sliding"' in text and 'href="/puzzles?kind=sliding"' in text


def test_the_gallery_shows_sliding_puzzles_and_opens_them(tmp_path, make_app):
    import json

    from web_helpers import write_catalogue

    folder = tmp_path / "puzzles"
    write_catalogue(folder)
    (folder / "sliding").mkdir()
    (folder / "sliding" / "eight.txt").write_text(EIGHT)
    catalogue = json.loads((folder / "catalogue.json").read_text())
    catalogue.append({"file": "sliding/eight.txt", "kind": "sliding", "title": "Eight <moves>", "moves": 8})
    (folder / "catalogue.json").write_text(json.dumps(catalogue))
    client = make_app(INSTANCE_DIR=str(tmp_path / "i"), PUZZLES_DIR=str(folder)).test_client()
    html = client.get("/puzzles?kind=sliding").get_data(as_text=True)
    cards = [a for t, a in page_parts(html.encode()).elements if t == "a" and a.get("class") == "card"]
    assert [c["data-puzzle"] for c in cards] == ["sliding-eight"]
    assert "Eight &lt;moves&gt;" in html and "3 × 3" in html and "8 moves" in html
    svg = client.get("/puzzles/sliding-eight.svg")
    assert svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    data = initial(client.get("/puzzles/sliding-eight").data)
    assert (data["kind"], data["board"], data["title"], data["optimal"], data["mode"]) == \
        ("sliding", EIGHT, "Eight <moves>", 8, "try")
    # a link to it keeps its title, as rotation's do
    code = client.post("/api/sliding/share", json={"board": EIGHT}).get_json()["code"]
    assert initial(client.get(f"/sliding?p={code}").data)["title"] == "Eight <moves>"
    listed = client.get("/api/sliding/puzzles").get_json()
    assert [(p["name"], p["kind"], p["moves"], p["width"]) for p in listed] == [("sliding-eight", "sliding", 8, 3)]
    assert "sliding-eight" not in [p["name"] for p in client.get("/api/rotation/puzzles").get_json()]


def test_a_sliding_code_after_the_rotation_address_opens_the_sliding_page(client):
    code = kinds.get("sliding").encode(kinds.get("sliding").parse("1 5 2\n7 0 3\n8 4 6\n"))
    response = client.get(f"/?p={code}&play=1")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/sliding?p={code}&play=1"
    assert client.get("/?p=1-3x3-nonsense").status_code == 400  # no kind's code: the message


def test_a_big_board_gets_the_command_lines_time_limit_and_a_note(tmp_path, cleanup):  # noqa: F811
    """Boards over 16 cells are searched for BIG_SECONDS (as the command
    line does), not SLIDING_MAX_SECONDS, and the job says so."""
    from webapp.sliding import commandline as cli
    from webapp.sliding.kind import BIG_SECONDS

    assert cli.SLIDING_BIG_SECONDS == BIG_SECONDS == 10.0
    client = make_client(tmp_path)
    cleanup(client)
    started = client.post("/api/sliding/solve", json={"board": big(3)})
    assert started.status_code == 202
    job = started.get_json()
    assert job["max_seconds"] == BIG_SECONDS
    assert job["note"] == ("A board this size is searched for at most 10 s; if no shortest solution "
                           "is proven by then, you get a solution that is not proven shortest.")
    polled = client.get(f"/api/jobs/{job['id']}").get_json()
    assert polled["max_seconds"] == BIG_SECONDS and polled["note"] == job["note"]
    german = client.get(f"/api/jobs/{job['id']}", headers={"Accept-Language": "de"}).get_json()
    assert german["note"] == ("Ein so großes Spielfeld wird höchstens 10 s lang durchsucht; ist bis dahin keine "
                              "kürzeste Lösung bewiesen, bekommst du eine Lösung, die nicht nachweislich die kürzeste ist.")
    client.post(f"/api/jobs/{job['id']}/cancel")

    other = make_client(tmp_path / "other", SLIDING_BIG_SECONDS=3.5)
    cleanup(other)
    job = other.post("/api/sliding/solve", json={"board": big(4)}).get_json()
    assert job["max_seconds"] == 3.5 and "at most 3.5 s" in job["note"]
    other.post(f"/api/jobs/{job['id']}/cancel")


def test_a_board_with_databases_keeps_the_configured_limit_and_no_note(tmp_path, cleanup):  # noqa: F811
    from webapp.web.solving import limits

    app = make_client(tmp_path).application
    with app.app_context():
        kind = kinds.get("sliding")
        bounds = limits(kind, kind.parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n"))
        assert bounds["max_seconds"] == app.config["SLIDING_MAX_SECONDS"]
        assert kind.web.job_note(kind.parse("1 2 3\n4 5 6\n7 0 8\n"), {}, bounds) is None


def test_unknown_fields_are_400_naming_them_and_the_accepted_ones(client):
    """Sliding reads no option: its routes accept the board and the move
    alone (each route's refusal: tests/web/test_web_kinds.py)."""
    body = {"board": "1 2 3\n4 5 6\n7 0 8\n", "move": 8, "max_nodse": 5}
    error = assert_api_error(client.post("/api/sliding/hint", json=body), 400, '"max_nodse"')
    assert '"board"' in error["error"] and error["unknown"] == ["max_nodse"]
    assert error["accepted"] == ["board", "move"]


def test_unknown_shuffle_fields_are_400(client):
    error = assert_api_error(client.post("/api/sliding/shuffle", json={"widht": 3}), 400, '"widht"')
    assert set(error["accepted"]) == {"seed", "level", "instead_of", "size", "width", "height", "distance"}

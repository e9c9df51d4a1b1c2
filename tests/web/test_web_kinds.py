"""The web layer written once for every puzzle kind (issue 10): the registry,
the routes under /api/<kind>/... (and no address without a kind), the fields every answer shares (optimal, engine), an
unknown kind, the cache and links keyed by kind (and older databases
migrated), the header naming the kinds, the gallery's filter.

The sliding kind's own route tests are in tests/web/test_web_kinds_sliding.py."""

from __future__ import annotations

import json
import sqlite3

import pytest

from web_helpers import (
    HEAVY, HEAVY_GOAL, assert_api_error, initial, make_client, page_parts, wait_until,
    write_catalogue,
)
from webapp import kinds
from webapp.rotation import EXAMPLE, parse
from webapp.rotation import native
from webapp.rotation.sharecode import encode
from webapp.web.cache import key as cache_key

GENERIC = ["solve", "hint", "move", "parse", "share", "links", "shuffle"]
OTHER = "5\n#####\n#   #\n# 0 #\n#   #\n## ##\n"


# ---------------------------------------------------------------- registry
def test_the_registry_lists_rotation_first_and_names_its_counter():
    assert kinds.KINDS[0].name == "rotation"
    assert kinds.get("rotation") is kinds.KINDS[0]
    assert kinds.get("rotation").counter == "states"
    with pytest.raises(KeyError, match="no puzzle kind 'chess'"):
        kinds.get("chess")


# ------------------------------------ only the addresses that name a kind
OLD_ADDRESSES = ["/api/solve", "/api/parse", "/api/jobs", "/api/move", "/api/hint", "/api/share",
                 "/api/links", "/api/puzzles"]


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_the_addresses_without_a_kind_are_gone(client, method):
    """Removed on purpose (README, docs/api.md): a JSON 404, as for any
    unknown API address, never the rotation route they once stood for."""
    for address in OLD_ADDRESSES:
        response = client.open(address, method=method, json={"board": EXAMPLE})
        assert_api_error(response, 404, f"no such address: {address}")


def test_rotation_parse_and_move_at_the_new_address_say_their_kind_and_goal(client):
    parsed = client.post("/api/rotation/parse", json={"board": EXAMPLE}).get_json()
    assert parsed["kind"] == "rotation" and parsed["board"] == EXAMPLE and parsed["sticks"] == 2
    first = client.post("/api/rotation/move", json={"board": EXAMPLE, "move": "L"}).get_json()
    assert first["solved"] is False
    second = client.post("/api/rotation/move", json={"board": first["board"], "orientation": 3,
                                                     "move": "L"}).get_json()
    assert second["released"] == ["1"] and second["solved"] is True


def test_rotation_answers_carry_optimal_and_engine(tmp_path, cleanup):  # noqa: F811
    # the C engine answers when it is built; without it a tiny search is the reference's
    small = "c" if native.available() else "reference"
    solved = make_client(tmp_path / "a").post("/api/rotation/solve", json={"board": EXAMPLE}).get_json()
    assert (solved["optimal"], solved["engine"]) == (True, small)
    unsolvable = make_client(tmp_path / "b").post(
        "/api/rotation/solve", json={"board": "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n"}).get_json()
    assert unsolvable["status"] == "unsolvable" and unsolvable["optimal"] is False
    # a worker's answer from a search that outgrew the small one says c, or reference
    client = make_client(tmp_path / "c", ROTATION_MAX_STATES=20_000, SOLVE_WAIT_SECONDS=10.0)
    cleanup(client)
    limited = client.post("/api/rotation/solve", json={"board": HEAVY, "goal": HEAVY_GOAL}).get_json()
    assert limited["status"] == "limit" and limited["source"] == "worker"
    assert (limited["optimal"], limited["engine"]) == (False, "c" if native.available() else "reference")


def test_a_rotation_answer_cached_by_an_older_version_is_not_read(tmp_path):
    """An earlier version keyed rotation's answers by the text and options
    alone (docs/serving.md): such an entry is never found, so a wrong or
    incomplete answer kept then cannot come back."""
    import hashlib

    client = make_client(tmp_path)
    client.post("/api/rotation/solve", json={"board": OTHER})  # the database is made
    old_key = hashlib.sha256(f"{EXAMPLE}\0any\x000".encode()).hexdigest()
    with sqlite3.connect(tmp_path / "playground.sqlite3") as db:
        db.execute("INSERT INTO solutions (key, answer) VALUES (?, ?)",
                   (old_key, json.dumps({"status": "solved", "moves": "RRRR", "length": 4})))
    body = client.post("/api/rotation/solve", json={"board": EXAMPLE}).get_json()
    assert (body["source"], body["moves"]) == ("inline", "LL")
    key = cache_key(kinds.get("rotation"), EXAMPLE, {"goal": "any", "orientation": 0})
    assert key != old_key
    assert client.post("/api/rotation/solve", json={"board": EXAMPLE}).get_json()["source"] == "cache"


# ------------------------------------------------------------ unknown kind
@pytest.mark.parametrize("route", GENERIC)
def test_an_unknown_kind_is_a_json_404(client, route):
    body = assert_api_error(client.post(f"/api/chess/{route}", json={"board": EXAMPLE}), 404,
                            "no puzzle kind 'chess'")
    assert "rotation" in body["error"]


def test_an_unknown_kinds_puzzles_are_a_json_404(client):
    assert_api_error(client.get("/api/chess/puzzles"), 404, "no puzzle kind")


# Each route's 400s for bad bodies, puzzle text and options:
# tests/web/test_routes.py (rotation) and tests/web/test_web_kinds_sliding.py.


def test_generic_routes_refuse_other_methods(client):
    assert_api_error(client.get("/api/rotation/solve"), 405)
    assert_api_error(client.post("/api/rotation/puzzles", json={}), 405)


# -------------------------------------------------------------- shuffle
def test_rotation_shuffle_gives_a_board_of_the_size_asked_and_repeats_with_a_seed(client):
    body = client.post("/api/rotation/shuffle", json={"size": 9, "sticks": 3, "seed": 5}).get_json()
    board = parse(body["board"])
    assert (board.width, board.height, len(board.sticks)) == (9, 9, 3)
    assert body["kind"] == "rotation" and body["code"] == encode(board)
    again = client.post("/api/rotation/shuffle", json={"size": 9, "sticks": 3, "seed": 5}).get_json()
    assert again == body
    plain = client.post("/api/rotation/shuffle").get_json()
    assert parse(plain["board"]).width == 7


def test_rotation_shuffle_bad_fields_are_400(client):
    """The kind's rules on its fields: tests/rotation/test_rotation_kind.py;
    one of them here for the wiring."""
    assert_api_error(client.post("/api/rotation/shuffle", json={"size": 65}), 400, "3 to 64")


@pytest.mark.parametrize("seed", ["x", 1.5, True])
def test_a_shuffle_seed_is_a_whole_number(client, seed):
    """Read by the route itself, for every kind (api.shuffle_route)."""
    assert_api_error(client.post("/api/rotation/shuffle", json={"seed": seed}), 400, '"seed"')


def test_shuffle_wants_a_json_object_or_nothing(client):
    assert_api_error(client.post("/api/rotation/shuffle", data="[1]", content_type="application/json"), 400)


# ------------------------------------------------------------------ jobs
def test_a_job_snapshot_names_its_kind_and_counter(tmp_path, cleanup):  # noqa: F811
    client = make_client(tmp_path)
    cleanup(client)
    response = client.post("/api/rotation/solve", json={"board": HEAVY, "goal": HEAVY_GOAL})
    assert response.status_code == 202
    snapshot = response.get_json()
    assert snapshot["kind"] == "rotation" and snapshot["counter"] == "states"
    assert "max_states" in snapshot and "states" in snapshot and "depth" in snapshot
    job_id = snapshot["id"]
    assert wait_until(lambda: client.get(f"/api/jobs/{job_id}").get_json()["states"] > 1000)
    assert "phase" not in client.get(f"/api/jobs/{job_id}").get_json()
    assert client.delete(f"/api/jobs/{job_id}").get_json()["status"] == "cancelled"


# ----------------------------------------------------------------- links
def test_links_made_before_kinds_still_open(tmp_path):
    path = tmp_path / "playground.sqlite3"
    with sqlite3.connect(path) as db:  # the links table before kinds
        db.executescript(f"""
            CREATE TABLE links (id TEXT PRIMARY KEY, board TEXT NOT NULL UNIQUE,
                                created REAL NOT NULL DEFAULT (strftime('%s', 'now')));
            INSERT INTO links (id, board) VALUES ('abcdefgh', '{EXAMPLE}');
        """)
    client = make_client(tmp_path)
    page = client.get("/s/abcdefgh")
    assert page.status_code == 200 and initial(page.data)["board"] == EXAMPLE
    # the same board gets the same id it had
    assert client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()["id"] == "abcdefgh"
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT kind FROM links WHERE id = 'abcdefgh'").fetchone() == ("rotation",)


def _link_id(text: str) -> str:
    import hashlib

    from webapp.web.links import _ALPHABET, ID_LENGTH

    n = int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")
    digits = []
    while n and len(digits) < ID_LENGTH:
        n, d = divmod(n, 62)
        digits.append(_ALPHABET[d])
    return "".join(digits)


def test_a_link_id_is_a_hash_of_the_kind_and_the_text(client):
    assert client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()["id"] == \
        _link_id(f"rotation\0{EXAMPLE}")


def test_a_rotation_link_stored_by_an_older_version_keeps_opening_under_its_id(tmp_path):
    """An earlier version hashed a rotation board's text alone for its id:
    the row, stored as it was then, opens under that id and keeps it."""
    client = make_client(tmp_path)
    client.post("/api/rotation/links", json={"board": OTHER})  # the database is made
    old_id = _link_id(EXAMPLE)
    with sqlite3.connect(tmp_path / "playground.sqlite3") as db:
        db.execute("INSERT INTO links (id, kind, board) VALUES (?, 'rotation', ?)", (old_id, EXAMPLE))
    page = client.get(f"/s/{old_id}")
    assert page.status_code == 200 and initial(page.data)["board"] == EXAMPLE
    assert client.post("/api/rotation/links", json={"board": EXAMPLE}).get_json()["id"] == old_id


# ----------------------------------------------------------------- pages
def _topbar(html: bytes) -> list[tuple[str, str]]:
    text = html.decode()
    header = text[text.index('<header class="topbar">'):text.index("</header>")]
    import re

    return re.findall(r'<a href="([^"]*)"[^>]*>([^<]*)</a>', header)


@pytest.mark.parametrize("url", ["/", "/puzzles", "/how-to-play", "/nowhere"])
def test_the_header_names_every_kind(client, url):
    links = _topbar(client.get(url).data)
    assert ("/", "Rotation") in links
    for kind in kinds.KINDS[1:]:
        assert (f"/{kind.name}", kind.title) in links
    assert ("/puzzles", "Gallery") in links and ("/how-to-play", "How to play") in links


def test_how_to_play_rotation_is_the_how_to_play_page(client):
    response = client.get("/how-to-play/rotation")
    assert response.status_code == 302 and response.headers["Location"] == "/how-to-play"


def test_how_to_play_of_an_unknown_kind_is_404(client):
    assert client.get("/how-to-play/chess").status_code == 404


@pytest.fixture
def mixed_puzzles(tmp_path, make_app):
    """A library with rotation and sliding puzzles, and one of a kind not here."""
    folder = tmp_path / "puzzles"
    write_catalogue(folder)
    catalogue = json.loads((folder / "catalogue.json").read_text())
    (folder / "sliding").mkdir()  # another kind's files live in their own folder
    (folder / "sliding" / "eight.txt").write_text("1 5 2\n7 0 3\n8 4 6\n")
    (folder / "sliding" / "fifteen.txt").write_text("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n")
    catalogue += [{"file": "sliding/eight.txt", "kind": "sliding", "title": "Eight moves", "moves": 8},
                  {"file": "sliding/fifteen.txt", "kind": "sliding", "title": "One <move>", "moves": 1}]
    catalogue.append({"file": "ghost.txt", "kind": "chess", "title": "A kind not here"})
    (folder / "catalogue.json").write_text(json.dumps(catalogue))
    return make_app(INSTANCE_DIR=str(tmp_path / "instance"), PUZZLES_DIR=str(folder)).test_client()


def _cards(html: bytes) -> list[dict]:
    return [attrs for tag, attrs in page_parts(html).elements
            if tag == "a" and "card" in (attrs.get("class") or "").split()]


def test_the_gallery_filters_by_kind_without_scripts(mixed_puzzles):
    everything = _cards(mixed_puzzles.get("/puzzles").data)
    rotation = _cards(mixed_puzzles.get("/puzzles?kind=rotation").data)
    assert [c["data-puzzle"] for c in rotation] == ["example", "stuck", "wide", "crlf"]
    assert {c["data-kind"] for c in rotation} == {"rotation"}
    assert len(everything) == len(rotation) + 2
    html = mixed_puzzles.get("/puzzles").get_data(as_text=True)
    for kind in kinds.KINDS:  # the filter is plain links
        assert f'href="/puzzles?kind={kind.name}"' in html
    chosen = mixed_puzzles.get("/puzzles?kind=rotation").get_data(as_text=True)
    assert 'href="/puzzles?kind=rotation" data-kind="rotation" aria-current="page"' in chosen
    assert kinds.get("rotation").goal in chosen


def test_the_gallery_of_an_unknown_kind_is_a_friendly_404(mixed_puzzles):
    response = mixed_puzzles.get("/puzzles?kind=chess")
    assert response.status_code == 404 and "no puzzle kind" in response.get_data(as_text=True)


def test_api_puzzles_per_kind(mixed_puzzles):
    rotation = mixed_puzzles.get("/api/rotation/puzzles").get_json()
    assert [p["name"] for p in rotation] == ["example", "stuck", "wide", "crlf"]
    assert {p["kind"] for p in rotation} == {"rotation"}
    assert rotation[0]["sticks"] == 2 and rotation[0]["url"] == "/puzzles/example"


# ---------------------------------------------- any text: never a 500
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

TEXTS = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="0123456789 ,\t\n", max_size=80),
    st.text(alphabet="# 01ab\n", max_size=80),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS, kind=st.sampled_from(kinds.names()),
       route=st.sampled_from(["parse", "move", "share", "hint"]),
       extra=st.dictionaries(st.sampled_from(["move", "goal", "orientation", "width", "distance"]),
                             st.one_of(st.none(), st.integers(-3, 40), st.text(max_size=5)), max_size=2))
def test_no_text_makes_a_route_fail(client, text, kind, route, extra):
    response = client.post(f"/api/{kind}/{route}", json={"board": text, **extra})
    assert response.status_code in (200, 202, 400), response.get_data(as_text=True)
    if response.status_code == 400:
        assert response.get_json()["error"]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(kinds.names()),
       fields=st.dictionaries(st.sampled_from(["size", "width", "height", "sticks", "distance", "seed"]),
                              st.one_of(st.none(), st.integers(-2, 12), st.text(max_size=4),
                                        st.booleans()), max_size=3))
def test_no_shuffle_request_makes_a_route_fail(client, kind, fields):
    response = client.post(f"/api/{kind}/shuffle", json=fields)
    assert response.status_code in (200, 400, 409), response.get_data(as_text=True)


def test_the_forkserver_preloads_every_kinds_solver():
    from webapp.web.jobs import _preload

    assert _preload() == ["webapp.kinds"] + [f"webapp.{name}.solver" for name in kinds.names()]


@pytest.mark.parametrize("address", ["/api/rotation/solve", "/api/rotation/hint", "/api/rotation/move",
                                     "/api/rotation/parse"])
def test_a_misspelt_option_is_refused_not_ignored(client, address):
    response = client.post(address, json={"board": EXAMPLE, "gaol": "all", "move": "L"})
    body = assert_api_error(response, 400, '"gaol"')
    for accepted in ('"goal"', '"orientation"', '"board"'):
        assert accepted in body["error"]
    assert body["unknown"] == ["gaol"]
    assert client.post(address, json={"board": EXAMPLE, "goal": "any", "orientation": 0,
                                      "move": "L"}).status_code == 200


def test_a_misspelt_shuffle_field_is_refused(client):
    body = assert_api_error(client.post("/api/rotation/shuffle", json={"stiks": 2}), 400, '"stiks"')
    assert "sticks" in body["accepted"]
    assert client.post("/api/rotation/shuffle", json={"sticks": 2, "seed": 1}).status_code == 200


def test_the_web_layer_asks_no_kind_its_name():
    """Issue 10: generic code goes by the kind's attributes, never its name."""
    import pathlib
    import re

    web = pathlib.Path(kinds.__file__).parent / "web"
    for path in web.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(\.name|kind)\s*[!=]=\s*["'](rotation|sliding)["']""", text), path
        assert "rotation_jobs" not in text and "rotation_inline" not in text \
            and "rotation_limiter" not in text, path


def test_every_kind_has_worker_limits_by_default(make_app):
    """A worker's solve of any kind ends by itself (time and count), or one
    client polling a 64-piece triangle would hold a worker for ever."""
    from webapp.web.solving import config_keys

    config = make_app().config
    for kind in kinds.KINDS:
        keys = config_keys(kind)
        assert config.get(keys["seconds"]) and config[keys["seconds"]] <= 600, kind.name
        assert config.get(keys["count"]), kind.name


def test_a_triangle_search_in_a_worker_stops_at_its_time_limit(tmp_path, cleanup):  # noqa: F811
    """64 pieces of one figure: every arrangement is a placement, so the
    first are found at once and counting them all never ends; the worker's
    answer is a limit with the counts so far. (Two figures, as before, could
    find none in 0.5 s on a busy machine.)"""
    import random as _random

    from webapp.triangle.generate import random_puzzle
    from webapp.triangle.textformat import write

    text = write(random_puzzle(8, 1, _random.Random(5)))
    client = make_client(tmp_path, TRIANGLE_MAX_SECONDS=0.5, SOLVE_WAIT_SECONDS=15.0)
    cleanup(client)
    # a worker without its limit would still be counting when the request's
    # wait (15 s) ran out: the answer would be a job to poll, not this
    body = client.post("/api/triangle/solve", json={"board": text}).get_json()
    assert body["status"] == "limit" and body["limit"] == "max_seconds", body
    assert body["source"] == "worker" and body["nodes"] > 0 and body["count"] > 0


def test_rotations_old_setting_names_are_refused_with_the_new_ones(tmp_path):
    """A config.py from before the settings were named after their kind
    would lose its limit without a word: the app will not start with it."""
    from webapp import create_app
    from webapp.web.factory import BadSetting

    with pytest.raises(BadSetting, match="SOLVE_MAX_STATES is now ROTATION_MAX_STATES"):
        create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path), "SOLVE_MAX_STATES": 10})

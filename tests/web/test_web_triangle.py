"""The triangle kind's pages and its gallery cards, through the generic web
code (the browser's side is tests/browser/test_e2e_triangle.py)."""

from __future__ import annotations

import re

from web_helpers import initial
from webapp import kinds
from webapp.web.security import CONTENT_SECURITY_POLICY



def test_the_triangle_page_opens_the_example_with_its_goal(client):
    response = client.get("/triangle")
    assert response.status_code == 200
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    data = initial(response.data)
    kind = kinds.get("triangle")
    assert data["kind"] == "triangle" and data["board"] == kind.text(kind.parse(kind.example))
    text = response.get_data(as_text=True)
    assert kind.goal in text and "/how-to-play/triangle" in text
    assert 'aria-current="page">Triangle</a>' in text
    assert 'data-puzzle-kind="triangle"' in text


def test_how_to_play_triangle(client):
    response = client.get("/how-to-play/triangle")
    assert response.status_code == 200
    assert "<svg" in response.get_data(as_text=True)


def test_gallery_cards_of_triangles_give_pictures_and_placements(client):
    text = re.sub(r"\s+", " ", client.get("/puzzles?kind=triangle").get_data(as_text=True))
    cards = re.findall(r'<a class="card"(.*?)</a>', text)
    assert cards and all('data-kind="triangle"' in card for card in cards)
    assert "no solution" not in text and " move" not in text
    # the rules' first example: 84 placements, 28 pictures up to turning
    assert any("3 × 3</span> · <span>9 pieces</span> · <span>28 pictures</span> · <span>84 placements" in card
               for card in cards), cards


# ------------------------------------------------------- "Show search"
def test_the_trace_route_answers_the_searchs_moves(client):
    from webapp.triangle import trace as tr
    from webapp.triangle.puzzle import Puzzle

    import triangle_reference as ref

    kind = kinds.get("triangle")
    puzzle = Puzzle(3, ref.EXAMPLES[0])
    text = kind.text(puzzle)
    response = client.post("/api/triangle/trace", json={"board": text, "events": 30})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    whole = tr.trace(puzzle, cap=tr.MAX_EVENTS)
    assert body["status"] == "solved" and body["trace"]["events"] == whole.events[:30]
    assert body["trace"]["cut"] is True and body["trace"]["made"] == whole.made
    assert body["solutions"] == [[{"piece": p, "edges": list(e)} for p, e in whole.solution]]
    assert "take-backs" in body["summary"]
    # a plain solve of the same puzzle is not the trace (another cached answer)
    plain = client.post("/api/triangle/solve", json={"board": text}).get_json()
    assert "trace" not in plain and plain["count"] == 84
    again = client.post("/api/triangle/trace", json={"board": text, "events": 30}).get_json()
    assert again["trace"] == body["trace"] and again["source"] == "cache"


def test_a_bad_count_of_events_is_a_400_with_a_message(client):
    kind = kinds.get("triangle")
    for bad in (0, 5001, "ten", True, 2.5):
        response = client.post("/api/triangle/trace", json={"board": kind.example, "events": bad})
        assert response.status_code == 400
        assert '"events" must be 1 to 5000' in response.get_json()["error"]


def test_a_kind_without_a_trace_has_no_trace_route(client):
    # the search is the triangle kind's own: the others say which they have
    response = client.post("/api/sliding/trace", json={"board": "1 2 3\n4 5 6\n7 8 0\n"})
    assert response.status_code == 404 and response.is_json


def test_the_page_offers_a_unique_puzzle_up_to_the_side_the_server_makes(client):
    from webapp.triangle.generate import MAX_UNIQUE_SIDE

    page = client.get("/triangle").get_data(as_text=True)
    assert f"Exactly one picture (up to {MAX_UNIQUE_SIDE} × {MAX_UNIQUE_SIDE})" in page


# ------------------------------------------- the gallery's thumbnails (issue 30)
def _drawn(svg_text: str) -> str:
    """What a picture draws: its text without ids and the titles naming it."""
    return re.sub(r'(id="[^"]*"|url\(#[^)]*\)|<title>.*?</title>)', "", svg_text)


def test_two_gallery_triangles_of_one_size_have_thumbnails_that_look_different(client):
    """The rules' first and second examples: both 3 × 3, 9 pieces, 3 figure
    kinds; their thumbnails differ in the figures drawn, slot by slot."""
    first, second = (client.get(f"/puzzles/triangle-rules-example-{i}.svg") for i in (0, 1))
    assert first.status_code == second.status_code == 200
    assert first.mimetype == "image/svg+xml"
    a, b = first.get_data(as_text=True), second.get_data(as_text=True)
    assert _drawn(a) != _drawn(b)
    figures = [re.findall(r'data-figure="(-?\d+)"', text) for text in (a, b)]
    assert figures[0] and figures[0] != figures[1]


def test_gallery_triangle_thumbnails_show_their_side(client):
    for name, n in (("triangle-generated-3x3-unique", 3), ("triangle-generated-4x4-unique", 4),
                    ("triangle-generated-6x6-many", 6)):
        text = client.get(f"/puzzles/{name}.svg").get_data(as_text=True)
        assert text.count('class="slot"') == n * n, name
        assert text.count('class="piece"') == n * n and text.count('class="outline"') == 1

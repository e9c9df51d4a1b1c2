"""The triangle kind's pages and its gallery cards, through the generic web
code (the browser's side is tests/test_e2e_triangle.py)."""

from __future__ import annotations

import re

from webapp import kinds
from webapp.web.security import CONTENT_SECURITY_POLICY

from test_routes import initial


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
    assert any("3 × 3</span> · <span>9 pieces</span> · <span>28 pictures (84 placements)" in card
               for card in cards), cards

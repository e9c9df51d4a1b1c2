"""The HTML pages through Flask's test client: what the playground's initial
JSON says for gallery puzzles and shared links, the goal line, and the
"How to play" page."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from webapp.rotation import EXAMPLE, Board, parse, sharecode
from webapp import kinds
from webapp.web import gallery, links

INITIAL = re.compile(r'<script type="application/json" id="initial">(.*?)</script>', re.S)
GOAL = "Turn the frame so that a stick falls out through the gap."


def initial(response) -> dict:
    assert response.status_code == 200, response.data[:300]
    return json.loads(INITIAL.search(response.get_data(as_text=True)).group(1))


class Links(HTMLParser):
    """The links of a page, and those inside its top bar."""

    def __init__(self) -> None:
        super().__init__()
        self.all: list[str] = []
        self.topbar: list[str] = []
        self._in_topbar = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "header" and "topbar" in (attrs.get("class") or "").split():
            self._in_topbar += 1
        if tag == "a" and attrs.get("href"):
            self.all.append(attrs["href"])
            if self._in_topbar:
                self.topbar.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "header" and self._in_topbar:
            self._in_topbar -= 1


def page_links(response) -> Links:
    parser = Links()
    parser.feed(response.get_data(as_text=True))
    return parser


@pytest.fixture
def entries(app):
    with app.app_context():
        return gallery.entries()


@pytest.fixture
def solvable(entries):
    """A gallery puzzle with a known optimal move count that is not the
    playground's own start board."""
    example = parse(EXAMPLE).text()
    return next(e for e in entries if e.moves is not None and e.board.text() != example)


def test_gallery_puzzles_open_in_try_mode(client, entries):
    for entry in entries[:5]:
        assert initial(client.get(f"/puzzles/{entry.name}"))["mode"] == "try", entry.name


def test_the_playground_and_own_boards_open_in_draw_mode(client):
    assert initial(client.get("/"))["mode"] == "draw"
    own = Board.empty_frame(9)
    data = initial(client.get(f"/?p={sharecode.encode(own)}"))
    assert data["mode"] == "draw"
    assert data["title"] is None and data["optimal"] is None
    assert data["board"] == own.text()


def test_a_shared_gallery_puzzle_keeps_its_title_and_optimal(client, solvable):
    response = client.get(f"/?p={sharecode.encode(solvable.board)}&play=1")
    data = initial(response)
    assert data["board"] == solvable.board.text()
    assert data["title"] == solvable.title
    assert data["optimal"] == solvable.moves
    assert data["mode"] == "try"
    assert data["autoplay"] is True
    text = response.get_data(as_text=True)
    assert f'<h1 id="puzzle-title">{solvable.title}</h1>' in text.replace("&#39;", "'")


def test_a_short_link_to_a_gallery_puzzle_keeps_its_title_and_optimal(app, client, solvable):
    with app.app_context():
        rotation = kinds.get("rotation")
        link_id = links.store(solvable.board, rotation)
        own_id = links.store(Board.empty_frame(8), rotation)
    data = initial(client.get(f"/s/{link_id}"))
    assert (data["title"], data["optimal"], data["mode"]) == (solvable.title, solvable.moves, "try")
    assert data["autoplay"] is False
    own = initial(client.get(f"/s/{own_id}"))
    assert (own["title"], own["optimal"], own["mode"]) == (None, None, "draw")


def test_an_unsolvable_gallery_puzzle_shared_says_so(client, entries):
    entry = next((e for e in entries if e.moves is None), None)
    if entry is None:
        pytest.skip("the library has no unsolvable puzzle")
    data = initial(client.get(f"/?p={sharecode.encode(entry.board)}"))
    assert data["title"] == entry.title and data["optimal"] is None


def test_the_playground_says_its_goal_and_links_how_to_play(client, solvable):
    for url in ("/", f"/puzzles/{solvable.name}"):
        response = client.get(url)
        text = response.get_data(as_text=True)
        assert GOAL in text, url
        assert "/how-to-play" in page_links(response).all, url


@pytest.mark.parametrize("url", ["/", "/puzzles", "/how-to-play", "/no-such-page"])
def test_the_top_bar_links_how_to_play(client, url):
    assert "/how-to-play" in page_links(client.get(url)).topbar


def test_how_to_play_explains_with_pictures(client):
    response = client.get("/how-to-play")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    # the example before and after L, L; settling before and after; the board
    assert text.count('<svg xmlns="http://www.w3.org/2000/svg" class="howto-board"') >= 5
    for words in ("gap", "settles", "Turn left", "counterclockwise", "down on the screen",
                  "falls out"):
        assert words in text, words
    # the gap is marked in the pictures, and the example's end shows stick 1 leaving
    assert text.count('fill="#a84a0c"') >= 5
    assert "stick 1 falls out" in text
    # the strict Content-Security-Policy allows no inline styles or scripts:
    # the one script, the colour theme's, is a file
    assert " style=" not in text
    assert re.findall(r"<script[^>]*>(.*?)</script>", text, re.S) == [""]
    assert re.findall(r'<script src="[^"]+/js/common/theme\.js">', text)


def test_find_board_matches_the_library_by_board_not_by_name(app, entries):
    with app.app_context():
        for entry in entries:  # each kind's entries, by that kind's text
            kind = kinds.get(entry.kind)
            assert gallery.find_board(kind.parse(kind.text(entry.board)), entry.kind) == entry
        assert gallery.find_board(Board.empty_frame(13)) is None


def test_how_to_play_links_its_example_in_the_gallery(client, entries):
    example = parse(EXAMPLE).text()
    entry = next((e for e in entries if e.board.text() == example), None)
    hrefs = page_links(client.get("/how-to-play")).all
    assert (f"/puzzles/{entry.name}" if entry else "/") in hrefs


def test_how_to_play_lists_the_keys_the_playground_uses(client):
    """The keyboard is documented where a new user looks: every drawing key the
    playground's own key help names is on the How to play page too."""
    import re

    playground = client.get("/").get_data(as_text=True)
    draw_keys = re.search(r'id="draw-keys">(.*?)</p>', playground, re.S).group(1)
    howto = client.get("/how-to-play").get_data(as_text=True)
    listed = set(re.findall(r"<kbd>(.*?)</kbd>", howto))
    for key in ("W", "G", "S", "M", "Esc", "Delete", "Enter", "Home", "End", "Space"):
        assert key in draw_keys or key in ("Home", "End"), key
        assert key in listed, f"{key} is not on the How to play page"

"""End to end in real Chromium: one walk over every page of the site and the
states of its tabs and panels (issue 32, "Done means"), in German and in
English, on a desktop and on a phone. At each stop the walk reads all a
reader meets (tests/support/language_walk.py: the visible text, every
element's names and titles, the live regions' announcements) and fails on
any piece of an English message German says otherwise still shown on the
German page, or of a German message on the English page; the English walk
finds its own English at every stop, so the check is not vacuous. axe stays
at zero serious or critical violations in both languages.

Each (page group, language, screen) is a test of its own: they run apart
under xdist, and a failure names its page. The buttons are found by their
ids: their names are what is read."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from browsing import _watched_page
from e2e_helpers import board, opened, wait_for_step, wait_still
from language_walk import SCREENS, found_in, lang, not_found, pieces, shown, whole
from webapp import kinds

pytestmark = pytest.mark.browser

#: a sliding share code of a version that never was: a link that opens no puzzle
FUTURE = "2-3x3-0G2uw"
#: a rotation puzzle text the rules refuse (stick 0 split in two)
SPLIT_STICK = "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n"
SLIDING_BAD = "1 2 3\n4 5 6\n7 8 8\n"
TRIANGLE_BAD = "2\n4\n1 0 0\n"


class Reader:
    """A page read in one language at each stop of a walk: what of the
    other language it shows, and how much of its own."""

    def __init__(self, page, language: str, options: dict, base_url: str):
        self.page, self.language = page, language
        self.options, self.base_url = options, base_url
        other = "en" if language == "de" else "de"
        self.wrong_words, self.own_words = pieces(other), pieces(language)
        self.wrong: dict[str, list[str]] = {}
        self.own: dict[str, int] = {}

    def look(self, stop: str) -> None:
        text = shown(self.page)
        wrong = found_in(text, self.wrong_words)
        if wrong:  # each with where it was read, to find it
            self.wrong[stop] = [re.search(rf".{{0,30}}{whole(w)}.{{0,30}}", text).group()
                                for w in wrong]
        self.own[stop] = len(found_in(text, self.own_words))

    def axe(self, stop: str) -> None:
        assert_accessible(self.page, f"{stop} in {self.language}")

    def verdict(self) -> None:
        assert lang(self.page) == self.language
        assert self.wrong == {}, f"the other language's words on the {self.language} pages: {self.wrong}"
        assert all(self.own.values()), f"stops where the check found none of its own language: {self.own}"


@pytest.fixture
def reader(request, contexts):
    language, screen = request.param
    options = {**SCREENS[screen], "locale": "de-DE" if language == "de" else "en-US"}
    for page in _watched_page(request, contexts, options, allow_400=True):
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=contexts.base_url)
        yield Reader(page, language, options, contexts.base_url)


def said(page, selector: str) -> None:
    """Wait until ``selector`` says something."""
    expect(page.locator(selector)).not_to_be_empty()


def open_details(page, selector: str) -> None:
    if page.locator(selector).get_attribute("open") is None:
        page.locator(f"{selector} > summary").click()


def solve_step_play(r: Reader, name: str) -> None:
    """Solve, one Step, then Play to the end: the answer, the strip, the
    solved panel."""
    page = r.page
    page.locator("#speed").select_option("4")
    page.locator("#solve").click()
    said(page, "#answer")
    expect(page.locator("#moves-list li").first).to_be_attached()
    r.look(f"{name}: solved")
    page.locator("#step").click()
    wait_for_step(page, 1)
    r.look(f"{name}: one step")
    page.locator("#play").click()
    expect(page.locator("#solved-panel")).to_be_visible()
    r.look(f"{name}: the solution played")
    r.axe(f"{name} solved")


def move_and_undo(r: Reader, name: str, move: str, counted: str = "step") -> None:
    """A move (a click on ``move``), then Undo; the board's data-``counted`` counts it."""
    page = r.page
    for click, count, stop in ((move, "1", "a move"), ("#undo", "0", "the move taken back")):
        page.locator(click).first.click()
        expect(board(page)).to_have_attribute(f"data-{counted}", count)
        wait_still(page)
        r.look(f"{name}: {stop}")


def refused(r: Reader, box: str, text: str, stop: str) -> None:
    """A puzzle text the rules refuse typed into the editor ``box`` (the
    ids of its details, field, button and message) and used."""
    details, field, use, said_in = box.split()
    open_details(r.page, details)
    r.page.locator(field).fill(text)
    r.page.locator(use).click()
    said(r.page, said_in)
    r.look(stop)


def new_puzzle(r: Reader, name: str) -> None:
    r.page.locator('[data-level="easy"]').click()
    said(r.page, "#level-message")
    r.look(f"{name}: a new easy puzzle")


def walk_rotation(r: Reader) -> None:
    page = r.page
    opened(page, "/")
    r.look("rotation: Draw")
    refused(r, "#import-export #import-text #import #import-message", SPLIT_STICK, "rotation: a refused puzzle text")
    r.axe("rotation, Draw")
    opened(page, "/")
    page.locator("#tab-try").click()
    r.look("rotation: Try it")
    page.locator("#hint").click()
    expect(page.locator("#board-message")).to_contain_text(re.compile(r"\([LR]\)"))
    r.look("rotation: a hint")
    move_and_undo(r, "rotation", "#turn-left")
    solve_step_play(r, "rotation")
    page.locator("#short-link").click()
    expect(page.locator("#short-url")).to_have_value(re.compile(r"/s/\w+"))
    r.look("rotation: Share, a short link made")
    short = page.locator("#short-url").input_value()
    new_puzzle(r, "rotation")
    opened(page, short)
    r.look("rotation: opened by its short link")
    opened(page, short.replace("/s/", "/embed/s/"))
    r.look("rotation: its short link framed")


def walk_sliding(r: Reader) -> None:
    page = r.page
    opened(page, "/sliding")
    r.look("sliding")
    page.locator("#hint").click()
    said(page, "#board-message")
    r.look("sliding: a hint")
    move_and_undo(r, "sliding", "#board .tile.movable")
    solve_step_play(r, "sliding")
    refused(r, "#position-io #position-text #use-position #position-message", SLIDING_BAD, "sliding: a refused position")
    new_puzzle(r, "sliding")


def walk_triangle(r: Reader) -> None:
    page = r.page
    opened(page, "/triangle")
    expect(board(page).locator(".piece").first).to_be_attached()
    r.look("triangle")
    page.locator("#hint").click()
    said(page, "#board-message")
    r.look("triangle: a hint")
    move_and_undo(r, "triangle", "#hint", "filled")  # Hint again lays the piece
    solve_step_play(r, "triangle")
    page.locator("#next-solution").click()
    expect(page.locator("#solution-index")).to_contain_text("2")
    r.look("triangle: the next solution")
    page.locator("#speed").select_option(index=0)
    page.locator("#show-search").click()
    expect(page.locator("#pause-search")).to_be_visible()
    page.locator("#pause-search").click()
    r.look("triangle: the search shown, paused")
    page.locator("#stop-search").click()
    open_details(page, "#piece-editor")
    refused(r, "#puzzle-io #puzzle-text #use-puzzle #puzzle-message", TRIANGLE_BAD,
            "triangle: the editors, a refused puzzle text")
    r.axe("triangle, its editors open")
    new_puzzle(r, "triangle")


def walk_gallery(r: Reader) -> None:
    page = r.page
    for path in ("/puzzles", "/puzzles?kind=rotation", "/puzzles?kind=sliding&sort=difficulty",
                 "/puzzles?kind=triangle"):
        page.goto(path)
        expect(page.locator(".gallery .card").first).to_be_visible()
        r.look(path)
        if path == "/puzzles":
            r.axe("the gallery")
            continue
        page.locator(".gallery .card").first.click()
        expect(board(page)).to_have_attribute("data-step", "0")
        r.look(f"the first puzzle of {path}")


def walk_guides(r: Reader) -> None:
    page = r.page
    # rotation's is /how-to-play, where /how-to-play/rotation leads
    for path in ("/how-to-play/rotation", "/how-to-play/sliding", "/how-to-play/triangle"):
        page.goto(path)
        expect(page.locator("main svg").first).to_be_attached()
        r.look(path)
    r.axe("a How to play page")
    for kind in ("rotation", "sliding", "triangle"):
        example = kinds.get(kind)
        opened(page, f"/embed/{kind}?p={example.encode(example.parse(example.example))}")
        r.look(f"/embed/{kind}")
    r.axe("a framed player")


def walk_errors(r: Reader) -> None:
    page = r.page
    page.goto(f"/sliding?p={FUTURE}")
    expect(page.locator(".message-page h1")).to_be_visible()
    r.look("a link that opens no puzzle")
    with not_found(page.context.browser, r.base_url, "/no/such/page", **r.options) as r.page:
        r.look("the 404 page")
        r.axe("the 404 page")
    r.page = page


WALKS = {"rotation": walk_rotation, "sliding": walk_sliding, "triangle": walk_triangle,
         "gallery": walk_gallery, "guides": walk_guides, "errors": walk_errors}
READERS = [(language, screen) for language in ("de", "en") for screen in SCREENS]


@pytest.mark.parametrize("reader", READERS, indirect=True, ids=lambda r: "-".join(r))
@pytest.mark.parametrize("walk", list(WALKS))
def test_every_page_says_only_its_language(reader, walk):
    WALKS[walk](reader)
    reader.verdict()

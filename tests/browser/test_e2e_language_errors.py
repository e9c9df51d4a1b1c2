"""End to end in real Chromium: the server's error sentences in German
(issue 32, item 4). The page shows the API's ``error`` as the server sends
it, and the server says it in the reader's language: a puzzle text that
breaks the rules, typed on a German page, is refused with "Zeile 3,
Spalte 4: ..." where an English page says "Line 3, column 4: ..."; a
link's move the rules refuse, a link that opens no puzzle and an address
with nothing at it say why in German, on a desktop and a phone; axe stays
clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from language_walk import SCREENS, german_page, lang, not_found

pytestmark = pytest.mark.browser

SPLIT_STICK = "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n"
#: the sliding goal 1 2 3 / 4 5 6 / 7 8 0 as a share code, and one of a version that never was
GOAL = "1-3x3-0C1h4"
FUTURE = "2-3x3-0G2uw"


@pytest.fixture(params=list(SCREENS))
def german(request, contexts):
    """A page whose browser asks for German (Accept-Language: de-DE), on a
    desktop and on a phone; the API's 400s and 409s are answers it expects."""
    yield from german_page(request, contexts, request.param, allow_400=True)


def import_puzzle(page, text: str):
    """Type ``text`` into rotation's Import and export and import it: the
    message the page shows under it."""
    page.goto("/")
    page.locator("#tab-draw").click()
    details = page.locator("#import-export")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.locator("#import-text").fill(text)
    page.locator("#import").click()
    message = page.locator("#import-message")
    expect(message).not_to_be_empty()
    return message


def test_a_bad_puzzle_text_is_refused_in_german_with_its_line_and_column(german, page_expecting_400):
    said = import_puzzle(page_expecting_400, SPLIT_STICK)
    expect(said).to_have_text("Line 3, column 4: stick 0 is split: this cell is not next to the cells of stick 0 "
                              "before it (line 3, column 2)")
    said = import_puzzle(german, SPLIT_STICK)
    expect(said).to_have_text("Zeile 3, Spalte 4: Stäbchen 0 ist geteilt: dieses Feld liegt nicht neben den "
                              "Feldern von Stäbchen 0 davor (Zeile 3, Spalte 2)")
    # the board's own message quotes the same German sentence
    expect(german.locator("#board-message")).to_contain_text("Zeile 3, Spalte 4: Stäbchen 0 ist geteilt")
    assert [u.rsplit("/", 3)[-3:] for u in german.bad_requests] == [["api", "rotation", "parse"]]
    assert_accessible(german, "a refused puzzle text in German")


def test_a_move_the_rules_refuse_is_said_in_german(german):
    german.goto(f"/sliding?p={GOAL}&moves=1")
    message = german.locator("#board-message")
    expect(message).to_contain_text("Plättchen 1 liegt nicht neben dem freien Feld: bewegen können sich 6 und 8")
    expect(message).not_to_contain_text("is not next to the hole")
    assert [u.rsplit("/", 3)[-3:] for u in german.bad_requests] == [["api", "sliding", "move"]]
    assert_accessible(german, "a refused move in German")


def test_a_link_that_opens_no_puzzle_says_why_in_german(german):
    german.goto(f"/sliding?p={FUTURE}")
    page = german.locator(".message-page")
    expect(page.get_by_role("heading", level=1)).to_have_text("Dieser Link öffnet kein Rätsel")
    expect(page).to_contain_text("Dieser Link stammt aus einer unbekannten Version (2) dieser Website")
    expect(page).not_to_contain_text("unknown version")
    assert_accessible(german, "a bad link's page in German")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_an_address_with_nothing_at_it_is_a_german_404(browser, live_server, screen):
    with not_found(browser, live_server, "/no/such/page", locale="de-DE", **SCREENS[screen]) as page:
        expect(page.get_by_role("heading", level=1)).to_have_text("Seite nicht gefunden")
        expect(page.locator(".message-page")).to_contain_text("Unter dieser Adresse gibt es nichts.")
        assert re.fullmatch(r"de(-.*)?", lang(page))
        assert_accessible(page, "the 404 page in German")
        # the same address under /api/ answers JSON, its sentence German too, its code as ever
        status, body = page.evaluate("async () => { const r = await fetch('/api/no/such/page'); "
                                     "return [r.status, await r.json()]; }")
        assert (status, body) == (404, {"error": "diese Adresse gibt es nicht: /api/no/such/page",
                                         "code": "not_found"})

"""The playground's and the gallery's Print (issue 31, item 4): the button
opens, in a new tab, the sheet of the puzzle on the board, the gallery's
link the sheet of its filter; the PDF comes back."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from e2e_helpers import board, button, data
from playwright.sync_api import expect

from webapp.kinds import get


def test_print_asks_for_the_sheet_of_the_puzzle_shown(page):
    page.goto("/sliding")
    expect(board(page)).to_have_attribute("data-puzzle-kind", "sliding")
    page.locator("#width").select_option("3")
    page.locator("#height").select_option("3")
    before = data(page, "board")
    button(page, "Shuffle").click()
    page.wait_for_function("b => document.querySelector('#board').dataset.board !== b", arg=before)
    shown = data(page, "board")
    with page.context.expect_event("response", lambda r: "/print.pdf" in r.url) as sheet:
        with page.context.expect_page() as opened:
            button(page, "Print").click()
    response = sheet.value
    # in a tab of its own: the puzzle's page stays
    assert opened.value != page and data(page, "board") == shown
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    asked = parse_qs(urlparse(response.url).query)
    sliding = get("sliding")
    assert asked["kind"] == ["sliding"]
    assert sliding.text(sliding.decode(asked["p"][0])) == sliding.text(sliding.parse(shown))
    # the browser shows it in its PDF viewer: the file itself, fetched again
    assert page.request.get(response.url).body().startswith(b"%PDF-")


def test_the_gallery_prints_its_filter(page):
    page.goto("/puzzles?kind=triangle&sort=difficulty")
    link = page.locator("#gallery-print")
    expect(link).to_have_text("Print these puzzles")
    expect(link).to_have_attribute("href", "/puzzles/print.pdf?kind=triangle&sort=difficulty")
    with page.expect_response(lambda r: "/puzzles/print.pdf" in r.url) as sheet:
        link.click()
    response = sheet.value
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    assert page.request.get(response.url).body().startswith(b"%PDF-")

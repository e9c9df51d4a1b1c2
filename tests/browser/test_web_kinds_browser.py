"""The pages every kind shares, in real Chromium (issue 10): the header
leads to each kind, the gallery's filter works without scripts and its
sliding cards open the sliding page, a short link made on one kind's page
opens that kind in a fresh page, and How to play for sliding tiles shows its
pictures under the strict Content-Security-Policy (a violation is a console
error, which fails the test)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

EIGHT = "1 5 2\n7 0 3\n8 4 6\n"


def initial(page) -> dict:
    return json.loads(page.locator("#initial").text_content())


def test_the_header_leads_to_each_kind(page):
    page.goto("/puzzles")
    page.locator(".topbar").get_by_role("link", name="Sliding tiles").click()
    page.wait_for_url("**/sliding")
    expect(page.locator("#board[data-puzzle-kind=sliding]")).to_be_visible()
    expect(page.locator(".topbar a[aria-current=page]")).to_have_text("Sliding tiles")
    page.locator(".topbar").get_by_role("link", name="Rotation", exact=True).click()
    page.wait_for_url(lambda url: url.endswith("/"))
    expect(page.locator("canvas#board")).to_be_visible()


def test_the_gallery_filter_and_a_sliding_card(browser, live_server):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    try:
        plain = context.new_page()
        plain.goto("/puzzles")
        everything = plain.locator("a.card").count()
        plain.locator(".gallery-filter").get_by_role("link", name="Sliding tiles").click()
        plain.wait_for_url("**/puzzles?kind=sliding")
        cards = plain.locator("a.card")
        assert 0 < cards.count() < everything
        assert {cards.nth(i).get_attribute("data-kind") for i in range(cards.count())} == {"sliding"}
    finally:
        context.close()


def test_a_sliding_card_opens_its_position_ready_to_try(page):
    page.goto("/puzzles?kind=sliding")
    card = page.locator("a.card").first
    image = card.locator("img")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    name = card.get_attribute("data-puzzle")
    card.click()
    page.wait_for_url(f"**/puzzles/{name}")
    data = initial(page)
    assert data["kind"] == "sliding" and data["mode"] == "try" and data["optimal"] is not None
    expect(page.locator("#board")).to_have_attribute("data-board", data["board"])


def test_a_short_link_opens_its_kind_in_a_fresh_page(page, browser, live_server):
    page.goto("/sliding")
    link = page.evaluate("""async (board) => {
        const r = await fetch('/api/sliding/links', {method: 'POST',
            headers: {'Content-Type': 'application/json'}, body: JSON.stringify({board})});
        return (await r.json()).url;
    }""", "3 1 2\n4 0 5\n6 7 8\n")
    context = browser.new_context(base_url=live_server)
    try:
        fresh = context.new_page()
        fresh.goto(link)
        expect(fresh.locator("#board[data-puzzle-kind=sliding]")).to_have_attribute(
            "data-board", "3 1 2\n4 0 5\n6 7 8\n")
    finally:
        context.close()


def test_how_to_play_sliding_shows_its_pictures(page):
    page.goto("/sliding")
    page.locator("#goal-line").get_by_role("link", name="How to play").click()
    page.wait_for_url("**/how-to-play/sliding")
    expect(page.get_by_role("heading", level=1)).to_contain_text("sliding tiles")
    pictures = page.locator("figure svg")
    assert pictures.count() >= 3
    for i in range(pictures.count()):
        box = pictures.nth(i).bounding_box()
        assert box["width"] >= 100 and box["height"] >= 100
    assert page.evaluate("window.__cspViolations.length") == 0

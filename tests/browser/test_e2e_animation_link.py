"""Share's Download animation link (issue 31, item 2): on every kind's page
it names the start shown, and the server answers it with the GIF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_helpers import EIGHT, open_sliding, two_slides_on_eight
from gif_reading import held_frames
from playwright.sync_api import expect

from webapp import kinds


@pytest.mark.parametrize(("name", "path"), [("rotation", "/"), ("sliding", "/sliding"),
                                           ("triangle", "/triangle")])
def test_the_download_animation_link_answers_a_gif_of_the_start(page, live_server, name, path):
    page.goto(f"{live_server}{path}")
    link = page.get_by_role("link", name="Download animation")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", re.compile(rf"^{live_server}/api/{name}/animation\.gif\?p=."))
    # the link's puzzle is the start the page opened with
    start = page.evaluate("() => JSON.parse(document.querySelector('#initial').textContent).board")
    kind, href = kinds.get(name), link.get_attribute("href")
    assert kind.text(kind.decode(href.split("?p=")[1])) == kind.text(kind.parse(start))
    reply = page.request.get(href)
    assert reply.status == 200 and reply.headers["content-type"] == "image/gif"
    assert reply.body()[:6] == b"GIF89a"


def test_the_link_follows_a_new_start(page, live_server):
    """A shuffled puzzle is a new start: the link names it, not the one before."""
    page.goto(f"{live_server}/sliding")
    link = page.get_by_role("link", name="Download animation")
    expect(link).to_be_visible()
    before = link.get_attribute("href")
    board = page.locator("#board").get_attribute("data-board")
    page.get_by_role("button", name="Shuffle", exact=True).click()
    page.wait_for_function("b => document.querySelector('#board').dataset.board !== b", arg=board)
    expect(link).not_to_have_attribute("href", before)
    expect(link).to_be_visible()
    kind, shown = kinds.get("sliding"), page.locator("#board").get_attribute("data-board")
    assert kind.text(kind.decode(link.get_attribute("href").split("?p=")[1])) == kind.text(kind.parse(shown))


def test_with_the_moves_played_ticked_it_downloads_those_moves(page):
    open_sliding(page, EIGHT)
    two_slides_on_eight(page)
    page.locator("#share-moves").check()
    asked = []
    page.on("request", lambda request: "animation.gif" in request.url and asked.append(request.url))
    with page.expect_download() as downloading:
        page.get_by_role("link", name="Download animation").click()
    download = downloading.value
    assert re.search(r"[?&]moves=4-6$", asked[-1])
    # the start and the two moves played, not the 8 of the solution
    assert len(held_frames(Path(download.path()).read_bytes())) == 3


def test_an_animation_being_prepared_downloads_once_it_is_ready(page_expecting_refusals):
    """A heavy animation is a 503 with Retry-After while a worker draws it:
    the page says so, asks again after that long, and saves the GIF (not
    the 503's words as a .gif file)."""
    refused = []

    def first_refused(route):
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(status=503, headers={"Retry-After": "1", "Cache-Control": "no-store"},
                      content_type="application/json",
                      body='{"error": "The animation is being prepared: ask again in 1 s."}')

    page = page_expecting_refusals
    page.route("**/api/sliding/animation.gif*", first_refused)
    open_sliding(page, EIGHT)
    with page.expect_download() as downloading:
        page.get_by_role("link", name="Download animation").click()
        expect(page.locator("#share-message")).to_contain_text("being prepared")
    data = Path(downloading.value.path()).read_bytes()
    assert refused and data[:6] == b"GIF89a" and len(held_frames(data)) == 9  # the start and 8 moves
    expect(page.locator("#share-message")).to_have_text("Animation downloaded.")


def test_an_animation_refused_says_why_and_saves_nothing(page_expecting_400):
    page, said = page_expecting_400, "This puzzle has no solution to animate: no solution."
    page.route("**/api/sliding/animation.gif*", lambda route: route.fulfill(
        status=409, content_type="application/json", body=f'{{"error": "{said}"}}'))
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    open_sliding(page, EIGHT)
    page.get_by_role("link", name="Download animation").click()
    expect(page.locator("#share-message")).to_have_text(said)
    expect(page.locator("#share-message")).to_have_attribute("data-kind", "error")
    assert downloads == []

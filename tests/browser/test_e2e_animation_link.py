"""Share's Download animation link (issue 31, item 2): on every kind's page
it names the start shown, and the server answers it with the GIF."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from e2e_helpers import EIGHT, open_sliding, wait_for_board
from webapp import film, kinds


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
    page.locator("#board").focus()
    page.keyboard.press("ArrowUp")  # tile 4 up into the hole
    wait_for_board(page, "1 5 2\n7 4 3\n8 0 6\n")
    page.keyboard.press("ArrowLeft")  # tile 6 left
    wait_for_board(page, "1 5 2\n7 4 3\n8 6 0\n")
    page.locator("#share-moves").check()
    with page.expect_download() as downloading:
        page.get_by_role("link", name="Download animation").click()
    download = downloading.value
    assert re.search(r"[?&]moves=4-6$", download.url)
    with Image.open(io.BytesIO(Path(download.path()).read_bytes())) as gif:
        held = 0
        for index in range(gif.n_frames):
            gif.seek(index)
            held += gif.info["duration"] >= film.KEY_MS
    assert held == 3  # the start and the two moves played, not the 8 of the solution

"""The player framed on another site (issue 31, item 3): a page served from
another origin (another port) frames /embed/rotation?p=, which plays there;
the same page framing / gets nothing, as every other page refuses frames.
The headers themselves: tests/web/test_embed.py."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from webapp import kinds


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextmanager
def another_site(tmp_path, frame_src: str):
    """A page on another origin (a free loopback port) holding one iframe."""
    (tmp_path / "index.html").write_text(
        f'<!doctype html><title>A blog</title><link rel="icon" href="data:,"><p>A puzzle:</p>'
        f'<iframe id="frame" name="frame" src="{frame_src}" width="480" height="720"></iframe>')
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(tmp_path)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()


def example_code(name: str = "rotation") -> str:
    kind = kinds.get(name)
    return kind.encode(kind.parse(kind.example))


def test_a_player_framed_on_another_site_solves_and_plays(page, live_server, tmp_path):
    with another_site(tmp_path, f"{live_server}/embed/rotation?p={example_code()}") as site:
        page.goto(site)
        frame = page.frame_locator("#frame")
        board = frame.locator("#board")
        expect(board).to_have_attribute("data-step", "0")
        # the oEmbed size shows the board, its moves and Solve without a scroll
        for shown in ("#board", "#play", "#solve", "#embed-full-page"):
            expect(frame.locator(shown)).to_be_in_viewport(ratio=1)
        frame.get_by_role("button", name="Solve").click()
        expect(frame.locator("#answer")).to_contain_text("Solved in 2 moves")
        expect(board).to_have_attribute("data-step", "0")
        frame.locator("#play").click()
        expect(board).to_have_attribute("data-step", "2")
        frame.get_by_role("button", name="Restart").click()
        expect(board).to_have_attribute("data-step", "0")
        frame.get_by_role("button", name="Step").click()
        expect(board).to_have_attribute("data-step", "1")
        # the frame's address stays the player's: reloaded, it opens the player again
        assert page.frame(name="frame").url.startswith(f"{live_server}/embed/rotation?p=")
        # what the frame shows is the player, not the page's panels
        expect(frame.locator("#share-panel")).to_be_hidden()
        expect(frame.locator(".topbar")).to_have_count(0)
        back = frame.get_by_role("link", name="Open in Rotation Playground")
        expect(back).to_have_attribute("target", "_blank")
        with page.context.expect_page() as opened:
            back.click()
        full = opened.value
        full.wait_for_load_state()
        assert full.url == f"{live_server}/?p={example_code()}"
        expect(full.locator(".topbar")).to_be_visible()
        full.close()


@pytest.mark.parametrize("name", ["sliding", "triangle"])
def test_every_kinds_player_plays_its_solution_in_the_frame(page, live_server, tmp_path, name):
    with another_site(tmp_path, f"{live_server}/embed/{name}?p={example_code(name)}") as site:
        page.goto(site)
        frame = page.frame_locator("#frame")
        board = frame.locator("#board")
        expect(board).to_have_attribute("data-step", "0")
        frame.get_by_role("button", name="Solve").click()
        expect(frame.locator("#answer")).to_contain_text("Solved")
        frame.locator("#play").click()
        expect(board).not_to_have_attribute("data-step", "0")


def test_the_player_can_be_tried_with_the_kinds_moves(page, live_server, tmp_path):
    with another_site(tmp_path, f"{live_server}/embed/rotation?p={example_code()}") as site:
        page.goto(site)
        frame = page.frame_locator("#frame")
        frame.get_by_role("button", name="Turn left").click()
        expect(frame.locator("#move-counter")).to_contain_text("1")
        expect(frame.locator("#board")).to_have_attribute("data-step", "1")
        frame.locator("#back").click()
        expect(frame.locator("#board")).to_have_attribute("data-step", "0")
        assert page.frame(name="frame").url.startswith(f"{live_server}/embed/rotation?p=")


@pytest.fixture
def bare_page(browser, live_server):
    """A page of its own context, whose console errors are the test's to
    read (a refused frame is one)."""
    context = browser.new_context(base_url=live_server)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_normal_page_still_refuses_to_be_framed(bare_page, live_server, tmp_path):
    with another_site(tmp_path, f"{live_server}/") as site:
        with bare_page.expect_console_message(lambda m: "frame-ancestors 'none'" in m.text) as refused:
            bare_page.goto(site)
        assert "blocked" in refused.value.text and live_server in refused.value.text
        framed = bare_page.frame(name="frame")
        assert framed is not None
        framed.wait_for_url("chrome-error://**")
        expect(bare_page.frame_locator("#frame").locator("#board")).to_have_count(0)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", [kind.name for kind in kinds.KINDS])
def test_the_player_passes_axe(page, name, theme):
    page.emulate_media(color_scheme=theme)
    page.goto(f"/embed/{name}?p={example_code(name)}")
    page.wait_for_function("t => document.documentElement.dataset.theme === t", arg=theme)
    expect(page.locator("#board")).to_have_attribute("data-step", "0")
    assert_accessible(page, f"the {name} player, {theme}")

"""End to end in real Chromium, issue 18's page findings on rotation (and the
status line of every kind): the turns made in Try it and the tab survive a
reload (8); the Draw panel belongs to Draw, its Undo and Redo act on the
drawing, the turns have their own (13); after Redo the status line says the
move made again, not "Back at move 1" (14, for each kind); a search's
progress shows the position limit beside the time limit (16)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import (
    EIGHT, button, centre, data, drag, drag_piece, engine_end, fast, heavy_with_gap, message,
    open_sliding, open_triangle, slot, tray_piece, try_it, wait_for_board,
    wait_for_step, wait_still,
)
from webapp.rotation import EXAMPLE, parse
from webapp.rotation.sharecode import encode

pytestmark = pytest.mark.browser


def tab(page, name: str):
    return page.get_by_role("tab", name=name)


def press_each(page, *keys: str) -> None:
    """Press each key on the focused board and wait for its move to count."""
    step = int(data(page, "step"))
    for key in keys:
        page.keyboard.press(key)
        step += 1
        wait_for_step(page, step)
    wait_still(page)


# ------------------------------------------------ 8: turns over a reload
def test_turns_in_try_it_come_back_after_a_reload(page):
    page.goto("/puzzles/traffic-jam")
    text = data(page, "board")
    fast(page)
    try_it(page)
    press_each(page, "ArrowLeft", "ArrowRight", "ArrowRight")
    board, orientation = engine_end(text, "LRR")

    page.reload()
    expect(page.locator("#move-counter")).to_have_text("Moves: 3")
    expect(page.locator("#board")).to_have_attribute("data-step", "3")
    assert (data(page, "board"), data(page, "orientation")) == (board, str(orientation))
    expect(tab(page, "Try it")).to_have_attribute("aria-selected", "true")
    expect(message(page)).to_have_text("Restored your work: 3 moves played.")
    expect(page.locator("#moves-list li")).to_have_count(3)
    # the turns are the page's own again: Undo takes the last one back, a turn goes on
    button(page, "Undo").click()
    wait_for_step(page, 2)
    assert (data(page, "board"), data(page, "orientation")) == tuple(map(str, engine_end(text, "LR")))
    page.locator("#board").focus()
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 3)
    assert (data(page, "board"), data(page, "orientation")) == tuple(map(str, engine_end(text, "LRL")))


def test_a_drawn_puzzle_comes_back_in_try_it_with_its_turns_and_goal(page):
    page.goto("/")
    drag(page, (1, 1), (1, 3))
    drawn = data(page, "board")
    page.wait_for_url(re.compile(r"/\?p=" + re.escape(encode(parse(drawn)))))
    page.locator("#goal").select_option("all")
    fast(page)
    try_it(page)
    press_each(page, "ArrowLeft")
    after = (data(page, "board"), data(page, "orientation"))

    page.reload()
    expect(tab(page, "Try it")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#board")).to_have_attribute("data-step", "1")
    assert (data(page, "board"), data(page, "orientation")) == after
    expect(page.locator("#goal")).to_have_value("all")
    expect(page.locator("#move-counter")).to_have_text("Moves: 1")

    # the plain address brings the drawing back, with its turn
    page.goto("/")
    expect(page.locator("#board")).to_have_attribute("data-step", "1")
    assert (data(page, "board"), data(page, "orientation")) == after
    expect(message(page)).to_contain_text("Restored your last drawing, with 1 move played")
    # back in Draw, a reload stays in Draw
    tab(page, "Draw").click()
    page.reload()
    expect(tab(page, "Draw")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#draw-panel")).to_be_visible()


# --------------------------------------- 13: each panel's buttons its own
def test_the_draw_panel_is_for_drawing_and_its_redo_never_plays_the_solution(page):
    page.goto("/puzzles/spec-example")
    expect(tab(page, "Try it")).to_have_attribute("aria-selected", "true")
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves")
    wait_still(page)
    # in Try it the drawing's tools (and its Undo and Redo) are not shown
    expect(page.locator("#draw-panel")).to_be_hidden()
    # in Draw its Redo has nothing to redo: the drawing was not changed
    tab(page, "Draw").click()
    panel = page.locator("#draw-panel")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("button", name="Redo", exact=True)).to_be_disabled()
    expect(panel.get_by_role("button", name="Undo", exact=True)).to_be_disabled()
    expect(page.locator("#board")).to_have_attribute("data-step", "0")

    # the Draw panel's Undo undoes an edit, even with the solution shown
    page.get_by_role("radio", name="Wall", exact=True).check()
    before = data(page, "board")
    drag(page, (2, 2), (2, 2))
    page.wait_for_function("t => document.querySelector('#board').dataset.board !== t", arg=before)
    panel.get_by_role("button", name="Undo", exact=True).click()
    wait_for_board(page, before)
    expect(page.locator("#board")).to_have_attribute("data-step", "0")
    panel.get_by_role("button", name="Redo", exact=True).click()
    page.wait_for_function("t => document.querySelector('#board').dataset.board !== t", arg=before)


def test_try_it_has_its_own_undo_and_redo_of_turns(page):
    page.goto("/")
    fast(page)
    try_it(page)
    press_each(page, "ArrowRight")
    turns = page.get_by_role("group", name="Undo and redo")  # in the playback strip
    turns.get_by_role("button", name="Undo", exact=True).click()
    wait_for_step(page, 0)
    turns.get_by_role("button", name="Redo", exact=True).click()
    wait_for_step(page, 1)
    assert (data(page, "board"), data(page, "orientation")) == tuple(map(str, engine_end(EXAMPLE, "R")))
    # in Draw the turns' Undo and Redo give way to the drawing's
    tab(page, "Draw").click()
    expect(turns.get_by_role("button", name="Undo", exact=True)).to_be_hidden()
    expect(page.locator("#draw-panel").get_by_role("button", name="Undo", exact=True)).to_be_disabled()


# ------------------------------------------- 14: the status after Redo
def test_rotation_status_follows_redo(page):
    page.goto("/")
    fast(page)
    try_it(page)
    press_each(page, "ArrowRight", "ArrowRight")
    said = message(page).text_content()
    assert said.endswith("Moves: 2."), said
    page.keyboard.press("Control+z")
    wait_for_step(page, 1)
    expect(message(page)).to_have_text("Back at move 1.")
    page.keyboard.press("Control+y")
    wait_for_step(page, 2)
    expect(page.locator("#move-counter")).to_have_text("Moves: 2")
    expect(message(page)).to_have_text(said)


def test_sliding_status_follows_redo(page):
    open_sliding(page, EIGHT)
    page.locator("#board").focus()
    press_each(page, "ArrowLeft", "ArrowUp")  # tile 3 slides left into the hole in the middle, then 6 up
    expect(message(page)).to_contain_text("Moves: 2.")
    said = message(page).text_content()
    button(page, "Undo").click()
    wait_for_step(page, 1)
    expect(message(page)).to_have_text("Back at move 1.")
    button(page, "Redo").click()
    wait_for_step(page, 2)
    expect(page.locator("#move-counter")).to_contain_text("Moves: 2")
    expect(message(page)).to_contain_text("Tile 6")
    expect(message(page)).to_contain_text("Moves: 2.")
    assert "Back at" not in message(page).text_content(), said


def test_triangle_status_follows_redo(page):
    open_triangle(page)
    drag_piece(page, centre(page, tray_piece(3)), centre(page, slot(0)))
    expect(page.locator("#board")).to_have_attribute("data-step", "1")
    drag_piece(page, centre(page, tray_piece(5)), centre(page, slot(2)))
    expect(page.locator("#board")).to_have_attribute("data-step", "2")
    button(page, "Undo").click()
    expect(page.locator("#board")).to_have_attribute("data-step", "1")
    expect(message(page)).to_have_text("Back at move 1.")
    button(page, "Redo").click()
    expect(page.locator("#board")).to_have_attribute("data-step", "2")
    expect(message(page)).to_contain_text("Piece 5 in slot 2.")
    expect(message(page)).not_to_contain_text("Back at")


# ----------------------------------------- 16: the limit that ends a search
RUNNING = {"id": "j16", "kind": "rotation", "status": "running", "counter": "states",
           "max_states": 5_000_000, "max_seconds": 60.0, "seconds": 12.4, "states": 500_000, "depth": 9}


def test_progress_shows_the_position_limit_beside_the_time_limit(page):
    page.goto("/")
    # the fields the page reads are the server's own (a search too big to answer at once)
    started = page.request.post("/api/rotation/solve", data={"board": heavy_with_gap(), "goal": "all"}).json()
    page.request.post(f"/api/jobs/{started['id']}/cancel", data={})
    # (the live server lifts the states limit: tests/support/apps.py LIVE)
    assert started["max_states"] == 10**12 and started["max_seconds"] == 60.0
    assert started["counter"] == "states"

    def start(route):
        route.fulfill(status=202, content_type="application/json", body=json.dumps({**RUNNING, "job": "j16"}))

    def poll(route):
        route.fulfill(status=200, content_type="application/json", body=json.dumps(RUNNING))

    page.route("**/api/rotation/solve", start)
    page.route("**/api/jobs/j16", poll)
    page.route("**/api/jobs/j16/cancel", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps({**RUNNING, "status": "cancelled"})))
    button(page, "Solve").click()
    label = page.locator("#progress-text")
    expect(label).to_have_text("500,000 of 5,000,000 positions, 9 moves deep · 12 s of 60 s")
    # the bar is as far as the nearer limit: 12.4 s of 60 s, not half a million of 5 million
    bar = page.locator("#progress-bar")
    assert abs(float(bar.evaluate("b => b.value")) - 12.4 / 60) < 0.01
    page.unroute("**/api/jobs/j16")
    page.route("**/api/jobs/j16", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps({**RUNNING, "states": 4_900_000})))
    expect(label).to_have_text("4,900,000 of 5,000,000 positions, 9 moves deep · 12 s of 60 s")
    # ... and then the positions are the nearer
    assert float(bar.evaluate("b => b.value")) == pytest.approx(0.98, abs=0.01)


# ---------------------------------------------- 20: a link with your turns
def test_a_share_link_carries_the_turns_played(page, browser, live_server):
    page.goto("/puzzles/traffic-jam")
    text = data(page, "board")
    fast(page)
    try_it(page)
    press_each(page, "ArrowLeft", "ArrowRight")
    page.get_by_label("With the turns played so far").check()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).to_have_value(re.compile(r"[?&]moves=LR\b"))
    url = page.locator("#share-url").input_value()

    # someone else, in a browser of their own, opens it at the same turn
    other = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900})
    try:
        friend = other.new_page()
        friend.goto(url)
        expect(friend.locator("#board")).to_have_attribute("data-step", "2")
        assert (data(friend, "board"), data(friend, "orientation")) == tuple(map(str, engine_end(text, "LR")))
        expect(tab(friend, "Try it")).to_have_attribute("aria-selected", "true")
        expect(friend.locator("#board-message")).to_have_text("Played the link's 2 turns. Moves: 2.")
        expect(friend.locator("#moves-list li")).to_have_count(2)
        # the turns are theirs now: a reload keeps what they do next, not the link's
        friend.wait_for_function("() => !location.search.includes('moves=')")
        friend.locator("#board").focus()
        friend.keyboard.press("ArrowLeft")
        wait_for_step(friend, 3)
        friend.reload()
        expect(friend.locator("#board")).to_have_attribute("data-step", "3")
    finally:
        other.close()

    # without the box ticked the link is the puzzle alone
    page.get_by_label("With the turns played so far").uncheck()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value(re.compile("moves="))

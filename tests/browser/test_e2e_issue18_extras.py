"""End to end in real Chromium, issue 18's "beyond the fixes" on every kind:
a hint is drawn on the board itself, not only said (22: rotation's turn as
an arrow with the sticks it moves ringed, triangle's piece in the tray with
its ghost in the slot; sliding's arrow is in test_e2e_issue18_sliding.py),
and a share link carries the moves played so far as well as the puzzle
(20: sliding's tiles, triangle's placements; rotation's turns are in
test_e2e_issue18_rotation.py), played again by the server's moves when the
link is opened, a link's bad moves named, never a blank page."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import (
    EIGHT, SMALL, button, centre, data, drag_piece, message, open_sliding, open_triangle,
    placement, slot, tray_piece, try_it, wait_filled, wait_for_board, wait_for_step,
    wait_still,
)


pytestmark = pytest.mark.browser


def share_with_moves(page) -> str:
    """The full link with the moves played so far."""
    page.locator("#share-moves").check()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).to_have_value(re.compile(r"[?&]moves="))
    return page.locator("#share-url").input_value()


def open_elsewhere(browser, live_server, url: str):
    """The link in a browser context of its own (no work kept there): the
    context, its page and the page errors it shows."""
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900})
    friend = context.new_page()
    errors: list[str] = []
    friend.on("pageerror", lambda exc: errors.append(str(exc)))
    friend.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    friend.goto(url)
    return context, friend, errors


# ------------------------------------------------ 22: the hint on the board
def test_a_rotation_hint_draws_its_turn_and_the_sticks_it_moves(page):
    page.goto("/")
    text = data(page, "board")
    assert data(page, "drawn-hint") == ""
    button(page, "Hint").click()
    expect(message(page)).to_have_text("Hint: turn left (L), then 1 more move.")
    expect(page.locator("#board")).to_have_attribute("data-drawn-hint", "L")
    # the sticks ringed are those the server's turn moves
    step = page.request.post("/api/rotation/move", data={"board": text, "orientation": 0, "move": "L"}).json()
    moving = {s for s, n in step["moved"].items() if n > 0} | set(step["released"])
    assert moving
    page.wait_for_function("() => document.querySelector('#board').dataset.drawnHintSticks !== ''")
    assert set(data(page, "drawn-hint-sticks").split(",")) == moving
    # the turn made, the hint is gone from the board
    try_it(page)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 1)
    wait_still(page)
    expect(page.locator("#board")).to_have_attribute("data-drawn-hint", "")
    expect(page.locator("#board")).to_have_attribute("data-drawn-hint-sticks", "")
    # a hint on the new position: the other way, drawn again
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("Hint: turn")
    turn = "L" if "left" in message(page).inner_text() else "R"
    expect(page.locator("#board")).to_have_attribute("data-drawn-hint", turn)


def hint_ghost(page):
    return page.locator("#board .hint-ghost")


def test_a_triangle_hint_shows_the_piece_and_its_slot_until_a_move(page):
    open_triangle(page)
    hinted = page.request.post("/api/triangle/hint",
                               data={"board": data(page, "board"), "placement": [None] * 9}).json()["move"]
    piece, target = hinted["piece"], hinted["slot"]
    button(page, "Hint").click()
    expect(message(page)).to_contain_text(f"Hint: piece {piece} goes in slot {target}")
    # shown on the board, not played: the piece in the tray marked, its ghost in the slot, turned as the hint says
    expect(page.locator(f"{tray_piece(piece)}.hint-piece")).to_have_count(1)
    expect(page.locator("#board .piece.hint-piece")).to_have_count(1)
    expect(hint_ghost(page)).to_have_count(1)
    expect(hint_ghost(page)).to_have_attribute("data-hint-slot", str(target))
    expect(hint_ghost(page)).to_have_attribute("data-hint-piece", str(piece))
    expect(page.locator("#board .hint-arrow")).to_have_count(1)
    assert data(page, "filled") == "0"
    # the player puts the piece there (through the ghost): the hint is gone
    drag_piece(page, centre(page, tray_piece(piece)), centre(page, slot(target)))
    wait_filled(page, 1)
    expect(hint_ghost(page)).to_have_count(0)
    expect(page.locator("#board .piece.hint-piece")).to_have_count(0)
    # (as written, not turned as the ghost showed) taken back: Hint, and Hint again places it as shown
    button(page, "Undo").click()
    wait_filled(page, 0)
    button(page, "Hint").click()
    expect(hint_ghost(page)).to_have_count(1)
    button(page, "Hint").click()
    wait_filled(page, 1)
    wait_still(page)
    assert placement(page)[target] == {"piece": piece, "edges": hinted["edges"]}
    expect(hint_ghost(page)).to_have_count(0)
    # a hint is also gone after Undo
    button(page, "Hint").click()
    expect(hint_ghost(page)).to_have_count(1)
    assert hint_ghost(page).get_attribute("data-hint-slot") == str(target + 1)
    button(page, "Undo").click()
    wait_filled(page, 0)
    expect(hint_ghost(page)).to_have_count(0)


# ------------------------------------------------ 20: a link with your moves
def test_a_sliding_link_carries_the_moves_played(page, browser, live_server):
    open_sliding(page, EIGHT)
    page.locator("#board").focus()
    page.keyboard.press("ArrowUp")  # tile 4 up into the hole
    wait_for_board(page, "1 5 2\n7 4 3\n8 0 6\n")
    page.keyboard.press("ArrowLeft")  # tile 6 left
    wait_for_board(page, "1 5 2\n7 4 3\n8 6 0\n")
    url = share_with_moves(page)
    assert re.search(r"[?&]moves=4-6(&|$)", url)

    context, friend, errors = open_elsewhere(browser, live_server, url)
    try:
        expect(friend.locator("#board")).to_have_attribute("data-step", "2")
        expect(friend.locator("#board")).to_have_attribute("data-board", "1 5 2\n7 4 3\n8 6 0\n")
        expect(friend.locator("#move-counter")).to_contain_text("Moves: 2")
        expect(friend.locator("#board-message")).to_have_text("Played the link's 2 moves. Moves: 2.")
        expect(friend.locator("#moves-list li")).to_have_count(2)
        # the moves are theirs now: Undo takes one back, a reload keeps their work
        friend.wait_for_function("() => !location.search.includes('moves=')")
        button(friend, "Undo").click()
        expect(friend.locator("#board")).to_have_attribute("data-step", "1")
        friend.reload()
        expect(friend.locator("#board")).to_have_attribute("data-board", "1 5 2\n7 4 3\n8 0 6\n")
    finally:
        context.close()
    assert not errors, errors

    # without the box ticked the link is the puzzle alone
    page.locator("#share-moves").uncheck()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value(re.compile("moves="))


def test_a_sliding_link_with_bad_moves_opens_the_puzzle_and_says_why(page, browser, live_server):
    open_sliding(page, EIGHT)
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value("")
    plain = page.locator("#share-url").input_value()
    for moves, said in (("4-zz", 'move 2, "zz", is not a tile number'),
                        ("4-1", "Move 2 of the link cannot be made")):
        context, friend, errors = open_elsewhere(browser, live_server, f"{plain}&moves={moves}")
        try:
            expect(friend.locator("#board-message")).to_contain_text(said)
            start = EIGHT if moves == "4-zz" else "1 5 2\n7 4 3\n8 0 6\n"
            expect(friend.locator("#board")).to_have_attribute("data-board", start)
        finally:
            context.close()
        assert not errors, errors


def test_a_link_whose_moves_solve_a_gallery_puzzle_is_not_a_solve_here(page, browser, live_server):
    page.goto("/puzzles/sliding-rules-eight")
    start = data(page, "board")
    answer = page.request.post("/api/sliding/solve", data={"board": start}).json()
    link = page.request.post("/api/sliding/share", data={"board": start}).json()["url"]
    url = f"{link}&moves={'-'.join(map(str, answer['moves']))}"
    context, friend, errors = open_elsewhere(browser, live_server, url)
    try:
        expect(friend.locator("#board-message")).to_have_text(
            f"Played the link's {answer['length']} moves: the puzzle is solved.")
        expect(friend.locator("#board")).to_have_attribute("data-step", str(answer["length"]))
        solved = friend.evaluate("() => localStorage.getItem('rotation-playground:solved')")
        assert "sliding-rules-eight" not in (solved or "")
    finally:
        context.close()
    assert not errors, errors


def test_a_triangle_link_carries_the_pieces_placed(page, browser, live_server):
    open_triangle(page, SMALL)
    drag_piece(page, centre(page, tray_piece(1)), centre(page, slot(0)))
    wait_filled(page, 1)
    drag_piece(page, centre(page, tray_piece(3)), centre(page, slot(2)))
    wait_filled(page, 2)
    page.locator('#board .piece.placed[data-slot="2"]').click()  # turned where it is
    page.wait_for_function("() => document.querySelector('#board').dataset.step === '3'")
    wait_still(page)
    mine = placement(page)
    url = share_with_moves(page)

    context, friend, errors = open_elsewhere(browser, live_server, url)
    try:
        expect(friend.locator("#board")).to_have_attribute("data-step", "3")
        expect(friend.locator("#board")).to_have_attribute("data-board", SMALL)
        assert json.loads(friend.locator("#board").get_attribute("data-placement")) == mine
        expect(friend.locator("#move-counter")).to_contain_text("Placed: 2 of 4")
        expect(friend.locator("#board-message")).to_have_text("Played the link's 3 moves. Moves: 3.")
        expect(friend.locator("#moves-list li")).to_have_count(3)
        friend.wait_for_function("() => !location.search.includes('moves=')")
    finally:
        context.close()
    assert not errors, errors

    # a piece that is not in the puzzle: the server refuses it, the page says so
    bad = re.sub(r"moves=[^&]*", "moves=0.0.1.0.0_1.9.0.0.0", url)
    context, friend, errors = open_elsewhere(browser, live_server, bad)
    try:
        expect(friend.locator("#board-message")).to_contain_text("Move 2 of the link cannot be made")
        expect(friend.locator("#board")).to_have_attribute("data-filled", "1")
    finally:
        context.close()
    assert not errors, errors

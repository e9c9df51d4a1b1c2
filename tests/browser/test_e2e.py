"""End to end in real Chromium: drawing with the mouse (and a finger), solving
and playing, the keyboard, share links, the gallery, import, undo and redo,
and a phone-sized screen. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import re
import socket
import threading

import pytest
from playwright.sync_api import expect

from e2e_helpers import (
    ROOT, THREE_MOVES, button, cell_centre, click_cell, data, drag, engine_end, fast, moves_shown,
    new_frame, open_fresh, open_import, shot, tool, touch_drag, try_it, wait_for_board,
    wait_for_step,
)
from webapp import create_app
from webapp.rotation import EXAMPLE, Board, Stick, parse, solve

pytestmark = pytest.mark.browser

SPLIT_STICK = "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n"


# ------------------------------------------------------------------ tests
def test_draw_a_puzzle_solve_and_play(page):
    page.goto("/")
    new_frame(page, 8)
    shot(page, "01-new-frame")

    tool(page, "Wall")
    click_cell(page, 3, 3)
    click_cell(page, 3, 4)
    tool(page, "Gap")
    click_cell(page, 0, 2)   # open a gap in the top row
    click_cell(page, 7, 4)   # close the default gap at the bottom
    tool(page, "Stick")
    drag(page, (5, 1), (5, 2))   # horizontal stick 0
    drag(page, (4, 6), (2, 6))   # vertical stick 1, dragged upwards

    walls = set(Board.empty_frame(8).walls) | {(3, 3), (3, 4), (7, 4)}
    walls.discard((0, 2))
    drawn = Board(8, 8, frozenset(walls), (Stick("0", 5, 1, 2), Stick("1", 2, 6, 3, vertical=True)))
    assert data(page, "board") == drawn.text()
    assert data(page, "step") == "0" and data(page, "orientation") == "0"
    expect(page.locator("#board-message")).to_have_text("Stick 1 laid (3 cells).")
    shot(page, "02-drawn")

    shortest = solve(drawn)
    assert shortest.status == "solved" and shortest.length == 6
    fast(page)
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 6 moves")
    expect(page.locator("#moves-list li")).to_have_count(6)
    moves = moves_shown(page)
    assert f"Solved in 6 moves: {' '.join(moves)}" in page.locator("#answer").text_content()
    assert len(moves) == 6 and set(moves) <= {"L", "R"}

    button(page, "Play").click()
    expect(button(page, "Pause")).to_be_visible()
    wait_for_step(page, 6)
    expect(button(page, "Play")).to_be_visible()
    board, orientation = engine_end(drawn.text(), moves)
    assert data(page, "board") == board
    assert data(page, "orientation") == str(orientation)
    assert len(parse(board).sticks) < 2, "the last move lets a stick fall out"
    expect(page.locator("#board-message")).to_contain_text("falls out")
    expect(page.locator("#move-counter")).to_have_text("Moves: 6")
    shot(page, "03-played")

    # Back and Restart walk the same trajectory backwards
    button(page, "Back").click()
    wait_for_step(page, 5)
    assert (data(page, "board"), data(page, "orientation")) == tuple(
        map(str, engine_end(drawn.text(), moves[:5])))
    button(page, "Restart").click()
    wait_for_step(page, 0)
    assert data(page, "board") == engine_end(drawn.text(), "")[0]
    button(page, "Step").click()
    wait_for_step(page, 1)
    assert data(page, "board") == engine_end(drawn.text(), moves[:1])[0]


def test_crooked_or_blocked_drag_is_refused(page):
    page.goto("/")
    before = data(page, "board")
    drag(page, (1, 1), (3, 3))
    expect(page.locator("#board-message")).to_contain_text("must be straight")
    assert data(page, "board") == before
    drag(page, (3, 0), (3, 2))   # starts on the frame's wall
    expect(page.locator("#board-message")).to_contain_text("cannot cross a wall")
    assert data(page, "board") == before
    expect(button(page, "Undo")).to_be_disabled()


def test_play_the_example_with_the_keyboard(page):
    page.goto("/")
    fast(page)
    button(page, "Hint").click()
    expect(page.locator("#board-message")).to_have_text("Hint: turn left (L), then 1 more move.")
    expect(page.locator("#turn-left")).to_have_class(re.compile(r"\bhinted\b"))
    shot(page, "04-hint")

    try_it(page)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 1)
    after_one = engine_end(EXAMPLE, "L")
    assert (data(page, "board"), data(page, "orientation")) == (after_one[0], str(after_one[1]))
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 2)
    message = page.locator("#board-message")
    expect(message).to_contain_text("Done in 2 moves")
    expect(message).to_contain_text("shortest")
    board, orientation = engine_end(EXAMPLE, "LL")
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)
    assert "1" not in board, "stick 1 fell out"
    expect(page.get_by_role("tab", name="Try it")).to_have_attribute("aria-selected", "true")
    shot(page, "05-done-by-keyboard")

    button(page, "Undo").click()
    wait_for_step(page, 1)
    assert (data(page, "board"), data(page, "orientation")) == (after_one[0], str(after_one[1]))
    # a different second turn: R from there does not finish the puzzle
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 2)
    board, orientation = engine_end(EXAMPLE, "LR")
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)


def test_finishing_by_hand_leaves_no_solving_message(page):
    page.goto("/")
    fast(page)
    try_it(page)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 1)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 2)
    expect(page.locator("#board-message")).to_contain_text("Done in 2 moves")
    expect(page.locator("#answer")).not_to_have_text("Solving…", timeout=2000)


def test_size_field_shows_the_opened_board(page):
    from webapp.rotation.sharecode import encode

    page.goto("/?p=" + encode(parse(THREE_MOVES)))
    wait_for_board(page, THREE_MOVES)
    expect(page.locator("#size")).to_have_value("9", timeout=2000)


def test_copy_link_short_link_and_autoplay(page, browser, live_server):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page.goto("/")
    open_import(page).fill(THREE_MOVES)
    button(page, "Import text").click()
    wait_for_board(page, THREE_MOVES)

    button(page, "Copy link").click()
    expect(page.locator("#share-message")).to_have_text("Link copied to the clipboard.")
    url = page.locator("#share-url").input_value()
    assert url.startswith(live_server + "/?p=A")
    assert page.evaluate("navigator.clipboard.readText()") == url
    shot(page, "06-share")
    context, fresh, errors = open_fresh(browser, url)
    try:
        assert fresh.locator("#board").get_attribute("data-board") == THREE_MOVES
        assert fresh.locator("#board").get_attribute("data-step") == "0"
    finally:
        context.close()
    assert not errors

    button(page, "Make short link").click()
    expect(page.locator("#short-url")).to_have_value(
        re.compile(rf"^{live_server}/s/[0-9A-Za-z]{{8,}}$"))
    short = page.locator("#short-url").input_value()
    assert page.evaluate("navigator.clipboard.readText()") == short
    context, fresh, errors = open_fresh(browser, short)
    try:
        assert fresh.locator("#board").get_attribute("data-board") == THREE_MOVES
    finally:
        context.close()
    assert not errors

    page.get_by_label("Open with the solution playing").check()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).to_have_value(re.compile(r"[?&]play=1"))
    playing = page.locator("#share-url").input_value()
    context, fresh, errors = open_fresh(browser, playing)
    try:
        wait_for_step(fresh, 3)
        board, orientation = engine_end(THREE_MOVES, moves_shown(fresh))
        assert len(moves_shown(fresh)) == solve(parse(THREE_MOVES)).length == 3
        assert fresh.locator("#board").get_attribute("data-board") == board
        assert fresh.locator("#board").get_attribute("data-orientation") == str(orientation)
    finally:
        context.close()
    assert not errors


# A puzzle library for the gallery test when puzzles/ has none yet.
SPARE_CATALOGUE = [("example.txt", "The rules' example", 2, EXAMPLE),
                   ("three.txt", "Three turns", 3, THREE_MOVES)]


def _serve(app) -> tuple[str, object]:
    from waitress.server import create_server

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = create_server(app, host="127.0.0.1", port=port, threads=2)
    threading.Thread(target=server.run, daemon=True).start()
    return f"http://127.0.0.1:{server.effective_port}", server


@pytest.fixture(scope="module")
def gallery_site(live_server, tmp_path_factory):
    """(base URL, puzzles folder): the real library if it has puzzles, else a spare one."""
    real = ROOT / "puzzles"
    if any(real.glob("*.txt")):
        yield live_server, real
        return
    folder = tmp_path_factory.mktemp("puzzles")
    for file, _title, _moves, text in SPARE_CATALOGUE:
        (folder / file).write_text(text, encoding="utf-8")
    (folder / "catalogue.json").write_text(json.dumps(
        [{"file": f, "title": t, "moves": m} for f, t, m, _ in SPARE_CATALOGUE]), encoding="utf-8")
    app = create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path_factory.mktemp("gallery")),
                      "PUZZLES_DIR": str(folder)})
    base, server = _serve(app)
    yield base, folder
    server.close()


def test_gallery_card_opens_its_puzzle(page, gallery_site):
    base, folder = gallery_site
    page.goto(base + "/puzzles")
    cards = page.locator("a.card")
    expect(cards.first).to_be_visible()
    assert cards.count() >= 1
    shot(page, "07-gallery")
    card = cards.nth(min(1, cards.count() - 1))
    card.scroll_into_view_if_needed()
    name = card.get_attribute("data-puzzle")
    image = card.locator("img")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    card.click()
    page.wait_for_url(f"{base}/puzzles/{name}")
    text = (folder / f"{name}.txt").read_text(encoding="utf-8-sig")
    wait_for_board(page, parse(text).text())
    optimal = json.loads(page.locator("#initial").text_content())["optimal"]
    if optimal is not None:
        expect(page.locator("#answer")).to_contain_text(f"The shortest solution takes {optimal} move")
    shot(page, "08-gallery-puzzle")


def test_import_bad_then_good_text(page_expecting_400):
    page = page_expecting_400
    page.goto("/")
    before = data(page, "board")
    area = open_import(page)
    area.fill(SPLIT_STICK)
    button(page, "Import text").click()
    expect(page.locator("#import-message")).to_contain_text("Line 3, column 4")
    expect(page.locator("#import-message")).to_contain_text("split")
    expect(page.locator("#board-message")).to_contain_text("Your board is unchanged")
    assert data(page, "board") == before
    assert [u.rsplit("/", 3)[-3:] for u in page.bad_requests] == [["api", "rotation", "parse"]]
    expect(button(page, "Undo")).to_be_disabled()
    shot(page, "09-import-error")

    # a good file, as editors save it: CRLF, no trailing spaces, a blank line at the end
    area.fill("\ufeff" + THREE_MOVES.replace("\n", "\r\n") + "\r\n")
    button(page, "Import text").click()
    wait_for_board(page, THREE_MOVES)
    expect(page.locator("#import-message")).to_have_text("Imported.")
    area.fill("5\n#####\n#\n#  0\n#  0#\n## ##\n")   # short rows are padded
    button(page, "Import text").click()
    wait_for_board(page, "5\n#####\n#    \n#  0 \n#  0#\n## ##\n")
    button(page, "Undo").click()
    wait_for_board(page, THREE_MOVES)


def test_editor_undo_redo_buttons_and_keys(page):
    page.goto("/")
    frame = data(page, "board")
    drag(page, (1, 1), (1, 3))
    one = data(page, "board")
    assert one.splitlines()[2] == "#222  #"
    drag(page, (2, 1), (4, 1))
    two = data(page, "board")
    assert [row[1] for row in two.splitlines()[3:6]] == ["3", "3", "3"]

    button(page, "Undo").click()
    wait_for_board(page, one)
    button(page, "Undo").click()
    wait_for_board(page, frame)
    expect(button(page, "Undo")).to_be_disabled()
    button(page, "Redo").click()
    wait_for_board(page, one)
    button(page, "Redo").click()
    wait_for_board(page, two)
    expect(button(page, "Redo")).to_be_disabled()

    page.locator("#board").focus()
    page.keyboard.press("Control+z")
    wait_for_board(page, one)
    page.keyboard.press("Control+z")
    wait_for_board(page, frame)
    page.keyboard.press("Control+y")
    wait_for_board(page, one)
    page.keyboard.press("Control+Shift+z")
    wait_for_board(page, two)
    page.keyboard.press("Control+z")
    wait_for_board(page, one)
    # a new edit drops the redo history
    tool(page, "Erase")
    click_cell(page, 1, 2)
    wait_for_board(page, frame)
    expect(button(page, "Redo")).to_be_disabled()


def test_new_frame_is_one_undo_step(page):
    page.goto("/")
    page.locator("#size").fill("6")
    button(page, "New frame").click()
    wait_for_board(page, Board.empty_frame(6).text())
    button(page, "Undo").click()
    page.wait_for_function("t => document.querySelector('#board').dataset.board === t",
                           arg=EXAMPLE, timeout=3000)
    expect(button(page, "Undo")).to_be_disabled()


def test_phone_layout_and_touch_drawing(phone):
    page = phone
    page.goto("/")
    sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"horizontal scroll: {sizes}"
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, "the board fits on the first screen"
    assert box["width"] >= 300, "the board uses the width of the phone"
    for name in ("Solve", "Turn left", "Turn right", "Play", "New frame", "Copy link"):
        b = button(page, name).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 390, name
    shot(page, "10-phone")

    new_frame(page, 6)
    scroll = page.evaluate("window.scrollY")
    touch_drag(page, cell_centre(page, 2, 1), cell_centre(page, 2, 3))
    wait_for_board(page, "6\n######\n#    #\n#000 #\n#    #\n#    #\n### ##\n")
    assert page.evaluate("window.scrollY") == scroll, "a drag on the board must not scroll"
    expect(page.locator("#board-message")).to_have_text("Stick 0 laid (3 cells).")
    shot(page, "11-phone-touch-stick", full_page=True)

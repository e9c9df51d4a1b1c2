"""End to end in real Chromium: the sliding-tile page (/sliding). Shuffle,
solve and watch to the goal; play by keys, clicks, a drag and a swipe; a hint
with the 3 x 3 distances; a share link in a fresh page; a malformed position
with its line and column; Undo and Restart in Try it; the work kept over a
reload. The conftest fixtures fail a test on any console error or
Content-Security-Policy violation. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from e2e_helpers import (
    EIGHT, TWO_AWAY, board, button, data, goal, message, open_fresh, open_sliding,
    rows, shot, tile_centre, touch_drag, use_position, wait_for_board, wait_for_step, wait_still,
)

pytestmark = pytest.mark.browser

GOAL_3 = "1 2 3\n4 5 6\n7 8 0\n"


# ------------------------------------------------------------------ tests
def test_page_draws_the_start_with_names(page):
    page.goto("/sliding")
    el = board(page)
    expect(el).to_have_attribute("data-puzzle-kind", "sliding")
    expect(el).to_have_attribute("data-step", "0")
    text = data(page, "board")
    g = rows(text)
    n = len(g) * len(g[0])
    assert sorted(x for row in g for x in row) == list(range(n))
    # every tile is drawn and named, the hole is not a tile
    expect(page.locator("#board .tile")).to_have_count(n - 1)
    for tile in range(1, n):
        expect(page.get_by_role("img", name=f"Tile {tile}", exact=True)).to_have_count(1)
    expect(page.locator("#board-description")).to_contain_text("Row 1:")
    expect(page.locator("#goal-text")).to_contain_text("hole")
    expect(page.get_by_role("link", name="How to play").last).to_have_attribute("href", "/how-to-play/sliding")
    shot(page, "sliding-01-start")


def test_shuffle_solve_and_watch_to_the_goal(page):
    open_sliding(page)
    page.locator("#width").select_option("3")
    page.locator("#height").select_option("3")
    before = data(page, "board")
    button(page, "Shuffle").click()
    page.wait_for_function("b => document.querySelector('#board').dataset.board !== b", arg=before)
    shuffled = data(page, "board")
    assert len(rows(shuffled)) == 3 and all(len(r) == 3 for r in rows(shuffled))
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in")
    length = int(re.search(r"Solved in (\d+) move", page.locator("#answer").text_content()).group(1))
    expect(page.locator("#moves-list li")).to_have_count(length)
    page.locator("#speed").select_option("4")
    button(page, "Play").click()
    wait_for_board(page, GOAL_3, timeout=30_000)
    wait_for_step(page, length)
    expect(message(page)).to_contain_text("Solved!")
    expect(page.locator("#move-counter")).to_have_text(f"Move {length} of {length}")
    shot(page, "sliding-02-solved")
    # Restart rewinds to the shuffled start
    button(page, "Restart").click()
    wait_for_board(page, shuffled)
    wait_for_step(page, 0)


def test_solve_a_rectangle_then_step_and_back(page):
    open_sliding(page, "1 2 3 4\n5 6 0 7\n")  # 2 x 4 (width 4): one move, 7 to the left
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 1 move, the fewest possible: 7")
    button(page, "Step").click()
    wait_for_board(page, goal(4, 2))
    expect(button(page, "Step")).to_be_disabled()
    button(page, "Back").click()
    wait_for_board(page, "1 2 3 4\n5 6 0 7\n")


def test_play_by_keys_to_the_goal_with_undo_and_restart(page):
    open_sliding(page, TWO_AWAY)
    expect(page.locator("#move-counter")).to_have_text("Moves: 0 · shortest: 2")
    board(page).focus()
    page.keyboard.press("ArrowLeft")  # tile 7, right of the hole, slides left
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    expect(message(page)).to_contain_text("Tile 7 slid left.")
    # Undo and Redo in Try it
    button(page, "Undo").click()
    wait_for_board(page, TWO_AWAY)
    page.keyboard.press("Control+y")
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    # a key with no tile on that side says so and moves nothing
    page.keyboard.press("ArrowUp")
    wait_still(page)
    assert data(page, "board") == "1 2 3\n4 5 6\n7 0 8\n"
    expect(message(page)).to_contain_text("No tile can slide up")
    page.keyboard.press("ArrowLeft")
    wait_for_board(page, GOAL_3)
    wait_for_step(page, 2)
    expect(message(page)).to_have_text("Solved in 2 moves: the shortest possible!")
    expect(page.locator("#moves-label")).to_have_text("Your moves (2)")
    assert page.locator("#moves-list li").all_text_contents() == ["7", "8"]
    button(page, "Restart").click()
    wait_for_board(page, TWO_AWAY)
    wait_for_step(page, 0)
    # the other arrows: → slides the tile left of the hole to the right
    page.keyboard.press("ArrowLeft")
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    page.keyboard.press("ArrowRight")
    wait_for_board(page, TWO_AWAY)
    page.keyboard.press("ArrowDown")  # tile 4, above the hole, slides down
    wait_for_board(page, "1 2 3\n0 5 6\n4 7 8\n")
    page.keyboard.press("Control+z")
    wait_for_board(page, TWO_AWAY)


def test_keys_pressed_during_a_slide_count_from_the_board_after_it(page):
    open_sliding(page, "1 2 3\n0 4 5\n7 8 6\n")
    board(page).focus()
    # three quick presses: 4, then 5 slide left, then 6 slides up
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    wait_for_board(page, GOAL_3)
    wait_for_step(page, 3)
    assert page.locator("#moves-list li").all_text_contents() == ["4", "5", "6"]
    expect(message(page)).to_have_text("Solved in 3 moves: the shortest possible!")


def test_click_and_drag_tiles(page):
    open_sliding(page, TWO_AWAY)
    page.mouse.click(*tile_centre(page, 7))
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    # a tile not next to the hole stays, and the page says why
    page.mouse.click(*tile_centre(page, 1))
    expect(message(page)).to_have_text("Tile 1 is not next to the hole.")
    assert data(page, "board") == "1 2 3\n4 5 6\n7 0 8\n"
    # drag tile 8 left into the hole
    x, y = tile_centre(page, 8)
    width = page.locator('#board .tile[data-tile="8"]').bounding_box()["width"]
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - width * 0.8, y, steps=6)
    page.mouse.up()
    wait_for_board(page, GOAL_3)
    expect(message(page)).to_contain_text("Solved in 2 moves")
    # a short drag snaps back
    open_sliding(page, TWO_AWAY)
    x, y = tile_centre(page, 7)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - width * 0.15, y, steps=3)
    page.mouse.up()
    wait_still(page)
    assert data(page, "board") == TWO_AWAY
    assert data(page, "step") == "0"


def test_hint_names_a_tile_with_distances(page):
    open_sliding(page, TWO_AWAY)
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("Hint: slide tile 7")
    # 3 x 3: the exact distance after each possible move (tile 4 above the
    # hole, tile 7 right of it)
    expect(message(page)).to_contain_text("tile 7 → 1 move left")
    expect(message(page)).to_contain_text("tile 4 → 3 moves left")
    expect(page.locator('#board .tile[data-tile="7"]')).to_have_class(re.compile(r"\bhinted\b"))
    # the hint follows the board
    board(page).focus()
    page.keyboard.press("ArrowLeft")
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("Hint: slide tile 8: that solves it.")


def test_share_link_opens_the_same_board_in_a_fresh_page(page, browser, live_server):
    open_sliding(page, EIGHT)
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value("")
    url = page.locator("#share-url").input_value()
    assert "/sliding?p=" in url
    button(page, "Make short link").click()
    expect(page.locator("#short-url")).not_to_have_value("")
    short = page.locator("#short-url").input_value()
    for link in (url, short):
        context, fresh, errors = open_fresh(browser, link)
        try:
            expect(fresh.locator("#board")).to_have_attribute("data-board", EIGHT)
            expect(fresh.locator("#board")).to_have_attribute("data-puzzle-kind", "sliding")
        finally:
            context.close()
        assert not errors, errors


def test_share_link_with_play_plays_to_the_goal(page, browser):
    open_sliding(page, TWO_AWAY)
    page.locator("#share-play").check()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value("")
    url = page.locator("#share-url").input_value()
    assert "play=1" in url
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    fresh = context.new_page()
    try:
        fresh.goto(url)
        fresh.wait_for_function("() => document.querySelector('#board').dataset.board === '1 2 3\\n4 5 6\\n7 8 0\\n'")
        expect(fresh.locator("#board")).to_have_attribute("data-step", "2")
    finally:
        context.close()


def test_malformed_position_names_line_and_column_and_keeps_the_board(page_expecting_400):
    page = page_expecting_400
    open_sliding(page, EIGHT)
    use_position(page, "1 2 3\n4 x 6\n7 8 0\n")
    expect(page.locator("#position-message")).to_contain_text(re.compile(r"[Ll]ine 2, column 3"))
    expect(message(page)).to_contain_text("Your board is unchanged")
    assert data(page, "board") == EIGHT
    assert [u.rsplit("/", 2)[-2:] for u in page.bad_requests] == [["sliding", "parse"]]
    shot(page, "sliding-03-malformed")
    # a tile repeated: a whole-board error names the last line
    use_position(page, "1 2 3\n4 5 6\n7 8 8\n")
    expect(page.locator("#position-message")).to_contain_text(re.compile(r"[Ll]ine 3"))
    assert data(page, "board") == EIGHT
    # then a good one, as an editor saves it: commas, CRLF, one line for a square
    use_position(page, "1,2,3, 4,5,6, 0,7,8\r\n")
    wait_for_board(page, TWO_AWAY)
    expect(page.locator("#position-message")).to_contain_text("Using this 3 × 3 position")


def test_big_board_solve_shows_progress_and_cancels(page):
    open_sliding(page)
    page.locator("#width").select_option("8")
    page.locator("#height").select_option("8")
    wait_for_board(page, goal(8, 8))  # a new size shows its goal at once
    button(page, "Shuffle").click()
    page.wait_for_function("g => document.querySelector('#board').dataset.board !== g", arg=goal(8, 8))
    expect(page.locator("#board .tile")).to_have_count(63)
    start = data(page, "board")
    button(page, "Solve").click()
    expect(page.locator("#progress")).to_be_visible(timeout=10_000)
    expect(page.locator("#progress-text")).to_contain_text("nodes searched", timeout=10_000)
    expect(button(page, "Solve")).to_be_disabled()
    shot(page, "sliding-07-progress")
    button(page, "Cancel").click()
    expect(page.locator("#answer")).to_contain_text("Cancelled")
    expect(page.locator("#progress")).to_be_hidden()
    expect(button(page, "Solve")).to_be_enabled()
    assert data(page, "board") == start


def test_unsolvable_position_is_answered_at_once(page):
    open_sliding(page, "2 1 3\n4 5 6\n7 8 0\n")  # two tiles swapped: the wrong parity
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("No solution: this position cannot reach the goal")
    # nothing to play: Play and Step are off (issue 18, item 17)
    expect(button(page, "Play")).to_be_disabled()
    expect(button(page, "Step")).to_be_disabled()
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("cannot reach the goal")
    assert data(page, "step") == "0"


def test_new_size_and_shuffle_n_moves(page):
    open_sliding(page)
    page.locator("#width").select_option("4")
    page.locator("#height").select_option("2")
    button(page, "New").click()
    wait_for_board(page, goal(4, 2))
    expect(page.locator("#board .tile")).to_have_count(7)
    page.locator("#width").select_option("3")
    page.locator("#height").select_option("3")
    page.locator("#shuffle-moves").fill("5")
    button(page, "Shuffle N moves").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.board.split('\\n').length === 4")
    expect(page.locator("#move-counter")).to_have_text("Moves: 0 · shortest: 5")
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 5 moves")
    # the farthest a 2 x 2 position can be is 6 moves
    page.locator("#width").select_option("2")
    page.locator("#height").select_option("2")
    expect(page.locator("#shuffle-range")).to_have_text("(0 to 6)")
    page.locator("#shuffle-moves").fill("9")
    button(page, "Shuffle N moves").click()
    expect(message(page)).to_have_text("Choose a number of moves from 0 to 6.")
    page.locator("#shuffle-moves").fill("6")
    button(page, "Shuffle N moves").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.board.split('\\n').length === 3")
    expect(page.locator("#move-counter")).to_have_text("Moves: 0 · shortest: 6")
    # the N-moves shuffle is for 9 cells or fewer
    page.locator("#width").select_option("4")
    page.locator("#height").select_option("4")
    expect(button(page, "Shuffle N moves")).to_be_hidden()
    button(page, "Shuffle").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.board.split('\\n').length === 5")
    expect(page.locator("#board .tile")).to_have_count(15)
    shot(page, "sliding-04-fifteen")


def test_reload_keeps_the_board_and_the_moves(page):
    open_sliding(page, TWO_AWAY)
    board(page).focus()
    page.keyboard.press("ArrowLeft")
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    page.wait_for_function("() => location.search.includes('p=')")
    page.reload()
    expect(board(page)).to_have_attribute("data-board", "1 2 3\n4 5 6\n7 0 8\n")
    expect(board(page)).to_have_attribute("data-step", "1")
    expect(message(page)).to_contain_text("Restored your work")
    button(page, "Undo").click()
    wait_for_board(page, TWO_AWAY)
    # the plain address brings the same work back too
    page.goto("/sliding")
    expect(board(page)).to_have_attribute("data-board", TWO_AWAY)


def test_reduced_motion_plays_to_the_goal(calm_page):
    page = calm_page
    open_sliding(page, EIGHT)
    button(page, "Play").click()
    wait_for_board(page, GOAL_3, timeout=30_000)
    wait_for_step(page, 8)


def test_a_position_taken_while_play_runs_stops_it_on_the_new_start(calm_page):
    """The page opens on the spec's first example; a typed position whose
    check comes back while Play runs is a new start: Play stops there and
    the new board stays (a CI run's test pressed Play in that gap)."""
    page = calm_page
    page.goto("/sliding")
    wait_for_board(page, EIGHT)
    held = []
    page.route("**/api/sliding/parse", lambda route: held.append(route))
    use_position(page, TWO_AWAY)
    button(page, "Play").click()
    expect(button(page, "Pause")).to_be_visible()
    page.wait_for_function("() => document.querySelector('#board').dataset.step !== '0'")
    held[0].continue_()
    wait_for_board(page, TWO_AWAY)
    expect(button(page, "Play")).to_be_visible()
    expect(page.locator("#puzzle-title")).to_have_text("Your position")
    page.wait_for_timeout(1000)  # a play that went on would move within 450 ms
    wait_for_board(page, TWO_AWAY)
    assert page.locator("#board").get_attribute("data-step") == "0"


def test_phone_board_first_and_a_swipe_moves_a_tile(phone):
    page = phone
    open_sliding(page, TWO_AWAY)
    sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"horizontal scroll: {sizes}"
    box = board(page).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["width"] >= 300, "the board uses the width of the phone"
    for name in ("Solve", "Hint", "Play", "Shuffle", "Copy link"):
        b = button(page, name).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 390, name
        assert b["y"] > box["y"] + box["height"] - 1, f"{name} comes under the board"
    shot(page, "sliding-05-phone")
    page.evaluate("window.scrollTo(0, 0)")
    box = board(page).bounding_box()
    scroll = page.evaluate("window.scrollY")
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    touch_drag(page, middle, (middle[0] - 120, middle[1]))  # a swipe left: tile 7 slides left
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    assert page.evaluate("window.scrollY") == scroll, "a swipe on the board must not scroll"
    # tile 5 in the middle is now beside the hole (above it): a finger on it
    # drags it, so the next swipe starts on tile 1, which cannot move
    corner = tile_centre(page, 1)
    touch_drag(page, corner, (corner[0] - 120, corner[1] + 10))
    wait_for_board(page, GOAL_3)
    expect(message(page)).to_contain_text("Solved in 2 moves")
    shot(page, "sliding-06-phone-solved", full_page=True)
    # a tap on a tile next to the hole slides it
    page.touchscreen.tap(*tile_centre(page, 8))
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")


def test_rotation_page_is_unchanged_beside_sliding(page):
    page.goto("/")
    el = board(page)
    assert el.evaluate("e => e.tagName") == "CANVAS"
    assert data(page, "puzzle-kind") == "rotation"
    expect(button(page, "Turn left")).to_be_visible()


def test_axe_sliding_page_states(page_expecting_400):
    page = page_expecting_400
    open_sliding(page, EIGHT)
    assert_accessible(page, "sliding start")
    button(page, "Solve").click()
    expect(page.locator("#moves-list li")).to_have_count(8)
    button(page, "Step").click()
    wait_for_step(page, 1)
    assert_accessible(page, "sliding solved, one step played")
    use_position(page, "1 2\n3 x\n")
    expect(page.locator("#position-message")).to_contain_text("column")
    assert_accessible(page, "sliding, an error shown")


def test_axe_sliding_phone(phone):
    open_sliding(phone)
    assert_accessible(phone, "sliding on a phone")


def test_gallery_fifteen_opens_in_try_it_and_solves_to_the_goal(page):
    page.goto("/puzzles/sliding-fifteen-warm-up")
    expect(board(page)).to_have_attribute("data-puzzle-kind", "sliding")
    expect(page.locator("#puzzle-title")).to_have_text("Fifteen: a warm-up")
    expect(page.locator("#move-counter")).to_have_text("Moves: 0 · shortest: 16")
    expect(page.locator("#board .tile")).to_have_count(15)
    button(page, "Solve").click()  # the first 4 x 4 solve may build its databases first
    expect(page.locator("#answer")).to_contain_text("Solved in 16 moves, the fewest possible", timeout=120_000)
    expect(page.locator("#moves-list li")).to_have_count(16)
    page.locator("#speed").select_option("4")
    page.keyboard.press("End")
    wait_for_board(page, goal(4, 4))
    wait_for_step(page, 16)
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("The goal is reached already.")
    page.keyboard.press("Home")
    wait_for_step(page, 0)
    # a hint on 4 x 4 names a tile (no table, so no distances)
    button(page, "Hint").click()
    expect(message(page)).to_contain_text(re.compile(r"Hint: slide tile \d+, then 15 more moves\."))


def test_the_page_and_the_server_agree_on_each_arrow(page):
    """The tile an arrow key names on the page is the tile the server slides
    for that direction, for every place of the hole on a 3 x 2 board."""
    page.goto("/sliding")
    boards = ["0 1 2\n3 4 5\n", "1 0 2\n3 4 5\n", "1 2 0\n3 4 5\n",
              "3 1 2\n0 4 5\n", "1 3 2\n4 0 5\n", "1 2 3\n4 5 0\n"]
    local = page.evaluate("""async (boards) => {
        const m = await import(new URL('js/kinds/sliding/text.js', document.querySelector('link[rel=stylesheet]').href));
        return boards.map((b) => Object.fromEntries(['left', 'right', 'up', 'down']
            .map((d) => [d, m.tileFor(m.grid(b), d)])));
    }""", boards)
    for text, tiles in zip(boards, local):
        for direction, tile in tiles.items():
            response = page.request.post("/api/sliding/move", data={"board": text, "move": direction})
            if tile is None:  # a move this board forbids
                assert response.status == 409, (text, direction)
            else:
                assert response.ok, (text, direction, response.text())
                assert response.json()["moved"] == tile, (text, direction)


# ------------------------------------------------- a long solve, faked
FIVE = goal(5, 5).replace("23 24 0", "23 0 24")  # 24 is one move from home
NOTE = ("A board this size is searched for at most 10 s; if no shortest solution is proven "
        "by then, you get a solution that is not proven shortest.")


def fake_long_solve(page, finish: dict, **extra) -> None:
    """The jobs URL answers as a long solve would: running (with the fields
    `extra` gives) until ``finish["answer"]`` is set, then done with it; no
    solver runs."""
    running = {"id": "fake-job", "kind": "sliding", "status": "running", "nodes": 1000, "bound": 40,
               "seconds": 0.1, **extra}

    def start(route):
        if route.request.method != "POST":
            return route.fallback()
        route.fulfill(status=202, json={**running, "job": running["id"]})

    def poll(route):
        if finish.get("answer") is None:
            route.fulfill(json={**running, "seconds": 12.4})
        else:
            route.fulfill(json={**running, "status": "done", "seconds": 13.0, "answer": finish["answer"]})

    page.route("**/api/sliding/solve", start)
    page.route("**/api/jobs/fake-job", poll)
    page.route("**/api/jobs/fake-job/cancel", lambda route: route.fulfill(json={**running, "status": "cancelled"}))


def test_a_long_solve_shows_the_note_the_clock_and_says_not_proven_shortest(page):
    finish: dict = {}
    # the server's node limit is far off (as SLIDING_MAX_NODES): the bar follows the clock
    fake_long_solve(page, finish, max_seconds=60, note=NOTE, max_nodes=10**9)
    open_sliding(page, FIVE)
    expect(page.locator("#progress-note")).to_be_hidden()
    button(page, "Solve").click()
    expect(page.locator("#progress")).to_be_visible()
    expect(page.locator("#progress-note")).to_have_text(NOTE)
    expect(page.locator("#progress-note")).to_be_visible()
    expect(page.locator("#progress-text")).to_have_text("1,000 nodes searched, 40 moves deep · 12 s of 60 s")
    assert page.locator("#progress-bar").evaluate("b => b.position") == pytest.approx(12.4 / 60, abs=0.01)
    shot(page, "sliding-08-long-solve")
    # a longer way than the shortest (19 down and up again, then 24), as a
    # search stopped by its limit may give
    finish["answer"] = {"status": "solved", "moves": [19, 19, 24], "length": 3, "optimal": False,
                        "lower_bound": 1, "nodes": 5000, "seconds": 13.0}
    expect(page.locator("#answer")).to_have_text(
        "A solution in 3 moves (5,000 nodes searched, 13.00 s). "
        "It is not proven shortest: the shortest takes at least 1 move.")
    expect(page.locator("#progress")).to_be_hidden()
    expect(page.locator("#moves-list li")).to_have_count(3)
    page.keyboard.press("End")
    wait_for_board(page, goal(5, 5))


def test_a_solve_without_a_time_limit_shows_no_clock_and_no_note(page):
    finish: dict = {}
    fake_long_solve(page, finish, max_seconds=None)
    open_sliding(page, FIVE)
    button(page, "Solve").click()
    expect(page.locator("#progress-text")).to_have_text("1,000 nodes searched, 40 moves deep, 12.4 s")
    expect(page.locator("#progress-note")).to_be_hidden()
    finish["answer"] = {"status": "solved", "moves": [24], "length": 1, "optimal": True, "lower_bound": 1}
    expect(page.locator("#answer")).to_contain_text("Solved in 1 move, the fewest possible: 24")


# ------------------------------------------------------------ set up
def test_a_new_size_shows_at_once_and_undo_brings_the_board_back(page):
    open_sliding(page, TWO_AWAY)
    expect(page.locator("#size-help")).to_be_visible()
    board(page).focus()
    page.keyboard.press("ArrowLeft")
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    page.locator("#width").select_option("4")
    wait_for_board(page, goal(4, 3))
    expect(page.locator("#board .tile")).to_have_count(11)
    expect(message(page)).to_contain_text("A 4 × 3 board, solved.")
    expect(page.locator("#move-counter")).to_have_text("Moves: 0 · shortest: 0")
    page.locator("#height").select_option("5")
    wait_for_board(page, goal(4, 5))
    expect(page.locator("#shuffle-n-row")).to_be_hidden()
    # Undo: the board before the sizes were chosen, with its move
    expect(button(page, "Undo")).to_be_enabled()
    button(page, "Undo").click()
    wait_for_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    wait_for_step(page, 1)
    expect(message(page)).to_contain_text("Your board is back, with 1 move played.")
    expect(page.locator("#width")).to_have_value("3")
    expect(page.locator("#height")).to_have_value("3")
    button(page, "Undo").click()
    wait_for_board(page, TWO_AWAY)
    expect(button(page, "Undo")).to_be_disabled()
    # a new size after a typed position: Shuffle works from the size shown
    page.locator("#width").select_option("2")
    page.locator("#height").select_option("2")
    wait_for_board(page, goal(2, 2))
    button(page, "Shuffle").click()
    page.wait_for_function("g => document.querySelector('#board').dataset.board !== g", arg=goal(2, 2))
    assert len(rows(data(page, "board"))) == 2


def test_a_paste_error_clears_when_the_text_is_edited_or_used(page_expecting_400):
    page = page_expecting_400
    open_sliding(page, EIGHT)
    use_position(page, "1 2 3\n4 x 6\n7 8 0\n")
    note = page.locator("#position-message")
    expect(note).to_contain_text("column 3")
    # editing the text: the error was about the text as it was
    page.locator("#position-text").press("End")
    page.locator("#position-text").press("Backspace")
    expect(note).to_have_text("")
    use_position(page, "1 2 3\n4 x 6\n7 8 0\n")
    expect(note).to_contain_text("column 3")
    # pasting over it, then using it
    page.locator("#position-text").focus()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text("1 2 3\n4 5 6\n0 7 8")
    expect(note).to_have_text("")
    button(page, "Use this position").click()
    wait_for_board(page, TWO_AWAY)
    expect(note).to_have_text("Using this 3 × 3 position.")

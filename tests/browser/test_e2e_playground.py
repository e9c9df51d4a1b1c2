"""End to end in real Chromium: the playground's behaviour fixed for issue 8.
Solves through worker jobs (progress, queue, cancel, leaving the page), the
Size box, shortcuts after a tool, hints, queued keys and prefetched turns,
the move list, the address and the saved drawing, and the page's wording."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from e2e_helpers import (
    THREE_MOVES, button, cell_centre, data, drag, engine_end, fast, heavy_with_gap, import_text,
    moves_shown, new_frame, puzzle, start_big_job, tool, try_it, wait_for_board, wait_for_step,
)
from webapp.rotation import EXAMPLE, Board, parse, solve
from webapp.rotation.sharecode import encode

pytestmark = pytest.mark.browser

def mirrored(text: str) -> str:
    """The same puzzle seen in a mirror: another text, so another cache entry."""
    lines = parse(text).text().splitlines()
    return "\n".join([lines[0]] + [row[::-1] for row in lines[1:]]) + "\n"


def api_requests(page, paths=("/api/rotation/solve", "/api/jobs/", "/api/rotation/hint", "/api/rotation/solve")) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if any(p in r.url for p in paths) else None)
    return seen


# ------------------------------------------------ 1: answers from a worker
def test_uncached_worker_solve_plays_to_the_end_and_solves_again(page):
    page.goto("/")
    text = puzzle("generated-crowd-30.txt")
    import_text(page, text)
    fast(page)
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if r.method == "GET" and "/api/jobs/" in r.url else None)
    with page.expect_response(lambda r: r.url.endswith("/api/rotation/solve") and r.request.method == "POST") as started:
        button(page, "Solve").click()
    assert started.value.status == 202, "an uncached puzzle of this size goes to a worker"
    answer = solve(parse(text))
    expect(page.locator("#answer")).to_contain_text(f"Solved in {answer.length} moves", timeout=60_000)
    expect(page.locator("#answer")).to_contain_text(f"{answer.states:,} positions looked at")
    assert polls, "the page followed the job"
    expect(page.locator("#progress")).to_be_hidden()
    moves = moves_shown(page)
    assert len(moves) == answer.length

    button(page, "Play").click()
    wait_for_step(page, answer.length, timeout=60_000)
    board, orientation = engine_end(text, moves)
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)

    # a second solve on the same page, through a worker again
    other = mirrored(text)
    import_text(page, other)
    with page.expect_response(lambda r: r.url.endswith("/api/rotation/solve") and r.request.method == "POST") as again:
        button(page, "Solve").click()
    assert again.value.status == 202
    second = solve(parse(other))
    expect(page.locator("#answer")).to_contain_text(f"Solved in {second.length} moves", timeout=60_000)
    button(page, "Step").click()
    wait_for_step(page, 1)
    assert data(page, "board") == engine_end(other, moves_shown(page)[:1])[0]


# ------------------------------------------------------------ 2: Size box
def test_a_bad_size_leaves_the_drawing_alone(page):
    page.goto("/")
    drag(page, (1, 1), (1, 3))
    drawn = data(page, "board")
    message = page.locator("#board-message")
    for bad in ("70", "2", "65"):
        page.locator("#size").fill(bad)
        button(page, "New frame").click()
        expect(message).to_contain_text("Choose a size from 3 to 64")
        assert data(page, "board") == drawn, bad
    # Enter in the box is New frame; the limits themselves are allowed
    page.locator("#size").fill("3")
    page.locator("#size").press("Enter")
    wait_for_board(page, Board.empty_frame(3).text())
    new_frame(page, 64)
    button(page, "Undo").click()
    wait_for_board(page, Board.empty_frame(3).text())
    # the box takes width x height (issue 9), so it is a text box that says its limits
    expect(page.locator("#size")).to_have_accessible_description(re.compile(r"3 to 64"))


def test_browser_undo_in_the_size_box_does_not_wipe_the_drawing(page):
    page.goto("/")
    size = page.locator("#size")
    size.click()
    page.keyboard.press("Control+a")
    page.keyboard.type("6")
    button(page, "New frame").click()
    wait_for_board(page, Board.empty_frame(6).text())
    drag(page, (2, 1), (2, 3))
    drawn = data(page, "board")
    assert "000" in drawn
    size.click()
    page.keyboard.press("Control+z")   # the browser's undo of the typing in the box
    page.locator("#puzzle-title").click()  # focus leaves the box
    page.locator("#board").click(position={"x": 2, "y": 2})
    page.wait_for_timeout(300)          # give a stray change handler its chance
    assert data(page, "board") == drawn


# ---------------------------------------------- 3: shortcuts after a tool
def test_shortcuts_work_after_clicking_a_tool(page):
    page.goto("/")
    drag(page, (1, 1), (1, 3))
    assert data(page, "board") != EXAMPLE
    tool(page, "Wall")
    page.keyboard.press("Control+z")
    wait_for_board(page, EXAMPLE)
    page.keyboard.press("Control+y")
    assert data(page, "board") != EXAMPLE
    page.keyboard.press("Control+z")
    wait_for_board(page, EXAMPLE)
    tool(page, "Gap")
    # the board has the keys now: in Draw mode its arrows move the drawing cursor
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-cursor", "1,2")
    assert data(page, "step") == "0" and data(page, "orientation") == "0"
    assert page.get_by_role("radio", name="Gap", exact=True).is_checked(), "the arrow moved the cursor, not the tool"


def test_a_tool_chosen_with_the_keyboard_keeps_the_arrows(page):
    page.goto("/")
    page.get_by_role("radio", name="Stick", exact=True).focus()
    page.keyboard.press("ArrowRight")   # moves within the radio group, as for any radio group
    expect(page.get_by_role("radio", name="Wall", exact=True)).to_be_checked()
    assert data(page, "step") == "0" and data(page, "orientation") == "0"


# ---------------------------------------------------------------- 4: hints
def test_hint_after_solve_needs_no_request(page):
    page.goto("/")
    fast(page)
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves")
    asked = api_requests(page)
    button(page, "Hint").click()
    expect(page.locator("#board-message")).to_have_text("Hint: turn left (L), then 1 more move.")
    try_it(page)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 1)
    button(page, "Hint").click()
    expect(page.locator("#board-message")).to_have_text("Hint: turn left (L): a stick falls out.")
    assert asked == [], asked


def test_hint_off_the_solution_asks_the_solver(page):
    page.goto("/")
    fast(page)
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves")
    try_it(page)
    page.keyboard.press("ArrowRight")   # off the shortest path (L L)
    wait_for_step(page, 1)
    asked = api_requests(page)
    button(page, "Hint").click()
    expect(page.locator("#board-message")).to_contain_text("Hint: turn")
    assert asked, "a position off the solution needs a search"
    best = solve(parse(engine_end(EXAMPLE, "R")[0]), orientation=engine_end(EXAMPLE, "R")[1])
    expect(page.locator("#board-message")).to_contain_text(
        "left (L)" if best.moves[0] == "L" else "right (R)")


def start_hint_job(page) -> tuple[str, str]:
    """Ask for a hint on a big puzzle: the board's text and the job's id."""
    return start_big_job(page, "Hint")


def test_hint_on_a_big_puzzle_shows_progress_and_cancels(page):
    text, job = start_hint_job(page)
    progress = page.locator("#progress")
    expect(progress).to_be_visible()
    expect(page.locator("#progress-text")).to_contain_text("positions")
    expect(button(page, "Turn left")).to_be_enabled()
    expect(button(page, "Hint")).to_be_disabled()
    button(page, "Cancel").click()
    expect(progress).to_be_hidden(timeout=15_000)
    expect(page.locator("#board-message")).to_contain_text("Cancelled after")
    assert page.request.get(f"/api/jobs/{job}").json()["status"] == "cancelled"
    expect(button(page, "Hint")).to_be_enabled()
    assert data(page, "board") == text


def test_a_turn_during_a_hint_search_cancels_it(page):
    text, job = start_hint_job(page)
    expect(page.locator("#progress")).to_be_visible()
    button(page, "Turn right").click()
    wait_for_step(page, 1)
    expect(page.locator("#progress")).to_be_hidden(timeout=15_000)
    assert page.request.get(f"/api/jobs/{job}").json()["status"] == "cancelled"
    board, orientation = engine_end(text, "R")
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)


# ------------------------------------------------ 5: the queue and leaving
def test_a_queued_solve_says_its_place(page):
    page.goto("/")
    answer = page.request.post("/api/rotation/solve", data={"board": EXAMPLE, "goal": "any"}).json()
    for field in ("time", "source", "states"):   # an answer missing numbers must still show
        answer.pop(field, None)
    snapshots = ([{"status": "queued", "place": 2}] * 4 + [{"status": "queued", "place": 1}] * 4 +
                 [{"status": "running", "states": 1234, "depth": 3, "seconds": 0.5}] * 4 +
                 [{"status": "done", "answer": answer}])
    polls = []

    def start(route):
        route.fulfill(status=202, content_type="application/json",
                      body=json.dumps({"id": "q1", "job": "q1", "status": "queued", "place": 3,
                                        "max_states": 5_000_000}))

    def poll(route):
        body = {"id": "q1", "max_states": 5_000_000, **snapshots[min(len(polls), len(snapshots) - 1)]}
        polls.append(body["status"])
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route("**/api/rotation/solve", start)
    page.route("**/api/jobs/q1", poll)
    button(page, "Solve").click()
    label = page.locator("#progress-text")
    expect(label).to_have_text("Waiting for a free solver: number 3 in the queue")
    expect(label).to_have_text("Waiting for a free solver: number 2 in the queue")
    expect(label).to_have_text("Waiting for a free solver: number 1 in the queue")
    expect(label).to_contain_text("1,234 of 5,000,000 positions, 3 moves deep")
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves: L L")
    expect(page.locator("#progress")).to_be_hidden()
    assert "done" in polls


def test_leaving_the_page_cancels_its_solve(page):
    page.goto("/")
    import_text(page, heavy_with_gap())
    page.locator("#goal").select_option("all")
    with page.expect_response(lambda r: r.url.endswith("/api/rotation/solve") and r.request.method == "POST") as started:
        button(page, "Solve").click()
    job = started.value.json()["id"]
    expect(page.locator("#progress")).to_be_visible()
    page.goto("/puzzles")
    # the server would reclaim it after 20 s unpolled; the beacon is much quicker
    deadline = time.monotonic() + 10
    status = None
    while time.monotonic() < deadline:
        status = page.request.get(f"/api/jobs/{job}").json()["status"]
        if status == "cancelled":
            break
        page.wait_for_timeout(200)
    assert status == "cancelled"


# ------------------------------------------- 7: queued keys, prefetching
def test_three_quick_turns_make_three_moves(page):
    page.goto("/")
    try_it(page)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_for_step(page, 3)
    page.wait_for_timeout(1500)   # nothing more comes
    assert data(page, "step") == "3"
    board, orientation = engine_end(EXAMPLE, "RRR")
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)
    expect(page.locator("#moves-list li")).to_have_count(3)
    assert moves_shown(page) == "RRR"


def test_a_turn_starts_without_waiting_for_the_server(page):
    sent: list[str] = []
    done: list[str] = []
    # counted from the page's start: the steps asked for while the board is
    # looked at may all be answered before the page's load is reported
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/api/rotation/move") else None)
    page.on("requestfinished", lambda r: done.append(r.url) if r.url.endswith("/api/rotation/move") else None)
    page.goto("/")
    fast(page)
    try_it(page)
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 1)
    # the two possible next positions are asked for straight away
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not (len(sent) >= 4 and len(done) == len(sent)):
        page.wait_for_timeout(50)
    assert len(sent) >= 4 and len(done) == len(sent), (sent, done)

    held = []
    page.route("**/api/rotation/move", lambda route: held.append(route))   # the server falls silent
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 2, timeout=5000)
    board, orientation = engine_end(EXAMPLE, "RL")
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)
    for route in held:
        route.continue_()
    page.unroute("**/api/rotation/move")


def test_the_first_turn_is_fetched_while_the_board_is_looked_at(page):
    done: list[str] = []
    page.on("requestfinished", lambda r: done.append(r.url) if r.url.endswith("/api/rotation/move") else None)
    page.goto("/")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and len(done) < 3:   # the settling and both turns
        page.wait_for_timeout(50)
    assert len(done) >= 3, done
    held = []
    page.route("**/api/rotation/move", lambda route: held.append(route))
    try_it(page)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 1, timeout=5000)
    assert data(page, "board") == engine_end(EXAMPLE, "L")[0]
    for route in held:
        route.continue_()
    page.unroute("**/api/rotation/move")


def test_a_turn_without_a_prefetch_still_asks(browser, live_server):
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    # Chromium logs the refused prefetch below; the page itself must stay quiet
    page.on("console", lambda m: errors.append(m.text) if m.type == "error"
            and "status of 503" not in m.text else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto("/")
        fast(page)

        def refuse_left(route):
            if json.loads(route.request.post_data or "{}").get("move") == "L":
                route.fulfill(status=503, content_type="application/json", body='{"error": "busy"}')
            else:
                route.continue_()

        page.route("**/api/rotation/move", refuse_left)
        try_it(page)
        with page.expect_response(lambda r: r.url.endswith("/api/rotation/move") and r.status == 503):
            page.keyboard.press("ArrowRight")   # the prefetch of L from there is refused
        wait_for_step(page, 1)
        page.unroute("**/api/rotation/move")
        page.keyboard.press("ArrowLeft")    # its prefetch failed: asked again now
        wait_for_step(page, 2)
        assert data(page, "board") == engine_end(EXAMPLE, "RL")[0]
    finally:
        context.close()
    assert not errors, errors


def test_a_turn_pressed_while_its_prefetch_is_being_refused_is_asked_again(page_expecting_refusals):
    """The prefetch of a turn may still be on its way when the player
    presses that turn; refused (503: busy), the turn is asked again rather
    than failing (under CI's load it was answered from the doomed prefetch)."""
    page = page_expecting_refusals
    held = []
    left_after_right = lambda body: body.get("move") == "L" and body.get("orientation") == 1  # noqa: E731

    def hold(route):
        if left_after_right(json.loads(route.request.post_data or "{}")) and not held:
            held.append(route)  # answered below, once the turn itself has been pressed
        else:
            route.continue_()

    page.goto("/")
    fast(page)
    page.route("**/api/rotation/move", hold)
    try_it(page)
    with page.expect_request(lambda r: r.url.endswith("/api/rotation/move")
                             and left_after_right(json.loads(r.post_data or "{}"))):
        page.keyboard.press("ArrowRight")
    for _ in range(50):  # the route's handler runs as the test next talks to the page
        if held:
            break
        page.evaluate("0")
    assert held, "the prefetch of L was not held"
    page.keyboard.press("ArrowLeft")
    held[0].fulfill(status=503, content_type="application/json", body='{"error": "busy"}')
    wait_for_step(page, 2)
    assert data(page, "board") == engine_end(EXAMPLE, "RL")[0]


# -------------------------------------------------------- 9: the move list
@pytest.fixture
def marathon(page):
    text = puzzle("marathon.txt")
    page.goto("/")
    import_text(page, text)
    fast(page)
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 153 moves", timeout=60_000)
    return text


def test_long_solution_gets_a_compact_move_list(page, marathon):
    text = marathon
    answer = page.locator("#answer").text_content()
    assert len(answer) < 100, answer
    chips = page.locator("#moves-list li button")
    expect(chips).to_have_count(153)
    moves = moves_shown(page)
    assert solve(parse(text)).length == len(moves) == 153
    # some six rows in sight, the rest scrolled to (the label says how many)
    expect(page.locator("#moves-label")).to_have_text("Shortest solution (153)")
    listed = page.locator("#moves-list").bounding_box()
    assert 5 * chips.first.bounding_box()["height"] <= listed["height"] < 260, listed

    chips.nth(9).click()
    wait_for_step(page, 10)
    assert data(page, "board") == engine_end(text, moves[:10])[0]
    page.keyboard.press("End")
    wait_for_step(page, 153)
    assert data(page, "board") == engine_end(text, moves)[0]
    last = page.locator("#moves-list li").nth(152)
    expect(last).to_have_attribute("aria-current", "step")
    box, chip = page.locator("#moves-list").bounding_box(), last.bounding_box()
    assert box["y"] - 1 <= chip["y"] and chip["y"] + chip["height"] <= box["y"] + box["height"] + 1, "in view"
    page.keyboard.press("Home")
    wait_for_step(page, 0)

    scrubber = page.locator("#scrubber")
    expect(scrubber).to_have_attribute("max", "153")
    scrubber.focus()
    page.keyboard.press("End")
    wait_for_step(page, 153)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 152)
    assert data(page, "board") == engine_end(text, moves[:152])[0]
    page.locator("#board").focus()
    page.keyboard.press("End")
    wait_for_step(page, 153)


def test_back_animates_backwards(page, marathon):
    text = marathon
    moves = moves_shown(page)
    page.locator("#speed").select_option("0.5")
    page.locator("#board").focus()
    page.keyboard.press("End")
    wait_for_step(page, 153)
    button(page, "Back").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.animating === 'back'")
    assert data(page, "step") == "153", "the step changes when the animation has run"
    wait_for_step(page, 152)
    page.wait_for_function("() => !document.querySelector('#board').dataset.animating")
    board, orientation = engine_end(text, moves[:152])
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)

    # a few steps back, Restart walks them backwards too
    page.locator("#moves-list li button").nth(2).click()
    wait_for_step(page, 3)
    button(page, "Restart").click()
    page.wait_for_function("() => document.querySelector('#board').dataset.animating === 'back'")
    wait_for_step(page, 0)
    assert data(page, "board") == engine_end(text, "")[0]


# --------------------------------------------- 10: address and storage
def test_reload_keeps_a_drawn_or_imported_puzzle(page):
    page.goto("/")
    drag(page, (1, 1), (1, 3))
    drawn = data(page, "board")
    page.wait_for_url(re.compile(r"/\?p=" + re.escape(encode(parse(drawn)))))
    page.reload()
    wait_for_board(page, drawn)

    page.goto("/")   # no puzzle in the address: the saved drawing comes back
    wait_for_board(page, drawn)
    expect(page.locator("#board-message")).to_contain_text("Restored your last drawing")
    button(page, "Undo").click()
    wait_for_board(page, EXAMPLE)

    import_text(page, THREE_MOVES)
    page.wait_for_url(re.compile(r"/\?p=" + re.escape(encode(parse(THREE_MOVES)))))
    page.reload()
    wait_for_board(page, THREE_MOVES)
    page.goto("/")
    wait_for_board(page, THREE_MOVES)


def test_editing_replaces_the_address_without_history_entries(page):
    page.goto("/")
    start = page.evaluate("history.length")
    drag(page, (1, 1), (1, 3))
    drag(page, (3, 1), (5, 1))
    page.wait_for_url(re.compile(r"/\?p=" + re.escape(encode(parse(data(page, "board"))))))
    assert page.evaluate("history.length") == start


# ------------------------------------------------------------- 13: wording
def test_one_stick_is_one_stick(page):
    page.goto("/")
    import_text(page, puzzle("spec-unsolvable.txt"))
    expect(page.locator("#board-message")).to_have_text("Imported a 5 × 5 puzzle with 1 stick.")
    assert "1 stick," in page.locator("#board").get_attribute("aria-label")


def test_play_on_an_unsolvable_puzzle_says_so(page):
    page.goto("/")
    import_text(page, puzzle("spec-unsolvable.txt"))
    button(page, "Play").click()
    expect(page.locator("#answer")).to_contain_text("No solution")
    expect(page.locator("#board-message")).to_contain_text("Nothing to play")
    expect(button(page, "Play")).to_be_visible()


def test_solve_clears_the_drawing_message(page):
    page.goto("/")
    drag(page, (1, 1), (1, 3))
    expect(page.locator("#board-message")).to_contain_text("Stick 2 laid")
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("No solution: all 9 reachable positions tried")
    expect(page.locator("#board-message")).not_to_contain_text("laid")


def test_own_turns_are_not_listed_as_the_solution(page):
    page.goto("/puzzles/spec-example")
    expect(page.locator("#answer")).to_contain_text("The shortest solution takes 2 moves")
    label = page.locator("#moves-label")
    expect(label).to_be_hidden()
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 1)
    expect(label).to_be_visible()
    expect(label).to_have_text("Your turns (1)")
    # Solve goes on from the turn played (issue 30); the start's own answer is a click away
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("From move 1: Solved in 3 moves")
    expect(label).to_have_text("Your moves, then the shortest from there (4)")
    button(page, "From the start").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves")
    expect(label).to_have_text("Shortest solution (2)")


# ------------------------------------------------------------------ phone
def test_phone_move_list_and_scrubber_by_touch(phone):
    page = phone
    page.goto("/?p=" + encode(parse(THREE_MOVES)))
    fast(page)
    button(page, "Solve").tap()
    expect(page.locator("#answer")).to_contain_text("Solved in 3 moves")
    chips = page.locator("#moves-list li button")
    expect(chips).to_have_count(3)
    chips.nth(1).tap()
    wait_for_step(page, 2)
    assert data(page, "board") == engine_end(THREE_MOVES, moves_shown(page)[:2])[0]
    scrub = page.locator("#scrubber").bounding_box()
    assert scrub["x"] >= 0 and scrub["x"] + scrub["width"] <= 390
    page.touchscreen.tap(scrub["x"] + scrub["width"] - 2, scrub["y"] + scrub["height"] / 2)
    wait_for_step(page, 3)
    button(page, "Back").tap()
    wait_for_step(page, 2)
    sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"horizontal scroll: {sizes}"
    # a tool tapped on a phone, then a stick drawn: the tap does not break drawing
    page.get_by_role("tab", name="Draw").tap()
    page.get_by_role("radio", name="Wall", exact=True).tap()
    x, y = cell_centre(page, 2, 2)
    page.touchscreen.tap(x, y)
    page.wait_for_function("() => document.querySelector('#board').dataset.board.split('\\n')[3][2] === '#'")


def test_a_chip_clicked_during_play_stops_there(page):
    page.goto("/?p=" + encode(parse(THREE_MOVES)))
    page.locator("#speed").select_option("0.5")
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 3 moves")
    button(page, "Play").click()
    expect(button(page, "Pause")).to_be_visible()
    page.wait_for_function("() => document.querySelector('#board').dataset.animating === 'forward'")
    page.locator("#moves-list li button").first.click()
    expect(button(page, "Play")).to_be_visible()
    wait_for_step(page, 1)
    page.wait_for_timeout(1000)   # playing has stopped: no further step comes
    assert data(page, "step") == "1"
    assert data(page, "board") == engine_end(THREE_MOVES, moves_shown(page)[:1])[0]


def test_the_page_calls_its_kind_by_its_own_addresses(page):
    """A session on rotation's page (load, draw, import, Solve, Hint, turns,
    Copy link) calls ``/api/rotation/...`` and the jobs' own addresses only:
    the unprefixed ones are the alias table's, kept for old links and
    scripts (they answered every call of this page before kinds)."""
    called: list[str] = []
    page.on("request", lambda r: called.append(r.url) if "/api/" in r.url else None)
    page.goto("/")
    fast(page)
    import_text(page, EXAMPLE)
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves")
    try_it(page)
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 1)
    button(page, "Hint").click()
    expect(page.locator("#board-message")).to_contain_text("Hint: turn")
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value("")
    paths = {re.sub(r"^https?://[^/]+", "", url).split("?")[0] for url in called}
    assert {"/api/rotation/parse", "/api/rotation/solve", "/api/rotation/move", "/api/rotation/share"} <= paths, paths
    assert all(p.startswith(("/api/rotation/", "/api/jobs/")) for p in paths), paths


def test_importing_the_board_shown_keeps_its_solution(page):
    """An import of the puzzle already shown, answered by the server after
    Solve began (CI's load did it), left the page with no answer: the same
    board again keeps what was solved on it."""
    from e2e_helpers import open_import

    held = []
    page.goto("/")
    page.route("**/api/rotation/parse", lambda route: held.append(route))
    open_import(page).fill(EXAMPLE)
    with page.expect_request("**/api/rotation/parse"):
        button(page, "Import text").click()
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves")
    for _ in range(50):  # the route's handler runs as the test next talks to the page
        if held:
            break
        page.evaluate("0")
    held[0].continue_()
    expect(page.locator("#import-message")).to_have_text("Imported.")
    expect(page.locator("#answer")).to_contain_text("Solved in 2 moves")
    expect(page.locator("#moves-list li")).to_have_count(2)

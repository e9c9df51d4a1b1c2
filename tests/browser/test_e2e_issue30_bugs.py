"""The bugs a new player met on the pages (issue 30), each as the player
saw it in Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import (
    board, button, centre, click_cell, data, drag, drag_piece, message, new_frame, open_triangle, placement, slot, tool,
    tray_piece, wait_filled, wait_for_step,
)


def test_a_mangled_link_is_called_damaged_not_a_newer_version(page_expecting_400):
    page = page_expecting_400
    page.goto("/?p=garbage!!")
    expect(page.locator("main")).to_contain_text("This link does not open a puzzle")
    expect(page.locator("main")).to_contain_text("damaged")
    expect(page.locator("main")).not_to_contain_text("version")


@pytest.mark.parametrize("kind", ["sliding", "triangle"])
def test_a_kinds_how_to_page_marks_how_to_play_in_the_top_bar(page, kind):
    page.goto(f"/how-to-play/{kind}")
    expect(page.locator(".topbar a[aria-current=page]")).to_have_text("How to play")


def test_a_triangle_piece_in_its_slot_turned_wrong_gets_a_hint_to_turn_it(page):
    open_triangle(page)  # the rules' example: piece 0 belongs in slot 0, turned (10, 10, 4)
    drag_piece(page, centre(page, tray_piece(0)), centre(page, slot(0)))
    wait_filled(page, 1)
    assert placement(page)[0] == {"piece": 0, "edges": [10, 4, 10]}  # as written: no solution keeps it
    button(page, "Hint").click()
    expect(message(page)).to_contain_text("piece 0 is in the right slot but turned wrong")
    button(page, "Hint").click()  # again: the hint is carried out
    expect(board(page)).to_have_attribute("data-step", "2")
    assert placement(page)[0] == {"piece": 0, "edges": [10, 10, 4]}


def test_triangle_levels_grow_with_the_triangle(page):
    page.goto("/triangle")
    for level, side in (("easy", "3"), ("medium", "4"), ("hard", "5"), ("expert", "6")):
        page.locator("#levels-panel").get_by_role("button", name=level.capitalize(), exact=True).click()
        expect(page.locator("#level-message")).to_have_attribute("data-level", level)
        expect(board(page)).to_have_attribute("data-side", side)
        expect(page.locator("#level-message")).to_contain_text(f"side {side}")


@pytest.mark.parametrize("path", ["/", "/sliding"])
def test_a_link_with_the_moves_so_far_carries_the_solution_steps_watched(page, path):
    page.goto(path)  # the rules' example of the kind
    button(page, "Solve").click()
    expect(page.locator("#moves-list li")).not_to_have_count(0)
    button(page, "Step").click()
    wait_for_step(page, 1)
    page.locator("#share-moves").check()
    button(page, "Copy link").click()
    expect(page.locator("#share-url")).to_have_value(re.compile(r"[?&]moves=[^&]+"))
    # the link opens elsewhere on the position shown here
    shown = data(page, "board")
    page.goto(page.locator("#share-url").input_value())
    wait_for_step(page, 1)
    assert data(page, "board") == shown


def test_a_reload_right_after_a_stroke_keeps_the_stroke(page):
    page.goto("/")
    tool(page, "Wall")
    click_cell(page, 2, 2)
    page.wait_for_url(re.compile(r"[?&]p="))  # the address holds the drawing's code
    click_cell(page, 3, 4)
    drawn = data(page, "board")
    page.reload()  # at once: before the new code could come
    expect(board(page)).to_have_attribute("data-board", drawn)


def test_a_level_puzzle_never_leaves_the_old_code_in_the_address(page):
    page.goto("/")
    tool(page, "Wall")
    click_cell(page, 2, 2)
    page.wait_for_url(re.compile(r"[?&]p="))
    old, drawn = page.url, data(page, "board")
    page.locator("#levels-panel").get_by_role("button", name="Easy", exact=True).click()
    page.wait_for_function("b => document.querySelector('#board').dataset.board !== b", arg=drawn)
    assert page.url != old  # no moment where a copied address shares the board before


def test_draw_after_watching_a_solution_shows_the_drawing_and_edits_under_the_pointer(page):
    page.goto("/")
    drawn = data(page, "board")
    button(page, "Solve").click()
    expect(page.locator("#moves-list li")).not_to_have_count(0)
    button(page, "Step").click()
    wait_for_step(page, 1)
    expect(board(page)).not_to_have_attribute("data-orientation", "0")  # the frame turned
    page.get_by_role("tab", name="Draw").click()
    expect(board(page)).to_have_attribute("data-orientation", "0")
    expect(board(page)).to_have_attribute("data-board", drawn)
    tool(page, "Wall")
    click_cell(page, 2, 2)
    lines = data(page, "board").split("\n")
    assert lines[1 + 2][2] == "#"  # the cell under the pointer, on the drawing


def test_solve_on_a_hardest_15_puzzle_gives_the_80_moves_its_title_says(page):
    page.goto("/puzzles/sliding-fifteen-eighty-01")
    expect(page.locator("#puzzle-title")).to_contain_text("80 moves")
    button(page, "Solve").click()
    expect(page.locator("#answer")).to_contain_text("Solved in 80 moves, the fewest possible")
    expect(page.locator("#answer")).to_contain_text("a proven shortest solution the library keeps")
    expect(page.locator("#moves-list li")).to_have_count(80)


def test_sticks_drawn_in_the_air_are_said_to_fall_before_the_first_turn(page):
    page.goto("/")
    tool(page, "Stick")
    drag(page, (1, 1), (1, 2))  # a stick along the top row of the inside: in the air
    button(page, "Solve").click()
    expect(message(page)).to_contain_text("Before the first turn the sticks fall into place")
    expect(message(page)).to_contain_text("fell")


def test_a_message_of_two_lines_does_not_move_the_controls(page):
    open_triangle(page)
    play = page.locator("#play")
    before = play.bounding_box()["y"]
    button(page, "Hint").click()  # a sentence long enough to take two lines beside the tray
    expect(message(page)).to_contain_text("Put it there, or press Hint again")
    line = float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('#board-message')).fontSize)"))
    assert message(page).bounding_box()["height"] > 1.5 * line  # it did wrap
    assert play.bounding_box()["y"] == before


def test_on_a_phone_pause_sits_right_under_the_board_while_a_solution_plays(phone):
    phone.goto("/")  # in Draw, its tools under the board
    button(phone, "Solve").click()
    expect(phone.locator("#moves-list li")).not_to_have_count(0)
    button(phone, "Play").click()
    expect(phone.locator("#play")).to_have_text("Pause")
    board_box = phone.locator("#board").bounding_box()
    controls = phone.locator(".controls").bounding_box()
    assert 0 <= controls["y"] - (board_box["y"] + board_box["height"]) < 60
    expect(phone.locator("#play")).to_be_in_viewport()


def test_a_long_solution_says_how_many_moves_and_shows_more_rows(page):
    page.goto("/puzzles/sliding-fifteen-eighty-01")
    button(page, "Solve").click()
    expect(page.locator("#moves-label")).to_have_text("Shortest solution (80)")
    box = page.locator("#moves-list").bounding_box()
    chip = page.locator("#moves-list li").first.bounding_box()
    assert box["height"] >= 5 * chip["height"]  # five rows and more in sight, not two


def _pixel(page, fx: float, fy: float) -> list[int]:
    """The board's colour at a fraction (fx, fy) of its width and height."""
    return page.evaluate("""([fx, fy]) => {
      const c = document.querySelector('#board');
      return [...c.getContext('2d').getImageData(Math.round(c.width * fx), Math.round(c.height * fy), 1, 1).data];
    }""", [fx, fy])


def test_the_rotation_hint_arrow_is_in_the_accent_colour_off_the_sticks(page):
    page.goto("/")
    centre_before = _pixel(page, 0.5, 0.5)
    button(page, "Hint").click()
    expect(board(page)).to_have_attribute("data-drawn-hint", "L")
    assert _pixel(page, 0.5, 0.5) == centre_before  # the middle (sticks, numbers) is left alone
    r, g, b, _ = _pixel(page, 0.5, 0.03)  # the arc, over the frame's top
    assert all(abs(mine - accent) < 32 for mine, accent in zip((r, g, b), (0xb3, 0x54, 0x1a)))  # 90 % on white


def test_the_empty_triangle_has_a_solid_outline(page):
    open_triangle(page)
    outline = page.locator("#board .board-outline")
    expect(outline).to_have_count(1)
    assert outline.evaluate("e => getComputedStyle(e).strokeDasharray") == "none"
    assert outline.evaluate("e => parseFloat(getComputedStyle(e).strokeWidth)") >= 0.03
    box = outline.bounding_box()
    slots = [page.locator(f'#board .slot[data-slot="{s}"]').bounding_box() for s in range(9)]
    assert abs(box["x"] - min(s["x"] for s in slots)) < 2
    assert abs(box["x"] + box["width"] - max(s["x"] + s["width"] for s in slots)) < 2


# ------------------------------------------------------ the solved moment
def _solve_by_hand(page, name: str) -> None:
    page.goto(f"/puzzles/{name}")
    start = data(page, "board")
    answer = page.request.post("/api/sliding/solve", data={"board": start}).json()
    for n, tile in enumerate(answer["moves"], start=1):
        page.locator(f'#board .tile[data-tile="{tile}"]').click()
        wait_for_step(page, n)


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_finishing_shows_the_solved_panel_with_a_big_next_puzzle(request, viewport):
    page = request.getfixturevalue("page" if viewport == "desktop" else "phone")
    _solve_by_hand(page, "sliding-rules-eight")
    panel = page.locator("#solved-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#solved-text")).to_have_text("Solved in 8 moves: the shortest possible. ★")
    expect(panel).to_have_attribute("data-shortest", "true")
    nxt = page.locator("#solved-next")
    expect(nxt).to_contain_text("Next puzzle")
    nxt.click()  # the gallery's next puzzle
    expect(page).to_have_url(re.compile(r"/puzzles/sliding-rules-twenty-seven$"))


def test_the_solved_panel_goes_at_the_next_action(page):
    _solve_by_hand(page, "sliding-rules-eight")
    expect(page.locator("#solved-panel")).to_be_visible()
    button(page, "Undo").click()
    expect(page.locator("#solved-panel")).to_be_hidden()


def test_next_puzzle_off_the_gallery_opens_one_of_the_level_last_chosen(page):
    page.goto("/sliding")
    page.locator("#levels-panel").get_by_role("button", name="Easy", exact=True).click()
    expect(page.locator("#level-message")).to_have_attribute("data-level", "easy")
    start = data(page, "board")
    answer = page.request.post("/api/sliding/solve", data={"board": start}).json()
    for n, tile in enumerate(answer["moves"], start=1):
        page.locator(f'#board .tile[data-tile="{tile}"]').click()
        wait_for_step(page, n)
    expect(page.locator("#solved-panel")).to_be_visible()
    page.locator("#solved-next").click()
    page.wait_for_function("b => document.querySelector('#board').dataset.board !== b", arg=start)
    expect(page.locator("#puzzle-title")).to_have_text("Easy puzzle")


def test_a_solution_watched_to_its_end_shows_the_panel_too(page):
    page.goto("/puzzles/sliding-rules-eight")
    page.locator("#speed").select_option("4")
    button(page, "Play").click()
    wait_for_step(page, 8)
    expect(page.locator("#solved-heading")).to_have_text("The solution, watched")
    expect(page.locator("#solved-text")).to_contain_text("8 moves, the shortest possible")


@pytest.mark.parametrize("path", ["/", "/sliding", "/triangle", "/how-to-play"])
def test_on_a_phone_no_item_of_the_top_bar_breaks_over_two_lines(phone, path):
    phone.goto(path)
    size = float(phone.evaluate("parseFloat(getComputedStyle(document.querySelector('.topbar nav a')).fontSize)"))
    for link in phone.locator(".topbar nav a").all():
        assert link.bounding_box()["height"] < 2 * size, link.text_content()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("lang, site", [("de", "Seiten"), ("en", "Site")])
def test_on_a_phone_the_top_bar_takes_three_lines_in_either_language(phone, lang, site):
    """The German site's links wrap onto a second line; the language switch
    ends that line instead of taking a line of its own, and the site's links
    stay one navigation landmark."""
    phone.goto(f"/puzzles?lang={lang}")
    items = ".topbar .brand, .topbar .theme-switch, .topbar nav a, .topbar .language-switch"
    tops = {round(box["y"]) for box in (item.bounding_box() for item in phone.locator(items).all())}
    lines = sorted(tops)
    assert len([top for n, top in enumerate(lines) if n == 0 or top - lines[n - 1] > 8]) <= 3, lines
    expect(phone.get_by_role("navigation", name=site).get_by_role("link")).to_have_count(5)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("path", ["/", "/sliding"])
def test_play_stands_out_only_once_there_is_something_to_play(page, path):
    page.goto(path)
    play = page.locator("#play")
    expect(play).not_to_have_class(re.compile(r"\blit\b"))
    button(page, "Solve").click()
    expect(page.locator("#moves-list li")).not_to_have_count(0)
    expect(play).to_have_class(re.compile(r"\blit\b"))


def test_the_gap_tool_keeps_a_new_frames_only_gap(page):
    """Bug 5: New frame opens a gap, and the Gap tool's first click on it
    closed it, leaving a frame nothing can leave. The only gap stays, and
    the page says how to move it; with a second gap open, it closes."""
    page.goto("/")
    new_frame(page, 7)
    tool(page, "Gap")
    click_cell(page, 6, 3)  # the new frame's gap, bottom middle
    expect(message(page)).to_contain_text("only gap")
    assert data(page, "board").split("\n")[1 + 6][3] == " "
    click_cell(page, 6, 1)  # another gap first
    expect(board(page)).to_have_attribute("data-board", re.compile(r"\n# # ###\n$"))
    click_cell(page, 6, 3)  # now the first can close
    expect(board(page)).to_have_attribute("data-board", re.compile(r"\n# #####\n$"))

"""End to end in real Chromium, with the keyboard alone (issue 9, items 1, 3, 4
and 13): no mouse and no clicks. Tab reaches every control; the board has a
drawing cursor; the mode tabs follow the tabs pattern; each turn and step is
announced; the board is told in words; the Size box takes width x height.
One test moves the mouse: the stick under the pointer is outlined."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import (
    cell_centre, data, engine_end, focused, press, tab_to, try_it, wait_for_board, wait_for_step,
)
from webapp.rotation import EXAMPLE, Board, parse, solve

pytestmark = pytest.mark.browser

# The puzzle drawn below: gap moved to the top, an inner wall, two sticks.
DRAWN = "5\n## ##\n#  1#\n## 1#\n#00 #\n#####\n"
WIDE = "9 5\n#########\n#   0   #\n#  111  #\n#       #\n#### ####\n"


def cursor(page) -> str:
    return data(page, "cursor")


def description(page) -> str:
    ids = page.locator("#board").get_attribute("aria-describedby").split()
    return " ".join(page.locator(f"#{i}").text_content() for i in ids)


def test_draw_solve_and_play_a_puzzle_with_the_keyboard_alone(page):
    page.goto("/")
    tab_to(page, "#size")
    press(page, "Control+a")
    page.keyboard.type("5")
    press(page, "Enter")
    wait_for_board(page, Board.empty_frame(5).text())

    tab_to(page, "#board")
    assert cursor(page) == "1,1", "the cursor starts inside the frame"
    expect(page.locator("#board")).to_have_attribute("data-cursor", "1,1")
    press(page, "ArrowUp")
    assert cursor(page) == "0,1"
    press(page, "ArrowUp")               # the edge stops it
    assert cursor(page) == "0,1"

    press(page, "ArrowRight", "g")       # open a gap at the top
    press(page, "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "g")   # close the bottom one
    assert cursor(page) == "4,2"
    press(page, "ArrowUp", "ArrowUp", "ArrowLeft", "w")   # an inner wall at (2, 1)
    press(page, "ArrowRight", "w")       # and another at (2, 2) ...
    press(page, "Delete")                # ... erased again
    press(page, "ArrowDown", "ArrowLeft", "s", "ArrowRight", "Enter")      # stick 0 along row 3
    expect(page.locator("#board-message")).to_have_text("Stick 0 laid (2 cells).")
    press(page, "ArrowUp", "ArrowUp", "ArrowRight", "s", "ArrowDown", "s")  # stick 1 down column 3
    expect(page.locator("#board-message")).to_have_text("Stick 1 laid (2 cells).")
    # a stick started and then cancelled leaves nothing
    press(page, "ArrowUp", "ArrowLeft", "s", "ArrowLeft", "Escape")
    assert data(page, "board") == parse(DRAWN).text()
    assert data(page, "step") == "0" and data(page, "orientation") == "0"

    shortest = solve(parse(DRAWN))
    assert shortest.status == "solved"
    tab_to(page, "#speed")
    page.keyboard.press("End")           # the fastest speed, chosen with the keyboard
    tab_to(page, "#solve")
    press(page, "Enter")
    expect(page.locator("#answer")).to_contain_text(f"Solved in {shortest.length} moves")

    tab_to(page, "#board")
    press(page, "Space")                 # plays the solution
    wait_for_step(page, shortest.length, timeout=30_000)
    board, orientation = engine_end(DRAWN, shortest.moves)
    assert data(page, "board") == board and data(page, "orientation") == str(orientation)


def test_every_drawing_key_is_in_the_visible_help_and_the_board_description(page):
    page.goto("/")
    help_text = page.locator("#draw-keys")
    expect(help_text).to_be_visible()
    text = help_text.text_content()
    for key in ("arrows", "W", "G", "S", "Enter", "Esc", "Delete", "M"):
        assert key in text, key
    described = page.locator("#board").get_attribute("aria-describedby").split()
    assert "draw-keys" in described
    # a widget of its own, so that a screen reader hands it the arrow keys
    board = page.get_by_role("application", name=re.compile("^Puzzle board"))
    expect(board).to_have_accessible_description(re.compile(r"W wall on or off.*Gap: row 1, column 4"))


@pytest.mark.parametrize("language, key, carrying, moved", [
    ("page", "m", "Row 6, column 4: carrying stick 0.", "Stick 0 moved."),
    # the German page names V (verschieben), and says so in German
    ("german", "v", "Zeile 6, Spalte 4: du trägst Stäbchen 0.", "Stäbchen 0 verschoben."),
])
def test_a_stick_moved_with_the_keyboard(request, language, key, carrying, moved):
    page = request.getfixturevalue(language)
    page.goto("/")
    tab_to(page, "#board")
    expect(page.locator("#board")).to_have_attribute("data-cursor", "1,1")  # the page's script draws it
    # the example's stick 0 lies in row 5, columns 3-4; move it up two rows
    press(page, "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight")
    assert cursor(page) == "5,3"
    press(page, key)
    # the stick is carried, not the floor under it
    expect(page.locator("#announce")).to_have_text(carrying)
    press(page, "ArrowUp", "ArrowUp", key)
    expect(page.locator("#board-message")).to_have_text(moved)
    rows = data(page, "board").splitlines()
    assert rows[1 + 3][3:5] == "00" and rows[1 + 5][3:5] == "  ", rows


def test_in_german_l_opens_a_gap_as_the_keys_line_says(german):
    """The German keys' line names L (Lücke) and V (verschieben), and L does
    what it says; the English G still works there."""
    page = german
    page.goto("/")
    expect(page.locator("#draw-keys")).to_contain_text("L Lücke öffnen oder schließen")
    expect(page.locator("#draw-keys")).to_contain_text("V nimmt ein Stäbchen zum Verschieben auf")
    tab_to(page, "#board")
    expect(page.locator("#board")).to_have_attribute("data-cursor", "1,1")  # the page's script draws it
    press(page, "ArrowUp", "ArrowRight", "l")        # a gap at the top, in row 1, column 3
    expect(page.locator("#announce")).to_have_text("Zeile 1, Spalte 3: Lücke.")
    press(page, "g")                                 # the English key closes it again
    expect(page.locator("#announce")).to_have_text("Zeile 1, Spalte 3: Wand.")


def test_mode_tabs_follow_the_tabs_pattern(page):
    page.goto("/")
    draw, try_it = page.locator("#tab-draw"), page.locator("#tab-try")
    expect(draw).to_have_attribute("tabindex", "0")
    expect(try_it).to_have_attribute("tabindex", "-1")
    for tab in (draw, try_it):
        panel = page.locator("#" + tab.get_attribute("aria-controls"))
        expect(panel).to_have_attribute("role", "tabpanel")
        expect(panel).to_have_attribute("aria-labelledby", tab.get_attribute("id"))
    tab_to(page, "#tab-draw")
    press(page, "ArrowRight")
    assert focused(page) == "tab-try"
    expect(try_it).to_have_attribute("aria-selected", "true")
    expect(try_it).to_have_attribute("tabindex", "0")
    expect(draw).to_have_attribute("aria-selected", "false")
    expect(draw).to_have_attribute("tabindex", "-1")
    expect(page.locator("#try-panel")).to_be_visible()
    expect(page.locator("#draw-tabpanel")).to_be_hidden()
    page.wait_for_timeout(800)           # a turn, had one started, would be under way
    assert data(page, "step") == "0" and data(page, "orientation") == "0"
    assert page.locator("#board").get_attribute("data-animating") is None
    press(page, "ArrowRight")            # wraps round to the first tab
    assert focused(page) == "tab-draw"
    expect(draw).to_have_attribute("aria-selected", "true")
    press(page, "End")
    assert focused(page) == "tab-try"
    press(page, "Home")
    assert focused(page) == "tab-draw"
    press(page, "Tab")                   # one tab stop for the tab list: on to the board
    assert focused(page) == "board"
    assert data(page, "step") == "0"


def test_space_on_the_import_summary_opens_it_and_does_not_play(page):
    page.goto("/")
    tab_to(page, "#import-export > summary")
    press(page, "Space")
    expect(page.locator("#import-export")).to_have_attribute("open", "")
    page.wait_for_timeout(800)
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")
    assert data(page, "step") == "0"
    expect(page.locator("#answer")).not_to_contain_text("Solv")
    press(page, "Enter")                 # Enter closes it again, as a summary does
    expect(page.locator("#import-export")).not_to_have_attribute("open", "")


def test_open_file_is_a_focusable_control_and_imports_a_wide_board(page, tmp_path):
    # Chromium hands file choosers to the test only once a listener exists,
    # which takes a round trip to set up: done before the page is opened,
    # it cannot race the key press below
    page.on("filechooser", lambda chooser: None)
    page.goto("/")
    opener = page.get_by_role("button", name="Open .txt file")
    tab_to(page, "#import-export > summary")
    press(page, "Enter")
    expect(opener).to_be_visible()
    tab_to(page, "#open-file")
    file = tmp_path / "wide.txt"
    file.write_text(WIDE, encoding="utf-8")
    with page.expect_file_chooser() as chooser:  # Enter on the button opens the file chooser
        press(page, "Enter")
    chooser.value.set_files(str(file))
    wait_for_board(page, parse(WIDE).text())

    # 13: the Size box says width x height, and New frame keeps it
    expect(page.locator("#size")).to_have_value("9 × 5")
    tab_to(page, "#new-frame")
    press(page, "Enter")
    wait_for_board(page, Board.empty_frame(9, 5).text())
    expect(page.locator("#board-message")).to_contain_text("9 × 5")


def test_the_file_control_is_in_the_accessibility_tree(page):
    page.goto("/")
    section = page.locator("#import-export")
    section.evaluate("d => { d.open = true; }")
    tree = section.aria_snapshot()
    assert 'button "Open .txt file"' in tree, tree
    expect(page.get_by_role("button", name="Open .txt file")).to_be_visible()
    # the file input itself is out of the way: one control, not two
    expect(page.locator("#import-file")).to_be_hidden()


@pytest.mark.parametrize("typed, width, height", [("9x5", 9, 5), ("7 × 4", 7, 4), ("6", 6, 6), ("4X12", 4, 12)])
def test_the_size_box_takes_width_by_height(page, typed, width, height):
    page.goto("/")
    tab_to(page, "#size")
    press(page, "Control+a")
    page.keyboard.type(typed)
    press(page, "Enter")
    wait_for_board(page, Board.empty_frame(width, height).text())
    shown = f"{width}" if width == height else f"{width} × {height}"
    expect(page.locator("#size")).to_have_value(shown)


@pytest.mark.parametrize("typed", ["9x2", "65x5", "9x", "x9", "9x5x3", "0"])
def test_a_bad_width_by_height_leaves_the_board(page, typed):
    page.goto("/")
    before = data(page, "board")
    tab_to(page, "#size")
    press(page, "Control+a")
    page.keyboard.type(typed)
    press(page, "Enter")
    expect(page.locator("#board-message")).to_contain_text("3 to 64")
    assert data(page, "board") == before


def test_turns_and_steps_are_announced(page):
    page.goto("/")
    announce = page.locator("#announce")
    expect(announce).to_have_attribute("aria-live", "polite")
    tab_to(page, "#tab-draw")
    press(page, "ArrowRight", "Tab")     # Try it, then the board
    assert focused(page) == "board"
    press(page, "ArrowLeft")
    wait_for_step(page, 1)
    # the example: after L both sticks fall two cells
    expect(announce).to_contain_text("Turned left. Stick 0 fell 2 cells, stick 1 fell 2 cells.")
    expect(page.locator("#board-message")).not_to_have_text("")
    expect(page.locator("#move-counter")).to_have_text("Moves: 1")
    press(page, "ArrowRight")
    wait_for_step(page, 2)
    expect(announce).to_contain_text("Turned right.")

    page.evaluate("() => localStorage.clear()")  # else the turns above come back with the page
    page.goto("/")
    tab_to(page, "#step")
    press(page, "Enter")
    wait_for_step(page, 1)
    expect(announce).to_contain_text("Move 1 of 2")
    press(page, "Enter")
    wait_for_step(page, 2)
    expect(announce).to_contain_text("Move 2 of 2")
    expect(announce).to_contain_text("falls out")


def test_the_board_is_told_in_words_and_kept_current(page):
    page.goto("/")
    text = description(page)
    assert "7 by 7" in text
    assert "Gap: row 1, column 4" in text
    assert "Stick 0: horizontal, 2 cells, row 6, columns 4 to 5" in text
    assert "Stick 1: vertical, 2 cells, column 6, rows 5 to 6" in text
    assert "row 1: ###.###" in text and "row 6: #..001#" in text
    tab_to(page, "#tab-draw")
    press(page, "ArrowRight", "Tab", "ArrowLeft")
    wait_for_step(page, 1)
    # after L the frame shows its top side on the left: the board is told as seen
    after = parse(engine_end(EXAMPLE, "L")[0])
    assert after.sticks
    expect(page.locator("#board-description")).not_to_have_text(text)
    turned = description(page)
    assert "Gap: row 4, column 1" in turned, turned
    assert "Moves: 1" in turned or "after 1 move" in turned


def test_highlight_and_cursor_are_published_for_the_canvas(page):
    page.goto("/")
    board = page.locator("#board")
    expect(board).not_to_have_attribute("data-cursor", "1,1")   # no keyboard focus yet
    tab_to(page, "#goal")
    page.keyboard.press("End")           # the last goal: stick 1 falls out
    expect(board).to_have_attribute("data-highlight", "1")
    tab_to(page, "#board")
    press(page, "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown")
    assert cursor(page) == "5,1"
    expect(board).to_have_attribute("data-highlight", "1")   # nothing under the cursor: the goal's
    press(page, "ArrowRight", "ArrowRight")
    assert cursor(page) == "5,3"
    expect(board).to_have_attribute("data-highlight", "0")   # the stick under the cursor
    press(page, "Shift+Tab")
    expect(board).not_to_have_attribute("data-cursor", "5,3")
    expect(board).to_have_attribute("data-highlight", "1")


def test_skip_link_leads_to_the_board(page):
    page.goto("/")
    skip = page.get_by_role("link", name="Skip to the board")
    assert not skip.is_visible() or skip.bounding_box()["y"] + skip.bounding_box()["height"] <= 0, \
        "the skip link stays out of sight until it has focus"
    press(page, "Tab")
    expect(skip).to_be_focused()
    box = skip.bounding_box()
    assert box["y"] >= 0 and box["height"] > 10, "a focused skip link is seen"
    press(page, "Enter")
    assert focused(page) == "board"


def turned_rows(text: str, quarters: int) -> list[str]:
    """The board's rows as the canvas shows them after ``quarters`` clockwise turns."""
    rows = parse(text).rows()
    for _ in range(quarters % 4):
        rows = ["".join(rows[len(rows) - 1 - c][r] for c in range(len(rows))) for r in range(len(rows[0]))]
    return rows


def test_the_stick_under_the_pointer_is_highlighted(page):
    # the one test here that uses the mouse: the pointer's part of the highlight
    page.goto("/")
    board = page.locator("#board")
    page.mouse.move(*cell_centre(page, 5, 3))   # the example's stick 0
    expect(board).to_have_attribute("data-highlight", "0")
    page.mouse.move(*cell_centre(page, 1, 1))
    expect(board).to_have_attribute("data-highlight", "")
    try_it(page)
    press(page, "ArrowLeft")
    wait_for_step(page, 1)
    page.wait_for_function("() => !document.querySelector('#board').dataset.animating")
    rows = turned_rows(data(page, "board"), int(data(page, "orientation")))
    r, c = next((r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v == "1")
    page.mouse.move(*cell_centre(page, r, c))   # the board is square: the cells lie alike
    expect(board).to_have_attribute("data-highlight", "1")


def test_the_goal_stick_keeps_its_ring_while_another_is_pointed_at(page):
    """On a big board a stick is found by its ring, not its colour: the goal's
    stick stays ringed while the cursor rests on another; and the line under
    the title says the goal chosen."""
    page.goto("/")
    page.locator("#goal").select_option("stick:1")
    expect(page.locator("#goal-line")).to_contain_text("Turn the frame so that stick 1 falls out")
    tab_to(page, "#board")
    press(page, "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight")
    assert cursor(page) == "5,3"                     # on stick 0
    board = page.locator("#board")
    expect(board).to_have_attribute("data-drawn-highlight", "0")
    expect(board).to_have_attribute("data-drawn-goal", "1")
    page.locator("#goal").select_option("all")
    expect(page.locator("#goal-line")).to_contain_text("Turn the frame so that every stick falls out")
    expect(board).to_have_attribute("data-drawn-goal", "")

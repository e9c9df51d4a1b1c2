"""End to end in real Chromium: what a new user is shown (the goal line, the
"How to play" page, a gap that stands out at every board size) and the
layout on a phone (the drawing tools under the board, two gallery cards a
row). Screenshots go to test-artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from colours import contrast
from e2e_helpers import cell_centre, shot, touch_drag, wait_still
from webapp.rotation import EXAMPLE, Board, parse, sharecode

pytestmark = pytest.mark.browser

GOAL = "Turn the frame so that a stick falls out through the gap."
ERROR_RED = (0xb3, 0x26, 0x1e)   # --error in static/style.css


# ----------------------------------------------------------------- helpers
def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    """The canvas's own pixel under the screen point (x, y)."""
    return tuple(page.evaluate(
        """([x, y]) => {
            const canvas = document.querySelector('#board');
            const rect = canvas.getBoundingClientRect();
            const px = Math.floor((x - rect.left) * canvas.width / rect.width);
            const py = Math.floor((y - rect.top) * canvas.height / rect.height);
            return Array.from(canvas.getContext('2d').getImageData(px, py, 1, 1).data.slice(0, 3));
        }""", [x, y]))


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def open_board(page, board: Board) -> None:
    page.goto(f"/?p={sharecode.encode(board)}")
    page.wait_for_function("t => document.querySelector('#board').dataset.board === t",
                           arg=board.text())


def cell_px(page, board: Board) -> float:
    return page.locator("#board").bounding_box()["width"] / (max(board.width, board.height) + 2)


def check_gap_is_marked(page, board: Board, name: str) -> None:
    """Every gap cell's middle is far from the floor and the walls in colour
    and lightness, and the cell shows a pattern (two colours), not one flat
    colour."""
    open_board(page, board)
    shot(page, name)
    s = cell_px(page, board)
    empty = next((r, c) for r in range(1, board.height - 1) for c in range(1, board.width - 1)
                 if board.cell(r, c) == " ")
    floor = pixel(page, *cell_centre(page, *empty))
    wall = pixel(page, *cell_centre(page, *min(board.walls)))
    assert distance(floor, wall) > 100, (floor, wall)
    for r, c in board.gaps():
        x, y = cell_centre(page, r, c)
        middle = pixel(page, x, y)
        where = f"gap ({r}, {c}) of a {board.width} x {board.height} board, {s:.1f} px cells"
        assert contrast(middle, floor) >= 3, f"{where}: {middle} vs floor {floor}"
        assert distance(middle, wall) > 90, f"{where}: {middle} vs wall {wall}"
        # the cell's inner corner is another colour than its middle
        inward_r = -1 if r == board.height - 1 else 1
        inward_c = -1 if c == board.width - 1 else 1
        corner = pixel(page, x + inward_c * 0.4 * s, y + inward_r * 0.4 * s)
        assert distance(corner, middle) > 90, f"{where}: a flat colour {corner} / {middle}"
        assert distance(corner, wall) > 90, f"{where}: {corner} looks like a wall {wall}"


# ------------------------------------------------------------------ tests
GAP_BOARDS = [
    ("3", Board.empty_frame(3)),
    ("example", parse(EXAMPLE)),
    ("corners", parse("6\n # ## \n#    #\n#    #\n#0   #\n#0   #\n## ## \n")),
    ("40", Board.empty_frame(40, gap=10)),
    ("64", Board.empty_frame(64, gap=10)),
]


@pytest.mark.parametrize("label, board", GAP_BOARDS, ids=[b[0] for b in GAP_BOARDS])
def test_the_gap_stands_out_on_the_desktop(page, label, board):
    check_gap_is_marked(page, board, f"pages-gap-{label}-desktop")


@pytest.mark.parametrize("label, board", GAP_BOARDS[-2:], ids=[b[0] for b in GAP_BOARDS[-2:]])
def test_the_gap_stands_out_on_a_laptop(page, label, board):
    # 1366 x 768: a shorter canvas, so the smallest cells a desktop shows
    page.set_viewport_size({"width": 1366, "height": 768})
    check_gap_is_marked(page, board, f"pages-gap-{label}-laptop")


@pytest.mark.parametrize("label, board", GAP_BOARDS, ids=[b[0] for b in GAP_BOARDS])
def test_the_gap_stands_out_on_a_phone(phone, label, board):
    check_gap_is_marked(phone, board, f"pages-gap-{label}-phone")


def test_the_gap_mark_turns_with_the_frame(page):
    page.goto("/")
    page.get_by_role("tab", name="Try it").click()
    page.locator("#board").focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('#board').dataset.orientation === '3'")
    page.wait_for_function("() => document.querySelector('#board').dataset.step === '1'")
    wait_still(page)   # the last frame of the turn drawn
    # after L the gap of the top side stands on the left, in the middle row
    board = parse(EXAMPLE)
    box = page.locator("#board").bounding_box()
    s = box["width"] / (board.width + 2)
    x, y = box["x"] + 1.5 * s, box["y"] + box["height"] / 2
    floor = pixel(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert contrast(pixel(page, x, y), floor) >= 3
    shot(page, "pages-gap-turned")


def test_the_playground_says_its_goal_and_how_to_play_shows_pictures(page):
    page.goto("/")
    goal = page.locator("#goal-line")
    expect(goal).to_be_visible()
    expect(goal).to_contain_text(GOAL)
    title = page.locator("#puzzle-title").bounding_box()
    line = goal.bounding_box()
    assert 0 <= line["y"] - (title["y"] + title["height"]) < 30, "the goal sits right under the title"
    shot(page, "pages-playground-desktop")

    goal.get_by_role("link", name="How to play").click()
    page.wait_for_url("**/how-to-play")
    expect(page.get_by_role("heading", name="How to play", level=1)).to_be_visible()
    pictures = page.locator("svg.howto-board")
    assert pictures.count() >= 5
    for i in range(pictures.count()):
        box = pictures.nth(i).bounding_box()
        assert box["width"] >= 100 and box["height"] >= 100
    expect(page.get_by_text("stick 1 falls out")).to_be_visible()
    shot(page, "pages-how-to-play-desktop", full_page=True)

    # the top bar leads there from everywhere
    page.goto("/puzzles")
    page.locator(".topbar").get_by_role("link", name="How to play").click()
    page.wait_for_url("**/how-to-play")


def test_phone_draw_tools_sit_under_the_board(phone):
    phone.goto("/")
    phone.wait_for_function("() => document.body.dataset.mode === 'draw'")
    board = phone.locator("#board").bounding_box()
    tools = phone.locator("#draw-panel").bounding_box()
    bottom = board["y"] + board["height"]
    assert bottom <= tools["y"] <= bottom + 150, f"board ends at {bottom}, the tools start at {tools['y']}"
    assert phone.locator(".tools").bounding_box()["y"] <= bottom + 180
    expect(phone.locator("#goal-line")).to_be_in_viewport()
    sizes = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"horizontal scroll: {sizes}"
    shot(phone, "pages-phone-draw")
    shot(phone, "pages-phone-draw-full", full_page=True)

    # in Try it the turn buttons come first, right under the board
    phone.get_by_role("tab", name="Try it").click()
    phone.wait_for_function("() => document.body.dataset.mode === 'try'")
    board = phone.locator("#board").bounding_box()
    turn = phone.locator("#turn-left").bounding_box()
    bottom = board["y"] + board["height"]
    assert bottom <= turn["y"] <= bottom + 150
    expect(phone.locator("#draw-panel")).to_be_hidden()  # the drawing's tools are Draw's
    shot(phone, "pages-phone-try")


def test_phone_gallery_shows_two_cards_a_row(phone):
    phone.goto("/puzzles")
    cards = phone.locator("a.card")
    expect(cards.first).to_be_visible()
    assert cards.count() >= 2
    first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
    assert abs(first["y"] - second["y"]) < 2, "the first two cards share a row"
    assert second["x"] >= first["x"] + first["width"]
    assert second["x"] + second["width"] <= 390
    assert first["width"] >= 150
    sizes = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"horizontal scroll: {sizes}"
    shot(phone, "pages-phone-gallery")


def chips_fit(page) -> None:
    """The kind filter chips on a phone: the first (All) wholly in view, none
    past the screen's edge, and the row never a scrolling box."""
    nav = page.locator(".gallery-filter")
    chips = nav.locator("a")
    expect(chips.first).to_have_text(re.compile(r"^All \(\d+\)$"))
    expect(chips.first).to_be_in_viewport(ratio=1)
    width = page.viewport_size["width"]
    for box in (chips.nth(i).bounding_box() for i in range(chips.count())):
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    scroll = nav.evaluate("n => [n.scrollWidth, n.clientWidth, n.scrollHeight, n.clientHeight]")
    assert scroll[0] <= scroll[1] and scroll[2] <= scroll[3], f"the chip row scrolls: {scroll}"
    sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"horizontal scroll: {sizes}"


def test_phone_gallery_kind_chips_stay_in_view(phone):
    for address in ("/puzzles", "/puzzles?kind=sliding", "/puzzles?kind=rotation"):
        phone.goto(address)
        chips_fit(phone)
    # more kinds, one with a long name: the chips wrap, All stays first in view
    phone.locator(".gallery-filter").evaluate("""n => {
        for (const name of ['Pentomino packing (12)', 'Hyperextraordinarilylongpuzzlekindname (3)',
                            'Lights out (7)', 'Peg solitaire (9)']) {
            const a = document.createElement('a');
            a.href = '#';
            a.textContent = name;
            n.append(a);
        }
    }""")
    chips_fit(phone)
    shot(phone, "pages-phone-gallery-chips")


def test_phone_how_to_play_fits(phone):
    phone.goto("/how-to-play")
    sizes = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], f"horizontal scroll: {sizes}"
    for svg in phone.locator("svg.howto-board").all():
        box = svg.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(phone, "pages-phone-how-to-play", full_page=True)


def test_cancel_is_a_plain_button_not_an_error(page):
    page.goto("/")
    style = page.evaluate("""() => {
        const s = getComputedStyle(document.querySelector('#cancel'));
        return [s.color, s.backgroundColor, s.borderTopColor];
    }""")
    for value in style:
        rgb = tuple(int(v) for v in value[value.index("(") + 1:value.index(")")].split(",")[:3])
        assert distance(rgb, ERROR_RED) > 120, f"Cancel is drawn in red: {style}"
        assert rgb[0] - max(rgb[1], rgb[2]) < 60, f"Cancel is drawn in red: {style}"


def test_a_gallery_puzzle_opens_in_try_it_and_a_swipe_turns_it(phone):
    """Item 6: the gallery's puzzles open ready to play, so the advertised
    swipe turns the board instead of laying a stick."""
    phone.goto("/puzzles")
    phone.locator('a.card[data-puzzle="spec-example"]').click()
    phone.wait_for_url("**/puzzles/spec-example")
    expect(phone.get_by_role("tab", name="Try it")).to_have_attribute("aria-selected", "true")
    expect(phone.get_by_role("tab", name="Draw")).to_have_attribute("aria-selected", "false")
    before = phone.locator("#board").get_attribute("data-board")

    box = phone.locator("#board").bounding_box()
    y = box["y"] + box["height"] / 2
    touch_drag(phone, (box["x"] + box["width"] * 0.25, y), (box["x"] + box["width"] * 0.75, y))
    # a swipe to the right turns clockwise: one move made, gravity to the frame's right side
    phone.wait_for_function("() => document.querySelector('#board').dataset.step === '1'")
    expect(phone.locator("#board")).to_have_attribute("data-orientation", "1")
    # the drawing is untouched: no stick was laid by the swipe
    phone.get_by_role("tab", name="Draw").click()
    expect(phone.locator("#board")).to_have_attribute("data-board", before)


@pytest.mark.parametrize("path", ["/", "/sliding", "/triangle", "/puzzles", "/how-to-play"])
def test_nothing_hidden_is_shown(page, path):
    """An element the page marks ``hidden`` takes no room and cannot be
    pressed, whatever its own display rule (a button's inline-flex kept the
    triangle's Keep searching on screen from the start)."""
    page.goto(path)
    page.wait_for_load_state("networkidle")
    shown = page.evaluate("""() => [...document.querySelectorAll('[hidden]')]
        .filter(e => getComputedStyle(e).display !== 'none')
        .map(e => e.id || e.className || e.tagName)""")
    assert shown == [], f"hidden yet shown on {path}: {shown}"

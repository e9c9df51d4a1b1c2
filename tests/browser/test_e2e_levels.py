"""End to end in real Chromium: the New puzzle panel every kind's page
shares (templates/_playground.html, static/js/shell/levels.js). A level's
button opens a puzzle of that level from the kind's pool and the page says
what the level promises (a hard rotation puzzle from the button really
needs the turns its level promises: the server's solver says so); the
Puzzle of the day link opens the day's puzzle, the same as the API's,
even over the work kept in the browser; on a phone the panel fits and
works. The conftest fixtures fail a test on any console error or
Content-Security-Policy violation."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import button, data

pytestmark = pytest.mark.browser

PAGES = {"rotation": "/", "sliding": "/sliding", "triangle": "/triangle"}
#: The fewest moves each level promises (tests/levels proves the pools).
HARD_TURNS = 9


def choose_level(page, level: str) -> str:
    """Press the level's button; the board shown once it changed."""
    before = data(page, "board")
    page.locator("#levels-panel").get_by_role("button", name=level.capitalize(), exact=True).click()
    page.wait_for_function("b => document.querySelector('#board').dataset.board !== b", arg=before)
    expect(page.locator("#level-message")).to_have_attribute("data-level", level)
    return data(page, "board")


@pytest.mark.parametrize("name", PAGES)
def test_a_level_button_opens_a_puzzle_of_that_level_and_says_so(page, name):
    page.goto(PAGES[name])
    shown = choose_level(page, "medium")
    message = page.locator("#level-message")
    expect(page.locator("#puzzle-title")).to_have_text("Medium puzzle")
    pool = page.request.post(f"/api/{name}/parse", data={"board": shown})
    assert pool.ok  # the board shown is a whole puzzle of the kind
    if name == "triangle":
        expect(message).to_have_text(re.compile(r"^A medium puzzle, side 4: a plain search tries [\d,]+ placements"))
    else:
        expect(message).to_have_text(re.compile(r"^A medium puzzle: its shortest solution takes \d+ moves\.$"))
        length = int(re.search(r"takes (\d+) moves", message.text_content()).group(1))
        answer = page.request.post(f"/api/{name}/solve", data={"board": shown}).json()
        assert answer["status"] == "solved" and answer["length"] == length
    # another level, another puzzle; the one before stays for Undo's sake
    assert choose_level(page, "easy") != shown
    expect(page.locator("#puzzle-title")).to_have_text("Easy puzzle")


def test_a_hard_rotation_puzzle_from_the_button_needs_its_turns(page):
    page.goto("/")
    for _ in range(3):
        shown = choose_level(page, "hard")
        answer = page.request.post("/api/rotation/solve", data={"board": shown}).json()
        assert answer["status"] == "solved" and answer["length"] >= HARD_TURNS
        expect(page.locator("#level-message")).to_contain_text(f"takes {answer['length']} moves")
        # it opens to be played: Try it, the turn buttons at hand
        expect(page.locator("#tab-try")).to_have_attribute("aria-selected", "true")
        expect(button(page, "Turn left")).to_be_enabled()


@pytest.mark.parametrize("name", PAGES)
def test_the_puzzle_of_the_day_link_opens_the_days_puzzle_over_the_work_kept(page, browser, live_server,
                                                                             name):
    page.goto(PAGES[name])
    choose_level(page, "expert")  # work kept in the browser: a reload would bring it back
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    link = page.get_by_role("link", name="Puzzle of the day")
    expect(link).to_have_attribute("href", f"{PAGES[name]}?daily={today}")
    link.click()
    page.wait_for_url(re.compile(rf"daily={today}"))
    day = page.request.get(f"/api/{name}/daily").json()
    page.wait_for_function("b => document.querySelector('#board').dataset.board === b", arg=day["board"])
    expect(page.locator("#puzzle-title")).to_have_text(f"Puzzle of the day, {today} ({day['level']})")
    # the same link opened by someone else shows the same puzzle
    other = browser.new_context(base_url=live_server)
    try:
        fresh = other.new_page()
        fresh.goto(f"{PAGES[name]}?daily={today}")
        fresh.wait_for_function("b => document.querySelector('#board').dataset.board === b",
                                arg=day["board"])
    finally:
        other.close()


def test_on_a_phone_the_panel_fits_and_a_level_opens(phone):
    phone.goto("/sliding")
    panel = phone.locator("#levels-panel")
    panel.scroll_into_view_if_needed()
    for level in ("Easy", "Medium", "Hard", "Expert"):
        box = panel.get_by_role("button", name=level, exact=True).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 24
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shown = choose_level(phone, "hard")
    assert len(shown.strip().split("\n")) == 4  # hard sliding positions are 4 x 4

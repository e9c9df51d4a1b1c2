"""The controls under each board (issue 30, item 2): the kind's moves and
Play large and apart from the rest, a compact playback strip of named icon
buttons, right under the board on a desktop and on a phone, and only the
Undo and Redo of the mode the player is in."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_helpers import button

# A desktop as the issue tried it (the fixture's own is 1280 x 900).
DESKTOP = {"width": 1366, "height": 850}
TOUCH = 44  # the smallest touch target, in CSS pixels
PAGES = {"rotation": "/", "sliding": "/sliding", "triangle": "/triangle"}
# each kind's moves under its board (sliding's are on the board itself)
MOVES = {"rotation": ["Turn left", "Hint", "Turn right"], "sliding": ["Hint"], "triangle": ["Hint", "Reset"]}
STRIP = ["Restart", "Back", "Step"]


def open_kind(page, kind: str) -> None:
    """The kind's page drawn (the board laid out by its script), the rotation
    page in Try it, where its turns and Play are used."""
    page.goto(PAGES[kind])
    drawn = {
        "rotation": "document.body.dataset.mode !== undefined",
        "sliding": "document.querySelectorAll('#board .tile').length > 0",
        "triangle": "document.querySelector('#board').childElementCount > 0",
    }[kind]
    page.wait_for_function(drawn)
    if kind == "rotation":
        page.get_by_role("tab", name="Try it").click()
        expect(page.locator("body")).to_have_attribute("data-mode", "try")


def on(screen: str, page, phone):
    if screen == "phone":
        return phone
    page.set_viewport_size(DESKTOP)
    return page


def background(locator) -> str:
    return locator.evaluate("e => getComputedStyle(e).backgroundColor")


@pytest.mark.parametrize("screen", ["desktop", "phone"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_the_moves_and_play_are_big_and_play_stands_apart(page, phone, kind, screen):
    page = on(screen, page, phone)
    open_kind(page, kind)
    for name in [*MOVES[kind], "Play"]:
        box = button(page, name).bounding_box()
        assert box["height"] >= TOUCH, (name, box)
    play = button(page, "Play")
    expect(play.locator("svg")).to_have_count(2)  # its play and its pause icons, one shown
    for name in STRIP:
        assert background(play) != background(button(page, name)), name
    for name in MOVES[kind]:
        assert background(play) != background(button(page, name)), name


@pytest.mark.parametrize("screen", ["desktop", "phone"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_the_playback_strip_is_compact_and_named(page, phone, kind, screen):
    page = on(screen, page, phone)
    open_kind(page, kind)
    strip = page.locator(".strip")
    play_height = button(page, "Play").bounding_box()["height"]
    for name in STRIP:
        control = strip.get_by_role("button", name=name, exact=True)
        expect(control).to_be_visible()
        expect(control).to_have_attribute("title", re.compile(r"\w"))
        expect(control.locator("svg")).to_have_count(1)
        assert control.text_content().strip() == "", f"{name}: an icon, its name for screen readers"
        assert control.bounding_box()["height"] < play_height, name
    expect(strip.get_by_role("combobox", name="Speed")).to_be_visible()
    expect(strip.locator("#move-counter")).to_be_visible()
    # one strip: its controls share a line on a desktop
    if screen == "desktop":
        tops = {round(strip.get_by_role("button", name=name, exact=True).bounding_box()["y"]) for name in STRIP}
        assert len(tops) == 1, tops


@pytest.mark.parametrize("screen", ["desktop", "phone"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_the_controls_sit_right_under_the_board_in_sight(page, phone, kind, screen):
    page = on(screen, page, phone)
    open_kind(page, kind)
    board = page.locator("#board").bounding_box()
    controls = page.locator(".controls").bounding_box()
    gap = controls["y"] - (board["y"] + board["height"])
    assert 0 <= gap <= 24, gap
    height = page.viewport_size["height"]
    assert controls["y"] + controls["height"] <= height, "the moves, Play and the strip above the fold"


def test_pause_keeps_its_icon_and_its_name(page):
    page.goto("/sliding")
    button(page, "Solve").click()
    expect(page.locator("#moves-list li")).not_to_have_count(0)
    button(page, "Play").click()
    pause = button(page, "Pause")
    expect(pause).to_be_visible()
    expect(pause.locator("svg")).to_have_count(2)
    expect(pause.locator("svg:visible")).to_have_count(1)


def test_the_rotation_page_pauses_with_its_icon_too(page):
    page.goto("/")
    button(page, "Solve").click()
    expect(page.locator("#moves-list li")).not_to_have_count(0)
    button(page, "Play").click()
    expect(button(page, "Pause")).to_be_visible()
    expect(page.locator("#play svg")).to_have_count(2)


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_rotation_page_shows_only_the_undo_of_its_mode(page, phone, screen):
    page = on(screen, page, phone)
    open_kind(page, "rotation")  # in Try it: the turns' Undo and Redo
    for name, own in (("Undo", "undo"), ("Redo", "redo")):
        expect(button(page, name)).to_have_count(1)
        expect(button(page, name)).to_have_id(own)
    page.get_by_role("tab", name="Draw").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "draw")
    for name, own in (("Undo", "draw-undo"), ("Redo", "draw-redo")):
        expect(button(page, name)).to_have_count(1)
        expect(button(page, name)).to_have_id(own)


@pytest.mark.parametrize("kind", ["sliding", "triangle"])
def test_sliding_and_triangle_have_one_undo_pair(page, kind):
    open_kind(page, kind)
    expect(button(page, "Undo")).to_have_count(1)
    expect(button(page, "Redo")).to_have_count(1)


def test_on_a_phone_pause_takes_plays_place_and_moves_nothing(phone):
    open_kind(phone, "rotation")
    button(phone, "Solve").click()
    expect(phone.locator("#moves-list li")).not_to_have_count(0)
    phone.locator("#speed").select_option("0.5")  # Pause stays while the boxes are read
    boxes = "[...document.querySelectorAll('.actions > *')].map(e => JSON.stringify(e.getBoundingClientRect()))"
    before = phone.evaluate(boxes)
    button(phone, "Play").click()
    expect(button(phone, "Pause")).to_be_visible()
    assert phone.evaluate(boxes) == before


def test_the_rotation_board_stands_on_the_page_with_no_box_round_it(page):
    """Issue 30, item 5: no grey square round the canvas, no card round the
    stage: what shows round the frame is the page itself."""
    open_kind(page, "rotation")
    style = page.evaluate("""() => {
        const css = e => getComputedStyle(document.querySelector(e));
        const stage = css('.stage');
        return {canvas: css('#board').backgroundColor, stage: stage.backgroundColor,
                border: stage.borderTopColor, shadow: stage.boxShadow};
    }""")
    assert style == {"canvas": "rgba(0, 0, 0, 0)", "stage": "rgba(0, 0, 0, 0)",
                     "border": "rgba(0, 0, 0, 0)", "shadow": "none"}

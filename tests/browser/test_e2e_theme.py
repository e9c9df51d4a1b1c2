"""End to end in real Chromium: the colour theme (static/js/common/theme.js).
With no choice kept a page follows the system's prefers-color-scheme, live;
the switch in the top bar overrides it, and the choice is kept over a reload
and on every other page; the boards follow: the rotation canvas is painted
again in the theme's colours, the sliding tiles and the triangle's tray
change with the stylesheet. axe in both themes: tests/browser/test_e2e_a11y.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from colours import luminance
from e2e_helpers import wait_for_board
from webapp.rotation import EXAMPLE, parse

pytestmark = pytest.mark.browser

THEME = "() => document.documentElement.dataset.theme"

# The luminance (WCAG's) of the rotation canvas's pixel in the middle of
# the frame's cell (1, 1), a floor cell of the example (the board unturned:
# the frame fills the canvas but for a margin of one cell each side).
FLOOR_LUMINANCE = """() => {
  const canvas = document.querySelector('#board');
  const side = Number(canvas.dataset.board.split('\\n')[0]);
  const cell = canvas.width / (side + 2);
  const at = Math.floor(cell * 2.5);
  const [r, g, b] = canvas.getContext('2d').getImageData(at, at, 1, 1).data;
  const lin = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}"""


def css_luminance(page, selector: str, prop: str) -> float:
    """The luminance of a computed colour ("rgb(r, g, b)") of the first match."""
    value = page.locator(selector).first.evaluate("(e, p) => getComputedStyle(e)[p]", prop)
    rgb = [int(float(v)) for v in value[value.index("(") + 1:value.index(")")].split(",")[:3]]
    return luminance(rgb)


def wait_theme(page, theme: str) -> None:
    page.wait_for_function(f"t => ({THEME})() === t", arg=theme)


def choose(page, label: str) -> None:
    page.get_by_label("Colour theme").select_option(label=label)


def open_rotation(page) -> None:
    page.goto("/")
    wait_for_board(page, parse(EXAMPLE).text())


# ------------------------------------------------------------ the system's
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_with_no_choice_kept_the_page_follows_the_system(page, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto("/puzzles")
    wait_theme(page, scheme)
    expect(page.get_by_label("Colour theme")).to_have_value("system")
    background = css_luminance(page, "html", "backgroundColor")
    assert (background < 0.05) == (scheme == "dark"), background


def test_a_dark_page_is_dark_before_its_body_is_painted(page):
    """No light flash: the theme is on <html> before the parser reaches
    <body> (a module in <head> would run only after the whole page)."""
    page.emulate_media(color_scheme="dark")
    page.add_init_script("""
      window.__themeAtBody = "not seen";
      new MutationObserver((_, seen) => {
        if (!document.body) return;
        window.__themeAtBody = document.documentElement.dataset.theme ?? null;
        seen.disconnect();
      }).observe(document, {childList: true, subtree: true});
    """)
    page.goto("/puzzles")
    assert page.evaluate("window.__themeAtBody") == "dark"


def test_the_system_changing_turns_the_page_while_it_is_open(page):
    page.emulate_media(color_scheme="light")
    open_rotation(page)
    wait_theme(page, "light")
    page.emulate_media(color_scheme="dark")
    wait_theme(page, "dark")


def test_a_phone_follows_the_system_and_shows_the_switch(phone):
    phone.emulate_media(color_scheme="dark")
    phone.goto("/sliding")
    wait_theme(phone, "dark")
    switch = phone.get_by_label("Colour theme")
    expect(switch).to_be_visible()
    # in the top bar, beside the site's name, inside the screen
    box, bar = switch.bounding_box(), phone.locator(".topbar").bounding_box()
    assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"]
    assert box["x"] + box["width"] <= 390
    assert css_luminance(phone, "#board .tile", "backgroundColor") < 0.05


# ------------------------------------------------------------ the switch
def test_the_switch_overrides_the_system_and_is_kept(page):
    page.emulate_media(color_scheme="light")
    open_rotation(page)
    choose(page, "Dark")
    wait_theme(page, "dark")
    # kept over a reload, and on another page
    page.reload()
    wait_theme(page, "dark")
    expect(page.get_by_label("Colour theme")).to_have_value("dark")
    page.goto("/how-to-play")
    wait_theme(page, "dark")
    expect(page.get_by_label("Colour theme")).to_have_value("dark")
    # the system changing does not undo a kept choice
    page.emulate_media(color_scheme="dark")
    choose(page, "Light")
    wait_theme(page, "light")
    page.goto("/triangle")
    wait_theme(page, "light")
    # back to the system's
    choose(page, "System")
    wait_theme(page, "dark")
    page.reload()
    wait_theme(page, "dark")
    expect(page.get_by_label("Colour theme")).to_have_value("system")


def test_the_switch_is_labelled_and_shows_every_choice(page):
    page.goto("/puzzles")
    switch = page.get_by_role("combobox", name="Colour theme")
    expect(switch).to_have_count(1)
    expect(switch.locator("option")).to_have_text(["System", "Light", "Dark"])


# ------------------------------------------------------------ the boards
@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_rotation_canvas_is_painted_again_in_the_theme(request, viewport):
    page = request.getfixturevalue("page" if viewport == "desktop" else "phone")
    page.emulate_media(color_scheme="light")
    open_rotation(page)
    light = page.evaluate(FLOOR_LUMINANCE)
    assert light > 0.8, light
    # no reload: the switch alone repaints the board
    choose(page, "Dark")
    page.wait_for_function(f"() => ({FLOOR_LUMINANCE})() < 0.02")
    # the sticks keep their colours: 0 is still drawn, in orange, on the dark floor
    orange = page.evaluate("""() => {
      const c = document.querySelector('#board');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] === 0xc2 && d[i + 1] === 0x57 && d[i + 2] === 0x1a) n++;
      return n;
    }""")
    assert orange > 100, orange
    choose(page, "Light")
    page.wait_for_function(f"() => ({FLOOR_LUMINANCE})() > 0.8")


def test_the_sliding_tiles_and_the_triangle_tray_follow_the_theme(page):
    page.emulate_media(color_scheme="light")
    page.goto("/sliding")
    assert css_luminance(page, "#board .tile", "backgroundColor") > 0.8
    choose(page, "Dark")
    wait_theme(page, "dark")
    tile = css_luminance(page, "#board .tile", "backgroundColor")
    number = css_luminance(page, "#board .tile", "color")
    assert tile < 0.05 and (number + 0.05) / (tile + 0.05) >= 4.5, (tile, number)
    page.goto("/triangle")
    wait_theme(page, "dark")
    page.locator("#board .tray-area").wait_for()
    assert css_luminance(page, "#board .tray-area", "fill") < 0.05
    # a piece stays a light card, so that its figures keep their contrast
    assert css_luminance(page, "#board .piece-face", "fill") > 0.7

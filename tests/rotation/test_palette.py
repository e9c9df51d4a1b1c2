"""Contrast of the colours a player has to tell apart (WCAG 2.2 AA): sticks,
walls and the gap against the floor at 3:1 or more, every letter on a stick
and every text colour of the stylesheet against its background at 4.5:1 or
more. The canvas (static/js/kinds/rotation/render.js) and the SVG pictures
(webapp/rotation/svg.py) share one palette: both files are read here and
must agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from colours import contrast
from webapp.rotation import svg

ROOT = Path(__file__).resolve().parents[2]
RENDER_JS = (ROOT / "static" / "js" / "kinds" / "rotation" / "render.js").read_text()
STYLE_CSS = (ROOT / "static" / "style.css").read_text()


def js_array(name: str) -> list[str]:
    body = re.search(rf"export const {name} = \[(.*?)\];", RENDER_JS, re.S).group(1)
    return re.findall(r'"(#[0-9a-fA-F]{6})"', body)


def js_const(name: str) -> str:
    return re.search(rf'const {name} = "(#[0-9a-fA-F]{{6}})";', RENDER_JS).group(1)


def css_var(name: str) -> str:
    return re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}});", STYLE_CSS).group(1)


# ----------------------------------------------------------------- one palette
def test_canvas_and_svg_share_one_palette():
    assert js_array("PALETTE") == [c.lower() for c in svg.PALETTE]
    assert js_array("LABEL_COLOURS") == [c.lower() for c in svg.LABEL_COLOURS]
    assert js_const("WALL_COLOUR") == svg.WALL_COLOUR
    assert js_const("GAP_FILL") == svg.GAP_COLOUR
    assert js_const("GAP_ARROW") == svg.GAP_ARROW_COLOUR


FLOORS = {"canvas floor": js_const("FLOOR"), "svg floor": svg.FLOOR_COLOUR}


# ----------------------------------------------------------------- non-text, 3:1
@pytest.mark.parametrize("colour", svg.PALETTE)
def test_every_stick_stands_out_from_the_floor_and_the_gap(colour):
    for name, floor in FLOORS.items():
        assert contrast(colour, floor) >= 3.0, f"stick {colour} on the {name}"
    # a stick next to (or falling through) a gap cell keeps its edge
    assert contrast(colour, svg.GAP_COLOUR) >= 3.0


def test_walls_and_the_gap_arrow_stand_out_from_the_floor():
    for floor in FLOORS.values():
        assert contrast(svg.WALL_COLOUR, floor) >= 3.0
        assert contrast(svg.GAP_ARROW_COLOUR, floor) >= 3.0
    assert contrast(svg.GAP_ARROW_COLOUR, svg.GAP_COLOUR) >= 3.0


def test_highlight_and_cursor_rings_stand_out_from_everything():
    # two bands, ink and white: against each thing a ring can lie on, one of
    # them reaches 3:1
    ink, halo = js_const("INK"), js_const("HALO")
    under = [*svg.PALETTE, *FLOORS.values(), svg.WALL_COLOUR, svg.GAP_COLOUR, svg.GAP_ARROW_COLOUR]
    for colour in under:
        assert max(contrast(ink, colour), contrast(halo, colour)) >= 3.0, colour
    assert contrast(ink, halo) >= 3.0


# ----------------------------------------------------------------- text, 4.5:1
@pytest.mark.parametrize("i", range(len(svg.PALETTE)))
def test_letters_on_sticks_are_readable(i):
    stick, text = svg.PALETTE[i], svg.LABEL_COLOURS[i]
    assert contrast(text, stick) >= 4.5
    # and the better of black and white was chosen
    other = "#ffffff" if text == "#000000" else "#000000"
    assert contrast(text, stick) >= contrast(other, stick)


def test_svg_labels_use_the_label_colour():
    from webapp.rotation import parse
    board = parse("5\n## ##\n#0  #\n#1  #\n#5  #\n#####\n")
    out = svg.board_svg(board, cell=20, labels=True)
    fills = re.findall(r'<text[^>]*fill="(#[0-9a-f]{6})"[^>]*>(\w)</text>', out)
    assert fills == [(svg.label_colour(s), s) for s in "015"]


TEXT_PAIRS = [
    # (text, background, where)
    ("ink", "paper", "body text"),
    ("ink", "page", "body text on the page"),
    ("muted", "paper", "muted text in a panel"),
    ("muted", "page", "muted text on the page"),
    ("muted", "chip", "a move not yet played"),
    ("navy", "chip-done", "a move played"),
    ("on-accent", "accent-text", "Solve button, current move, link buttons"),
    ("on-accent", "accent-dark", "Solve button under the pointer"),
    ("accent-dark", "paper", "Play button"),
    ("ok", "paper", "success message"),
    ("warn", "paper", "warning message"),
    ("error", "paper", "error message"),
    ("on-accent", "navy", "the chosen tab and tool; the top bar"),
]


@pytest.mark.parametrize("text,background,where", TEXT_PAIRS)
def test_stylesheet_text_colours(text, background, where):
    assert contrast(css_var(text), css_var(background)) >= 4.5, where


def test_focus_ring_stands_out_on_every_background():
    for background in ("paper", "page", "chip", "chip-done"):
        assert contrast(css_var("focus"), css_var(background)) >= 3.0, background
    # in the navy top bar the ring is white
    assert contrast(css_var("focus-on-dark"), css_var("navy")) >= 3.0
    # no focus ring is the translucent orange any more, and none is clipped
    assert "rgba(224, 122, 47" not in STYLE_CSS
    tabs = re.search(r"\.mode-tabs \{([^}]*)\}", STYLE_CSS).group(1)
    assert "overflow" not in tabs


# ----------------------------------------------------------------- the dark theme
DARK = re.search(r':root\[data-theme="dark"\] \{(.*?)\}', STYLE_CSS, re.S).group(1)


def dark_var(name: str) -> str:
    return re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}});", DARK).group(1)


def test_the_canvas_reads_the_light_board_colours_from_the_stylesheet():
    # one palette: the canvas's constants are the light theme's --board-*
    for var, const in [("floor", "FLOOR"), ("wall", "WALL_COLOUR"), ("gap", "GAP_FILL"),
                       ("gap-arrow", "GAP_ARROW"), ("ink", "INK"), ("halo", "HALO"), ("hint", "HINT")]:
        assert css_var(f"board-{var}") == js_const(const), var


DARK_TEXT_PAIRS = [
    # the light theme's pairs, with the roles navy plays in it named apart
    (text, background, where) for text, background, where in TEXT_PAIRS
    if (text, background) not in {("navy", "chip-done"), ("accent-dark", "paper"), ("on-accent", "navy")}
] + [
    ("link", "chip-done", "a move played"),
    ("link", "paper", "a link in a panel"),
    ("link", "page", "a link on the page"),
    ("link", "tile-home", "a tile's number at home"),
    ("link", "tile", "a tile's number"),
    ("accent-on-paper", "paper", "Play button"),
    ("on-accent", "selected", "the chosen tab, tool and filter"),
    ("on-topbar", "topbar", "the top bar"),
    ("solved", "paper", "a solved card"),
]


@pytest.mark.parametrize("text,background,where", DARK_TEXT_PAIRS)
def test_dark_stylesheet_text_colours(text, background, where):
    assert contrast(dark_var(text), dark_var(background)) >= 4.5, where


def test_dark_focus_ring_stands_out_on_every_background():
    for background in ("paper", "page", "chip", "chip-done", "tile"):
        assert contrast(dark_var("focus"), dark_var(background)) >= 3.0, background


@pytest.mark.parametrize("colour", svg.PALETTE)
def test_every_stick_stands_out_from_the_dark_floor_and_gap(colour):
    # the sticks keep their colours in both themes
    assert contrast(colour, dark_var("board-floor")) >= 3.0
    assert contrast(colour, dark_var("board-gap")) >= 3.0


def test_dark_walls_gap_arrow_and_hint_stand_out():
    floor, gap = dark_var("board-floor"), dark_var("board-gap")
    assert contrast(dark_var("board-wall"), floor) >= 3.0
    assert contrast(dark_var("board-gap-arrow"), floor) >= 3.0
    assert contrast(dark_var("board-gap-arrow"), gap) >= 3.0
    assert contrast(dark_var("board-hint"), dark_var("board-hint-halo")) >= 3.0
    ink, halo = dark_var("board-ink"), dark_var("board-halo")
    for colour in (floor, gap, dark_var("board-wall")):
        assert max(contrast(ink, colour), contrast(halo, colour)) >= 3.0, colour


def test_every_colour_of_the_stylesheets_is_a_variable():
    # outside the palettes (the blocks that set custom properties), a rule
    # names colours only through var(--...): so the dark theme reaches it
    for sheet in (STYLE_CSS, (ROOT / "static" / "css" / "triangle.css").read_text()):
        rules = re.sub(r"/\*.*?\*/", "", sheet, flags=re.S)
        rules = re.sub(r":root(\[data-theme=\"dark\"\])? \{.*?\}", "", rules, flags=re.S)
        rules = re.sub(r"@keyframes celebrate \{.*?\}\s*\}", "", rules, flags=re.S)
        found = re.findall(r"#[0-9a-fA-F]{3,8}\b|rgba?\(", rules)
        # the logo's white mat is the logo's, not the theme's
        assert [c for c in found if c.lower() != "#ffffff"] == [], found

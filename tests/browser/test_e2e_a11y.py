"""Accessibility in real Chromium: axe-core on every page and state, in the
light and the dark theme (tests/support/a11y.py), "reduce motion" honoured by the board's animation, focus
rings that are seen and never clipped, and the canvas's highlight and
keyboard cursor drawn so that they stand out from anything under them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from colours import contrast
from e2e_helpers import (
    button, count_frames, heavy_with_gap, import_text, open_import, wait_for_board, wait_for_step, watch_errors,
)
from webapp.rotation import EXAMPLE, parse

pytestmark = pytest.mark.browser

#: The colour themes every axe check runs in: the system's choice, which the
#: page follows while the player has kept none (static/js/common/theme.js).
THEMES = ["light", "dark"]


def in_theme(page, theme: str) -> None:
    page.emulate_media(color_scheme=theme)


def try_it(page) -> None:
    page.get_by_role("tab", name="Try it").click()
    expect(page.get_by_role("tab", name="Try it")).to_have_attribute("aria-selected", "true")


# ------------------------------------------------------------ 7: axe-core
@pytest.mark.parametrize("theme", THEMES)
def test_axe_playground_states(page_expecting_400, theme):
    page = page_expecting_400
    in_theme(page, theme)
    page.goto("/")
    wait_for_board(page, parse(EXAMPLE).text())
    assert_accessible(page, "playground, Draw")

    try_it(page)
    button(page, "Turn left").click()
    wait_for_step(page, 1)
    assert_accessible(page, "playground, Try it after a turn")

    button(page, "Solve").click()
    expect(page.locator("#moves-list li").first).to_be_visible(timeout=30_000)
    button(page, "Step").click()
    wait_for_step(page, 1)
    assert_accessible(page, "playground, after Solve with the move list")

    page.get_by_role("tab", name="Draw").click()
    open_import(page).fill("5\n#####\n#0 0#\n#   #\n#   #\n## ##\n")
    button(page, "Import text").click()
    expect(page.locator("#import-message")).to_contain_text("split")
    assert_accessible(page, "playground, import section open with an error")

    button(page, "Copy link").click()
    expect(page.locator("#share-url")).not_to_have_value("")
    assert_accessible(page, "playground, share link shown")


@pytest.mark.parametrize("theme", THEMES)
def test_axe_during_a_job(page, theme):
    in_theme(page, theme)
    page.goto("/")
    import_text(page, heavy_with_gap())
    page.locator("#goal").select_option("all")
    button(page, "Solve").click()
    expect(page.locator("#progress")).to_be_visible(timeout=15_000)
    assert_accessible(page, "playground, a job in progress")
    button(page, "Cancel").click()
    expect(page.locator("#progress")).to_be_hidden(timeout=15_000)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("path", ["/sliding", "/triangle", "/puzzles", "/how-to-play",
                                  "/how-to-play/sliding", "/how-to-play/triangle"])
def test_axe_pages(page, path, theme):
    in_theme(page, theme)
    page.goto(path)
    page.wait_for_function("t => document.documentElement.dataset.theme === t", arg=theme)
    assert_accessible(page, f"{path}, {theme}")


@pytest.mark.parametrize("theme", THEMES)
def test_axe_error_page(browser, live_server, theme):
    context = browser.new_context(base_url=live_server, color_scheme=theme)
    page = context.new_page()
    errors = watch_errors(page)
    response = page.goto("/no-such-page")
    assert response.status == 404
    page.wait_for_function("t => document.documentElement.dataset.theme === t", arg=theme)
    assert_accessible(page, f"404 page, {theme}")
    context.close()
    # the 404 itself is the only thing the console may report
    assert all("404" in e for e in errors), errors


@pytest.mark.parametrize("theme", THEMES)
def test_axe_phone_playground(phone, theme):
    in_theme(phone, theme)
    phone.goto("/")
    wait_for_board(phone, parse(EXAMPLE).text())
    assert_accessible(phone, f"playground on a phone, {theme}")


# ------------------------------------------------------- 5: reduce motion
# Counts the board's pictures: every draw of the page's BoardView (the module
# the page already loaded, at the page's own versioned address beside its
# stylesheet, so the patch reaches the rotation page's view) and the time
# the canvas is marked as animating.
COUNT_DRAWS = """async () => {
  const m = await import(new URL('js/kinds/rotation/render.js', document.querySelector('link[rel=stylesheet]').href));
  const draw = m.BoardView.prototype.draw;
  window.__draws = [];
  m.BoardView.prototype.draw = function (scene) {
    window.__draws.push(performance.now());
    return draw.call(this, scene);
  };
  window.__animating = [];
  const canvas = document.querySelector('#board');
  new MutationObserver(() => {
    window.__animating.push([canvas.dataset.animating || '', performance.now()]);
  }).observe(canvas, {attributes: true, attributeFilter: ['data-animating']});
}"""


def one_turn(page) -> dict:
    page.goto("/")
    wait_for_board(page, parse(EXAMPLE).text())
    try_it(page)
    page.evaluate(COUNT_DRAWS)
    count_frames(page)
    button(page, "Turn left").click()
    wait_for_step(page, 1)
    page.wait_for_function("() => !document.querySelector('#board').dataset.animating")
    return page.evaluate("""() => {
      const marks = window.__animating;
      const start = marks.find((m) => m[0])[1];
      const end = marks.filter((m) => !m[0]).pop()[1];
      const within = (t) => t >= start && t <= end;
      return {draws: window.__draws.length, ms: end - start,
              drawn: window.__draws.filter(within).length, frames: window.__ticks.filter(within).length};
    }""")


def test_a_turn_is_animated_without_reduce_motion(page):
    seen = one_turn(page)
    # The animation is timed, not counted: a quarter turn of 520 ms and a
    # fall of 2 cells (about 270 ms), however few frames a loaded machine
    # offers (CI painted 26 in 960 ms on a busy machine, about 48 on a
    # quiet one). So the time is a firm floor, and the board is drawn on
    # (nearly) every frame the browser offered meanwhile.
    assert seen["ms"] >= 750, seen
    assert seen["frames"] > 10 and seen["drawn"] >= 0.8 * seen["frames"], seen


def test_reduce_motion_makes_a_turn_instant(calm_page):
    calm = calm_page
    seen = one_turn(calm)
    assert seen["draws"] <= 10, seen
    assert seen["ms"] <= 400, seen   # 120 ms of stillness; a generous bound
    board, orientation = calm.evaluate(
        "() => [document.querySelector('#board').dataset.board, document.querySelector('#board').dataset.orientation]")
    assert orientation == "3" and board


def test_reduce_motion_is_read_live_and_stops_css_transitions(calm_page):
    calm = calm_page
    calm.goto("/")
    motion = "async () => (await import(new URL('js/common/motion.js', document.querySelector('link[rel=stylesheet]').href))).prefersReducedMotion()"
    duration = "() => getComputedStyle(document.querySelector('#solve')).transitionDuration"
    assert calm.evaluate(motion) is True
    assert calm.evaluate(duration) == "0s"
    calm.emulate_media(reduced_motion="no-preference")
    assert calm.evaluate(motion) is False
    assert calm.evaluate(duration) != "0s"


# ------------------------------------- 6: highlight and cursor on the canvas
# A 64 x 64 board (cells of about 6 px, too small for letters) drawn by the
# page's own BoardView on a fresh canvas, once plain and once with the
# highlight or the cursor. For each region: how many pixels changed and the
# best contrast of a changed pixel against the pixel it covers.
DRAW_DIFF = """async ([text, extra, regions]) => {
  const {BoardView} = await import(new URL('js/kinds/rotation/render.js', document.querySelector('link[rel=stylesheet]').href));
  const {Grid} = await import(new URL('js/kinds/rotation/grid.js', document.querySelector('link[rel=stylesheet]').href));
  const box = document.createElement('div');
  box.style.width = '400px';
  document.body.prepend(box);
  const canvas = document.createElement('canvas');
  box.append(canvas);
  const view = new BoardView(canvas);
  const grid = Grid.fromText(text);
  const sticks = [...grid.sticks().values()].map((s) => ({...s, dr: 0, dc: 0}));
  const picture = (more) => {
    view.draw({grid, sticks, angle: 0, ...more});
    return view.ctx.getImageData(0, 0, canvas.width, canvas.height);
  };
  const before = picture({});
  const after = picture(extra);
  const lum = (d, i) => {
    const ch = [0, 1, 2].map((k) => {
      const v = d[i + k] / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
  };
  const s = view.size / (Math.max(grid.width, grid.height) + 2);
  const x0 = (view.size - grid.width * s) / 2;
  const y0 = (view.size - grid.height * s) / 2;
  const scale = canvas.width / view.size;
  box.remove();
  return regions.map(([r0, c0, r1, c1]) => {
    let changed = 0, best = 0, dark = 0, light = 0;
    const left = Math.floor((x0 + c0 * s) * scale), right = Math.ceil((x0 + c1 * s) * scale);
    const top = Math.floor((y0 + r0 * s) * scale), bottom = Math.ceil((y0 + r1 * s) * scale);
    for (let y = Math.max(0, top); y < Math.min(canvas.height, bottom); y++) {
      for (let x = Math.max(0, left); x < Math.min(canvas.width, right); x++) {
        const i = (y * canvas.width + x) * 4;
        if (before.data[i] === after.data[i] && before.data[i + 1] === after.data[i + 1]
            && before.data[i + 2] === after.data[i + 2]) continue;
        changed++;
        const a = lum(after.data, i), b = lum(before.data, i);
        best = Math.max(best, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05));
        if (a < 0.02) dark++;
        if (a > 0.9) light++;
      }
    }
    return {changed, best, dark, light, cell: s};
  });
}"""


def big_board() -> str:
    rows = [list(row) for row in parse("64\n" + "\n".join(
        "#" * 64 if r in (0, 63) else "#" + " " * 62 + "#" for r in range(64)) + "\n").text().splitlines()[1:]]
    rows[63][10] = " "                      # a gap in the bottom wall
    for c in range(20, 24):
        rows[30][c] = "q"                   # teal, a black letter
    for r in range(40, 43):
        rows[r][5] = "5"                    # dark yellow, a black letter
    for c in range(40, 43):
        rows[20][c] = "3"                   # red, a white letter
    return "64\n" + "\n".join("".join(row) for row in rows) + "\n"


def test_the_highlighted_stick_stands_out_and_shows_its_letter(page):
    page.goto("/")
    text = big_board()
    # the ring around stick q (row 30, columns 20-23), its centre (the letter)
    ring, centre = page.evaluate(DRAW_DIFF, [text, {"highlight": "q"}, [
        [29, 19, 32, 25], [29.5, 21.3, 31.5, 22.7]]])
    assert ring["cell"] < 14, "cells too small for letters on every stick"
    assert ring["changed"] > 50 and ring["best"] >= 3, ring
    assert ring["dark"] > 20 and ring["light"] > 20, f"an ink and a white band: {ring}"
    # q is teal with a black letter: dark pixels in the middle
    assert centre["dark"] > 8, centre
    # no highlight: nothing changes
    none, = page.evaluate(DRAW_DIFF, [text, {"highlight": None}, [[0, 0, 64, 64]]])
    assert none["changed"] == 0


@pytest.mark.parametrize("where, cell", [
    ("floor", [10, 10]), ("wall", [0, 30]), ("gap", [63, 10]), ("stick", [30, 21]),
    ("yellow stick", [41, 5]),
])
def test_the_keyboard_cursor_stands_out_from_what_lies_under_it(page, where, cell):
    page.goto("/")
    r, c = cell
    found, = page.evaluate(DRAW_DIFF, [big_board(), {"cursor": cell}, [[r, c, r + 1, c + 1]]])
    assert found["changed"] >= 10 and found["best"] >= 3, f"{where}: {found}"


# ---------------------------------------------------------- 2: focus rings
def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGB(A) bytes of an 8-bit PNG (a screenshot)."""
    import struct
    import zlib
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, bpp, rows


def ring_check(page, focus_selector: str, ring_selector: str) -> list[str]:
    """Problems with the focus ring around ``ring_selector``: on each side,
    between 1 and 6 px out (the ring: 2 px offset, 3 px wide), focusing must
    change some pixel by 3:1 or more (WCAG's change of contrast), so the ring
    is seen and not clipped away."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    # mid-screen, so that the ring around it lies inside the screenshot
    page.locator(ring_selector).evaluate("e => e.scrollIntoView({block: 'center'})")
    box = page.locator(ring_selector).bounding_box()
    pad = 12
    x0, y0 = max(0.0, box["x"] - pad), max(0.0, box["y"] - pad)
    clip = {"x": x0, "y": y0, "width": box["x"] + box["width"] + pad - x0,
            "height": box["y"] + box["height"] + pad - y0}
    _, bpp, plain = png_pixels(page.screenshot(clip=clip))
    keyboard_focus(page, focus_selector)
    _, bpp, ringed = png_pixels(page.screenshot(clip=clip))

    def at(rows, x: float, y: float):
        x, y = int(x - clip["x"]), int(y - clip["y"])
        return tuple(rows[y][x * bpp:x * bpp + 3])

    left, top = box["x"], box["y"]
    right, bottom = left + box["width"], top + box["height"]
    cx, cy = left + box["width"] / 2, top + box["height"] / 2
    sides = {"top": (0, -1, cx, top), "bottom": (0, 1, cx, bottom - 0.01),
             "left": (-1, 0, left, cy), "right": (1, 0, right - 0.01, cy)}
    problems = []
    for name, (dx, dy, x, y) in sides.items():
        steps = [d / 2 for d in range(2, 13)]
        best = max(contrast(at(ringed, x + dx * d, y + dy * d), at(plain, x + dx * d, y + dy * d))
                   for d in steps)
        if best < 3:
            seen = [at(ringed, x + dx * d, y + dy * d) for d in steps]
            problems.append(f"{ring_selector} {name}: best change {best:.2f}, pixels {seen}")
    return problems


def keyboard_focus(page, selector: str) -> None:
    # the last input came from the keyboard (Shift: a key that moves nothing,
    # so the page does not scroll between the two pictures)
    page.keyboard.press("Shift")
    page.locator(selector).focus()
    assert page.evaluate("s => document.querySelector(s).matches(':focus-visible')", selector)
    # buttons ease their shadow in (a transition): the picture once it has ended
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")


FOCUS_TARGETS = [
    # (what gets focus, what carries the ring)
    ("#tab-draw", "#tab-draw"),
    ("#solve", "#solve"),
    ("#turn-left", "#turn-left"),
    (".topbar nav a:nth-child(2)", ".topbar nav a:nth-child(2)"),
    (".topbar .brand", ".topbar .brand"),
    ("#import-export summary", "#import-export summary"),
    ("input[name=tool][value=wall]", "input[name=tool][value=wall] + span"),
    ("#goal", "#goal"),
    ("#board", "#board"),
]


def test_focus_rings_are_seen_on_every_control(page):
    page.goto("/")
    wait_for_board(page, parse(EXAMPLE).text())
    problems = []
    for target, ring in FOCUS_TARGETS:
        problems += ring_check(page, target, ring)
    # the Try it tab, selected (dark), and the Draw tab beside it focused
    try_it(page)
    problems += ring_check(page, "#tab-try", "#tab-try")
    problems += ring_check(page, "#tab-draw", "#tab-draw")
    assert not problems, "\n".join(problems)


def test_focus_rings_in_the_move_list_and_on_the_file_picker(page):
    page.goto("/")
    wait_for_board(page, parse(EXAMPLE).text())
    button(page, "Solve").click()
    expect(page.locator("#moves-list li").first).to_be_visible(timeout=30_000)
    problems = ring_check(page, "#moves-list li:first-child button", "#moves-list li:first-child button")
    # the file picker is a real button: it takes focus and shows the ring
    open_import(page)
    problems += ring_check(page, "#open-file", "#open-file")
    assert not problems, "\n".join(problems)


def test_visually_hidden_text_is_read_but_not_seen(page):
    # the class the live region #announce uses (static/style.css)
    page.goto("/")
    size = page.evaluate("""() => {
      const p = document.createElement('p');
      p.className = 'visually-hidden';
      p.id = 'hidden-probe';
      p.textContent = 'Turned left. Stick 0 fell 3 cells.';
      document.body.append(p);
      const box = p.getBoundingClientRect();
      return [box.width, box.height];
    }""")
    assert size[0] <= 1 and size[1] <= 1
    expect(page.locator("#hidden-probe")).to_have_text("Turned left. Stick 0 fell 3 cells.")
    assert page.get_by_text("Turned left. Stick 0 fell 3 cells.").count() == 1

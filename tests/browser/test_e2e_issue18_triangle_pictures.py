"""End to end in real Chromium, issue 18 items 11 and 17 (triangle): the
gallery's thumbnail, the rules page and the board draw the same figures
(half figures on the edges, one shape and colour a kind, from the one
description triangle-figures.json); with Numbers on, no number covers a
figure, at desktop and phone size. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import expect

from e2e_helpers import ARTIFACTS
from webapp.triangle.figures import figure_colour, figure_shape

pytestmark = pytest.mark.browser

NS = "{http://www.w3.org/2000/svg}"
GALLERY_PUZZLE = "triangle-generated-4x4-many"

# Each tray piece's figures, edge by edge, as the board shows them.
BOARD_FIGURES = """() => [...document.querySelectorAll('#board .piece.in-tray')]
  .sort((a, b) => a.dataset.piece - b.dataset.piece)
  .map((g) => [...g.querySelectorAll('.figure')].map((f) => [
    Number(f.dataset.figure), f.dataset.shape, f.getAttribute('fill'), f.getAttribute('stroke')]))"""


def _svg_figures(text: str) -> list[list[list]]:
    tree = ET.fromstring(text)
    return [[[int(f.get("data-figure")), f.get("data-shape"), f.get("fill"), f.get("stroke")]
             for f in g.iter() if "figure" in (f.get("class") or "").split()]
            for g in tree.iter(NS + "g") if g.get("class") == "piece"]


def test_the_gallery_thumbnail_and_the_board_show_the_same_figures(page):
    page.goto("/puzzles?kind=triangle")
    card = page.locator(f'a.card[data-puzzle="{GALLERY_PUZZLE}"]')
    expect(card).to_be_visible()
    card.scroll_into_view_if_needed()
    image = card.locator("img")
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    thumbnail = page.request.get(image.get_attribute("src"))
    assert thumbnail.ok and thumbnail.headers["content-type"].startswith("image/svg+xml")
    pictured = _svg_figures(thumbnail.text())
    card.click()
    page.wait_for_url(f"**/puzzles/{GALLERY_PUZZLE}")
    expect(page.locator("#board .piece.in-tray")).to_have_count(16)
    on_board = page.evaluate(BOARD_FIGURES)
    # piece by piece, edge by edge: one figure, one shape, one colour
    assert pictured == on_board
    kinds = {abs(v) for piece in on_board for v, *_ in piece}
    assert len(kinds) == 5
    for piece in on_board:
        for value, shape, fill, stroke in piece:
            assert (shape, stroke) == (figure_shape(abs(value)), figure_colour(abs(value)))
            assert fill == figure_colour(abs(value), light=value < 0)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "issue18-triangle-board.png"))


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_every_triangle_thumbnail_loads_and_looks_its_own(screen, request):
    """Issue 30, item 5: the triangle cards' thumbnails load, and no two
    show the same picture (they showed alike trays); each shows the big
    triangle with as many rows of slots as the card's size says."""
    p = request.getfixturevalue("page" if screen == "desktop" else "phone")
    p.goto("/puzzles?kind=triangle")
    cards = p.locator('a.card[data-kind="triangle"]')
    expect(cards).to_have_count(11)
    pictures = []
    for card in cards.all():
        image = card.locator("img")
        image.scroll_into_view_if_needed()  # the thumbnails load lazily
        p.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
        side = int(re.search(r"(\d+) × \1", card.inner_text()).group(1))
        text = p.request.get(image.get_attribute("src")).text()
        assert text.count('class="slot"') == side * side, card.get_attribute("data-puzzle")
        pictures.append(image.screenshot())
    assert len(set(pictures)) == len(pictures)
    ARTIFACTS.mkdir(exist_ok=True)
    p.screenshot(path=str(ARTIFACTS / f"issue30-triangle-thumbnails-{screen}.png"), full_page=True)


def test_the_rules_page_draws_the_boards_figures(page):
    page.goto("/how-to-play/triangle")
    pictures = page.locator("main svg")
    expect(pictures.first).to_be_visible()
    figures = page.evaluate("""() => [...document.querySelectorAll('main svg .figure')].map((f) => [
      Number(f.dataset.figure), f.dataset.shape, f.getAttribute('fill'), f.getAttribute('stroke'),
      f.closest('g[clip-path]') !== null])""")
    assert figures, "the rules' pictures show no figures"
    for value, shape, fill, stroke, clipped in figures:
        assert clipped and shape == figure_shape(abs(value)) and stroke == figure_colour(abs(value))
        assert fill == figure_colour(abs(value), light=value < 0)
    # several pictures on one page: every clip path's id its own
    ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert len(ids) == len(set(ids))
    # each piece's clip path is drawn: the figures show half (a knob's pixels inside the piece only)
    ARTIFACTS.mkdir(exist_ok=True)
    pictures.first.screenshot(path=str(ARTIFACTS / "issue18-triangle-rules-picture.png"))


# Points over each number's box that land on a figure (the numbers let the
# pointer through, so what is under them is what the point hits).
COVERED = """() => {
  const out = [];
  for (const t of document.querySelectorAll('#board .edge-number')) {
    const r = t.getBoundingClientRect();
    for (let i = 0; i <= 4; i++) for (let j = 0; j <= 2; j++) {
      const x = r.left + (r.width * i) / 4;
      const y = r.top + (r.height * j) / 2;
      const hit = document.elementsFromPoint(x, y).find((e) => e.classList.contains('figure'));
      if (hit) out.push([t.textContent, hit.dataset.figure, Math.round(x), Math.round(y)]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_numbers_do_not_cover_the_figures(screen, request):
    p = request.getfixturevalue("page" if screen == "desktop" else "phone")
    p.goto(f"/puzzles/{GALLERY_PUZZLE}")
    expect(p.locator("#board .piece.in-tray")).to_have_count(16)
    p.locator("#numbers").check()
    expect(p.locator("#board .edge-number")).to_have_count(48)
    p.locator("#board").scroll_into_view_if_needed()
    covered = p.evaluate(COVERED)
    ARTIFACTS.mkdir(exist_ok=True)
    p.locator("#board").screenshot(path=str(ARTIFACTS / f"issue18-triangle-numbers-{screen}.png"))
    assert not covered, f"numbers over figures: {covered[:6]}"
    # every number still readable where it is: inside its own piece
    outside = p.evaluate("""() => [...document.querySelectorAll('#board .edge-number')].filter((t) => {
      const r = t.getBoundingClientRect();
      const piece = t.closest('.piece').querySelector('.piece-face').getBoundingClientRect();
      return r.left < piece.left || r.right > piece.right || r.top < piece.top || r.bottom > piece.bottom;
    }).length""")
    assert outside == 0


def test_the_counts_are_grouped_alike(page):
    """'29148 placements, 2,429 pictures' was two styles in one line: every
    count of a solve, the gallery's card and the puzzle's notes group
    thousands with a comma."""
    page.goto("/puzzles?kind=triangle")
    card = page.locator('a.card[data-puzzle="triangle-generated-3x3-many"]')
    expect(card).to_contain_text("2,429 pictures")
    expect(card).to_contain_text("29,148 placements")
    card.click()
    expect(page.locator("#board .piece.in-tray")).to_have_count(9)
    page.get_by_role("button", name="Solve", exact=True).click()
    answer = page.locator("#answer")
    expect(answer).to_contain_text("Solved: 29,148 placements, 2,429 distinct pictures up to turning")
    assert not re.search(r"\b\d{4,}\b", answer.inner_text()), answer.inner_text()


# ------------------------------------------------- item 21: the gallery remembers
def test_the_gallery_remembers_a_solve_and_each_puzzle_links_the_next(page):
    page.goto("/puzzles/spec-example")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-step", "0")
    page.get_by_role("tab", name="Try it").click()
    board.focus()
    for n in (1, 2):
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("n => document.querySelector('#board').dataset.step === String(n)", arg=n)
    expect(page.locator("#board-message")).to_contain_text("Done in 2 moves")
    nxt = page.locator("#next-puzzle")
    expect(nxt).to_be_visible()
    page.goto("/puzzles?kind=rotation")
    card = page.locator('a.card[data-puzzle="spec-example"]')
    expect(card.locator(".card-solved")).to_be_visible()
    expect(card.locator(".card-solved")).to_have_text(re.compile(r"^Solved here: best 2 moves, \d+:\d\d$"))
    # a puzzle not solved says nothing
    expect(page.locator('a.card[data-puzzle="first-tilt"] .card-solved')).to_be_hidden()
    # the order by difficulty, and the solve still shown there
    page.get_by_role("link", name="easiest first").click()
    page.wait_for_url("**sort=difficulty**")
    expect(page.locator('a.card[data-puzzle="spec-example"] .card-solved')).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "issue18-gallery-solved.png"))
    # Next puzzle goes on through the gallery
    page.goto("/puzzles/triangle-generated-4x4-many")
    after = page.locator("#next-puzzle")
    target = after.get_attribute("href")
    after.click()
    page.wait_for_url(f"**{target}")
    expect(page.locator("#puzzle-title")).to_have_text(re.compile(r"\S"))


def test_a_finished_triangle_is_remembered(page):
    """The rules' example finished on its page (each piece put by Hint twice, the
    page's own way to place one): its card will say so."""
    page.goto("/puzzles/triangle-rules-example-3")
    expect(page.locator("#board .piece.in-tray")).to_have_count(9)
    hint = page.get_by_role("button", name="Hint", exact=True)
    for n in range(1, 10):
        hint.click()  # the piece shown on the board, then placed by Hint again
        expect(page.locator("#board .hint-ghost")).to_have_count(1)
        hint.click()
        page.wait_for_function("n => document.querySelector('#board').dataset.filled === String(n)", arg=n)
    expect(page.locator("#board-message")).to_contain_text("Done!")
    records = page.evaluate("() => JSON.parse(localStorage.getItem('rotation-playground:solved') || '{}')")
    assert records["triangle-rules-example-3"]["moves"] == 9
    page.goto("/puzzles?kind=triangle")
    expect(page.locator('a.card[data-puzzle="triangle-rules-example-3"] .card-solved')).to_have_text(
        re.compile(r"^Solved here: best 9 moves, \d+:\d\d$"))


def test_a_sliding_puzzle_solved_by_hand_is_remembered(page):
    page.goto("/puzzles/sliding-rules-eight")
    expect(page.locator("#board .tile")).to_have_count(8)
    start = page.locator("#board").get_attribute("data-board")
    answer = page.request.post("/api/sliding/solve", data={"board": start}).json()
    assert answer["status"] == "solved" and answer["length"] == 8
    for n, tile in enumerate(answer["moves"], start=1):
        page.locator(f'#board .tile[data-tile="{tile}"]').click()
        page.wait_for_function("n => document.querySelector('#board').dataset.step === String(n)", arg=n)
    expect(page.locator("#board-message")).to_contain_text("Solved in 8 moves")
    page.goto("/puzzles?kind=sliding")
    expect(page.locator('a.card[data-puzzle="sliding-rules-eight"] .card-solved')).to_have_text(
        re.compile(r"^Solved here: best 8 moves, \d+:\d\d$"))

"""End to end in real Chromium: the playground's shell in German (issue 32),
the parts every kind's page shares (templates/_playground.html,
static/js/shell/, static/js/common/): the panels' headings and buttons,
the strip's accessible names, the counter, the Share box's labels, fields
and Copy buttons, New puzzle, and what the shell says after Solve, Step,
Back, Play, a move of yours and Undo (the status line, its announcement,
the solved panel), on each kind's page, a desktop and a phone; the player
framed on other sites too. A check fails on any English word of the
shell's messages still shown; the kinds' own words (their moves, their
answers, their set-up panels) are their pages' tests'. axe stays clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from e2e_helpers import TWO_AWAY, board, opened, tile_centre, wait_for_step
from language_walk import lang, left
from webapp import kinds

pytestmark = pytest.mark.browser

#: Where the shell's messages come from.
SHELL_SOURCES = ("templates/_playground.html", "templates/_animation_link.html", "templates/_embed_base.html",
                 "static/js/shell/", "static/js/common/")

#: The shell's own elements on every kind's page, with their words (True)
#: or only their own names (False: a region whose content is a kind's too).
SHELL_PARTS = [(".skip-link", True), (".stage", False), (".goal-line > a", True), ("#play", True),
               (".strip-group", False), ("#restart", True), ("#back", True), ("#step", True), (".speed", True),
               ("#move-counter", True), ("#solved-panel", True), ("#solve-heading", True), ("#solve", True),
               ("#solve-start", True), ("#progress-bar", True), ("#cancel", True), ("#scrub-row", True),
               ("#levels-panel", True), ("#share-heading", True), ("label:has(#share-play)", True),
               (".share-rows", True), ("#share-panel > .row", True), ("#share-message", True),
               ("#embed-full-page", True)]
#: The rotation page has Undo and Redo of its own (its turns).
UNDO = [("#undo", True), ("#redo", True)]
#: What a kind says in the shell's places: its counter, its Undo and Redo.
KINDS_OWN = {"rotation": {"#move-counter", "#undo", "#redo"}, "triangle": {"#move-counter"}}


def shell_parts(kind: str) -> list[tuple[str, bool]]:
    return [part for part in SHELL_PARTS + UNDO if part[0] not in KINDS_OWN.get(kind, set())]

PAGES = {"rotation": "/", "sliding": "/sliding", "triangle": "/triangle"}


def english_left(page, parts) -> list[str]:
    """The English of the shell's messages that German says otherwise, in
    pieces, shown in ``parts``: a kind's noun the shell fills in ("moves")
    is left out, a single lower-case word (``phrases``)."""
    return left(page, parts, SHELL_SOURCES, phrases=True)


def code(kind: str, text: str) -> str:
    k = kinds.get(kind)
    return k.encode(k.parse(text))


@pytest.mark.parametrize("kind", list(PAGES))
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_shell_of_every_kinds_page_in_german(request, kind, screen):
    page = request.getfixturevalue("german" if screen == "desktop" else "german_phone")
    parts = shell_parts(kind)
    opened(page, PAGES[kind])
    assert lang(page) == "de"
    assert english_left(page, parts) == []
    if kind == "sliding":
        expect(page.locator("#move-counter")).to_have_text("Züge: 0 · kürzeste: 8")
    expect(page.get_by_role("heading", name="Lösen", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Neustart", exact=True)).to_be_attached()
    expect(page.get_by_role("button", name="Kopieren (Link)", exact=True)).to_be_attached()
    expect(page.get_by_role("textbox", name="Code zum Einbetten")).to_have_attribute(
        "placeholder", "Ein Player für eine andere Website")
    expect(page.get_by_role("group", name="Schwierigkeit").get_by_role("button", name="Profi")).to_be_attached()
    assert_accessible(page, f"the {kind} page in German on a {screen}")
    # the same page in English: the check finds the shell's English words
    page.goto(f"{PAGES[kind]}?lang=en")
    expect(board(page)).to_have_attribute("data-step", "0")
    assert "Skip to the board" in english_left(page, parts)


def test_solve_step_back_play_a_move_and_undo_say_it_in_german(german, live_server):
    page = german
    opened(page, f"/sliding?p={code('sliding', TWO_AWAY)}")
    message = page.locator("#board-message")
    page.locator("#solve").click()
    expect(page.locator("#moves-label")).to_have_text("Kürzeste Lösung (2)")
    expect(page.locator("#move-counter")).to_have_text("Zug 0 von 2")
    expect(page.locator("#scrubber")).to_have_attribute("aria-valuetext", "Zug 0 von 2")
    page.get_by_role("button", name="Schritt", exact=True).click()
    wait_for_step(page, 1)
    expect(message).to_contain_text(re.compile(r"^Zug 1 von 2\. "))
    # the status line is also said to screen readers
    expect(page.locator("#announce")).to_have_text(message.text_content())
    page.get_by_role("button", name="Zurück", exact=True).click()
    wait_for_step(page, 0)
    expect(message).to_have_text("Zurück am Anfang.")
    page.locator("#play").click()
    wait_for_step(page, 2)
    expect(message).to_contain_text(re.compile(r"Gelöst!$"))
    expect(page.locator("#solved-heading")).to_have_text("Lösung angesehen")
    expect(page.locator("#solved-text")).to_have_text(
        "2 Züge, kürzer geht es nicht. Fang von vorn an und probier es selbst, oder mach weiter.")
    expect(page.locator("#play .label")).to_have_text("Abspielen")
    page.get_by_role("button", name="Neustart", exact=True).click()
    wait_for_step(page, 0)
    expect(message).to_have_text("Zurück am Anfang.")

    # your own moves: one, taken back, then both to the goal
    page.mouse.click(*tile_centre(page, 7))
    wait_for_step(page, 1)
    expect(message).to_contain_text(re.compile(r" Züge: 1\.$"))
    expect(page.locator("#move-counter")).to_have_text("Züge: 1 · kürzeste: 2")
    expect(page.locator("#moves-label")).to_have_text("Deine Züge (1)")
    page.get_by_role("button", name="Rückgängig", exact=True).click()
    wait_for_step(page, 0)
    expect(message).to_have_text("Zurück am Anfang.")
    page.mouse.click(*tile_centre(page, 7))
    wait_for_step(page, 1)
    page.mouse.click(*tile_centre(page, 8))
    wait_for_step(page, 2)
    expect(message).to_have_text("Gelöst in 2 Zügen: kürzer geht es nicht!")
    expect(page.locator("#solved-heading")).to_have_text("Gelöst!")
    expect(page.locator("#solved-text")).to_have_text("Gelöst in 2 Zügen: kürzer geht es nicht. ★")
    assert english_left(page, shell_parts("sliding") + [("#board-message", True), ("#moves-label", True)]) == []
    assert_accessible(page, "the sliding page solved, in German")


def test_the_share_box_and_new_puzzle_say_it_in_german(german, live_server):
    page = german
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    opened(page, f"/sliding?p={code('sliding', TWO_AWAY)}")
    expect(page.locator("#share-url")).to_have_value(re.compile(r"^http"))
    page.get_by_role("button", name="Kopieren (Link)", exact=True).click()
    expect(page.locator("#share-message")).to_have_text("Link in die Zwischenablage kopiert.")
    page.get_by_role("button", name="Erstellen (Kurzlink)", exact=True).click()
    expect(page.locator("#share-message")).to_have_text("Kurzlink in die Zwischenablage kopiert.")
    expect(page.get_by_role("button", name="Kopieren (Kurzlink)", exact=True)).to_be_visible()
    page.get_by_role("button", name="Leicht", exact=True).click()
    expect(page.locator("#level-message")).to_have_text(
        re.compile(r"^Ein leichtes Rätsel(: Die kürzeste Lösung braucht \d+ Zügen?)?\.$"))
    expect(page.locator("#puzzle-title")).to_have_text("Leichtes Rätsel")
    expect(page.locator("#board-message")).to_contain_text(re.compile(r" Probier es, oder drück auf Lösen\.$"))
    assert english_left(page, shell_parts("sliding") + [("#board-message", True)]) == []


@pytest.mark.parametrize("kind", list(PAGES))
def test_the_framed_player_speaks_german(german, kind):
    page = german
    example = kinds.get(kind)
    opened(page, f"/embed/{kind}?p={example.encode(example.parse(example.example))}")
    assert lang(page) == "de"
    expect(page.get_by_role("link", name="In Rotation Playground öffnen")).to_be_visible()
    assert english_left(page, shell_parts(kind)) == []
    assert_accessible(page, f"the framed {kind} player in German")


def test_numbers_and_times_in_the_pages_language(german):
    """format.js: 29.148 and 0,42 s in German (a count sent as digits too)."""
    page = german
    opened(page, "/sliding")
    said = page.evaluate("""async () => {
      const i18n = document.querySelector('script[src$="/js/common/i18n.js"]').src;
      const f = await import(i18n.replace("/js/common/i18n.js", "/js/common/format.js"));
      return [f.count(29148), f.count("12345678901234567890"), f.duration(0.42), f.duration(0.001), f.plural(1, "Zug", "Züge")];
    }""")
    assert said == ["29.148", "12.345.678.901.234.567.890", "0,42 s", "<0,01 s", "1 Zug"]

"""End to end in real Chromium: the sliding and triangle pages in German,
on a desktop and a phone. Their own parts (the Set up and Solutions panels,
the keys' line, the goal, Hint, Reset, Numbers, the boards' accessible
names, the messages and announcements their scripts say, a solve's answer,
a hint, the triangle's solutions list and search show) say no English word
of theirs: each message of those templates and scripts whose German differs
is looked for, piece by piece, in what the page shows, in its names and
titles and in the live regions. The shell's words around them (another
part's work) are not counted. The same check on the English page finds
English, and axe stays clean in German."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from e2e_helpers import board, button, message, tray_piece, wait_filled
from language_walk import left, pieces

pytestmark = pytest.mark.browser

#: Where the two kinds' page words come from.
SOURCES = ("templates/sliding.html", "templates/triangle.html", "static/js/kinds/sliding/",
           "static/js/kinds/triangle/")
#: The parts of each page those words fill: the kind's own blocks and the
#: places the shell shows what the kind says (message, answer, live regions).
SAID = ["#goal-text", "#board-message", "#answer", "#moves-label", "#announce", "#board-description"]
SLIDING_PARTS = SAID + ["#board", "#hint", "#slide-keys", "#solve-panel .hint-text", "#setup-panel"]
TRIANGLE_PARTS = SAID + ["#board", "#hint", "#reset", "label:has(#numbers)", "#triangle-keys",
                         "#solve-panel .hint-text", "#solutions-panel", "#setup-panel", "#move-counter"]


def english_left(page, parts) -> list[str]:
    """The English of the kinds' pages' messages that German says
    otherwise, piece by piece, shown in ``parts`` (their names and titles too)."""
    return left(page, parts, SOURCES)


def test_the_check_finds_the_english_of_an_english_page(page):
    english = pieces("en", SOURCES)
    assert "Show search" in english and "Hint: slide tile" in english and "Row" not in english
    page.goto("/triangle?lang=en")
    expect(board(page).locator(".piece").first).to_be_attached()
    assert "Every solution, counted; the first ones shown" in english_left(page, TRIANGLE_PARTS)
    assert "in the tray" in english_left(page, TRIANGLE_PARTS)  # the pieces' names
    page.goto("/sliding?lang=en")
    expect(board(page).locator(".tile").first).to_be_attached()
    assert "Sliding tiles board" in english_left(page, SLIDING_PARTS)


def test_the_sliding_page_in_german(desktop_or_phone):
    page = desktop_or_phone
    page.goto("/sliding?lang=de")
    expect(board(page).locator(".tile").first).to_be_attached()
    expect(board(page)).to_have_attribute("aria-label", "Spielfeld des Schiebepuzzles")
    expect(page.locator('#board .tile[data-tile="4"]')).to_have_attribute("aria-label", "Plättchen 4")
    expect(page.get_by_role("heading", name="Aufbau")).to_be_visible()
    assert english_left(page, SLIDING_PARTS) == []

    button(page, "Tipp").click()
    expect(message(page)).to_contain_text("Tipp: Schiebe Plättchen")
    page.locator("#solve").click()
    expect(page.locator("#answer")).to_contain_text("Gelöst in 8 Zügen – weniger geht nicht: 4 8 7 4 5 2 3 6")
    assert english_left(page, SLIDING_PARTS) == []

    page.locator("#board .tile.movable").first.click()
    expect(message(page)).to_contain_text(re.compile(r"Plättchen \d+ nach (links|rechts|oben|unten) geschoben"))
    page.locator("#width").select_option("4")
    expect(message(page)).to_contain_text("Ein 4 × 3-Spielfeld, gelöst.")
    # the shuffle "N moves from the goal" is for 9 cells or fewer: its range follows
    page.locator("#width").select_option("3")
    expect(page.locator("#shuffle-range")).to_have_text("(0 bis 31)")
    button(page, "N Züge mischen").click()
    expect(message(page)).to_contain_text("3 × 3-Stellung, 10 Züge vom Ziel entfernt")
    page.get_by_text("Stellung eintippen oder einfügen", exact=True).click()
    page.locator("#position-text").fill("1 2 3\n4 5 6\n8 7 0\n")
    button(page, "Diese Stellung verwenden").click()
    expect(message(page)).to_contain_text("Sie kann das Ziel nicht erreichen. Plättchen mit falscher Parität")
    expect(page.locator("#puzzle-title")).to_have_text("Deine Stellung")
    expect(page.locator("#board-description")).to_contain_text("Zeile 3: 8, 7, frei.")
    assert english_left(page, SLIDING_PARTS) == []
    assert_accessible(page, "the sliding page in German")


def test_the_triangle_page_in_german(desktop_or_phone):
    page = desktop_or_phone
    page.goto("/triangle?lang=de")
    expect(board(page).locator(".piece").first).to_be_attached()
    expect(board(page)).to_have_attribute("aria-label", "Dreieckspuzzle: das große Dreieck und die Ablage mit den Teilen")
    expect(page.locator(tray_piece(0))).to_have_attribute("aria-label", re.compile(r"^Teil 0 in der Ablage: "))
    expect(page.locator("#search-counter")).to_contain_text("Die Suche, verlangsamt")
    assert english_left(page, TRIANGLE_PARTS) == []

    button(page, "Tipp").click()
    expect(message(page)).to_contain_text("Tipp: Teil 0 gehört auf Platz 0")
    expect(board(page).locator(".hint-ghost")).to_have_attribute("aria-label", re.compile(r"^Tipp: Teil 0"))
    button(page, "Tipp").click()
    wait_filled(page, 1)
    expect(page.locator("#move-counter")).to_contain_text("Gelegt: 1 von 9")
    assert english_left(page, TRIANGLE_PARTS) == []

    page.locator("#solve").click()
    expect(page.locator("#answer")).to_contain_text("Gelöst: 3 Legungen, 1 verschiedenes Bild (Drehungen nicht mitgezählt)")
    expect(page.locator("#moves-label")).to_contain_text("Die Lösung, Teil für Teil")
    expect(page.locator("#solution-index")).to_have_text("Lösung 1 von 3")
    button(page, "Nächste").click()
    expect(page.locator("#solution-index")).to_have_text("Lösung 2 von 3")
    expect(message(page)).to_contain_text("Lösung 2 von 3.")
    assert english_left(page, TRIANGLE_PARTS) == []

    page.locator("#speed").select_option(index=0)
    button(page, "Suche zeigen").click()
    expect(page.locator("#answer")).to_contain_text("Suche verfolgt: ")
    expect(page.locator("#moves-label")).to_contain_text("Die Suche, Schritt für Schritt")
    expect(page.locator("#search-counter")).to_contain_text(re.compile(r"Suche: Schritt \d+ von \d+, \d+ Rücknahme"))
    button(page, "Suche anhalten").click()
    expect(message(page)).to_contain_text("Suche angehalten")
    expect(button(page, "Suche fortsetzen")).to_be_visible()
    assert english_left(page, TRIANGLE_PARTS) == []
    button(page, "Stopp").click()
    expect(message(page)).to_contain_text("Die Vorführung der Suche ist vorbei")

    page.get_by_text("Teile bearbeiten", exact=True).click()
    expect(page.get_by_role("spinbutton", name="Teil 0, Seite 1", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Teil 8 entfernen")).to_have_text("Entfernen")
    assert english_left(page, TRIANGLE_PARTS) == []
    assert_accessible(page, "the triangle page in German")


def test_the_triangle_keys_are_said_in_german(page):
    page.goto("/triangle?lang=de")
    expect(board(page).locator(".piece").first).to_be_attached()
    board(page).focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#announce, #board-message").filter(has_text="Ablage: Teil 1 (")).not_to_have_count(0)
    page.keyboard.press("Enter")
    expect(message(page)).to_contain_text("Teil 1 aufgenommen. Pfeile wählen einen Platz")
    page.keyboard.press("Enter")
    wait_filled(page, 1)
    page.keyboard.press("Delete")
    wait_filled(page, 0)
    expect(message(page)).to_contain_text("Teil 1 zurück in der Ablage.")
    assert english_left(page, TRIANGLE_PARTS) == []


def test_the_kinds_pictures_are_named_in_german(page):
    """The How to play pictures the kinds draw (webapp/words.py): their
    names and the titles inside them, the pieces' too."""
    page.goto("/how-to-play/sliding?lang=de")
    names = page.locator("main svg[role=img]")
    expect(names.first).to_have_attribute("aria-label", "Das Ziel: die Plättchen 1 bis 8 der Reihe nach, "
                                                        "das freie Feld zuletzt")
    titles = page.locator("main svg title").all_text_contents()
    assert "3 × 3-Schiebepuzzle: 1 5 2 / 7 _ 3 / 8 4 6" in titles, titles
    page.goto("/how-to-play/triangle?lang=de")
    expect(names.first).to_have_attribute("aria-label", "Die neun Teile des Beispiels aus den Regeln")
    titles = page.locator("main svg title").all_text_contents()
    assert titles[0] == "3 × 3-Dreieckspuzzle: 9 lose Teile" and "Teil 0: 10 4 10" in titles, titles
    # an English reader after a German one: the pictures drawn for each language
    page.goto("/how-to-play/triangle?lang=en")
    expect(names.first).to_have_attribute("aria-label", "The nine pieces of the example from the rules")
    assert page.locator("main svg title").first.text_content() == "3 x 3 triangle puzzle: 9 loose pieces"

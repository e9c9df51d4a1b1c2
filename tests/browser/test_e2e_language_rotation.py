"""End to end in real Chromium: the rotation page in German. The same walk
on the English page and on the German one (the Draw tab and its tools, a
hint, a turn, a solve with its chips, the Try it tab, the keyboard's cursor
in Draw, another goal) reads the parts of the page the rotation kind
writes (templates/rotation.html, static/js/kinds/rotation/): their text,
their buttons' names and titles, the board's accessible name and
description, the announcements. The German says none of the English of
those messages and differs from the English page part by part; on a
phone the turn buttons' short words are German too. axe stays clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from e2e_helpers import shot, wait_for_step, wait_still
from language_walk import found_in, pieces

pytestmark = pytest.mark.browser

#: Where the rotation page's own words are written.
MINE = ("templates/rotation.html", "static/js/kinds/rotation/")

#: Each part of the page the kind writes: its text (or an attribute's,
#: after "@"), read whether it is shown or not.
TEXTS = {
    "tabs": ".mode-tabs", "draw panel": "#draw-panel", "goal": "#goal-text", "goals": "#goal",
    "turn left": "#turn-left", "hint": "#hint", "turn right": "#turn-right", "counter": "#move-counter",
    "draw keys": "#draw-keys", "try keys": "#try-keys", "share turns": "label.check:has(#share-moves)",
    "description": "#board-description",
}
ATTRIBUTES = {
    "board name": "#board@aria-label", "tabs name": ".mode-tabs@aria-label", "tools name": ".tools@aria-label",
    "controls name": ".controls@aria-label", "moves name": ".actions@aria-label",
    "undo name": "#undo@aria-label", "redo name": "#redo@aria-label",
    **{f"{selector} title": f"{selector}@title" for selector in (
        "#turn-left", "#turn-right", "#hint", "#undo", "#redo", "#size", "#new-frame", "#clear", "#draw-undo",
        "#draw-redo")},
}


def read(page) -> dict[str, str]:
    """The kind's parts of the page as they are now."""
    found = {name: page.locator(selector).first.text_content() or "" for name, selector in TEXTS.items()}
    for name, where in ATTRIBUTES.items():
        selector, attribute = where.split("@")
        found[name] = page.locator(selector).first.get_attribute(attribute) or ""
    return found


def walk(page, lang: str) -> dict[str, str]:
    """The same steps on the page in ``lang``; every part read on the way.
    The buttons are found by their ids: the names are what is tested."""
    page.goto(f"/?lang={lang}")
    page.wait_for_function("() => document.querySelector('#board').dataset.board")
    seen = {f"draw: {name}": text for name, text in read(page).items()}

    page.locator("#tab-try").click()
    seen["try it said"] = message(page)
    # from the start: the shell says nothing of its own before the answer
    page.locator("#solve").click()
    expect(page.locator("#answer")).to_contain_text("L L")
    seen["answer"] = page.locator("#answer").text_content()
    seen["chip"] = page.locator("#moves-list li button").first.get_attribute("title")
    page.locator("#hint").click()
    expect(page.locator("#board-message")).to_contain_text("(L)")
    seen["hint"] = message(page)
    page.locator("#turn-left").click()
    wait_for_step(page, 1)
    wait_still(page)
    expect(page.locator("#board-message")).to_contain_text("1")
    seen["turned"] = message(page)
    seen.update({f"try: {name}": text for name, text in read(page).items()})

    page.locator("#tab-draw").click()
    page.locator('input[name="tool"][value="wall"]').check()
    seen["wall help"] = page.locator("#tool-help").text_content()
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#announce")).to_have_text(re.compile(r"^\w+ 2, \w+ 3: "))  # Row 2, column 3: ...
    seen["cursor said"] = page.locator("#announce").text_content()
    page.locator("#goal").select_option("stick:0")
    seen["stick goal"] = page.locator("#goal-text").text_content()
    return seen


def message(page) -> str:
    return page.locator("#board-message").text_content()


def english_left(seen: dict[str, str]) -> list[str]:
    """The English of the kind's messages, piece by piece, that German
    says otherwise, found in the parts ``seen``."""
    return found_in("\n".join(seen.values()), pieces("en", MINE))


def test_the_rotation_page_says_its_words_in_german(page):
    english = walk(page, "en")
    assert "Turn left" in english["draw: turn left"] and "Hint: turn left (L)" in english["hint"]
    assert english_left(english), "the check finds the English words of an English page"

    german = walk(page, "de")
    assert english_left(german) == []
    same = [name for name, text in english.items() if re.search(r"[A-Za-z]{3}", text) and german[name] == text]
    assert same == [], f"still as in English: {same}"
    # the competition's words
    assert "Stäbchen" in german["draw: board name"] and "Drehung nach links" in german["draw: turn left"]
    assert german["hint"].startswith("Tipp: Drehung nach links (L)")
    assert german["answer"].startswith("Gelöst mit 2 Drehungen: L L")
    assert german["chip"] == "Drehung 1: nach links"
    assert german["stick goal"] == "Drehe den Rahmen so, dass Stäbchen 0 durch die Lücke herausfällt."
    expect(page.get_by_role("tab", name="Zeichnen")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("radio", name="Wand", exact=True)).to_be_checked()
    expect(page.get_by_role("application", name=re.compile(r"^Spielfeld, 7 mal 7, 2 Stäbchen"))).to_be_visible()
    shot(page, "language-rotation-draw-desktop-de", full_page=True)
    assert_accessible(page, "the rotation page in German")


def test_the_turn_buttons_are_german_on_a_phone(phone):
    phone.goto("/?lang=de")
    phone.get_by_role("tab", name="Ausprobieren").tap()
    left, right = phone.locator("#turn-left"), phone.locator("#turn-right")
    # the short words shown, the whole ones named, all on the line with Play
    expect(left.locator(".short-label")).to_be_visible()
    expect(left.locator(".short-label")).to_have_text("L")
    expect(right.locator(".short-label")).to_have_text("R")
    expect(phone.get_by_role("button", name="Drehung nach links")).to_be_visible()
    tops = {round(phone.locator(f"#{id}").bounding_box()["y"]) for id in ("turn-left", "hint", "turn-right", "play")}
    assert len(tops) == 1, tops
    phone.get_by_role("button", name="Drehung nach rechts").tap()
    wait_for_step(phone, 1)
    expect(phone.locator("#board-message")).to_contain_text("Nach rechts gedreht.")
    expect(phone.locator("#move-counter")).to_have_text("Drehungen: 1")
    phone.get_by_role("tab", name="Zeichnen").tap()
    for name in ("Stäbchen", "Wand", "Lücke", "Verschieben", "Löschen"):
        expect(phone.get_by_role("radio", name=name, exact=True)).to_be_visible()
    expect(phone.get_by_role("button", name="Neuer Rahmen")).to_be_visible()
    shot(phone, "language-rotation-draw-phone-de", full_page=True)
    assert_accessible(phone, "the rotation page on a phone in German")


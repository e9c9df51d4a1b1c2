"""End to end in real Chromium: the gallery's puzzles in German (issue 32).
On a German gallery, on a desktop and on a phone, every card's title is
its German one, none the English of the same card on the English page (a
few titles read the same in both languages), its facts are German, and a
card opens its puzzle under the same German title; an English reader's
gallery stays English. axe stays clean in German."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible

pytestmark = pytest.mark.browser

#: Titles that are the same word in both languages.
SAME_IN_BOTH = {"marathon", "maze-30"}
#: English words a card's facts say ("2 sticks", "8 moves", "no solution", "84 placements").
ENGLISH_FACTS = ("stick", "move", "turn", "solution", "piece", "picture", "placement")


def card_titles(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        ".gallery .card", "cards => Object.fromEntries(cards.map(c => "
        "[c.dataset.puzzle, c.querySelector('.card-title').innerText.trim()]))")


def test_the_german_gallery_cards_say_their_german_titles(desktop_or_phone):
    page = desktop_or_phone
    page.goto("/puzzles?lang=en")
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzles")
    english = card_titles(page)
    assert english["first-tilt"] == "First tilt" and len(english) > 50

    page.goto("/puzzles?lang=de")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rätsel")
    german = card_titles(page)
    assert german.keys() == english.keys()
    left = {name: title for name, title in german.items() if title == english[name] and name not in SAME_IN_BOTH}
    assert left == {}, f"still English: {left}"
    first = page.locator('.card[data-puzzle="first-tilt"]')
    expect(first.locator(".card-title")).to_have_text("Erste Drehung")
    first.scroll_into_view_if_needed()
    expect(first).to_be_in_viewport()
    metas = page.locator(".gallery .card-meta").all_inner_texts()
    english_facts = [m for m in metas if any(word in m for word in ENGLISH_FACTS)]
    assert english_facts == [], english_facts[:5]
    # a card's accessible name is its German title
    expect(page.get_by_role("link", name="Korf Nr. 55: 41 Züge")).to_have_count(1)
    assert_accessible(page, f"the gallery in German ({page.viewport_size['width']} wide)")

    # a card opens its puzzle under the same title
    page.locator('.card[data-puzzle="tight-corner"]').click()
    expect(page.locator("#puzzle-title")).to_have_text("Enge Ecke")


def test_a_kinds_german_gallery_sorted_easiest_first(page):
    page.goto("/puzzles?kind=triangle&sort=difficulty&lang=de")
    titles = page.locator(".gallery .card-title").all_inner_texts()
    assert "Das erste Beispiel der Regeln" in titles and "Sechs mal sechs, zwei Bilder" in titles
    assert not [t for t in titles if "example" in t or " by " in t], titles

"""End to end in real Chromium: German and English (webapp/web/language.py,
static/js/common/i18n.js). A reader switches to Deutsch in the header and
the translated parts (the header, the gallery, the How to play pages with
their pictures' captions, the error page) say no English word of theirs;
the gallery's script speaks German too, plural and number included; a
reload and the next page stay German, the address shows no lang=; a link
copied from it opens in English for a reader whose browser or cookie says
English; a browser that asks for German gets it without a click. axe stays
clean in German."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from language_walk import lang, left, not_found

pytestmark = pytest.mark.browser

SOLVED = "rotation-playground:solved"

#: The parts of the gallery and the error page this session translated,
#: with the templates their words come from.
GALLERY_PARTS = ["header.topbar", "main h1", "main > .lede", ".gallery-filter", ".gallery-sort",
                 ".gallery-print", ".goal-line", "#studies-title", ".study h3"]
ERROR_PARTS = ["header.topbar", ".message-page"]
HOWTO_PARTS = ["header.topbar", "main.howto-page"]
TEMPLATES = ("templates/base.html", "templates/gallery.html", "templates/error.html",
             "templates/_language_switch.html", "webapp/web/language.py", "webapp/web/pages.py",
             "templates/_how_to_play.html", "templates/how_to_play.html", "templates/how_to_play_sliding.html",
             "templates/how_to_play_triangle.html")


def english_left(page, parts) -> list[str]:
    """The English of those templates' messages that German says otherwise, shown in ``parts``."""
    return left(page, parts, TEMPLATES)


def test_switching_to_german_in_the_header_and_keeping_it(page, phone):
    page.goto("/puzzles")
    page.evaluate("([key, name]) => localStorage.setItem(key, JSON.stringify({[name]: {moves: 1234, seconds: 65}}))",
                  [SOLVED, "first-tilt"])
    page.reload()
    assert lang(page) == "en"
    badge = page.locator('.card[data-puzzle="first-tilt"] .card-solved')
    expect(badge).to_have_text("Solved here: best 1,234 moves, 1:05")
    assert english_left(page, GALLERY_PARTS), "the check finds the English words of an English page"

    switch = page.get_by_role("navigation", name="Language")
    expect(switch.get_by_role("link", name="English")).to_have_attribute("aria-current", "true")
    switch.get_by_role("link", name="Deutsch").click()
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rätsel")
    expect(page.get_by_role("navigation", name="Sprache").get_by_role("link", name="Deutsch")) \
        .to_have_attribute("aria-current", "true")
    # the script's words, from the JSON catalogue: German plural, German number
    expect(badge).to_have_text("Hier gelöst, Bestwert: 1.234 Züge, 1:05")
    page.wait_for_function("() => !location.search.includes('lang=')")
    assert english_left(page, GALLERY_PARTS) == []
    assert_accessible(page, "the gallery in German")

    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Rätsel")
    assert lang(page) == "de"
    page.get_by_role("navigation", name="Seiten").get_by_role("link", name="Schiebepuzzle").click()
    page.wait_for_url(re.compile(r"/sliding$"))
    assert lang(page) == "de"
    page.goto("/puzzles?kind=triangle&sort=difficulty")
    expect(page.locator(".goal-line")).to_contain_text("Lege alle Teile")
    assert english_left(page, GALLERY_PARTS) == []

    # the German reader's address, opened by an English reader (another
    # browser, its own cookies): English
    page.goto("/puzzles?kind=sliding")
    link = page.url
    phone.goto(link)
    assert lang(phone) == "en"
    expect(phone.get_by_role("heading", level=1)).to_have_text("Puzzles")


def test_the_switch_works_on_a_phone_and_back_to_english(phone):
    phone.goto("/puzzles")
    switch = phone.get_by_role("navigation", name="Language")
    expect(switch).to_be_in_viewport()
    switch.get_by_role("link", name="Deutsch").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Rätsel")
    phone.get_by_role("navigation", name="Sprache").get_by_role("link", name="English").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Puzzles")
    phone.reload()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Puzzles")
    assert lang(phone) == "en"


def test_a_browser_that_asks_for_german_gets_it_and_the_cookie_overrides(german, live_server):
    page = german
    page.goto("/puzzles")
    assert lang(page) == "de"
    expect(page.get_by_role("heading", level=1)).to_have_text("Rätsel")
    page.context.add_cookies([{"name": "lang", "value": "en", "url": live_server}])
    page.goto("/puzzles")
    assert lang(page) == "en"
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzles")


def test_the_error_page_in_german(browser, live_server):
    with not_found(browser, live_server, "/no-such-page", locale="de-DE") as page:
        expect(page.get_by_role("heading", level=1)).to_have_text("Seite nicht gefunden")
        expect(page.get_by_role("link", name="Zum Spielfeld")).to_be_visible()
        assert english_left(page, ERROR_PARTS) == []
        assert_accessible(page, "the 404 page in German")


@pytest.mark.parametrize("path, heading", [
    ("/how-to-play", "Spielanleitung"),
    ("/how-to-play/sliding", "Spielanleitung: Schiebepuzzle"),
    ("/how-to-play/triangle", "Spielanleitung: Dreieckspuzzle"),
])
def test_the_how_to_pages_in_german(german, path, heading):
    page = german
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    assert page.locator("figcaption").count() > 0
    assert english_left(page, HOWTO_PARTS) == []
    assert_accessible(page, f"{path} in German")
    page.get_by_role("navigation", name="Sprache").get_by_role("link", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("How to play")
    assert english_left(page, HOWTO_PARTS), "the check finds the English words of an English page"


def test_the_plural_rule_reads_gettext_expressions(page):
    """i18n.js reads a catalogue's Plural-Forms without eval (the page's
    policy forbids it): Russian's three forms, French's 0 and 1 alike, and
    an expression it cannot read counted as English."""
    page.goto("/puzzles?lang=de")
    forms = page.evaluate("""async () => {
      const { pluralRule } = await import(document.querySelector('script[src$="/js/common/i18n.js"]').src);
      const ru = pluralRule("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);");
      const fr = pluralRule("nplurals=2; plural=(n > 1);");
      const bad = pluralRule("nplurals=2; plural=(n ~ 1);");
      return [[1, 2, 5, 11, 21, 22, 25, 111, 0].map(ru), [0, 1, 2].map(fr), [0, 1, 2].map(bad)];
    }""")
    assert forms == [[0, 1, 2, 2, 0, 1, 2, 2, 2], [0, 0, 1], [1, 0, 1]]


@pytest.mark.parametrize("opened, kept", [
    ("/puzzles/first-tilt?lang=de", "/puzzles/first-tilt"),
    ("/sliding?lang=de&play=1", "/sliding?play=1"),
    ("/puzzles?kind=sliding&lang=en&sort=difficulty", "/puzzles?kind=sliding&sort=difficulty"),
])
def test_the_address_a_page_shows_keeps_all_but_the_language(page, live_server, opened, kept):
    """What Share and a copied address start from (window.location) carries
    no lang=: the link opens in its reader's language."""
    page.goto(opened)
    page.wait_for_function("() => !location.search.includes('lang=')")
    assert page.url == live_server + kept
    assert lang(page) == ("en" if "lang=en" in opened else "de")

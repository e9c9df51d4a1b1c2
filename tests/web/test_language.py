"""German and English (webapp/web/language.py): the language of a page is
``?lang=`` (then kept in a cookie), else the ``lang`` cookie, else the
best of Accept-Language, else English; an unknown ``?lang=`` changes
nothing; ``<html lang>`` and the header's switch follow; pages vary on the
headers that choose; the scripts' catalogue is JSON under a versioned
address, kept a year, with its plural forms."""

from __future__ import annotations

import re

import pytest

from webapp import kinds

PAGES = [kind.web.page_path for kind in kinds.KINDS] + ["/puzzles", "/how-to-play", "/puzzles?kind=sliding"]


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True)).group(1)


def heading(response) -> str:
    return re.search(r"<h1>(.*?)</h1>", response.get_data(as_text=True)).group(1)


@pytest.mark.parametrize("path", PAGES)
def test_a_page_is_english_by_default_and_german_when_asked(client, path):
    assert html_lang(client.get(path)) == "en"
    assert html_lang(client.get(path + ("&" if "?" in path else "?") + "lang=de")) == "de"


@pytest.mark.parametrize("headers, cookie, query, expected", [
    ({}, None, "", "en"),                                             # nothing said: English
    ({"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}, None, "", "de"),  # the browser's
    ({"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7"}, None, "", "en"),  # its best of de/en
    ({"Accept-Language": "fr-FR,fr;q=0.9"}, None, "", "en"),          # neither: English
    ({"Accept-Language": "de-CH,en;q=0.3"}, None, "", "de"),          # by the primary tag, the best first
    ({"Accept-Language": "en-GB,de;q=0.8"}, None, "", "en"),
    ({"Accept-Language": "de-AT"}, None, "", "de"),
    ({"Accept-Language": "*"}, None, "", "en"),
    ({"Accept-Language": "de;q=0,fr"}, None, "", "en"),
    ({"Accept-Language": "xx;q=0.5,,;;"}, None, "", "en"),
    ({"Accept-Language": "de"}, "en", "", "en"),                      # the cookie over the browser
    ({}, "de", "", "de"),
    ({"Accept-Language": "de"}, "en", "?lang=de", "de"),              # ?lang= over both
    ({"Accept-Language": "de"}, "de", "?lang=en", "en"),
    ({"Accept-Language": "de"}, None, "?lang=xx", "de"),              # unknown: as if absent
    ({}, "de", "?lang=", "de"),
    ({}, "klingon", "", "en"),                                        # a cookie of no language
])
def test_the_sources_of_the_language_in_their_order(client, headers, cookie, query, expected):
    if cookie is not None:
        client.set_cookie("lang", cookie)
    response = client.get("/puzzles" + query, headers=headers)
    assert response.status_code == 200
    assert html_lang(response) == expected
    assert heading(response) == {"en": "Puzzles", "de": "Rätsel"}[expected]


def test_lang_in_the_address_is_kept_in_a_cookie_for_the_next_pages(client):
    response = client.get("/puzzles?lang=de")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=de;") and "SameSite=Lax" in cookie and "Path=/" in cookie
    assert html_lang(client.get("/how-to-play")) == "de"
    assert html_lang(client.get("/sliding?lang=en")) == "en"
    assert html_lang(client.get("/puzzles")) == "en"


@pytest.mark.parametrize("query", ["?lang=xx", "?lang=", "?lang=de&lang=en", "?lang=%00", "?lang=" + "d" * 5000])
def test_an_unknown_lang_is_ignored_never_an_error(client, query):
    response = client.get("/puzzles" + query)
    assert response.status_code == 200
    assert "lang=xx" not in response.headers.get("Set-Cookie", "")


def test_no_cookie_is_set_when_the_address_says_nothing_or_the_cookie_agrees(client):
    assert "Set-Cookie" not in client.get("/puzzles").headers
    client.set_cookie("lang", "de")
    assert "Set-Cookie" not in client.get("/puzzles?lang=de").headers


@pytest.mark.parametrize("path", PAGES + ["/no-such-page"])
def test_pages_vary_on_the_headers_that_choose_their_language(client, path):
    vary = {v.strip() for v in client.get(path).headers.get("Vary", "").split(",")}
    assert {"Accept-Language", "Cookie"} <= vary


def test_the_header_switch_links_this_address_in_each_language_marking_the_current(client):
    page = client.get("/puzzles?kind=sliding&sort=difficulty", headers={"Accept-Language": "de"})
    switch = re.search(r'<div class="language-switch"[^>]*>(.*?)</div>', page.get_data(as_text=True), re.S).group(1)
    links = re.findall(r'<a href="([^"]+)" hreflang="(\w+)" lang="\w+"( aria-current="true")?>([^<]+)</a>', switch)
    assert [(href.replace("&amp;", "&"), code, bool(here), name) for href, code, here, name in links] == [
        ("/puzzles?kind=sliding&sort=difficulty&lang=de", "de", True, "Deutsch"),
        ("/puzzles?kind=sliding&sort=difficulty&lang=en", "en", False, "English")]
    assert 'aria-label="Sprache"' in page.get_data(as_text=True)


def test_german_pages_say_the_header_and_the_gallery_in_german(client):
    text = client.get("/puzzles?lang=de").get_data(as_text=True)
    for words in ("Schiebepuzzle", "Dreieckspuzzle", "Spielanleitung", "Farbschema", "Dunkel",
                  "Diese Rätsel drucken", "leichteste zuerst", "Die nachweislich schwersten"):
        assert words in text, words
    for english in (">Gallery<", ">How to play<", "Colour theme", ">Dark<", "Print these puzzles", "easiest first"):
        assert english not in text, english


def test_the_gallery_cards_facts_in_german(client):
    text = client.get("/puzzles?lang=de").get_data(as_text=True)
    facts = " · ".join(re.findall(r'<span class="card-meta">(.*?)</span>\s*<span class="card-solved', text, re.S))
    for words in ("1 Stäbchen", "2 Drehungen", "keine Lösung", "Züge", "9 Teile", "Legungen"):
        assert words in facts, words
    assert not re.search(r"\b(sticks?|moves?|pieces?|pictures?|placements?|no solution)\b", facts)
    assert "29.148 Legungen" in facts, "German digits"


def test_numbers_follow_the_language(client):
    english = client.get("/puzzles?kind=rotation").get_data(as_text=True)
    german = client.get("/puzzles?kind=rotation&lang=de").get_data(as_text=True)
    assert "11,849 positions" in english
    assert "11.849 Stellungen" in german


@pytest.mark.parametrize("path, status, title", [
    ("/no-such-page", 404, "Seite nicht gefunden"),
    ("/puzzles?kind=nope", 404, "Diese Rätselart gibt es nicht"),
])
def test_the_error_pages_in_german(client, path, status, title):
    response = client.get(path, headers={"Accept-Language": "de"})
    assert response.status_code == status and heading(response) == title
    assert "Zum Spielfeld" in response.get_data(as_text=True)


@pytest.mark.parametrize("lang, sentence", [("en", "<p>This link is damaged: "), ("de", "<p>Dieser Link ist beschädigt: ")])
def test_a_bad_links_sentence_stands_alone_with_a_capital(client, lang, sentence):
    response = client.get(f"/?p=xyz&lang={lang}")
    assert response.status_code == 400 and sentence in response.get_data(as_text=True)


def test_the_api_answers_in_the_request_language_with_the_same_code(client):
    german = client.get("/api/no-such-route", headers={"Accept-Language": "de"})
    assert german.status_code == 404 and german.get_json() == {
        "error": "diese Adresse gibt es nicht: /api/no-such-route", "code": "not_found"}
    english = client.get("/api/no-such-route")
    assert english.get_json() == {"error": "no such address: /api/no-such-route", "code": "not_found"}


def test_links_the_page_builds_carry_no_language(client):
    """A link copied from a page opens in its reader's language: none the
    server writes into a page carries the sender's ``lang=`` (but the switch)."""
    for path in PAGES + ["/puzzles/first-tilt"]:
        text = client.get(path + ("&" if "?" in path else "?") + "lang=de").get_data(as_text=True)
        text = re.sub(r'<div class="language-switch".*?</div>', "", text, flags=re.S)
        assert "lang=de" not in text and "lang%3Dde" not in text, path


# ------------------------------------------------------------ the scripts' catalogue
def catalogue_address(client, lang: str = "de") -> str:
    text = client.get(f"/puzzles?lang={lang}").get_data(as_text=True)
    found = re.search(r'<link rel="preload" id="i18n-catalogue" as="fetch" href="([^"]+)"', text)
    return found.group(1) if found else None


def test_a_german_page_names_its_catalogue_english_none(app, client):
    assert catalogue_address(client, "en") is None
    assert catalogue_address(client, "de") == f"/assets/{app.config['ASSET_VERSION']}/i18n/de.json"


def test_an_english_page_without_lang_loads_no_more_than_before(client):
    assert "i18n.js" not in client.get("/how-to-play").get_data(as_text=True)
    assert "i18n.js" in client.get("/how-to-play?lang=en").get_data(as_text=True), "to take lang= out"
    assert "i18n.js" in client.get("/how-to-play?lang=de").get_data(as_text=True)


def test_the_catalogue_is_kept_a_year_with_its_plural_forms(client):
    response = client.get(catalogue_address(client))
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.cache_control.max_age == 365 * 24 * 3600 and response.cache_control.immutable
    body = response.get_json()
    assert body["lang"] == "de" and "plural=(n != 1)" in body["plural_forms"]
    assert body["messages"]["Solved here: best %(n)s move"] == [
        "Hier gelöst, Bestwert: %(n)s Zug", "Hier gelöst, Bestwert: %(n)s Züge"]
    assert "Rätsel" not in body["messages"].values(), "only the scripts' messages"


def test_an_older_catalogue_address_is_sent_on(client):
    current = catalogue_address(client)
    old = client.get("/assets/000000000000/i18n/de.json")
    assert old.status_code == 302 and old.headers["Location"].endswith(current)
    assert client.get("/assets/000000000000/i18n/xx.json").status_code == 404

"""Print and the embed code on a German page (issue 32): the playground's
Drucken and the gallery's link open the sheet in German (the page's
language travels as it does to every page, in the cookie its ?lang= set:
the links carry no lang=), and the Share box's embed code names the
player in German; on an English page both stay English."""

from __future__ import annotations

import re
import zlib
from html import unescape

import pytest
from e2e_helpers import board, button
from pdf_reading import texts
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GERMAN_WORDS = ("Seite 1 · 1 Rätsel", "Lösungen", "Schiebepuzzle", "kürzeste Lösung")
ENGLISH_WORDS = re.compile(r"\b(page|puzzles?|shortest|Solutions|moves?|Sliding)\b")


def sheet_text(pdf: bytes) -> str:
    """The words a sheet shows (its pages' streams inflated; a stream that
    is not deflated, none here, is left out)."""
    inflated = []
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            inflated.append(zlib.decompressobj().decompress(stream))
        except zlib.error:
            continue
    return " | ".join(texts(b"\n".join(inflated)))


def printed(page, click) -> str:
    """The text of the sheet that ``click`` opens, fetched again as the
    browser's PDF viewer fetched it (the same cookies)."""
    with page.context.expect_event("response", lambda r: "print.pdf" in r.url) as sheet:
        click()
    response = sheet.value
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    assert "lang=" not in response.url
    return sheet_text(page.request.get(response.url).body())


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_playgrounds_print_and_embed_code_speak_the_pages_language(page, live_server, lang):
    page.goto(f"/sliding?lang={lang}")
    expect(board(page)).to_have_attribute("data-puzzle-kind", "sliding")
    embed = page.get_by_label("Code zum Einbetten" if lang == "de" else "Embed code", exact=True)
    expect(embed).to_have_value(re.compile(r"^<iframe "))
    title = unescape(re.search(r' title="([^"]+)"', embed.input_value()).group(1))
    assert title == ("Schiebepuzzle auf Rotation Playground" if lang == "de"
                     else "Sliding tiles puzzle on Rotation Playground")
    with page.context.expect_page():
        said = printed(page, button(page, "Drucken" if lang == "de" else "Print").click)
    if lang == "de":
        assert all(words in said for words in GERMAN_WORDS), said
        assert not ENGLISH_WORDS.findall(said), said
    else:
        assert "page 1 · 1 puzzle" in said and "Solutions" in said and "Sliding tiles" in said, said
        assert "Rätsel" not in said and "Lösung" not in said, said


def test_the_gallerys_link_prints_its_german_titles(page, live_server):
    page.goto("/puzzles?kind=sliding&lang=de")
    first = page.locator(".card-title").first.inner_text()
    link = page.get_by_role("link", name="Diese Rätsel drucken")
    expect(link).to_have_attribute("href", "/puzzles/print.pdf?kind=sliding")
    said = printed(page, link.click)
    assert said.startswith("Rätsel: Schiebepuzzle | Seite 1 · "), said
    assert f"1. {first}" in said and "kürzeste Lösung" in said, said
    assert not ENGLISH_WORDS.findall(said), said

"""The printed sheets in German (issue 32): a reader whose pages are German
(``?lang=de``, the cookie, ``Accept-Language``) gets a German sheet, read
back from its text: the header, the puzzles' titles (a kind's, a level's,
a gallery puzzle's German one), the captions in the kind's word for a move
(Drehungen, Züge), the solutions, the PDF's title; an English reader the
sheet as it always was, word for word."""

from __future__ import annotations

import html
import re

import pytest
from apps import GENEROUS
from pdf_reading import texts, titles

from web_helpers import example_code

SLIDING = "1-3x3-0G2uw"
UNSOLVABLE = "1-3x3-0C1jM"  # 1 2 3 / 4 5 6 / 8 7 0: tiles 7 and 8 swapped

#: What the English sheet of the three kinds' examples and an unsolvable
#: position says, in order (the pictures' numbers and letters left out).
ENGLISH = [
    "Puzzles", "page 1 · 4 puzzles",
    "1. Triangle", "3 × 3",
    "2. Sliding tiles", "3 × 3 · shortest 8 moves",
    "3. Rotation", "7 × 7 · shortest 2 turns",
    "4. Sliding tiles", "3 × 3 · no solution",
    "Solutions", "page 2 · 4 puzzles",
    "1. Triangle", "The finished triangle:",
    "2. Sliding tiles", "8 moves: 4 8 7 4 5 2 3 6",
    "3. Rotation", "2 turns: L L",
    "4. Sliding tiles", "No solution: the goal cannot be reached.",
]
GERMAN = [
    "Rätsel", "Seite 1 · 4 Rätsel",
    "1. Dreieckspuzzle", "3 × 3",
    "2. Schiebepuzzle", "3 × 3 · kürzeste Lösung 8 Züge",
    "3. Rotation", "7 × 7 · kürzeste Lösung 2 Drehungen",
    "4. Schiebepuzzle", "3 × 3 · keine Lösung",
    "Lösungen", "Seite 2 · 4 Rätsel",
    "1. Dreieckspuzzle", "Das fertige Dreieck:",
    "2. Schiebepuzzle", "8 Züge: 4 8 7 4 5 2 3 6",
    "3. Rotation", "2 Drehungen: L L",
    "4. Schiebepuzzle", "Keine Lösung: Das Ziel ist nicht zu erreichen.",
]
#: Words of the English sheet that a German one never says.
ENGLISH_WORDS = re.compile(r"\b(page|puzzles?|shortest|solved|Solutions|moves?|turns?|Sliding|Triangle|"
                           r"finished|No solution|medium)\b")


@pytest.fixture
def client(make_app):
    return make_app(**GENEROUS, PRINT_COMPRESS=False).test_client()


def _sheet(client, path="/print.pdf", headers=None, **query) -> bytes:
    response = client.get(path, query_string=query or None, headers=headers or {})
    assert response.status_code == 200, response.get_data(as_text=True)[-600:]
    assert response.mimetype == "application/pdf"
    return response.data


def _cards(client, url: str) -> list[str]:
    """A gallery page's cards' titles, in order."""
    page = client.get(url).get_data(as_text=True)
    return [html.unescape(title) for title in re.findall(r'class="card-title">([^<]*)<', page)]


def _words(pdf: bytes) -> list[str]:
    """The sheet's lines of words: not the pictures' lone numbers and letters."""
    return [_unescaped(text) for text in texts(pdf) if not re.fullmatch(r"\d+|[LR]", text)]


def _title(pdf: bytes) -> str:
    """The PDF's title (its Info dictionary's): a literal string, or a hex
    one in UTF-16 after its byte order mark (fpdf2's for a word not ASCII)."""
    found = re.search(rb"/Title (?:\((.*?)(?<!\\)\)|<feff([0-9a-f]*)>)", pdf, re.S)
    literal, hexadecimal = found.groups()
    return bytes.fromhex(hexadecimal.decode()).decode("utf-16-be") if hexadecimal is not None \
        else _unescaped(literal.decode("latin-1"))


def _unescaped(text: str) -> str:
    """A PDF literal string's text: ``\\(`` is ``(``."""
    return re.sub(r"\\([()\\])", r"\1", text)


CODES = {"p": [example_code("triangle"), SLIDING, example_code("rotation"), UNSOLVABLE]}


def test_an_english_sheet_says_what_it_always_said(client):
    for headers in (None, {"Accept-Language": "en-GB,en;q=0.9"}, {"Accept-Language": "fr"}):
        pdf = _sheet(client, headers=headers, **CODES)
        assert _words(pdf) == ENGLISH, headers
        assert _title(pdf) == "Puzzles"


@pytest.mark.parametrize("how", ["query", "cookie", "accept-language"])
def test_a_german_reader_gets_the_sheet_in_german(client, how):
    if how == "cookie":
        client.get("/?lang=de")  # the switch's choice, kept
    pdf = _sheet(client, headers={"Accept-Language": "de-DE,de;q=0.9"} if how == "accept-language" else None,
                 **CODES, **({"lang": "de"} if how == "query" else {}))
    assert _words(pdf) == GERMAN
    assert _title(pdf) == "Rätsel"
    assert not ENGLISH_WORDS.findall(" ".join(_words(pdf)))


def test_a_sheet_of_one_puzzle_is_titled_with_its_kind(client):
    pdf = _sheet(client, p=SLIDING, lang="de")
    assert texts(pdf)[:2] == ["Schiebepuzzle", "Seite 1 · 1 Rätsel"]
    assert _title(pdf) == "Schiebepuzzle"


def test_a_levels_sheet_names_the_level_as_the_new_puzzle_panel_does(client):
    query = {"kind": "rotation", "level": "medium", "count": 2, "seed": 1}
    english, german = _sheet(client, **query), _sheet(client, **query, lang="de")
    assert _title(english) == "Rotation: medium puzzles" and _title(german) == "Rotation: mittelschwere Rätsel"
    assert titles(english)[:2] == ["1. Rotation, medium 1", "2. Rotation, medium 2"]
    assert titles(german)[:2] == ["1. Rotation, Mittel 1", "2. Rotation, Mittel 2"]
    # the same puzzles, their solutions in the same turns
    said = [w for w in _words(german) if "Drehungen:" in w]
    assert len(said) == 2 and [w.replace("Drehungen", "turns") for w in said] == \
        [w for w in _words(english) if "turns:" in w]
    assert not ENGLISH_WORDS.findall(" ".join(_words(german)))
    levels = {"easy": "Leicht", "hard": "Schwer", "expert": "Profi"}
    for level, word in levels.items():
        pdf = _sheet(client, kind="sliding", level=level, count=1, seed=1, lang="de")
        assert titles(pdf)[0] == f"1. Schiebepuzzle, {word} 1", level


def test_a_gallery_sheet_has_the_german_titles_of_the_german_gallery(client):
    shown = _cards(client, "/puzzles?kind=sliding&lang=de")
    pdf = _sheet(client, "/puzzles/print.pdf", kind="sliding", count=3, lang="de")
    numbered = [_unescaped(title) for title in titles(pdf)]
    assert numbered[:3] == [f"{i + 1}. {title}" for i, title in enumerate(shown[:3])]
    assert all(not re.search(r"\bthe\b|example", title) for title in numbered), numbered
    assert texts(pdf)[0] == _title(pdf) == "Rätsel: Schiebepuzzle"
    assert _title(_sheet(client, "/puzzles/print.pdf", count=1, lang="en")) == "Puzzles"
    english = _sheet(client, "/puzzles/print.pdf", kind="sliding", count=1, lang="en")
    assert _title(english) == "Sliding tiles puzzles" and titles(english)[0] == "1. The first example of the rules"


def test_the_sheet_varies_with_the_headers_that_choose_its_language(client):
    response = client.get("/print.pdf", query_string={"p": SLIDING})
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


def test_the_page_and_the_gallery_link_to_the_sheet_in_their_language(client):
    """The links carry no lang=: the sheet follows the reader as the page did
    (the cookie the page's ?lang= set, or the browser's languages)."""
    page = client.get("/puzzles?kind=sliding&lang=de").get_data(as_text=True)
    link = re.search(r'id="gallery-print" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert "lang=" not in link
    assert texts(_sheet(client, link + "&count=1"))[0] == "Rätsel: Schiebepuzzle"

"""The rotation kind's words that the server writes, in German and English:
its page's template (the tabs, the tools, the goals, the turn buttons), the
example's title, and the names of its How to play pictures with the word
drawn in the first ("the gap"), which the kind writes through webapp.words
and the web layer draws in the page's language (webapp/web/howto.py)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from babel.messages.pofile import read_po

from webapp import kinds
from webapp.web.language import TRANSLATIONS

ROTATION = kinds.get("rotation")


def names(text: str) -> list[str]:
    """The How to play pictures' names, in page order."""
    return [unescape(name) for name in re.findall(r'class="howto-board" role="img" aria-label="([^"]*)"', text)]


def drawn(text: str) -> list[str]:
    """The words drawn inside the pictures (not a stick's letter)."""
    return [word for word in re.findall(r"<text\b[^>]*>([^<]+)</text>", text) if len(word) > 1]


def test_every_word_of_the_pictures_is_marked_for_translation():
    with open(TRANSLATIONS / "messages.pot", "rb") as f:
        messages = {message.id for message in read_po(f)}
    for shown in ROTATION.web.figures().values():
        for svg, _ in shown:
            for word in names(svg) + drawn(svg):
                assert word in messages, word


def test_the_pictures_are_named_and_drawn_in_german(client):
    english = client.get("/how-to-play?lang=en").get_data(as_text=True)
    german = client.get("/how-to-play?lang=de").get_data(as_text=True)
    assert names(english)[0] == "A 7 by 7 frame with a gap in its top side and two sticks, 0 and 1"
    assert drawn(english) == ["the gap"]
    assert len(names(german)) == len(names(english)) >= 5
    assert all(de != en for de, en in zip(names(german), names(english)))
    assert "Stäbchen" in names(german)[0]
    assert drawn(german) == ["die Lücke"]
    # a picture inside a named picture has no name of its own (nor an English one)
    assert german.count('role="img"') == len(names(german))
    # the pictures are drawn once per language: English again is English
    assert names(client.get("/how-to-play?lang=en").get_data(as_text=True)) == names(english)


@pytest.mark.parametrize("lang, words", [
    ("en", ["Example from the rules", ">Draw<", ">Try it<", "Any stick falls out", "New frame", ">Erase<",
            'aria-label="Puzzle board"', "Turn left, counterclockwise (← key)", ">Left<",
            "With the turns played so far"]),
    ("de", ["Beispiel aus den Regeln", ">Zeichnen<", ">Ausprobieren<", "Ein Stäbchen hinaus", "Neuer Rahmen",
            ">Löschen<", 'aria-label="Spielfeld"', "Drehung nach links, gegen den Uhrzeigersinn (Taste ←)", ">L<",
            "Mit den bisher gespielten Drehungen"]),
])
def test_the_page_says_its_own_words_in_its_language(client, lang, words):
    text = unescape(client.get(f"/?lang={lang}").get_data(as_text=True))
    for word in words:
        assert word in text, word

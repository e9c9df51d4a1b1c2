"""The gallery's puzzles and the link previews in German (issue 32): a
German gallery page shows each puzzle's German title from its catalogue
entry ("de"), an English one the English as before; a gallery puzzle's
page, the rules' example and the day's puzzle carry their titles in the
page's language; a German page's preview tags and picture speak German,
the picture's language chosen as a page's is (so its address, shared,
carries no lang=), and it varies on the headers that choose."""

from __future__ import annotations

import datetime
import html
import io
import re
from urllib.parse import urlsplit

from PIL import Image, ImageChops

from webapp import kinds, levels

_META = re.compile(r'<meta (?:property|name)="([^"]+)" content="([^"]*)">')
_CARD = re.compile(r'data-puzzle="([^"]+)"[^>]*>.*?<span class="card-title">([^<]*)</span>', re.S)


def cards(client, url: str) -> dict[str, str]:
    """A gallery page's cards: the puzzle's name and the title it shows."""
    answer = client.get(url)
    assert answer.status_code == 200, url
    return {name: html.unescape(title) for name, title in _CARD.findall(answer.get_data(as_text=True))}


def tags(client, url: str) -> dict[str, str]:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return {key: html.unescape(value) for key, value in _META.findall(answer.get_data(as_text=True))}


def puzzle_title(client, url: str) -> str:
    text = client.get(url).get_data(as_text=True)
    return html.unescape(re.search(r'id="puzzle-title"[^>]*>([^<]*)<', text).group(1))


def test_a_german_gallery_shows_the_german_titles_and_an_english_one_the_english(client):
    listed = {e["name"]: e["title"] for name in kinds.names()
              for e in client.get(f"/api/{name}/puzzles").get_json()}
    english, german = cards(client, "/puzzles"), cards(client, "/puzzles?lang=de")
    assert english == listed  # every card, its English title as the API says it
    assert german.keys() == english.keys()
    assert german["first-tilt"] == "Erste Drehung"
    assert german["sliding-korf-055"] == "Korf Nr. 55: 41 Züge"
    assert german["triangle-rules-example-0"] == "Das erste Beispiel der Regeln"
    # every title is its German one, not the English left over (a few read the same in both)
    same = {name for name in english if german[name] == english[name]}
    assert same <= {"marathon", "maze-30"}, same
    # and a German kind's page of the gallery, sorted, too
    assert cards(client, "/puzzles?kind=sliding&sort=difficulty&lang=de")["sliding-rules-eight"] \
        == "Das erste Beispiel der Regeln"


def test_a_gallery_puzzles_page_and_its_next_puzzle_say_their_german_titles(client):
    assert puzzle_title(client, "/puzzles/tight-corner") == "Tight corner"
    assert puzzle_title(client, "/puzzles/tight-corner?lang=de") == "Enge Ecke"
    page = client.get("/puzzles/first-tilt?lang=de").get_data(as_text=True)
    assert "The example from the rules" not in page and "Das Beispiel aus den Regeln" in page  # the next puzzle


def test_the_rules_example_and_the_days_puzzle_are_titled_in_the_pages_language(client):
    day = levels.today()
    level = client.get("/api/rotation/daily").get_json()["level"]
    german_level = {"easy": "leicht", "medium": "mittel", "hard": "schwer", "expert": "Profi"}[level]
    assert puzzle_title(client, "/sliding") == "Example from the rules"
    assert puzzle_title(client, f"/?daily={day.isoformat()}") == f"Puzzle of the day, {day.isoformat()} ({level})"
    assert puzzle_title(client, "/sliding?lang=de") == "Beispiel aus den Regeln"
    assert puzzle_title(client, f"/?daily={day.isoformat()}&lang=de") \
        == f"Rätsel des Tages, {day.day:02d}.{day.month:02d}.{day.year} ({german_level})"


def test_a_german_pages_preview_speaks_german(client):
    english, german = tags(client, "/puzzles/tight-corner"), tags(client, "/puzzles/tight-corner?lang=de")
    assert english["og:title"] == "Rotation puzzle, 5 × 5: shortest solution 8 turns"
    assert german["og:title"] == german["twitter:title"] == "Rotation, 5 × 5: kürzeste Lösung 8 Drehungen"
    assert german["og:description"] == ("Enge Ecke (5 × 5, 2 Stäbchen, 8 Drehungen). "
                                        "Drehe den Rahmen so, dass ein Stäbchen durch die Lücke herausfällt.")
    assert english["og:description"] == ("Tight corner (5 × 5, 2 sticks, 8 moves). "
                                         "Turn the frame so that a stick falls out through the gap.")
    assert german["og:image:alt"].startswith(german["og:title"] + ": das Rätsel")
    sliding = tags(client, "/sliding?lang=de")
    assert re.fullmatch(r"Schiebepuzzle, 3 × 3: kürzeste Lösung \d+ Züge", sliding["og:title"]), sliding
    assert tags(client, "/triangle?lang=de")["og:title"].startswith("Dreieckspuzzle, 3 × 3")
    # the addresses, shared, carry no language: each reader's is chosen again
    assert "lang=" not in german["og:url"] and german["og:image"] == english["og:image"]


def test_the_pictures_words_are_in_the_readers_language(client):
    address = urlsplit(tags(client, "/puzzles/tight-corner")["og:image"])
    url = f"{address.path}?{address.query}"
    english = client.get(url)
    german = client.get(url, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert english.data != german.data
    assert {"Accept-Language", "Cookie"} <= set(german.vary) and set(english.vary) == set(german.vary)
    # the same puzzle drawn alike: only the words on the right differ
    left = (0, 0, 630, 630)
    english_image, german_image = (Image.open(io.BytesIO(a.data)).convert("RGB") for a in (english, german))
    assert ImageChops.difference(english_image.crop(left), german_image.crop(left)).getbbox() is None
    assert ImageChops.difference(english_image, german_image).getbbox()[0] >= 630
    # each drawn once and kept by its language: an English reader after a German gets the English
    assert client.get(url).data == english.data
    client.set_cookie("lang", "de")
    assert client.get(url).data == german.data


def test_the_share_sheets_words_in_the_pages_language(client):
    rotation = kinds.get("rotation")
    board = {"board": rotation.example}
    english = client.post("/api/rotation/share", json=board).get_json()
    client.set_cookie("lang", "de")
    german = client.post("/api/rotation/share", json=board).get_json()
    assert english["text"].startswith("A puzzle to solve: ")
    assert german["text"] == "Ein Rätsel zum Lösen: Drehe den Rahmen so, dass ein Stäbchen durch die Lücke herausfällt."
    assert german["title"].startswith("Rotation, 7 × 7: kürzeste Lösung ")
    assert german["link"] == english["link"] and "lang=" not in german["image"]


def test_the_new_puzzle_panel_says_todays_date_as_the_pages_language_writes_it(client, monkeypatch):
    monkeypatch.setattr(levels, "today", lambda: datetime.date(2026, 3, 7))
    hint = re.compile(r'id="daily-link"[^>]*>[^<]*</a> <span class="hint-text">([^<]*)</span>')
    assert hint.search(client.get("/sliding").get_data(as_text=True)).group(1) == "2026-03-07, the same for everyone"
    german = client.get("/sliding?lang=de").get_data(as_text=True)
    assert hint.search(german).group(1) == "07.03.2026, für alle dasselbe"
    assert 'href="/sliding?daily=2026-03-07"' in german  # the link keeps the date the server reads


def test_the_studies_say_their_family_in_the_pages_language(client):
    english = client.get("/puzzles").get_data(as_text=True)
    german = client.get("/puzzles?lang=de").get_data(as_text=True)
    assert "(every multiset of sticks that fits: 1 to 8 sticks of length 1 to 3)" in english
    assert "(jede Auswahl von Stäbchen, die hineinpasst: 1 bis 8 Stäbchen der Länge 1 bis 3)" in german
    assert "multiset" not in german and "sticks of length" not in german

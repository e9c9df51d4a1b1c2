"""The player framed on other sites in German (issue 32): its title, the
``<iframe>``'s, is in the reader's language in the Share box's embed code
and in /oembed's answer (which follows the request's language as the API
does, English when nothing asks for German); the player's own page is
German for a German reader."""

from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

import pytest

from webapp import kinds
from webapp.web import gallery

HOST = "http://localhost"
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
TITLES = {"rotation": ("Rotation puzzle on Rotation Playground", "Rotation auf Rotation Playground"),
          "sliding": ("Sliding tiles puzzle on Rotation Playground", "Schiebepuzzle auf Rotation Playground"),
          "triangle": ("Triangle puzzle on Rotation Playground", "Dreieckspuzzle auf Rotation Playground")}


def _iframe_title(code: str) -> str:
    return html.unescape(re.search(r' title="([^"]+)"', code).group(1))


def _code(name: str) -> str:
    kind = kinds.get(name)
    return kind.encode(kind.parse(kind.example))


def _oembed(client, url, headers=None) -> dict:
    answer = client.get("/oembed", query_string={"url": url}, headers=headers or {})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert {"Accept-Language", "Cookie"} <= set(answer.vary)
    return answer.get_json()


@pytest.mark.parametrize("name", sorted(TITLES))
def test_oembed_names_the_player_in_the_requests_language(client, name):
    english, german = TITLES[name]
    url = f"{HOST}{kinds.get(name).web.page_path}?p={_code(name)}"
    for headers in (None, {"Accept-Language": "en"}, {"Accept-Language": "fr, *"}):
        answer = _oembed(client, url, headers)
        assert answer["title"] == _iframe_title(answer["html"]) == english, headers
    answer = _oembed(client, url, GERMAN)
    assert answer["title"] == _iframe_title(answer["html"]) == german
    assert answer["provider_name"] == "Rotation Playground"
    # the player it frames opens in its reader's language, not the asker's
    assert "lang=" not in answer["html"]


def test_oembed_of_a_gallery_puzzle_keeps_its_german_title(app, client):
    with app.app_context():
        entry = next(e for e in gallery.entries() if e.translated)
    german = next(title for lang, title, _ in entry.translated if lang == "de")
    url = f"{HOST}/puzzles/{entry.name}"
    assert _oembed(client, url)["title"] == entry.title
    answer = _oembed(client, url, GERMAN)
    assert answer["title"] == _iframe_title(answer["html"]) == german != entry.title


def test_a_short_links_oembed_is_german_too(client):
    kind = kinds.get("sliding")
    link = client.post("/api/sliding/links", json={"board": kind.example})
    assert link.status_code == 200, link.get_data(as_text=True)
    assert _oembed(client, HOST + link.get_json()["url"], GERMAN)["title"] == TITLES["sliding"][1]


@pytest.mark.parametrize("name", sorted(TITLES))
def test_the_share_boxs_embed_code_is_in_the_pages_language(client, name):
    kind = kinds.get(name)
    for headers, title in ((None, TITLES[name][0]), (GERMAN, TITLES[name][1])):
        shared = client.post(f"/api/{name}/share", json={"board": kind.example}, headers=headers or {})
        assert shared.status_code == 200, shared.get_data(as_text=True)
        embed = shared.get_json()["embed"]
        assert embed["title"] == _iframe_title(embed["html"]) == title, headers


def test_the_player_page_is_in_the_readers_language(client):
    kind = kinds.get("sliding")
    code = kind.encode(kind.parse("1 2 3\n4 5 6\n7 0 8\n"))  # in no gallery: the kind's own title
    for headers, title, words in ((None, "Sliding tiles · Rotation Playground", "Open in Rotation Playground"),
                                  (GERMAN, "Schiebepuzzle · Rotation Playground", "In Rotation Playground öffnen")):
        page = client.get(f"/embed/sliding?p={code}", headers=headers or {})
        assert page.status_code == 200
        text = page.get_data(as_text=True)
        assert html.unescape(re.search(r"<title>([^<]*)</title>", text).group(1)) == title
        assert f'<html lang="{"de" if headers else "en"}">' in text and words in html.unescape(text)
        assert urlsplit(re.search(r'id="embed-full-page" href="([^"]+)"', text).group(1)).path == "/sliding"

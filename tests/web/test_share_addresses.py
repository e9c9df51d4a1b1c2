"""The Share box's addresses (issue 31, item 5): ``POST /api/<kind>/share``
answers, besides the share code and the page's link, every address the box
shows, whole (from ``PUBLIC_URL`` when it is set, else from the request's
host): the link, the preview image, the animation, the embed's player and
its code, with the title and sentence the system share sheet sends; and
each address answers what it names. The box itself, in a browser:
tests/browser/test_e2e_sharebox.py."""

from __future__ import annotations

import html
import io
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image

from apps import GENEROUS, add_kind
from counter_kind import KIND as COUNTER
from webapp import kinds

KINDS = [kind.name for kind in kinds.KINDS]
PUBLIC = "https://puzzles.example.org/play"
_IFRAME = re.compile(r'^<iframe src="([^"]+)" width="(\d+)" height="(\d+)" title="([^"]+)" '
                     r'loading="lazy" frameborder="0"></iframe>$')


def _shared(client, kind) -> dict:
    answer = client.post(f"/api/{kind.name}/share", json={"board": kind.example})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()


def _path(address: str) -> str:
    parts = urlsplit(address)
    return f"{parts.path}?{parts.query}"


@pytest.mark.parametrize("name", KINDS)
def test_every_address_is_whole_and_answers_what_it_names(client, name):
    kind = kinds.get(name)
    body = _shared(client, kind)
    code = body["code"]
    host = "http://localhost"
    assert body["link"] == host + body["url"]
    assert parse_qs(urlsplit(body["link"]).query) == {"p": [code]}
    assert body["image"] == f"{host}/preview/{name}.png?p={code}"
    assert body["animation"] == f"{host}/api/{name}/animation.gif?p={code}"
    assert body["embed"]["src"] == f"{host}/embed/{name}?p={code}"

    page = client.get(_path(body["link"]))
    assert page.status_code == 200 and f'"code": "{code}"' in page.get_data(as_text=True)
    image = client.get(_path(body["image"]))
    assert image.status_code == 200 and Image.open(io.BytesIO(image.data)).format == "PNG"
    gif = client.get(_path(body["animation"]))
    assert gif.status_code == 200 and gif.data[:6] == b"GIF89a"
    player = client.get(_path(body["embed"]["src"]))
    assert player.status_code == 200 and "frame-ancestors *" in player.headers["Content-Security-Policy"]


@pytest.mark.parametrize("name", KINDS)
def test_the_embed_code_is_the_iframe_oembed_gives(client, name):
    kind = kinds.get(name)
    body = _shared(client, kind)
    oembed = client.get("/oembed", query_string={"url": body["link"]}).get_json()
    assert body["embed"]["html"] == oembed["html"]
    src, width, height, title = _IFRAME.match(body["embed"]["html"]).groups()
    assert html.unescape(src) == body["embed"]["src"]
    assert (int(width), int(height)) == (body["embed"]["width"], body["embed"]["height"]) == (
        oembed["width"], oembed["height"])
    assert html.unescape(title) == body["embed"]["title"] == oembed["title"]


def test_the_share_sheet_gets_the_headline_and_a_sentence(client):
    rotation = kinds.get("rotation")
    body = _shared(client, rotation)
    assert body["title"].startswith("Rotation puzzle, ")
    assert body["text"].endswith(".") and rotation.goal in body["text"]


@pytest.mark.parametrize("name", KINDS)
def test_the_addresses_follow_the_configured_public_address(make_app, name):
    client = make_app(**GENEROUS, PUBLIC_URL=PUBLIC + "/").test_client()
    kind = kinds.get(name)
    body = _shared(client, kind)
    code = body["code"]
    assert body["link"] == PUBLIC + body["url"]
    assert body["image"] == f"{PUBLIC}/preview/{name}.png?p={code}"
    assert body["animation"] == f"{PUBLIC}/api/{name}/animation.gif?p={code}"
    assert body["embed"]["src"] == f"{PUBLIC}/embed/{name}?p={code}"
    assert f'src="{PUBLIC}/embed/{name}?p={code}"' in body["embed"]["html"]
    short = client.post(f"/api/{name}/links", json={"board": kind.example}).get_json()
    assert short["link"] == PUBLIC + short["url"] and re.fullmatch(r"/s/[0-9A-Za-z]+", short["url"])


def test_a_short_links_address_is_whole_too(client):
    sliding = kinds.get("sliding")
    short = client.post("/api/sliding/links", json={"board": sliding.example}).get_json()
    assert short["link"] == "http://localhost" + short["url"]
    assert client.get(short["url"]).status_code == 200


def test_a_kind_that_draws_no_animation_shares_none(make_app, monkeypatch):
    counter = add_kind(monkeypatch, COUNTER)
    body = _shared(make_app(**GENEROUS).test_client(), counter)
    assert body["animation"] is None
    assert body["image"].endswith(f"/preview/{counter.name}.png?p={body['code']}")


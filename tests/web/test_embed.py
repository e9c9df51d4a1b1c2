"""Embeds (issue 31, item 3): the player at /embed/<kind>?p= and /embed/s/<id>
may be framed by any site and nothing else may; /oembed turns a puzzle
page's URL into that player; every puzzle page names its oEmbed answer.
The player framed on another origin, in Chromium: tests/browser/test_e2e_embed.py."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from webapp import kinds
from webapp.web import gallery, links
from webapp.web.security import CONTENT_SECURITY_POLICY

FRAMEABLE = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors *")
INITIAL = re.compile(r'<script type="application/json" id="initial">(.*?)</script>', re.S)
HOST = "http://localhost"


def code_of(kind_name: str) -> str:
    kind = kinds.get(kind_name)
    return kind.encode(kind.parse(kind.example))


def stored(app):
    """The gallery's first puzzle, and a short link to it."""
    with app.app_context():
        entry = gallery.entries()[0]
        return entry, links.store(entry.board, kinds.get(entry.kind))


def assert_frameable(response):
    assert response.headers["Content-Security-Policy"] == FRAMEABLE
    assert "X-Frame-Options" not in response.headers
    assert "Set-Cookie" not in response.headers


def assert_not_frameable(response):
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, response.request.path
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("kind_name", [kind.name for kind in kinds.KINDS])
def test_the_player_of_every_kind_may_be_framed_and_links_back(client, kind_name):
    code = code_of(kind_name)
    response = client.get(f"/embed/{kind_name}?p={code}")
    assert response.status_code == 200
    assert_frameable(response)
    html = response.get_data(as_text=True)
    start = json.loads(INITIAL.search(html).group(1))
    assert start["kind"] == kind_name and start["code"] == code and start["mode"] == "try"
    assert 'class="topbar"' not in html
    back = unescape(re.search(r'<a id="embed-full-page" href="([^"]+)" target="_blank"', html).group(1))
    page = client.get(back)
    assert page.status_code == 200 and json.loads(INITIAL.search(page.get_data(as_text=True)).group(1))["code"] == code
    for needed in ('id="solve"', 'id="play"', 'id="step"', 'id="restart"', 'id="moves-list"', 'id="share-url"'):
        assert needed in html, needed  # the shell's ids, shown or not


def test_a_short_link_has_a_player_and_a_gallery_puzzle_keeps_its_title(app, client):
    entry, link_id = stored(app)
    response = client.get(f"/embed/s/{link_id}")
    assert response.status_code == 200
    assert_frameable(response)
    start = json.loads(INITIAL.search(response.get_data(as_text=True)).group(1))
    assert start["title"] == entry.title and start["optimal"] == entry.moves
    assert f'href="/s/{link_id}"' in response.get_data(as_text=True)


@pytest.mark.parametrize("path, status", [("/embed/rotation", 400), ("/embed/rotation?p=nonsense", 400),
                                          ("/embed/chess?p=x", 404), ("/embed/s/nothing-here", 404)])
def test_a_bad_player_address_says_why_inside_the_frame(client, path, status):
    response = client.get(path)
    assert response.status_code == status
    assert_frameable(response)
    html = response.get_data(as_text=True)
    assert 'class="topbar"' not in html and '<base target="_blank">' in html
    assert re.search(r'<main class="message-page">\s*<h1>[^<]+</h1>\s*<p>[^<]{10,}</p>', html), html


def test_every_other_page_still_refuses_to_be_framed(client):
    code = code_of("sliding")
    for path in ("/", f"/sliding?p={code}", "/puzzles", "/how-to-play", "/nowhere", "/api/rotation/puzzles",
                 f"/oembed?url={HOST}/sliding?p={code}", "/oembed", "/static/css/embed.css"):
        assert_not_frameable(client.get(path))


def test_a_response_cannot_unframe_itself_by_a_look_alike_policy(client):
    # only the exact embed policy drops X-Frame-Options
    assert_not_frameable(client.get("/embed-not"))


def oembed(client, url, **params):
    return client.get("/oembed", query_string={"url": url, **params})


def iframe_src(answer) -> str:
    return unescape(re.search(r'<iframe src="([^"]+)"', answer["html"]).group(1))


@pytest.mark.parametrize("kind_name", [kind.name for kind in kinds.KINDS])
def test_oembed_answers_a_rich_player_of_a_kinds_page(client, kind_name):
    kind, code = kinds.get(kind_name), code_of(kind_name)
    response = oembed(client, f"{HOST}{kind.web.page_path}?p={code}")
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["version"] == "1.0" and answer["type"] == "rich"
    assert answer["provider_name"] == "Rotation Playground" and answer["provider_url"] == f"{HOST}/"
    assert answer["title"] == f"{kind.title} puzzle on Rotation Playground"
    assert (answer["width"], answer["height"]) == (480, 720)
    src = urlsplit(iframe_src(answer))
    assert src.path == f"/embed/{kind_name}" and parse_qs(src.query)["p"] == [code]
    assert f'width="{answer["width"]}" height="{answer["height"]}"' in answer["html"]
    assert client.get(src.path + "?" + src.query).status_code == 200


def test_oembed_keeps_what_else_the_link_says(client):
    code = code_of("rotation")
    src = urlsplit(iframe_src(oembed(client, f"{HOST}/?p={code}&play=1&moves=LL").get_json()))
    assert parse_qs(src.query) == {"p": [code], "play": ["1"], "moves": ["LL"]}
    assert json.loads(INITIAL.search(client.get(src.path + "?" + src.query).get_data(as_text=True))
                      .group(1))["autoplay"] is True


def test_oembed_finds_the_kind_of_a_code_pasted_on_the_front_page(client):
    code = code_of("triangle")
    assert urlsplit(iframe_src(oembed(client, f"{HOST}/?p={code}").get_json())).path == "/embed/triangle"


def test_oembed_of_a_short_link_a_gallery_puzzle_and_a_player(app, client):
    entry, link_id = stored(app)
    assert iframe_src(oembed(client, f"{HOST}/s/{link_id}").get_json()) == f"{HOST}/embed/s/{link_id}"
    gallery_answer = oembed(client, f"{HOST}/puzzles/{entry.name}").get_json()
    assert gallery_answer["title"] == entry.title
    gallery_src = urlsplit(iframe_src(gallery_answer))
    assert gallery_src.path == f"/embed/{entry.kind}"
    assert client.get(gallery_src.path + "?" + gallery_src.query).status_code == 200
    player = f"{HOST}/embed/s/{link_id}"
    assert iframe_src(oembed(client, player).get_json()) == player


def test_oembed_sizes_the_player_within_the_bounds(client):
    url = f"{HOST}/sliding?p={code_of('sliding')}"
    answer = oembed(client, url, maxwidth="300", maxheight="2000").get_json()
    assert (answer["width"], answer["height"]) == (300, 720)
    assert 'width="300" height="720"' in answer["html"]


@pytest.mark.parametrize("url, params, status", [
    ("https://elsewhere.example/?p=x", {}, 404),
    (f"{HOST}/puzzles", {}, 404),
    (f"{HOST}/how-to-play", {}, 404),
    (f"{HOST}/?p=nonsense", {}, 404),
    (f"{HOST}/s/nothing-here", {}, 404),
    (f"{HOST}/puzzles/no-such-puzzle", {}, 404),
    ("javascript:alert(1)", {}, 404),
    (f"{HOST}/", {"maxwidth": "wide"}, 400),
    (f"{HOST}/", {"maxheight": "-5"}, 400),
    (f"{HOST}/", {"maxwidth": "10"}, 400),
    (f"{HOST}/", {"format": "xml"}, 501),
    (f"{HOST}/", {"format": "yaml"}, 400),
])
def test_oembed_refuses_what_is_not_a_puzzle_page_with_a_sentence(client, url, params, status):
    response = oembed(client, url, **params)
    assert response.status_code == status
    assert response.get_json()["error"].endswith(".")


def test_oembed_without_a_url_is_a_400(client):
    response = client.get("/oembed")
    assert response.status_code == 400 and "url" in response.get_json()["error"]


@pytest.mark.parametrize("path", ["/", "/sliding", "/triangle?p={triangle}", "/puzzles/{gallery}", "/s/{link}"])
def test_every_puzzle_page_names_its_oembed_answer(app, client, path):
    entry, link = stored(app)
    path = path.format(triangle=code_of("triangle"), gallery=entry.name, link=link)
    html = client.get(path).get_data(as_text=True)
    found = re.search(r'<link rel="alternate" type="application/json\+oembed" href="([^"]+)"', html)
    assert found, path
    href = urlsplit(unescape(found.group(1)))
    assert href.path == "/oembed"
    answer = client.get("/oembed?" + href.query)
    assert answer.status_code == 200 and answer.get_json()["type"] == "rich"


def test_the_player_and_the_other_pages_name_no_oembed_of_themselves(client):
    assert "json+oembed" not in client.get(f"/embed/rotation?p={code_of('rotation')}").get_data(as_text=True)
    assert "json+oembed" not in client.get("/puzzles").get_data(as_text=True)


def test_behind_a_proxy_the_discovery_and_the_player_use_the_public_address(make_app):
    public = "https://puzzles.example.org/play"
    client = make_app(RATELIMIT_ENABLED=False, PUBLIC_URL=public + "/").test_client()
    code = code_of("sliding")
    html = client.get(f"/sliding?p={code}").get_data(as_text=True)
    href = unescape(re.search(r'type="application/json\+oembed" href="([^"]+)"', html).group(1))
    assert href.startswith(f"{public}/oembed?")
    assert parse_qs(urlsplit(href).query)["url"] == [f"{public}/sliding?p={code}"]
    # the consumer asks the public address; the proxy hands the path on without its prefix
    answer = client.get("/oembed?" + urlsplit(href).query)
    assert answer.status_code == 200, answer.get_json()
    assert iframe_src(answer.get_json()) == f"{public}/embed/sliding?p={code}"
    assert answer.get_json()["provider_url"] == f"{public}/"
    # a page of another site under the same host's prefix is not this site's
    assert oembed(client, f"https://puzzles.example.org/sliding?p={code}").status_code == 404

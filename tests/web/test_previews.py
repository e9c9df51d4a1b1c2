"""Link previews (issue 31, item 1): every puzzle page of every kind, at each
of its addresses, carries Open Graph and Twitter card tags whose image is
an absolute address of the preview route; that route answers a PNG of
1200 × 630, cached, bounded, and a 400 with a sentence for a bad code.
The picture itself is compared with Chromium's drawing of the gallery's
SVG in tests/browser/test_e2e_previews.py; the rasteriser's own test is
tests/web/test_raster.py."""

from __future__ import annotations

import html
import io
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from PIL import Image

from webapp import kinds, levels

_META = re.compile(r'<meta (?:property|name)="([^"]+)" content="([^"]*)">')


def _tags(client, url: str) -> dict[str, str]:
    answer = client.get(url)
    assert answer.status_code == 200, (url, answer.status_code)
    return {key: html.unescape(value) for key, value in _META.findall(answer.get_data(as_text=True))}


def _short_link(client, kind) -> str:
    answer = client.post(f"/api/{kind.name}/links", json={"board": kind.example})
    return answer.get_json()["url"]


def _gallery_entry(client, kind) -> dict:
    """The kind's gallery puzzle with the longest known shortest solution
    (or its first, for a kind whose catalogue counts no moves)."""
    listed = client.get(f"/api/{kind.name}/puzzles").get_json()
    return max(listed, key=lambda e: e.get("moves") or 0)


def _addresses(client, kind) -> list[str]:
    code = kind.encode(kind.parse(kind.example))
    page = kind.web.page_path
    return [page, f"{page}?p={code}", _short_link(client, kind),
            f"/puzzles/{_gallery_entry(client, kind)['name']}", f"{page}?daily={levels.today().isoformat()}"]


@pytest.mark.parametrize("name", kinds.names())
def test_every_address_of_every_kind_carries_the_preview_tags(client, name):
    kind = kinds.get(name)
    for url in _addresses(client, kind):
        tags = _tags(client, url)
        where = (url, tags)
        title, image = tags["og:title"], tags["og:image"]
        assert title.startswith(f"{kind.title} puzzle, ") and re.search(r"\d+ × \d+", title), where
        assert tags["twitter:title"] == title and tags["twitter:card"] == "summary_large_image", where
        assert tags["og:description"] and tags["twitter:description"] == tags["og:description"], where
        assert (tags["og:image:width"], tags["og:image:height"], tags["og:type"]) == ("1200", "630", "website")
        parts = urlsplit(image)
        assert (parts.scheme, parts.netloc, parts.path) == ("http", "localhost", f"/preview/{name}.png"), where
        assert tags["twitter:image"] == image, where
        assert tags["og:url"] == "http://localhost" + url, where
        # the image is the puzzle of the page: its code decodes to it
        code = parse_qs(parts.query)["p"][0]
        assert kind.text(kind.decode(code)), where
        answer = client.get(f"{parts.path}?{parts.query}")
        assert answer.status_code == 200 and answer.mimetype == "image/png", where


def test_a_pages_title_says_the_shortest_solution_when_it_is_known(client):
    entry = _gallery_entry(client, kinds.get("rotation"))
    tags = _tags(client, f"/puzzles/{entry['name']}")
    assert tags["og:title"] == (f"Rotation puzzle, {entry['width']} × {entry['height']}: "
                                f"shortest solution {entry['moves']} turns")
    assert entry["title"] in tags["og:description"]
    # the day's puzzle knows its length from its level
    day = client.get("/api/rotation/daily").get_json()
    tags = _tags(client, f"/?daily={day['date']}")
    assert tags["og:title"].endswith(f"shortest solution {day['length']} turns"), (tags, day)
    # a sliding board says it in its kind's word
    assert _tags(client, "/sliding")["og:title"].startswith("Sliding tiles puzzle, 3 × 3: shortest solution ")


def test_a_puzzle_nobody_measured_says_its_kind_and_size_only(client):
    rotation = kinds.get("rotation")
    puzzle = rotation.parse("5\n#####\n#   #\n# A #\n#   #\n## ##\n")
    tags = _tags(client, f"/?p={rotation.encode(puzzle)}")
    assert tags["og:title"] == "Rotation puzzle, 5 × 5"


def test_the_addresses_follow_the_configured_public_address(make_app):
    client = make_app(RATELIMIT_ENABLED=False, PUBLIC_URL="https://puzzles.example.org/play/").test_client()
    tags = _tags(client, "/sliding")
    assert tags["og:image"].startswith("https://puzzles.example.org/play/preview/sliding.png?p=")
    assert tags["og:url"] == "https://puzzles.example.org/play/sliding"


def test_the_image_is_a_cached_png_of_1200_by_630(client):
    rotation = kinds.get("rotation")
    url = f"/preview/rotation.png?p={rotation.encode(rotation.parse(rotation.example))}"
    first = client.get(url)
    assert first.status_code == 200 and "public" in first.headers["Cache-Control"]
    assert "max-age=" in first.headers["Cache-Control"]
    image = Image.open(io.BytesIO(first.data))
    assert (image.format, image.size) == ("PNG", (1200, 630))
    assert client.get(url).data == first.data


def test_a_short_links_image(client):
    link = _short_link(client, kinds.get("triangle"))
    answer = client.get(f"/preview{link}.png")
    assert answer.status_code == 200 and Image.open(io.BytesIO(answer.data)).size == (1200, 630)
    missing = client.get("/preview/s/nothingHere.png")
    assert missing.status_code == 404 and "mistyped" in missing.get_json()["error"]


@pytest.mark.parametrize("url, status, words", [
    ("/preview/rotation.png?p=not-a-code", 400, "does not hold a rotation puzzle"),
    ("/preview/sliding.png?p=AY2d_z8YjYVDfwMTAyszCyMLK2lnH7Q8A", 400, "does not hold a sliding tiles puzzle"),
    ("/preview/triangle.png", 400, "Give the puzzle's share code"),
    ("/preview/triangle.png?p=", 400, "Give the puzzle's share code"),
    ("/preview/chess.png?p=x", 404, "no puzzle kind 'chess'"),
])
def test_bad_input_is_told_in_a_sentence(client, url, status, words):
    answer = client.get(url)
    assert answer.status_code == status, answer.data
    said = answer.get_json()["error"]
    assert words in said and said.endswith((".", ")")), said


def test_images_not_yet_drawn_are_bounded_per_client_but_drawn_ones_are_served(make_app):
    client = make_app(RATELIMIT_ENABLED=True, PREVIEW_RATE_LIMIT="2 per minute").test_client()
    codes = [kinds.get(name).encode(kinds.get(name).parse(kinds.get(name).example)) for name in kinds.names()]
    urls = [f"/preview/{name}.png?p={code}" for name, code in zip(kinds.names(), codes)]
    assert [client.get(url).status_code for url in urls[:2]] == [200, 200]
    refused = client.get(urls[2])
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert client.get(urls[0]).status_code == 200  # from the cache: no drawing, no count


def test_the_picture_cache_lets_the_least_recently_used_go():
    from webapp.web.preview import _Recent
    cache = _Recent(2)
    cache.put("a", b"1")
    cache.put("b", b"2")
    assert cache.get("a") == b"1"  # now "b" is the least recently used
    cache.put("c", b"3")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (b"1", None, b"3")

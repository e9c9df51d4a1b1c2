"""A link's preview picture shows the puzzle (issue 31, item 1): the
server's card of a gallery puzzle (/preview/<kind>.png, drawn by Pillow
from the kind's SVG) holds, where the card puts it, what Chromium draws of
the gallery's own picture (/puzzles/<name>.svg) at that size; compared as
small grey images, within a tolerance, and much closer than Chromium's
drawing of another puzzle."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from webapp import kinds
from webapp.web.preview import PAGE, picture_box

#: The grey images compared: small enough that fonts and anti-aliasing agree.
SMALL = (48, 48)

# The gallery's SVG, as the browser shows it, stretched to the card's box on the card's background
FIT = """([w, h, background]) => {
  document.body.style.margin = '0';
  const svg = document.querySelector('svg');
  svg.style.display = 'block';
  svg.setAttribute('width', w);
  svg.setAttribute('height', h);
  svg.style.background = background;
  return svg.getBoundingClientRect().width;
}"""


def _grey(image: Image.Image) -> Image.Image:
    return image.convert("L").resize(SMALL, Image.BOX)


def _difference(a: Image.Image, b: Image.Image) -> float:
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def _chromium(page, name: str, size: tuple[int, int]) -> Image.Image:
    # in a page of its own (about:blank's, no favicon asked for), as the gallery's <img> shows it
    page.set_content(page.request.get(f"/puzzles/{name}.svg").text())
    assert page.evaluate(FIT, [size[0], size[1], PAGE]) == size[0]
    shot = page.screenshot(clip={"x": 0, "y": 0, "width": size[0], "height": size[1]})
    return Image.open(io.BytesIO(shot))


@pytest.mark.parametrize("kind", kinds.names())
def test_the_preview_card_shows_the_gallery_picture(page, kind):
    listed = page.request.get(f"/api/{kind}/puzzles").json()
    first, other = listed[0], listed[-1]
    svg = page.request.get(f"/puzzles/{first['name']}.svg").text()
    left, top, w, h = picture_box(svg)
    page.set_viewport_size({"width": max(w, 400), "height": max(h, 400)})

    html = page.request.get(first["url"]).text()  # the gallery puzzle's page: its preview tag
    image_url = html.split('property="og:image" content="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    answer = page.request.get(image_url)
    assert answer.status == 200 and answer.headers["content-type"] == "image/png"
    card = Image.open(io.BytesIO(answer.body()))
    assert card.size == (1200, 630)
    ours = _grey(card.crop((left, top, left + w, top + h)))

    drawn = _grey(_chromium(page, first["name"], (w, h)))
    elsewhere = _grey(_chromium(page, other["name"], (w, h)))
    same, different = _difference(ours, drawn), _difference(ours, elsewhere)
    assert same < 6, (kind, same, different)
    assert different > 3 * same, (kind, same, different)

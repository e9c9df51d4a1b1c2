"""The SVG-subset rasteriser behind the link previews (webapp/web/raster.py),
on tiny pictures whose pixels are known."""

from __future__ import annotations

from webapp.web.raster import render

_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">{}</svg>'
RED, BLUE, CLEAR = (255, 0, 0, 255), (0, 0, 255, 255), (0, 0, 0, 0)


def test_a_red_rect_is_red_where_it_is_and_nowhere_else():
    image = render(_SVG.format('<title>ignored</title><rect x="2" y="2" width="4" height="3" fill="#ff0000"/>'),
                   100, 100)
    assert image.getpixel((40, 35)) == RED
    assert image.getpixel((10, 10)) == CLEAR and image.getpixel((70, 35)) == CLEAR
    assert image.getpixel((40, 60)) == CLEAR


def test_a_path_a_group_turned_and_a_clip():
    # a 2 x 2 square path at (0, 0) moved to (6, 6); a blue square clipped to its left half
    image = render(_SVG.format(
        '<path d="M0 0h2v2h-2z" fill="#ff0000" transform="translate(6 6)"/>'
        '<clipPath id="c"><polygon points="0,0 2,0 2,4 0,4"/></clipPath>'
        '<g clip-path="url(#c)"><rect width="4" height="4" fill="#0000ff"/></g>'), 100, 100)
    assert image.getpixel((70, 70)) == RED and image.getpixel((50, 50)) == CLEAR
    assert image.getpixel((10, 20)) == BLUE and image.getpixel((30, 20)) == CLEAR


def test_a_stroked_circle_and_a_polygon():
    image = render(_SVG.format('<circle cx="5" cy="5" r="2" fill="#ff0000" stroke="#0000ff" stroke-width="1"/>'
                               '<polygon points="0,10 2,10 0,8" fill="#0000ff"/>'), 100, 100)
    assert image.getpixel((50, 50)) == RED
    assert image.getpixel((50, 30)) == BLUE  # on the stroke, centred on the circle's edge
    assert image.getpixel((50, 20)) == CLEAR
    assert image.getpixel((2, 97)) == BLUE and image.getpixel((97, 97)) == CLEAR

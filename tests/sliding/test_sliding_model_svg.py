"""SVG pictures of sliding positions: well-formed, sized, titled, escaped,
one numbered tile per tile, the hole empty, readable colours."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings

from colours import contrast
from sliding_reference import positions
from webapp.sliding import svg
from webapp.sliding.position import Position


NS = "{http://www.w3.org/2000/svg}"


@given(p=positions())
@settings(max_examples=100, deadline=None)
def test_every_tile_is_drawn_once_with_its_number(p):
    root = ET.fromstring(svg.position_svg(p))
    assert root.tag == f"{NS}svg"
    w, h = int(root.get("width")), int(root.get("height"))
    assert root.get("viewBox") == f"0 0 {w} {h}"
    assert w > p.width * 30 and h > p.height * 30
    numbers = sorted(int(t.text) for t in root.iter(f"{NS}text"))
    assert numbers == list(range(1, p.width * p.height))
    tiles = [r for r in root.iter(f"{NS}rect") if "tile" in (r.get("class") or "")]
    assert len(tiles) == p.width * p.height - 1
    homes = sum(1 for r in tiles if "home" in r.get("class"))
    assert homes == sum(1 for i, t in enumerate(p.tiles) if t == i + 1)


def test_the_hole_is_empty_and_the_numbers_sit_in_their_cells():
    p = Position((1, 5, 2, 7, 0, 3, 8, 4, 6), 3)
    root = ET.fromstring(svg.position_svg(p, cell=40))
    pad = 4
    cells = set()
    for t in root.iter(f"{NS}text"):
        c = int((float(t.get("x")) - pad) // 40)
        r = int((float(t.get("y")) - pad) // 40)
        assert p.tiles[r * 3 + c] == int(t.text)
        cells.add(r * 3 + c)
    assert p.hole not in cells and len(cells) == 8


def test_title_lists_the_rows_and_is_escaped():
    root = ET.fromstring(svg.position_svg(Position.goal(3, 2)))
    assert root.find(f"{NS}title").text == "3 x 2 sliding puzzle: 1 2 3 / 4 5 _"
    text = svg.position_svg(Position.goal(2, 2), title='<a href="x">&</a>')
    assert ET.fromstring(text).find(f"{NS}title").text == '<a href="x">&</a>'
    assert "<a href" not in text


def test_numbers_are_readable_on_both_tile_colours():
    assert contrast(svg.NUMBER_COLOUR, svg.TILE_COLOUR) >= 4.5
    assert contrast(svg.NUMBER_COLOUR, svg.HOME_COLOUR) >= 4.5
    # tiles stand out from the hole and the frame
    assert contrast(svg.TILE_COLOUR, svg.FRAME_COLOUR) >= 3

"""Pictures of triangle puzzles: well-formed SVG, the slots where the rules
put them (neighbours share the edges the rules name), one half figure a
non-zero edge, filled or hollow by its sign, and the two halves of every
inner edge of a solution face to face in one colour and shape."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from test_triangle_kind import EXAMPLES, brute, inner_edges, slots
from webapp.triangle.puzzle import Puzzle
from webapp.triangle.svg import COLOURS, slot_corners, svg

NS = "{http://www.w3.org/2000/svg}"


def _tree(text: str):
    return ET.fromstring(text)


def _edge(corners, side):
    return corners[side], corners[(side + 1) % 3]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_neighbours_share_exactly_the_edges_the_rules_name(n):
    corners = [slot_corners(n, r, k) for r, k in slots(n)]
    for a, side_a, b, side_b in inner_edges(n):
        p, q = _edge(corners[a], side_a)
        s, t = _edge(corners[b], side_b)
        # the same segment, walked the other way (both pieces read clockwise)
        assert math.dist(p, t) < 1e-9 and math.dist(q, s) < 1e-9, (a, side_a, b, side_b)
    # every slot a unit equilateral triangle, inside the big one
    for c in corners:
        for i in range(3):
            assert math.dist(c[i], c[(i + 1) % 3]) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.parametrize("n", [1, 3, 4])
def test_the_corners_go_clockwise_on_screen(n):
    for r, k in slots(n):
        (x1, y1), (x2, y2), (x3, y3) = slot_corners(n, r, k)
        # y points down on screen: clockwise means a positive cross product
        assert (x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1) > 0


def test_the_tray_shows_every_piece_and_every_half():
    pieces = EXAMPLES[2]
    tree = _tree(svg(Puzzle(4, pieces)))
    assert tree.tag == NS + "svg"
    polygons = [e for e in tree.iter(NS + "polygon") if e.get("class") == "piece"]
    assert len(polygons) == 9
    halves = [e for e in tree.iter() if "half" in (e.get("class") or "")]
    values = [v for p in pieces for v in p]
    assert len(halves) == sum(1 for v in values if v)
    knobs = [e for e in halves if "knob" in e.get("class")]
    assert len(knobs) == sum(1 for v in values if v > 0)
    for e in knobs:
        assert e.get("fill") != "#ffffff"
    for e in halves:
        if "socket" in e.get("class"):
            assert e.get("fill") == "#ffffff"


def test_a_zero_edge_has_no_mark():
    tree = _tree(svg(Puzzle(0, ((0, 0, 0),))))
    assert not [e for e in tree.iter() if "half" in (e.get("class") or "")]


def _centre(element):
    if element.tag == NS + "circle":
        return float(element.get("cx")), float(element.get("cy"))
    if element.tag == NS + "rect":
        return (float(element.get("x")) + float(element.get("width")) / 2,
                float(element.get("y")) + float(element.get("height")) / 2)
    points = [tuple(map(float, p.split(","))) for p in element.get("points").split()]
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def test_in_a_solution_the_two_halves_of_a_figure_face_each_other():
    pieces = EXAMPLES[3]
    solution = brute(pieces)[2][0]
    placement = [(s["piece"], tuple(s["edges"])) for s in solution]
    tree = _tree(svg(Puzzle(10, pieces), placement, side=100))
    halves = [e for e in tree.iter() if "half" in (e.get("class") or "")]
    assert len(halves) == 27
    for e in halves:
        kind = int(re.search(r"\bf(\d+)\b", e.get("class")).group(1))
        assert e.get("stroke") == COLOURS[(kind - 1) % len(COLOURS)]
    # each knob of an inner edge has a socket of its kind nearby, closer than any other half
    for a in halves:
        near = min((h for h in halves if h is not a), key=lambda h: math.dist(_centre(a), _centre(h)))
        if math.dist(_centre(a), _centre(near)) < 30:
            ka = re.search(r"\bf\d+\b", a.get("class")).group(0)
            assert ka in near.get("class").split()
            assert ("knob" in a.get("class")) != ("knob" in near.get("class"))


def test_a_partial_placement_leaves_empty_slots_blank():
    pieces = EXAMPLES[3]
    placement = [None] * 9
    placement[4] = (0, pieces[0])
    text = svg(Puzzle(10, pieces), placement)
    tree = _tree(text)
    assert len([e for e in tree.iter(NS + "polygon") if e.get("class") == "slot"]) == 8
    assert "1 of 9 pieces placed" in text


def test_numbers_on_demand_and_the_title():
    one = Puzzle(5, ((5, -3, 0),))
    plain, numbered = svg(one), svg(one, numbers=True)
    assert "<text" not in plain
    assert [t.text for t in _tree(numbered).iter(NS + "text")] == ["5", "-3", "0"]
    assert "<title>&lt;b&gt; &amp;</title>" in svg(one, title="<b> &")


def test_a_placement_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="one entry a slot: 9, not 2"):
        svg(Puzzle(10, EXAMPLES[3]), [None, None])

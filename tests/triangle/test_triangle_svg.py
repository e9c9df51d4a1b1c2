"""Pictures of triangle puzzles: well-formed SVG, the slots where the rules
put them (neighbours share the edges the rules name), one half figure a
non-zero edge, filled or hollow by its sign, and the two halves of every
inner edge of a solution face to face in one colour and shape."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from triangle_reference import NUMBERED as EXAMPLES
from triangle_reference import brute, inner_edges, slots
from webapp.triangle.puzzle import Puzzle
from webapp.triangle.figures import FIGURES, figure_colour, figure_shape, outline
from webapp.triangle.geometry import corners as slot_corners
from webapp.triangle import geometry
from webapp.triangle.svg import svg, thumbnail

NS = "{http://www.w3.org/2000/svg}"


def _tree(text: str):
    return ET.fromstring(text)


def _edge(corners, side):
    return corners[side], corners[(side + 1) % 3]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_neighbours_share_exactly_the_edges_the_rules_name(n):
    corners = [slot_corners(n, (r, k)) for r, k in slots(n)]
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
        (x1, y1), (x2, y2), (x3, y3) = slot_corners(n, (r, k))
        # y points down on screen: clockwise means a positive cross product
        assert (x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1) > 0


def _pieces(tree):
    """Each piece of a picture: (its corners, its figures, its numbers)."""
    out = []
    for g in tree.iter(NS + "g"):
        if g.get("class") != "piece":
            continue
        face = next(e for e in g if e.get("class") == "piece-face")
        corners = [tuple(map(float, p.split(","))) for p in face.get("points").split()]
        clipped = next(e for e in g if e.tag == NS + "g")
        clip = next(e for e in g if e.tag == NS + "clipPath")
        # the figures are clipped to the piece itself
        assert clipped.get("clip-path") == f"url(#{clip.get('id')})"
        assert clip[0].get("points") == face.get("points")
        out.append((corners, list(clipped), [e for e in g if e.tag == NS + "text"]))
    return out


def _centre(element):
    if element.tag == NS + "circle":
        return float(element.get("cx")), float(element.get("cy"))
    points = [tuple(map(float, p.split(","))) for p in element.get("points").split()]
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _check_figures(tree, side):
    """Every non-zero edge of every piece: one figure, centred on the edge's
    midpoint, in the board's shape and colours for its number."""
    pieces = _pieces(tree)
    assert pieces
    for corners, figures, _ in pieces:
        assert len(figures) == len([f for f in figures if f.get("data-figure") != "0"])
        for f in figures:
            value = int(f.get("data-figure"))
            kind = abs(value)
            mids = [((corners[i][0] + corners[(i + 1) % 3][0]) / 2, (corners[i][1] + corners[(i + 1) % 3][1]) / 2)
                    for i in range(3)]
            assert min(math.dist(_centre(f), m) for m in mids) < 0.02, "a figure off its edge's midpoint"
            assert f.get("stroke") == figure_colour(kind)
            assert f.get("fill") == figure_colour(kind, light=value < 0)
            assert ("knob" in f.get("class").split()) == (value > 0)
            if figure_shape(kind) == "circle":
                assert f.tag == NS + "circle" and float(f.get("r")) == pytest.approx(FIGURES["radius"] * side, abs=0.01)
            else:
                points = f.get("points").split()
                assert f.tag == NS + "polygon" and len(points) == len(outline(kind))
                far = max(math.dist(_centre(f), tuple(map(float, p.split(",")))) for p in points)
                assert far == pytest.approx(max(math.hypot(u, v) for u, v in outline(kind)) * side, abs=0.02)
    return pieces


def test_the_tray_shows_every_piece_and_every_half():
    pieces = EXAMPLES[2]
    tree = _tree(svg(Puzzle(4, pieces), side=60))
    assert tree.tag == NS + "svg"
    drawn = _check_figures(tree, 60)
    assert len(drawn) == 9
    # each piece's figures on its edges in order: left, right, bottom of a piece pointing up
    for (corners, figures, _), piece in zip(drawn, pieces):
        on_edge = {}
        for f in figures:
            mids = [((corners[i][0] + corners[(i + 1) % 3][0]) / 2, (corners[i][1] + corners[(i + 1) % 3][1]) / 2)
                    for i in range(3)]
            on_edge[min(range(3), key=lambda i: math.dist(_centre(f), mids[i]))] = int(f.get("data-figure"))
        assert on_edge == {i: v for i, v in enumerate(piece) if v}


def test_a_zero_edge_has_no_mark():
    tree = _tree(svg(Puzzle(0, ((0, 0, 0),))))
    assert not [e for e in tree.iter() if "figure" in (e.get("class") or "")]


def test_every_figure_kind_has_the_boards_shape_and_colour():
    pieces = tuple((f, -f, 0) for f in range(1, 10)) + ((0, 0, 0),) * 7
    tree = _tree(svg(Puzzle(9, pieces), side=50))
    _check_figures(tree, 50)
    shapes = {figure_shape(f) for f in range(1, 10)}
    assert shapes == {s["name"] for s in FIGURES["shapes"]}
    assert len({figure_colour(f) for f in range(1, 10)}) == 9


def test_in_a_solution_the_two_halves_of_a_figure_face_each_other():
    pieces = EXAMPLES[3]
    solution = brute(pieces)[2][0]
    placement = [(s["piece"], tuple(s["edges"])) for s in solution]
    tree = _tree(svg(Puzzle(10, pieces), placement, side=100))
    drawn = _check_figures(tree, 100)
    halves = [f for _, figures, _ in drawn for f in figures]
    assert len(halves) == 27
    pad = 10
    corners = [[(pad + 100 * x, pad + 100 * y) for x, y in slot_corners(3, rk)] for rk in slots(3)]
    by_slot = {tuple(round(v, 1) for p in c for v in p): f for c, f, _ in drawn}
    figures = [by_slot[tuple(round(v, 1) for p in c for v in p)] for c in corners]
    # on each inner edge a knob and a socket of one kind, centred on the same point, one shape
    for a, side_a, b, side_b in inner_edges(3):
        p, q = corners[a][side_a], corners[a][(side_a + 1) % 3]
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        fa = next(f for f in figures[a] if math.dist(_centre(f), mid) < 0.05)
        fb = next(f for f in figures[b] if math.dist(_centre(f), mid) < 0.05)
        assert int(fa.get("data-figure")) == -int(fb.get("data-figure"))
        if fa.tag == NS + "polygon":
            assert sorted(fa.get("points").split()) == sorted(fb.get("points").split())


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


@pytest.mark.parametrize("value", [1, 3, 6, 12, -12])
def test_the_numbers_sit_beside_the_figures_not_on_them(value):
    side = 100
    tree = _tree(svg(Puzzle(12, ((value, value, value),)), side=side, numbers=True))
    [(corners, figures, texts)] = _pieces(tree)
    size = FIGURES["numbers"]["size"] * side
    reach = max([math.hypot(u, v) for u, v in outline(abs(value))] + [FIGURES["radius"]]) * side
    for t in texts:
        x, y = float(t.get("x")), float(t.get("y"))
        # the text's box: as high as the font, at most 0.6 of it a character wide
        half_w, half_h = 0.3 * size * len(t.text), size / 2
        for f in figures:
            cx, cy = _centre(f)
            gap_x, gap_y = max(0.0, abs(x - cx) - half_w), max(0.0, abs(y - cy) - half_h)
            assert math.hypot(gap_x, gap_y) > reach, (t.text, (x, y), (cx, cy))
        # and inside the piece, by half the text's height
        for i in range(3):
            (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 3]
            distance = ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) / math.dist(corners[i], corners[(i + 1) % 3])
            assert distance > half_h * 0.9


def test_the_pictures_use_the_boards_piece_colours():
    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "triangle.css").read_text()
    def light(value: str) -> str:
        """A colour, or the light theme's value of its variable (the first defined)."""
        found = re.fullmatch(r"var\((--[\w-]+)\)", value)
        return re.search(rf"{found.group(1)}: ([^;]+);", css).group(1) if found else value

    face = light(re.search(r"\.triangle-board \.piece-face \{[^}]*fill: ([^;]+);", css).group(1))
    rim = light(re.search(r"\.triangle-board \.piece-rim \{[^}]*stroke: ([^;]+);", css).group(1))
    assert (face, rim) == (FIGURES["piece"]["fill"], FIGURES["piece"]["rim"])
    tree = _tree(svg(Puzzle(1, ((1, -1, 0),))))
    assert {e.get("fill") for e in tree.iter() if e.get("class") == "piece-face"} == {face}
    assert {e.get("stroke") for e in tree.iter() if e.get("class") == "piece-rim"} == {rim}


def test_clip_ids_differ_between_pictures_and_stay_the_same_for_one():
    a, b = Puzzle(1, ((1, -1, 0),)), Puzzle(1, ((1, 1, 0),))
    ids = lambda text: re.findall(r'clipPath id="([^"]+)"', text)  # noqa: E731
    assert ids(svg(a)) == ids(svg(a)) and not set(ids(svg(a))) & set(ids(svg(b)))


def test_a_placement_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="one entry a slot: 9, not 2"):
        svg(Puzzle(10, EXAMPLES[3]), [None, None])


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 4), side=st.integers(12, 120), data=st.data())
def test_any_tray_and_placement_draw_every_figure_on_its_edge(n, side, data):
    value = st.integers(-14, 14)
    pieces = tuple(tuple(data.draw(st.lists(value, min_size=3, max_size=3))) for _ in range(n * n))
    placed = [(i, pieces[i]) if data.draw(st.booleans()) else None for i in range(n * n)]
    assume(any(placed))
    puzzle = Puzzle(14, pieces)
    shown_edges = ((svg(puzzle, side=side), pieces),
                   (svg(puzzle, placed, side=side), [edges for _, edges in filter(None, placed)]))
    for picture, edges in shown_edges:
        drawn = _check_figures(_tree(picture), side)
        shown = sorted(int(f.get("data-figure")) for _, figures, _ in drawn for f in figures)
        assert shown == sorted(v for e in edges for v in e if v)
        ids = re.findall(r'id="([^"]+)"', picture)
        assert len(ids) == len(set(ids))


def test_the_board_reads_the_same_description():
    """kinds/triangle/draw.js keeps no figure data of its own: it reads the file
    svg.py reads (compared in the browser by test_e2e_issue18_triangle_pictures)."""
    js = (Path(__file__).resolve().parents[2] / "static" / "js" / "kinds" / "triangle" / "draw.js").read_text()
    assert '"../triangle-figures.json"' in js
    for own in ("hexagon", "137.508", "0.14", "#fffdf7"):
        assert own not in js, own


# ------------------------------------------- the gallery's thumbnail (issue 30)
def _slot_rows(tree) -> tuple[int, int]:
    """A thumbnail's slots, and its rows of slots (told apart by where
    each slot's top corner, or top edge, lies)."""
    slots_drawn = [e for e in tree.iter(NS + "polygon") if e.get("class") == "slot"]
    tops = {round(min(float(p.split(",")[1]) for p in e.get("points").split()), 1) for e in slots_drawn}
    return len(slots_drawn), len(tops)


@pytest.mark.parametrize("n", [3, 4])
def test_a_thumbnail_shows_the_big_triangle_of_the_puzzles_side(n):
    pieces = EXAMPLES[3] if n == 3 else tuple((f % 5 + 1, -(f % 3 + 1), 0) for f in range(16))
    tree = _tree(thumbnail(Puzzle(10, pieces)))
    assert (tree.get("width"), tree.get("height")) == ("160", "160")
    assert _slot_rows(tree) == (n * n, n)
    outline_drawn = [e for e in tree.iter(NS + "polygon") if e.get("class") == "outline"]
    assert len(outline_drawn) == 1 and len(outline_drawn[0].get("points").split()) == 3
    # every piece there, with its own figures in the board's colours
    drawn = _pieces(tree)
    assert len(drawn) == n * n
    shown = sorted((int(f.get("data-figure")), f.get("fill")) for _, figures, _ in drawn for f in figures)
    assert shown == sorted((v, figure_colour(abs(v), light=v < 0)) for p in pieces for v in p if v)


def _laid_out(tree) -> list[tuple[int, ...]]:
    """The pieces' numbers in the slots they are laid in, slot by slot."""
    return [tuple(int(f) for f in g.get("data-edges").split()) for g in tree.iter(NS + "g")
            if g.get("class") == "piece"]


def _fitting(n, laid) -> int:
    return sum(1 for (a, sa), (b, sb) in geometry.inner_edges(n) if laid[a][sa] == -laid[b][sb])


def test_a_thumbnail_does_not_give_the_solution_away():
    """Pieces listed in a solution's order, each turned as it is placed,
    are laid out otherwise: the thumbnail is no solved triangle."""
    solution = brute(EXAMPLES[3])[2][0]
    in_order = tuple(tuple(s["edges"]) for s in solution)
    assert _fitting(3, in_order) == 9
    laid = _laid_out(_tree(thumbnail(Puzzle(10, in_order))))
    assert sorted(laid) == sorted(in_order) and _fitting(3, laid) <= 3
    # a tray that fits no better than chance is laid out in its own order
    shuffled = EXAMPLES[3]
    assert _laid_out(_tree(thumbnail(Puzzle(10, shuffled)))) == list(shuffled)


def test_thumbnails_are_small_and_quick_even_for_the_largest_side():
    pieces = tuple((f % 14 + 1, -(f % 13 + 1), f % 7) for f in range(64))
    text = thumbnail(Puzzle(14, pieces))
    assert _slot_rows(_tree(text)) == (64, 8) and len(text) < 200_000

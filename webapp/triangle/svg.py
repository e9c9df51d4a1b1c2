"""SVG pictures of triangle puzzles: without a placement the tray (the loose
pieces in rows, each pointing up), with one the big triangle; the
gallery's thumbnail lays the loose pieces out in the big triangle. Pieces
look as on the page's board (docs/triangle.md, "How the figures are drawn").

>>> from webapp.triangle.puzzle import Puzzle
>>> p = Puzzle(2, ((1, -2, 0), (2, 2, -1), (0, 0, 0), (-1, 1, 2)))
>>> tray = svg(p)
>>> tray.startswith("<svg") and tray.endswith("</svg>") and tray.count('class="piece"') == 4
True
>>> board = svg(p, [(2, (0, 0, 0)), None, None, None])
>>> board.count('class="piece"'), board.count('class="slot"')
(1, 3)
"""

from __future__ import annotations

import hashlib
import math
from html import escape

from ..words import gettext, ngettext
from .figures import FIGURES, figure_colour, figure_shape, outline
from . import geometry

__all__ = ["svg", "thumbnail", "figure_markup", "number_at"]

SLOT_COLOUR = "#fbfaf6"
SLOT_LINE = "#b9b4a6"
#: The big triangle's solid outline, as the board draws it (static/css/triangle.css).
OUTLINE = "#6e6a5e"
#: The thumbnail's size, as the gallery shows it (templates/gallery.html).
THUMBNAIL = 160
_ROOT3 = math.sqrt(3)


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _points(points) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)


def figure_markup(value: int, a, b, side: float) -> str:
    """The figure of ``value`` centred on the edge from ``a`` to ``b`` (the
    piece's clip keeps its half), ``side`` units a piece's side; "" for 0."""
    if value == 0:
        return ""
    f, knob = abs(value), value > 0
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    paint = (f'class="figure {"knob" if knob else "socket"}" data-figure="{value}" data-shape="{figure_shape(f)}" '
             f'fill="{figure_colour(f, light=not knob)}" stroke="{figure_colour(f)}" '
             f'stroke-width="{_fmt(FIGURES["stroke"]["knob" if knob else "socket"] * side)}"')
    shape = outline(f)
    if not shape:
        return f'<circle {paint} cx="{_fmt(mx)}" cy="{_fmt(my)}" r="{_fmt(FIGURES["radius"] * side)}"/>'
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    c, s = math.cos(angle), math.sin(angle)
    points = [(mx + side * (u * c - v * s), my + side * (u * s + v * c)) for u, v in shape]
    return f'<polygon {paint} points="{_points(points)}"/>'


def number_at(a, b, centre, side: float):
    """Where the number of the edge from ``a`` to ``b`` goes: along the edge
    beyond its figure, toward ``b``, a little inside the piece."""
    along, inward = FIGURES["numbers"]["along"] * side, FIGURES["numbers"]["inward"] * side
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = math.dist(a, b)
    depth = math.dist(centre, (mx, my))
    return (mx + (b[0] - a[0]) / length * along + (centre[0] - mx) / depth * inward,
            my + (b[1] - a[1]) / length * along + (centre[1] - my) / depth * inward)


def _piece(clip: str, corners, edges, side: float, numbers: bool, label: str = "") -> list[str]:
    centre = (sum(p[0] for p in corners) / 3, sum(p[1] for p in corners) / 3)
    points = _points(corners)
    look = FIGURES["piece"]
    parts = [f'<g class="piece" data-edges="{" ".join(map(str, edges))}">'
             + (f"<title>{escape(label)}</title>" if label else ""),
             f'<clipPath id="{clip}"><polygon points="{points}"/></clipPath>',
             f'<polygon class="piece-face" points="{points}" fill="{look["fill"]}"/>',
             f'<g clip-path="url(#{clip})">']
    parts += [figure_markup(value, corners[i], corners[(i + 1) % 3], side) for i, value in enumerate(edges)]
    parts += ["</g>", f'<polygon class="piece-rim" points="{points}" fill="none" stroke="{look["rim"]}" '
                      f'stroke-width="{_fmt(look["rim_width"] * side)}" stroke-linejoin="round"/>']
    if numbers:
        style = FIGURES["numbers"]
        for i, value in enumerate(edges):
            x, y = number_at(corners[i], corners[(i + 1) % 3], centre, side)
            parts.append(f'<text class="edge-number" x="{_fmt(x)}" y="{_fmt(y)}" '
                         f'font-size="{_fmt(style["size"] * side)}" font-weight="650" fill="{style["colour"]}" '
                         f'text-anchor="middle" dominant-baseline="central" '
                         f'font-family="system-ui, sans-serif">{value}</text>')
    parts.append("</g>")
    return [p for p in parts if p]


def svg(puzzle, placement=None, side: int | None = None, numbers: bool = False,
        title: str | None = None) -> str:
    """A picture of ``puzzle``: its tray, or with ``placement`` (over the
    slots, ``(piece, edges)`` or None) the big triangle. ``side``: pixels a
    small triangle's side (default: the picture about 240 pixels wide).

    >>> from webapp.triangle.puzzle import Puzzle
    >>> one = Puzzle(1, ((1, -1, 0),))
    >>> '<title>&lt;one&gt;</title>' in svg(one, title="<one>")
    True
    >>> svg(one, [(0, (1, -1, 0))], numbers=True).count("<text")
    3
    """
    n = puzzle.n
    side = side or max(12, 240 // n)
    # clip ids unique to the picture, so that several can share one page
    ids = "t" + hashlib.sha1(repr((puzzle, placement, side, numbers)).encode()).hexdigest()[:10]
    pad = max(2, side // 10)
    h = side * _ROOT3 / 2
    parts = []
    if placement is None:
        gap = side / 6
        width = n * side + (n - 1) * gap + 2 * pad
        height = n * h + (n - 1) * gap + 2 * pad
        default = ngettext("%(side)s x %(side)s triangle puzzle: %(n)s loose piece",
                           "%(side)s x %(side)s triangle puzzle: %(n)s loose pieces", len(puzzle.pieces), side=n)
        for index, piece in enumerate(puzzle.pieces):
            row, col = divmod(index, n)
            x, y = pad + col * (side + gap), pad + row * (h + gap)
            corners = ((x, y + h), (x + side / 2, y), (x + side, y + h))
            parts += _piece(f"{ids}-{index}", corners, piece, side, numbers,
                            gettext("piece %(piece)s: %(edges)s", piece=index, edges=" ".join(map(str, piece))))
    else:
        if len(placement) != n * n:
            raise ValueError(f"a placement has one entry a slot: {n * n}, not {len(placement)}")
        width, height = n * side + 2 * pad, n * h + 2 * pad
        placed = sum(1 for item in placement if item is not None)
        default = gettext("%(side)s x %(side)s triangle puzzle: %(placed)s of %(n)s pieces placed",
                          side=n, placed=placed, n=n * n)
        for slot, ((r, k), item) in enumerate(zip(geometry.slots(n), placement)):
            points = tuple((pad + x * side, pad + y * side) for x, y in geometry.corners(n, (r, k)))
            if item is None:
                parts.append(f'<polygon class="slot" points="{_points(points)}" fill="{SLOT_COLOUR}" '
                             f'stroke="{SLOT_LINE}" stroke-width="{_fmt(side * 0.015)}"/>')
                continue
            piece, edges = item
            parts += _piece(f"{ids}-{slot}", points, edges, side, numbers,
                            gettext("slot %(slot)s: piece %(piece)s", slot=slot, piece=piece))
    width, height = math.ceil(width), math.ceil(height)
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">', f"<title>{escape(title or default)}</title>"]
    return "".join(head + parts + ["</svg>"])


def _fits(n: int, laid) -> int:
    """How many inner edges of the big triangle ``laid`` (pieces slot by
    slot, as they lie) joins into whole figures."""
    return sum(1 for (a, side_a), (b, side_b) in geometry.inner_edges(n) if laid[a][side_a] == -laid[b][side_b])


def _laid_out(puzzle) -> list[tuple[int, int]]:
    """Which piece the thumbnail lays in each slot, as ``(piece, slot)``:
    the tray's order, unless that fits like a solution (a puzzle written
    down in its solution's order), then the order moved on by as many
    places as fits fewest edges, so a thumbnail never gives the answer."""
    n, count = puzzle.n, len(puzzle.pieces)
    shift = 0
    if _fits(n, puzzle.pieces) * 3 > len(geometry.inner_edges(n)):
        shift = min(range(count), key=lambda s: _fits(n, puzzle.pieces[s:] + puzzle.pieces[:s]))
    return [((slot + shift) % count, slot) for slot in range(count)]


def thumbnail(puzzle, size: int = THUMBNAIL) -> str:
    """The gallery's picture of ``puzzle``, ``size`` pixels square: the big
    triangle's solid outline and its n rows of slots, each slot holding
    one of the puzzle's pieces, drawn a little smaller than the slot (loose
    pieces laid out, not a placement) with their figures a quarter larger
    than on the board, so that they read at this size. The side shows in
    the rows, the puzzle in its own pieces; as laid out they do not fit
    (:func:`_laid_out`).
    """
    n = puzzle.n
    pad = size / 32
    side = (size - 2 * pad) / n
    h = side * _ROOT3 / 2
    top = (size - n * h) / 2
    ids = "g" + hashlib.sha1(repr((puzzle, size)).encode()).hexdigest()[:10]
    big = ((pad, top + n * h), (size / 2, top), (size - pad, top + n * h))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
             f"<title>{escape(_thumbnail_title(puzzle))}</title>",
             f'<polygon class="outline" points="{_points(big)}" fill="{SLOT_COLOUR}" stroke="{OUTLINE}" '
             f'stroke-width="{_fmt(size / 64)}" stroke-linejoin="round"/>']
    slot_corners = [tuple((pad + x * side, top + y * side) for x, y in geometry.corners(n, rk))
                    for rk in geometry.slots(n)]
    # each slot a face of its own under its piece: the gaps between the pieces
    # draw the rows, with no line of their own to crowd the rims
    parts += [f'<polygon class="slot" points="{_points(c)}" fill="{SLOT_COLOUR}"/>' for c in slot_corners]
    shrink = 0.88
    for piece, slot in _laid_out(puzzle):
        corners = slot_corners[slot]
        cx, cy = sum(p[0] for p in corners) / 3, sum(p[1] for p in corners) / 3
        inner = tuple((cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in corners)
        parts += _piece(f"{ids}-{slot}", inner, puzzle.pieces[piece], side * shrink * 1.25, False,
                        gettext("piece %(piece)s: %(edges)s", piece=piece, edges=" ".join(map(str, puzzle.pieces[piece]))))
    return "".join(parts + ["</svg>"])


def _thumbnail_title(puzzle) -> str:
    """"3 x 3 triangle puzzle: 9 pieces, 4 figure kinds"."""
    n = puzzle.n
    return ngettext("%(side)s x %(side)s triangle puzzle: %(pieces)s pieces, %(n)s figure kind",
                    "%(side)s x %(side)s triangle puzzle: %(pieces)s pieces, %(n)s figure kinds", puzzle.figures,
                    side=n, pieces=len(puzzle.pieces))

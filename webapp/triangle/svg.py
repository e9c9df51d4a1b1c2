"""SVG pictures of triangle puzzles, as plain functions returning strings.

Without a placement the picture is the tray: the loose pieces in rows, each
drawn pointing up with its numbers as (left, right, bottom). With one, it is
the big triangle with every placed piece in its slot (an empty slot stays
blank). A figure half is a small mark near its edge: the figure kind gives
the colour and the shape, the sign the half, filled for ``+f``, hollow for
``-f``, so two edges that fit show one shape once filled, once hollow. A 0
edge is a plain edge, with no mark. ``numbers=True`` writes the numbers too.

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

import math
from html import escape

from .geometry import corners

__all__ = ["svg", "slot_corners", "COLOURS", "SHAPES"]

#: One colour a figure kind (then again, with the next shape).
COLOURS = ("#d1495b", "#2e86ab", "#edae49", "#3b8b5a", "#8e5ea2", "#e07a2f", "#1b998b", "#6b4226")
SHAPES = ("circle", "square", "diamond", "triangle")
PIECE_COLOUR = "#f4efe4"
SLOT_COLOUR = "#dfe3ec"
LINE_COLOUR = "#2d3a55"
TEXT_COLOUR = "#1b2233"
_ROOT3 = math.sqrt(3)


def slot_corners(n: int, r: int, k: int, side: float = 1.0, x0: float = 0.0, y0: float = 0.0):
    """The geometry's corners of slot ``(r, k)`` of a big triangle of side
    ``n``, ``side`` units a small triangle (y downwards), moved by (x0, y0), in the order of the
    slot's edges: edge ``i`` runs from corner ``i`` to corner ``i + 1``
    (up: left, right, bottom; down: top, right, left).

    >>> [(round(x, 3), round(y, 3)) for x, y in slot_corners(1, 0, 0)]
    [(0.0, 0.866), (0.5, 0.0), (1.0, 0.866)]
    >>> [(round(x, 3), round(y, 3)) for x, y in slot_corners(2, 1, 1)]
    [(0.5, 0.866), (1.5, 0.866), (1.0, 1.732)]
    """
    return tuple((x0 + x * side, y0 + y * side) for x, y in corners(n, (r, k)))


def _slots(n: int):
    return [(r, k) for r in range(n) for k in range(2 * r + 1)]


def _mark(value: int, a, b, centre, size: float) -> str:
    """The half figure of ``value`` on the edge from ``a`` to ``b``."""
    if value == 0:
        return ""
    kind = abs(value) - 1
    colour = COLOURS[kind % len(COLOURS)]
    shape = SHAPES[(kind // len(COLOURS)) % len(SHAPES)]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    # a little inside the piece, so that the two halves of a figure sit face to face
    x, y = mx + (centre[0] - mx) * 0.38, my + (centre[1] - my) * 0.38
    fill = colour if value > 0 else "#ffffff"
    style = f'fill="{fill}" stroke="{colour}" stroke-width="{max(0.5, size / 5):g}"'
    cls = f'class="half f{abs(value)} {"knob" if value > 0 else "socket"}"'
    s = size
    if shape == "circle":
        return f'<circle {cls} cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}" {style}/>'
    if shape == "square":
        return f'<rect {cls} x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" {style}/>'
    if shape == "diamond":
        points = ((x, y - 1.3 * s), (x + 1.3 * s, y), (x, y + 1.3 * s), (x - 1.3 * s, y))
    else:
        points = ((x, y - 1.2 * s), (x + 1.1 * s, y + 0.8 * s), (x - 1.1 * s, y + 0.8 * s))
    return f'<polygon {cls} points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in points)}" {style}/>'


def _piece(corners, edges, size: float, numbers: bool, label: str = "") -> list[str]:
    centre = (sum(p[0] for p in corners) / 3, sum(p[1] for p in corners) / 3)
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    parts = [f'<polygon class="piece" points="{points}" fill="{PIECE_COLOUR}" '
             f'stroke="{LINE_COLOUR}" stroke-width="1"/>']
    if label:
        parts[0] = parts[0][:-2] + f'><title>{escape(label)}</title></polygon>'
    for i, value in enumerate(edges):
        parts.append(_mark(value, corners[i], corners[(i + 1) % 3], centre, size))
        if numbers:
            a, b = corners[i], corners[(i + 1) % 3]
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            x, y = mx + (centre[0] - mx) * 0.72, my + (centre[1] - my) * 0.72
            parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{1.6 * size:.1f}" fill="{TEXT_COLOUR}" '
                         f'text-anchor="middle" dominant-baseline="central" '
                         f'font-family="sans-serif">{value}</text>')
    return [p for p in parts if p]


def svg(puzzle, placement=None, side: int | None = None, numbers: bool = False,
        title: str | None = None) -> str:
    """A picture of ``puzzle``: its tray of pieces, or with ``placement``
    (a list over the slots of ``(piece, edges)`` or None) the big
    triangle. ``side``: pixels a small triangle's side (default: the
    picture about 240 pixels wide). ``title`` (escaped) replaces the
    default one.

    >>> from webapp.triangle.puzzle import Puzzle
    >>> one = Puzzle(1, ((1, -1, 0),))
    >>> '<title>&lt;one&gt;</title>' in svg(one, title="<one>")
    True
    >>> svg(one, [(0, (1, -1, 0))], numbers=True).count("<text")
    3
    """
    n = puzzle.n
    side = side or max(12, 240 // n)
    size = side / 14
    pad = max(2, side // 10)
    h = side * _ROOT3 / 2
    parts = []
    if placement is None:
        gap = side / 6
        width = n * side + (n - 1) * gap + 2 * pad
        height = n * h + (n - 1) * gap + 2 * pad
        default = f"{n} x {n} triangle puzzle: {len(puzzle.pieces)} loose pieces"
        for index, piece in enumerate(puzzle.pieces):
            row, col = divmod(index, n)
            x, y = pad + col * (side + gap), pad + row * (h + gap)
            corners = ((x, y + h), (x + side / 2, y), (x + side, y + h))
            parts += _piece(corners, piece, size, numbers, f"piece {index}: {' '.join(map(str, piece))}")
    else:
        slots = _slots(n)
        if len(placement) != len(slots):
            raise ValueError(f"a placement has one entry a slot: {len(slots)}, not {len(placement)}")
        width, height = n * side + 2 * pad, n * h + 2 * pad
        placed = sum(1 for item in placement if item is not None)
        default = f"{n} x {n} triangle puzzle: {placed} of {len(slots)} pieces placed"
        for slot, ((r, k), item) in enumerate(zip(slots, placement)):
            corners = slot_corners(n, r, k, side, pad, pad)
            if item is None:
                points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
                parts.append(f'<polygon class="slot" points="{points}" fill="{SLOT_COLOUR}" '
                             f'stroke="{LINE_COLOUR}" stroke-width="0.5"/>')
                continue
            piece, edges = item
            parts += _piece(corners, edges, size, numbers, f"slot {slot}: piece {piece}")
    width, height = math.ceil(width), math.ceil(height)
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">', f"<title>{escape(title or default)}</title>"]
    return "".join(head + parts + ["</svg>"])

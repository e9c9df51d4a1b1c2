"""SVG pictures of sliding positions, as plain functions returning strings.

>>> from webapp.sliding.position import Position
>>> svg = position_svg(Position((1, 5, 2, 7, 0, 3, 8, 4, 6), width=3))
>>> svg.startswith("<svg") and svg.count('class="tile') == 8 and svg.endswith("</svg>")
True
>>> '<title>3 x 3 sliding puzzle: 1 5 2 / 7 _ 3 / 8 4 6</title>' in svg
True
"""

from __future__ import annotations

from html import escape

from ..words import gettext
from .position import Position

__all__ = ["position_svg", "FRAME_COLOUR", "TILE_COLOUR", "HOME_COLOUR", "NUMBER_COLOUR"]

#: The frame and the hole (the page's board uses the same colours).
FRAME_COLOUR = "#2d3a55"
HOLE_COLOUR = "#dfe3ec"
#: A tile, and a tile already on its own cell: both carry dark numbers at 4.5:1 or more.
TILE_COLOUR = "#f2c879"
HOME_COLOUR = "#a8d5b0"
NUMBER_COLOUR = "#1b2233"


def position_svg(position: Position, cell: int = 40, title: str | None = None) -> str:
    """A picture of ``position``: numbered tiles, those on their own cell in
    another colour; ``title`` (escaped) replaces the default, the rows.

    >>> svg = position_svg(Position.goal(2, 2), cell=10, title="<goal> & more")
    >>> 'width="22" height="22" viewBox="0 0 22 22"' in svg
    True
    >>> '<title>&lt;goal&gt; &amp; more</title>' in svg
    True
    """
    w, h = position.width, position.height
    pad = max(1, cell // 10)
    total_w, total_h = w * cell + 2 * pad, h * cell + 2 * pad
    if title is None:
        rows = [" ".join(str(t) if t else "_" for t in position.tiles[r * w:(r + 1) * w]) for r in range(h)]
        title = gettext("%(width)s x %(height)s sliding puzzle: %(rows)s", width=w, height=h, rows=" / ".join(rows))
    inset = max(1, cell // 20)
    radius = max(1, cell // 8)
    font = cell * (0.45 if len(position.tiles) <= 10 else 0.4)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{total_w}" height="{total_h}" rx="{radius}" fill="{FRAME_COLOUR}"/>',
        f'<rect x="{pad}" y="{pad}" width="{w * cell}" height="{h * cell}" fill="{HOLE_COLOUR}"/>',
    ]
    for index, tile in enumerate(position.tiles):
        if not tile:
            continue
        r, c = divmod(index, w)
        x, y = pad + c * cell + inset, pad + r * cell + inset
        home = tile == index + 1
        parts.append(
            f'<rect class="tile{" home" if home else ""}" x="{x}" y="{y}" width="{cell - 2 * inset}" '
            f'height="{cell - 2 * inset}" rx="{radius}" fill="{HOME_COLOUR if home else TILE_COLOUR}"/>'
        )
        parts.append(
            f'<text x="{pad + (c + 0.5) * cell:g}" y="{pad + (r + 0.5) * cell:g}" font-size="{font:g}" '
            f'fill="{NUMBER_COLOUR}" text-anchor="middle" dominant-baseline="central" '
            f'font-family="sans-serif" font-weight="bold">{tile}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)

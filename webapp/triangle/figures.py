"""The figures on the pieces' edges, read from
``static/js/kinds/triangle-figures.json``, the one description the page's
board and this package's pictures both use.

>>> figure_shape(1), figure_shape(2), figure_shape(7)
('circle', 'square', 'circle')
>>> figure_colour(1), figure_colour(1, light=True)
('#22b46b', '#cbf6e0')
>>> [(round(u, 3), round(v, 3)) for u, v in outline(2)]
[(-0.119, -0.119), (0.119, -0.119), (0.119, 0.119), (-0.119, 0.119)]
"""

from __future__ import annotations

import json
import math

from ..resources import folder

__all__ = ["FIGURES", "figure_colour", "figure_shape", "outline"]

PATH = folder("static") / "js" / "kinds" / "triangle-figures.json"
FIGURES = json.loads(PATH.read_text(encoding="utf-8"))


def _round(x: float) -> int:
    # half up, as the page's Math.round, so that both give the same colour
    return math.floor(x + 0.5)


def _hex(hue: int, saturation: float, lightness: float) -> str:
    """``hsl(hue saturation% lightness%)`` as ``#rrggbb``, by the same steps
    as triangle-draw.js's."""
    s, l = saturation / 100, lightness / 100
    c = (1 - abs(2 * l - 1)) * s
    x = c * (1 - abs((hue / 60) % 2 - 1))
    m = l - c / 2
    sector = (hue // 60) % 6
    r, g, b = ((c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x))[sector]
    return "#" + "".join(f"{_round((v + m) * 255):02x}" for v in (r, g, b))


def figure_colour(f: int, light: bool = False) -> str:
    """The colour of figure kind ``f``: dark for a knob and every rim, light
    for a socket's inside."""
    rule = FIGURES["colour"]
    hue = _round((f * rule["hue_step"] + rule["hue_start"]) % 360) % 360
    if light:
        return _hex(hue, rule["socket"]["saturation"], rule["socket"]["lightness"])
    knob = rule["knob"]
    return _hex(hue, knob["saturation"], knob["lightness_odd"] if f % 2 else knob["lightness_even"])


def figure_shape(f: int) -> str:
    return FIGURES["shapes"][(f - 1) % len(FIGURES["shapes"])]["name"]


def outline(f: int) -> list[tuple[float, float]]:
    """The corners of figure kind ``f``'s shape (``u`` along the edge, ``v``
    across it, around the edge's midpoint); empty for a circle."""
    shape = FIGURES["shapes"][(f - 1) % len(FIGURES["shapes"])]
    r = FIGURES["radius"]
    return [(u * r, v * r) for u, v in shape.get("points", ())]

"""SVG pictures: each gap carries an arrow pointing out of the frame, so the
gap is seen by its shape, not by a pale colour alone (thumbnails, how-to)."""

from __future__ import annotations

import re

from webapp.rotation import Board, parse
from webapp.rotation.svg import board_svg


def _arrows(svg: str) -> list[tuple[float, float, int]]:
    found = re.findall(r'class="gap-arrow"[^>]*translate\(([\d.]+) ([\d.]+)\) rotate\((-?\d+)\)', svg)
    return [(float(x), float(y), int(a)) for x, y, a in found]


def test_every_gap_has_an_arrow_pointing_out():
    # gaps on all four sides of a 5 x 5 frame
    board = parse("5\n## ##\n#   #\n    #\n#    \n## ##\n")
    arrows = _arrows(board_svg(board, cell=10))
    assert sorted(arrows) == sorted([
        (25, 5, 0),      # top row: up
        (25, 45, 180),   # bottom row: down
        (5, 25, -90),    # left column: left
        (45, 35, 90),    # right column: right
    ])


def test_a_closed_frame_has_no_arrow():
    board = parse("4\n####\n#  #\n#  #\n####\n")
    assert _arrows(board_svg(board)) == []


def test_gap_arrow_stands_out_from_its_cell():
    svg = board_svg(Board.empty_frame(6), cell=12)
    fill = re.search(r'class="gap" d="[^"]*" fill="(#[0-9a-f]{6})"', svg).group(1)
    arrow = re.search(r'class="gap-arrow"[^>]*fill="(#[0-9a-f]{6})"', svg).group(1)

    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(fill), luminance(arrow)), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 3.0

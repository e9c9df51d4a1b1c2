"""The pictures of rotation's "How to play" page (``/how-to-play``): small
boards as the viewer sees them, with the gap marked and a stick that falls
out shown on its way down, drawn with the board's SVG (the kind's
``how_to_play_figures``)."""

from __future__ import annotations

from ..words import gettext
from .board import Board
from .physics import EXAMPLE, Position
from .svg import GAP_ARROW_COLOUR as GAP_ARROW
from .svg import board_svg, stick_colour
from .board import parse

CELL = 26

#: Two sticks in the air, the lower one not yet on the floor: both fall
#: together, one cell each, until they rest.
SETTLE = "6\n######\n# 00 #\n#  1 #\n#  1 #\n#    #\n#### #\n"


def _picture(board: Board, label: str, *, falling: Board | None = None,
             name_the_gap: bool = False) -> str:
    """``board`` as an inline SVG with its gap marked. ``falling``: the board
    turned to the screen just before a release, whose missing sticks are shown
    below the frame, leaving it."""
    w, h = board.width * CELL, board.height * CELL
    below = 0
    ghosts = []
    if falling is not None:
        gone = [s for s in falling.sticks if s.symbol not in board.symbols()]
        for s in gone:
            length = s.length if s.vertical else 1
            below = max(below, length * CELL + CELL // 2)
            sw = (1 if s.vertical else s.length) * CELL - 6
            ghosts.append(
                f'<rect x="{s.col * CELL + 3}" y="{h + CELL // 3}" width="{sw}" '
                f'height="{length * CELL - 6}" rx="6" fill="{stick_colour(s.symbol)}" '
                f'opacity=".55" stroke="#1d2330" stroke-dasharray="4 3"/>'
                f'<text x="{s.col * CELL + 3 + sw / 2:g}" y="{h + CELL // 3 + (length * CELL - 6) / 2:g}" '
                f'font-size="{CELL * 0.6:g}" fill="#1d2330" text-anchor="middle" '
                f'dominant-baseline="central" font-family="sans-serif">{s.symbol}</text>')
    pad = CELL // 2
    note = ""
    if name_the_gap and board.gaps():
        r, c = board.gaps()[0]
        x = (c + 1) * CELL + 6
        y = -pad / 2 if r == 0 else h + pad if r == board.height - 1 else (r + 0.5) * CELL
        word = gettext("the gap")  # outside the f-string, where pybabel finds it
        note = (f'<text x="{x}" y="{y:g}" font-size="{CELL * 0.55:g}" font-weight="700" '
                f'font-family="system-ui, sans-serif" fill="{GAP_ARROW}" '
                f'dominant-baseline="central">{word}</text>')
    top = pad * 2 if name_the_gap else pad
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="howto-board" role="img" '
        f'aria-label="{label}" viewBox="{-pad} {-top} {w + 2 * pad} {h + top + pad + below}" '
        f'width="{w + 2 * pad}" height="{h + top + pad + below}">'
        f'{board_svg(board, cell=CELL, labels=True, named=False)}{"".join(ghosts)}{note}</svg>'
    )
    return svg


def figures() -> dict[str, list[tuple[str, str]]]:
    """The guide's pictures by section, each (SVG, caption): the board,
    settling, the example.

    >>> [len(p) for p in figures().values()]
    [1, 2, 3]
    """
    example = parse(EXAMPLE)
    start = Position(example).settle().position
    first, second = start.play("LL")
    settle_before = parse(SETTLE)
    settle_after = Position(settle_before).settle().position.board
    before_release = first.position.board.rotated(second.position.orientation)
    return {
        "board": [(_picture(start.screen(), gettext("A 7 by 7 frame with a gap in its top side "
                                                    "and two sticks, 0 and 1"), name_the_gap=True),
                   "Walls are dark; the gap is marked with arrows. Stick 0 lies flat, "
                   "stick 1 stands upright.")],
        "settle": [
            (_picture(settle_before, gettext("Before settling: stick 0 rests on nothing")),
             "Before: sticks in the air."),
            (_picture(settle_after, gettext("After settling: both sticks fell one cell")),
             "After: both fell one cell, together, and rest."),
        ],
        "example": [
            (_picture(start.screen(), gettext("The example at the start")), "Start."),
            (_picture(first.position.screen(), gettext("After one turn left")),
             "After L: the top side is now on the left; both sticks fell."),
            (_picture(second.position.screen(), gettext("After two turns left: stick 1 falls out"),
                      falling=before_release),
             f"After L, L: the gap is at the bottom and stick "
             f"{', '.join(second.released)} falls out. Solved in 2 moves."),
        ],
    }

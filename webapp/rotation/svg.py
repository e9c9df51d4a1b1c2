"""SVG pictures of boards, as plain functions returning strings."""

from __future__ import annotations

from html import escape

from .board import SYMBOL_ORDER, Board

#: Stick colours, cycled by symbol; the page's canvas (static/js/render.js)
#: uses the same ones. Each stands out from the floor and the gap at 3:1 or
#: more (tests/rotation/test_palette.py).
PALETTE = ("#c2571a", "#2f7bb0", "#3d8a4f", "#c0392b", "#8a5cc2", "#9a7b00",
           "#1f8a84", "#c2417f", "#5f7089", "#8b5a2b")
#: The letter on each stick colour, black or white, whichever contrasts more
#: (4.5:1 or more).
LABEL_COLOURS = ("#000000", "#ffffff", "#000000", "#ffffff", "#ffffff", "#000000",
                 "#000000", "#ffffff", "#ffffff", "#ffffff")
WALL_COLOUR = "#2d3a55"
FLOOR_COLOUR = "#f4f5f8"
GAP_COLOUR = "#ffe0b2"
#: The arrow in each gap cell, pointing out of the frame (as on the canvas):
#: a gap is marked by shape, not by a pale colour alone.
GAP_ARROW_COLOUR = "#a84a0c"
_ARROW = "M0 -.38L.34 .04H.12V.36H-.12V.04H-.34Z"  # points up, unit cell centred on 0


def stick_colour(symbol: str) -> str:
    return PALETTE[SYMBOL_ORDER[symbol] % len(PALETTE)]


def label_colour(symbol: str) -> str:
    return LABEL_COLOURS[SYMBOL_ORDER[symbol] % len(LABEL_COLOURS)]


def _gap_arrow(board: Board, r: int, c: int, cell: int) -> str:
    angle = 0 if r == 0 else 180 if r == board.height - 1 else -90 if c == 0 else 90
    return (f'<path class="gap-arrow" d="{_ARROW}" fill="{GAP_ARROW_COLOUR}" '
            f'transform="translate({(c + 0.5) * cell:g} {(r + 0.5) * cell:g}) rotate({angle}) scale({cell})"/>')


def board_svg(board: Board, cell: int = 10, labels: bool = False, named: bool = True) -> str:
    """An SVG picture of ``board``, ``cell`` pixels per cell; ``named``: an
    image of its own, with its name (not inside a picture that has one).

    >>> svg = board_svg(Board.empty_frame(4))
    >>> svg.startswith("<svg") and svg.count('class="wall"') == 1
    True
    """
    w, h = board.width * cell, board.height * cell
    walls = " ".join(f"M{c * cell} {r * cell}h{cell}v{cell}h-{cell}z" for r, c in sorted(board.walls))
    gaps = " ".join(f"M{c * cell} {r * cell}h{cell}v{cell}h-{cell}z" for r, c in board.gaps())
    name = f' role="img" aria-label="{board.width} by {board.height} puzzle with {len(board.sticks)} sticks"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}"'
        f'{name if named else ""}>',
        f'<rect width="{w}" height="{h}" fill="{FLOOR_COLOUR}"/>',
    ]
    if gaps:
        parts.append(f'<path class="gap" d="{gaps}" fill="{GAP_COLOUR}"/>')
        parts.extend(_gap_arrow(board, r, c, cell) for r, c in board.gaps())
    if walls:
        parts.append(f'<path class="wall" d="{walls}" fill="{WALL_COLOUR}"/>')
    inset = max(1, cell // 8)
    for s in board.sticks:
        sw = (1 if s.vertical else s.length) * cell - 2 * inset
        sh = (s.length if s.vertical else 1) * cell - 2 * inset
        parts.append(
            f'<rect class="stick" x="{s.col * cell + inset}" y="{s.row * cell + inset}" '
            f'width="{sw}" height="{sh}" rx="{inset * 2}" fill="{stick_colour(s.symbol)}"/>'
        )
        if labels:
            cx = s.col * cell + (sw + 2 * inset) / 2
            cy = s.row * cell + (sh + 2 * inset) / 2
            parts.append(
                f'<text x="{cx:g}" y="{cy:g}" font-size="{cell * 0.6:g}" fill="{label_colour(s.symbol)}" '
                f'text-anchor="middle" dominant-baseline="central" '
                f'font-family="sans-serif">{escape(s.symbol)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


#: A clockwise turn (R) as a half circle with its head, in a unit cell
#: centred on 0; a left turn is its mirror.
_TURN_ARC = "M-.3 .1A.3 .3 0 1 1 .3 .1"
_TURN_HEAD = "M.16 .04H.44L.3 .3Z"


def turns_svg(moves: str, per_row: int = 20, cell: int = 30) -> str:
    """The turns of a solution as arrows (↶ left, ↷ right), each with its
    letter, ``per_row`` a row: a printed sheet's solution.

    >>> turns_svg("LRL").count('class="turn"')
    3
    """
    rows = max(1, -(-len(moves) // per_row))
    width, height = min(len(moves), per_row) * cell or cell, rows * cell
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}">']
    for i, turn in enumerate(moves):
        x, y = (i % per_row + 0.5) * cell, (i // per_row + 0.4) * cell
        mirror = -1 if turn == "L" else 1
        parts.append(f'<g class="turn" transform="translate({x} {y}) scale({mirror * cell} {cell})">'
                     f'<path d="{_TURN_ARC}" fill="none" stroke="{WALL_COLOUR}" stroke-width=".08"/>'
                     f'<path d="{_TURN_HEAD}" fill="{WALL_COLOUR}"/></g>'
                     f'<text x="{x}" y="{y + 0.5 * cell}" font-size="{cell // 3}" text-anchor="middle" '
                     f'font-family="sans-serif" fill="{WALL_COLOUR}">{escape(turn)}</text>')
    parts.append("</svg>")
    return "".join(parts)

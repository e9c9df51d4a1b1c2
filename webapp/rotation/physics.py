"""Gravity, settling and the two moves.

The frame never moves in its own coordinates; ``orientation`` counts
quarter turns clockwise from the start, so gravity points at the frame's
bottom (0), right (1), top (2) or left (3): ``R`` adds one, ``L`` takes
one away.

>>> from webapp.rotation.board import Board
>>> start = Position(Board.from_text(EXAMPLE))
>>> step = start.turn("L")
>>> step.position.orientation, step.moved, step.released
(3, {'0': 2, '1': 2}, ())
>>> step = step.position.turn("L")
>>> step.position.orientation, step.released
(2, ('1',))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import FieldError, IllegalMove, Message

from .board import SYMBOLS, Board

#: The first example of docs/rotation.md, solved by ``LL``.
EXAMPLE = "7\n### ###\n#     #\n#     #\n#     #\n#    1#\n#  001#\n#######\n"

#: Gravity in frame coordinates (row step, column step) for each orientation.
GRAVITY = ((1, 0), (0, 1), (-1, 0), (0, -1))
SIDES = ("bottom", "right", "top", "left")
TURNS = {"L": -1, "R": 1}

#: A stick position inside the engine: ``row * width + col`` of its top-left
#: cell, or ``RELEASED`` once it has fallen out.
RELEASED = -1


def turn(orientation: int, move: str) -> int:
    """The orientation after ``move`` (``'L'`` or ``'R'``).

    >>> turn(0, "R"), turn(0, "L"), turn(3, "R")
    (1, 3, 0)
    """
    try:
        return (orientation + TURNS[move]) % 4
    except KeyError:
        raise IllegalMove(Message("a move is 'L' or 'R', not %(move)s", move=repr(move))) from None


class Frame:
    """The parts of a board that never change, in the form settling wants, so
    that a state is just an orientation and a tuple of stick positions.
    ``sticks``: ``(length, vertical)`` of sticks not on ``board`` (a study's).
    """

    __slots__ = ("width", "height", "walls", "symbols", "lengths", "vertical")

    def __init__(self, board: Board, sticks=None) -> None:
        self.width = board.width
        self.height = board.height
        walls = bytearray(board.width * board.height)
        for r, c in board.walls:
            walls[r * board.width + c] = 1
        self.walls = bytes(walls)
        if sticks is None:
            sticks = [(s.length, s.vertical) for s in board.sticks]
            self.symbols = board.symbols()
        else:
            self.symbols = SYMBOLS[:len(sticks)]
        self.lengths = tuple(n for n, _ in sticks)
        self.vertical = tuple(v for _, v in sticks)

    def positions(self, board: Board) -> tuple[int, ...]:
        """The stick positions of ``board`` (a board on this frame)."""
        index = {s.symbol: s.row * self.width + s.col for s in board.sticks}
        return tuple(index.get(sym, RELEASED) for sym in self.symbols)

    def board(self, base: Board, positions: tuple[int, ...]) -> Board:
        """``base``'s frame holding the sticks at ``positions``."""
        sticks = []
        for stick, pos in zip(base.sticks, positions):
            if pos != RELEASED:
                sticks.append(stick.moved_to(*divmod(pos, self.width)))
        return base.with_sticks(sticks)

    def settle(self, orientation: int, positions: tuple[int, ...]):
        """Let every stick fall towards the side ``orientation`` names; returns
        ``(positions, moved, released)`` (``released`` in the order they left).

        Sticks are taken lowest first. Only a lower stick can stop a higher one,
        so this reaches the one resting position of the rules (docs/rotation.md).
        """
        w, h = self.width, self.height
        dr, dc = GRAVITY[orientation]
        grid = bytearray(self.walls)
        lengths, vertical = self.lengths, self.vertical
        present = []
        for i, pos in enumerate(positions):
            if pos == RELEASED:
                continue
            r, c = divmod(pos, w)
            n, v = lengths[i], vertical[i]
            step = w if v else 1
            for k in range(n):
                grid[pos + k * step] = 2
            # how far along gravity the stick's leading cell lies
            if dr > 0 or dc > 0:
                lead = (r + (n - 1 if v else 0)) * dr + (c + (0 if v else n - 1)) * dc
            else:
                lead = r * dr + c * dc
            present.append((lead, i, r, c))
        present.sort(reverse=True)

        new = list(positions)
        moved = [0] * len(positions)
        released = []
        for _, i, r, c in present:
            n, v = lengths[i], vertical[i]
            along = v == (dr != 0)  # the stick moves along its own length
            if along:
                # only the cell beyond the leading end matters
                if dr > 0 or dc > 0:
                    fronts = [(r + (n - 1) * dr, c + (n - 1) * dc)]
                else:
                    fronts = [(r, c)]
            else:
                fronts = [(r + k * (1 if v else 0), c + k * (0 if v else 1)) for k in range(n)]
            distance = None
            out = True
            for fr, fc in fronts:
                d = 0
                rr, cc = fr + dr, fc + dc
                while 0 <= rr < h and 0 <= cc < w and not grid[rr * w + cc]:
                    d += 1
                    rr += dr
                    cc += dc
                if 0 <= rr < h and 0 <= cc < w:
                    out = False
                    distance = d if distance is None else min(distance, d)
            cells = [(r + k * (1 if v else 0)) * w + c + k * (0 if v else 1) for k in range(n)]
            if out:
                for cell in cells:
                    grid[cell] = 0
                new[i] = RELEASED
                moved[i] = _distance_out(r, c, n, v, dr, dc, w, h)
                released.append(i)
            elif distance:
                for cell in cells:
                    grid[cell] = 0
                shift = distance * (dr * w + dc)
                for cell in cells:
                    grid[cell + shift] = 2
                new[i] = positions[i] + shift
                moved[i] = distance
        return tuple(new), moved, released


def _distance_out(r, c, n, v, dr, dc, w, h) -> int:
    """Cells a stick travels until no cell of it is left inside the frame."""
    if dr > 0:
        return h - r
    if dr < 0:
        return r + (n if v else 1)
    if dc > 0:
        return w - c
    return c + (1 if v else n)


@dataclass(frozen=True)
class Step:
    """What one settling did: the ``position`` reached, how far each stick
    moved (``moved``, only sticks that moved), and which fell out."""

    move: str | None
    position: Position
    moved: dict[str, int] = field(default_factory=dict)
    released: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        """JSON-ready: the move, the orientation after it, every stick's top-left
        cell in frame coordinates, the distances moved and the sticks that fell."""
        return {
            "move": self.move,
            "orientation": self.position.orientation,
            "sticks": {s.symbol: [s.row, s.col] for s in self.position.board.sticks},
            "moved": dict(self.moved),
            "released": list(self.released),
        }


@dataclass(frozen=True, init=False)
class Position:
    """A board and the side of the frame gravity points at (the board stays
    in the frame's own coordinates)."""

    board: Board
    orientation: int

    def __init__(self, board: Board, orientation: int = 0) -> None:
        if orientation not in (0, 1, 2, 3):
            raise FieldError(Message("orientation must be 0 to 3, not %(orientation)s", orientation=repr(orientation)))
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "orientation", orientation)

    def settle(self) -> Step:
        """Let the sticks fall where they are, without turning."""
        return self._fall(None, self.orientation)

    def turn(self, move: str) -> Step:
        """Turn the puzzle (``'L'`` or ``'R'``), then settle."""
        return self._fall(move, turn(self.orientation, move))

    def play(self, moves: str) -> list[Step]:
        """Every step of ``moves`` (L and R), from this position; sticks that fall
        out stay out."""
        steps, position = [], self
        for move in moves:
            step = position.turn(move)
            steps.append(step)
            position = step.position
        return steps

    def screen(self) -> Board:
        """The board as the viewer sees it: turned by the orientation.

        >>> Position(Board.from_text("3\\n#0#\\n# #\\n###"), orientation=1).screen().rows()
        ['###', '# 0', '###']
        """
        return self.board.rotated(self.orientation)

    def _fall(self, move: str | None, orientation: int) -> Step:
        frame = Frame(self.board)
        positions, moved, released = frame.settle(orientation, frame.positions(self.board))
        symbols = frame.symbols
        return Step(
            move,
            Position(frame.board(self.board, positions), orientation),
            {symbols[i]: d for i, d in enumerate(moved) if d},
            tuple(symbols[i] for i in released),
        )

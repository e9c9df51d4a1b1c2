"""The board: a frame of walls and the straight sticks inside it, and its
text format (the competition's, BwInf 35 task 3; docs/rotation.md).

A :class:`Board` is an immutable value in the frame's own coordinates (row
0 is the top row as written); gravity is :mod:`webapp.rotation.physics`'s.
Text is read with the tolerances real files need and written back exactly.

>>> board = parse("7\\n### ###\\n#     #\\n#     #\\n#     #\\n#    1#\\n#  001#\\n#######\\n")
>>> board.sticks
(Stick('0', 5, 3, 2), Stick('1', 4, 5, 2, vertical=True))
>>> parse(write(board)) == board
True
>>> parse("4\\n####\\n#0 0\\n#  #\\n## #\\n")
Traceback (most recent call last):
...
webapp.rotation.board.ParseError: line 3, column 4: stick 0 is split: this cell is not next to the cells of stick 0 before it (line 3, column 2)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import PuzzleTextError, Message

#: Stick symbols in the order the rules give them (docs/rotation.md): 0-9, then a-z, then A-Z.
SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
SYMBOL_ORDER = {s: i for i, s in enumerate(SYMBOLS)}

WALL = "#"
EMPTY = " "

#: The side lengths the text format and the engine accept.
MIN_SIZE = 3
MAX_SIZE = 64


class BoardError(PuzzleTextError):
    """A board that breaks a rule of docs/rotation.md (overlaps, bad sticks,
    sizes): rotation's :class:`~webapp.errors.PuzzleTextError`."""


@dataclass(frozen=True, order=True, init=False)
class Stick:
    """A straight stick: ``length`` cells down or right from its top-left cell
    ``(row, col)``; a stick of length 1 counts as horizontal.

    >>> Stick("0", 5, 3, 2)
    Stick('0', 5, 3, 2)
    >>> Stick("1", 4, 5, 2, vertical=True).cells()
    ((4, 5), (5, 5))
    """

    symbol: str
    row: int
    col: int
    length: int
    vertical: bool

    def __init__(self, symbol: str, row: int, col: int, length: int = 1,
                 vertical: bool = False) -> None:
        if symbol not in SYMBOL_ORDER or len(symbol) != 1:
            raise BoardError(Message("%(symbol)s is not a stick symbol (0-9, a-z, A-Z)", symbol=repr(symbol)))
        if length < 1:
            raise BoardError(Message("stick %(symbol)s has length %(length)s, less than 1",
                                     symbol=symbol, length=length))
        if length == 1 and vertical:
            vertical = False
        setter = object.__setattr__
        setter(self, "symbol", symbol)
        setter(self, "row", row)
        setter(self, "col", col)
        setter(self, "length", length)
        setter(self, "vertical", vertical)

    def cells(self) -> tuple[tuple[int, int], ...]:
        """The cells the stick covers, top-left first."""
        dr, dc = (1, 0) if self.vertical else (0, 1)
        return tuple((self.row + k * dr, self.col + k * dc) for k in range(self.length))

    def moved_to(self, row: int, col: int) -> Stick:
        """The same stick with its top-left cell at ``(row, col)``."""
        return Stick(self.symbol, row, col, self.length, self.vertical)

    def __repr__(self) -> str:
        extra = ", vertical=True" if self.vertical else ""
        return f"Stick({self.symbol!r}, {self.row}, {self.col}, {self.length}{extra})"


@dataclass(frozen=True, init=False)
class Board:
    """A frame of ``width`` x ``height`` cells with walls and sticks; its
    ``repr`` rebuilds it.

    >>> board = Board.from_text("5\\n#####\\n#0  #\\n#0  #\\n#   #\\n## ##\\n")
    >>> board.width, board.height, board.symbols()
    (5, 5, ('0',))
    >>> board.gaps()
    ((4, 2),)
    >>> board.cell(1, 1), board.cell(0, 0), board.cell(3, 3)
    ('0', '#', ' ')
    """

    # _cells (every wall and stick cell, set by __init__) is derived: not a
    # field, so neither compared nor shown
    width: int
    height: int
    walls: frozenset[tuple[int, int]]
    sticks: tuple[Stick, ...]

    def __init__(self, width: int, height: int, walls, sticks=()) -> None:
        for name, value in (("width", width), ("height", height)):
            if not MIN_SIZE <= value <= MAX_SIZE:
                raise BoardError(
                    Message("%(name)s %(value)s is out of range (%(min_size)s to %(max_size)s)",
                            name=name, value=value, min_size=MIN_SIZE, max_size=MAX_SIZE)
                )
        setter = object.__setattr__
        setter(self, "width", width)
        setter(self, "height", height)
        walls = frozenset(walls)
        setter(self, "walls", walls)
        sticks = tuple(sorted(sticks, key=lambda s: SYMBOL_ORDER[s.symbol]))
        setter(self, "sticks", sticks)
        cells: dict[tuple[int, int], str] = {}
        for r, c in walls:
            if not (0 <= r < height and 0 <= c < width):
                raise BoardError(Message("wall at row %(row)s, column %(column)s is outside the frame",
                                         row=r + 1, column=c + 1))
            cells[(r, c)] = WALL
        seen: set[str] = set()
        for stick in sticks:
            if stick.symbol in seen:
                raise BoardError(Message("two sticks share the symbol %(symbol)s", symbol=stick.symbol))
            seen.add(stick.symbol)
            for r, c in stick.cells():
                if not (0 <= r < height and 0 <= c < width):
                    raise BoardError(
                        Message("stick %(symbol)s reaches outside the frame at row %(row)s, column %(column)s",
                                symbol=stick.symbol, row=r + 1, column=c + 1)
                    )
                if (r, c) in cells:
                    raise BoardError(
                        Message("stick %(symbol)s overlaps %(what)s at row %(row)s, column %(column)s",
                                symbol=stick.symbol, what=_describe(cells[(r, c)]), row=r + 1, column=c + 1)
                    )
                cells[(r, c)] = stick.symbol
        setter(self, "_cells", cells)

    # -- construction -------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Board:
        """Parse the text format (see :func:`parse`)."""
        return parse(text)

    @classmethod
    def empty_frame(cls, width: int, height: int | None = None, gap: int | None = None) -> Board:
        """A frame round an empty inside, with a one-cell gap in the bottom row
        at column ``gap`` (default: the middle).

        >>> print(Board.empty_frame(5), end="")
        5
        #####
        #   #
        #   #
        #   #
        ## ##
        """
        height = width if height is None else height
        gap = width // 2 if gap is None else gap
        walls = {(r, c) for r in range(height) for c in range(width)
                 if r in (0, height - 1) or c in (0, width - 1)}
        walls.discard((height - 1, gap))
        return cls(width, height, frozenset(walls))

    # -- queries -------------------------------------------------------------
    def cell(self, row: int, col: int) -> str:
        """``'#'`` for a wall, ``' '`` for empty, else the stick's symbol."""
        return self._cells.get((row, col), EMPTY)

    def rows(self) -> list[str]:
        """The board as text rows, top row first, trailing spaces kept."""
        return ["".join(self.cell(r, c) for c in range(self.width)) for r in range(self.height)]

    def symbols(self) -> tuple[str, ...]:
        return tuple(s.symbol for s in self.sticks)

    def is_border(self, row: int, col: int) -> bool:
        return row in (0, self.height - 1) or col in (0, self.width - 1)

    def gaps(self) -> tuple[tuple[int, int], ...]:
        """Every border cell that is not a wall, in reading order."""
        return tuple((r, c) for r in range(self.height) for c in range(self.width)
                     if self.is_border(r, c) and (r, c) not in self.walls)

    # -- new boards ----------------------------------------------------------
    def with_sticks(self, sticks) -> Board:
        """The same frame holding ``sticks`` instead."""
        return Board(self.width, self.height, self.walls, tuple(sticks))

    def rotated(self, quarter_turns: int = 1) -> Board:
        """The whole board turned clockwise by ``quarter_turns`` x 90 degrees.

        >>> print(Board.from_text("3\\n#0#\\n# #\\n###").rotated(), end="")
        3
        ###
        # 0
        ###
        """
        board = self
        for _ in range(quarter_turns % 4):
            h = board.height  # cell (r, c) goes to (c, h - 1 - r): a vertical stick lies down
            sticks = [Stick(s.symbol, *min((c, h - 1 - r) for r, c in s.cells()), s.length,
                            not s.vertical and s.length > 1) for s in board.sticks]
            board = Board(board.height, board.width,
                          frozenset((c, h - 1 - r) for r, c in board.walls), sticks)
        return board

    # -- text ------------------------------------------------------------------
    def text(self) -> str:
        """The board in the text format (see :func:`write`)."""
        return write(self)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Board.from_text({self.text()!r})"


def _describe(content: str) -> str:
    return Message("a wall") if content == WALL else Message("stick %(symbol)s", symbol=content)


def next_free_symbol(board: Board) -> str:
    """The first symbol (in the order 0-9, a-z, A-Z) no stick uses yet.

    >>> next_free_symbol(Board.empty_frame(5))
    '0'
    """
    used = set(board.symbols())
    for s in SYMBOLS:
        if s not in used:
            return s
    raise BoardError(Message("a board holds at most %(symbols_count)s sticks", symbols_count=len(SYMBOLS)))


# -- the text format -----------------------------------------------------------
class ParseError(BoardError):
    """Puzzle text that cannot be read; ``line`` and ``column`` count from 1.

    >>> ParseError("missing size", line=1, column=1)
    ParseError('missing size', line=1, column=1)
    """


_SIZE_TOKEN = re.compile(r"\S+")


def parse(text: str) -> Board:
    """Read a board from the text format.

    Tolerated: CRLF, a UTF-8 byte order mark, trailing blank lines, rows
    shorter than the size, and ``W H`` on the first line for a board that is
    not square. Anything else raises :class:`ParseError`.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line does not start another
    if not lines or not lines[0].strip():
        raise ParseError(Message("missing size: the first line must give the side length, e.g. 7"), 1, 1)

    width, height = _parse_size(lines[0])

    rows = lines[1:1 + height]
    walls: set[tuple[int, int]] = set()
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        line_no = r + 2
        for c, ch in enumerate(row):
            if c >= width:
                raise ParseError(
                    Message("row is %(row_count)s characters long, longer than the width %(width)s",
                            row_count=len(row), width=width),
                    line_no, c + 1,
                )
            if ch == WALL:
                walls.add((r, c))
            elif ch == EMPTY:
                pass
            elif ch in SYMBOL_ORDER:
                cells.setdefault(ch, []).append((r, c))
            else:
                raise ParseError(
                    Message("unknown character %(ch)s: a cell is '#' (wall), ' ' (empty) or a stick symbol "
                            "0-9, a-z, A-Z", ch=repr(ch)),
                    line_no, c + 1,
                )
    if len(rows) < height:
        raise ParseError(
            Message("too few rows: the size says %(height)s rows, the file has %(rows_count)s",
                    height=height, rows_count=len(rows)),
            len(lines) + 1, 1,
        )
    for extra, line in enumerate(lines[1 + height:], start=2 + height):
        if line.strip():
            col = len(line) - len(line.lstrip()) + 1
            raise ParseError(
                Message("unexpected text after the last row (the size says %(height)s rows)", height=height),
                extra, col,
            )

    sticks = [_stick(symbol, run) for symbol, run in cells.items()]
    try:
        return Board(width, height, frozenset(walls), tuple(sticks))
    except BoardError as exc:  # pragma: no cover - parse checks everything first
        raise ParseError(exc.reason, 1, 1) from exc


def _parse_size(line: str) -> tuple[int, int]:
    tokens = list(_SIZE_TOKEN.finditer(line))
    if len(tokens) > 2:
        raise ParseError(Message("the first line must give one number, the side length"),
                         1, tokens[2].start() + 1)
    sizes = []
    for token in tokens:
        value = token.group()
        if not value.isdigit() or not value.isascii():
            raise ParseError(Message("size must be a whole number, found %(value)s", value=repr(_clip(value))),
                             1, token.start() + 1)
        if len(value.lstrip("0")) > len(str(MAX_SIZE)):
            # checked before int(): Python refuses to convert more than 4,300 digits
            raise ParseError(Message("size %(value)s (%(value_count)s digits) is out of range: sides from "
                                     "%(min_size)s to %(max_size)s are supported",
                                     value=_clip(value), value_count=format(len(value), ','), min_size=MIN_SIZE,
                                     max_size=MAX_SIZE),
                             1, token.start() + 1)
        n = int(value.lstrip("0") or "0")
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise ParseError(Message("size %(n)s is out of range: sides from %(min_size)s to %(max_size)s are "
                                     "supported",
                                     n=n, min_size=MIN_SIZE, max_size=MAX_SIZE),
                             1, token.start() + 1)
        sizes.append(n)
    return (sizes[0], sizes[0]) if len(sizes) == 1 else (sizes[0], sizes[1])


def _clip(text: str, keep: int = 12) -> str:
    """``text`` cut short for a message: a line may hold megabytes."""
    return text if len(text) <= keep else text[:keep] + "..."


def _stick(symbol: str, run: list[tuple[int, int]]) -> Stick:
    """The stick made by ``run`` (its cells in reading order), if straight."""
    first = run[0]
    if len(run) == 1:
        return Stick(symbol, first[0], first[1])
    vertical = run[1][1] == first[1]
    for i, (r, c) in enumerate(run[1:], start=1):
        expected = (first[0] + i, first[1]) if vertical else (first[0], first[1] + i)
        if (r, c) == expected:
            continue
        in_line = c == first[1] if vertical else r == first[0]
        where = {"line": first[0] + 2, "column": first[1] + 1}
        if in_line:
            reason = Message("stick %(symbol)s is split: this cell is not next to the cells "
                             "of stick %(symbol)s before it (line %(line)s, column %(column)s)", symbol=symbol, **where)
        else:
            reason = Message("stick %(symbol)s is not straight: a stick is one straight run of cells, and this "
                             "cell is off the line that starts at line %(line)s, column %(column)s",
                             symbol=symbol, **where)
        raise ParseError(reason, r + 2, c + 1)
    return Stick(symbol, first[0], first[1], len(run), vertical)


def write(board: Board) -> str:
    """The board in the text format, trailing spaces kept, ending in a newline.

    >>> print(write(Board.empty_frame(4)), end="")
    4
    ####
    #  #
    #  #
    ## #
    """
    size = str(board.width) if board.width == board.height else f"{board.width} {board.height}"
    return "\n".join([size, *board.rows()]) + "\n"

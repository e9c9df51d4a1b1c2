"""The text format: the side length on line 1, then the rows, top row first.

It is the competition's format (BwInf 35, task 3), read with the tolerances
real files need and written back exactly, so ``parse(write(b)) == b``.

>>> board = parse("7\\n### ###\\n#     #\\n#     #\\n#     #\\n#    1#\\n#  001#\\n#######\\n")
>>> board.sticks
(Stick('0', 5, 3, 2), Stick('1', 4, 5, 2, vertical=True))
>>> parse(write(board)) == board
True
>>> parse("4\\n####\\n#0 0\\n#  #\\n## #\\n")
Traceback (most recent call last):
...
webapp.rotation.textformat.ParseError: line 3, column 4: stick 0 is split: this cell is not next to the cells of stick 0 before it (line 3, column 2)
"""

from __future__ import annotations

import re

from .board import EMPTY, MAX_SIZE, MIN_SIZE, SYMBOL_ORDER, WALL, Board, BoardError, Stick

__all__ = ["ParseError", "parse", "write"]


class ParseError(BoardError):
    """Puzzle text that cannot be read; ``line`` and ``column`` count from 1."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        super().__init__(f"line {line}, column {column}: {reason}")


_SIZE_TOKEN = re.compile(r"\S+")


def parse(text: str) -> Board:
    """Read a board from the text format.

    Tolerated: CRLF line ends, a UTF-8 byte order mark, trailing blank lines and
    rows shorter than the size (padded with spaces). The first line may also
    give two numbers, ``W H``, for a board that is not square.
    Everything else that is wrong raises :class:`ParseError` naming the line
    and column.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line does not start another
    if not lines or not lines[0].strip():
        raise ParseError(1, 1, "missing size: the first line must give the side length, e.g. 7")

    width, height = _parse_size(lines[0])

    rows = lines[1:1 + height]
    walls: set[tuple[int, int]] = set()
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        line_no = r + 2
        for c, ch in enumerate(row):
            if c >= width:
                raise ParseError(
                    line_no, c + 1,
                    f"row is {len(row)} characters long, longer than the width {width}",
                )
            if ch == WALL:
                walls.add((r, c))
            elif ch == EMPTY:
                pass
            elif ch in SYMBOL_ORDER:
                cells.setdefault(ch, []).append((r, c))
            else:
                raise ParseError(
                    line_no, c + 1,
                    f"unknown character {ch!r}: a cell is '#' (wall), ' ' (empty) "
                    "or a stick symbol 0-9, a-z, A-Z",
                )
    if len(rows) < height:
        raise ParseError(
            len(lines) + 1, 1,
            f"too few rows: the size says {height} rows, the file has {len(rows)}",
        )
    for extra, line in enumerate(lines[1 + height:], start=2 + height):
        if line.strip():
            col = len(line) - len(line.lstrip()) + 1
            raise ParseError(
                extra, col,
                f"unexpected text after the last row (the size says {height} rows)",
            )

    sticks = [_stick(symbol, run) for symbol, run in cells.items()]
    try:
        return Board(width, height, frozenset(walls), tuple(sticks))
    except BoardError as exc:  # pragma: no cover - parse checks everything first
        raise ParseError(1, 1, str(exc)) from exc


def _parse_size(line: str) -> tuple[int, int]:
    tokens = list(_SIZE_TOKEN.finditer(line))
    if len(tokens) > 2:
        raise ParseError(1, tokens[2].start() + 1,
                         "the first line must give one number, the side length")
    sizes = []
    for token in tokens:
        value = token.group()
        if not value.isdigit() or not value.isascii():
            raise ParseError(1, token.start() + 1,
                             f"size must be a whole number, found {_clip(value)!r}")
        if len(value.lstrip("0")) > len(str(MAX_SIZE)):
            # checked before int(): Python refuses to convert more than 4,300 digits
            raise ParseError(1, token.start() + 1,
                             f"size {_clip(value)} ({len(value):,} digits) is out of range: "
                             f"sides from {MIN_SIZE} to {MAX_SIZE} are supported")
        n = int(value.lstrip("0") or "0")
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise ParseError(1, token.start() + 1,
                             f"size {n} is out of range: sides from {MIN_SIZE} to {MAX_SIZE} are supported")
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
        where = f"line {first[0] + 2}, column {first[1] + 1}"
        if in_line:
            reason = (f"stick {symbol} is split: this cell is not next to the cells "
                      f"of stick {symbol} before it ({where})")
        else:
            reason = (f"stick {symbol} is not straight: a stick is one straight run of "
                      f"cells, and this cell is off the line that starts at {where}")
        raise ParseError(r + 2, c + 1, reason)
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

"""The text format of the triangle puzzle (the competition's), with the
tolerances of docs/triangle.md, "The text format".

>>> p = parse("\\ufeff1\\r\\n\\r\\n4\\r\\n1 -1 0\\n0\\t0 0\\n1 1 1\\n-1 0 1\\n")
>>> p
Puzzle(figures=1, pieces=((1, -1, 0), (0, 0, 0), (1, 1, 1), (-1, 0, 1)))
>>> print(write(p), end="")
1
4
1 -1 0
0 0 0
1 1 1
-1 0 1

Errors name the line and the column (counted from 1, after a byte order
mark; a tab is one column):

>>> parse("3\\n4\\n1 2 3\\n1 x 3\\n")
Traceback (most recent call last):
...
webapp.triangle.puzzle.TriangleError: line 4, column 3: 'x' is not an integer
"""

from __future__ import annotations

import math
import re

from ..errors import Message, Plural
from .puzzle import MAX_SIDE, Puzzle, TriangleError

__all__ = ["parse", "write"]

_TOKEN = re.compile(r"[^ \t]+")
_INTEGER = re.compile(r"[-+]?[0-9]+")
#: Longer numbers are refused: no figure needs them and they only cost time.
MAX_DIGITS = 18
_MAX_SHOWN = 12


def _shown(text: str) -> str:
    return repr(text if len(text) <= _MAX_SHOWN else text[:_MAX_SHOWN] + "...")


def _integer(text: str, line: int, column: int) -> int:
    if not _INTEGER.fullmatch(text):
        raise TriangleError(Message("%(value)s is not an integer", value=_shown(text)), line, column)
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise TriangleError(Message("%(value)s is too long: at most %(max_digits)s digits",
                                    value=_shown(text), max_digits=MAX_DIGITS), line, column)
    return int(text)


def _lines(text: str):
    """(line number, [(token, column), ...]) for each non-blank line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    for number, line in enumerate(text.split("\n"), start=1):
        if line.endswith("\r"):
            line = line[:-1]
        row = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
        if row:
            yield number, row, len(line)


def _single(row, number: int, what: Message) -> int:
    token, column = row[0]
    value = _integer(token, number, column)
    if len(row) > 1:
        extra, at = row[1]
        raise TriangleError(Message("%(value)s after the %(what)s: this line holds one number",
                                    value=_shown(extra), what=what), number, at)
    return value


def parse(text: str) -> Puzzle:
    """Read a puzzle.

    >>> parse("2\\n3\\n")
    Traceback (most recent call last):
    ...
    webapp.triangle.puzzle.TriangleError: line 2, column 1: 3 pieces is not a square number (1, 4, 9, ..., 64)
    >>> parse("2\\n4\\n1 2 3\\n")
    Traceback (most recent call last):
    ...
    webapp.triangle.puzzle.TriangleError: line 4: 4 pieces announced on line 2, 1 piece line found
    >>> parse("2\\n1\\n1 2\\n")
    Traceback (most recent call last):
    ...
    webapp.triangle.puzzle.TriangleError: line 3, column 4: a piece needs three integers, this line has 2
    """
    if not isinstance(text, str):
        raise TriangleError(Message("the puzzle text must be a string"))
    lines = list(_lines(text))
    last_line = text.count("\n") + 1 if text else 1
    if not lines:
        raise TriangleError(Message("the text is empty: expected the figure count, the piece count "
                            "and one line per piece"), 1)
    number, row, _ = lines[0]
    figures = _single(row, number, Message("figure count"))
    if figures < 0:
        raise TriangleError(Message("the figure count must not be negative, not %(figures)s",
                                    figures=figures), number, row[0][1])
    if len(lines) < 2:
        raise TriangleError(Message("the piece count is missing (line 2 of the format)"), last_line)
    number, row, _ = lines[1]
    count = _single(row, number, Message("piece count"))
    side = math.isqrt(count) if count >= 0 else 0
    if count < 1 or side * side != count:
        raise TriangleError(Message("%(count)s pieces is not a square number (1, 4, 9, ..., %(value)s)",
                                    count=count, value=MAX_SIDE * MAX_SIDE), number, row[0][1])
    if side > MAX_SIDE:
        raise TriangleError(Message("%(count)s pieces is too many: at most %(value)s",
                                    count=count, value=MAX_SIDE * MAX_SIDE),
                            number, row[0][1])
    count_line = number
    pieces = []
    for number, row, length in lines[2:]:
        if len(pieces) == count:
            raise TriangleError(Message("more piece lines than the %(count)s announced on line %(count_line)s",
                                        count=count, count_line=count_line),
                                number, row[0][1])
        values = [_integer(token, number, column) for token, column in row[:3]]
        if len(row) != 3:
            column = row[3][1] if len(row) > 3 else length + 1
            raise TriangleError(Message("a piece needs three integers, this line has %(row_count)s",
                                        row_count=len(row)), number, column)
        pieces.append(tuple(values))
    if len(pieces) < count:
        found = Plural("%(n)s piece line", "%(n)s piece lines", len(pieces))
        raise TriangleError(Message("%(count)s pieces announced on line %(count_line)s, %(found)s found",
                                    count=count, count_line=count_line, found=found), last_line)
    return Puzzle(figures, tuple(pieces))


def write(puzzle: Puzzle) -> str:
    """The canonical text: single spaces, one piece a line, a final newline."""
    lines = [str(puzzle.figures), str(len(puzzle.pieces))]
    lines += [" ".join(str(v) for v in piece) for piece in puzzle.pieces]
    return "\n".join(lines) + "\n"

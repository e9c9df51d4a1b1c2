"""The text format of the sliding puzzle: the numbers row by row, 0 the hole,
with the tolerances of docs/sliding.md, "The text format".

>>> p = parse("1 5 2 7 0 3 8 4 6")
>>> print(write(p), end="")
1 5 2
7 0 3
8 4 6
>>> parse("\\ufeff1,2,3\\r\\n4,5,0\\r\\n") == Position((1, 2, 3, 4, 5, 0), width=3)
True

Errors name the line and the column (counted from 1, after a byte order
mark; a tab is one column):

>>> parse("1 2 3\\n4 7x 5\\n6 8 0")
Traceback (most recent call last):
...
webapp.sliding.position.SlidingError: line 2, column 3: '7x' is not a number (write the tiles as 0 to 8, 0 for the hole)
"""

from __future__ import annotations

import math
import re

from ..errors import Message, Plural
from .position import MAX_SIDE, MIN_SIDE, Position, SlidingError

__all__ = ["SlidingError", "parse", "write", "tokens"]

#: A token: a run of anything but the separators (spaces, tabs, commas).
_TOKEN = re.compile(r"[^ \t,]+")
_DIGITS = re.compile(r"[0-9]+")
_MAX_TOKEN_SHOWN = 12


class _Token:
    __slots__ = ("text", "line", "column")

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text, self.line, self.column = text, line, column


def tokens(text: str) -> list[list[_Token]]:
    """The non-blank lines of ``text``, each as its tokens (with line and column).

    >>> [[(t.text, t.line, t.column) for t in row] for row in tokens("\\n 1,\\t2\\n\\n3 4 ,")]
    [[('1', 2, 2), ('2', 2, 5)], [('3', 4, 1), ('4', 4, 3)]]
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    rows = []
    for number, line in enumerate(text.split("\n"), start=1):
        if line.endswith("\r"):
            line = line[:-1]
        row = [_Token(m.group(), number, m.start() + 1) for m in _TOKEN.finditer(line)]
        if row:
            rows.append(row)
    return rows


def parse(text: str) -> Position:
    """Read a position. The checks come in this order: every token a number,
    the shape, then the numbers in reading order (in range, none repeated).

    >>> parse("1 2\\n3 0").width
    2
    >>> parse("1 2 3\\n4 0")
    Traceback (most recent call last):
    ...
    webapp.sliding.position.SlidingError: line 2, column 4: this row has 2 numbers, the first row has 3: every row needs the same count
    >>> parse("1 2 3 4 5 6 7 0")
    Traceback (most recent call last):
    ...
    webapp.sliding.position.SlidingError: line 1: 8 numbers on one line are not a square board (4, 9, 16, ... 64); for another shape write one row a line
    """
    rows = tokens(text)
    if not rows:
        raise SlidingError(Message("there are no numbers: write the tiles row by row, 0 for the hole, "
                           "e.g. 1 2 3 / 4 5 6 / 7 8 0"), line=1)
    last_line = rows[-1][-1].line
    count = sum(len(row) for row in rows)
    for row in rows:
        for token in row:
            if not _DIGITS.fullmatch(token.text):
                raise SlidingError(_not_a_number(token.text, count, rows), token.line, token.column)

    if len(rows) == 1:
        width = math.isqrt(count)
        if width * width != count:
            raise SlidingError(Plural(
                "%(n)s number on one line is not a square board (4, 9, 16, ... 64); for another shape "
                "write one row a line",
                "%(n)s numbers on one line are not a square board (4, 9, 16, ... 64); for another shape "
                "write one row a line", count), line=last_line)
        if not MIN_SIDE <= width <= MAX_SIDE:
            raise SlidingError(Plural(
                "%(n)s number makes a %(width)s x %(width)s board: sides from %(low)s to %(high)s are supported",
                "%(n)s numbers make a %(width)s x %(width)s board: sides from %(low)s to %(high)s are supported",
                count, width=width, low=MIN_SIDE, high=MAX_SIDE), line=last_line)
        flat = rows[0]
    else:
        width = len(rows[0])
        for row in rows[1:]:
            if len(row) != width:
                more = len(row) > width
                where = row[width] if more else None
                column = where.column if more else row[-1].column + len(row[-1].text)
                raise SlidingError(Plural(
                    "this row has %(n)s number, the first row has %(width)s: every row needs the same count",
                    "this row has %(n)s numbers, the first row has %(width)s: every row needs the same count",
                    len(row), width=width), row[0].line, column)
        if not MIN_SIDE <= width <= MAX_SIDE:
            first = rows[0]
            where = first[MAX_SIDE] if width > MAX_SIDE else first[0]
            raise SlidingError(Plural(
                "the rows have %(n)s number: a board %(n)s wide is out of range (sides from %(low)s to %(high)s)",
                "the rows have %(n)s numbers: a board %(n)s wide is out of range (sides from %(low)s to %(high)s)",
                width, low=MIN_SIDE, high=MAX_SIDE), where.line, where.column)
        if len(rows) > MAX_SIDE:
            where = rows[MAX_SIDE][0]
            raise SlidingError(
                Message("the board has %(rows)s rows: sides from %(low)s to %(high)s are supported",
                        rows=len(rows), low=MIN_SIDE, high=MAX_SIDE),
                where.line, where.column)
        flat = [token for row in rows for token in row]

    n = len(flat)
    all_values = [_value(token.text, n) for token in flat]
    # n numbers without a 0 break a rule somewhere; the one that matters
    # most is said first, then the first number at fault
    no_hole = Message("no hole: 0 is missing; ") if 0 not in all_values else ""
    first_seen: dict[int, _Token] = {}
    values = []
    for token, value in zip(flat, all_values):
        if value >= n:
            raise SlidingError(
                Message("%(no_hole)s%(number)s is out of range: a %(width)s x %(height)s board has tiles 1 to "
                        "%(last)s and 0 for the hole", no_hole=no_hole, number=_clip(token.text), width=width,
                        height=n // width, last=n - 1), token.line, token.column)
        if value in first_seen:
            before = first_seen[value]
            missing = sorted(set(range(1, n)) - set(all_values))
            lacking = _missing_words(missing)
            if value == 0:
                said = Message("%(no_hole)sthe hole 0 is repeated (first at line %(line)s, column %(column)s)",
                               no_hole=no_hole, line=before.line, column=before.column)
            else:
                said = Message("%(no_hole)stile %(tile)s is repeated (first at line %(line)s, column %(column)s)",
                               no_hole=no_hole, tile=value, line=before.line, column=before.column)
            if lacking:
                said = Message("%(said)s; %(lacking)s", said=said, lacking=lacking)
            raise SlidingError(said, token.line, token.column)
        first_seen[value] = token
        values.append(value)
    # n numbers, all in range, none repeated: a permutation, nothing can be missing
    return Position(tuple(values), width)


def write(position: Position) -> str:
    """The canonical text: one row a line, single spaces, a final newline.

    >>> write(Position((1, 2, 3, 0), width=2))
    '1 2\\n3 0\\n'
    """
    return position.text()


def _clip(text: str) -> str:
    """A token cut short for a message: a line may hold megabytes."""
    return text if len(text) <= _MAX_TOKEN_SHOWN else text[:_MAX_TOKEN_SHOWN] + "..."


def _show(text: str) -> str:
    """A token quoted for a message, cut short."""
    return repr(_clip(text))


def _not_a_number(text: str, count: int, rows) -> str:
    same = all(len(row) == len(rows[0]) for row in rows)
    square = len(rows) > 1 or math.isqrt(count) ** 2 == count
    if same and square and count > 1:
        tiles = Message("%(low)s to %(high)s", low=0, high=count - 1)
    else:
        tiles = Message("whole numbers")
    if text.startswith(("-", "+")) and _DIGITS.fullmatch(text[1:]):
        return Message("%(text)s has a sign: write the tiles as %(tiles)s, 0 for the hole",
                       text=_show(text), tiles=tiles)
    return Message("%(text)s is not a number (write the tiles as %(tiles)s, 0 for the hole)", text=_show(text),
                   tiles=tiles)


def _value(text: str, n: int) -> int:
    """The number a digit run stands for, or ``n`` (out of range) when it is
    far too long: int() refuses more than 4,300 digits."""
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 3 else n


def _missing_words(missing: list[int]) -> str:
    """'7 is missing', '3 and 7 are missing', '1, 2, 3, 4, 5 and 2 more are
    missing' (a missing hole is said first)."""
    if not missing:
        return ""
    names = [str(m) for m in missing]
    if len(names) == 1:
        return Message("%(number)s is missing", number=names[0])
    if len(names) > 5:
        return Message("%(numbers)s and %(more)s more are missing", numbers=", ".join(names[:5]), more=len(names) - 5)
    return Message("%(numbers)s and %(last)s are missing", numbers=", ".join(names[:-1]), last=names[-1])

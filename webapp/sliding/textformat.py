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
        raise SlidingError("there are no numbers: write the tiles row by row, 0 for the hole, "
                           "e.g. 1 2 3 / 4 5 6 / 7 8 0", line=1)
    last_line = rows[-1][-1].line
    count = sum(len(row) for row in rows)
    for row in rows:
        for token in row:
            if not _DIGITS.fullmatch(token.text):
                raise SlidingError(_not_a_number(token.text, count, rows), token.line, token.column)

    if len(rows) == 1:
        width = math.isqrt(count)
        if width * width != count:
            raise SlidingError(
                f"{_numbers(count)} on one line {'is' if count == 1 else 'are'} not a square board "
                "(4, 9, 16, ... 64); for another shape write one row a line", line=last_line)
        if not MIN_SIDE <= width <= MAX_SIDE:
            raise SlidingError(
                f"{_numbers(count)} make{'s' if count == 1 else ''} a {width} x {width} board: "
                f"sides from {MIN_SIDE} to {MAX_SIDE} are supported", line=last_line)
        flat = rows[0]
    else:
        width = len(rows[0])
        for row in rows[1:]:
            if len(row) != width:
                more = len(row) > width
                where = row[width] if more else None
                column = where.column if more else row[-1].column + len(row[-1].text)
                raise SlidingError(
                    f"this row has {_numbers(len(row))}, the first row has {width}: "
                    "every row needs the same count", row[0].line, column)
        if not MIN_SIDE <= width <= MAX_SIDE:
            first = rows[0]
            where = first[MAX_SIDE] if width > MAX_SIDE else first[0]
            raise SlidingError(
                f"the rows have {_numbers(width)}: a board {width} wide is "
                f"out of range (sides from {MIN_SIDE} to {MAX_SIDE})", where.line, where.column)
        if len(rows) > MAX_SIDE:
            where = rows[MAX_SIDE][0]
            raise SlidingError(
                f"the board has {len(rows)} rows: sides from {MIN_SIDE} to {MAX_SIDE} are supported",
                where.line, where.column)
        flat = [token for row in rows for token in row]

    n = len(flat)
    all_values = [_value(token.text, n) for token in flat]
    # n numbers without a 0 break a rule somewhere; the one that matters
    # most is said first, then the first number at fault
    no_hole = "no hole: 0 is missing; " if 0 not in all_values else ""
    first_seen: dict[int, _Token] = {}
    values = []
    for token, value in zip(flat, all_values):
        if value >= n:
            raise SlidingError(
                f"{no_hole}{_clip(token.text)} is out of range: a {width} x {n // width} board has "
                f"tiles 1 to {n - 1} and 0 for the hole", token.line, token.column)
        if value in first_seen:
            before = first_seen[value]
            missing = sorted(set(range(1, n)) - set(all_values))
            what = "the hole 0" if value == 0 else f"tile {value}"
            lacking = _missing_words(missing)
            raise SlidingError(
                f"{no_hole}{what} is repeated (first at line {before.line}, column {before.column})"
                + (f"; {lacking}" if lacking else ""), token.line, token.column)
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
    tiles = f"0 to {count - 1}" if same and square and count > 1 else "whole numbers"
    if text.startswith(("-", "+")) and _DIGITS.fullmatch(text[1:]):
        return f"{_show(text)} has a sign: write the tiles as {tiles}, 0 for the hole"
    return f"{_show(text)} is not a number (write the tiles as {tiles}, 0 for the hole)"


def _value(text: str, n: int) -> int:
    """The number a digit run stands for, or ``n`` (out of range) when it is
    far too long: int() refuses more than 4,300 digits."""
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 3 else n


def _numbers(count: int) -> str:
    """'1 number', '2 numbers'."""
    return f"{count} number{'' if count == 1 else 's'}"


def _missing_words(missing: list[int]) -> str:
    """'7 is missing', '3 and 7 are missing', '1, 2, 3, 4, 5 and 2 more are
    missing' (a missing hole is said first)."""
    if not missing:
        return ""
    names = [str(m) for m in missing]
    if len(names) == 1:
        return f"{names[0]} is missing"
    if len(names) > 5:
        return ", ".join(names[:5]) + f" and {len(names) - 5} more are missing"
    return ", ".join(names[:-1]) + f" and {names[-1]} are missing"

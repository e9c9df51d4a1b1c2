"""The error every puzzle kind raises for a puzzle it cannot take: one type,
so the web API, the command line and the pages read any kind's mistakes
the same way (the message, and where in the text it is).

It imports nothing from the project, so any kind's lowest module may use it.

>>> try:
...     raise PuzzleTextError("'x' is not a number", line=2, column=5)
... except ValueError as error:
...     print(error, (error.line, error.column))
line 2, column 5: 'x' is not a number (2, 5)
"""

from __future__ import annotations

__all__ = ["PuzzleTextError"]


class PuzzleTextError(ValueError):
    """A puzzle, or a puzzle's text, that breaks its kind's rules.

    ``reason`` says what is wrong; ``line`` and ``column`` (counted from 1)
    say where in the text, when it came from one: an error about a whole
    line has a line and no column, one about the whole puzzle neither. The
    message is the reason after its place.

    Each kind subclasses it (``BoardError`` and ``ParseError`` for rotation,
    ``SlidingError``, ``TriangleError``): catch this type to catch any kind's.

    >>> error = PuzzleTextError("'x' is not a number", line=2, column=5)
    >>> error
    PuzzleTextError("'x' is not a number", line=2, column=5)
    >>> str(error)
    "line 2, column 5: 'x' is not a number"
    >>> str(PuzzleTextError("a tile is missing", line=3))
    'line 3: a tile is missing'
    >>> PuzzleTextError("no sticks")
    PuzzleTextError('no sticks')
    >>> isinstance(error, ValueError), error.reason
    (True, "'x' is not a number")
    """

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        super().__init__(self.place() + reason)

    def place(self) -> str:
        """Where the error is, as its message begins: ``"line 2, column 5: "``,
        ``"line 3: "`` or nothing."""
        if self.line is None:
            return ""
        if self.column is None:
            return f"line {self.line}: "
        return f"line {self.line}, column {self.column}: "

    def __repr__(self) -> str:
        where = "".join(f", {name}={value!r}" for name, value in
                        (("line", self.line), ("column", self.column)) if value is not None)
        return f"{type(self).__name__}({self.reason!r}{where})"

"""The rotation tests' checker: an answer's moves replayed turn by turn with
the rules of :mod:`webapp.rotation.physics`, apart from any search."""

from webapp.rotation.board import parse
from webapp.rotation.physics import Position, Step


def replay(board, moves: str, orientation: int = 0) -> tuple[Step, list[Step]]:
    """Settle ``board``, then play ``moves``: the first settling and each step
    (a move that is not L or R raises IllegalMove)."""
    first = Position(board, orientation).settle()
    return first, first.position.play(moves)


def mirrored(board):
    """``board`` mirrored left-right, read back from its mirrored rows."""
    rows = "\n".join(row[::-1] for row in board.rows())
    return parse(f"{board.width} {board.height}\n{rows}\n")


def stick_of(board, symbol: str):
    """The stick of ``board`` that ``symbol`` names."""
    return next(s for s in board.sticks if s.symbol == symbol)

"""The rotation tests' checker: an answer's moves replayed turn by turn with
the rules of :mod:`webapp.rotation.physics`, apart from any search."""

from webapp.rotation.physics import Position, Step


def replay(board, moves: str, orientation: int = 0) -> tuple[Step, list[Step]]:
    """Settle ``board``, then play ``moves``: the first settling and each step
    (a move that is not L or R raises IllegalMove)."""
    first = Position(board, orientation).settle()
    return first, first.position.play(moves)

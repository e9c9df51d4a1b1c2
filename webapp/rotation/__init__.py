"""The rotation puzzle: a frame with a gap, straight sticks, gravity and turns.

>>> from webapp.rotation import Board, solve
>>> answer = solve(Board.from_text(EXAMPLE))
>>> answer.status, answer.moves
('solved', 'LL')
"""

from .board import SYMBOLS, Board, BoardError, Stick, next_free_symbol
from .physics import EXAMPLE, Position, Step
from .search import Answer, Goal, GoalError, solve
from .board import ParseError, parse, write

__all__ = [
    "SYMBOLS", "Board", "BoardError", "Stick", "next_free_symbol",
    "EXAMPLE", "Position", "Step",
    "Answer", "Goal", "GoalError", "solve",
    "ParseError", "parse", "write",
]

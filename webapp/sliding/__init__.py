"""The sliding-tile puzzle (8-, 15-, 24-puzzle and rectangles, 2 x 2 to
8 x 8); the rules are in docs/sliding.md.

>>> from webapp.sliding import Position, parse, write
>>> Position.goal(3, 3).move(8).movable()
(5, 7, 8)
>>> write(parse("1,2\\r\\n3,0"))
'1 2\\n3 0\\n'
"""

from .position import IllegalMove, Position, SlidingError
from .textformat import parse, write

__all__ = ["IllegalMove", "Position", "SlidingError", "parse", "write"]

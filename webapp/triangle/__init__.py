"""The triangle puzzle (edge matching): n x n triangular pieces fill one big
triangle so that every inner edge joins the two halves of one figure
(docs/triangle.md).

>>> from webapp.triangle import parse, solve
>>> answer = solve(parse("0\\n1\\n0 0 0\\n"))
>>> answer.status, answer.count, answer.distinct
('solved', 1, 1)
"""

from .puzzle import Puzzle, TriangleError, canonical, turnings
from .solver import Answer, solve
from .textformat import parse, write

__all__ = ["Answer", "Puzzle", "TriangleError", "canonical", "parse", "solve", "turnings", "write"]

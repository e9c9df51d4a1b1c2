"""What vulture (tests/project/test_lint.py) would call dead code but is
not: names only a framework, a protocol or a reader outside the package
uses. Each line names one, with why; vulture reads this file as code that
uses them. Not imported by anything."""

from webapp.rotation.board import Board
from webapp.rotation.physics import Position
from webapp.sliding.position import Position as SlidingPosition

# the value types' own methods, for a reader of the Python modules (each has
# a doctest or a unit test; the web and the command line do not need them)
Board.empty_frame
Board.without
Board.mirrored
Position.gravity_side
SlidingPosition.slide

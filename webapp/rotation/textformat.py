"""The text format: the side length on line 1, then the rows, top row first.

It is the competition's format (BwInf 35, task 3), read with the tolerances
real files need and written back exactly, so ``parse(write(b)) == b``.
The code is in :mod:`webapp.rotation.board` (a board reads and writes
itself: ``Board.from_text``, ``board.text()``); this is the address it is
imported from.

>>> board = parse("7\\n### ###\\n#     #\\n#     #\\n#     #\\n#    1#\\n#  001#\\n#######\\n")
>>> board.sticks
(Stick('0', 5, 3, 2), Stick('1', 4, 5, 2, vertical=True))
>>> parse(write(board)) == board
True
>>> parse("4\\n####\\n#0 0\\n#  #\\n## #\\n")
Traceback (most recent call last):
...
webapp.rotation.board.ParseError: line 3, column 4: stick 0 is split: this cell is not next to the cells of stick 0 before it (line 3, column 2)
"""

from .board import ParseError, parse, write

__all__ = ["ParseError", "parse", "write"]

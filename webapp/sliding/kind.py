"""The sliding-tile puzzle behind the kinds interface (see :mod:`webapp.kinds`):
the web app and the command line reach the position, its text, share codes,
pictures, random positions and the solver only through ``KIND``.

>>> p = KIND.parse(KIND.example)
>>> KIND.text(p) == KIND.example and KIND.decode(KIND.encode(p)) == p
True
>>> answer = KIND.solve(KIND.example, {})
>>> answer["status"], answer["length"], answer["optimal"], answer["method"]
('solved', 8, True, 'table')
>>> KIND.move(p, {}, "left")
{'board': '1 5 2\\n7 3 0\\n8 4 6\\n', 'moved': 3, 'direction': 'left', 'solved': False}
>>> KIND.detect("1 2 3\\n4 5 6\\n7 8 0"), KIND.detect("#####\\n#0  #")
(1.0, 0.0)
"""

from __future__ import annotations

import re

from ..errors import FieldError, Message, whole
from ..kind_protocol import NO_MOVE, Kind, drawn
from ..webface import WebFace
from ..words import gettext
from . import generate, pdb, sharecode, solver, table
from .position import (
    DIRECTIONS,
    MAX_SIDE,
    MIN_SIDE,
    IllegalMove,
    Position,
    SlidingError,
    movable_cells,
)
from .schemas import SCHEMAS
from .svg import position_svg
from .textformat import parse

__all__ = ["KIND", "SlidingKind", "QUICK_SECONDS", "EXAMPLE", "BIG_CELLS", "BIG_SECONDS"]

#: A solve that finishes (optimally) within this time is answered on the spot.
QUICK_SECONDS = 0.2
#: Boards of at most this many cells have exact distance tables: every answer is a
#: lookup (the 12-cell boards' compact tables are used when built, never built here).
TABLE_CELLS = 10
#: The side of a shuffled board when the request does not say.
SHUFFLE_SIDE = 4
#: The first example of the rules (docs/sliding.md): 8 moves.
EXAMPLE = "1 5 2\n7 0 3\n8 4 6\n"
#: Boards of more cells than this (5 x 5 aside) have no pattern databases: a shortest
#: solution can take hours to prove.
BIG_CELLS = 16
#: How long such a board is searched for a shortest solution when nothing
#: else is asked, before a fast one, not proven shortest, is given (the
#: command line's default; the web's, unless SLIDING_BIG_SECONDS says).
BIG_SECONDS = 10.0

#: A line of numbers: digits with spaces, tabs or commas between (detect).
_NUMBERS = re.compile(r"[ \t,]*[0-9]+(?:[ \t,]+[0-9]+)*[ \t,]*")
#: JSON's blanks, which a size or a tile's number may have around it (as the
#: OpenAPI description says: a digit is 0 to 9, no other script's).
_BLANK = "[ \t\n\r]*"
_SIZE = re.compile(rf"{_BLANK}([0-9]+){_BLANK}[xX\u00d7]{_BLANK}([0-9]+){_BLANK}")
_TILE_NUMBER = re.compile(rf"{_BLANK}([0-9]+){_BLANK}")


def _databases_at_hand(width: int, height: int) -> bool:
    """Are the shape's pattern databases built (a board that has none
    needs none)?"""
    if not pdb.has_databases(width, height):
        return True
    return all(pdb.cached(width, height, group) for group in pdb.groups(width, height))


def _time_limit(position: Position, config) -> float | None:
    """A big board's solve gets ``SLIDING_BIG_SECONDS`` (default
    :data:`BIG_SECONDS`, and never more than ``SLIDING_MAX_SECONDS``),
    not a minute of "Solving..." like a board with databases.

    >>> KIND.web.time_limit(Position.goal(5, 4), {"SLIDING_MAX_SECONDS": 60.0})
    10.0
    >>> KIND.web.time_limit(Position.goal(5, 4), {"SLIDING_BIG_SECONDS": 3, "SLIDING_MAX_SECONDS": 60.0})
    3
    >>> KIND.web.time_limit(Position.goal(4, 4), {}) is None
    True
    """
    if position.width * position.height <= BIG_CELLS:
        return None
    big = config.get("SLIDING_BIG_SECONDS", BIG_SECONDS)
    most = config.get("SLIDING_MAX_SECONDS")
    return big if most is None or big is None else min(big, most)


def _job_note(position: Position, options: dict, limits: dict) -> str | None:
    """For a big board, what its time limit means for the answer.

    >>> KIND.web.job_note(Position.goal(5, 4), {}, {"max_seconds": 10.0})[:44]
    'A board this size is searched for at most 10'
    >>> KIND.web.job_note(Position.goal(3, 3), {}, {"max_seconds": 10.0}) is None
    True
    """
    seconds = limits.get("max_seconds")
    if position.width * position.height <= BIG_CELLS or seconds is None:
        return None
    return Message("A board this size is searched for at most %(seconds)s s; if no shortest solution is proven "
                   "by then, you get a solution that is not proven shortest.",
                   seconds=whole(seconds))


def _figures() -> dict[str, list[tuple[str, str]]]:
    """The guide's pictures: the goal, a position and the same after
    tile 5 slid down into the hole, each drawn by the kind's ``svg``.

    >>> [len(p) for p in KIND.web.figures().values()]
    [1, 2]
    """
    start = parse(EXAMPLE)
    after = KIND.move(start, {}, 5)["board"]
    touching = ", ".join(str(start.tiles[cell]) for cell in movable_cells(start.width, start.height, start.hole))
    return drawn(KIND, {
        "goal": [("1 2 3\n4 5 6\n7 8 0\n", gettext("The goal: tiles 1 to 8 in order, the hole last"),
                  "The goal: 1 to 8 in reading order, the hole in the bottom right corner.")],
        "move": [
            (EXAMPLE, gettext("A position with the hole in the middle"),
             f"Tiles {touching} touch the hole: any of them may slide."),
            (after, gettext("After tile 5 slid down into the hole"),
             "After tile 5 slid down (the ↓ key): the hole moved up."),
        ],
    })


class SlidingKind(Kind):
    """The sliding-tile puzzle: tiles 1 .. w*h-1 and a hole in a w x h frame."""

    name = "sliding"
    title = "Sliding tiles"
    goal = "Slide the tiles into order, 1, 2, 3, ... row by row, with the hole last."
    counter = "nodes"
    #: The job snapshot's second figure: the IDA* bound (or percent built).
    depth_field = "bound"
    error = SlidingError
    example = EXAMPLE
    web = WebFace(
        "sliding",
        # nodes one solve may search (then a fast, unproven answer), its
        # seconds, and the memory its tables may take
        default_limits={"count": 2_000_000_000, "seconds": 60.0, "bytes": 1_500_000_000},
        time_limit=_time_limit, job_note=_job_note,
        # solves take no options; a request naming any is refused (a typo is
        # better told than ignored)
        option_fields=(), shuffle_fields=("size", "width", "height", "distance"),
        schemas=SCHEMAS, figures=_figures)

    # ------------------------------------------------------------ the text
    def parse(self, text: str) -> Position:
        return parse(text)

    def text(self, position: Position) -> str:
        return position.text()

    def encode(self, position: Position) -> str:
        return sharecode.encode(position)

    def decode(self, code: str) -> Position:
        return sharecode.decode(code)

    # ------------------------------------------------------------- solving
    def options(self, data: dict) -> dict:
        """The sliding puzzle has no options; other keys are ignored here
        (the web API refuses them: see the web face's ``option_fields``).

        >>> KIND.options({"goal": "any", "whatever": 1})
        {}
        """
        return {}

    def quick(self, position: Position, options: dict, *, task: str = "solve",
              max_count: int | None = None) -> dict | None:
        """The answer on the spot when it is cheap: an unsolvable position
        (parity), a board with a distance table, or a search that finishes
        optimally within ``QUICK_SECONDS`` and ``max_count`` nodes (a
        worker's own bound); else None (a worker solves it). A hint's:
        :meth:`_quick_hint`.

        >>> KIND.quick(Position((2, 1, 3, 0), width=2), {})["status"]
        'unsolvable'
        >>> KIND.quick(Position.goal(3, 3), {})["length"]
        0
        """
        if task == "hint":
            return self._quick_hint(position)
        w, h, tiles = position.width, position.height, position.tiles
        if not position.solvable() or w * h <= TABLE_CELLS:
            return solver.solve(w, h, tiles).to_dict()
        # without the databases, only an easy board is answered here (Manhattan
        # distance); building them takes seconds: a worker does it, with progress
        answer = solver.solve(w, h, tiles, max_seconds=QUICK_SECONDS, max_nodes=max_count,
                              build=_databases_at_hand(w, h))
        if answer.status == "solved" and answer.optimal:
            return answer.to_dict()
        return None

    def solve(self, position: Position | str, options: dict, *, max_seconds: float | None = None,
              max_count: int | None = None, max_bytes: int | None = None, progress=None) -> dict:
        """Solve ``position`` (or its text, read first) within the limits
        (``max_count``: nodes searched); ``progress(count, depth, phase)`` as
        the solver reports it."""
        position = parse(position) if isinstance(position, str) else position
        # a big board's databases (5 x 5) are used here once built (`prepare`, the
        # command line), never built: a job's short time limit is for searching
        big = position.width * position.height > BIG_CELLS
        answer = solver.solve(position.width, position.height, position.tiles,
                                 max_seconds=max_seconds, max_nodes=max_count,
                                 max_bytes=max_bytes, progress=progress,
                                 build=not big or _databases_at_hand(position.width, position.height))
        return answer.to_dict()

    # --------------------------------------------------------------- play
    def move(self, position: Position, options: dict, move) -> dict:
        """One move: ``move`` is the tile that slides (a number) or the way
        it goes (``"left"``: the tile right of the hole slides left into it,
        as the arrow keys). The board after it, the tile moved, the way it
        went, and whether that is the goal.

        >>> KIND.move(Position((1, 2, 3, 0), width=2), {}, 3)["solved"]
        False
        >>> KIND.move(Position((1, 2, 0, 3), width=2), {}, "3")
        {'board': '1 2\\n3 0\\n', 'moved': 3, 'direction': 'left', 'solved': True}
        >>> KIND.move(Position((1, 2, 0, 3), width=2), {}, None)
        Traceback (most recent call last):
        ...
        webapp.errors.IllegalMove: a move is the number of the tile that slides, or left, right, up or down, not None
        """
        number = _TILE_NUMBER.fullmatch(move) if isinstance(move, str) else None
        if number:
            move = int(number.group(1))
        if isinstance(move, str) and move in DIRECTIONS:
            tile = position.tile_for(move)
        elif isinstance(move, int) and not isinstance(move, bool):
            tile = move
        else:
            raise IllegalMove(Message("a move is the number of the tile that slides, or left, right, up or down, not "
                                      "%(move)s",
                                      move=repr(move)))
        after = position.move(tile)
        hole_r, hole_c = divmod(position.hole, position.width)
        tile_r, tile_c = divmod(after.hole, position.width)
        direction = next(d for d, (dr, dc) in DIRECTIONS.items()
                         if (hole_r + dr, hole_c + dc) == (tile_r, tile_c))
        return {"board": after.text(), "moved": tile, "direction": direction, "solved": after.is_goal()}

    @staticmethod
    def _quick_hint(position: Position) -> dict | None:
        """The best next tile when it is cheap (as :meth:`quick`), else None
        (then a worker's :meth:`hint` finds it: the first move of a solve).
        ``move`` is the tile (None at the goal or when unsolvable, with a
        ``message``); boards with a table add ``distances``: the exact
        distance after each possible move.

        >>> h = KIND.quick(Position((1, 2, 3, 4, 5, 6, 7, 0, 8), width=3), {}, task="hint")
        >>> h["move"], h["distances"], h["length"]
        (8, {5: 2, 7: 2, 8: 0}, 1)
        >>> KIND.quick(Position((2, 1, 3, 0), width=2), {}, task="hint")["message"]
        'No hint: the goal cannot be reached from here.'
        """
        w, h, tiles = position.width, position.height, position.tiles
        if not position.solvable() or w * h <= TABLE_CELLS:
            found = solver.hint(w, h, tiles)
        else:
            found = solver.hint(w, h, tiles, max_seconds=QUICK_SECONDS,
                                build=_databases_at_hand(w, h))
            if found.get("status") != "solved" or not found.get("optimal"):
                return None
        found["move"] = found.get("tile")
        if found["move"] is None:
            found["message"] = NO_MOVE.get(found.get("status"), NO_MOVE["limit"])
        return found

    def shuffle(self, data: dict, rng) -> Position:
        """A random solvable position other than the goal: ``width`` and
        ``height`` (or ``size``: ``"4x4"`` or one number; default 4 x 4)
        from the request; ``distance``: exactly that many moves from the
        goal instead (boards of up to 9 cells).

        >>> import random
        >>> KIND.shuffle({"size": "3x2"}, random.Random(1)).size
        '3x2'
        >>> KIND.shuffle({"width": 3, "height": 3, "distance": 31}, random.Random(1)).solvable()
        True
        >>> KIND.shuffle({"width": 9}, random.Random(1))
        Traceback (most recent call last):
        ...
        webapp.errors.FieldError: "width" must be 2 to 8, not 9
        """
        width, height = _size(data)
        distance = data.get("distance")
        if distance is None:
            return generate.shuffle(width, height, rng)
        if not isinstance(distance, int) or isinstance(distance, bool):
            raise FieldError(Message('"distance" must be a whole number of moves'))
        return generate.at_distance(width, height, distance, rng)

    # --------------------------------------------------------- describing
    def film_moves(self, answer: dict | None, link: str | None) -> list[int]:
        """A link's tiles (``3-7-8``), else the solve's."""
        from .animation import link_moves  # Pillow: loaded when an animation is first asked for
        return link_moves(link) if link is not None else list((answer or {}).get("moves") or [])

    def film(self, position: Position, moves: list[int], size: int) -> list:
        """Each move: the tile slides into the hole."""
        from .animation import frames
        return frames(position, moves, size)

    def svg(self, position: Position) -> str:
        return position_svg(position, cell=max(16, 240 // max(position.width, position.height)))

    def detect(self, text: str) -> float:
        """1 for a text that parses; otherwise 0.9 times the share of its
        non-blank lines that are plain numbers (a line with ``#`` or
        letters is not), so a malformed position still gets this kind's
        message.

        >>> KIND.detect("1 2 3\\n4 5 6\\n7 8 8"), KIND.detect("7\\n###\\n# #")
        (0.9, 0.3)
        >>> KIND.detect(""), KIND.detect("hello")
        (0.0, 0.0)
        """
        try:
            parse(text)
            return 1.0
        except SlidingError:
            pass
        if text.startswith("\ufeff"):
            text = text[1:]
        lines = [line for line in text.replace("\r", "").split("\n") if line.strip(" \t,")]
        if not lines:
            return 0.0
        numeric = sum(1 for line in lines if _NUMBERS.fullmatch(line))
        return round(0.9 * numeric / len(lines), 3)

    def summary(self, position: Position) -> dict:
        """For galleries and the API: the size, the tile count, whether it is
        solvable, and on boards with a table ``optimal``: the fewest moves
        to the goal (None when unsolvable), as the page's ``optimal`` counts.

        >>> KIND.summary(Position((1, 5, 2, 7, 0, 3, 8, 4, 6), width=3))
        {'width': 3, 'height': 3, 'size': '3x3', 'tiles': 8, 'solvable': True, 'optimal': 8}
        """
        out = {"width": position.width, "height": position.height, "size": position.size,
               "tiles": len(position.tiles) - 1, "solvable": position.solvable()}
        # up to 9 cells, where a table is built in a moment even without C
        if len(position.tiles) <= generate.MAX_TABLE_CELLS:
            out["optimal"] = table.distance(position.width, position.height, position.tiles)
        return out


def _side(data: dict, key: str, default: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not MIN_SIDE <= value <= MAX_SIDE:
        raise FieldError(Message('"%(key)s" must be %(min_side)s to %(max_side)s, not %(value)s',
                                 key=key, min_side=MIN_SIDE, max_side=MAX_SIDE, value=repr(value)))
    return value


def _size(data: dict) -> tuple[int, int]:
    """(width, height) from ``width``/``height`` or ``size`` ("4x4" or 4)."""
    size = data.get("size")
    width = height = SHUFFLE_SIDE
    if isinstance(size, str):
        m = _SIZE.fullmatch(size)
        if not m:
            raise FieldError(Message('"size" must look like "4x4" (width x height), not %(size)s', size=repr(size)))
        width, height = _side({"size": int(m.group(1))}, "size", 0), _side({"size": int(m.group(2))}, "size", 0)
    elif size is not None:
        width = height = _side(data, "size", SHUFFLE_SIDE)
    width = _side(data, "width", width)
    height = _side(data, "height", height if "width" not in data or size is not None else width)
    return width, height


KIND = SlidingKind()

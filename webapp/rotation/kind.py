"""The rotation puzzle behind the kinds interface (see :mod:`webapp.kinds`):
an adapter over the engine, which it leaves as it is.

Its answers are the engine's (``Answer.to_dict``) plus the fields every
kind's answers share: ``optimal`` (a rotation answer is always a shortest
one, so: true when solved) and ``engine`` (``c`` for the compiled search,
``reference`` for the plain one; ``numpy`` in an answer cached before that
engine was retired).

>>> from .solver import pick_engine
>>> answer = KIND.solve(EXAMPLE, {"goal": "any", "orientation": 0})
>>> answer["moves"], answer["length"], answer["optimal"]
('LL', 2, True)
>>> answer["engine"] == pick_engine("auto")
True
>>> KIND.decode(KIND.encode(KIND.parse(EXAMPLE))) == KIND.parse(EXAMPLE)
True
>>> KIND.move(KIND.parse(EXAMPLE), {"goal": "any", "orientation": 0}, "L")["orientation"]
3
"""

from __future__ import annotations

import re
import time

from . import sharecode

# Share codes, pictures and random boards are imported by the methods that
# make them: a command line that reads and solves a board loads none of them.
from ..errors import FieldError, IllegalMove, Message
from ..kind_protocol import Kind, first_move_hint, solution_words
from ..webface import WebFace
from ..words import ngettext
from .board import MAX_SIZE, MIN_SIZE, SYMBOLS, Board, BoardError, parse
from .generate import random_board
from .howto import figures
from .physics import EXAMPLE, TURNS, Position
from .schemas import SCHEMAS
from .search import Goal, without_search
from .solver import solve_best
from .svg import board_svg, turns_svg

#: Sticks a shuffled board gets when the request does not say.
SHUFFLE_STICKS = 2
#: The side of a shuffled board when the request does not say.
SHUFFLE_SIZE = 7
#: The states solve_best gave the reference before a numpy engine (since
#: retired) took a search over, when answers did not name their engine yet.
_SMALL_SEARCH = 300


def complete(answer: dict) -> dict:
    """``answer`` with the field every kind's answers share that the engine's
    lacks: ``optimal`` (a rotation answer is always a shortest one).

    >>> complete({"status": "unsolvable", "states": 8})["optimal"]
    False
    """
    answer.setdefault("optimal", answer.get("status") == "solved")
    return answer


def _card_facts(board: Board, item: dict) -> list[str]:
    """A gallery card: size, sticks, the fewest turns (``moves``)."""
    sticks, moves = len(board.sticks), item.get("moves")
    return [f"{board.width} × {board.height}", f"{sticks} stick{'s' if sticks != 1 else ''}",
            "no solution" if moves is None else f"{moves} move{'s' if moves != 1 else ''}"]


def _turns(n: int, turns: str) -> str:
    """A printed solution's count and turns ("2 turns: L L"): a turn, not a move."""
    return ngettext("%(n)s turn: %(turns)s", "%(n)s turns: %(turns)s", n, turns=turns)


class RotationKind(Kind):
    """The rotation puzzle: a frame with a gap, straight sticks, gravity, turns."""

    name = "rotation"
    title = "Rotation"
    goal = "Turn the frame so that a stick falls out through the gap."
    counter = "states"
    depth_field = "depth"
    error = BoardError
    example = EXAMPLE
    web = WebFace(
        "rotation", page_path="/", template="rotation.html", edit_mode="draw",
        how_to_play_template="how_to_play.html",
        # states a worker's solve may visit, its seconds and memory; below
        # ``inline`` states a solve runs in the request, below ``quick`` it
        # does not wait its turn there
        default_limits={"count": 5_000_000, "seconds": 60.0, "bytes": 1_500_000_000,
                        "inline": 5_000, "quick": 300},
        option_fields=("goal", "orientation"), shuffle_fields=("size", "width", "height", "sticks"),
        request_example='{"board": "7\\n### ###\\n...", "goal": "any"}',
        # the guide's pictures are drawn by howto.figures rather than by svg: the
        # board as the viewer sees it, the gap named, a stick on its way out
        schemas=SCHEMAS, figures=figures, card_facts=_card_facts, move_words=("turn", "turns"))

    # ------------------------------------------------------------ the text
    def parse(self, text: str) -> Board:
        return parse(text)

    def text(self, board: Board) -> str:
        return board.text()

    def encode(self, board: Board) -> str:
        return sharecode.encode(board)

    def decode(self, code: str) -> Board:
        return sharecode.decode(code)

    # ------------------------------------------------------------- solving
    def options(self, data: dict) -> dict:
        """``goal`` (any, all, stick:S; as given, so that the cache's keys
        stay those of before) and ``orientation`` (0 to 3) from a request."""
        goal = data.get("goal", "any")
        if not isinstance(goal, str):
            raise FieldError(Message('"goal" must be "any", "all" or "stick:S"'))
        orientation = data.get("orientation", 0)
        if not isinstance(orientation, int) or isinstance(orientation, bool) or orientation not in range(4):
            raise FieldError(Message('"orientation" must be 0, 1, 2 or 3 (quarter turns clockwise)'))
        return {"goal": goal, "orientation": orientation}

    def quick(self, board: Board, options: dict, *, task: str = "solve",
              max_count: int | None = None) -> dict | None:
        """The answer of a board decided without a search (no gap, no
        sticks), else None (``max_count``: unused, nothing is searched).
        Raises GoalError for a goal the board cannot have."""
        goal = Goal.parse(options.get("goal"))
        goal.check(board)
        decided = without_search(board, goal, options.get("orientation", 0), time.perf_counter())
        if decided is None:
            return None
        decided.engine = "reference"  # decided by the plain Python rules, without a search
        answer = complete(decided.to_dict())
        return first_move_hint(self, answer) if task == "hint" else answer

    def solve(self, board: Board | str, options: dict, *, max_seconds: float | None = None,
              max_count: int | None = None, max_bytes: int | None = None, progress=None) -> dict:
        """Solve ``board`` (or its text, read first) with the fastest engine,
        within the limits (``max_count``: states). ``progress(states, depth)``
        is called now and then. The goal is read once, here: the engines
        take it as it is (auto may run two of them)."""
        board = parse(board) if isinstance(board, str) else board
        answer = solve_best(board, Goal.parse(options.get("goal", "any")),
                            orientation=options.get("orientation", 0), max_states=max_count,
                            max_seconds=max_seconds, max_bytes=max_bytes, progress=progress)
        return complete(answer.to_dict())

    # --------------------------------------------------------------- play
    def move(self, board: Board, options: dict, move) -> dict:
        """One turn (``L`` or ``R``) with gravity at ``options["orientation"]``,
        then settling; ``None``: settling alone. The step's fields, the board,
        ``moved`` and ``solved`` (the goal was reached by this step)."""
        position = Position(board, options.get("orientation", 0))
        if move is None:
            step = position.settle()
        elif isinstance(move, str) and move in TURNS:
            step = position.turn(move)
        else:
            raise IllegalMove(Message('"move" must be "L", "R" or null (settle only)'))
        body = step.to_dict()
        body["board"] = step.position.board.text()
        goal = Goal.parse(options.get("goal"))
        left = step.position.board.symbols()
        if goal.kind == "any":
            solved = bool(step.released)
        elif goal.kind == "all":
            solved = not left
        else:
            solved = goal.symbol not in left
        body["solved"] = solved
        return body

    def shuffle(self, data: dict, rng) -> Board:
        """A random board, not solved, drawn with ``rng`` (a random.Random):
        ``size`` (or ``width`` and ``height``) and ``sticks`` from the request."""
        size = _number(data, "size", SHUFFLE_SIZE)
        width = _number(data, "width", size)
        height = _number(data, "height", width)
        sticks = _number(data, "sticks", SHUFFLE_STICKS)
        for value, what in ((size, "size"), (width, "width"), (height, "height")):  # a size unused too
            if not MIN_SIZE <= value <= MAX_SIZE:
                raise FieldError(Message("the %(what)s must be %(min_size)s to %(max_size)s, not %(value)s",
                                         what=what, min_size=MIN_SIZE, max_size=MAX_SIZE, value=value))
        if not 1 <= sticks <= len(SYMBOLS):
            raise FieldError(Message('"sticks" must be 1 to %(symbols_count)s, not %(sticks)s',
                                     symbols_count=len(SYMBOLS), sticks=sticks))

        return random_board(width, sticks, rng=rng, height=height)

    # --------------------------------------------------------- describing
    def film_moves(self, answer: dict | None, link: str | None) -> str:
        """A link's turns (``LRL``), else the solve's."""
        from .animation import link_moves  # Pillow: loaded when an animation is first asked for
        return link_moves(link) if link is not None else (answer or {}).get("moves") or ""

    def film(self, board: Board, moves: str, size: int) -> list:
        """Each turn: the frame turns, then the sticks fall."""
        from .animation import frames
        return frames(board, moves, size)

    def svg(self, board: Board) -> str:
        cell = max(4, 240 // max(board.width, board.height))

        return board_svg(board, cell=cell)

    def printed_solution(self, board: Board, answer: dict) -> tuple[str, str | None]:
        """The turns as words and as arrows (L turns the frame anticlockwise)."""
        words = solution_words(answer, _turns)
        moves = answer.get("moves") if answer.get("status") == "solved" else None
        return words, (turns_svg(moves) if moves else None)

    def detect(self, text: str) -> float:
        """1 for a text that parses; otherwise how many of its lines look
        like rows of a frame (walls ``#``), at most 0.9."""
        try:
            parse(text)
            return 1.0
        except BoardError:
            pass
        lines = [line for line in text.replace("\r", "").split("\n") if line.strip()]
        if not lines:
            return 0.0
        rows = [line for line in lines if "#" in line and _ROW.fullmatch(line)]
        return 0.9 * len(rows) / len(lines)

    def summary(self, board: Board) -> dict:
        return {"width": board.width, "height": board.height, "sticks": len(board.sticks),
                "gaps": [list(g) for g in board.gaps()]}



_ROW = re.compile(r"[# 0-9A-Za-z]+")


def _number(data: dict, key: str, default: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise FieldError(Message('"%(key)s" must be a whole number', key=key))
    return value


KIND = RotationKind()

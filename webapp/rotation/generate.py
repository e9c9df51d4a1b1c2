"""Random puzzles: valid boards from a seed, and a search of many seeds for a
good one. The same arguments and seed always give the same board:

>>> board = generate(7, 2, seed=3)
>>> generate(7, 2, seed=3) == board
True
>>> board.width, len(board.sticks), len(board.gaps())
(7, 2, 1)

The seed :func:`search` reports rebuilds its board on its own:

>>> found = search(7, 2, seed=1, tries=20)
>>> found.answer.status, len(found.answer.moves) >= 3
('solved', True)
>>> generate(7, 2, seed=found.seed) == found.board
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import FieldError, Message, Misfit, Plural
from .board import MAX_SIZE, MIN_SIZE, SYMBOLS, Board, Stick, next_free_symbol
from .physics import Position
from .search import Answer, solve

__all__ = ["GenerateError", "NoPuzzleFound", "Found", "random_board", "generate", "search",
           "DEFAULT_TRIES", "DEFAULT_MAX_STATES"]

#: Boards :func:`search` builds when asked for ``min_moves`` or ``unsolvable``
#: without a number of tries.
DEFAULT_TRIES = 1000
#: The search of each candidate stops after this many states; a board whose
#: search hits the limit is skipped (its answer is unknown).
DEFAULT_MAX_STATES = 20_000

#: Attempts to place the sticks of one board before giving up.
_PLACEMENT_ATTEMPTS = 200


class GenerateError(FieldError):
    """Arguments no board can satisfy (too many sticks or walls for the size)."""


class NoRoom(Misfit, GenerateError):
    """Sticks, walls or gaps, each in its range, that do not fit in the frame together."""


class NoPuzzleFound(GenerateError):
    """No board in the tries met the request."""


class MemoryStopped(GenerateError):
    """A board's search passed ``max_bytes``: the board kept would depend on
    the memory given, so none is."""

    def __init__(self, seed: int, answer: Answer) -> None:
        super().__init__(f"the search of seed {seed} passed max_bytes")
        self.seed, self.answer = seed, answer


@dataclass
class Found:
    """The board :func:`search` kept, its ``answer``, the ``seed`` that
    rebuilds it, and how many boards were ``tried``."""

    board: Board
    answer: Answer
    seed: int
    tried: int


def random_board(size: int, sticks: int, *, gaps: int = 1, inner_walls: int = 0,
                 rng: random.Random | None = None, gap_width: int = 1,
                 max_length: int | None = None, height: int | None = None,
                 settle: bool = True) -> Board:
    """One random valid board (square unless ``height`` is given): a frame with
    ``gaps`` openings of ``gap_width`` cells, away from the corners and from
    each other; ``inner_walls`` wall cells; ``sticks`` sticks of 1 to
    ``max_length`` cells. With ``settle``, the sticks are shown at rest and
    none falls out in that first settling (no puzzle is solved with 0 moves).

    >>> print(random_board(6, 2, gaps=2, inner_walls=1, rng=random.Random(0)), end="")
    6
    ### ##
    #  0 #
    #  0 #
    #  # #
    #1    
    ######
    """
    rng = rng if rng is not None else random.Random()
    width = size
    height = size if height is None else height
    _check(width, height, sticks, gaps, inner_walls, gap_width, max_length)
    inner = (width - 2) * (height - 2)
    if max_length is None:
        max_length = max(2, min(width, height) // 3)
    max_length = max(1, min(max_length, width - 2, height - 2))

    for _ in range(_PLACEMENT_ATTEMPTS):
        walls = _frame(width, height, gaps, gap_width, rng)
        if walls is None:
            continue
        free = [(r, c) for r in range(1, height - 1) for c in range(1, width - 1)]
        rng.shuffle(free)
        walls |= set(free[:inner_walls])
        placed = _place_sticks(width, height, walls, sticks, max_length, rng)
        if placed is None:
            continue
        board = Board(width, height, frozenset(walls), tuple(placed))
        if settle:
            first = Position(board).settle()
            if first.released:
                continue
            board = first.position.board
        return board
    raise GenerateError(
        Message("could not build a %(width)sx%(height)s board with %(value)s, %(value2)s of width %(gap_width)s and "
                "%(value3)s in %(placement_attempts)s attempts (%(inner)s cells inside the frame)",
                width=width, height=height, value=Plural("%(n)s stick", "%(n)s sticks", sticks),
                value2=Plural("%(n)s gap", "%(n)s gaps", gaps), gap_width=gap_width,
                value3=Plural("%(n)s inner wall", "%(n)s inner walls", inner_walls),
                placement_attempts=_PLACEMENT_ATTEMPTS, inner=inner)
    )


def generate(size: int, sticks: int, *, seed: int | None = None, **options) -> Board:
    """The random board of ``seed`` (random when ``None``), not solved;
    ``options`` are :func:`random_board`'s.

    >>> print(generate(7, 3, seed=2, inner_walls=2), end="")
    7
    # #####
    #   # #
    #     #
    #     #
    # 12  #
    ##00  #
    #######
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return random_board(size, sticks, rng=random.Random(seed), **options)


def search(size: int, sticks: int, *, gaps: int = 1, inner_walls: int = 0,
           seed: int | None = None, min_moves: int | None = None,
           tries: int | None = None, unsolvable: bool = False, gap_width: int = 1,
           max_length: int | None = None, max_states: int = DEFAULT_MAX_STATES,
           max_bytes: int | None = None) -> Found:
    """Build and solve the boards of seeds ``seed``, ``seed + 1``, ... and keep
    the first unsolvable one (``unsolvable``), the first with at least
    ``min_moves``, or else the longest of ``tries`` (the first of equals).
    ``tries`` defaults to 1 for a plain search and to :data:`DEFAULT_TRIES`
    with a request; :class:`NoPuzzleFound` when no board met it.

    >>> found = search(5, 1, seed=0, unsolvable=True)
    >>> found.answer.status
    'unsolvable'
    >>> board = search(8, 3, seed=1, inner_walls=4, min_moves=8).board
    >>> len(solve(board).moves) >= 8
    True
    """
    if min_moves is not None and min_moves < 0:
        raise GenerateError(Message("min_moves must be 0 or more"))
    if tries is None:
        tries = DEFAULT_TRIES if (min_moves is not None or unsolvable) else 1
    if tries < 1:
        raise GenerateError(Message("tries must be at least 1"))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    best: Found | None = None
    tried = 0
    for k in range(tries):
        try_seed = seed + k
        board = generate(size, sticks, seed=try_seed, gaps=gaps, inner_walls=inner_walls,
                         gap_width=gap_width, max_length=max_length)
        answer = solve(board, max_states=max_states, max_bytes=max_bytes)
        if answer.limit == "memory":
            raise MemoryStopped(try_seed, answer)
        tried += 1
        found = Found(board, answer, try_seed, tried)
        if answer.status == "unsolvable":
            if unsolvable:
                return found
        elif answer.status == "solved" and not unsolvable:
            if best is None or len(answer.moves) > len(best.answer.moves):
                best = found
            if min_moves is not None and len(answer.moves) >= min_moves:
                return found
    if unsolvable:
        raise NoPuzzleFound(Message("no unsolvable board in %(tried)s tries (seeds %(seed)s to %(value)s)",
                                    tried=tried, seed=seed, value=seed + tried - 1))
    if best is None:
        raise NoPuzzleFound(Message("no solvable board in %(tried)s tries within %(max_states)s states each (seeds "
                                    "%(seed)s to %(value)s)",
                                    tried=tried, max_states=format(max_states, ','), seed=seed, value=seed + tried - 1))
    if min_moves is not None:
        raise NoPuzzleFound(
            Message("no board needs %(min_moves)s or more moves in %(tried)s tries (seeds %(seed)s to %(value)s); the "
                    "longest needs %(value2)s (seed %(seed2)s)",
                    min_moves=min_moves, tried=tried, seed=seed, value=seed + tried - 1,
                    value2=len(best.answer.moves), seed2=best.seed))
    best.tried = tried
    return best


# -- helpers -------------------------------------------------------------------

def _check(width: int, height: int, sticks: int, gaps: int, inner_walls: int,
           gap_width: int, max_length: int | None) -> None:
    for name, value in (("size", width), ("height", height)):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise GenerateError(Message("%(name)s %(value)s is out of range (%(min_size)s to %(max_size)s)",
                                        name=name, value=value, min_size=MIN_SIZE, max_size=MAX_SIZE))
    if not 1 <= sticks <= len(SYMBOLS):
        raise GenerateError(Message("sticks must be 1 to %(symbols_count)s, not %(sticks)s",
                                    symbols_count=len(SYMBOLS), sticks=sticks))
    if gaps < 0:
        raise GenerateError(Message("gaps must be 0 or more"))
    if gap_width < 1:
        raise GenerateError(Message("gap_width must be at least 1"))
    if max_length is not None and max_length < 1:
        raise GenerateError(Message("max_length must be at least 1"))
    if inner_walls < 0:
        raise GenerateError(Message("inner_walls must be 0 or more"))
    inner = (width - 2) * (height - 2)
    if inner_walls + sticks > inner:
        raise NoRoom(Message("%(sticks)s sticks and %(inner_walls)s inner walls do not fit in the %(inner)s cells "
                             "inside a %(width)sx%(height)s frame",
                             sticks=sticks, inner_walls=inner_walls, inner=inner, width=width, height=height))
    # each side holds openings of gap_width cells, a wall between neighbours
    # and none in a corner: k openings need k * gap_width + k - 1 cells
    room = sum(2 * ((length + 1) // (gap_width + 1)) for length in (width - 2, height - 2))
    if gaps > room:
        raise NoRoom(Plural("%(n)s gap of width %(gap_width)s do not fit in the frame of a %(width)sx%(height)s "
                            "board (at most %(room)s)",
                            "%(n)s gaps of width %(gap_width)s do not fit in the frame of a %(width)sx%(height)s "
                            "board (at most %(room)s)", gaps, gap_width=gap_width, width=width, height=height,
                            room=room))


def _frame(width: int, height: int, gaps: int, gap_width: int,
           rng: random.Random) -> set[tuple[int, int]] | None:
    """The border walls with ``gaps`` openings of ``gap_width`` cells, or
    ``None`` if the random cuts left no room for the last ones."""
    walls = {(r, c) for r in range(height) for c in range(width)
             if r in (0, height - 1) or c in (0, width - 1)}
    # the border cells of each side without its corners, in order
    sides = [
        [(0, c) for c in range(1, width - 1)],
        [(height - 1, c) for c in range(1, width - 1)],
        [(r, 0) for r in range(1, height - 1)],
        [(r, width - 1) for r in range(1, height - 1)],
    ]
    taken: set[tuple[int, int]] = set()  # opening cells and the walls that must stay
    openings = 0
    for _ in range(gaps * 50):
        if openings == gaps:
            break
        side = rng.choice(sides)
        if len(side) < gap_width:
            continue
        start = rng.randrange(len(side) - gap_width + 1)
        cells = side[start:start + gap_width]
        guard = side[max(0, start - 1):start + gap_width + 1]
        if any(cell in taken for cell in guard):
            continue
        taken.update(guard)
        walls.difference_update(cells)
        openings += 1
    return walls if openings == gaps else None


def _place_sticks(width: int, height: int, walls: set[tuple[int, int]], count: int,
                  max_length: int, rng: random.Random) -> list[Stick] | None:
    """``count`` sticks on free inside cells, or ``None`` if they do not fit."""
    used = set(walls)
    board = Board(width, height, frozenset(walls))
    placed: list[Stick] = []
    for _ in range(count):
        symbol = next_free_symbol(board.with_sticks(placed))
        for _attempt in range(100):
            length = rng.randint(1, max_length)
            vertical = length > 1 and rng.random() < 0.5
            rows = height - 2 - (length - 1 if vertical else 0)
            cols = width - 2 - (0 if vertical else length - 1)
            if rows < 1 or cols < 1:
                continue
            stick = Stick(symbol, 1 + rng.randrange(rows), 1 + rng.randrange(cols),
                          length, vertical)
            if not any(cell in used for cell in stick.cells()):
                break
        else:
            return None
        used.update(stick.cells())
        placed.append(stick)
    return placed

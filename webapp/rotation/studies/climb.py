"""Hard puzzles for frames too big to study whole: a climb over boards.

Each step changes one thing (an inner wall, a stick moved, turned, made
longer or shorter) and keeps the new board when its optimal solution is no
shorter, or now and then when it is (simulated annealing). Every candidate
is solved in full by a breadth-first search, so its turns are proven, not
estimated. The seed and the arguments rebuild the best board:

>>> found = climb(6, 2, seed=1, steps=30, inner_walls=3)
>>> found.turns >= 1 and climb(6, 2, seed=1, steps=30, inner_walls=3).board == found.board
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..board import Board, BoardError, Stick
from ..generate import random_board
from ..physics import Position
from ..solver import solve_best

__all__ = ["Climbed", "climb", "score"]

#: Positions a candidate's search may visit before the candidate is dropped.
DEFAULT_MAX_STATES = 300_000


@dataclass
class Climbed:
    """The best board met, its proven turns (None when no board met had a
    solution), and how it was found."""

    board: Board
    turns: int | None
    seed: int
    steps: int
    improved_at: int


def score(board: Board, max_states: int = DEFAULT_MAX_STATES) -> int | None:
    """The fewest turns that drop a stick out of ``board``, or None when
    there are none or the search passed ``max_states``."""
    answer = solve_best(board, max_states=max_states)
    return len(answer.moves) if answer.status == "solved" else None


def _mutated(board: Board, rng: random.Random) -> Board | None:
    """``board`` with one thing changed at random, or None if that change
    breaks a rule (an overlap, a stick outside the interior)."""
    w, h = board.width, board.height
    sticks = list(board.sticks)
    walls = set(board.walls)
    what = rng.random()
    if what < 0.4 or not sticks:
        cell = (rng.randrange(1, h - 1), rng.randrange(1, w - 1))
        walls.symmetric_difference_update({cell})
    else:
        i = rng.randrange(len(sticks))
        s = sticks[i]
        length, vertical = s.length, s.vertical
        if what < 0.8:
            row, col = rng.randrange(1, h - 1), rng.randrange(1, w - 1)
        else:
            row, col = s.row, s.col
            if rng.random() < 0.5:
                vertical = not vertical
            else:
                length = max(1, length + rng.choice((-1, 1)))
        sticks[i] = Stick(s.symbol, row, col, length, vertical)
        last = sticks[i].cells()[-1]
        if not (1 <= last[0] < h - 1 and 1 <= last[1] < w - 1):
            return None
    try:
        return Board(w, h, frozenset(walls), tuple(sticks))
    except BoardError:
        return None


def climb(size: int, sticks: int, *, seed: int, steps: int, inner_walls: int = 0,
          max_states: int = DEFAULT_MAX_STATES, temperature: float = 2.0,
          restart: int = 0, progress=None) -> Climbed:
    """The hardest board met in ``steps`` steps from the random board of
    ``seed``. With ``restart``, the climb goes back to the best board after
    that many steps without a better one. ``progress(step, best_turns)`` is
    called at each improvement."""
    rng = random.Random(seed)
    current = random_board(size, sticks, inner_walls=inner_walls, rng=rng)
    first = score(current, max_states)
    now = first or 0
    # turns None: no solvable board met yet (an unsolvable first board is left
    # for the first solvable candidate, as one of 0 turns would be)
    best = Climbed(current, first, seed, steps, 0)
    waited = 0  # steps since the best board was found, or since the last restart
    for step in range(1, steps + 1):
        waited += 1
        if restart and waited > restart:
            current, now, waited = best.board, best.turns, 1
        candidate = _mutated(current, rng)
        if candidate is None:
            continue
        turns = score(candidate, max_states)
        if turns is None:
            continue
        heat = temperature * (1 - step / steps) + 1e-9
        if turns >= now or rng.random() < math.exp((turns - now) / heat):
            current, now = candidate, turns
            if best.turns is None or turns > best.turns:
                best = Climbed(candidate, turns, seed, steps, step)
                waited = 0
                if progress is not None:
                    progress(step, turns)
    # shown at rest, as the solver first settles it
    best.board = Position(best.board).settle().position.board
    return best

"""The sliding puzzle's difficulty levels, read from the proven shortest
solution alone: easy and medium positions are drawn 3 x 3, hard and expert
ones 4 x 4.

>>> [level_of({"length": n}) for n in (5, 10, 20, 30, 45)]
[None, 'easy', 'medium', 'hard', 'expert']
"""

from __future__ import annotations

from . import solver
from .generate import at_distance
from .position import Position

#: Each level's moves, from and to (inclusive; None: no bound).
BANDS = {"easy": (8, 14), "medium": (15, 22), "hard": (23, 38), "expert": (39, None)}

#: What each level means, for the docs and the API's messages.
MEANING = "the proven shortest solution's moves"


def measure(position) -> dict:
    """The figures a level is read from: ``length`` (proven shortest)."""
    answer = solver.solve(position.width, position.height, position.tiles)
    optimal = answer.status == "solved" and answer.optimal
    return {"length": answer.length if optimal else None}


def level_of(measured: dict) -> str | None:
    """The level of a position measured so (None: outside every band)."""
    length = measured["length"]
    if length is None:
        return None
    for level, (low, high) in BANDS.items():
        if low <= length and (high is None or length <= high):
            return level
    return None


def candidates(rng):
    """Positions to sort into levels, without end: 3 x 3 ones 8 to 22 moves
    from the goal (the exact table's), and 4 x 4 ones a random walk of 30
    to 160 moves away (their length proven by the solver)."""
    while True:
        if rng.random() < 0.5:
            yield at_distance(3, 3, rng.randint(8, 22), rng)
            continue
        position, last = Position.goal(4, 4), None
        for _ in range(rng.randint(30, 160)):
            last = rng.choice([tile for tile in position.movable() if tile != last])
            position = position.move(last)
        yield position

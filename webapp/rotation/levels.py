"""Rotation's difficulty levels: a puzzle's level is its proven shortest
solution in turns (goal: any stick out, from the frame as drawn), and for
the two upper levels its branching too: the positions the breadth-first
search told apart before it proved that length (``states``). A long
solution through a narrow corridor of positions is easy to stumble on;
many positions mean many wrong turns to try.

>>> level_of({"length": 3, "states": 20})
'easy'
>>> level_of({"length": 10, "states": 150}), level_of({"length": 10, "states": 40})
('hard', None)
>>> level_of({"length": 16, "states": 300})
'expert'
"""

from __future__ import annotations

#: Each level's turns, from and to (inclusive; None: no bound), and the
#: fewest positions (branching) its search must have told apart.
BANDS = {"easy": (2, 4, 0), "medium": (5, 8, 0), "hard": (9, 14, 100),
         "expert": (15, None, 200)}

#: What each level means, for the docs and the API's messages.
MEANING = "the proven shortest solution's turns (and, hard and expert, the positions searched)"

#: The goal and start a level is proven for: the page's own defaults.
OPTIONS = {"goal": "any", "orientation": 0}


def measure(board) -> dict:
    """The figures a level is read from: ``length`` (proven shortest, in
    turns; None when no turn sequence solves it) and ``states``."""
    from .kind import KIND

    answer = KIND.solve(board, OPTIONS, max_count=5_000_000)
    length = answer["length"] if answer["status"] == "solved" else None
    return {"length": length, "states": answer["states"]}


def level_of(measured: dict) -> str | None:
    """The level of a puzzle measured so (None: outside every band)."""
    length = measured["length"]
    if length is None:
        return None
    for level, (low, high, states) in BANDS.items():
        if low <= length and (high is None or length <= high) and measured["states"] >= states:
            return level
    return None


def candidates(rng):
    """Random boards to sort into levels, without end: frames of 7 to 12
    cells a side with 2 to 5 sticks and a few inner walls."""
    from .board import BoardError
    from .generate import random_board

    while True:
        size = rng.randint(7, 12)
        try:
            yield random_board(size, rng.randint(2, 5), rng=rng, inner_walls=rng.choice((0, 2, 4, 6, 8)))
        except BoardError:
            continue

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

import numpy as np

from .board import BoardError
from .generate import GenerateError, random_board
from .kind import KIND
from .studies.family import one_gap_frames, stick_kinds
from .studies.study import StudyTooBig, build_graph, distances, node_board

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
    """Boards to sort into levels, without end: two in three random, one in
    three from an exhaustive study (:func:`studied`), where the hard positions
    are found rather than stumbled on."""
    while True:
        if rng.random() < 1 / 3:
            yield from studied(rng)
            continue
        size = rng.randint(7, 12)
        try:
            yield random_board(size, rng.randint(2, 5), rng=rng, inner_walls=rng.choice((0, 2, 4, 6, 8)))
        except (BoardError, GenerateError):  # no board of that size holds those sticks and walls
            continue


#: A study bigger than this is skipped: a level's candidate costs a second at most.
STUDY_POSITIONS = 200_000


def studied(rng, picks: int = 4) -> list:
    """Boards from one exhaustive study of a small one-gap frame: its hardest
    position and ``picks`` more at random distances, gravity down. Empty when
    the study is too big or nothing in it is solvable.

    >>> import random
    >>> boards = studied(random.Random(3))
    >>> all(b.width in (5, 6, 7) and b.sticks for b in boards)
    True
    """
    size = rng.choice((5, 6, 6, 7))
    _, frame = rng.choice(one_gap_frames(size))
    inside, kinds = (size - 2) ** 2, stick_kinds(size - 2)
    # short sticks, many of them: the proven hardest positions are made so
    weights = [4 if n == 1 else 3 if n == 2 else 1 for n, _ in kinds]
    sticks: list = []
    for _ in range(rng.randint(3, 9)):
        kind = rng.choices(kinds, weights)[0]
        if sum(n for n, _ in sticks) + kind[0] < inside:
            sticks.append(kind)
    try:
        graph = build_graph(frame, sticks, max_positions=STUDY_POSITIONS)
    except StudyTooBig:
        return []
    dist = distances(graph.successor)
    solvable = np.flatnonzero(dist > 0)
    if not len(solvable):
        return []
    # a distance drawn first, then a position at it: drawn from the positions,
    # nearly all would be a turn or two from the goal
    chosen = [int(solvable[np.argmax(dist[solvable])])]
    found = sorted(set(dist[solvable].tolist()) - {1}) or [1]  # one turn: no level's
    for _ in range(picks):
        at = np.flatnonzero(dist == rng.choice(found))
        chosen.append(int(at[rng.randrange(len(at))]))
    return [node_board(graph, i) for i in dict.fromkeys(chosen)]

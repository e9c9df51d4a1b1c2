"""Hard puzzles for big frames: a climb over frames, each scored by a study.

:mod:`.climb` scores one board at a time. Here a candidate is a frame and
a multiset of sticks, scored by the most turns of any of its positions in
an exhaustive study (:mod:`.study`): one study weighs thousands of boards
at once. A step changes one thing (a wall, the gap, a stick) and is kept
as in :mod:`.climb` (simulated annealing). Everything follows from the
seed:

>>> found = frame_climb(6, 2, seed=1, steps=20, inner_walls=3)
>>> again = frame_climb(6, 2, seed=1, steps=20, inner_walls=3)
>>> found.turns >= 1 and (again.board, again.turns) == (found.board, found.turns)
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

import numpy as np

from ..board import Board, BoardError
from .study import StudyError, build_graph, distances, node_board, sticks_text
from .family import frame

__all__ = ["Candidate", "Scored", "FrameClimbed", "frame_climb", "frame_score", "ring_cells",
           "describe", "DEFAULT_MAX_POSITIONS"]

#: Positions a candidate's study may reach before the candidate is dropped:
#: a study of this size takes about a second on the team's machine.
DEFAULT_MAX_POSITIONS = 200_000
#: Changes made at once to the best candidate at a restart.
KICK = 3
#: Steps between two calls of ``tick``.
TICK = 250
#: Scores kept, so that a candidate met again (a wall put back) is not studied again.
_CACHE = 50_000


@dataclass(frozen=True)
class Candidate:
    """A frame (walls only: the ring less its gap, and inner walls) and the
    sticks studied in it, sorted as :func:`.study.parse_sticks` sorts them."""

    frame: Board
    sticks: tuple[tuple[int, bool], ...]

    @property
    def gap(self) -> tuple[int, int]:
        return self.frame.gaps()[0]

    @property
    def inner_walls(self) -> frozenset:
        return frozenset((r, c) for r, c in self.frame.walls if not self.frame.is_border(r, c))


@dataclass
class Scored:
    """A candidate's study: its positions, the most turns of any of them
    (None: none solvable) and the first position that needs them."""

    positions: int
    turns: int | None
    hardest: Board | None


@dataclass
class FrameClimbed:
    """The best candidate met, the hardest position of its study as a puzzle,
    its turns (None: no candidate had a solvable position), and the costs."""

    candidate: Candidate
    board: Board | None
    turns: int | None
    positions: int
    seed: int
    steps: int
    improved_at: int
    studies: int = 0
    studied_positions: int = 0
    dropped: int = 0
    seconds: float = 0.0


def ring_cells(width: int, height: int) -> list[tuple[int, int]]:
    """The cells of the outer ring that may be a gap (not the corners: a
    corner gap cannot be reached)."""
    return [(r, c) for r in range(height) for c in range(width)
            if (r in (0, height - 1)) != (c in (0, width - 1))]


def frame_score(candidate: Candidate,
                max_positions: int | None = DEFAULT_MAX_POSITIONS) -> Scored | None:
    """The study of ``candidate`` (the C engine's), or None when it passes
    ``max_positions`` positions or does not pack into 64 bits."""
    try:
        graph = build_graph(candidate.frame, candidate.sticks, max_positions=max_positions,
                            engine="c")
    except (StudyError, BoardError):
        return None
    dist = distances(graph.successor)
    if not len(dist) or dist.max() <= 0:
        return Scored(len(dist), None, None)
    top = int(dist.max())
    # the first position of the most turns, as study() keeps it first
    return Scored(len(dist), top, node_board(graph, int(np.flatnonzero(dist == top)[0])))


def _fits(frame_board: Board, sticks) -> bool:
    free = sum(1 for r in range(1, frame_board.height - 1) for c in range(1, frame_board.width - 1)
               if (r, c) not in frame_board.walls)
    return sum(n for n, _ in sticks) < free


def _first(size: int, sticks: int, inner_walls: int, rng: random.Random) -> Candidate:
    inside = [(r, c) for r in range(1, size - 1) for c in range(1, size - 1)]
    walls = rng.sample(inside, min(inner_walls, len(inside) - 2))
    gap = rng.choice(ring_cells(size, size))
    longest = min(3, size - 2)
    kinds = []
    for _ in range(sticks):
        n = rng.randint(1, longest)
        kinds.append((n, n > 1 and rng.random() < 0.5))
    return Candidate(frame(size, size, [gap], walls), tuple(sorted(kinds)))


def _neighbours_on_ring(cell, width: int, height: int) -> list[tuple[int, int]]:
    ring = set(ring_cells(width, height))
    r, c = cell
    return [nb for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if nb in ring]


def _mutated(candidate: Candidate, rng: random.Random) -> Candidate | None:
    """``candidate`` with one thing changed at random, or None when the
    change leaves no valid candidate (no cell free for the sticks)."""
    board = candidate.frame
    w, h = board.width, board.height
    walls = set(candidate.inner_walls)
    gap = candidate.gap
    sticks = list(candidate.sticks)
    what = rng.random()
    if what < 0.45:
        walls ^= {(rng.randrange(1, h - 1), rng.randrange(1, w - 1))}
    elif what < 0.55:
        if rng.random() < 0.5:
            gap = rng.choice(_neighbours_on_ring(gap, w, h))
        else:
            gap = rng.choice(ring_cells(w, h))
    else:
        i = rng.randrange(len(sticks))
        n, vertical = sticks[i]
        change = rng.random()
        if change < 0.25:
            n = rng.randint(1, min(3, w - 2, h - 2))
            sticks.append((n, n > 1 and rng.random() < 0.5))
        elif change < 0.45:
            if len(sticks) == 1:
                return None
            del sticks[i]
        elif change < 0.8:
            longer = n + rng.choice((-1, 1))
            if not 1 <= longer <= min(w, h) - 2:
                return None
            # a stick of 1 has no direction: one made of it takes either
            vertical = (rng.random() < 0.5) if n == 1 else vertical
            sticks[i] = (longer, longer > 1 and vertical)
        else:
            if n == 1:
                return None
            sticks[i] = (n, not vertical)
    changed = Candidate(frame(w, h, [gap], walls), tuple(sorted(sticks)))
    if changed == candidate or not _fits(changed.frame, changed.sticks):
        return None
    return changed


def _kicked(candidate: Candidate, rng: random.Random) -> Candidate:
    for _ in range(KICK):
        candidate = _mutated(candidate, rng) or candidate
    return candidate


def frame_climb(size: int, sticks: int, *, seed: int, steps: int, inner_walls: int = 0,
                max_positions: int | None = DEFAULT_MAX_POSITIONS, temperature: float = 2.0,
                restart: int = 0, progress=None, tick=None) -> FrameClimbed:
    """The hardest position met in ``steps`` steps from the random candidate
    of ``seed``. With ``restart``, the climb goes back to the best candidate
    after that many steps without a better one, changed in :data:`KICK` ways
    at once (its neighbours have all been tried by then). ``progress(step,
    climbed)`` is called at each improvement, ``tick(step, climbed)`` every
    :data:`TICK` steps."""
    began = time.perf_counter()
    rng = random.Random(seed)
    cache: dict[Candidate, Scored | None] = {}
    costs = {"studies": 0, "positions": 0, "dropped": 0}

    def scored(candidate: Candidate) -> Scored | None:
        if candidate not in cache:
            if len(cache) >= _CACHE:
                cache.clear()
            found = cache[candidate] = frame_score(candidate, max_positions)
            costs["studies"] += 1
            if found is None:
                costs["dropped"] += 1
            else:
                costs["positions"] += found.positions
        found = cache[candidate]
        return found if found is not None and found.turns is not None else None

    current = _first(size, sticks, inner_walls, rng)
    first = scored(current)
    now = first.turns if first else 0
    best = FrameClimbed(current, first and first.hardest, first and first.turns,
                        first.positions if first else 0, seed, steps, 0)
    waited = 0

    def costed(found: FrameClimbed) -> FrameClimbed:
        found.studies, found.studied_positions = costs["studies"], costs["positions"]
        found.dropped, found.seconds = costs["dropped"], time.perf_counter() - began
        return found

    for step in range(1, steps + 1):
        waited += 1
        if tick is not None and step % TICK == 0:
            tick(step, costed(best))
        if restart and waited > restart and best.turns is not None:
            current, now, waited = _kicked(best.candidate, rng), 0, 1
            found = scored(current)
            if found is not None:
                now = found.turns
        candidate = _mutated(current, rng)
        if candidate is None:
            continue
        found = scored(candidate)
        if found is None:
            continue
        heat = temperature * (1 - step / steps) + 1e-9
        if found.turns >= now or rng.random() < math.exp((found.turns - now) / heat):
            current, now = candidate, found.turns
            if best.turns is None or found.turns > best.turns:
                best = FrameClimbed(candidate, found.hardest, found.turns, found.positions,
                                    seed, steps, step)
                waited = 0
                if progress is not None:
                    progress(step, best)
    return costed(best)


def describe(found: FrameClimbed) -> str:
    """One line: the best candidate's frame, gap and sticks."""
    c = found.candidate
    return (f"gap {c.gap[0]},{c.gap[1]}, {len(c.inner_walls)} inner walls, "
            f"sticks {sticks_text(c.sticks)}")

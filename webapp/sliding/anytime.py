"""An improving search for boards of more than 16 cells (docs/sliding.md,
"Boards of more than 16 cells"): each answer shorter than the last, and a
proven lower bound beside it.

1. The fast construction gives a first answer.
2. Weighted IDA* passes, each looking only below the best so far and
   given at most :data:`PASS_SECONDS`, together :data:`WEIGHTED_SHARE` of
   the time; the weight falls after a find (:func:`next_weight`).
3. Local detours shorten the best (:mod:`webapp.sliding.shorten`), for
   :data:`SHORTEN_SHARE` of the time at most.
4. Plain IDA* for the time left, below the best: it proves the lower
   bound, or ends ``exhausted`` and the best is proven shortest.

Nodes and progress add up over the passes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import ida
from .shorten import shorten

__all__ = ["Outcome", "improve", "next_weight", "FIRST_WEIGHT", "PASS_SECONDS",
           "WEIGHTED_SHARE"]

#: The first pass's weight (its answers are some 1.5 times the shortest, in
#: a moment); the steps down and back are :func:`next_weight`'s (measured on
#: the 24-puzzle's published positions, benchmarks/README.md).
FIRST_WEIGHT = 2.0
#: The most one weighted pass may take, as a share of the whole time.
PASS_SECONDS = 0.1
#: The share of the time for the weighted passes; plain IDA* gets the rest.
WEIGHTED_SHARE = 0.7
#: Shortening the best by detours stops at this share of the time.
SHORTEN_SHARE = 0.8


@dataclass
class Outcome:
    """``moves``: the best solution found (None: none); ``optimal``: proven
    shortest; ``bound``: proven lower bound; ``stopped``: what ended the
    plain search (seconds, nodes) or None."""

    moves: list | None
    optimal: bool
    bound: int
    nodes: int = 0
    stopped: str | None = "seconds"
    passes: list = field(default_factory=list)  # (weight, length found or None)


def improve(width: int, height: int, tiles, *, pset=None, native=None, seconds: float,
            max_nodes: int = 0, first=None, progress=None) -> Outcome:
    """The best answer within ``seconds`` (and ``max_nodes``, 0: none):
    ``first`` the fast construction's moves (or None)."""
    began = time.perf_counter()
    done_nodes = 0
    best = list(first) if first else None
    h0 = ida.guide(width, height, pset).start(list(tiles))
    bound = h0
    passes = []

    def report_from(offset):
        if progress is None:
            return None
        return lambda count, depth, phase: progress(offset + count, depth, phase)

    def run(weight: float, budget: float, start_bound: int = 0) -> ida.Result:
        nodes_left = max_nodes - done_nodes if max_nodes else 0
        return ida.run(native, width, height, tiles, pset, max_nodes=nodes_left, max_seconds=budget,
                       progress=report_from(done_nodes), start_bound=start_bound, weight=weight,
                       max_length=len(best) if best is not None else 0)

    def left(share: float = 1.0) -> float:
        return seconds * share - (time.perf_counter() - began)

    if best is not None and len(best) <= h0:  # the construction met the estimate
        return Outcome(best, True, len(best), 0, None, passes)
    weight, found_at = FIRST_WEIGHT, None
    while weight >= 1.0:
        budget = min(seconds * PASS_SECONDS, left(WEIGHTED_SHARE))
        if budget <= 0.001 or (max_nodes and done_nodes >= max_nodes):
            break
        r = run(weight, budget)
        done_nodes += r.nodes
        if r.status == "solved":
            best = r.moves
            found_at = weight
        passes.append((weight, len(r.moves) if r.status == "solved" else None))
        if r.status == "exhausted":  # nothing shorter than the best: it is shortest
            return Outcome(best, True, len(best), done_nodes, None, passes)
        weight = next_weight(weight, r.status == "solved", found_at)
    if best is not None and left(SHORTEN_SHARE) > 0:
        best = shorten(width, height, tiles, best, deadline=began + seconds * SHORTEN_SHARE)
    if best is not None and len(best) <= bound:
        return Outcome(best, True, len(best), done_nodes, None, passes)
    budget = left()
    if budget <= 0.001 or (max_nodes and done_nodes >= max_nodes):
        return Outcome(best, False, bound, done_nodes, "seconds" if budget <= 0.001 else "nodes",
                       passes)
    r = run(1.0, budget, start_bound=bound)
    done_nodes += r.nodes
    if r.status == "solved":
        return Outcome(r.moves, True, len(r.moves), done_nodes, None, passes)
    if r.status == "exhausted":
        return Outcome(best, True, len(best), done_nodes, None, passes)
    bound = max(bound, r.bound)
    return Outcome(best, best is not None and len(best) <= bound, bound, done_nodes,
                   r.status.removeprefix("limit-"), passes)


def next_weight(weight: float, solved: bool, found_at: float | None) -> float:
    """The weight of the pass after one at ``weight`` (``found_at``: the last
    weight that found a solution): down after a find, in smaller steps near
    1; after a stall (a weighted IDA* stalls on some boards at some weights,
    not at others near them) halfway back up to ``found_at``, or, that close
    already, a little further down.

    >>> [next_weight(w, True, w) for w in (2.0, 1.7, 1.5, 1.3)]
    [1.7, 1.5, 1.4, 1.25]
    >>> next_weight(1.4, False, 1.5), next_weight(1.49, False, 1.5), next_weight(3.0, False, None)
    (1.45, 1.39, 3.5)
    """
    if solved:
        step = 0.3 if weight > 1.8 else 0.2 if weight > 1.55 else 0.1 if weight > 1.35 else 0.05
        return round(weight - step, 3)
    if found_at is None:  # nothing found yet: a larger weight
        return min(round(weight + 0.5, 3), 8.0)
    if found_at - weight < 0.03:
        return round(weight - 0.1, 3)
    return round((weight + found_at) / 2, 3)

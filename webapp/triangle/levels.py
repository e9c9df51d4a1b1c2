"""The triangle's difficulty levels: the triangle's side first (a player
reads a bigger triangle as a harder one), then the nodes a plain
backtracking search spends to place every piece (docs/triangle.md,
"Difficulty levels"). The count is this module's own, so it stays the same
whatever the solver learns to prune.

>>> from webapp.triangle.textformat import parse
>>> nodes(parse("1\\n1\\n0 0 0\\n"))
1
>>> level_of({"side": 3, "nodes": 40})
'easy'
>>> [level_of({"side": s, "nodes": 20_000}) for s in (4, 5, 6)]
['medium', 'hard', 'expert']
>>> level_of({"side": 3, "nodes": 20_000}) is None  # too much work for an easy one
True
"""

from __future__ import annotations

from . import native
from .generate import random_puzzle
from .budget import Budget, Stop
from .order import by_search
from .puzzle import Puzzle

#: The search gives up past this many nodes (a pool's puzzle is never bigger).
MAX_NODES = 1_000_000

#: Each level's side, and its nodes from (inclusive) and below (exclusive):
#: within a side, the puzzles that make the search work (the easiest of a
#: side are found at once; the hardest of one side overlap the next's).
BANDS = {"easy": (3, 1, 1_000), "medium": (4, 1_000, 100_000), "hard": (5, 10_000, MAX_NODES),
         "expert": (6, 10_000, MAX_NODES)}

#: What each level means, for the docs and the API's messages.
MEANING = "the side, then the plain backtracking search's nodes to the first solution"


class TooHard(Exception):
    """The search passed :data:`MAX_NODES` before placing every piece."""


def nodes(puzzle: Puzzle, max_nodes: int = MAX_NODES, engine: str = "auto") -> int:
    """The nodes of the plain backtracking search until every piece is placed
    or none can be; :class:`TooHard` past ``max_nodes``. C, when built,
    gives the same count some hundred times sooner."""
    if native.engine_name(engine, puzzle.pieces) == "c":
        found = native.plain(puzzle, max_nodes)
        if found is None:
            raise TooHard(f"more than {max_nodes:,} nodes")
        return found
    budget = Budget(max_nodes + 1)  # the search stops on reaching the bound: this one is passed
    try:
        by_search(puzzle, 1, [], budget)
    except Stop:
        raise TooHard(f"more than {max_nodes:,} nodes") from None
    return budget.nodes


def measure(puzzle: Puzzle) -> dict:
    """The figures a level is read from: ``side`` and ``nodes``."""
    return {"side": puzzle.n, "nodes": nodes(puzzle)}


def level_of(measured: dict) -> str | None:
    """The level of a puzzle measured so (None: outside every band)."""
    for level, (side, low, high) in BANDS.items():
        if measured["side"] == side and low <= measured["nodes"] < high:
            return level
    return None


def candidates(rng):
    """Random puzzles to sort into levels, without end: sides 3 to 6, figure
    kinds from few (many ways, quickly found) to many; more of the big
    sides, whose hard ones are rarer."""
    while True:
        n = rng.choice((3, 4, 5, 5, 6, 6, 6))
        figures = rng.randint(2, 3 * n)
        yield random_puzzle(n, figures, rng)

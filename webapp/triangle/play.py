"""Play on a triangle puzzle: a placement in progress (a list over the slots
of None or ``(piece, edges)``; in JSON null or ``{"piece", "edges"}``),
checked, changed one slot at a time, and completed for a hint.

>>> from webapp.triangle.puzzle import Puzzle
>>> p = Puzzle(1, ((1, 0, 0), (0, 0, 0), (0, 0, -1), (0, 0, 0)))
>>> placement = from_json(p, [None, {"piece": 0, "edges": [0, 1, 0]}, None, None])
>>> misfits(p, placement)
[]
>>> complete(p, placement, max_nodes=1000)[0]
'solved'
"""

from __future__ import annotations

from ..errors import Message
from . import geometry
from .budget import Budget, Stop
from .order import by_search
from .puzzle import Puzzle, TriangleError, TriangleMisfit, turnings
from .solver import solve

__all__ = ["check_shape", "from_json", "to_json", "misfits", "place", "complete", "turn_to_fit"]


def from_json(puzzle: Puzzle, data) -> list:
    """A placement in progress from its JSON form (None or a list over the
    slots), checked: pieces in range and used once, edges a turning of the
    piece. None gives an empty placement."""
    count = len(puzzle.pieces)
    if data is None:
        return [None] * count
    if not isinstance(data, list) or len(data) != count:
        # a list of another length is well formed, but not over this puzzle's slots
        error = TriangleMisfit if isinstance(data, list) else TriangleError
        raise error(Message('"placement" must be a list of %(count)s entries (one a slot), '
                            'each null or {"piece": i, "edges": [x, y, z]}', count=count))
    out, used = [], {}
    for slot, item in enumerate(data):
        if item is None:
            out.append(None)
            continue
        piece, edges = _entry(puzzle, slot, item)
        if piece in used:
            raise TriangleMisfit(Message("piece %(piece)s is placed twice: in slots %(used)s and %(slot)s",
                                         piece=piece, used=used[piece], slot=slot))
        used[piece] = slot
        out.append((piece, edges))
    return out


def check_shape(data: list) -> None:
    """A placement's entries as any puzzle may have them (null, or a piece
    0 or more with null or three whole numbers as its edges), whether or
    not the route reads it: :class:`TriangleError` otherwise."""
    for slot, item in enumerate(data):
        if item is not None:
            _shape(slot, item)


def _shape(slot: int, item) -> None:
    if not isinstance(item, dict):
        raise TriangleError(Message('slot %(slot)s: an entry is null or {"piece": i, "edges": [x, y, z]}', slot=slot))
    piece, edges = item.get("piece"), item.get("edges")
    if not _whole(piece):
        raise TriangleError(Message('slot %(slot)s: "piece" must be a whole number, 0 or more, not %(piece)s',
                                    slot=slot, piece=repr(piece)))
    if edges is not None and (not isinstance(edges, (list, tuple)) or len(edges) != 3
                              or not all(isinstance(v, int) and not isinstance(v, bool) for v in edges)):
        raise TriangleError(Message('slot %(slot)s: "edges" must be three whole numbers', slot=slot))


def _entry(puzzle: Puzzle, slot: int, item) -> tuple[int, tuple[int, int, int]]:
    _shape(slot, item)
    piece, edges = item["piece"], item.get("edges")
    if piece >= len(puzzle.pieces):  # a number, but no piece of this puzzle's
        raise TriangleMisfit(Message('slot %(slot)s: "piece" must be 0 to %(value)s, not %(piece)s',
                                     slot=slot, value=len(puzzle.pieces) - 1, piece=repr(piece)))
    if edges is None:  # the piece as written in the file
        edges = puzzle.pieces[piece]
    edges = tuple(edges)
    if edges not in turnings(puzzle.pieces[piece]):
        raise TriangleMisfit(Message("slot %(slot)s: %(value)s is not a turning of piece %(piece)s %(value2)s",
                                     slot=slot, value=list(edges), piece=piece, value2=list(puzzle.pieces[piece])))
    return piece, edges


def _whole(value) -> bool:
    """A number a slot or piece may be, had the puzzle one of it: 0 or more."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def to_json(placement) -> list:
    return [None if item is None else {"piece": item[0], "edges": list(item[1])} for item in placement]


def misfits(puzzle: Puzzle, placement) -> list[list[int]]:
    """The inner edges between two placed pieces that do not fit, each as
    ``[slot_a, side_a, slot_b, side_b]``."""
    out = []
    for (a, side_a), (b, side_b) in geometry.inner_edges(puzzle.n):
        if placement[a] is not None and placement[b] is not None:
            if placement[a][1][side_a] + placement[b][1][side_b] != 0:
                out.append([a, side_a, b, side_b])
    return out


def place(puzzle: Puzzle, placement, move) -> tuple[list, int]:
    """``placement`` after one move, and the slot it changed. ``{"slot",
    "piece", "edges"}`` (edges left out: as written; a piece already
    elsewhere leaves its old slot), or ``"piece": null`` to empty the slot."""
    if not isinstance(move, dict):
        raise TriangleError(Message('a move is {"slot": s, "piece": i, "edges": [x, y, z]}, '
                            'or {"slot": s, "piece": null} to take a piece out'))
    slot = move.get("slot")
    if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < len(placement):
        error = TriangleMisfit if _whole(slot) else TriangleError  # a number, but no slot of this puzzle's
        raise error(Message('"slot" must be 0 to %(last)s, not %(slot)s', last=len(placement) - 1, slot=repr(slot)))
    after = list(placement)
    if move.get("piece") is None:
        after[slot] = None
        return after, slot
    piece, edges = _entry(puzzle, slot, move)
    for other, item in enumerate(after):
        if item is not None and item[0] == piece:
            after[other] = None
    after[slot] = (piece, edges)
    return after, slot


def complete(puzzle: Puzzle, placement, max_nodes: int | None = 200_000,
             max_seconds: float | None = None, progress=None):
    """A whole solution that keeps every placed piece: ``(status, solution
    or None, nodes)``, status ``solved``, ``unsolvable`` or ``limit``.

    The counting search's first solution is tried first (a few thousand nodes
    where filling slot by slot may take millions): it keeps every placed piece
    for a player who placed only what the hints said. Otherwise slots are
    filled in spec order.
    """
    # max_nodes tries are made: the search stops on reaching the bound, this one is passed
    budget = Budget(None if max_nodes is None else max_nodes + 1, max_seconds, progress)
    if max_nodes != 0 and max_seconds != 0:
        answer = solve(puzzle, first=1, stop_after=1, max_nodes=max_nodes, max_seconds=max_seconds,
                       progress=progress)
        budget.nodes = answer.nodes
        if answer.status == "unsolvable":
            return "unsolvable", None, budget.nodes
        if answer.status == "solved" and answer.solutions and all(
                item is None or item == answer.solutions[0][slot] for slot, item in enumerate(placement)):
            return "solved", list(answer.solutions[0]), budget.nodes
    if misfits(puzzle, placement):
        return "unsolvable", None, budget.nodes
    found = []
    try:
        by_search(puzzle, 1, found, budget, placement)
    except Stop:
        return "limit", None, budget.nodes
    return ("solved", list(found[0]), budget.nodes) if found else ("unsolvable", None, budget.nodes)


def turn_to_fit(puzzle: Puzzle, placement, max_nodes: int | None = 200_000,
                max_seconds: float | None = None, progress=None):
    """For a placement no solution keeps: one placed piece turned in its
    slot so that a solution keeps them all, ``(move or None, status,
    nodes)``; status ``solved`` (the move), ``unsolvable`` (no one piece
    turned helps) or ``limit``. A player who put a piece in the right slot
    turned wrong is told to turn it, not to take pieces out.

    >>> from webapp.triangle.kind import EXAMPLE, parse
    >>> p = parse(EXAMPLE)  # piece 0 in slot 0 turned so that no solution keeps it
    >>> turn_to_fit(p, from_json(p, [{"piece": 0, "edges": [4, 10, 10]}] + [None] * 8))[:2]
    ({'slot': 0, 'piece': 0, 'edges': [10, 10, 4]}, 'solved')
    """
    nodes = 0
    for slot, item in enumerate(placement):
        if item is None:
            continue
        for edges in turnings(puzzle.pieces[item[0]]):
            if edges == item[1]:
                continue
            trial = list(placement)
            trial[slot] = (item[0], edges)
            left = None if max_nodes is None else max_nodes - nodes
            if left is not None and left <= 0:
                return None, "limit", nodes
            status, _, spent = complete(puzzle, trial, max_nodes=left, max_seconds=max_seconds,
                                        progress=progress)
            nodes += spent
            if status == "solved":
                return {"slot": slot, "piece": item[0], "edges": list(edges)}, status, nodes
            if status == "limit":
                return None, status, nodes
    return None, "unsolvable", nodes

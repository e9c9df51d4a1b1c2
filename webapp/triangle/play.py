"""Play on a triangle puzzle: a placement in progress (some slots filled),
checked edge by edge, changed one slot at a time, and completed for a hint.

A placement in progress is a list over the slots (numbering order) of None
or ``(piece, edges)``, as the solver's placements are; in JSON each entry
is null or ``{"piece": i, "edges": [x, y, z]}``.

>>> from webapp.triangle.puzzle import Puzzle
>>> p = Puzzle(1, ((1, 0, 0), (0, 0, 0), (0, 0, -1), (0, 0, 0)))
>>> placement = from_json(p, [None, {"piece": 0, "edges": [0, 1, 0]}, None, None])
>>> misfits(p, placement)
[]
>>> complete(p, placement, max_nodes=1000)[0]
'solved'
"""

from __future__ import annotations

from . import geometry
from .puzzle import Puzzle, TriangleError, turnings

__all__ = ["from_json", "to_json", "misfits", "place", "complete"]


def from_json(puzzle: Puzzle, data) -> list:
    """A placement in progress from its JSON form (None or a list over the
    slots), checked: pieces in range and used once, edges a turning of the
    piece. None gives an empty placement."""
    count = len(puzzle.pieces)
    if data is None:
        return [None] * count
    if not isinstance(data, list) or len(data) != count:
        raise TriangleError(f'"placement" must be a list of {count} entries (one a slot), '
                            "each null or {\"piece\": i, \"edges\": [x, y, z]}")
    out, used = [], {}
    for slot, item in enumerate(data):
        if item is None:
            out.append(None)
            continue
        piece, edges = _entry(puzzle, slot, item)
        if piece in used:
            raise TriangleError(f"piece {piece} is placed twice: in slots {used[piece]} and {slot}")
        used[piece] = slot
        out.append((piece, edges))
    return out


def _entry(puzzle: Puzzle, slot: int, item) -> tuple[int, tuple[int, int, int]]:
    if not isinstance(item, dict):
        raise TriangleError(f"slot {slot}: an entry is null or {{\"piece\": i, \"edges\": [x, y, z]}}")
    piece, edges = item.get("piece"), item.get("edges")
    if isinstance(piece, bool) or not isinstance(piece, int) or not 0 <= piece < len(puzzle.pieces):
        raise TriangleError(f"slot {slot}: \"piece\" must be 0 to {len(puzzle.pieces) - 1}, not {piece!r}")
    if edges is None:  # the piece as written in the file
        edges = puzzle.pieces[piece]
    if (not isinstance(edges, (list, tuple)) or len(edges) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in edges)):
        raise TriangleError(f"slot {slot}: \"edges\" must be three whole numbers")
    edges = tuple(edges)
    if edges not in turnings(puzzle.pieces[piece]):
        raise TriangleError(f"slot {slot}: {list(edges)} is not a turning of piece {piece} "
                            f"{list(puzzle.pieces[piece])}")
    return piece, edges


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
    """``placement`` after one move, and the slot it changed. A move is
    ``{"slot": s, "piece": i, "edges": [x, y, z]}`` (edges left out: the
    piece as written; a piece already elsewhere leaves its old slot) or
    ``{"slot": s, "piece": null}`` (the slot emptied)."""
    if not isinstance(move, dict):
        raise TriangleError('a move is {"slot": s, "piece": i, "edges": [x, y, z]}, '
                            'or {"slot": s, "piece": null} to take a piece out')
    slot = move.get("slot")
    if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < len(placement):
        raise TriangleError(f"\"slot\" must be 0 to {len(placement) - 1}, not {slot!r}")
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


def complete(puzzle: Puzzle, placement, max_nodes: int = 200_000):
    """A whole solution that keeps every placed piece as it is:
    ``("solved", solution, nodes)``, ``("unsolvable", None, nodes)`` when
    none exists, or ``("limit", None, nodes)`` after ``max_nodes`` tries.
    Slots are filled in numbering order, pieces by index, turnings in order,
    so with nothing placed it finds the first solution of the listed order."""
    # for every slot, the (side, neighbour, its side) of each inner edge: a
    # neighbour may be filled before or after it (pieces placed by hand)
    needs = [[] for _ in puzzle.pieces]
    for (a, side_a), (b, side_b) in geometry.inner_edges(puzzle.n):
        needs[a].append((side_a, b, side_b))
        needs[b].append((side_b, a, side_a))
    return _search(puzzle, placement, needs, max_nodes)


def _search(puzzle, placement, needs, max_nodes):
    slots = len(placement)
    fixed = list(placement)
    used = [False] * len(puzzle.pieces)
    for item in fixed:
        if item is not None:
            used[item[0]] = True
    if misfits(puzzle, fixed):
        return "unsolvable", None, 0
    options = [turnings(piece) for piece in puzzle.pieces]
    current = list(fixed)
    nodes = 0

    def fits(slot, cand):
        for side, other, other_side in needs[slot]:
            if current[other] is not None and cand[side] + current[other][1][other_side] != 0:
                return False
        return True

    def go(slot):
        nonlocal nodes
        while slot < slots and fixed[slot] is not None:
            slot += 1
        if slot == slots:
            return True
        for piece, turns in enumerate(options):
            if used[piece]:
                continue
            for cand in turns:
                nodes += 1
                if nodes > max_nodes:
                    raise _Limit
                if fits(slot, cand):
                    used[piece] = True
                    current[slot] = (piece, cand)
                    if go(slot + 1):
                        return True
                    current[slot] = None
                    used[piece] = False
        return False

    try:
        found = go(0)
    except _Limit:
        return "limit", None, nodes
    return ("solved", current, nodes) if found else ("unsolvable", None, nodes)


class _Limit(Exception):
    pass

"""Exhaustive studies: every settled position of a multiset of sticks in a
frame, the graph the two turns make of them, and every position's exact
distance to the goal (docs/records.md, "How").

A position is the side gravity points at and where each stick lies, at
rest inside the interior. Sticks of the same length and direction are
interchangeable (the default goal cannot tell them apart), so a position
is counted once whichever of them lies where.

>>> from webapp.rotation.board import Board
>>> result = study(Board.empty_frame(5), parse_sticks("3h,1,1"))
>>> result.positions, result.histogram, result.unsolvable
(54, {1: 6, 2: 4}, 44)
>>> print(result.hardest[0], end="")
5
#####
#   #
#222#
#0 1#
## ##
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from .. import native
from ..board import SYMBOLS, Board, BoardError, Stick
from ..physics import GRAVITY, RELEASED, Frame, Position

__all__ = ["StudyError", "StudyTooBig", "Graph", "Result", "parse_sticks", "sticks_text",
           "settled_positions", "build_graph", "distances", "study", "node_board"]

#: Hardest positions kept as text per study (all of them are counted).
KEEP_HARDEST = 5


class StudyError(ValueError):
    """A study that cannot be made: sticks written wrongly, a board that is
    not an empty frame."""


class StudyTooBig(StudyError):
    """The study passed its bound on positions; ``seen`` says how many it
    had found when it stopped."""

    def __init__(self, message: str, seen: int) -> None:
        super().__init__(message)
        self.seen = seen


def parse_sticks(text: str) -> tuple[tuple[int, bool], ...]:
    """A multiset of sticks from ``"2h,2v,3h"`` (length, then ``h`` or ``v``;
    a stick of length 1 is written ``1``), sorted: length, horizontal first.

    >>> parse_sticks("3v, 2h,1,2h")
    ((1, False), (2, False), (2, False), (3, True))
    >>> parse_sticks("2x")
    Traceback (most recent call last):
    ...
    webapp.rotation.studies.study.StudyError: a stick is a length and h or v (2h, 3v, 1), not '2x'
    """
    sticks = []
    for word in (w.strip() for w in text.split(",")):
        length, direction = word[:-1], word[-1:]
        if word.isdigit():
            length, direction = word, "h"
        if not length.isdigit() or direction not in ("h", "v") or int(length) < 1:
            raise StudyError(f"a stick is a length and h or v (2h, 3v, 1), not {word!r}")
        sticks.append((int(length), direction == "v" and int(length) > 1))
    if not sticks:
        raise StudyError("a study needs at least one stick")
    return tuple(sorted(sticks))


def sticks_text(sticks) -> str:
    """The inverse of :func:`parse_sticks`.

    >>> sticks_text(((1, False), (2, True), (2, True)))
    '1,2v,2v'
    """
    return ",".join(str(n) if n == 1 else f"{n}{'v' if v else 'h'}" for n, v in sticks)


def _placements(board: Board, length: int, vertical: bool):
    """(top-left cell, bit mask of its cells, front masks per orientation)
    for every place the stick fits in the interior."""
    w, h = board.width, board.height
    found = []
    for r in range(1, h - 1 - (length - 1 if vertical else 0)):
        for c in range(1, w - 1 - (0 if vertical else length - 1)):
            cells = [(r + k, c) if vertical else (r, c + k) for k in range(length)]
            if any(cell in board.walls for cell in cells):
                continue
            mask = sum(1 << (rr * w + cc) for rr, cc in cells)
            fronts = []
            for dr, dc in GRAVITY:
                front = 0
                for rr, cc in cells:
                    nr, nc = rr + dr, cc + dc
                    if (nr, nc) not in cells and 0 <= nr < h and 0 <= nc < w:
                        front |= 1 << (nr * w + nc)
                fronts.append(front)
            found.append((r * w + c, mask, fronts))
    return found


def settled_positions(board: Board, sticks, orientation: int) -> list[tuple[int, ...]]:
    """Every placement of ``sticks`` in ``board``'s interior at rest under
    the gravity of ``orientation``, as positions (``row * width + col`` of
    each stick's top-left cell, equal sticks in increasing order), built a
    stick at a time (docs/records.md, "How").

    >>> settled_positions(Board.empty_frame(5), ((2, True),), 0)  # beside the gap
    [(11,), (13,)]
    """
    kinds = sorted(set(sticks))
    need = tuple(sticks.count(k) for k in kinds)
    places = [_placements(board, n, v) for n, v in kinds]
    walls = sum(1 << (r * board.width + c) for r, c in board.walls)
    # a partial placement: sorted (kind, place index) pairs -> occupied mask
    layer: dict[tuple, int] = {(): walls}
    for _ in range(len(sticks)):
        grown: dict[tuple, int] = {}
        for placed, occupied in layer.items():
            for k, kind_places in enumerate(places):
                if sum(1 for kk, _ in placed if kk == k) == need[k]:
                    continue
                for i, (_, mask, fronts) in enumerate(kind_places):
                    if mask & occupied or not fronts[orientation] & occupied:
                        continue
                    key = tuple(sorted(placed + ((k, i),)))
                    if key not in grown:
                        grown[key] = occupied | mask
        layer = grown
    return sorted(tuple(places[k][i][0] for k, i in key) for key in layer)


@dataclass
class Graph:
    """The positions (``orientation`` and ``cells``: one row of stick
    positions each) and the two turns from each (``successor[i] = (L, R)``,
    -1 where the turn drops a stick out)."""

    board: Board
    sticks: tuple
    orientation: np.ndarray
    cells: np.ndarray
    successor: np.ndarray

    @property
    def nbytes(self) -> int:
        return self.orientation.nbytes + self.cells.nbytes + self.successor.nbytes


def _groups(sticks) -> list[tuple[int, int]]:
    """Index ranges of equal sticks (more than one) in the sorted multiset."""
    groups, start = [], 0
    for i in range(1, len(sticks) + 1):
        if i == len(sticks) or sticks[i] != sticks[start]:
            if i - start > 1:
                groups.append((start, i))
            start = i
    return groups


def build_graph(board: Board, sticks, *, max_positions: int | None = None,
                engine: str = "auto") -> Graph:
    """Every settled position of ``sticks`` in ``board`` and its two turns.

    ``engine``: ``"c"`` (csrc/README.md), ``"python"``, or ``"auto"``: C when
    it is built and a position packs into 64 bits; both give the same graph.
    Past ``max_positions`` the build stops with :class:`StudyTooBig`.
    """
    sticks = tuple(sorted(sticks))
    if board.sticks:
        raise StudyError("a study's frame holds no sticks: give them apart")
    frame = Frame(board, sticks)
    if engine != "python":
        graph = _native_graph(board, sticks, frame, max_positions, required=engine == "c")
        if graph is not None:
            return graph
    groups = _groups(sticks)
    index: dict[tuple, int] = {}
    nodes: list[tuple] = []

    def add(key) -> int:
        found = index.get(key)
        if found is None:
            found = index[key] = len(nodes)
            nodes.append(key)
            if max_positions is not None and len(nodes) > max_positions:
                raise StudyTooBig(f"more than {max_positions} positions", len(nodes))
        return found

    for o in range(4):
        for cells in settled_positions(board, sticks, o):
            add((o, cells))
    successor = []
    done = 0
    while done < len(nodes):
        o, cells = nodes[done]
        pair = []
        for o2 in ((o + 3) % 4, (o + 1) % 4):
            after, _, released = frame.settle(o2, cells)
            if released:
                pair.append(-1)
                continue
            after = list(after)
            for lo, hi in groups:
                after[lo:hi] = sorted(after[lo:hi])
            pair.append(add((o2, tuple(after))))
        successor.append(pair)
        done += 1
    n = len(nodes)
    return Graph(board, sticks,
                 np.fromiter((o for o, _ in nodes), dtype=np.int8, count=n),
                 np.array([c for _, c in nodes], dtype=np.int16).reshape(n, len(sticks)),
                 np.array(successor, dtype=np.int32).reshape(n, 2))


def _native_graph(board: Board, sticks, frame: Frame, max_positions, required: bool):
    """:func:`build_graph` by the C engine; None when it cannot take the
    board (not built, a position wider than 64 bits) unless ``required``."""
    engine = native.MODULE  # read at the call: a test may take the engine away
    if engine is None:  # pragma: no cover - depends on the build
        if required:
            raise StudyError("the C rotation engine (webapp._rotation) is not built")
        return None
    try:
        found = engine.study_graph(
            board.width, board.height, frame.walls, bytes(frame.lengths),
            bytes(1 if v else 0 for v in frame.vertical), max_positions or 0)
    except ValueError as exc:
        if required:
            raise StudyError(str(exc)) from None
        return None
    if found is None:
        raise StudyTooBig(f"more than {max_positions} positions", max_positions + 1)
    orientation, cells, successor = found
    n = len(orientation)
    return Graph(board, sticks, np.frombuffer(orientation, dtype=np.int8),
                 np.frombuffer(cells, dtype=np.int16).reshape(n, len(sticks)),
                 np.frombuffer(successor, dtype=np.int32).reshape(n, 2))


def distances(successor: np.ndarray) -> np.ndarray:
    """Each position's fewest turns to the goal (-1: none), by a backward
    breadth-first search: a turn to -1 is the goal.

    >>> distances(np.array([[1, 2], [-1, 0], [2, 2]])).tolist()
    [2, 1, -1]
    """
    n = len(successor)
    dist = np.full(n, -1, dtype=np.int32)
    flat = successor.reshape(-1)
    source = np.repeat(np.arange(n, dtype=np.int64), 2)
    real = flat >= 0
    # predecessors of each position, as a sorted edge list (CSR)
    targets, sources = flat[real], source[real]
    order = np.argsort(targets, kind="stable")
    targets, sources = targets[order], sources[order]
    starts = np.searchsorted(targets, np.arange(n + 1))
    frontier = np.unique(source[~real])
    depth = 1
    while len(frontier):
        dist[frontier] = depth
        # every predecessor of the frontier at once: a Python loop over the
        # frontier took more time than building the graph in C
        counts = starts[frontier + 1] - starts[frontier]
        total = int(counts.sum())
        if not total:
            break
        first = np.repeat(starts[frontier] - np.cumsum(counts) + counts, counts)
        before = sources[first + np.arange(total)]
        frontier = np.unique(before[dist[before] < 0])
        depth += 1
    return dist


def node_board(graph: Graph, i: int) -> Board:
    """Position ``i`` as a puzzle: its board turned so that its gravity
    points down, as the text format starts."""
    w = graph.board.width
    sticks = [Stick(SYMBOLS[k], *divmod(int(p), w), n, v)
              for k, ((n, v), p) in enumerate(zip(graph.sticks, graph.cells[i])) if p != RELEASED]
    return Position(graph.board.with_sticks(sticks), int(graph.orientation[i])).screen()


@dataclass
class Result:
    """What a study keeps: sizes, the distance histogram (turns -> positions),
    the unsolvable count, and the hardest positions as puzzle text."""

    frame: str
    sticks: str
    positions: int
    histogram: dict[int, int]
    unsolvable: int
    hardest_turns: int | None
    hardest_count: int
    hardest: list[str] = field(default_factory=list)
    seconds: float = 0.0
    bytes_per_position: float = 0.0


def study(board: Board, sticks, *, max_positions: int | None = None) -> Result:
    """Build the graph of ``sticks`` in ``board``, find every distance, keep
    the figures (see :class:`Result`)."""
    began = time.perf_counter()
    try:
        graph = build_graph(board, sticks, max_positions=max_positions)
    except BoardError as exc:  # pragma: no cover - a frame the physics refuses
        raise StudyError(str(exc)) from None
    dist = distances(graph.successor)
    counts = np.bincount(dist[dist > 0]) if (dist > 0).any() else np.zeros(1, dtype=np.int64)
    histogram = {int(d): int(c) for d, c in enumerate(counts) if c}
    top = max(histogram) if histogram else None
    hardest = np.flatnonzero(dist == top) if top is not None else np.zeros(0, dtype=np.int64)
    n = len(dist)
    nbytes = graph.nbytes + dist.nbytes
    return Result(
        frame=board.text(), sticks=sticks_text(graph.sticks), positions=n, histogram=histogram,
        unsolvable=int((dist < 0).sum()), hardest_turns=top, hardest_count=len(hardest),
        hardest=[node_board(graph, int(i)).text() for i in hardest[:KEEP_HARDEST]],
        seconds=time.perf_counter() - began, bytes_per_position=nbytes / n if n else 0.0)

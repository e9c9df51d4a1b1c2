"""What the sliding-tile tests check the engine against: every position's
distance to the goal by plain breadth-first search, random positions
(a Hypothesis strategy), and moves replayed one by one."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from webapp.sliding.position import Position, movable_cells


@st.composite
def positions(draw, min_side: int = 2, max_side: int = 8, only_solvable: bool = False) -> Position:
    width = draw(st.integers(min_side, max_side))
    height = draw(st.integers(min_side, max_side))
    tiles = draw(st.permutations(range(width * height)))
    p = Position(tuple(tiles), width)
    if only_solvable and not p.solvable():
        # swapping two tiles (not the hole) flips the parity
        t = list(p.tiles)
        a, b = [i for i, x in enumerate(t) if x][:2]
        t[a], t[b] = t[b], t[a]
        p = Position(tuple(t), width)
    return p


_BFS_CACHE: dict = {}


def bfs_distances(width: int, height: int) -> dict[tuple[int, ...], int]:
    """Distance to the goal of every reachable position, by plain BFS on tuples."""
    if (width, height) in _BFS_CACHE:
        return _BFS_CACHE[width, height]
    goal = Position.goal(width, height).tiles
    dist = {goal: 0}
    frontier = [goal]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for t in frontier:
            hole = t.index(0)
            for cell in movable_cells(width, height, hole):
                u = list(t)
                u[hole], u[cell] = u[cell], 0
                u = tuple(u)
                if u not in dist:
                    dist[u] = d
                    nxt.append(u)
        frontier = nxt
    _BFS_CACHE[width, height] = dist
    return dist


def goal(w: int, h: int) -> tuple[int, ...]:
    return tuple(range(1, w * h)) + (0,)


def replay(w: int, h: int, tiles, moves) -> tuple[int, ...]:
    """The board after ``moves``, each checked to be next to the hole."""
    board = list(tiles)
    for t in moves:
        z, c = board.index(0), board.index(t)
        assert abs(z // w - c // w) + abs(z % w - c % w) == 1, f"tile {t} is not next to the hole"
        board[z], board[c] = t, 0
    return tuple(board)


def recorded_loads(monkeypatch, pdb) -> list:
    """Watch ``pdb.load``: the list fills with (patterns, allow_build) of
    every call the solver makes; the real load still runs."""
    calls = []
    real_load = pdb.load

    def load(w, h, patterns=None, **kw):
        calls.append((patterns, kw.get("allow_build", True)))
        return real_load(w, h, patterns, **kw)

    monkeypatch.setattr(pdb, "load", load)
    return calls


def distances(width: int, height: int) -> np.ndarray:
    """The shape's exact distance table (``table.get``) as a numpy array."""
    from webapp.sliding import table

    return np.frombuffer(table.get(width, height), dtype=np.uint8)


def pack(width: int, height: int, distances) -> bytes:
    """The compact table (``bigtable``'s layout: two bits a solvable
    position, its distance modulo 3) made from a byte table (``distances``,
    indexed by the rank of every ordering): what the C engine's
    ``half_table`` must give, for the small shapes."""
    from webapp.sliding import bigtable, table

    n = width * height
    perms = _permutations(n)
    dist = np.frombuffer(distances, dtype=np.uint8)
    keep = dist != table.UNREACHABLE
    perms, dist = perms[keep], dist[keep]
    holes = np.argmax(perms == 0, axis=1)
    seqs = perms[perms != 0].reshape(len(perms), n - 1) - 1
    where = (_ranks(seqs) >> 1) * n + holes
    flat = np.zeros(-(-bigtable.entries(width, height) // 4) * 4, dtype=np.uint8)
    flat[where] = dist % 3
    quads = flat.reshape(-1, 4)
    return (quads[:, 0] | quads[:, 1] << 2 | quads[:, 2] << 4 | quads[:, 3] << 6).tobytes()


def _permutations(n: int) -> np.ndarray:
    """Every permutation of 0..n-1 in lexicographic order, one a row."""
    perms = np.zeros((1, 0), dtype=np.uint8)
    for k in range(1, n + 1):
        # the permutations of k items: each first item, then those of the rest
        rest = perms
        blocks = []
        for first in range(k):
            others = np.array([e for e in range(k) if e != first], dtype=np.uint8)
            block = np.empty((len(rest), k), dtype=np.uint8)
            block[:, 0] = first
            block[:, 1:] = others[rest] if k > 1 else rest
            blocks.append(block)
        perms = np.concatenate(blocks)
    return perms


def _ranks(perms: np.ndarray) -> np.ndarray:
    """Lexicographic ranks of the rows of ``perms``, vectorised."""
    count, n = perms.shape
    r = np.zeros(count, dtype=np.int64)
    for i in range(n - 1):
        smaller = (perms[:, i + 1:] < perms[:, i:i + 1]).sum(axis=1)
        r = r * (n - i) + smaller
    return r

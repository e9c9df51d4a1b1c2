"""Shortening a solution by local detours: where the balls of ``radius``
moves round two path positions ``i < j`` meet in a position ``x`` with
``d(i, x) + d(x, j) < j - i``, the path between them goes through ``x``
instead, until no such pair is left.

A weighted search's answer, or the fast construction's, wastes moves that
a short detour recovers, for a breadth-first search of a few hundred
positions a move. Pure Python, so both engines give the same answers.

>>> tiles = (1, 2, 3, 4, 5, 6, 7, 0, 8)
>>> shorten(3, 3, tiles, [8, 8, 8])                  # there and back, then there
[8]
>>> shorten(3, 3, tiles, [5, 6, 8, 5, 6, 8, 5, 6, 8, 5, 6, 8, 8])  # round a block
[8]
"""

from __future__ import annotations

import time

from .position import movable_cells

__all__ = ["shorten", "RADIUS"]

#: How far around each position of the path the detours are looked for.
RADIUS = 4


def _ball(nbrs, start: tuple, radius: int) -> dict:
    """Every position within ``radius`` moves of ``start``: position ->
    (distance, the position before it on a shortest way, the tile moved)."""
    seen = {start: (0, None, 0)}
    layer = [start]
    for d in range(1, radius + 1):
        nxt = []
        for board in layer:
            hole = board.index(0)
            for cell in nbrs[hole]:
                b = list(board)
                b[hole], b[cell] = b[cell], 0
                b = tuple(b)
                if b not in seen:
                    seen[b] = (d, board, board[cell])
                    nxt.append(b)
        layer = nxt
    return seen


def _way(ball: dict, x: tuple) -> list:
    """The tiles moved from the ball's centre to ``x``."""
    moves = []
    while ball[x][1] is not None:
        _, x, tile = ball[x][0], ball[x][1], ball[x][2]
        moves.append(tile)
    return moves[::-1]


def shorten(width: int, height: int, tiles, moves, *, deadline: float | None = None) -> list:
    """``moves`` (a solution from ``tiles``) made shorter where a detour of at
    most 2 x :data:`RADIUS` moves allows; stops early, keeping what it has,
    when ``time.perf_counter()`` passes ``deadline``."""
    n = width * height
    nbrs = [movable_cells(width, height, c) for c in range(n)]
    moves = list(moves)
    while True:
        path = [tuple(tiles)]
        board = list(tiles)
        for t in moves:
            hole, cell = board.index(0), board.index(t)
            board[hole], board[cell] = t, 0
            path.append(tuple(board))
        first = {}
        for i, p in enumerate(path):  # a position met twice: the loop between goes
            if p in first:
                break
            first[p] = i
        else:
            i = None
        if i is not None:
            moves = moves[:first[path[i]]] + moves[i:]
            continue
        balls, near = [], {}
        best = None  # (saving, i, j, x)
        for j, p in enumerate(path):
            if deadline is not None and time.perf_counter() > deadline:
                return moves
            ball = _ball(nbrs, p, RADIUS)
            balls.append(ball)
            for x, (dj, _, _) in ball.items():
                for i, di in near.get(x, ()):
                    saving = (j - i) - (di + dj)
                    if saving > 0 and (best is None or saving > best[0]):
                        best = (saving, i, j, x)
            for x, (dj, _, _) in ball.items():
                near.setdefault(x, []).append((j, dj))
        if best is None:
            return moves
        _, i, j, x = best
        # from path[i] to x, then back from x to path[j]: the tiles that went
        # from path[j] to x, slid back in the reverse order
        moves = moves[:i] + _way(balls[i], x) + _way(balls[j], x)[::-1] + moves[j:]

"""Manhattan distance plus linear conflicts: a lower bound on the moves left.

*Linear conflicts*: tiles in their goal line (row or column) standing in
the wrong order must pass each other, and one of two can only pass by
leaving the line: two moves more than Manhattan counts, for each tile of
the line's count minus the longest increasing subsequence of their goal
places. Rows and columns count apart, as a tile leaving its row moves
vertically, which changes no column's order (Hansson, Mayer and Yung 1992).

>>> manhattan(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0))
0
>>> manhattan(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8))
1
>>> linear_conflicts(3, 3, (2, 1, 3, 4, 5, 6, 7, 8, 0))
2
>>> estimate(3, 3, (3, 2, 1, 4, 5, 6, 7, 8, 0))    # 4 by Manhattan, 2 tiles out of order
8
"""

from __future__ import annotations

from functools import lru_cache

#: Line contents remembered per line before the memory is cleared (bounds it
#: on big boards, where a long search meets many different lines).
MEMO_KEYS = 100_000

__all__ = ["manhattan", "linear_conflicts", "estimate", "line_conflict", "ManhattanLC"]


def manhattan(width: int, height: int, tiles) -> int:
    """Sum of each tile's rows and columns away from its goal cell."""
    total = 0
    for cell, t in enumerate(tiles):
        if t:
            g = t - 1
            total += abs(cell // width - g // width) + abs(cell % width - g % width)
    return total


@lru_cache(maxsize=None)
def line_conflict(goals: tuple[int, ...]) -> int:
    """Extra moves for the tiles of a line whose goal places, in the order
    they stand, are ``goals``.

    >>> line_conflict((0, 1, 2)), line_conflict((2, 1, 0)), line_conflict((1, 2, 0))
    (0, 4, 2)
    """
    best = []  # best[i]: longest increasing run ending at i
    for i, g in enumerate(goals):
        best.append(1 + max((best[j] for j in range(i) if goals[j] < g), default=0))
    return 2 * (len(goals) - max(best, default=0))


def _row_goals(width: int, tiles, r: int) -> tuple[int, ...]:
    out = []
    for c in range(width):
        t = tiles[r * width + c]
        if t and (t - 1) // width == r:
            out.append((t - 1) % width)
    return tuple(out)


def _col_goals(width: int, height: int, tiles, c: int) -> tuple[int, ...]:
    out = []
    for r in range(height):
        t = tiles[r * width + c]
        if t and (t - 1) % width == c:
            out.append((t - 1) // width)
    return tuple(out)


def linear_conflicts(width: int, height: int, tiles) -> int:
    """Extra moves from linear conflicts in every row and every column."""
    return (sum(line_conflict(_row_goals(width, tiles, r)) for r in range(height))
            + sum(line_conflict(_col_goals(width, height, tiles, c)) for c in range(width)))


def estimate(width: int, height: int, tiles) -> int:
    """Manhattan distance plus linear conflicts (admissible)."""
    return manhattan(width, height, tiles) + linear_conflicts(width, height, tiles)


class ManhattanLC:
    """The same estimate kept up to date move by move, for IDA*.

    ``start(board)`` takes the list the search mutates; ``moved(t, a, b)``,
    after tile ``t`` slid from ``a`` into the hole at ``b``, returns the new
    estimate. Only the lines the tile crossed are recounted: a sideways move
    changes two columns, an up or down move two rows.

    >>> board = [1, 2, 3, 4, 5, 6, 7, 0, 8]
    >>> h = ManhattanLC(3, 3)
    >>> h.start(board)
    1
    >>> board[7], board[8] = 8, 0
    >>> h.moved(8, 8, 7)
    0
    """

    name = "manhattan"

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        n = width * height
        # dist[t][cell]: Manhattan distance of tile t standing in cell
        self.dist = [[0] * n] + [
            [abs(c // width - (t - 1) // width) + abs(c % width - (t - 1) % width) for c in range(n)]
            for t in range(1, n)]
        self.row_memo = [{} for _ in range(height)]
        self.col_memo = [{} for _ in range(width)]

    def start(self, board: list[int]) -> int:
        w, h = self.width, self.height
        self.board = board
        self.md = manhattan(w, h, board)
        self.rows = [self._row(r) for r in range(h)]
        self.cols = [self._col(c) for c in range(w)]
        self.lc = sum(self.rows) + sum(self.cols)
        return self.md + self.lc

    # A line's conflicts depend only on its contents: remembered per line,
    # keyed by the slice of the board (a few thousand keys at most per line
    # in a search), which is much quicker than recounting.
    def _row(self, r: int) -> int:
        w = self.width
        key = tuple(self.board[r * w:(r + 1) * w])
        memo = self.row_memo[r]
        v = memo.get(key)
        if v is None:
            if len(memo) > MEMO_KEYS:
                memo.clear()
            v = memo[key] = line_conflict(_row_goals(w, self.board, r))
        return v

    def _col(self, c: int) -> int:
        key = tuple(self.board[c::self.width])
        memo = self.col_memo[c]
        v = memo.get(key)
        if v is None:
            if len(memo) > MEMO_KEYS:
                memo.clear()
            v = memo[key] = line_conflict(_col_goals(self.width, self.height, self.board, c))
        return v

    def moved(self, tile: int, a: int, b: int) -> int:
        w = self.width
        d = self.dist[tile]
        self.md += d[b] - d[a]
        ra, rb = a // w, b // w
        if ra == rb:  # sideways: the two columns change
            cols = self.cols
            for c in (a % w, b % w):
                new = self._col(c)
                self.lc += new - cols[c]
                cols[c] = new
        else:
            rows = self.rows
            for r in (ra, rb):
                new = self._row(r)
                self.lc += new - rows[r]
                rows[r] = new
        return self.md + self.lc

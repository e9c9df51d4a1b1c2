"""The pattern databases' bound for IDA*: kept up to date move by move,
directly and reflected in the main diagonal of a square board."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PatternSet", "PatternHeuristic", "mirror_maps"]


@dataclass(frozen=True)
class PatternSet:
    """The databases of one partition, ready for a search."""

    width: int
    height: int
    patterns: tuple[tuple[int, ...], ...]
    tables: tuple[bytes, ...]
    mirror: bool
    built: bool = False       # was any database built rather than loaded

    @property
    def nbytes(self) -> int:
        return sum(len(t) for t in self.tables)

    def __repr__(self) -> str:  # the tables are megabytes: not a value to print or eval
        return (f"<PatternSet {self.width} x {self.height} {self.patterns!r} "
                f"mirror={self.mirror!r} {self.nbytes:,} bytes>")


def mirror_maps(width: int) -> tuple[list[int], list[int]]:
    """(cell map, tile map) of the reflection in the main diagonal of a
    square board (the hole stays the hole).

    >>> cells, tiles = mirror_maps(4)
    >>> cells[1], tiles[2], tiles[0], tiles[6]
    (4, 5, 0, 6)
    """
    n = width * width
    cells = [(c % width) * width + c // width for c in range(n)]
    tiles = [0] + [cells[t - 1] + 1 for t in range(1, n)]
    return cells, tiles


class PatternHeuristic:
    """The database bound kept up to date move by move, for IDA* (the
    ``start``/``moved`` protocol of :class:`~webapp.sliding.heuristic.ManhattanLC`).

    >>> from webapp.sliding.pdb import load
    >>> pset = load(4, 4, ((13, 14, 15),), engine="python")
    >>> board = list(range(1, 16)) + [0]
    >>> board[14], board[15] = 0, 15
    >>> PatternHeuristic(pset).start(board)
    1
    """

    name = "pdb"

    def __init__(self, pset: PatternSet):
        self.n = n = pset.width * pset.height
        self.patterns = pset.patterns
        self.tables = pset.tables
        self.mirror = pset.mirror
        self.group = [-1] * n          # group of each tile (-1: in none)
        for g, p in enumerate(self.patterns):
            for t in p:
                self.group[t] = g
        if self.mirror:
            self.mcell, self.mtile = mirror_maps(pset.width)
            # tile t stands, reflected, as tile mtile[t]: its group moves
            self.mgroup = [self.group[self.mtile[t]] for t in range(n)]
            # reflected, group g's i-th tile is played by mtile of it
            self.mpatterns = [tuple(self.mtile[t] for t in p) for p in self.patterns]

    def _direct(self, g: int) -> int:
        pos, n = self.pos, self.n
        idx = seen = i = 0
        for t in self.patterns[g]:  # position.rank inlined: this is the inner loop
            p = pos[t]
            idx = idx * (n - i) + p - (seen & ((1 << p) - 1)).bit_count()
            seen |= 1 << p
            i += 1
        return self.tables[g][idx]

    def _reflected(self, g: int) -> int:
        pos, mcell, n = self.pos, self.mcell, self.n
        idx = seen = i = 0
        for t in self.mpatterns[g]:
            p = mcell[pos[t]]
            idx = idx * (n - i) + p - (seen & ((1 << p) - 1)).bit_count()
            seen |= 1 << p
            i += 1
        return self.tables[g][idx]

    def start(self, board: list[int]) -> int:
        self.pos = pos = [0] * self.n
        for cell, t in enumerate(board):
            pos[t] = cell
        self.hs = [self._direct(g) for g in range(len(self.patterns))]
        self.h = sum(self.hs)
        if self.mirror:
            self.ms = [self._reflected(g) for g in range(len(self.patterns))]
            self.m = sum(self.ms)
            return max(self.h, self.m)
        return self.h

    def moved(self, tile: int, a: int, b: int) -> int:
        self.pos[tile] = b
        g = self.group[tile]
        if g >= 0:
            new = self._direct(g)
            self.h += new - self.hs[g]
            self.hs[g] = new
        if not self.mirror:
            return self.h
        g = self.mgroup[tile]
        if g >= 0:
            new = self._reflected(g)
            self.m += new - self.ms[g]
            self.ms[g] = new
        return self.h if self.h >= self.m else self.m

"""What the counting search of :mod:`webapp.triangle.search` finds and keeps:
the tally of pictures, the pictures listed first, and where a search stopped
by a limit goes on."""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass

from ..errors import FieldError
from .budget import Stop
from .puzzle import canonical, turnings

__all__ = ["Tally", "Resume", "BadResume", "Firsts", "classes"]


class BadResume(FieldError):
    """A place to resume from that this puzzle's search never was at."""


@dataclass(frozen=True)
class Resume:
    """Where a counting search stopped by a limit goes on: ``path`` (the
    root's index, then per level (slot, candidate index)), the weights U, D,
    E, F, the pictures kept (``best``) and ``nodes``. Going on visits exactly
    the placements the stopped search had not, so the answer is that of one
    uninterrupted search."""

    path: tuple
    unique_top: int = 0
    tied_two: int = 0
    tied_three: int = 0
    fixed: int = 0
    best: tuple = ()
    nodes: int = 0


class Firsts:
    """The ``k`` pictures whose first placements come first in the spec's
    order: enough to list the first ``k`` placements, whichever order the
    search finds pictures in.

    A picture's *key* is its first placement: per slot, the lowest unused
    piece of the triple's class (piece index times 3 plus the turning's rank).
    With ``turns``, a picture offered is also looked at turned twice (the
    search kept one of each orbit); a key is given up at the first slot where
    it passes the ``k``-th kept, which is where most stop.

    >>> f = Firsts(((0, 0, 1), (0, 0, 1), (0, 0, 2), (0, 0, 2)), 2, turns=None)
    >>> f.offer(((0, 0, 2), (0, 0, 1), (0, 0, 1), (0, 0, 2)))
    >>> f.offer(((0, 0, 1), (0, 0, 2), (0, 0, 2), (0, 0, 1)))
    >>> f.offer(((0, 0, 1), (0, 0, 1), (0, 0, 2), (0, 0, 2)))
    >>> [key for key, _ in f.items]
    [(0, 3, 6, 9), (0, 6, 9, 3)]
    """

    def __init__(self, pieces, k: int, turns=None) -> None:
        kinds, _ = classes(pieces)
        self.cls_of = {t: c for c, kind in enumerate(kinds) for t in turnings(kind)}
        members = [[] for _ in kinds]
        for p, piece in enumerate(pieces):
            members[self.cls_of[piece]].append(p)
        self.code = [[{t: 3 * p + r for r, t in enumerate(turnings(pieces[p]))} for p in group]
                     for group in members]
        self.size = len(pieces)
        self.k = k
        ident = list(range(self.size))
        self.views = [(ident, 0)]
        if turns is not None:
            once = [0] * self.size
            for s, (target, _) in enumerate(turns):
                once[target] = s
            self.views += [(once, 1), ([once[u] for u in once], 2)]
        self.items: list = []
        self.keys: set = set()
        self.limit = None

    def offer(self, picture, turned: bool = True) -> None:
        """A picture found, and its turns unless ``turned`` is False (one
        kept before, by a search that stopped and resumes here)."""
        for src, rot in self.views if turned else self.views[:1]:
            key = self._key(picture, src, rot)
            if key is not None and key not in self.keys:
                self._add(key, tuple(_rotated(picture[src[u]], rot) for u in range(self.size)))

    def _key(self, picture, src, rot):
        limit = self.limit
        tied = limit is not None
        used = [0] * len(self.code)
        out = []
        cls_of, code = self.cls_of, self.code
        for u in range(self.size):
            x, y, z = picture[src[u]]
            t = (x, y, z) if rot == 0 else (z, x, y) if rot == 1 else (y, z, x)
            c = cls_of[t]
            j = used[c]
            used[c] = j + 1
            v = code[c][j][t]
            if tied:
                w = limit[u]
                if v > w:
                    return None
                if v < w:
                    tied = False
            out.append(v)
        return None if tied else tuple(out)

    def _add(self, key, picture) -> None:
        bisect.insort(self.items, (key, picture))
        self.keys.add(key)
        if len(self.items) > self.k:
            self.keys.discard(self.items.pop()[0])
        if len(self.items) == self.k:
            self.limit = self.items[-1][0]


def _rotated(t, rot):
    x, y, z = t
    return (x, y, z) if rot == 0 else (z, x, y) if rot == 1 else (y, z, x)


class Tally:
    """What the counting search found: the weights U, D, E (or P directly
    without symmetry breaking), F, and what :meth:`keep` keeps of the
    pictures: the first ``store`` found, those ``firsts`` lists."""

    def __init__(self, store: int = 0, stop_after: int | None = None, firsts: Firsts | None = None) -> None:
        self.unique_top = 0     # U: the top key the only largest
        self.tied_two = 0       # D: the top key tied with one other corner
        self.tied_three = 0     # E: three equal corner keys (or every picture, unbroken)
        self.fixed = 0          # F
        self.broken = True
        self.complete = False
        self.stopped = None     # the Stop reason, if any
        self.store = set() if store else None
        self.store_cap = store
        self.overflow = False   # more pictures were found than the store keeps
        self.stop_after = stop_after
        self.firsts = firsts
        self.factor = 1         # prod(m!) over the classes
        self.path = None        # where a search stopped by a limit would go on (Resume.path)
        self.engine = "python"  # the engine that searched: "c" or "python"

    @property
    def wants_pictures(self) -> bool:
        return self.firsts is not None or self.store is not None or self.stop_after is not None

    def keep(self, placed) -> None:
        """A picture found (its weights counted): offered to the listing,
        stored while there is room; :class:`Stop` once ``stop_after``
        distinct pictures are known."""
        if self.firsts is not None:
            self.firsts.offer(placed)
        if self.store is not None:
            if len(self.store) < self.store_cap:
                self.store.add(tuple(placed))
            else:
                self.overflow = True
        if self.stop_after is not None and self.distinct >= self.stop_after:
            raise Stop("stop_after")

    @property
    def best(self) -> list:
        """(key, picture): the pictures listed first (see :class:`Firsts`)."""
        return [] if self.firsts is None else self.firsts.items

    @property
    def pictures(self) -> int:
        """P: the pictures (so far, at a limit)."""
        if not self.broken:
            return self.tied_three
        return (6 * self.unique_top + 3 * self.tied_two + 2 * self.tied_three) // 2

    @property
    def distinct(self) -> int:
        """Pictures up to turning the whole triangle (exact once complete; a
        lower bound at a limit)."""
        if not self.broken:
            return (self.tied_three + 2 * self.fixed) // 3
        return (self.unique_top + self.tied_two // 2 + (self.tied_three - self.fixed) // 3
                + self.fixed)

    @property
    def placements(self) -> int:
        """Raw placements: every picture times the ways to give its slots piece indices."""
        return self.pictures * self.factor


def classes(pieces) -> tuple[list[tuple[int, int, int]], list[int]]:
    """The classes of pieces equal up to turning (canonical triples, in first
    appearance order) and their sizes.

    >>> classes([(1, 2, 3), (0, 0, 0), (2, 3, 1), (3, 2, 1)])
    ([(1, 2, 3), (0, 0, 0), (1, 3, 2)], [2, 1, 1])
    """
    sizes = Counter(canonical(p) for p in pieces)
    return list(sizes), list(sizes.values())

"""Random triangle puzzles: a solved big triangle cut into shuffled, turned
pieces, and when asked one whose solution is unique up to turning the
whole triangle (checked by a full search).

The figures on the inner edges are dealt from a shuffled deck of the figure
kinds, so that every kind is used about equally often: repeats are what
let pieces change places, and a unique puzzle needs few of them (in
practice: about as many figure kinds as pieces on a side and more, e.g. 8
for a 4 x 4, 9 or more for a 5 x 5).

>>> import random
>>> p = random_puzzle(3, 4, random.Random(1))
>>> p.n, p.figures, len(p.pieces)
(3, 4, 9)
>>> from webapp.triangle import solver
>>> solver.solve(p, first=1).status
'solved'
"""

from __future__ import annotations

import random
import time

from . import geometry
from .puzzle import Puzzle, TriangleError

__all__ = ["MAX_SIDE", "MAX_UNIQUE_SIDE", "DEFAULT_TRIES", "NoUniquePuzzle", "build", "cut", "random_puzzle"]

MAX_SIDE = 8
#: A uniqueness check is a full search: past this side it can take too long.
MAX_UNIQUE_SIDE = 5
#: Puzzles tried for a unique one when the caller does not say: checking one
#: takes milliseconds up to side 4, up to a second at side 5.
DEFAULT_TRIES = 200
SMALL_TRIES = 5000


def default_tries(n: int) -> int:
    """How many puzzles are tried for a unique one of side ``n``.

    >>> default_tries(4), default_tries(5)
    (5000, 200)
    """
    return SMALL_TRIES if n <= 4 else DEFAULT_TRIES
#: The most figure kinds a random puzzle may have (the page gives each a look of its own).
MAX_FIGURES = 20


class NoUniquePuzzle(TriangleError):
    """No puzzle with a unique solution turned up in the tries or the time given."""


def _figure(figures: int, rng: random.Random) -> int:
    """A random half of a random figure kind: +f or -f, f in 1 .. figures
    (0, a plain edge, when there are no figure kinds)."""
    if figures == 0:
        return 0
    return rng.randint(1, figures) * rng.choice((1, -1))


def build(n: int, figures: int, rng: random.Random) -> tuple[tuple[int, int, int], ...]:
    """A solved big triangle of side ``n``: the three numbers of every slot
    as placed (numbering order), every inner edge a random figure split in
    its two halves, the rim random halves too (so it gives nothing away).

    >>> from webapp.triangle import solver
    >>> placed = build(3, 2, random.Random(5))
    >>> len(placed)
    9
    >>> solver.check(Puzzle(2, placed), tuple(enumerate(placed)))
    """
    slots = geometry.slots(n)
    edges = [[_figure(figures, rng) for _ in range(3)] for _ in slots]
    deck: list[int] = []
    for (a, side_a), (b, side_b) in geometry.inner_edges(n):
        if figures and not deck:
            deck = list(range(1, figures + 1))
            rng.shuffle(deck)
        value = deck.pop() * rng.choice((1, -1)) if figures else 0
        edges[a][side_a], edges[b][side_b] = value, -value
    return tuple(tuple(e) for e in edges)


def cut(placed, rng: random.Random) -> tuple[tuple[int, int, int], ...]:
    """The placed triples as loose pieces: each turned a random way, in a
    random order.

    >>> cut(((1, 2, 3),), random.Random(0)) in (((1, 2, 3),), ((2, 3, 1),), ((3, 1, 2),))
    True
    """
    pieces = []
    for x, y, z in placed:
        turn = rng.randrange(3)
        pieces.append(((x, y, z), (y, z, x), (z, x, y))[turn])
    rng.shuffle(pieces)
    return tuple(pieces)


def _check_size(n: int, figures: int, unique: bool) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_SIDE:
        raise TriangleError(f"the side must be 1 to {MAX_SIDE}, not {n!r}")
    if isinstance(figures, bool) or not isinstance(figures, int) or not 0 <= figures <= MAX_FIGURES:
        raise TriangleError(f"the number of figure kinds must be 0 to {MAX_FIGURES}, not {figures!r}")
    if unique and n > MAX_UNIQUE_SIDE:
        raise TriangleError(f"a unique puzzle is offered up to side {MAX_UNIQUE_SIDE} "
                            f"(checking one of side {n} takes too long), not {n}")


def random_puzzle(n: int, figures: int, rng: random.Random, unique: bool = False,
                  tries: int | None = None, max_seconds: float | None = None) -> Puzzle:
    """A random puzzle of side ``n`` (``n²`` pieces) with edge numbers in
    ``-figures .. figures``; it always has a solution (the one it was cut
    from). With ``unique``, one whose solutions all show one picture up to
    turning the whole triangle, searched for among at most ``tries``
    puzzles (default: :func:`default_tries`) and for at most ``max_seconds``; :class:`TriangleError` says so
    when none was found.

    >>> from webapp.triangle import solver
    >>> p = random_puzzle(3, 8, random.Random(2), unique=True)
    >>> solver.solve(p).distinct
    1
    >>> random_puzzle(3, 2, random.Random(1), unique=True, tries=3)
    Traceback (most recent call last):
    ...
    webapp.triangle.generate.NoUniquePuzzle: no puzzle of side 3 with 2 figure kinds had a unique solution in 3 tries; more figure kinds make one likelier
    """
    _check_size(n, figures, unique)
    if tries is None:
        tries = default_tries(n)
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise TriangleError(f"the number of tries must be 1 or more, not {tries!r}")
    if not unique:
        return Puzzle(figures, cut(build(n, figures, rng), rng))
    from . import solver  # the search, only when uniqueness is asked

    began = time.perf_counter()
    for attempt in range(1, tries + 1):
        left = None if max_seconds is None else max_seconds - (time.perf_counter() - began)
        if left is not None and left <= 0:
            raise NoUniquePuzzle(
                f"no puzzle of side {n} with {figures} figure kinds had a unique solution "
                f"within {max_seconds:g} s ({attempt - 1} tried); more figure kinds make one likelier")
        placed = build(n, figures, rng)
        # shuffling and turning the pieces changes no count: checked before them
        answer = solver.solve(Puzzle(figures, placed), first=0, max_seconds=left, stop_after=2)
        if answer.complete and answer.distinct == 1:
            return Puzzle(figures, cut(placed, rng))
    raise NoUniquePuzzle(f"no puzzle of side {n} with {figures} figure kind{'s' if figures != 1 else ''} "
                        f"had a unique solution in {tries} tr{'ies' if tries != 1 else 'y'}; "
                        "more figure kinds make one likelier")

"""Random triangle puzzles: a solved big triangle cut into shuffled, turned
pieces, and when asked one whose solution is unique up to turning
(docs/triangle.md, "Random puzzles", says how it is made).

The inner edges' figures are dealt from a shuffled deck of the figure
kinds, so every kind is used about equally often: repeats are what let
pieces change places. A unique puzzle needs :data:`MIN_UNIQUE_FIGURES`
kinds; with fewer, most puzzles have many pictures and making one would
take long, so they are refused.

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

from ..errors import Message, NotAvailable, Plural, whole
from . import geometry, search
from .budget import Stop
from .puzzle import MAX_SIDE, Puzzle, TriangleError, TriangleMisfit

__all__ = ["MAX_SIDE", "MAX_UNIQUE_SIDE", "MIN_UNIQUE_FIGURES", "UNIQUE_NODES", "UNIQUE_NODES_BY_SIDE",
           "DEFAULT_TRIES",
           "NoUniquePuzzle", "build", "cut", "random_puzzle"]

#: Proving a puzzle unique is a full search: past this side it can take too long.
MAX_UNIQUE_SIDE = 6
#: The fewest figure kinds a unique puzzle of each side is made with (0 on
#: sides 1 and 2: plain pieces give one picture). Measured: with these, 40
#: of 40 seeds were made unique in at most 110,000 search nodes up to side
#: 5 (a tenth of that on average), and in at most 1.6 million on side 6
#: (median 100,000: 6 ms for the C engine); with fewer, some took several
#: times as long or never got there.
MIN_UNIQUE_FIGURES = {1: 0, 2: 0, 3: 4, 4: 8, 5: 12, 6: 16}
#: The search nodes one unique puzzle may cost in all (a few tenths of a
#: second): the web makes one in the request.
UNIQUE_NODES = 150_000
#: The sides whose unique puzzles may cost more (the C engine: 0.12 s for 2
#: million nodes; the Python one may need the page's half second and more).
UNIQUE_NODES_BY_SIDE = {6: 2_000_000}
#: Fresh puzzles started from when the caller does not say (they share
#: the nodes).
DEFAULT_TRIES = 3
#: How many pictures the search keeps to find one other than the puzzle's own.
_KEPT = 16


#: The most figure kinds a random puzzle may have (the page gives each a look of its own).
MAX_FIGURES = 20


class NoUniquePuzzle(NotAvailable):
    """No puzzle with a unique solution turned up in the tries or the time
    given: nobody's mistake (another try may find one)."""


def _figure(figures: int, rng: random.Random) -> int:
    """A random half of a random figure kind: +f or -f, f in 1 .. figures
    (0, a plain edge, when there are no figure kinds)."""
    if figures == 0:
        return 0
    return rng.randint(1, figures) * rng.choice((1, -1))


def build(n: int, figures: int, rng: random.Random) -> tuple[tuple[int, int, int], ...]:
    """A solved big triangle of side ``n``: every slot's triple as placed,
    every inner edge a random figure split in its two halves, the rim random
    halves too (so it gives nothing away).

    >>> from webapp.triangle import play
    >>> placed = build(3, 2, random.Random(5))
    >>> len(placed), play.misfits(Puzzle(2, placed), list(enumerate(placed)))
    (9, [])
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
    """The placed triples as loose pieces, each turned a random way, shuffled.

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
        raise TriangleError(Message("the side must be 1 to %(max_side)s, not %(n)s", max_side=MAX_SIDE, n=repr(n)))
    if isinstance(figures, bool) or not isinstance(figures, int) or not 0 <= figures <= MAX_FIGURES:
        raise TriangleError(Message("the number of figure kinds must be 0 to %(max_figures)s, not %(figures)s",
                                    max_figures=MAX_FIGURES, figures=repr(figures)))
    if unique and n > MAX_UNIQUE_SIDE:
        raise TriangleMisfit(Message("a unique puzzle is offered up to side %(max_unique_side)s (checking one of side "
                                     "%(n)s takes too long), not %(n)s",
                                     max_unique_side=MAX_UNIQUE_SIDE, n=n))
    if unique and figures < MIN_UNIQUE_FIGURES[n]:
        raise TriangleMisfit(Message("a unique puzzle of side %(n)s needs at least %(min_unique_figures)s figure "
                                     "kinds, not %(figures)s: with fewer, most have many pictures",
                                     n=n, min_unique_figures=MIN_UNIQUE_FIGURES[n], figures=figures))


def random_puzzle(n: int, figures: int, rng: random.Random, unique: bool = False,
                  tries: int | None = None, max_seconds: float | None = None,
                  max_nodes: int | None = None) -> Puzzle:
    """A random puzzle of side ``n`` with edge numbers in ``-figures ..
    figures``, solvable (by the triangle it was cut from). With ``unique``,
    one whose solutions show one picture up to turning, from at most
    ``tries`` fresh puzzles within ``max_nodes`` and ``max_seconds``;
    :class:`NoUniquePuzzle` when that was not enough.

    >>> from webapp.triangle import solver
    >>> p = random_puzzle(3, 8, random.Random(2), unique=True)
    >>> solver.solve(p).distinct
    1
    >>> random_puzzle(4, 5, random.Random(1), unique=True)
    Traceback (most recent call last):
    ...
    webapp.triangle.puzzle.TriangleMisfit: a unique puzzle of side 4 needs at least 8 figure kinds, not 5: with fewer, most have many pictures
    """
    _check_size(n, figures, unique)
    if tries is None:
        tries = DEFAULT_TRIES
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise TriangleError(Message("the number of tries must be 1 or more, not %(tries)s", tries=repr(tries)))
    if not unique:
        return Puzzle(figures, cut(build(n, figures, rng), rng))

    budget = search.Budget(UNIQUE_NODES_BY_SIDE.get(n, UNIQUE_NODES) if max_nodes is None else max_nodes,
                           max_seconds)
    stopped = None
    for attempt in range(1, tries + 1):
        try:
            placed = _made_unique(n, figures, rng, budget)
        except Stop as stop:
            stopped = stop.reason
            break
        if placed is not None:
            return Puzzle(figures, cut(placed, rng))
    tries_said = Plural("%(n)s try", "%(n)s tries", attempt)
    if stopped == "max_seconds":
        raise NoUniquePuzzle(Message("no puzzle of side %(side)s with %(figures)s figure kinds was made unique "
                                     "within %(seconds)s s (%(tries)s); try again, or with more figure kinds",
                                     side=n, figures=figures, seconds=whole(max_seconds), tries=tries_said))
    raise NoUniquePuzzle(Message("no puzzle of side %(side)s with %(figures)s figure kinds was made unique "
                                 "within %(nodes)s search nodes (%(tries)s); try again, or with more figure kinds",
                                 side=n, figures=figures, nodes=budget.max_nodes, tries=tries_said))


def _made_unique(n: int, figures: int, rng: random.Random, budget):
    """A solved triangle (its triples, slot by slot) with one picture up to
    turning, made from a random one edge by edge; None when the edges cannot
    change, :class:`Stop` when the budget ran out."""
    placed = [list(t) for t in build(n, figures, rng)]
    nb = geometry.neighbours(n)
    values = [v * sign for v in range(1, figures + 1) for sign in (1, -1)]
    while True:
        picture = tuple(tuple(t) for t in placed)
        tally = search.count(Puzzle(figures, picture), budget, store=_KEPT, stop_after=2)
        if tally.stopped in ("max_nodes", "max_seconds"):
            raise Stop(tally.stopped)
        if tally.complete and tally.distinct == 1:
            return picture
        own = {picture, geometry.turn_placed(n, picture)}
        own.add(geometry.turn_placed(n, geometry.turn_placed(n, picture)))
        other = next((p for p in tally.store if p not in own), None)
        if other is None or not values:
            return None
        # a slot where the other picture differs, and the piece it put there:
        # one of that piece's edges gets another figure, so that the other
        # picture no longer fits there
        s = rng.choice([u for u in range(n * n) if other[u] != picture[u]])
        x, y, z = other[s]
        whence = [(u, r) for u in range(n * n) for r in range(3)
                  if (picture[u][r], picture[u][(r + 1) % 3], picture[u][(r + 2) % 3]) == (x, y, z)]
        u, r = rng.choice(whence)
        inner = [i for i in range(3) if nb[s][i] is not None] or [0, 1, 2]
        side = (rng.choice(inner) + r) % 3
        value = rng.choice([v for v in values if v != placed[u][side]] or values)
        placed[u][side] = value
        if nb[u][side] is not None:  # the other half too: the puzzle's own picture still fits
            b, side_b = nb[u][side]
            placed[b][side_b] = -value

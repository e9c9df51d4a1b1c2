"""The counting search: every picture of a puzzle, each counted once
(docs/triangle.md, "The engines").

It places classes of pieces equal up to turning, so a picture stands for
prod(m!) placements; it fills next the empty slot beside the filled ones
with the fewest fitting (class, turning) pairs, and prunes when the figure
halves left without a partner outnumber the outer sides still empty.

The three-fold symmetry is broken on an *anchor* (a piece with no equal
and three distinct turnings), put only on the least slot of each orbit of
turning (in the centre, when n = 2, 5 or 8, in its first turning only):
every picture found stands for three, P = 3 U. Without an anchor the
corners break it: each corner's triple, read from its inner side
clockwise, is a *corner key*; the top corner is filled first and the others
may not have a greater key. A picture whose top key is the only largest
stands for its orbit of three; tied with one other corner, each found
counts for 3/2; with three equal keys the whole orbit is found. Hence
``2 P = 6 U + 3 D + 2 E``, and ``distinct = (P + 2 F) / 3`` (Burnside), F
the pictures equal to their own turn.

>>> from webapp.triangle.puzzle import Puzzle
>>> t = count(Puzzle(0, ((0, 0, 0),) * 64), Budget())
>>> t.pictures, t.fixed, t.distinct, t.complete
(1, 1, 1, True)
"""

from __future__ import annotations

import math
from collections import Counter

from ..errors import Message
from . import native
from .budget import Budget, Stop
from .geometry import neighbours, turn, turn_placed
from .puzzle import turnings
from .tally import BadResume, Firsts, Resume, Tally, classes

__all__ = ["Stop", "Budget", "Tally", "Resume", "BadResume", "Firsts", "count", "classes"]

#: How many leaves (pictures found) go by between two looks at the clock.
_CHECK_LEAVES = 16


def _anchor(kinds, sizes, pieces) -> int | None:
    """The class to break the symmetry on: a single piece with three distinct
    turnings whose numbers have the fewest partners among the pieces (so that
    fixing it first prunes most), or None when there is none."""
    halves = Counter(v for p in pieces for v in p)
    best, score = None, None
    for c, (kind, m) in enumerate(zip(kinds, sizes)):
        if m != 1 or len(turnings(kind)) != 3:
            continue
        partners = sum(halves[-v] for v in kind)
        if score is None or partners < score:
            best, score = c, partners
    return best


def _roots(n: int, pairs, anchor: int | None, corners: bool) -> list:
    """The first placements, each (slot, candidates as indices into
    ``pairs``, top key): the anchor on the least slot of each orbit of
    turning (one turning on a slot that the turn keeps in place), or each
    triple in the top corner, or anything in slot 0."""
    if anchor is not None:
        turned = turn(n)
        mine = [p for p, (c, _) in enumerate(pairs) if c == anchor]
        return [(s, mine[:1] if turned[s][0] == s else mine, None) for s in range(n * n)
                if s == min(s, turned[s][0], turned[turned[s][0]][0])]
    if corners:
        return [(0, [p], (t[2], t[0], t[1])) for p, (_, t) in enumerate(pairs)]
    return [(0, list(range(len(pairs))), None)]


def count(puzzle, budget: Budget, *, store: int = 0, stop_after: int | None = None,
          interruptible: bool = False, board: list | None = None,
          best: int = 0, resume: Resume | None = None, engine: str = "auto") -> Tally:
    """Count the pictures of ``puzzle`` (see the module's docstring).

    ``store``: keep up to this many pictures found in ``tally.store``.
    ``interruptible``: Ctrl+C stops the search as a limit does, so that the
    command line can still give the counts so far. ``board``: the list of
    slots the search writes every placement and take-back into, in order, and
    nothing else (:mod:`webapp.triangle.trace` records them; a plain list
    costs nothing). ``best``: keep the pictures of the first ``best``
    placements in spec order (:class:`Firsts`). ``resume``: go on from a
    stopped search's ``tally.path``; :class:`BadResume` when this search never
    was there. A ``board`` to watch, and numbers beyond C's 64 bits, always
    run the Python engine (``tally.engine`` says which ran).
    """
    n = puzzle.n
    size = n * n
    kinds, sizes = classes(puzzle.pieces)
    anchor = _anchor(kinds, sizes, puzzle.pieces)
    corners = anchor is None and n > 1
    broken = anchor is not None or corners
    tally = Tally(store, stop_after, Firsts(puzzle.pieces, best, turn(n) if broken else None) if best else None)
    tally.factor = math.prod(math.factorial(m) for m in sizes)
    tally.broken = broken
    turns = [turnings(k) for k in kinds]
    pairs = [(c, t) for c in range(len(kinds)) for t in turns[c]]
    roots = _roots(n, pairs, anchor, corners)
    replay = None
    if resume is not None:
        replay = list(resume.path)
        if len(replay) < 2:
            raise BadResume(Message("the place to resume from is empty"))
        lo = replay[0]
        if isinstance(lo, bool) or not isinstance(lo, int) or not 0 <= lo < len(roots):
            raise BadResume(Message("the place to resume from is not in this search"))
        tally.unique_top, tally.tied_two = resume.unique_top, resume.tied_two
        tally.tied_three, tally.fixed = resume.tied_three, resume.fixed
        for picture in resume.best if tally.firsts is not None else ():
            tally.firsts.offer(picture, turned=False)
    nb = neighbours(n)

    # Halves not yet on the outside, by value; "loose" counts those that can
    # never meet their opposite, which must all end up on the outside.
    halves = Counter(v for p in puzzle.pieces for v in p)
    loose = [sum(abs(halves[v] - halves[-v]) for v in halves if v > 0)
             + sum(halves[v] for v in halves if v < 0 and halves[-v] == 0) + halves[0] % 2]
    free_outer = [3 * n]

    tally.engine = native.engine_name(engine, puzzle.pieces)
    if board is not None:
        tally.engine = "python"
    if tally.engine == "c":
        native.run(n, pairs, sizes, 2 if corners else int(broken), roots, replay, loose[0], tally, budget,
                   interruptible)
        return tally

    rem = list(sizes)
    outer = [tuple(i for i in range(3) if nb[s][i] is None) for s in range(size)]
    links = [tuple((i, nb[s][i][0], nb[s][i][1]) for i in range(3) if nb[s][i] is not None)
             for s in range(size)]
    # From the numbers a slot's filled neighbours demand (None: free) to the
    # fitting (class, its bit, turning).
    table = {}

    def fitting(key):
        table[key] = found = [(c, 1 << c, t) for c, t in pairs
                              if (key[0] is None or t[0] == key[0]) and (key[1] is None or t[1] == key[1])
                              and (key[2] is None or t[2] == key[2])]
        return found

    corner_perm = {}
    c1, c2 = (n - 1) * (n - 1), size - 1
    if corners:
        corner_perm = {0: (2, 0, 1), c1: (1, 2, 0), c2: (0, 1, 2)}
    # Per slot: (fitting, key) for the numbers its filled neighbours demand.
    empty = fitting((None, None, None))
    ent = [(empty, (None, None, None))] * size
    placed = [None] * size if board is None else board
    frontier = set()
    top_key = [None]
    nodes = budget.nodes
    next_check = budget.next_check()
    free = (1 << len(kinds)) - 1  # a bit per class with pieces left

    def is_fixed() -> bool:
        return turn_placed(n, placed) == tuple(placed)

    def leaf() -> None:
        nonlocal leaves, next_check
        leaves += 1
        if not leaves % _CHECK_LEAVES:
            # a leaf costs far more than a node when pictures are kept: the
            # clock is looked at before this one counts, so that resuming
            # from here counts it once
            budget.nodes = nodes
            next_check = budget.check(last)
        if anchor is not None:
            tally.unique_top += 1
        elif corners:
            k0 = top_key[0]
            p1, p2 = corner_perm[c1], corner_perm[c2]
            t1, t2 = placed[c1], placed[c2]
            ties = ((t1[p1[0]], t1[p1[1]], t1[p1[2]]) == k0) + ((t2[p2[0]], t2[p2[1]], t2[p2[2]]) == k0)
            if ties == 0:
                tally.unique_top += 1
            elif ties == 1:
                tally.tied_two += 1
            else:
                tally.tied_three += 1
                if is_fixed():
                    tally.fixed += 1
        else:
            tally.tied_three += 1
            if is_fixed():
                tally.fixed += 1
        if keeps:
            tally.keep(placed)

    keeps = tally.wants_pictures
    last = size - 1
    leaves = 0

    def branch(depth: int, s: int, cands) -> None:
        """Fill slot s with each fitting candidate in turn; after each, pick
        the next slot (the fewest pairs fit) or back up when one has none.
        Resuming, the candidates before the one the path names are skipped,
        and on the path the next slot is the path's."""
        nonlocal nodes, next_check, free, replay
        lo, entering, follow = 0, -1, None
        if replay is not None:
            at, lo = replay[depth + 1]
            if at != s or not 0 <= lo < len(cands) or (depth == last and depth + 2 < len(replay)):
                raise BadResume(Message("the place to resume from is not in this search"))
            if depth + 2 < len(replay):
                entering, follow = lo, replay[depth + 2][0]
            else:
                replay = None
        frontier.discard(s)
        outs = outer[s]
        n_outs = len(outs)
        near = links[s]
        perm = corner_perm.get(s) if s else None
        k0 = top_key[0]
        ci = lo
        try:
            for ci in range(lo, len(cands)):
                c, bit, t = cands[ci]
                if not free & bit:
                    if ci == entering:
                        raise BadResume(Message("the place to resume from uses a piece twice"))
                    continue
                if perm is not None and (t[perm[0]], t[perm[1]], t[perm[2]]) > k0:
                    if ci == entering:
                        raise BadResume(Message("the place to resume from breaks the symmetry rule"))
                    continue
                if ci != entering:  # a step of the way back was counted before
                    nodes += 1
                    if nodes >= next_check:
                        budget.nodes = nodes
                        next_check = budget.check(depth)
                if outs:
                    change = 0
                    for i in outs:
                        v = t[i]
                        if v == 0:
                            halves[0] -= 1
                            change += 1 if halves[0] % 2 else -1
                        else:
                            w = halves[-v]
                            before = abs(halves[v] - w)
                            halves[v] -= 1
                            change += abs(halves[v] - w) - before
                    if loose[0] + change > free_outer[0] - n_outs:
                        for i in outs:
                            halves[t[i]] += 1
                        if ci == entering:
                            raise BadResume(Message("the place to resume from leaves halves without a partner"))
                        continue
                    loose[0] += change
                    free_outer[0] -= n_outs
                rem[c] -= 1
                if not rem[c]:
                    free ^= bit
                placed[s] = t
                added = []
                saved = []
                for i, s2, i2 in near:
                    if placed[s2] is None:
                        old = ent[s2]
                        saved.append((s2, old))
                        v = -t[i]
                        key = old[1]
                        if i2 == 0:
                            key = (v, key[1], key[2])
                        elif i2 == 1:
                            key = (key[0], v, key[2])
                        else:
                            key = (key[0], key[1], v)
                        entry = table.get(key)
                        if entry is None:
                            entry = fitting(key)
                        ent[s2] = (entry, key)
                        if s2 not in frontier:
                            frontier.add(s2)
                            added.append(s2)
                if depth == last:
                    leaf()
                elif ci == entering:
                    if follow not in frontier:
                        raise BadResume(Message("the place to resume from is not in this search"))
                    branch(depth + 1, follow, ent[follow][0])
                else:
                    best = 1 << 30
                    nxt = -1
                    mask = free
                    for f in sorted(frontier):  # slot order: the C engine's, so both count the same
                        k = 0  # the (class, turning) pairs left that fit
                        for fit in ent[f][0]:
                            if mask & fit[1]:
                                k += 1
                        if k < best:
                            best, nxt = k, f
                            if k <= 1:
                                break
                    if best:
                        branch(depth + 1, nxt, ent[nxt][0])
                for s2 in added:
                    frontier.discard(s2)
                for s2, old in saved:
                    ent[s2] = old
                placed[s] = None
                if not rem[c]:
                    free ^= bit
                rem[c] += 1
                if outs:
                    for i in outs:
                        halves[t[i]] += 1
                    loose[0] -= change
                    free_outer[0] += n_outs
        except Stop as stop:
            stop.path.append((s, ci))
            raise
        frontier.add(s)

    def start() -> None:
        lo = 0 if replay is None else replay[0]
        for r in range(lo, len(roots)):
            s, cands, key = roots[r]
            top_key[0] = key
            try:
                branch(0, s, [empty[p] for p in cands])
            except Stop as stop:
                stop.path.append(r)
                raise
            frontier.clear()

    try:
        if loose[0] <= free_outer[0]:
            start()
        tally.complete = True
    except Stop as stop:
        tally.stopped = stop.reason
        tally.path = tuple(reversed(stop.path))
    except KeyboardInterrupt:
        if not interruptible:
            raise
        tally.stopped = "interrupted"
    finally:
        budget.nodes = max(budget.nodes, nodes)
    return tally

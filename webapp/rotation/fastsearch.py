"""The fast solver: breadth-first search a whole layer at a time, with numpy.

:func:`fast_solve` gives the answer of :func:`webapp.rotation.search.solve`
(the reference, one state at a time): the same status, number of moves,
``states`` and ``depth`` -- only much faster on big searches.

>>> from webapp.rotation.board import Board
>>> from webapp.rotation.physics import EXAMPLE
>>> fast_solve(Board.from_text(EXAMPLE)).summary()
'2 moves: L L'
>>> unsolvable = "5\\n#####\\n#0  #\\n#0  #\\n#   #\\n## ##\\n"
>>> fast_solve(Board.from_text(unsolvable)).summary()
'unsolvable: all 8 reachable positions tried'

How it works
------------
*The frame stays fixed.* A state is the orientation (the side of the frame
gravity points at) and, per stick, a *placement code*: its top-left cell,
counted inside the box of all spots where the stick fits between the walls
(0: it has fallen out). Falling ``d`` cells adds ``d`` times a fixed step to
the code. The orientation and all codes are packed as bit fields into one
``uint64`` key per state, or into several words when 64 bits are not enough
(boards of many or long-ranging sticks; 64 x 64 with 62 sticks takes 13).
Keys of up to 44 bits are sorted as they are; longer ones by a 40-bit hash,
and then every match is checked on the full key, so a hash collision never
merges two states.

*Per-stick tables* (:class:`Tables`) give, for every stick, placement and
gravity direction: the stick's leading and trailing coordinate along gravity,
the lanes (rows or columns) it covers across gravity, and how far it can fall
before a wall stops it -- or that it leaves the frame.

*Settling a whole layer at once.* A stick ``b`` blocks a stick ``a`` when their
lanes overlap and ``b`` is ahead of ``a`` along gravity; the free cells between
them follow from the tables. Only a stick ahead can stop one behind, so the
distance each stick falls is the one solution of::

    fall[a] = min(wall[a], min over b blocking a of gap[a, b] + fall[b])

where "infinitely far" means the stick falls out -- exactly the resting
position of the rules in docs/rotation.md (lowest stick first, each as far as it goes). The solver
computes ``gap`` as one ``sticks x sticks x states`` array of ``int16`` and
iterates the equation for all states together until nothing changes (one
round per stick in the longest chain of sticks resting on each other, plus
one).

*Duplicates.* A layer's new keys are sorted (key or hash in the high bits,
label in the low 20 or more bits of one ``uint64``: one fast sort); the first
occurrence of each, in the order the reference would meet it, is kept and
checked against the states visited before, held as a few sorted runs (a run
is merged into the one before while that one is not more than twice as big:
logarithmically many runs).

*Paths.* Per layer one ``uint32`` per state, ``2 * parent + move``, links it to
its parent's index in the previous layer; the moves are read backwards from
the goal, and the trajectory is replayed with
:meth:`~webapp.rotation.physics.Position.play`, as the reference does.

Memory: 8 bytes per visited state for its key (``8 * (words + 1)`` for keys
longer than 44 bits: hash and key), 4 for the parent link, the current and
the next layer, and the work arrays of one chunk of the frontier (a few MB at
most).

``states`` like the reference
-----------------------------
The layer is expanded in the reference's order (frontier in discovery order,
``L`` before ``R``), and every successor carries its index in that order, so
the figures match the reference's: all reachable states for an unsolvable
board; when the goal is found, the states known when the reference meets it
(earlier layers plus the new states met before it in its layer); when
``max_states`` stops the search, ``max_states`` and the same depth (and
``solved`` if the goal comes first in that order, as in the reference). Only
the time and memory limits differ: they are checked between chunks of a
layer (the reference looks at the clock every 1024 states), and ``states``
then counts the states found up to the end of the last chunk expanded.
"""

from __future__ import annotations

import time

import numpy as np

from .board import Board
from .fastkeys import DIRECT_BITS, HASH_BITS, Packing, _hash
from .fasttables import Tables
from .fastvisited import _first_occurrences, _Keys, _Visited
from .physics import Frame
from .search import Answer, Goal, opening

__all__ = ["fast_solve", "Tables", "Packing"]

#: Work memory aimed at for one chunk of the frontier.
CHUNK_BYTES = 3 << 20
MIN_CHUNK, MAX_CHUNK = 256, 1 << 16
_MOVES = "LR"


class _Search:
    """The tables, the packing and the goal test of one search."""

    def __init__(self, frame: Frame, goal: Goal, word_bits: int = 64) -> None:
        self.tables = Tables(frame)
        self.packing = Packing(self.tables.counts, word_bits)
        self.hashed = self.packing.bits > DIRECT_BITS
        self.sort_bits = HASH_BITS if self.hashed else self.packing.bits
        self.goal = goal
        self.target = frame.symbols.index(goal.symbol) if goal.kind == "stick" else None
        n = len(frame.symbols)
        words = self.packing.words
        # bytes per successor while a chunk is expanded: codes, settled codes,
        # keys, hashes, labels and the sorting
        self.per_successor = 6 * n + 8 * n + 8 * words + 48
        # and in the settling batch: lookups, gaps and their temporaries
        self.per_settled = 12 * n * n + 30 * n
        self.chunk_states = int(min(MAX_CHUNK, max(MIN_CHUNK,
                                                   CHUNK_BYTES // (2 * self.per_successor))))

    def work_bytes(self, states: int) -> int:
        """Bytes of the work arrays while ``states`` states are expanded."""
        successors = 2 * states
        return (successors * self.per_successor
                + min(successors, self.tables.batch) * self.per_settled)

    def expand(self, frontier: np.ndarray, first_index: int):
        """The successors of ``frontier`` (keys, the states ``first_index``,
        ``first_index + 1``, ... of the layer): the states reached, labelled
        ``2 * index + move`` (0 for L, 1 for R), and the smallest label of a
        move that reaches the goal (None if none does). States reached after
        that move are left out, and so are those that reach the goal."""
        orientation, codes = self.packing.decode(frontier)
        m = len(orientation)
        base = 2 * first_index
        parts, goal_labels = [], []
        turned = ((orientation - 1) & 3, (orientation + 1) & 3)  # after L, after R
        for gravity in range(4):
            picked = [np.flatnonzero(g == gravity) for g in turned]
            if not len(picked[0]) and not len(picked[1]):
                continue
            labels = np.concatenate([base + 2 * picked[0], base + 2 * picked[1] + 1])
            if len(picked[0]) == m or len(picked[1]) == m:
                sub = codes  # every state, in order: no copy
            else:
                sub = codes[:, np.concatenate(picked)]
            settled, out = self.tables.settle(sub, gravity)
            goal = self._reached(settled, out)
            keys = self.packing.encode(gravity, settled)
            if goal.any():
                goal_labels.append(int(labels[goal].min()))
                keys, labels = keys[:, ~goal], labels[~goal]
            parts.append(_Keys(keys, None, labels))
        states = _Keys.concat(parts, self.packing.words)
        goal_label = min(goal_labels) if goal_labels else None
        if goal_label is not None:
            states = states.take(states.labels < goal_label)
        states.hashes = self.sort_values(states.keys)
        return states, goal_label

    def sort_values(self, keys: np.ndarray) -> np.ndarray:
        """The values states sort by: the key itself (if short) or its hash."""
        return _hash(keys) if self.hashed else keys[0]

    def _reached(self, codes: np.ndarray, out: np.ndarray) -> np.ndarray:
        if self.goal.kind == "stick":
            return out[self.target]
        reached = out.any(axis=0)
        if self.goal.kind == "all":
            reached &= ~codes.any(axis=0)
        return reached


def fast_solve(board: Board, goal: str | Goal = "any", *, max_states: int | None = None,
               max_seconds: float | None = None, max_bytes: int | None = None,
               orientation: int = 0, progress=None, _word_bits: int = 64,
               _chunk_states: int | None = None, _shortcut: bool = True) -> Answer:
    """Find a shortest sequence of turns that reaches ``goal``, a layer at a time.

    The arguments and the answer are those of
    :func:`webapp.rotation.search.solve`, plus ``max_bytes``: a bound on the
    bytes the search arrays hold (an estimate: the fixed tables, the visited
    keys, parent links and layers, and the work arrays of one chunk). Reaching
    it ends the search with status ``limit`` and ``limit == "memory"``.
    (``_word_bits`` and ``_chunk_states`` are for tests: they force keys of
    several words and small chunks on small boards; ``_shortcut=False`` searches
    even a board that :func:`~webapp.rotation.search.without_search` decides.)
    """
    decided, goal, frame, settled, answer, began = opening(board, goal, orientation,
                                                           max_states, _shortcut)
    if decided is not None:
        return decided

    search = _Search(frame, goal, _word_bits)
    chunk = _chunk_states or search.chunk_states
    packing = search.packing
    start = np.array(search.tables.codes(settled), dtype=np.int16)[:, None]
    frontier = packing.encode(orientation, start)
    visited = _Visited(search.hashed)
    visited.add(_Keys(frontier, search.sort_values(frontier), np.zeros(1, dtype=np.int64)))
    parents: list[np.ndarray] = []  # parents[d - 1][k]: label of state k at depth d
    depth = 0

    def held(*extra) -> int:
        return (search.tables.nbytes + visited.nbytes + sum(p.nbytes for p in parents)
                + frontier.nbytes + sum(x if isinstance(x, int) else x.nbytes for x in extra))

    def stopped(kind: str) -> Answer:
        return answer("limit", states=visited.count, depth=depth, limit=kind)

    while True:
        m = frontier.shape[1]
        next_keys: list[np.ndarray] = []  # the next layer, chunk by chunk
        next_links: list[np.ndarray] = []
        for lo in range(0, m, chunk):
            if max_seconds is not None and time.perf_counter() - began > max_seconds:
                return stopped("time")
            if max_bytes is not None and \
                    held(*next_keys, *next_links, search.work_bytes(min(chunk, m - lo))) > max_bytes:
                return stopped("memory")
            states, goal_label = search.expand(frontier[:, lo:lo + chunk], lo)
            states = _first_occurrences(states, search.hashed, search.sort_bits)
            states = states.take(visited.unseen(states))
            # the chunk's new states come after those of the chunks before
            # it and before those of the chunks after it, as in the reference
            new = len(states)
            if max_states is not None and visited.count + new > max_states:
                return answer("limit", states=max_states, depth=depth, limit="states")
            if goal_label is not None:
                moves = [_MOVES[goal_label & 1]]
                index = goal_label >> 1
                for links in reversed(parents):
                    label = int(links[index])
                    moves.append(_MOVES[label & 1])
                    index = label >> 1
                return answer("solved", "".join(reversed(moves)),
                              states=visited.count + new, depth=depth + 1)
            if new:
                visited.add(states)
                order = np.argsort(states.labels)  # the reference's order
                next_keys.append(states.keys[:, order])
                next_links.append(states.labels[order].astype(np.uint32))
                del states, order
            if progress and lo + chunk < m:
                progress(visited.count, depth)
        if not next_keys:
            return answer("unsolvable", states=visited.count, depth=depth)
        frontier = next_keys[0] if len(next_keys) == 1 else np.concatenate(next_keys, axis=1)
        parents.append(next_links[0] if len(next_links) == 1 else np.concatenate(next_links))
        del next_keys, next_links
        depth += 1
        if progress:
            progress(visited.count, depth)

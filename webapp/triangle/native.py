"""The compiled counting search, ``webapp._triangle`` (``csrc/triangle.c``),
the twin of :func:`webapp.triangle.search.count` (docs/triangle.md, "The
engines"): the same tree in the same order, so a token made by one goes on
in the other. Python stays the reference and the fallback.

>>> engine_name("python")
'python'
>>> "python" in engines()
True
"""

from __future__ import annotations

import os

from .budget import Stop
from .geometry import inner_edges, neighbours, turn
from .puzzle import turnings
from ..errors import Message
from .tally import BadResume

__all__ = ["ENGINES", "EngineError", "available", "engine_name", "engines", "run", "plain"]

try:  # optional: a failed compile leaves the pure-Python engine
    from webapp import _triangle as _native
except ImportError:  # pragma: no cover - depends on the build
    _native = None

#: The engine names a caller may ask for.
ENGINES = ("auto", "c", "python")
#: Nodes between two looks (with the GIL) at the budget: ~1 ms of C work,
#: well under the 50 ms of progress reports and the 10 % of a time limit.
_CHUNK = 1 << 14
#: The largest edge number the C engine takes (its negative must fit too).
_LARGEST = 2 ** 62


class EngineError(ValueError):
    """An engine that does not exist, or the C one when it is not built."""


def available() -> bool:
    """Is the C module built and importable?"""
    return _native is not None


def engine_name(engine: str = "auto", pieces=()) -> str:
    """``c`` or ``python``: what ``engine`` resolves to here. ``pieces`` with
    numbers beyond C's 64 bits (a Puzzle made in code; the text format's 18
    digits never are) are always Python's.

    >>> engine_name("auto", [(2 ** 63, 0, 0)])
    'python'
    """
    if engine == "python":
        return "python"
    if engine == "c":
        if _native is None:
            raise EngineError("the C engine (webapp._triangle) is not built; "
                              "reinstall with a C compiler, or use engine='python'")
    elif engine != "auto":
        raise EngineError(f"unknown engine {engine!r}: use auto, c or python")
    elif _native is None or os.environ.get("ROTATION_PLAYGROUND_NO_NATIVE", "") not in ("", "0"):
        return "python"
    return "c" if all(-_LARGEST <= v <= _LARGEST for p in pieces for v in p) else "python"


def engines() -> list[str]:
    """The engines that can run here (for tests): python, and c if built."""
    return ["python"] + (["c"] if _native is not None else [])


def run(n, pairs, sizes, mode, roots, replay, loose, tally, budget, interruptible) -> None:
    """Run the C search and fill ``tally`` as search.count would, on from
    the weights it holds (a resumed search's).

    ``pairs``: the (class, turning) pairs in the Python engine's candidate
    order; ``roots``: per root (slot, pair indices, top corner key or None);
    ``mode``: 0 no symmetry broken, 1 on an anchor, 2 on the corners.
    """
    u0, d0, e0, f0 = tally.unique_top, tally.tied_two, tally.tied_three, tally.fixed
    firsts = tally.firsts

    def weigh(u, d, e, f) -> None:
        tally.unique_top, tally.tied_two, tally.tied_three, tally.fixed = u0 + u, d0 + d, e0 + e, f0 + f

    def check(nodes, depth) -> None:
        budget.nodes = nodes
        budget.check(depth)

    def leaf(placed, u, d, e, f, nodes):
        weigh(u, d, e, f)
        budget.nodes = nodes
        tally.keep(placed)
        return firsts.limit if firsts is not None else None

    # Only the listing wants the leaves: C hands over just those it would keep.
    only_firsts = firsts is not None and tally.store is None and tally.stop_after is None
    max_nodes = -1 if budget.max_nodes is None else budget.max_nodes
    code, u, d, e, f, nodes, path, exc, bad = _native.count(
        n, pairs, sizes, neighbours(n), turn(n), mode, roots, replay, loose, check,
        leaf if tally.wants_pictures else None, firsts is not None or tally.store is not None,
        max_nodes, _CHUNK, budget.nodes, _filter(pairs, firsts) if only_firsts else None)
    weigh(u, d, e, f)
    budget.nodes = max(budget.nodes, nodes)
    if code == 2:
        raise BadResume(Message(bad))  # the engine says search.py's sentences: the catalogue has them
    if code == 0:
        tally.complete = True
    elif isinstance(exc, Stop):
        tally.stopped = exc.reason
        tally.path = path
    elif isinstance(exc, KeyboardInterrupt) and interruptible:
        tally.stopped = "interrupted"
    else:
        raise exc


def plain(puzzle, max_nodes: int) -> int | None:
    """The levels' plain backtracking count in C (see
    :func:`webapp.triangle.levels.nodes`, its twin): the nodes, or None
    past ``max_nodes``."""
    needs = [[] for _ in puzzle.pieces]
    for (a, side_a), (b, side_b) in inner_edges(puzzle.n):
        needs[b].append((side_b, a, side_a))  # a is filled before b
    found = _native.plain([turnings(piece) for piece in puzzle.pieces], needs, max_nodes)
    return None if found < 0 else found


def _filter(pairs, firsts) -> tuple:
    """What C needs to tell the pictures :meth:`Firsts.offer` would keep:
    per pair its codes (one per member of its class), the pairs of its
    triple turned once and twice (as Firsts turns a view), Firsts' views,
    and the key a picture must come before."""
    index = {t: q for q, (_, t) in enumerate(pairs)}
    codes = [[member[t] for member in firsts.code[c]] for c, t in pairs]
    turned = [(q, index[(t[2], t[0], t[1])], index[(t[1], t[2], t[0])]) for q, (_, t) in enumerate(pairs)]
    return codes, turned, firsts.views, firsts.limit

"""The search's trace (the page's "Show search"): every event legal when
replayed by tests/support/triangle_reference.py's rules, take-backs undoing the
last placement, the events ending on a solution the independent checker
accepts, the cap and its flag (the route: tests/web/test_web_triangle.py)."""

from __future__ import annotations

import random

import pytest

import triangle_reference as ref
from webapp.triangle import trace as tr
from webapp.triangle.generate import random_puzzle
from webapp.triangle.puzzle import Puzzle, TriangleError


def replay_by_hand(puzzle, events):
    """The events replayed with the reference's edge list: each placement of
    a free piece, in one of its turnings, into an empty slot, fitting its
    filled neighbours; each take-back the last placement still standing."""
    fits = {}
    for (a, side_a), (b, side_b) in ref.edges(puzzle.n):
        fits.setdefault(a, []).append((side_a, b, side_b))
        fits.setdefault(b, []).append((side_b, a, side_a))
    placement, used, stack = [None] * len(puzzle.pieces), set(), []
    for event in events:
        slot, piece = event["slot"], event["piece"]
        if event["act"] == "take":
            assert stack and stack[-1] == (slot, piece), "a take-back undoes the last placement"
            stack.pop()
            placement[slot] = None
            used.discard(piece)
            continue
        assert event["act"] == "place" and placement[slot] is None and piece not in used
        x, y, z = puzzle.pieces[piece]
        edges = tuple(event["edges"])
        assert edges == [(x, y, z), (y, z, x), (z, x, y)][event["turn"]]
        for side, other, other_side in fits.get(slot, []):
            if placement[other] is not None:
                assert edges[side] + placement[other][1][other_side] == 0, event
        placement[slot] = (piece, edges)
        used.add(piece)
        stack.append((slot, piece))
    return placement


def complete_and_right(puzzle, placement) -> None:
    assert all(item is not None for item in placement)
    assert ref.fault(puzzle.pieces, placement) is None


def puzzles():
    out = [Puzzle(3, pieces) for pieces in ref.EXAMPLES]
    rng = random.Random(7)
    out += [random_puzzle(n, figures, rng) for n, figures in ((2, 1), (3, 2), (4, 3), (4, 5), (5, 6))]
    # equal pieces, plain edges and (a, a, a) pieces among them
    out.append(Puzzle(1, ((1, 0, 0), (0, 0, 0), (0, 0, -1), (0, 0, 0))))
    out.append(Puzzle(0, ((0, 0, 0),) * 9))
    return out


@pytest.mark.parametrize("puzzle", puzzles(), ids=lambda p: f"{p.n}x{p.n}-{p.pieces[0]}")
def test_the_trace_replays_legally_to_the_first_solution(puzzle):
    t = tr.trace(puzzle, cap=tr.MAX_EVENTS)
    assert t.status == "solved" and not t.cut and t.made == len(t.events)
    final = replay_by_hand(puzzle, t.events)
    assert final == t.solution
    complete_and_right(puzzle, final)
    assert t.takebacks == sum(e["act"] == "take" for e in t.events)
    assert len(t.events) == len(puzzle.pieces) + 2 * t.takebacks  # each take-back undid a placement


def test_the_rules_first_example_backtracks():
    t = tr.trace(Puzzle(3, ref.EXAMPLES[0]))
    assert t.takebacks > 10


def test_the_trace_is_the_searchs_own_work():
    # every node the search counts is a candidate looked at: placed, or pruned
    # at once on the rim, never placed without being counted
    puzzle = Puzzle(3, ref.EXAMPLES[1])
    t = tr.trace(puzzle)
    placements = sum(e["act"] == "place" for e in t.events)
    assert 0 < placements <= t.nodes
    # most constrained slot first: not the plain order of the slots
    slots = [e["slot"] for e in t.events if e["act"] == "place"][:len(puzzle.pieces)]
    assert slots != sorted(slots)


def test_a_cut_trace_keeps_the_first_events_and_still_finds_the_solution():
    puzzle = Puzzle(3, ref.EXAMPLES[0])
    whole = tr.trace(puzzle)
    cut = tr.trace(puzzle, cap=10)
    assert cut.cut and cut.events == whole.events[:10] and cut.made == whole.made
    assert cut.solution == whole.solution and cut.status == "solved"
    assert cut.takebacks == sum(e["act"] == "take" for e in cut.events)


def test_unsolvable_and_limit():
    t = tr.trace(Puzzle(1, ((1, 1, 1),) * 4))
    assert t.status == "unsolvable" and t.solution is None
    replay_by_hand(Puzzle(1, ((1, 1, 1),) * 4), t.events)
    big = random_puzzle(8, 12, random.Random(3))
    t = tr.trace(big, cap=50, max_nodes=2000)
    assert t.status == "limit" and t.limit == "max_nodes" and t.cut and len(t.events) == 50


@pytest.mark.parametrize("cap", [0, -1, tr.MAX_EVENTS + 1, True, "10"])
def test_a_bad_cap_is_refused(cap):
    with pytest.raises(TriangleError, match="a trace keeps 1 to"):
        tr.trace(Puzzle(0, ((0, 0, 0),)), cap=cap)

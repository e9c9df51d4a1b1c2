"""The triangle solver against a plain exhaustive search and an independent
checker (tests/support/triangle_reference.py), on the spec's examples and edge cases."""

import json
import math
import random

import pytest

import triangle_reference as ref
from webapp.triangle import native, solver
from webapp.triangle.puzzle import Puzzle, TriangleError
from webapp.triangle.solver import solve

EXAMPLES = ref.EXAMPLES


def pictures(placements):
    return {tuple(t for _, t in p) for p in placements}


@pytest.mark.parametrize("pieces", EXAMPLES)
def test_spec_examples_agree_with_exhaustive_search(pieces):
    puzzle = Puzzle(3, pieces)
    expected = ref.all_placements(pieces)
    answer = solve(puzzle, first=None)
    assert answer.status == "solved" and answer.complete and answer.limit is None
    assert answer.count == len(expected)
    assert answer.distinct == ref.distinct(3, pictures(expected))
    assert [tuple(p) for p in answer.solutions] == expected
    for placement in answer.solutions:
        assert ref.fault(pieces, placement) is None
    # all pieces differ up to turning and no picture is its own turn: raw = 3 x distinct
    assert len({min(ref.spins(p)) for p in pieces}) == 9
    assert all(ref.turned(3, p) != p for p in pictures(expected))
    assert answer.count == 3 * answer.distinct
    assert [tuple(p) for p in solve(puzzle, first=4).solutions] == expected[:4]


def test_unsolvable_sets_are_proved():
    broken_example = list(EXAMPLES[3])
    broken_example[0] = (10, 5, 10)
    for pieces in (broken_example, [(1, 1, 1)] * 4, [(1, 2, 3)] * 9, [(0, 0, 1)] * 4):
        assert ref.all_placements(pieces) == []
        answer = solve(Puzzle(3, tuple(pieces)))
        assert (answer.status, answer.count, answer.distinct, answer.solutions) == \
            ("unsolvable", 0, 0, [])
        assert answer.complete


def test_sixty_four_equal_pieces_answer_at_once():
    answer = solve(Puzzle(0, ((0, 0, 0),) * 64), first=3, max_seconds=5)
    assert answer.status == "solved" and answer.complete
    assert answer.count == math.factorial(64) and answer.distinct == 1
    assert answer.count_text == str(math.factorial(64))
    assert answer.seconds < 5
    assert [p for p, _ in answer.solutions[2]] == list(range(61)) + [62, 61, 63]
    data = json.loads(json.dumps(answer.to_json()))
    assert data["count_text"] == str(math.factorial(64)) and data["distinct"] == 1


def test_symmetric_picture_counted_once():
    # (2, 2, 2) in the centre and three equal corners make a picture that is its own turn
    pieces = ((-2, 0, 0), (0, 0, -2), (2, 2, 2), (0, -2, 0))
    expected = ref.all_placements(pieces)
    assert any(ref.turned(2, p) == p for p in pictures(expected))
    answer = solve(Puzzle(2, pieces), first=None)
    assert answer.count == len(expected)
    assert answer.distinct == ref.distinct(2, pictures(expected))
    assert answer.count != 3 * answer.distinct


def test_limits_give_counts_so_far():
    pieces = ((1, -1, 0), (0, 1, -1), (-1, 0, 1), (1, 0, -1)) * 4
    full = solve(Puzzle(1, pieces), first=0)
    assert full.status == "solved" and full.complete
    small = solve(Puzzle(1, pieces), first=5, max_nodes=200)
    assert (small.status, small.limit, small.complete) == ("limit", "max_nodes", False)
    assert small.nodes <= 200 + 1
    assert 0 <= small.count <= full.count and small.distinct <= full.distinct
    for placement in small.solutions:
        assert ref.fault(pieces, placement) is None
    timed = solve(Puzzle(1, pieces), max_seconds=0)
    assert (timed.status, timed.limit) == ("limit", "max_seconds")


def test_stop_after_stops_the_count():
    pieces = EXAMPLES[0]
    answer = solve(Puzzle(3, pieces), stop_after=2, first=1)
    assert answer.status == "solved" and not answer.complete and answer.limit is None
    assert answer.distinct >= 2 and answer.distinct < 28
    unique = solve(Puzzle(3, EXAMPLES[3]), stop_after=2)
    assert unique.complete and unique.distinct == 1


def test_progress_is_reported():
    calls = []
    pieces = ref.filled_board(6, 2, random.Random(3))
    answer = solve(Puzzle(2, pieces), first=0, max_seconds=0.3,
                   progress=lambda n, d: calls.append((n, d)))
    assert answer.status == "limit"
    assert calls and all(n >= 0 and 0 <= d < 36 for n, d in calls)


def test_listing_by_search_when_pictures_are_too_many(monkeypatch):
    pieces = EXAMPLES[0]
    monkeypatch.setattr(solver, "STORE", 5)
    answer = solve(Puzzle(3, pieces), first=None)
    assert [tuple(p) for p in answer.solutions] == ref.all_placements(pieces)
    equal = ((0, 1, -1),) * 4
    answer = solve(Puzzle(1, equal), first=7)
    assert [tuple(p) for p in answer.solutions] == ref.all_placements(equal)[:7]


@pytest.mark.parametrize("engine", native.engines())
def test_json_answer(engine):
    answer = solve(Puzzle(3, EXAMPLES[3]), engine=engine)
    data = answer.to_json()
    assert set(data) >= {"status", "count", "distinct", "solutions", "nodes", "seconds", "engine",
                         "optimal"}
    assert data["engine"] == engine and data["optimal"] is True
    assert data["solutions"][0][0] == {"piece": 0, "edges": [10, 10, 4]}
    assert len(data["solutions"]) == 3
    many = solve(Puzzle(3, EXAMPLES[0]), first=None)
    assert len(many.to_json()["solutions"]) == 84


@pytest.mark.parametrize("bad", [{"first": -1}, {"first": 1.5}, {"stop_after": 0}])
def test_bad_arguments(bad):
    with pytest.raises(TriangleError):
        solve(Puzzle(3, EXAMPLES[3]), **bad)


def _ctrl_c_after(calls: int):
    seen = []

    def progress(nodes, depth):
        seen.append(nodes)
        if len(seen) >= calls:
            raise KeyboardInterrupt
    return progress


def test_ctrl_c_is_a_limit_with_the_counts_so_far_only_when_asked():
    from webapp.triangle.generate import random_puzzle

    puzzle = random_puzzle(8, 1, random.Random(1))
    answer = solver.solve(puzzle, first=None, progress=_ctrl_c_after(3), interruptible=True)
    assert (answer.status, answer.limit, answer.complete) == ("limit", "interrupted", False)
    assert answer.distinct >= 1 and answer.count >= answer.distinct and answer.solutions == []
    with pytest.raises(KeyboardInterrupt):
        solver.solve(puzzle, first=None, progress=_ctrl_c_after(3))

"""Random small triangle puzzles: the solver agrees with the plain exhaustive
search (raw and distinct counts, the first solutions in spec order), with and
without symmetry breaking, and every solution passes the independent checker.
The sets include equal pieces, 0 edges and symmetric pieces (a, a, a)."""

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import triangle_reference as ref
from webapp.triangle.puzzle import Puzzle
from webapp.triangle.solver import solve

pytestmark = pytest.mark.slow  # an exhaustive search for each example

CAP = 1000


@st.composite
def piece_sets(draw):
    n = draw(st.integers(1, 3))
    k = draw(st.integers(0, 3))
    value = st.integers(-k, k)
    pool = draw(st.lists(st.tuples(value, value, value), min_size=1, max_size=n * n))
    same = draw(st.lists(st.integers(-k, k), max_size=2))
    pool += [(v, v, v) for v in same]
    pieces = [draw(st.sampled_from(pool)) for _ in range(n * n)]
    return n, tuple(pieces)


@st.composite
def board_sets(draw):
    n = draw(st.integers(2, 3))
    figures = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 10 ** 6))
    return n, ref.filled_board(n, figures, random.Random(seed), zeros=draw(st.booleans()))


def agree(n, pieces):
    expected = ref.all_placements(pieces, cap=CAP)
    assume(expected is not None)
    answer = solve(Puzzle(3, pieces), first=None)
    assert answer.complete and answer.limit is None
    assert answer.status == ("solved" if expected else "unsolvable")
    assert answer.count == len(expected)
    shown = {tuple(t for _, t in p) for p in expected}
    assert answer.distinct == ref.distinct(n, shown)
    assert [tuple(p) for p in answer.solutions] == expected
    for placement in answer.solutions:
        assert ref.fault(pieces, placement) is None
    first = solve(Puzzle(3, pieces), first=3)
    assert [tuple(p) for p in first.solutions] == expected[:3]
    distinct_pieces = len({min(ref.spins(p)) for p in pieces}) == len(pieces)
    if distinct_pieces and all(ref.turned(n, p) != p for p in shown):
        assert answer.count == 3 * answer.distinct


@settings(max_examples=100, deadline=None)
@given(piece_sets())
def test_random_sets_agree_with_exhaustive_search(case):
    agree(*case)


@settings(max_examples=50, deadline=None)
@given(board_sets())
def test_solvable_boards_agree_with_exhaustive_search(case):
    n, pieces = case
    expected = ref.all_placements(pieces, cap=CAP)
    assume(expected is not None)
    assert expected  # cut from a board: never empty
    agree(n, pieces)

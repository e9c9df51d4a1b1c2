"""Random sliding positions: solvable, never the goal, uniform, reproducible;
and positions at an exact distance from the goal (3 x 3 and other small boards)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sliding_reference import bfs_distances
from webapp.sliding.generate import at_distance, shuffle
from webapp.sliding.position import Position
from webapp.errors import FieldError



@given(width=st.integers(2, 8), height=st.integers(2, 8), seed=st.integers(0, 2**32))
@settings(max_examples=200, deadline=None)
def test_shuffle_is_solvable_and_not_the_goal(width, height, seed):
    p = shuffle(width, height, random.Random(seed))
    assert (p.width, p.height) == (width, height)
    assert p.solvable() and not p.is_goal()
    assert shuffle(width, height, random.Random(seed)) == p


def test_shuffle_is_uniform_on_2x2():
    # 12 solvable 2 x 2 positions, 11 besides the goal: each about 1/11 of the draws
    rng = random.Random(5)
    counts = Counter(shuffle(2, 2, rng).tiles for _ in range(22_000))
    assert len(counts) == 11
    assert Position.goal(2, 2).tiles not in counts
    assert all(1700 < c < 2300 for c in counts.values()), counts


def test_shuffle_is_uniform_on_2x3_by_distance():
    # the share of each distance matches the BFS layer sizes (chi-square-like loose bound)
    dist = bfs_distances(3, 2)
    layers = Counter(d for d in dist.values() if d)
    rng = random.Random(11)
    draws = 36_000
    seen = Counter(dist[shuffle(3, 2, rng).tiles] for _ in range(draws))
    total = sum(layers.values())
    for d, size in layers.items():
        expected = draws * size / total
        assert abs(seen[d] - expected) < 5 * expected ** 0.5 + 5, (d, seen[d], expected)


@pytest.mark.parametrize("width,height", [(1, 3), (9, 2), (3, 0), ("3", 3)])
def test_shuffle_size_out_of_range(width, height):
    with pytest.raises(FieldError, match="out of range"):
        shuffle(width, height, random.Random(0))


@pytest.mark.parametrize("width,height,moves", [(3, 3, 0), (3, 3, 1), (3, 3, 8), (3, 3, 27), (3, 3, 31),
                                                (2, 2, 6), (2, 3, 21), (4, 2, 36), (2, 4, 10)])
def test_at_distance_is_exact(width, height, moves):
    dist = bfs_distances(width, height)
    for seed in range(3):
        p = at_distance(width, height, moves, random.Random(seed))
        assert (p.width, p.height) == (width, height)
        assert dist[p.tiles] == moves


def test_at_distance_31_gives_both_hardest_3x3():
    found = {at_distance(3, 3, 31, random.Random(seed)).tiles for seed in range(40)}
    assert found == {t for t, d in bfs_distances(3, 3).items() if d == 31}
    assert len(found) == 2


@pytest.mark.parametrize("width,height,moves,message", [
    (3, 3, 32, "no 3 x 3 position is 32 moves from the goal (0 to 31)"),
    (3, 3, -1, "the distance must be a whole number of moves"),
    (3, 3, 2.5, "the distance must be a whole number of moves"),
    (4, 4, 10, "boards of up to 9 cells (3 x 3, 2 x 4, ...), not 4 x 4"),
    (3, 4, 10, "not 3 x 4"),
    (9, 1, 3, "out of range"),
])
def test_at_distance_errors(width, height, moves, message):
    with pytest.raises(FieldError, match=message.replace("(", r"\(").replace(")", r"\)")):
        at_distance(width, height, moves, random.Random(0))

"""The fast non-optimal solver (webapp.sliding.construct): every solvable
position of every shape replays to the goal; unsolvable ones are refused.

Mean lengths (seed 1, 1,000 random positions each): 3 x 3 22 moves (the
table's optimum), 4 x 4 about 92, 5 x 5 about 219; 8 x 8 about 1,098 in a
few milliseconds (no timed tests: the figures are in the module's docstring)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sliding_reference import bfs_distances, positions
from webapp.sliding.construct import cancel_pairs, solve_fast
from webapp.sliding.generate import shuffle
from webapp.sliding.position import Position, SlidingError, replay



def replays(p: Position, moves: list[int]) -> bool:
    return Position(replay(p.width, p.tiles, moves), p.width).is_goal()


@given(p=positions(only_solvable=True))
@settings(max_examples=400, deadline=None)
def test_every_solvable_position_is_solved(p):
    moves = solve_fast(p.width, p.height, p.tiles)
    assert replays(p, moves)
    assert all(a != b for a, b in zip(moves, moves[1:]))  # no move undoes the one before


@pytest.mark.parametrize("width,height", [(w, h) for w in range(2, 9) for h in range(2, 9)])
def test_every_shape(width, height):
    rng = random.Random(width * 10 + height)
    for _ in range(5):
        p = shuffle(width, height, rng)
        assert replays(p, solve_fast(width, height, p.tiles))


@pytest.mark.parametrize("width,height,count", [(2, 2, None), (3, 2, None), (2, 3, None),
                                                (2, 4, 1500), (4, 2, 1500)])
def test_every_position_of_small_boards(width, height, count):
    """Every position of the boards of up to 6 cells; a sample of 8 cells."""
    dist = bfs_distances(width, height)
    sample = sorted(dist) if count is None else random.Random(4).sample(sorted(dist), count)
    for tiles in sample:
        d = dist[tiles]
        moves = solve_fast(width, height, tiles)
        assert len(moves) >= d
        assert replays(Position(tiles, width), moves)


def test_3x3_sample_against_the_optimum():
    dist = bfs_distances(3, 3)
    rng = random.Random(3)
    sample = rng.sample(sorted(dist), 2000)
    total = 0
    for tiles in sample:
        moves = solve_fast(3, 3, tiles)
        assert replays(Position(tiles, 3), moves)
        assert len(moves) >= dist[tiles]
        total += len(moves)
    # the whole 3 x 3 board is the last rectangle: the table's optimum
    assert total == sum(dist[t] for t in sample)


def test_the_goal_needs_no_moves():
    for w, h in itertools.product(range(2, 9), repeat=2):
        assert solve_fast(w, h, Position.goal(w, h).tiles) == []


def test_spec_examples():
    for tiles in [(1, 5, 2, 7, 0, 3, 8, 4, 6), (3, 7, 8, 5, 4, 6, 2, 0, 1)]:
        assert replays(Position(tiles, 3), solve_fast(3, 3, tiles))


def test_unsolvable_is_refused():
    with pytest.raises(SlidingError, match="cannot reach the goal"):
        solve_fast(4, 4, tuple(range(1, 14)) + (15, 14, 0))


def test_invalid_input_is_refused():
    with pytest.raises(SlidingError, match="do not make a 3 x 2 board"):
        solve_fast(3, 2, (1, 2, 3, 4, 5, 6, 7, 8, 0))
    with pytest.raises(SlidingError, match="repeated"):
        solve_fast(2, 2, (1, 1, 2, 0))


@given(moves=st.lists(st.integers(1, 4), max_size=30))
def test_cancel_pairs(moves):
    out = cancel_pairs(moves)
    assert all(a != b for a, b in zip(out, out[1:]))
    assert cancel_pairs(out) == out
    assert len(out) % 2 == len(moves) % 2


@given(p=positions(max_side=4), data=st.data())
@settings(max_examples=100, deadline=None)
def test_the_search_for_narrow_spots_brings_a_tile_home(p, data):
    """The (tile, hole) search the walk falls back on: any tile to any cell
    of a board with nothing blocked, replayable move by move."""
    from webapp.sliding.construct import _Solver

    tile = data.draw(st.integers(1, len(p.tiles) - 1))
    target = data.draw(st.integers(0, len(p.tiles) - 1))
    s = _Solver(p.width, p.height, p.tiles)
    s._search_tile(tile, {target})
    assert s.board[target] == tile
    assert replay(p.width, p.tiles, s.moves) == tuple(s.board)

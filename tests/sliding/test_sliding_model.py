"""The sliding-tile position: moves, the move order, the goal and parity
(docs/sliding.md). Parity is checked against breadth-first search on every
board small enough to search whole."""

from __future__ import annotations

import itertools
import math
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sliding_reference import bfs_distances, positions
from webapp.sliding.position import (
    IllegalMove, Position, SlidingError, inversions, movable_cells, replay, solvable,
)

PROFILE = settings(max_examples=200, deadline=None)


def reachable(width: int, height: int) -> set[tuple[int, ...]]:
    """Every position reachable from the goal, by BFS over Position.move."""
    start = Position.goal(width, height)
    seen = {start.tiles}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for tile in p.movable():
            q = p.move(tile)
            if q.tiles not in seen:
                seen.add(q.tiles)
                queue.append(q)
    return seen


# --- the value --------------------------------------------------------------------------------------

def test_repr_is_an_expression_that_rebuilds_it():
    p = Position((3, 7, 8, 5, 4, 6, 2, 0, 1), width=3)
    assert repr(p) == "Position((3, 7, 8, 5, 4, 6, 2, 0, 1), width=3)"
    assert eval(repr(p)) == p
    assert hash(eval(repr(p))) == hash(p)


def test_frozen():
    p = Position.goal(3, 3)
    with pytest.raises(AttributeError):
        p.width = 4


def test_lists_become_tuples():
    assert Position([1, 2, 3, 0], 2) == Position((1, 2, 3, 0), 2)


@pytest.mark.parametrize("width,height", [(2, 2), (3, 2), (2, 3), (4, 4), (8, 2), (8, 8)])
def test_goal(width, height):
    g = Position.goal(width, height)
    assert (g.width, g.height) == (width, height)
    assert g.tiles == tuple(range(1, width * height)) + (0,)
    assert g.is_goal() and g.solvable()
    assert g.hole == width * height - 1
    assert g.size == f"{width}x{height}"


@pytest.mark.parametrize("tiles,width,message", [
    ((1, 0), 2, "a 2 x 1 board is out of range"),
    (tuple(range(9)), 9, "a 9 x 1 board is out of range"),
    (tuple(range(81)), 9, "a 9 x 9 board is out of range"),
    (tuple(range(18)), 9, "a 9 x 2 board is out of range"),
    (tuple(range(7)), 3, "7 tiles do not fill rows of width 3"),
    ((1, 2, 3, 3), 2, "3 is repeated"),
    ((1, 2, 3, 4), 2, "4 is out of range"),
    ((1, 2, -1, 0), 2, "-1 is out of range"),
    ((1, 2, 3.0, 0), 2, "3.0 is not"),
    ((1, 2, True, 0), 2, "True is not"),
])
def test_invalid_positions(tiles, width, message):
    with pytest.raises(SlidingError, match=message) as info:
        Position(tiles, width)
    assert isinstance(info.value, ValueError)


def test_is_goal_only_for_the_goal():
    assert not Position((1, 2, 3, 4, 5, 6, 7, 0, 8), 3).is_goal()
    assert not Position((0, 1, 2, 3, 4, 5, 6, 7, 8), 3).is_goal()


# --- moves ------------------------------------------------------------------------------------------

def test_move_order_is_above_left_right_below():
    p = Position((1, 2, 3, 4, 0, 5, 6, 7, 8), 3)
    assert p.movable() == (2, 4, 5, 7)
    assert movable_cells(3, 3, 4) == (1, 3, 5, 7)
    # corners and edges keep the same order
    assert Position((0, 1, 2, 3, 4, 5, 6, 7, 8), 3).movable() == (1, 3)
    assert Position((1, 0, 2, 3, 4, 5, 6, 7, 8), 3).movable() == (1, 2, 4)
    assert Position((1, 2, 3, 4, 5, 6, 7, 0, 8), 3).movable() == (5, 7, 8)
    assert Position((1, 2, 3, 4, 5, 6, 7, 8, 0), 3).movable() == (6, 8)


def test_move_swaps_the_tile_and_the_hole():
    p = Position((1, 2, 3, 4, 0, 5, 6, 7, 8), 3)
    assert p.move(2).tiles == (1, 0, 3, 4, 2, 5, 6, 7, 8)
    assert p.move(4).tiles == (1, 2, 3, 0, 4, 5, 6, 7, 8)
    assert p.move(5).tiles == (1, 2, 3, 4, 5, 0, 6, 7, 8)
    assert p.move(7).tiles == (1, 2, 3, 4, 7, 5, 6, 0, 8)
    assert p.tiles == (1, 2, 3, 4, 0, 5, 6, 7, 8)  # unchanged


@pytest.mark.parametrize("tile,message", [
    (1, "tile 1 is not next to the hole: the tiles that can move are 2, 4, 5 and 7"),
    (0, "0 is the hole: name a tile that slides into it (2, 4, 5 and 7)"),
    (9, "9 is not a tile of this board (tiles are 1 to 8)"),
    ("2", "'2' is not a tile of this board (tiles are 1 to 8)"),
    (True, "True is not a tile of this board (tiles are 1 to 8)"),
])
def test_illegal_moves(tile, message):
    p = Position((1, 2, 3, 4, 0, 5, 6, 7, 8), 3)
    with pytest.raises(IllegalMove) as info:
        p.move(tile)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError) and not isinstance(info.value, SlidingError)


def test_slide_directions_as_in_15_puzzle_apps():
    p = Position((1, 2, 3, 4, 0, 5, 6, 7, 8), 3)
    assert p.slide("left") == p.move(5)    # the tile right of the hole goes left
    assert p.slide("right") == p.move(4)   # the tile left of the hole goes right
    assert p.slide("up") == p.move(7)      # the tile below goes up
    assert p.slide("down") == p.move(2)    # the tile above goes down


@pytest.mark.parametrize("direction,edge", [("up", "bottom"), ("left", "right")])
def test_slide_off_the_board(direction, edge):
    with pytest.raises(IllegalMove, match=f"no tile can slide {direction}: the hole is on the {edge} edge"):
        Position.goal(3, 3).slide(direction)


def test_slide_unknown_direction():
    with pytest.raises(IllegalMove, match="'north' is not a direction"):
        Position.goal(3, 3).slide("north")


def test_spec_example_distances():
    """docs/sliding.md: 1 5 2 7 0 3 8 4 6 needs 8 moves; 3 7 8 5 4 6 2 0 1 needs 27."""
    dist = bfs_distances(3, 3)
    assert dist[(1, 5, 2, 7, 0, 3, 8, 4, 6)] == 8
    assert dist[(3, 7, 8, 5, 4, 6, 2, 0, 1)] == 27
    assert len(dist) == 181_440
    assert max(dist.values()) == 31


def test_replay_and_play():
    p = Position((1, 2, 3, 4, 5, 6, 0, 7, 8), 3)
    assert p.play([7, 8]).is_goal()
    assert replay(3, p.tiles, []) == p.tiles
    with pytest.raises(IllegalMove, match="move 2: tile 1 is not next to the hole"):
        p.play([7, 1])


# --- parity -----------------------------------------------------------------------------------------

def test_inversions():
    assert inversions((1, 2, 3, 4, 5, 6, 7, 8, 0)) == 0
    assert inversions((8, 7, 6, 5, 4, 3, 2, 1, 0)) == 28
    assert inversions((0, 2, 1)) == 1  # the hole does not count


@pytest.mark.parametrize("width,height", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)])
def test_parity_agrees_with_bfs_on_every_position(width, height):
    """Exactly the positions the parity rule calls solvable are reachable: half of all."""
    seen = reachable(width, height) if width * height < 9 else set(bfs_distances(width, height))
    n = width * height
    count = 0
    for tiles in itertools.permutations(range(n)):
        s = solvable(width, tiles)
        count += s
        assert s == (tiles in seen), tiles
    assert count == len(seen) == math.factorial(n) // 2


@pytest.mark.parametrize("width,height", [(2, 2), (2, 3), (3, 2), (3, 3)])
@given(data=st.data())
@PROFILE
def test_parity_matches_bfs_sampled(width, height, data):
    tiles = tuple(data.draw(st.permutations(range(width * height))))
    assert Position(tiles, width).solvable() == (tiles in bfs_distances(width, height))


def test_known_15_puzzle_parity():
    # Sam Loyd's 14-15 puzzle cannot be solved
    loyd = tuple(range(1, 14)) + (15, 14, 0)
    assert not Position(loyd, 4).solvable()
    # the hole one row up with the tiles in order: solvable (move 12 up... a vertical move)
    assert Position((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12), 4).solvable()
    # the tiles in reading order but the hole one row up (not by a move): unsolvable
    assert not Position((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 12, 13, 14, 15), 4).solvable()
    # the hole two rows up, tiles in reading order: the even width rule says solvable
    assert Position((1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 14, 15), 4).solvable()


@given(p=positions(), data=st.data())
@PROFILE
def test_moves_keep_parity(p, data):
    for _ in range(10):
        tile = data.draw(st.sampled_from(p.movable()))
        q = p.move(tile)
        assert q.solvable() == p.solvable()
        p = q


@given(p=positions(), data=st.data())
@PROFILE
def test_move_then_back(p, data):
    tile = data.draw(st.sampled_from(p.movable()))
    q = p.move(tile)
    assert q != p
    assert tile in q.movable()
    assert q.move(tile) == p
    assert q.tiles[p.hole] == tile and q.hole == p.tiles.index(tile)


@given(p=positions(), direction=st.sampled_from(["left", "right", "up", "down"]))
@PROFILE
def test_slide_then_opposite(p, direction):
    opposite = {"left": "right", "right": "left", "up": "down", "down": "up"}[direction]
    try:
        q = p.slide(direction)
    except IllegalMove:
        return
    assert q.slide(opposite) == p


@given(p=positions())
@PROFILE
def test_swapping_two_tiles_flips_parity(p):
    t = list(p.tiles)
    a, b = [i for i, x in enumerate(t) if x][:2]
    t[a], t[b] = t[b], t[a]
    assert Position(tuple(t), p.width).solvable() != p.solvable()


@given(p=positions())
@PROFILE
def test_repr_round_trip(p):
    assert eval(repr(p)) == p

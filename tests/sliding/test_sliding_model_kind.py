"""The sliding kind object (webapp.sliding.kind.KIND): the kinds interface of
docs and /work notes (parse, text, share codes, options, quick, solve, move,
hint, shuffle, svg, detect, summary), answered as the solver answers."""

from __future__ import annotations

import json
import pickle
import random

import pytest

from sliding_reference import bfs_distances
from webapp.sliding.kind import EXAMPLE, KIND
from webapp.sliding.position import IllegalMove, Position, SlidingError, replay
from webapp.sliding.sharecode import ShareCodeError
from webapp.errors import FieldError


SHARED = ("status", "moves", "length", "seconds", "optimal", "engine", "nodes")


def test_the_interface():
    assert KIND.name == "sliding"
    assert KIND.title == "Sliding tiles"
    assert KIND.counter == "nodes" and KIND.depth_field == "bound"
    assert issubclass(KIND.error, ValueError) and KIND.error is SlidingError
    assert KIND.goal.endswith(".") and "\n" not in KIND.goal
    assert KIND.parse(KIND.example) == Position((1, 5, 2, 7, 0, 3, 8, 4, 6), 3)
    assert KIND.example == EXAMPLE == KIND.text(KIND.parse(EXAMPLE))


def test_text_and_share_codes():
    p = KIND.parse("3,7,8\r\n5 4 6\n2 0 1")
    assert KIND.text(p) == "3 7 8\n5 4 6\n2 0 1\n"
    assert KIND.decode(KIND.encode(p)) == p
    with pytest.raises(KIND.error) as info:
        KIND.parse("1 2\n3 x")
    assert (info.value.line, info.value.column) == (2, 3)
    with pytest.raises(ShareCodeError):
        KIND.decode("1-3x3-zzzzz")
    with pytest.raises(KIND.error):
        KIND.decode("nonsense")


def test_options_are_none_and_unknown_keys_are_ignored():
    assert KIND.options({}) == {}
    assert KIND.options({"goal": "all", "orientation": 3, "x": [1]}) == {}


# --- solving ----------------------------------------------------------------------------------------

def test_solve_the_spec_examples():
    for text, length in [("1 5 2 7 0 3 8 4 6", 8), ("3 7 8 5 4 6 2 0 1", 27)]:
        answer = KIND.solve(text, {})
        assert all(key in answer for key in SHARED)
        assert answer["kind"] == "sliding"
        assert (answer["status"], answer["length"], answer["optimal"]) == ("solved", length, True)
        p = KIND.parse(text)
        assert Position(replay(3, p.tiles, answer["moves"]), 3).is_goal()
        json.dumps(answer)  # plain JSON


def test_solve_unsolvable_at_once():
    answer = KIND.solve("1 2 3\n4 5 6\n8 7 0", {})
    assert answer["status"] == "unsolvable" and answer["nodes"] == 0 and answer["moves"] == []
    assert answer["optimal"] is False and answer["length"] is None


def test_solve_with_a_node_limit_gives_a_labelled_solution(sliding_databases):
    # Korf's position 1 (57 moves) in a few hundred nodes: not proven shortest, but it replays
    text = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"
    answer = KIND.solve(text, {}, max_count=300)
    p = KIND.parse(text)
    assert answer["status"] == "solved" and answer["optimal"] is False
    assert answer["lower_bound"] <= 57 <= answer["length"]
    assert Position(replay(4, p.tiles, answer["moves"]), 4).is_goal()


def test_solve_arguments_pickle():
    # the worker gets (text, options, limits): all plain values
    pickle.dumps((KIND.text(KIND.parse(EXAMPLE)), KIND.options({}), {"max_count": 10}))


def test_solve_bad_text_raises_the_kinds_error():
    with pytest.raises(KIND.error):
        KIND.solve("1 2 3", {})


def test_quick_answers_parity_and_tables():
    unsolvable = KIND.quick(Position((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0), 4), {})
    assert unsolvable["status"] == "unsolvable" and unsolvable["method"] == "parity"
    dist = bfs_distances(3, 3)
    rng = random.Random(2)
    for tiles in rng.sample(sorted(dist), 20):
        answer = KIND.quick(Position(tiles, 3), {})
        assert answer["length"] == dist[tiles] and answer["optimal"] and answer["method"] == "table"
    two_by_four = KIND.quick(Position((1, 2, 3, 4, 5, 6, 0, 7), 4), {})
    assert two_by_four["length"] == 1


def test_quick_leaves_big_searches_to_a_worker():
    p = Position(tuple(range(63, 0, -1)) + (0,), 8)
    assert not p.solvable() or KIND.quick(p, {}) is None
    big = KIND.shuffle({"width": 8, "height": 8}, random.Random(1))
    assert KIND.quick(big, {}) is None


def test_quick_answers_what_is_found_optimally_at_once():
    near = Position.goal(8, 8).play([56, 55, 47])
    answer = KIND.quick(near, {})
    assert answer is not None and answer["optimal"] and answer["length"] == 3


# --- playing ----------------------------------------------------------------------------------------

def test_move_by_tile_and_by_direction():
    p = KIND.parse("1 2 3\n4 0 5\n6 7 8")
    assert KIND.move(p, {}, 5) == {"board": "1 2 3\n4 5 0\n6 7 8\n", "moved": 5,
                                   "direction": "left", "solved": False}
    assert KIND.move(p, {}, "left") == KIND.move(p, {}, 5)
    assert KIND.move(p, {}, "right")["moved"] == 4
    assert KIND.move(p, {}, "up")["moved"] == 7
    assert KIND.move(p, {}, "down")["moved"] == 2
    assert KIND.move(p, {}, 2)["direction"] == "down"
    assert KIND.move(p, {}, " 7 ")["direction"] == "up"


def test_move_that_solves():
    assert KIND.move(KIND.parse("1 2 3\n4 5 6\n7 0 8"), {}, 8)["solved"] is True


@pytest.mark.parametrize("move", [1, 0, 99, True, None, 2.0, "north", "", [5]])
def test_illegal_moves(move):
    with pytest.raises(IllegalMove) as info:
        KIND.move(KIND.parse("1 2 3\n4 0 5\n6 7 8"), {}, move)
    assert isinstance(info.value, ValueError) and not isinstance(info.value, KIND.error)


def test_illegal_direction_at_the_edge():
    with pytest.raises(IllegalMove, match="the hole is on the right edge"):
        KIND.move(Position.goal(3, 3), {}, "left")


def test_hint_on_a_table_board_names_the_best_tile_and_every_distance():
    h = KIND.quick(KIND.parse(EXAMPLE), {}, task="hint")
    assert h["move"] == h["tile"] and h["move"] in (5, 7, 3, 4)
    assert h["length"] == 8 and h["optimal"] is True
    assert h["distances"][h["move"]] == 7
    assert set(h["distances"]) == {5, 7, 3, 4}
    assert all(d in (7, 9) for d in h["distances"].values())


def test_hint_at_the_goal_and_when_unsolvable():
    assert KIND.quick(Position.goal(3, 3), {}, task="hint")["move"] is None
    h = KIND.quick(KIND.parse("1 2 3\n4 5 6\n8 7 0"), {}, task="hint")
    assert h["move"] is None and h["status"] == "unsolvable"
    h = KIND.quick(Position((2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0), 4), {}, task="hint")
    assert h["status"] == "unsolvable"


def test_hint_on_a_big_board_is_left_to_a_solve():
    big = KIND.shuffle({"width": 8, "height": 8}, random.Random(3))
    assert KIND.quick(big, {}, task="hint") is None
    near = Position.goal(6, 6).play([30, 29])
    h = KIND.quick(near, {}, task="hint")
    assert h is not None and h["move"] == 29


# --- shuffling --------------------------------------------------------------------------------------

@pytest.mark.parametrize("data,size", [
    ({}, "4x4"),
    ({"width": 3, "height": 2}, "3x2"),
    ({"width": 5}, "5x5"),
    ({"size": "2x4"}, "2x4"),
    ({"size": " 8 X 3 "}, "8x3"),
    ({"size": 6}, "6x6"),
    ({"size": "3x3", "width": 4}, "4x3"),
    ({"width": 3, "height": 3, "distance": 12}, "3x3"),
    ({"width": 3, "height": 3, "seed": 5, "other": "ignored"}, "3x3"),
])
def test_shuffle_sizes(data, size):
    p = KIND.shuffle(data, random.Random(1))
    assert p.size == size and p.solvable()


def test_shuffle_at_a_distance():
    for n in (0, 1, 15, 31):
        p = KIND.shuffle({"width": 3, "height": 3, "distance": n}, random.Random(n))
        assert KIND.summary(p)["optimal"] == n


@pytest.mark.parametrize("data,message", [
    ({"width": 1}, '"width" must be 2 to 8, not 1'),
    ({"width": 3, "height": 9}, '"height" must be 2 to 8, not 9'),
    ({"width": "3"}, '"width" must be 2 to 8'),
    ({"width": True}, '"width" must be 2 to 8'),
    ({"size": "4 by 4"}, '"size" must look like "4x4"'),
    ({"size": "9x2"}, '"size" must be 2 to 8, not 9'),
    ({"size": 1}, '"size" must be 2 to 8, not 1'),
    ({"width": 4, "height": 4, "distance": 10}, "boards of up to 9 cells"),
    ({"width": 3, "height": 3, "distance": 40}, "no 3 x 3 position is 40 moves from the goal"),
    ({"width": 3, "height": 3, "distance": "5"}, '"distance" must be a whole number'),
    ({"width": 3, "height": 3, "distance": -2}, "the distance must be a whole number of moves, 0 or more"),
])
def test_shuffle_errors(data, message):
    with pytest.raises(FieldError) as info:
        KIND.shuffle(data, random.Random(0))
    assert message in str(info.value)


# --- describing -------------------------------------------------------------------------------------

def test_svg():
    svg = KIND.svg(KIND.parse(EXAMPLE))
    assert svg.startswith("<svg") and "<title>" in svg and svg.count("<text") == 8


def test_summary():
    assert KIND.summary(Position.goal(4, 4)) == {"width": 4, "height": 4, "size": "4x4",
                                                 "tiles": 15, "solvable": True}
    assert KIND.summary(KIND.parse("3 7 8 5 4 6 2 0 1"))["optimal"] == 27
    s = KIND.summary(KIND.parse("1 2 3\n4 5 6\n8 7 0"))
    assert s["solvable"] is False and s["optimal"] is None


@pytest.mark.parametrize("text,score", [
    ("1 2 3\n4 5 6\n7 8 0\n", 1.0),
    ("1 2 3 4 5 6 7 8 0", 1.0),
    ("\ufeff1,2\r\n3,0\r\n", 1.0),
    ("1 2 3\n4 5 6\n7 8 8\n", 0.9),          # malformed, but plainly this kind
    ("1 2 3\n4 5\n", 0.9),
    ("1 2 3\n4 5 x\n", 0.45),
    ("7\n### ###\n#     #\n#  001#\n#######\n", 0.18),   # a rotation puzzle: its size line only
    ("#####\n#0  #\n", 0.0),
    ("", 0.0),
    ("hello world", 0.0),
])
def test_detect(text, score):
    assert KIND.detect(text) == pytest.approx(score, abs=0.01)
    assert 0.0 <= KIND.detect(text) <= 1.0

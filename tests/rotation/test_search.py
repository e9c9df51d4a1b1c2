"""The breadth-first search: answers, shortest-ness, goals and limits.

Answers are checked by replaying them, and shortest-ness by an independent
brute force over every move sequence (no merging of states, so it shares
nothing with the search but the physics). Move strings are only compared
where the comments show that the answer is unique.
"""

from __future__ import annotations

import time

import pytest

from webapp.rotation import EXAMPLE, Board, Goal, GoalError, Position, parse, solve
from webapp.rotation.native import available, native_solve
from rotation_reference import replay
from webapp.errors import IllegalMove

#: The reference, and the C search where it is built.
SEARCHES = (solve, native_solve) if available() else (solve,)

UNSOLVABLE = "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n"

# One stick in a closed 5 x 5 frame: no gap at all.
CLOSED = "5\n#####\n# 0 #\n#   #\n#   #\n#####\n"

# Two single sticks in one row with a wall between them and a gap at each end
# of the row: R releases 1, L releases 0.
TWO_SIDES = "5 4\n#####\n#   #\n 0#1 \n#####\n"

# A board with a big state space (1.5 million states) and a gap no stick can
# reach (a wall stands inside it): it keeps a search busy.
BUSY = "9\n" + "\n".join([
    "#########",
    "#0  1  2#",
    "#0  1   #",
    "#   3 44#",
    "#  #   5#",
    "# 66   ##",
    "#      ##",
    "#  #   ##",
    "####### #",
]) + "\n"


def board(text: str) -> Board:
    return parse(text)


def reaches(goal: str, step, position) -> bool:
    """Does this settling reach ``goal``? (an independent reading of docs/rotation.md)"""
    if goal == "any":
        return bool(step.released)
    if goal == "all":  # every stick out: at once when there are none
        return not position.board.sticks
    assert goal.startswith("stick:")
    return goal[6] in step.released


def brute_force(b: Board, goal: str = "any", max_length: int = 8, orientation: int = 0):
    """The shortest length and every sequence of that length that reaches
    ``goal``, trying all 2^k sequences of each length k; None if none up to
    ``max_length``."""
    first = Position(b, orientation).settle()
    if reaches(goal, first, first.position):
        return 0, {""}
    level = [("", first.position)]
    for length in range(1, max_length + 1):
        found, nxt = set(), []
        for moves, position in level:
            for move in "LR":
                step = position.turn(move)
                if reaches(goal, step, step.position):
                    found.add(moves + move)
                else:
                    nxt.append((moves + move, step.position))
        if found:
            return length, found
        level = nxt
    return None


def check_replay(b: Board, answer, goal: str = "any") -> None:
    """The answer's moves reach the goal at their last move and never before."""
    first, steps = replay(b, answer.moves, answer.orientation)
    if not answer.moves:
        assert reaches(goal, first, first.position)
        return
    assert not reaches(goal, first, first.position)
    for step in steps[:-1]:
        assert not reaches(goal, step, step.position)
    assert reaches(goal, steps[-1], steps[-1].position)
    assert answer.trajectory == steps
    assert answer.start == first


# --- the examples of docs/rotation.md --------------------------------------------------------------------

def test_spec_example_is_solved_by_ll():
    answer = solve(board(EXAMPLE))
    assert answer.status == "solved"
    # LL is the only sequence of two moves that releases a stick, and no single
    # move does (checked by brute force): so the string can be compared.
    assert brute_force(board(EXAMPLE)) == (2, {"LL"})
    assert answer.moves == "LL"
    assert answer.length == 2 and answer.depth == 2
    assert answer.summary() == "2 moves: L L"
    assert [s.move for s in answer.trajectory] == ["L", "L"]
    assert answer.trajectory[-1].released == ("1",)
    check_replay(board(EXAMPLE), answer)


def test_spec_unsolvable_example():
    answer = solve(board(UNSOLVABLE))
    # By hand: the vertical stick is always in column 1 or 3, never over the gap
    # in column 2. Its reachable states (orientation, top cell):
    # (0,(2,1)) (1,(2,3)) (3,(2,1)) (2,(1,3)) (0,(2,3)) (2,(1,1)) (3,(1,1)) (1,(1,3)).
    assert answer.status == "unsolvable"
    assert answer.states == 8
    assert answer.moves == "" and answer.length is None and answer.trajectory == []
    assert answer.summary() == "unsolvable: all 8 reachable positions tried"
    assert brute_force(board(UNSOLVABLE), max_length=10) is None


def test_states_with_different_gravity_are_different():
    # The single stick visits 5 places: the bottom middle (start) and the four
    # corners. Each corner is reached with gravity towards either of its two
    # walls: 1 + 4 * 2 = 9 states (5 if gravity were ignored).
    answer = solve(board(CLOSED), _shortcut=False)  # a closed frame is answered without this search
    assert answer.status == "unsolvable"
    assert answer.states == 9


# --- shortest answers, checked by replay and brute force ---------------------------------

SHORTEST_CASES = [
    EXAMPLE,
    TWO_SIDES,
    # a board whose sticks need a few turns to reach the gap
    "7\n#######\n#0    #\n#0 #  #\n#  # 1#\n#    1#\n# 22  #\n## ####\n",
    "6\n######\n#    #\n#1#   \n# 0  #\n#    #\n######\n",
    "6\n##  ##\n#a   #\n#a bb#\n# #  #\n#  c #\n######\n",
    "8\n########\n#      #\n# 11   #\n#    # #\n#  0   #\n#  0   #\n#  0 2 #\n## #####\n",
    "7\n#######\n#   00#\n###    \n#  #  #\n#  3  #\n#  3  #\n#######\n",
    "6\n##### \n#  1 #\n# #  #\n    3#\n#   3#\n######\n",
    "6 7\n## ###\n#   1#\n# # 1#\n#  01#\n      \n#    #\n######\n",
    "5 8\n# ###\n##  #\n#   #\n# # #\n#   #\n#440#\n#  0#\n# ###\n",
    "8 7\n########\n       #\n###    #\n#     ##\n# 2 1  #\n# 2    #\n########\n",
]


@pytest.mark.parametrize("text", SHORTEST_CASES)
def test_answers_are_shortest(text):
    b = board(text)
    answer = solve(b)
    expected = brute_force(b, max_length=10)
    assert expected is not None, "test board must be solvable within 10 moves"
    length, sequences = expected
    assert answer.status == "solved"
    assert len(answer.moves) == length
    assert answer.moves in sequences
    check_replay(b, answer)


def test_several_shortest_answers_all_replay():
    # TWO_SIDES: R releases 1 (gravity right), L releases 0 (gravity left).
    b = board(TWO_SIDES)
    assert brute_force(b) == (1, {"L", "R"})
    answer = solve(b)
    assert len(answer.moves) == 1
    check_replay(b, answer)


def test_start_orientation():
    # Gravity starts towards the left side: the start settling does what L did
    # in the example; then only L (gravity up) releases stick 1.
    b = board(EXAMPLE)
    answer = solve(b, orientation=3)
    assert answer.orientation == 3
    assert answer.start.position.orientation == 3
    assert answer.start.moved == {"0": 2, "1": 2}
    assert brute_force(b, orientation=3) == (1, {"L"})
    assert answer.moves == "L"
    check_replay(b, answer)


# --- goals ---------------------------------------------------------------------------------------

def test_goal_parse():
    assert Goal.parse("any") == Goal("any")
    assert Goal.parse(None) == Goal("any")
    assert Goal.parse(" all ") == Goal("all")
    assert Goal.parse("stick:Z") == Goal("stick", "Z")
    assert str(Goal.parse("stick:Z")) == "stick:Z"
    assert Goal.parse(Goal("all")) == Goal("all")


@pytest.mark.parametrize("goal", ["bogus", "stick:", "stick:ab", "stick", "ALL", "stick 1", "some"])
def test_bad_goal(goal):
    with pytest.raises(GoalError, match="goal"):
        solve(board(EXAMPLE), goal)


@pytest.mark.parametrize("goal", ["stick:2", "stick:z", "stick:#"])
def test_goal_for_unknown_stick(goal):
    with pytest.raises(GoalError) as info:
        solve(board(EXAMPLE), goal)
    message = str(info.value)
    assert goal[6] in message and "0, 1" in message


def test_goal_for_a_board_without_sticks_names_none():
    with pytest.raises(GoalError, match="none"):
        solve(Board.empty_frame(5), "stick:0")


def test_goal_error_is_a_value_error():
    assert issubclass(GoalError, ValueError)


def test_goal_chosen_stick():
    # The example: stick 1 leaves after LL. Stick 0 (horizontal, two cells) can
    # never leave through the one-cell gap in the top row.
    b = board(EXAMPLE)
    answer = solve(b, "stick:1")
    assert answer.status == "solved" and answer.moves == "LL"
    check_replay(b, answer, "stick:1")
    none = solve(b, "stick:0")
    assert none.status == "unsolvable"
    assert brute_force(b, "stick:0", max_length=10) is None


def test_goal_chosen_stick_needs_more_moves_than_any():
    b = board("6 5\n######\n#    #\n#    #\n#1# 0 \n######\n")
    # R releases 0 (gravity right; the wall at (3,2) keeps 1 in), and L releases
    # nothing, so "any" is exactly R. Stick 1 must climb over the wall first.
    assert solve(b).moves == "R"
    answer = solve(b, "stick:1")
    length, sequences = brute_force(b, "stick:1")
    assert length > 1
    assert answer.status == "solved" and len(answer.moves) == length
    assert answer.moves in sequences
    check_replay(b, answer, "stick:1")


def test_goal_all_releases_one_stick_after_the_other():
    # TWO_SIDES: releases happen only with gravity right (stick 1) or left
    # (stick 0), so the second release needs an odd number of moves after the
    # first: 3 moves at least, e.g. R L L or L R R.
    b = board(TWO_SIDES)
    answer = solve(b, "all")
    assert answer.status == "solved" and len(answer.moves) == 3
    length, sequences = brute_force(b, "all")
    assert length == 3 and answer.moves in sequences
    assert {"RLL", "LRR"} <= sequences
    first, steps = replay(b, answer.moves)
    # sticks that fell out stay out: exactly one leaves at move 1, the other at move 3
    assert len(steps[0].released) == 1
    assert steps[1].released == ()
    assert len(steps[2].released) == 1
    assert set(steps[0].released + steps[2].released) == {"0", "1"}
    assert steps[-1].position.board.sticks == ()
    check_replay(b, answer, "all")


def test_goal_all_when_everything_leaves_at_once():
    # Without the middle wall, one turn sends both sticks out of the same side.
    b = board("5 4\n#####\n#   #\n 0 1 \n#####\n")
    answer = solve(b, "all")
    assert answer.status == "solved" and len(answer.moves) == 1
    assert set(answer.trajectory[0].released) == {"0", "1"}


def test_goal_all_unsolvable_when_one_stick_is_stuck():
    # stick 0 of the example never leaves (see test_goal_chosen_stick)
    answer = solve(board(EXAMPLE), "all")
    assert answer.status == "unsolvable"


def test_goal_all_with_a_zero_move_start():
    b = board("5\n#####\n#   #\n# 0 #\n#   #\n## ##\n")
    answer = solve(b, "all")
    assert answer.status == "solved" and answer.moves == ""


@pytest.mark.parametrize("goal", ["any", "all", "stick:0", "stick:1", "stick:2"])
def test_goals_agree_with_brute_force(goal):
    b = board("7\n#######\n#0    #\n#0 #  #\n#  # 1#\n#    1#\n# 22  #\n## ####\n")
    answer = solve(b, goal)
    expected = brute_force(b, goal, max_length=9)
    if expected is None:
        assert answer.status == "unsolvable" or len(answer.moves) > 9
    else:
        length, sequences = expected
        assert answer.status == "solved"
        assert len(answer.moves) == length and answer.moves in sequences
        check_replay(b, answer, goal)


# --- boards that cannot be solved ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    CLOSED,
    "7\n#######\n#0    #\n#0 #  #\n#  # 1#\n#    1#\n# 22  #\n#######\n",
    "4 6\n####\n#01#\n#01#\n#  #\n#  #\n####\n",
])
def test_board_without_gap_is_unsolvable(text):
    b = board(text)
    assert b.gaps() == ()
    for goal in ("any", "all", "stick:0"):
        answer = solve(b, goal)
        assert answer.status == "unsolvable"
        assert answer.moves == "" and answer.length is None
        assert answer.reason == "no-gap" and answer.states == 1 and answer.depth == 0
        assert answer.summary() == "unsolvable: no gap in the frame, so no stick can ever fall out"
        assert answer.to_dict()["reason"] == "no-gap"
        assert solve(b, goal, _shortcut=False).status == "unsolvable"


def test_board_without_sticks():
    answer = solve(Board.empty_frame(5))
    assert answer.status == "unsolvable"
    assert answer.states == 1 and answer.depth == 0
    assert answer.moves == "" and answer.reason == "no-sticks"
    assert answer.summary() == "unsolvable: the board has no sticks"


@pytest.mark.parametrize("text", ["5\n#####\n#   #\n#   #\n#   #\n## ##\n",
                                  "5\n#####\n#   #\n# # #\n#   #\n#####\n"])
@pytest.mark.parametrize("orientation", range(4))
def test_goal_all_without_sticks_is_solved_in_0_moves(text, orientation):
    """The rules decide it: with no sticks, every stick is out before the first move."""
    for engine in SEARCHES:
        answer = engine(board(text), "all", orientation=orientation)
        assert answer.status == "solved" and answer.moves == "" and answer.length == 0
        assert answer.states == 1 and answer.depth == 0 and answer.trajectory == []
        assert answer.summary() == "0 moves: the board has no sticks, so none is left to release"
        full = engine(board(text), "all", orientation=orientation, _shortcut=False)
        assert (full.status, full.length) == ("solved", 0)


# --- limits ---------------------------------------------------------------------------------------

def test_state_limit_on_the_unsolvable_example():
    # Breadth-first layers of UNSOLVABLE (see test_spec_unsolvable_example):
    # depth 0: 1 state, depth 1: 2, depth 2: 3, depth 3: 2 (8 in all).
    b = board(UNSOLVABLE)
    for max_states, states, depth in [(1, 1, 0), (2, 2, 0), (3, 3, 1), (6, 6, 2), (7, 7, 2)]:
        answer = solve(b, max_states=max_states)
        assert answer.status == "limit", max_states
        assert answer.limit == "states"
        assert (answer.states, answer.depth) == (states, depth), max_states
        assert answer.moves == "" and answer.length is None
    # 8 states are enough to prove there is no answer
    assert solve(b, max_states=8).status == "unsolvable"


def test_state_limit_summary():
    answer = solve(board(UNSOLVABLE), max_states=7)
    assert answer.summary() == "state limit reached: no solution within 2 moves after 7 states"


def test_state_limit_does_not_hide_an_answer_within_it():
    # EXAMPLE: the start; then L and R each lead to a new state; expanding
    # those, each of them has at most one more new successor before L from
    # the L state releases stick 1: 1 + 2 + 2 = 5 states at most, whatever
    # the order in which the search tries the moves.
    b = board(EXAMPLE)
    assert solve(b, max_states=2).status == "limit"
    answer = solve(b, max_states=5)
    assert answer.status == "solved" and answer.moves == "LL"


def test_bad_state_limit():
    with pytest.raises(ValueError):
        solve(board(EXAMPLE), max_states=0)


def test_time_limit_zero_stops_a_long_search():
    answer = solve(board(BUSY), max_seconds=0)
    assert answer.status == "limit" and answer.limit == "time"
    assert answer.states > 1
    assert answer.moves == "" and answer.length is None
    assert answer.summary().startswith("time limit reached: no solution within")


def test_time_limit_is_respected():
    began, cpu = time.perf_counter(), time.process_time()
    answer = solve(board(BUSY), max_seconds=0.3)
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    assert answer.status == "limit" and answer.limit == "time"
    assert 0.3 <= answer.seconds <= elapsed
    assert elapsed < 2.5 or cpu < 2.5  # in CPU seconds when a busy machine kept it waiting for a core
    assert answer.depth >= 1


def test_progress_is_reported():
    calls = []
    answer = solve(board(BUSY), max_states=3000, progress=lambda states, depth: calls.append((states, depth)))
    assert answer.status == "limit"
    assert calls
    states = [s for s, _ in calls]
    depths = [d for _, d in calls]
    assert states == sorted(states) and depths == sorted(depths)
    assert max(states) <= answer.states


# --- replay ---------------------------------------------------------------------------------------

def test_a_move_other_than_l_or_r_is_refused():
    with pytest.raises(IllegalMove):
        replay(board(EXAMPLE), "LX")



def test_memory_limit_of_the_reference_solver():
    from pathlib import Path

    giant = parse((Path(__file__).resolve().parents[2] / "benchmarks" / "giant-gap.txt").read_text())
    answer = solve(giant, max_bytes=2_000_000)
    assert answer.status == "limit" and answer.limit == "memory"
    per_state = 300 + 16 * len(giant.sticks)
    assert answer.states == 2_000_000 // per_state
    assert answer.depth > 0
    assert "memory limit reached" in answer.summary()

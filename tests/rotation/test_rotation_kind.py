"""The rotation kind object (webapp.rotation.kind.KIND): the request fields
it reads (``options``: goal and orientation; ``shuffle``: size, width,
height, sticks) and the moves it plays, each rule checked here once; the
web tests send one bad value per route to prove the wiring
(tests/web/test_routes.py)."""

from __future__ import annotations

import random

import pytest

from webapp import kinds
from webapp.errors import FieldError, IllegalMove
from webapp.rotation import EXAMPLE, Goal, GoalError, parse
from webapp.rotation.kind import KIND


def test_options_default_to_any_goal_and_no_turn():
    assert KIND.options({}) == {"goal": "any", "orientation": 0}
    assert KIND.options({"goal": "stick:1", "orientation": 3}) == {"goal": "stick:1", "orientation": 3}


@pytest.mark.parametrize("goal", [5, None, ["any"], True, {"kind": "any"}])
def test_a_goal_that_is_not_a_string_is_a_field_error(goal):
    with pytest.raises(FieldError, match='"goal"'):
        KIND.options({"goal": goal})


@pytest.mark.parametrize("orientation", [4, -1, "1", True, False, 1.5, None, [0], 10**30])
def test_an_orientation_other_than_0_to_3_is_a_field_error(orientation):
    with pytest.raises(FieldError, match='"orientation"'):
        KIND.options({"orientation": orientation})


@pytest.mark.parametrize("goal", ["sideways", "stick:", "stick:01"])
def test_an_unknown_goal_is_refused_before_any_search(goal):
    with pytest.raises(GoalError, match="unknown goal"):
        KIND.quick(parse(EXAMPLE), KIND.options({"goal": goal}))


@pytest.mark.parametrize("goal", ["stick:z", "stick:2", "stick:#"])
def test_a_goal_naming_a_missing_stick_lists_the_sticks_there_are(goal):
    with pytest.raises(GoalError, match="no stick") as info:
        KIND.quick(parse(EXAMPLE), KIND.options({"goal": goal}))
    assert "0, 1" in str(info.value)


@pytest.mark.parametrize("goal", ["", "   ", " any "])
def test_an_empty_goal_means_any(goal):
    assert Goal.parse(goal) == Goal("any")
    assert KIND.solve(EXAMPLE, KIND.options({"goal": goal}))["moves"] == "LL"


@pytest.mark.parametrize("move", ["X", "LL", "l", "r", "", 1, True, [], {}, ["L"]])
def test_a_move_other_than_l_r_or_null_is_illegal(move):
    with pytest.raises(IllegalMove, match='"move"'):
        KIND.move(parse(EXAMPLE), KIND.options({}), move)


@pytest.mark.parametrize("data, words", [
    ({"size": 2}, "3 to 64"), ({"size": 65}, "3 to 64"), ({"size": "7"}, "whole number"),
    ({"sticks": 0}, '"sticks"'), ({"sticks": 63}, '"sticks"'), ({"width": 9, "height": 1}, "height"),
    ({"size": True}, "whole number"),
])
def test_shuffle_fields_out_of_range_are_field_errors(data, words):
    with pytest.raises(FieldError, match=words):
        KIND.shuffle(data, random.Random(0))


def test_detect_is_sure_of_a_frame_and_half_sure_of_a_broken_one():
    assert KIND.detect(EXAMPLE) == 1.0
    broken = "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n"   # line 3, column 4: a split stick
    assert 0 < KIND.detect(broken) < 1
    assert all(KIND.detect(broken) > other.detect(broken) for other in kinds.KINDS if other is not KIND)

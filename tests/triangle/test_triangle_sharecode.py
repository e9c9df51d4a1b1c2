"""Share codes of triangle puzzles: a round trip for every size and any
numbers (hypothesis), short codes for everyday puzzles, damaged and foreign
codes refused with a message, and the other kinds' codes kept apart."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from triangle_reference import NUMBERED as EXAMPLES
from webapp.rotation import EXAMPLE as ROTATION_EXAMPLE
from webapp.rotation import parse as rotation_parse
from webapp.rotation import sharecode as rotation_codes
from webapp.sliding import sharecode as sliding_codes
from webapp.sliding.position import Position
from webapp.triangle.puzzle import Puzzle, TriangleError
from webapp.triangle.sharecode import ShareCodeError, decode, encode


@st.composite
def puzzles(draw):
    n = draw(st.integers(1, 8))
    figures = draw(st.integers(0, 30))
    bound = draw(st.sampled_from([figures, figures, 60, 10**6]))
    number = st.integers(-bound, bound)
    pieces = draw(st.lists(st.tuples(number, number, number), min_size=n * n, max_size=n * n))
    return Puzzle(figures, tuple(pieces))


@settings(max_examples=150, deadline=None)
@given(puzzles())
def test_every_puzzle_comes_back_from_its_code(puzzle):
    code = encode(puzzle)
    assert decode(code) == puzzle
    assert code.startswith(f"1-{puzzle.n}-") and code.isascii()
    assert all(ch.isalnum() or ch == "-" for ch in code)  # safe in a URL as it is


@settings(max_examples=60, deadline=None)
@given(puzzles(), st.data())
def test_one_changed_character_is_never_another_puzzle_silently(puzzle, data):
    code = encode(puzzle)
    at = data.draw(st.integers(len(code.rsplit("-", 1)[0]) + 1, len(code) - 1))
    other = data.draw(st.sampled_from("0aZ9"))
    damaged = code[:at] + other + code[at + 1:]
    if damaged != code:
        try:
            decoded = decode(damaged)
        except ShareCodeError:
            return
        # a 1-in-62 chance to pass the check: then it must still be a valid puzzle
        assert isinstance(decoded, Puzzle)


def test_codes_are_short_for_everyday_puzzles():
    nine = encode(Puzzle(3, EXAMPLES[0]))
    assert len(nine) < 35
    big = Puzzle(9, tuple(((i % 19) - 9, (i * 7 % 19) - 9, (i * 5 % 19) - 9) for i in range(64)))
    assert len(encode(big)) < 150 and decode(encode(big)) == big


@pytest.mark.parametrize("code, words", [
    ("", "holds no puzzle"),
    ("2-3-3-7-00", "unknown version (2)"),
    ("1-9-3-7-00", "side 9 is out of range"),
    ("1-0-3-7-00", "side 0 is out of range"),
    ("1-3-3-1-00", "impossible base"),
    ("1-3-3-7-00", "cut short"),
    ("1 3 3 7", "not a triangle puzzle code"),
    ("x" * 5000, "too long"),
])
def test_bad_codes_are_refused_with_a_message(code, words):
    with pytest.raises(ShareCodeError) as info:
        decode(code)
    assert words in str(info.value)


def test_a_wrong_check_or_a_longer_body_is_refused():
    code = encode(Puzzle(3, EXAMPLES[0]))
    last = "A" if code[-1] != "A" else "B"
    with pytest.raises(ShareCodeError, match="check does not match"):
        decode(code[:-1] + last)
    with pytest.raises(ShareCodeError, match="too long"):
        decode(code[:-1] + "0" + code[-1])
    assert issubclass(ShareCodeError, TriangleError) and issubclass(ShareCodeError, ValueError)


def test_the_kinds_codes_are_kept_apart():
    triangle = encode(Puzzle(3, EXAMPLES[0]))
    sliding = sliding_codes.encode(Position((1, 5, 2, 7, 0, 3, 8, 4, 6), width=3))
    rotation = rotation_codes.encode(rotation_parse(ROTATION_EXAMPLE))
    for foreign in (sliding, rotation):
        with pytest.raises(ShareCodeError):
            decode(foreign)
    with pytest.raises(ValueError):
        sliding_codes.decode(triangle)
    with pytest.raises(ValueError):
        rotation_codes.decode(triangle)

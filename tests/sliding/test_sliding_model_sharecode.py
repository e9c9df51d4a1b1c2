"""Share codes of sliding positions: round trip, stability, damage noticed."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sliding_reference import positions
from webapp.sliding.position import Position, SlidingError, rank, unrank
from webapp.sliding.sharecode import ShareCodeError, decode, encode


URL_SAFE = re.compile(r"[0-9A-Za-z-]+")


@given(p=positions())
@settings(max_examples=300, deadline=None)
def test_round_trip(p):
    code = encode(p)
    assert URL_SAFE.fullmatch(code)
    assert code.startswith(f"1-{p.width}x{p.height}-")
    assert decode(code) == p


def test_codes_are_stable():
    # version 1 never changes: links already shared keep opening the same position
    assert encode(Position((1, 5, 2, 7, 0, 3, 8, 4, 6), 3)) == "1-3x3-0G2uw"
    assert encode(Position((3, 7, 8, 5, 4, 6, 2, 0, 1), 3)) == "1-3x3-0ebem"
    assert encode(Position.goal(4, 4)) == "1-4x4-0OfuXp85v"


@pytest.mark.parametrize("width,height,length", [(2, 2, 8), (3, 3, 11), (4, 4, 15), (5, 5, 22), (8, 8, 57)])
def test_codes_are_short(width, height, length):
    assert len(encode(Position.goal(width, height))) == length


def test_rank_unrank():
    for n in (1, 2, 3, 4, 5):
        perms = list(itertools.permutations(range(n)))
        assert [rank(p) for p in perms] == list(range(math.factorial(n)))
        assert [unrank(n, r) for r in range(math.factorial(n))] == perms


@given(p=positions(), i=st.integers(6, 60), ch=st.sampled_from("0123456789ABCDEFabcdefXYZxyz"))
@settings(max_examples=300, deadline=None)
def test_a_changed_character_is_noticed_or_gives_a_valid_position(p, i, ch):
    code = encode(p)
    i = min(i, len(code) - 1)
    damaged = code[:i] + ch + code[i + 1:]
    if damaged == code:
        return
    try:
        q = decode(damaged)
    except ShareCodeError:
        return
    # a 1-in-62 chance that the check passes: then it is still a valid position of the shape
    assert (q.width, q.height) == (p.width, p.height)


def test_most_single_changes_are_noticed():
    code = encode(Position((3, 7, 8, 5, 4, 6, 2, 0, 1), 3))
    caught = 0
    total = 0
    for i in range(6, len(code)):
        for ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz":
            if ch != code[i]:
                total += 1
                try:
                    decode(code[:i] + ch + code[i + 1:])
                except ShareCodeError:
                    caught += 1
    assert caught / total > 0.95


@pytest.mark.parametrize("code,message", [
    ("", "this link holds no position"),
    ("   ", "this link holds no position"),
    (None, "this link holds no position"),
    ("2-3x3-0G2uw", "unknown version (2)"),
    ("17-3x3-0G2uw", "unknown version (17)"),
    ("1-3x3-0G2u", "cut short"),
    ("1-3x3-0G2uww", "too long"),
    ("1-3x3-0G2ux", "check does not match"),
    ("1-9x3-0G2uw", "a 9 x 3 board is out of range"),
    ("1-1x3-0G2uw", "a 1 x 3 board is out of range"),
    ("1-3x3-0G2_w", "not a sliding position code"),
    ("1-3-3-0G2uw", "not a sliding position code"),
    ("hello", "not a sliding position code"),
    ("A" + "x" * 50, "not a sliding position code"),
    ("1-3x3-" + "z" * 200, "too long to be a sliding position"),
])
def test_bad_codes(code, message):
    with pytest.raises(ShareCodeError, match=re.escape(message)) as info:
        decode(code)
    assert isinstance(info.value, SlidingError) and isinstance(info.value, ValueError)


def test_a_rank_beyond_the_permutations_is_refused():
    from webapp.sharecodes import check_char as _check
    prefix = "1-2x2-z"  # 61 >= 4! = 24
    with pytest.raises(ShareCodeError, match="names no position of this size"):
        decode(prefix + _check(prefix))


def test_surrounding_spaces_are_ignored():
    assert decode(" 1-3x3-0G2uw\n") == Position((1, 5, 2, 7, 0, 3, 8, 4, 6), 3)

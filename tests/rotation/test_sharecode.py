"""Share codes: every valid board survives the trip, codes stay short, and a
damaged code is refused with ShareCodeError, never another exception."""

from __future__ import annotations

import base64
import random
import string
import re
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.rotation import EXAMPLE, SYMBOLS, Board, Stick, parse
from webapp.rotation import sharecode
from webapp.rotation.sharecode import ShareCodeError, decode, encode

URLSAFE = string.ascii_letters + string.digits + "-_"


# ------------------------------------------------------------------ boards
@st.composite
def boards(draw, max_side: int = 40) -> Board:
    """A random valid board: any size from 3 x 3 to max_side x max_side, walls
    anywhere (inside too), up to 62 straight sticks of any symbols."""
    width = draw(st.integers(3, max_side))
    height = draw(st.integers(3, max_side))
    density = draw(st.sampled_from([0.0, 0.05, 0.3, 0.9]))
    rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
    walls = {(r, c) for r in range(height) for c in range(width) if rnd.random() < density}
    # the usual frame on most boards, so gaps and borders look like real puzzles
    if draw(st.booleans()):
        walls |= {(r, c) for r in range(height) for c in range(width)
                  if r in (0, height - 1) or c in (0, width - 1)}
        walls.discard((height - 1, width // 2))
    taken = set(walls)
    symbols = draw(st.permutations(SYMBOLS))[:draw(st.integers(0, 62))]
    sticks = []
    for symbol in symbols:
        for _ in range(8):  # a few tries to find room for this stick
            vertical = rnd.random() < 0.5
            length = rnd.randint(1, max(1, min(6, height if vertical else width)))
            row = rnd.randrange(height - (length - 1 if vertical else 0))
            col = rnd.randrange(width - (0 if vertical else length - 1))
            stick = Stick(symbol, row, col, length, vertical)
            if not taken.intersection(stick.cells()):
                taken.update(stick.cells())
                sticks.append(stick)
                break
    return Board(width, height, frozenset(walls), tuple(sticks))


@given(boards())
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_round_trip_random_boards(board):
    code = encode(board)
    assert code.startswith(sharecode.VERSION)
    assert set(code[1:]) <= set(URLSAFE), "a code must be safe in a URL without escaping"
    again = decode(code)
    assert again == board
    assert again.text() == board.text()
    assert encode(again) == code  # one board, one code


@pytest.mark.parametrize("text", [
    EXAMPLE,
    "3\n###\n# #\n###\n",                        # smallest, no gap
    "3\n   \n 0 \n   \n",                        # no walls at all
    "7 4\n#######\n#0  a #\n#0  a #\n### ###\n",  # not square
    "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n",     # unsolvable example of docs/rotation.md
])
def test_round_trip_known_boards(text):
    board = parse(text)
    assert decode(encode(board)) == board


def test_round_trip_largest_board():
    board = Board.empty_frame(64)
    board = board.with_sticks([Stick("Z", 1, 1, 62), Stick("0", 2, 62, 61, vertical=True)])
    assert decode(encode(board)) == board


def crowded_board() -> Board:
    """40 x 40: a frame, many inner walls, and 62 sticks of lengths 1 to 6."""
    rnd = random.Random(2024)
    n = 40
    board = Board.empty_frame(n)
    walls = set(board.walls)
    while len(walls) < len(board.walls) + 300:
        walls.add((rnd.randrange(1, n - 1), rnd.randrange(1, n - 1)))
    taken = set(walls)
    sticks = []
    for symbol in SYMBOLS:
        while True:
            vertical = rnd.random() < 0.5
            length = rnd.randint(1, 6)
            row = rnd.randrange(1, n - 1 - (length if vertical else 0))
            col = rnd.randrange(1, n - 1 - (0 if vertical else length))
            stick = Stick(symbol, row, col, length, vertical)
            if not taken.intersection(stick.cells()):
                taken.update(stick.cells())
                sticks.append(stick)
                break
    return Board(n, n, frozenset(walls), tuple(sticks))


def test_crowded_40x40_board_code_is_short():
    board = crowded_board()
    assert len(board.sticks) == 62
    assert len(board.walls) >= 4 * 39 - 1 + 300
    code = encode(board)
    assert len(code) < 1000, f"{len(code)} characters"
    assert decode(code) == board


# ------------------------------------------------------------- corruption
def _check_damaged(code: str, original: Board) -> str:
    """Decode a damaged code: ShareCodeError, or (rarely) some valid board."""
    try:
        board = decode(code)
    except ShareCodeError:
        return "rejected"
    assert isinstance(board, Board)
    # whatever it opens must be a board the rest of the app can handle
    assert parse(board.text()) == board
    return "same" if board == original else "other"


@pytest.mark.parametrize("text", [
    EXAMPLE,
    "9\n#########\n#   0   #\n#   0   #\n# 11  # #\n#     2 #\n#  #  2 #\n# 333   #\n#       #\n#### ####\n",
])
def test_every_single_character_substitution(text):
    board = parse(text)
    code = encode(board)
    # every URL-safe character, plus some a mangled link could carry
    alphabet = URLSAFE + "=+/ .%~!é\x00"
    outcomes = {"rejected": 0, "same": 0, "other": 0}
    for i in range(len(code)):
        for ch in alphabet:
            if ch == code[i]:
                continue
            outcomes[_check_damaged(code[:i] + ch + code[i + 1:], board)] += 1
    total = sum(outcomes.values())
    # the CRC catches almost everything; a change in the last character's
    # unused low bits can leave the bytes as they were
    assert outcomes["rejected"] >= 0.9 * total, outcomes
    assert outcomes["other"] <= 0.01 * total, outcomes


def test_every_single_character_deletion_and_insertion():
    board = parse(EXAMPLE)
    code = encode(board)
    variants = [code[:i] + code[i + 1:] for i in range(len(code))]
    variants += [code[:i] + ch + code[i:] for i in range(len(code) + 1) for ch in "A_0-z"]
    for variant in variants:
        _check_damaged(variant, board)


def test_corrupting_a_big_code():
    board = crowded_board()
    code = encode(board)
    rnd = random.Random(7)
    for _ in range(1500):
        i = rnd.randrange(len(code))
        ch = rnd.choice(URLSAFE.replace(code[i], ""))
        _check_damaged(code[:i] + ch + code[i + 1:], board)
    for cut in range(1, len(code), 7):  # truncated links
        _check_damaged(code[:cut], board)


@given(st.text(max_size=200))
@settings(max_examples=400, deadline=None)
def test_arbitrary_text_is_rejected_cleanly(text):
    try:
        decode(text)
    except ShareCodeError:
        pass


@given(st.binary(max_size=300))
@settings(max_examples=300, deadline=None)
def test_arbitrary_payload_after_the_version_is_rejected_cleanly(raw):
    try:
        decode("A" + base64.urlsafe_b64encode(raw).decode().rstrip("="))
    except ShareCodeError:
        pass


# ------------------------------------------------ codes with a valid check
def _craft(payload: bytes, version: str = "A") -> str:
    """A code whose CRC is right for ``payload``: what a tampering hand makes."""
    data = payload + zlib.crc32(payload).to_bytes(4, "big")
    packed = zlib.compress(data, 9)[2:-4]
    return version + base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def _frame_payload(w: int = 5, h: int = 5) -> bytes:
    return bytes([w, h]) + bytes((w * h + 7) // 8)


def test_craft_helper_matches_encode():
    board = Board(5, 5, frozenset(), (Stick("0", 1, 1, 2),))
    assert _craft(_frame_payload() + bytes([1, 0, 1, 1, 2 << 1])) == encode(board)


@pytest.mark.parametrize("payload, fragment", [
    (_frame_payload() + bytes([2, 0, 1, 1, 4, 1, 1, 2, 2]), "no valid puzzle"),  # overlap
    (_frame_payload() + bytes([1, 0, 4, 4, 4]), "no valid puzzle"),               # outside
    (_frame_payload() + bytes([2, 0, 1, 1, 2, 0, 3, 1, 2]), "no valid puzzle"),   # same symbol twice
    (_frame_payload(2, 2) + bytes([0]), "no valid puzzle"),                       # too small
    (_frame_payload(65, 3) + bytes([0]), "no valid puzzle"),                      # too big
    (_frame_payload() + bytes([1, 62, 1, 1, 2]), "unknown stick"),
    (_frame_payload() + bytes([2, 0, 1, 1, 2]), "do not add up"),
    (bytes([5, 5]), "cut short"),
])
def test_crafted_codes_with_a_valid_check_are_rejected(payload, fragment):
    with pytest.raises(ShareCodeError, match=fragment):
        decode(_craft(payload))


def test_crafted_zero_length_stick_is_a_share_code_error():
    with pytest.raises(ShareCodeError):
        decode(_craft(_frame_payload() + bytes([1, 0, 1, 1, 0])))


def test_unknown_version_is_named():
    code = encode(parse(EXAMPLE))
    with pytest.raises(ShareCodeError, match="unknown version"):
        decode("B" + code[1:])
    with pytest.raises(ShareCodeError, match="unknown version"):
        decode(_craft(_frame_payload() + bytes([0]), version="Z"))


@pytest.mark.parametrize("code, said", [
    ("garbage!!", "cannot hold '!' (character 8)"),
    ("A b", "cannot hold ' ' (character 2)"),
    ("garbage", "not a puzzle code"),
    ("7xyz", "not a puzzle code"),
])
def test_mangled_codes_are_called_damaged_not_a_new_version(code, said):
    # only a capital letter in front may be another version's mark
    with pytest.raises(ShareCodeError, match=re.escape(said)) as caught:
        decode(code)
    assert "version" not in str(caught.value)


@pytest.mark.parametrize("code", ["", "A", "A=", "A" + "A" * 9000, None, 17])
def test_empty_or_absurd_codes(code):
    with pytest.raises(ShareCodeError):
        decode(code)

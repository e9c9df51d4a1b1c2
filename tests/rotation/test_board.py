"""Board and Stick: the value types, their validation and transformations."""

from __future__ import annotations

import dataclasses

import pytest

from rotation_reference import stick_of
from webapp.rotation import SYMBOLS, Board, BoardError, Stick, next_free_symbol, parse
from webapp.rotation.board import MAX_SIZE, MIN_SIZE


def frame_walls(width: int, height: int) -> set[tuple[int, int]]:
    return {(r, c) for r in range(height) for c in range(width)
            if r in (0, height - 1) or c in (0, width - 1)}


def board_from(rows: list[str]) -> Board:
    """A board from rows; the size line is derived (W H if not square)."""
    h, w = len(rows), len(rows[0])
    size = str(w) if w == h else f"{w} {h}"
    return parse("\n".join([size, *rows]) + "\n")


EXAMPLE_ROWS = ["### ###", "#     #", "#     #", "#     #", "#    1#", "#  001#", "#######"]
ASYMMETRIC_ROWS = [   # 6 wide, 4 high, nothing symmetric about it
    "## ###",
    "#0 1 #",
    "#0 1# ",
    "######",
]


# --- Stick ----------------------------------------------------------------------------------

def test_stick_cells_horizontal_and_vertical():
    assert Stick("0", 5, 3, 2).cells() == ((5, 3), (5, 4))
    assert Stick("1", 4, 5, 3, vertical=True).cells() == ((4, 5), (5, 5), (6, 5))
    assert Stick("z", 2, 2).cells() == ((2, 2),)


def test_stick_of_length_one_counts_as_horizontal():
    assert Stick("0", 1, 1, 1, vertical=True) == Stick("0", 1, 1)
    assert Stick("0", 1, 1, 1, vertical=True).vertical is False


@pytest.mark.parametrize("symbol", ["#", " ", "", "ab", "-", "_", ".", "\u00e9", "\u0661", "00"])
def test_stick_rejects_bad_symbols(symbol):
    with pytest.raises(BoardError, match="symbol"):
        Stick(symbol, 1, 1)


@pytest.mark.parametrize("symbol", ["0", "9", "a", "z", "A", "Z", "m", "M"])
def test_stick_accepts_good_symbols(symbol):
    assert Stick(symbol, 1, 1).symbol == symbol


@pytest.mark.parametrize("length", [0, -1])
def test_stick_rejects_length_below_one(length):
    with pytest.raises(BoardError, match="length"):
        Stick("0", 1, 1, length)


def test_stick_moved_to_keeps_shape():
    s = Stick("7", 1, 2, 3, vertical=True)
    assert s.moved_to(4, 5) == Stick("7", 4, 5, 3, vertical=True)


def test_stick_is_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Stick("0", 1, 1).row = 2


def test_stick_repr_evaluates_back():
    for s in (Stick("0", 5, 3, 2), Stick("Q", 1, 4, 3, vertical=True), Stick("a", 0, 0)):
        assert eval(repr(s), {"Stick": Stick}) == s


# --- Board validation -------------------------------------------------------------------------

def test_board_accepts_a_valid_board():
    walls = frame_walls(5, 5) - {(4, 2)}
    board = Board(5, 5, frozenset(walls), (Stick("0", 1, 1, 2, vertical=True),))
    assert board == parse("5\n#####\n#0  #\n#0  #\n#   #\n## ##\n")


def test_board_stick_overlaps_wall():
    walls = frame_walls(5, 5)
    with pytest.raises(BoardError, match=r"stick 0 overlaps a wall at row 1, column 2"):
        Board(5, 5, frozenset(walls), (Stick("0", 0, 1),))


def test_board_stick_overlaps_inner_wall():
    walls = frame_walls(5, 5) | {(2, 2)}
    with pytest.raises(BoardError, match=r"overlaps a wall at row 3, column 3"):
        Board(5, 5, frozenset(walls), (Stick("0", 2, 1, 3),))


def test_board_sticks_overlap_each_other():
    walls = frame_walls(6, 6)
    sticks = (Stick("0", 2, 1, 3), Stick("1", 1, 2, 3, vertical=True))  # cross at (2, 2)
    with pytest.raises(BoardError, match=r"overlaps stick 0 at row 3, column 3"):
        Board(6, 6, frozenset(walls), sticks)


@pytest.mark.parametrize("stick", [
    Stick("0", 4, 2, 2, vertical=True),   # reaches row 5 of a 5-high board
    Stick("0", 2, 4, 2),                  # reaches column 5 of a 5-wide board
    Stick("0", -1, 2),
    Stick("0", 2, -1),
    Stick("0", 7, 7),
])
def test_board_stick_outside_frame(stick):
    with pytest.raises(BoardError, match="outside the frame"):
        Board(5, 5, frozenset(), (stick,))


@pytest.mark.parametrize("wall", [(5, 0), (0, 5), (-1, 0), (0, -1)])
def test_board_wall_outside_frame(wall):
    with pytest.raises(BoardError, match="outside the frame"):
        Board(5, 5, frozenset({wall}))


def test_board_duplicate_symbols():
    with pytest.raises(BoardError, match="share the symbol 3"):
        Board(6, 6, frozenset(), (Stick("3", 1, 1), Stick("3", 3, 3)))


def test_board_bad_symbol_through_stick():
    with pytest.raises(BoardError):
        Board(5, 5, frozenset(), (Stick("#", 1, 1),))


@pytest.mark.parametrize("width, height", [(MIN_SIZE - 1, 5), (5, MIN_SIZE - 1), (MAX_SIZE + 1, 5),
                                           (5, 0), (-3, 5)])
def test_board_size_out_of_range(width, height):
    with pytest.raises(BoardError, match="out of range"):
        Board(width, height, frozenset())


def test_board_size_limits():
    assert Board(MIN_SIZE, MAX_SIZE, frozenset()).height == MAX_SIZE


def test_board_is_an_immutable_hashable_value():
    a = Board(5, 5, frozenset(frame_walls(5, 5)), (Stick("1", 1, 1), Stick("0", 2, 2)))
    b = Board(5, 5, frame_walls(5, 5), [Stick("0", 2, 2), Stick("1", 1, 1)])  # other order, a set
    assert a == b and hash(a) == hash(b)
    assert isinstance(b.walls, frozenset) and isinstance(b.sticks, tuple)
    assert len({a, b}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.width = 6
    assert a != a.with_sticks(a.sticks[1:])


# --- queries ----------------------------------------------------------------------------------------

def test_cells_rows_and_sticks():
    board = board_from(EXAMPLE_ROWS)
    assert board.cell(0, 0) == "#" and board.cell(0, 3) == " " and board.cell(5, 4) == "0"
    assert board.cell(4, 5) == "1" and board.cell(3, 3) == " "
    assert board.rows() == EXAMPLE_ROWS
    assert board.sticks[1] == Stick("1", 4, 5, 2, vertical=True)


def test_gaps_several_in_reading_order():
    board = board_from([
        "# ## #",
        "      ",   # both ends of this row are gaps
        "#  # #",   # an inner wall (2, 3) and an inner empty cell: neither is a gap
        "#    #",
        "#    #",
        "##  ##",
    ])
    assert board.gaps() == ((0, 1), (0, 4), (1, 0), (1, 5), (5, 2), (5, 3))


def test_gaps_at_corners():
    board = board_from([" ### ", "#   #", "#   #", "#   #", "#### "])
    assert board.gaps() == ((0, 0), (0, 4), (4, 4))


def test_gaps_none():
    board = board_from(["#####", "#0  #", "# # #", "#   #", "#####"])
    assert board.gaps() == ()


def test_gaps_of_a_board_without_any_wall():
    board = Board(3, 3, frozenset())
    assert board.gaps() == tuple((r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1))


def test_gaps_not_square():
    assert board_from(ASYMMETRIC_ROWS).gaps() == ((0, 2), (2, 5))


def test_empty_frame():
    board = Board.empty_frame(5)
    assert board.gaps() == ((4, 2),) and board.sticks == ()
    assert Board.empty_frame(6, 4, gap=1).gaps() == ((3, 1),)


def test_symbols_order_digits_then_lower_then_upper():
    sticks = [Stick(s, 1, c) for c, s in enumerate("ZaA9z0m", start=1)]
    board = Board(9, 4, frozenset(), sticks)
    assert board.symbols() == ("0", "9", "a", "m", "z", "A", "Z")
    assert [s.symbol for s in board.sticks] == list(board.symbols())


def test_symbols_order_from_text_ignores_reading_order():
    board = board_from(["#######", "#B b 1#", "#     #", "#0   a#", "#######", "#A    #", "### ###"])
    assert board.symbols() == ("0", "1", "a", "b", "A", "B")


def test_symbols_constant():
    assert SYMBOLS == "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert len(SYMBOLS) == len(set(SYMBOLS)) == 62


# --- transformations -----------------------------------------------------------------------

def test_rotated_once_by_hand():
    # turning clockwise: the left column becomes the top row, read bottom-up
    board = board_from(ASYMMETRIC_ROWS)
    turned = board.rotated()
    assert (turned.width, turned.height) == (4, 6)
    assert turned.rows() == [
        "####",
        "#00#",
        "#   ",   # the gap of the top row is now in the right column
        "#11#",
        "## #",
        "# ##",
    ]
    assert turned.sticks == (Stick("0", 1, 1, 2), Stick("1", 3, 1, 2))


def test_rotated_vertical_stick_becomes_horizontal():
    board = board_from(["#####", "#0  #", "#0  #", "#0  #", "#####"])
    assert stick_of(board.rotated(), "0") == Stick("0", 1, 1, 3)
    assert stick_of(board.rotated(2), "0") == Stick("0", 1, 3, 3, vertical=True)
    assert stick_of(board.rotated(3), "0") == Stick("0", 3, 1, 3)


@pytest.mark.parametrize("rows", [EXAMPLE_ROWS, ASYMMETRIC_ROWS,
                                  ["#####", "#0 1#", "#0 1#", "  2  ", "## ##"]])
def test_rotated_four_times_is_identity(rows):
    board = board_from(rows)
    assert board.rotated().rotated().rotated().rotated() == board
    assert board.rotated(4) == board and board.rotated(0) == board
    assert board.rotated(2) == board.rotated().rotated()
    assert board.rotated(3) == board.rotated(-1)
    assert board.rotated() != board


def test_rotated_keeps_every_cell():
    board = board_from(ASYMMETRIC_ROWS)
    turned = board.rotated()
    h = board.height
    for r in range(board.height):
        for c in range(board.width):
            assert turned.cell(c, h - 1 - r) == board.cell(r, c)


# --- repr and text --------------------------------------------------------------------------

@pytest.mark.parametrize("rows", [EXAMPLE_ROWS, ASYMMETRIC_ROWS, ["###", "# #", "   "]])
def test_eval_repr_gives_the_board_back(rows):
    board = board_from(rows)
    assert eval(repr(board), {"Board": Board}) == board


def test_eval_repr_of_board_built_by_hand():
    board = Board(4, 5, frozenset({(0, 0), (4, 3)}), (Stick("x", 1, 1, 3, vertical=True),))
    assert eval(repr(board), {"Board": Board}) == board


def test_str_is_the_text_format():
    assert str(board_from(EXAMPLE_ROWS)) == "7\n" + "\n".join(EXAMPLE_ROWS) + "\n"
    assert Board.from_text(str(board_from(ASYMMETRIC_ROWS))) == board_from(ASYMMETRIC_ROWS)


# --- next_free_symbol ------------------------------------------------------------------------

def test_next_free_symbol_on_empty_board():
    assert next_free_symbol(Board.empty_frame(5)) == "0"


def test_next_free_symbol_fills_holes_first():
    board = Board(8, 3, frozenset(), [Stick("0", 1, 1), Stick("2", 1, 2), Stick("a", 1, 3)])
    assert next_free_symbol(board) == "1"


def test_next_free_symbol_after_digits_and_letters():
    digits = Board(12, 3, frozenset(), [Stick(s, 1, i) for i, s in enumerate("0123456789")])
    assert next_free_symbol(digits) == "a"
    lower = Board(40, 3, frozenset(), [Stick(s, 1, i) for i, s in enumerate(SYMBOLS[:36])])
    assert next_free_symbol(lower) == "A"
    all_but_last = Board(64, 3, frozenset(), [Stick(s, 1, i) for i, s in enumerate(SYMBOLS[:61])])
    assert next_free_symbol(all_but_last) == "Z"


def test_next_free_symbol_full_board():
    full = Board(64, 3, frozenset(), [Stick(s, 1, i) for i, s in enumerate(SYMBOLS)])
    assert len(full.sticks) == 62
    with pytest.raises(BoardError, match="62"):
        next_free_symbol(full)

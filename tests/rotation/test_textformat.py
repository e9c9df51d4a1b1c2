"""The text format: what parse() tolerates, what it rejects (with line and
column), and what write() produces. Every expectation follows the rules
(docs/rotation.md, "The text format")."""

from __future__ import annotations

import pytest

from rotation_reference import stick_of
from webapp.rotation import EXAMPLE, Board, BoardError, ParseError, Stick, parse, write

# The rules' first example (docs/rotation.md), row by row (rows 0..6 of the file, lines 2..8).
EXAMPLE_ROWS = [
    "### ###",
    "#     #",
    "#     #",
    "#     #",
    "#    1#",
    "#  001#",
    "#######",
]

UNSOLVABLE_ROWS = [
    "#####",
    "#0  #",
    "#0  #",
    "#   #",
    "## ##",
]


def text(size, rows, end="\n") -> str:
    return end.join([str(size), *rows]) + end


def five(*middle: str) -> str:
    """A 5 x 5 file: a closed top row, the three given middle rows, a bottom
    row with its gap at column 3. Line numbers: size 1, rows 2..6."""
    assert len(middle) == 3
    return text(5, ["#####", *middle, "## ##"])


def expect_error(source: str, line: int, column: int, *fragments: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        parse(source)
    err = info.value
    assert (err.line, err.column) == (line, column), str(err)
    message = str(err)
    assert message.startswith(f"line {line}, column {column}: "), message
    for fragment in fragments:
        assert fragment in message, message
    return err


# --- reading the examples of docs/rotation.md -----------------------------------------------

def test_parse_spec_example_by_hand():
    board = parse(text(7, EXAMPLE_ROWS))
    assert (board.width, board.height) == (7, 7)
    # stick 0: row 5, columns 3 and 4; stick 1: column 5, rows 4 and 5
    assert board.sticks == (Stick("0", 5, 3, 2), Stick("1", 4, 5, 2, vertical=True))
    assert board.gaps() == ((0, 3),)
    expected_walls = {(r, c) for r, row in enumerate(EXAMPLE_ROWS)
                      for c, ch in enumerate(row) if ch == "#"}
    assert board.walls == expected_walls
    assert board.rows() == EXAMPLE_ROWS


def test_engine_example_constant_is_the_spec_example():
    assert EXAMPLE == text(7, EXAMPLE_ROWS)


def test_parse_unsolvable_example():
    board = parse(text(5, UNSOLVABLE_ROWS))
    assert board.sticks == (Stick("0", 1, 1, 2, vertical=True),)
    assert board.gaps() == ((4, 2),)


def test_single_cell_stick_and_many_symbols():
    board = parse(five("#0 a#", "#  Z#", "#9  #"))
    assert board.sticks == (Stick("0", 1, 1), Stick("9", 3, 1), Stick("a", 1, 3), Stick("Z", 2, 3))


def test_sticks_may_stand_in_the_gap_and_walls_inside():
    board = parse(five("# # #", "#   #", "#   #").replace("## ##", "##0##"))
    assert stick_of(board, "0") == Stick("0", 4, 2)
    assert (1, 2) in board.walls          # an inner wall
    assert board.gaps() == ((4, 2),)      # a gap is a border cell that is not a wall


# --- tolerances -------------------------------------------------------------------

def test_crlf_line_endings():
    assert parse(text(7, EXAMPLE_ROWS, end="\r\n")) == parse(EXAMPLE)


def test_mixed_line_endings():
    source = "7\r\n" + "\n".join(EXAMPLE_ROWS[:3]) + "\r\n" + "\r\n".join(EXAMPLE_ROWS[3:]) + "\n"
    assert parse(source) == parse(EXAMPLE)


def test_utf8_bom():
    assert parse("\ufeff" + EXAMPLE) == parse(EXAMPLE)


def test_bom_and_crlf_together():
    assert parse("\ufeff" + text(7, EXAMPLE_ROWS, end="\r\n")) == parse(EXAMPLE)


def test_bom_from_bytes_decoded_as_utf8():
    raw = b"\xef\xbb\xbf" + EXAMPLE.encode("ascii")
    assert parse(raw.decode("utf-8")) == parse(EXAMPLE)


@pytest.mark.parametrize("tail", ["\n", "\n\n", "\n\n\n\n", "\r\n\r\n", "\n   \n", "\n\t\n\n"])
def test_trailing_blank_lines(tail):
    assert parse(EXAMPLE + tail) == parse(EXAMPLE)


def test_no_newline_after_last_row():
    assert parse(EXAMPLE.rstrip("\n")) == parse(EXAMPLE)


def test_size_line_with_surrounding_spaces():
    assert parse("  7  \n" + "\n".join(EXAMPLE_ROWS) + "\n") == parse(EXAMPLE)


def test_short_rows_are_padded_with_spaces():
    # a gap in the right column (row 2): an editor strips the trailing space
    full = text(5, ["#####", "#0  #", "#0   ", "#   #", "#####"])
    short = text(5, ["#####", "#0  #", "#0", "#   #", "#####"])
    board = parse(short)
    assert board == parse(full)
    assert board.gaps() == ((2, 4),)
    assert board.rows()[2] == "#0   "
    assert board.cell(2, 4) == " "


def test_empty_line_is_a_row_of_spaces():
    # 5 x 5: the middle row is wholly empty, so (2, 0) and (2, 4) are gaps
    board = parse(text(5, ["#####", "#0  #", "", "#   #", "#####"]))
    assert board.rows()[2] == "     "
    assert board.gaps() == ((2, 0), (2, 4))


def test_short_rows_with_crlf_and_bom():
    short = "\ufeff5\r\n#####\r\n#0\r\n#0   \r\n#   #\r\n#####\r\n"
    board = parse(short)
    assert board.rows() == ["#####", "#0   ", "#0   ", "#   #", "#####"]
    assert stick_of(board, "0") == Stick("0", 1, 1, 2, vertical=True)


def test_leading_zero_size():
    assert parse("07\n" + "\n".join(EXAMPLE_ROWS)).width == 7


# --- input errors: the size line -----------------------------------------------------

@pytest.mark.parametrize("source", ["", "\n", "\n" + "\n".join(EXAMPLE_ROWS) + "\n", "   \n#####\n",
                                    "\ufeff", "\r\n\r\n"])
def test_missing_size(source):
    err = expect_error(source, 1, 1, "missing size")
    assert "side length" in err.reason


@pytest.mark.parametrize("size_line, column, found", [
    ("x", 1, "'x'"),
    ("seven", 1, "'seven'"),
    ("7x", 1, "'7x'"),
    ("  abc", 3, "'abc'"),
    ("-5", 1, "'-5'"),
    ("+5", 1, "'+5'"),
    ("5.0", 1, "'5.0'"),
    ("\uff15", 1, "'\uff15'"),   # a full-width digit five is not a size
    ("7 x", 3, "'x'"),
    ("### ###", 1, "'###'"),   # the size line forgotten: the first row is read as the size
])
def test_non_numeric_size(size_line, column, found):
    expect_error(size_line + "\n" + "\n".join(EXAMPLE_ROWS) + "\n", 1, column,
                 "whole number", found)


@pytest.mark.parametrize("size_line, column, value", [
    ("0", 1, 0), ("1", 1, 1), ("2", 1, 2), ("65", 1, 65), ("1000", 1, 1000),
    ("   2", 4, 2), ("7 2", 3, 2), ("99 7", 1, 99), ("7 99", 3, 99),
])
def test_size_out_of_range(size_line, column, value):
    expect_error(size_line + "\n", 1, column, "out of range", f"size {value}", "3", "64")


@pytest.mark.parametrize("size", [3, 64])
def test_size_limits_are_accepted(size):
    rows = ["#" * size] * size
    board = parse(text(size, rows))
    assert board.width == board.height == size
    assert board.gaps() == ()


@pytest.mark.parametrize("size_line, column, digits", [
    ("9" * 4301, 1, "4,301"),            # one more than int() converts
    ("1" * 100_000, 1, "100,000"),
    ("  " + "7" * 5000, 3, "5,000"),
    ("7 " + "8" * 6000, 3, "6,000"),      # the height of W H
    ("1" * 5000 + " 7", 1, "5,000"),
])
def test_size_with_thousands_of_digits(size_line, column, digits):
    # Python's int() refuses strings of more than 4,300 digits with a ValueError
    err = expect_error(size_line + "\n" + "\n".join(EXAMPLE_ROWS) + "\n", 1, column,
                       "out of range", f"({digits} digits)", "3 to 64")
    assert len(str(err)) < 200  # the message quotes the number cut short


def test_leading_zeros_do_not_make_a_size_too_long():
    assert parse("0" * 5000 + "7\n" + "\n".join(EXAMPLE_ROWS)).width == 7
    expect_error("0" * 5000 + "65\n", 1, 1, "size 65 is out of range")


def test_long_non_numeric_size_is_quoted_short():
    err = expect_error("x" * 100_000 + "\n", 1, 1, "whole number")
    assert len(str(err)) < 200


def test_three_numbers_on_the_size_line():
    expect_error("5 5 5\n" + "\n".join(UNSOLVABLE_ROWS) + "\n", 1, 5, "one number")


# --- input errors: rows ----------------------------------------------------------------

def test_too_few_rows():
    # lines 1-3 exist, the fourth row would be on line 4
    expect_error(text(5, ["#####", "#0  #"]), 4, 1, "too few rows", "5", "2")


def test_too_few_rows_no_rows_at_all():
    expect_error("7\n", 2, 1, "too few rows", "7", "0")


def test_too_few_rows_without_final_newline():
    expect_error("5\n#####\n#0  #\n#0  #", 5, 1, "too few rows", "3")


def test_row_longer_than_n():
    # line 4 (row 2) has 6 characters: the sixth, column 6, is one too many
    source = five("#0  #", "#0   #", "#   #")
    expect_error(source, 4, 6, "longer than", "6", "5")


def test_row_longer_than_n_by_trailing_spaces():
    source = five("#0  #   ", "#0  #", "#   #")
    expect_error(source, 3, 6, "longer than", "8")


def test_long_row_in_last_line():
    source = text(5, ["#####", "#   #", "#   #", "#   #", "## ###"])
    expect_error(source, 6, 6, "longer than")


@pytest.mark.parametrize("middle, line, column, shown", [
    (("#.  #", "#   #", "#   #"), 3, 2, "'.'"),
    (("#   #", "# \t #", "#   #"), 4, 3, "'\\t'"),          # a tab is not a space
    (("#   #", "#   #", "\t   #"), 5, 1, "'\\t'"),
    (("#   #", "#  @#", "#   #"), 4, 4, "'@'"),
    (("#   #", "#   #", "#  \u00e9#"), 5, 4, "'\u00e9'"),       # not a stick symbol
    (("#  \u00e4#", "#   #", "#   #"), 3, 4, "'\u00e4'"),       # a letter, but not ASCII
    (("#  \u00a0#", "#   #", "#   #"), 3, 4, "'\\xa0'"),        # a no-break space
    (("#  -#", "#   #", "#   #"), 3, 4, "'-'"),
    (("#\r  #", "#   #", "#   #"), 3, 2, "'\\r'"),            # a lone carriage return
])
def test_unknown_character(middle, line, column, shown):
    err = expect_error(five(*middle), line, column, "unknown character", shown)
    assert "'#'" in err.reason and "0-9" in err.reason


def test_unknown_character_in_the_gap_row():
    source = text(5, ["#####", "#   #", "#   #", "#   #", "##*##"])
    expect_error(source, 6, 3, "unknown character", "'*'")


# --- input errors: sticks -------------------------------------------------------------------

def test_stick_l_shape():
    #  line 3: "#0  #"   (1,1)
    #  line 4: "#00 #"   (2,1) (2,2)  <- (2,2) is off the vertical line
    err = expect_error(five("#0  #", "#00 #", "#   #"), 4, 3, "stick 0", "not straight")
    assert "line 3, column 2" in err.reason  # where the line starts


def test_stick_l_shape_the_other_way():
    #  line 3: "#  0#"   (1,3)
    #  line 4: "#000#"   the first cell read on line 4, (2,1), is off the line
    expect_error(five("#  0#", "#000#", "#   #"), 4, 2, "stick 0", "not straight")


def test_stick_two_by_two_block():
    expect_error(five("#aa #", "#aa #", "#   #"), 4, 2, "stick a", "not straight")


def test_stick_diagonal():
    expect_error(five("#0  #", "# 0 #", "#  0#"), 4, 3, "stick 0", "not straight")


def test_stick_anti_diagonal():
    expect_error(five("#  Q#", "# Q #", "#   #"), 4, 3, "stick Q", "not straight")


def test_stick_split_in_a_row():
    err = expect_error(five("#0 0#", "#   #", "#   #"), 3, 4, "stick 0", "split")
    assert "line 3, column 2" in err.reason


def test_stick_split_in_a_row_after_a_run():
    expect_error(text(7, ["#######", "#11 1 #", "#     #", "#     #", "#     #", "#     #",
                          "### ###"]), 3, 5, "stick 1", "split")


def test_stick_split_in_a_column():
    err = expect_error(five("#0  #", "#   #", "#0  #"), 5, 2, "stick 0", "split")
    assert "line 3, column 2" in err.reason


def test_stick_split_in_a_column_after_a_run():
    expect_error(text(7, ["#######", "#  z  #", "#  z  #", "#     #", "#  z  #", "#     #",
                          "### ###"]), 6, 4, "stick z", "split")


def test_stick_split_across_the_wall():
    expect_error(five("#0#0#", "#   #", "#   #"), 3, 4, "stick 0", "split")


def test_other_sticks_do_not_hide_an_error():
    # sticks 1 and 2 are fine; stick 3 is split by stick 2
    source = text(6, ["######", "#1 3 #", "#1 2 #", "#  3 #", "#    #", "## ###"])
    expect_error(source, 5, 4, "stick 3", "split")


def test_parse_error_is_a_board_error_and_a_value_error():
    with pytest.raises(BoardError):
        parse("x\n")
    with pytest.raises(ValueError):
        parse("x\n")


# --- input errors: after the last row ----------------------------------------------------

def test_text_after_last_row():
    expect_error(EXAMPLE + "extra\n", 9, 1, "after the last row", "7")


def test_text_after_last_row_after_blank_lines():
    expect_error(EXAMPLE + "\n\n   x\n", 11, 4, "after the last row")


def test_an_extra_row_of_walls():
    expect_error(EXAMPLE + "#######\n", 9, 1, "after the last row")


def test_text_after_last_row_with_crlf():
    expect_error(text(7, EXAMPLE_ROWS, end="\r\n") + "\r\n  oops\r\n", 10, 3, "after the last row")


# --- writing ------------------------------------------------------------------------------------

def test_write_spec_example_exactly():
    assert write(parse(EXAMPLE)) == EXAMPLE
    assert str(parse(EXAMPLE)) == EXAMPLE


def test_write_keeps_trailing_spaces_and_ends_with_newline():
    board = parse(text(5, ["#####", "#0", "#0", "#", "#####"]))
    out = write(board)
    assert out == "5\n#####\n#0   \n#0   \n#    \n#####\n"
    assert out.endswith("\n") and not out.endswith("\n\n")
    assert all(len(row) == 5 for row in out.splitlines()[1:])


def test_write_board_built_by_hand():
    walls = {(r, c) for r in range(4) for c in range(4) if r in (0, 3) or c in (0, 3)}
    walls -= {(3, 1), (3, 2)}
    board = Board(4, 4, frozenset(walls), (Stick("b", 1, 1, 2), Stick("0", 2, 2)))
    assert write(board) == "4\n####\n#bb#\n# 0#\n#  #\n"


def test_write_empty_frame():
    assert write(Board.empty_frame(3)) == "3\n###\n# #\n# #\n"


@pytest.mark.parametrize("source", [
    EXAMPLE,
    text(5, UNSOLVABLE_ROWS),
    text(5, ["## ##", "#0 1#", "#0 1#", "     ", "#####"]),
    text(6, ["######", "#ab  #", "#ab# #", "#  AA ", "#ZZZ #", "######"]),
    text(3, ["###", "###", "###"]),
    "7 4\n### ###\n#0    #\n#0 11 #\n#######\n",
    "4 6\n####\n#  #\n#0 #\n#0 #\n# ##\n# ##\n",
])
def test_write_parse_round_trip(source):
    board = parse(source)
    assert write(board) == source
    assert parse(write(board)) == board


def test_round_trip_of_a_tolerated_file_normalises_it():
    messy = "\ufeff5\r\n#####\r\n#0\r\n#0\r\n#\r\n## ##\r\n\r\n\r\n"
    board = parse(messy)
    clean = write(board)
    assert clean == "5\n#####\n#0   \n#0   \n#    \n## ##\n"
    assert parse(clean) == board


# --- the W H extension -------------------------------------------------------------------------

def test_width_height_extension():
    board = parse("7 4\n### ###\n#0    #\n#0 11 #\n#######\n")
    assert (board.width, board.height) == (7, 4)
    assert board.sticks == (Stick("0", 1, 1, 2, vertical=True), Stick("1", 2, 3, 2))
    assert board.gaps() == ((0, 3),)


def test_width_height_extension_written_back():
    board = Board.empty_frame(6, 4)
    assert write(board).splitlines()[0] == "6 4"
    assert write(board.rotated()).splitlines()[0] == "4 6"
    assert parse(write(board)) == board
    # a square board is written with one number, even if read from "W H"
    assert write(parse("3 3\n###\n# #\n###\n")).splitlines()[0] == "3"


def test_width_height_row_longer_than_width():
    expect_error("4 6\n####\n#   #\n", 3, 5, "longer than the width 4")


def test_width_height_too_few_rows():
    expect_error("6 4\n######\n#    #\n######\n", 5, 1, "too few rows", "4 rows", "3")


def test_width_height_text_after_last_row():
    expect_error("4 3\n####\n#  #\n####\n####\n", 5, 1, "after the last row")

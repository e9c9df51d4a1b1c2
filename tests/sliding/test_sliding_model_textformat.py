"""The sliding puzzle's text format (docs/sliding.md): every tolerance, every
error with its line and column, and the round trip parse(write(p)) == p."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sliding_reference import positions
from webapp.sliding.position import Position, SlidingError
from webapp.sliding.textformat import parse, write


EIGHT = Position((1, 5, 2, 7, 0, 3, 8, 4, 6), 3)


# --- what it reads ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "1 5 2\n7 0 3\n8 4 6\n",                 # canonical
    "1 5 2\n7 0 3\n8 4 6",                   # no final newline
    "1 5 2 7 0 3 8 4 6",                     # one line, square count
    "1 5 2 7 0 3 8 4 6\n",
    "1,5,2\n7,0,3\n8,4,6\n",                 # commas
    "1, 5, 2\n7, 0, 3\n8, 4, 6\n",           # commas and spaces
    "1\t5\t2\n7\t0\t3\n8\t4\t6\n",           # tabs
    "1 \t, 5,,2\n7  0\t\t3\n8 ,4 , 6\n",     # any run of separators
    "  1 5 2  \n\t7 0 3,\n,8 4 6\t\n",       # separators at line starts and ends
    "1 5 2,\n7 0 3,\n8 4 6,\n",              # trailing commas
    "\n\n1 5 2\n7 0 3\n8 4 6\n\n\n",         # blank lines before and after
    "1 5 2\n\n7 0 3\n   \n8 4 6\n",          # blank lines between rows (also of spaces)
    "1 5 2\r\n7 0 3\r\n8 4 6\r\n",           # CRLF
    "\ufeff1 5 2\n7 0 3\n8 4 6\n",           # a byte order mark
    "\ufeff1 5 2 7 0 3 8 4 6\r\n",
    "01 005 2\n7 00 3\n8 4 0006\n",          # leading zeros
])
def test_tolerated_forms_of_the_same_position(text):
    assert parse(text) == EIGHT


@pytest.mark.parametrize("text,width,height", [
    ("1 2 3 0", 2, 2),
    ("1 2\n3 0", 2, 2),
    ("1 2 3\n4 5 0", 3, 2),
    ("1 2\n3 4\n5 0", 2, 3),
    ("1 2 3 4\n5 6 7 0", 4, 2),
    (" ".join(map(str, range(1, 16))) + " 0", 4, 4),
    (" ".join(map(str, range(1, 25))) + " 0", 5, 5),
    (" ".join(map(str, range(1, 64))) + " 0", 8, 8),
    ("\n".join(" ".join(str(r * 8 + c) for c in range(8)) for r in range(2)), 8, 2),
    ("\n".join(" ".join(str(r * 2 + c) for c in range(2)) for r in range(8)), 2, 8),
])
def test_shapes(text, width, height):
    p = parse(text)
    assert (p.width, p.height) == (width, height)


def test_two_rows_on_one_line_each_are_not_one_line():
    # 4 numbers on each of two lines: a 4 x 2 board, not two 2 x 2 squares
    assert parse("1 2 3 4\n5 6 7 0").width == 4


def test_write_is_canonical():
    assert write(EIGHT) == "1 5 2\n7 0 3\n8 4 6\n"
    assert write(Position.goal(8, 2)) == ("1 2 3 4 5 6 7 8\n9 10 11 12 13 14 15 0\n")


@given(p=positions())
@settings(max_examples=200, deadline=None)
def test_round_trip(p):
    assert parse(write(p)) == p
    assert write(parse(write(p))) == write(p)


@given(p=positions(), sep=st.sampled_from([" ", "\t", ",", ", ", " ,\t"]),
       end=st.sampled_from(["\n", "\r\n"]), bom=st.booleans(), blanks=st.booleans())
@settings(max_examples=200, deadline=None)
def test_round_trip_through_tolerated_variants(p, sep, end, bom, blanks):
    rows = [sep.join(str(t) for t in p.tiles[r * p.width:(r + 1) * p.width]) for r in range(p.height)]
    text = ("\ufeff" if bom else "") + (end if blanks else "") + (end * 2 if blanks else end).join(rows) + end
    assert parse(text) == p


# --- what it rejects, and where ---------------------------------------------------------------------

def error(text: str) -> SlidingError:
    with pytest.raises(SlidingError) as info:
        parse(text)
    assert isinstance(info.value, ValueError)
    return info.value


def test_not_a_number():
    e = error("1 2 3\n4 7x 5\n6 8 0")
    assert (e.line, e.column) == (2, 3)
    assert str(e) == ("line 2, column 3: '7x' is not a number "
                      "(write the tiles as 0 to 8, 0 for the hole)")


@pytest.mark.parametrize("text,line,column,words", [
    ("1 2\n3 a", 2, 3, "'a' is not a number (write the tiles as 0 to 3"),
    ("1 2 3 -0", 1, 7, "'-0' has a sign: write the tiles as 0 to 3"),
    ("1 2 +3 0", 1, 5, "'+3' has a sign"),
    ("1 2.0 3 0", 1, 3, "'2.0' is not a number"),
    ("1 2;3 0", 1, 3, "'2;3' is not a number"),
    ("1 2 3 \u0664", 1, 7, "'\u0664' is not a number"),   # an Arabic-Indic four: not 0-9
    ("1 2\u00a03 0", 1, 3, "is not a number"),            # a no-break space is not a separator
    ("1 2 3 x" + "y" * 100, 1, 7, "'xyyyyyyyyyyy...' is not a number"),
    ("1 2 3\n4 5 x\n7", 2, 5, "(write the tiles as whole numbers, 0 for the hole)"),
])
def test_tokens_that_are_not_numbers(text, line, column, words):
    e = error(text)
    assert (e.line, e.column) == (line, column)
    assert words in str(e)


def test_columns_count_after_the_bom_and_a_tab_is_one_column():
    e = error("\ufeff1\t2\n3\tz")
    assert (e.line, e.column) == (2, 3)
    e = error("\ufeff\t\tq 1 2 0")
    assert (e.line, e.column) == (1, 3)


def test_crlf_does_not_shift_columns_or_lines():
    e = error("1 2\r\n\r\n3 q\r\n")
    assert (e.line, e.column) == (3, 3)


@pytest.mark.parametrize("text,line,column,message", [
    ("1 2 3\n4 5 6\n7 8 9", 3, 5,
     "no hole: 0 is missing; 9 is out of range: a 3 x 3 board has tiles 1 to 8 and 0 for the hole"),
    ("1 2 3 4", 1, 7,
     "no hole: 0 is missing; 4 is out of range: a 2 x 2 board has tiles 1 to 3 and 0 for the hole"),
    ("1 0 3 4", 1, 7, "4 is out of range: a 2 x 2 board has tiles 1 to 3 and 0 for the hole"),
    ("1 0 3 0" + "0" * 3 + "4", 1, 7, "00004 is out of range"),
    ("1 0 3 " + "9" * 5000, 1, 7, "999999999999... is out of range"),
])
def test_numbers_out_of_range(text, line, column, message):
    e = error(text)
    assert (e.line, e.column, e.reason[:len(message)]) == (line, column, message)


@pytest.mark.parametrize("text,line,column,message", [
    ("1 2 3\n4 5 6\n7 8 8", 3, 5,
     "no hole: 0 is missing; tile 8 is repeated (first at line 3, column 3)"),
    ("1 0 3\n4 5 6\n7 0 2", 3, 3,
     "the hole 0 is repeated (first at line 1, column 3); 8 is missing"),
    ("3 3\n3 3", 1, 3,
     "no hole: 0 is missing; tile 3 is repeated (first at line 1, column 1); 1 and 2 are missing"),
    ("1 1 1 1 1 1 1 1 1", 1, 3, "no hole: 0 is missing; tile 1 is repeated "
     "(first at line 1, column 1); 2, 3, 4, 5, 6 and 2 more are missing"),
    ("1 0 3\n3 5 6\n7 8 2", 2, 1, "tile 3 is repeated (first at line 1, column 5); 4 is missing"),
])
def test_repeated_numbers_name_the_second_one_and_what_is_missing(text, line, column, message):
    e = error(text)
    assert (e.line, e.column, e.reason) == (line, column, message)


@pytest.mark.parametrize("text,line,column,message", [
    ("1 2 3\n4 0\n5 6 7", 2, 4, "this row has 2 numbers, the first row has 3"),
    ("1 2\n3 0 4\n", 2, 5, "this row has 3 numbers, the first row has 2"),
    ("1 2\n\n3 0 4\n", 3, 5, "this row has 3 numbers"),
    ("1 2 3\n4 5 6\n7,8,  \n", 3, 4, "this row has 2 numbers"),
])
def test_ragged_rows(text, line, column, message):
    e = error(text)
    assert (e.line, e.column) == (line, column)
    assert message in e.reason and "every row needs the same count" in e.reason


@pytest.mark.parametrize("text,line,column,message", [
    ("1\n0", 1, 1, "the rows have 1 number: a board 1 wide is out of range (sides from 2 to 8)"),
    ("\n".join(" ".join(str(r * 9 + c) for c in range(9)) for r in range(2)), 1, 17,
     "the rows have 9 numbers: a board 9 wide is out of range"),
    ("\n".join(f"{2 * r} {2 * r + 1}" for r in range(9)), 9, 1,
     "the board has 9 rows: sides from 2 to 8 are supported"),
])
def test_sizes_out_of_range(text, line, column, message):
    e = error(text)
    assert (e.line, e.column) == (line, column)
    assert e.reason.startswith(message)


def test_one_line_count_that_is_not_a_square_is_a_whole_board_error():
    e = error("\n1 2 3 4 5 6 7 0\n\n")
    assert (e.line, e.column) == (2, None)
    assert str(e) == ("line 2: 8 numbers on one line are not a square board (4, 9, 16, ... 64); "
                      "for another shape write one row a line")


@pytest.mark.parametrize("count,message", [
    (1, "1 number makes a 1 x 1 board"),
    (81, "81 numbers make a 9 x 9 board: sides from 2 to 8 are supported"),
])
def test_one_line_square_out_of_range(count, message):
    e = error(" ".join(str(i) for i in range(count)))
    assert (e.line, e.column) == (1, None)
    assert e.reason.startswith(message)


@pytest.mark.parametrize("text", ["", "\n\n", " , \t\n", "\ufeff", "\r\n"])
def test_no_numbers_at_all(text):
    e = error(text)
    assert (e.line, e.column) == (1, None)
    assert "there are no numbers" in e.reason


def test_the_first_problem_in_order_is_reported():
    # a bad token wins over a ragged row and a repeat
    e = error("1 1 1\n2 3\n4 q 5")
    assert (e.line, e.column) == (3, 3)
    # then the shape, then the numbers in reading order
    e = error("1 1 1\n2 3\n4 5 6")
    assert (e.line, e.column) == (2, 4)
    e = error("9 1 1\n2 3 0\n4 5 6")
    assert (e.line, e.column) == (1, 1)


@pytest.mark.parametrize("text", ["1 2\n3 4", "1 2\n3 3", "4 3 2 1", "1 2 3\n4 5 6\n7 8 9\n",
                                  "8 7 6\n5 4 3\n2 1 1"])
def test_a_missing_hole_is_named_first(text):
    e = error(text)
    assert e.reason.startswith("no hole: 0 is missing; ") and e.column is not None
    assert "the hole 0" not in e.reason  # not one more missing tile in a list


def test_counts_of_one_are_singular():
    e = error("1 2\n3")
    assert "this row has 1 number, the first row has 2" in e.reason
    assert "1 numbers" not in error("1").reason
    assert error("1\n0").reason.startswith("the rows have 1 number:")


def test_a_position_without_a_hole_says_so():
    with pytest.raises(SlidingError, match=r"^no hole: 0 is missing; .* 4 is out of range"):
        Position((1, 2, 3, 4), width=2)
    with pytest.raises(SlidingError, match=r"^no hole: 0 is missing; .* 3 is repeated"):
        Position((1, 2, 3, 3), width=2)
    with pytest.raises(SlidingError, match=r"^the tiles must be 0 to 3, each once: 3 is repeated"):
        Position((0, 2, 3, 3), width=2)

"""The triangle text format: tolerances, round trip, every error with its place."""

import pytest

from webapp.triangle.puzzle import Puzzle, TriangleError
from webapp.triangle.textformat import parse, write

EXAMPLE = "3\n9\n-1 -2 1\n2 -1 -1\n-2 2 -1\n-1 3 1\n2 -3 3\n-2 -1 3\n2 2 -1\n2 -1 -3\n-2 1 -3\n"


def test_example_reads_and_writes_back():
    p = parse(EXAMPLE)
    assert p.figures == 3 and p.n == 3 and p.pieces[0] == (-1, -2, 1)
    assert write(p) == EXAMPLE
    assert parse(write(p)) == p


def test_tolerances():
    messy = "\ufeff3\r\n\r\n  9 \r\n" + "\r\n\t\r\n".join(
        "\t".join(line.split()) for line in EXAMPLE.splitlines()[2:]) + "\r\n\r\n"
    assert parse(messy) == parse(EXAMPLE)
    assert parse("0\n1\n+0 -0 0").pieces == ((0, 0, 0),)


def test_values_outside_the_figure_range_are_allowed():
    assert parse("1\n1\n5 -7 9\n").pieces == ((5, -7, 9),)


def where(text):
    with pytest.raises(TriangleError) as info:
        parse(text)
    e = info.value
    assert isinstance(e, ValueError)
    if e.column is not None:
        assert f"line {e.line}, column {e.column}" in str(e)
    return e.line, e.column, str(e)


@pytest.mark.parametrize("text, line, column, words", [
    ("", 1, None, "empty"),
    ("\n\n", 1, None, "empty"),
    ("x\n1\n0 0 0\n", 1, 1, "not an integer"),
    ("-1\n1\n0 0 0\n", 1, 1, "negative"),
    ("3 4\n1\n0 0 0\n", 1, 3, "one number"),
    ("3\n", 2, None, "missing"),
    ("3\n2.5\n", 2, 1, "not an integer"),
    ("3\n  8\n", 2, 3, "not a square"),
    ("3\n0\n", 2, 1, "not a square"),
    ("3\n-4\n", 2, 1, "not a square"),
    ("3\n81\n", 2, 1, "too many"),
    ("3\n1 1\n", 2, 3, "one number"),
    ("3\n1\n1 2\n", 3, 4, "three integers"),
    ("3\n1\n1 2 3 4\n", 3, 7, "three integers"),
    ("3\n1\n1 two 3\n", 3, 3, "not an integer"),
    ("3\n1\n1 2 3.0\n", 3, 5, "not an integer"),
    ("3\n1\n1 2 3\n4 5 6\n", 4, 1, "more piece lines"),
    ("3\n4\n1 2 3\n\n4 5 6\n", 6, None, "2 piece lines found"),
    ("3\n1\n1 2 1234567890123456789\n", 3, 5, "too long"),
    ("\ufeff3\n1\n\t1 2 x\n", 3, 6, "not an integer"),
    ("3\r\n1\r\n1 2\r\n", 3, 4, "three integers"),
])
def test_errors_name_line_and_column(text, line, column, words):
    got_line, got_column, message = where(text)
    assert (got_line, got_column) == (line, column), message
    assert words in message


def test_write_is_canonical():
    p = Puzzle(2, ((1, -1, 2), (0, 0, 0), (2, 2, 2), (-2, 1, 0)))
    assert write(p) == "2\n4\n1 -1 2\n0 0 0\n2 2 2\n-2 1 0\n"


def test_non_string_refused():
    with pytest.raises(TriangleError):
        parse(b"3\n1\n0 0 0\n")

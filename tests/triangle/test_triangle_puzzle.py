"""The triangle puzzle value: validation, turnings, classes."""

import pytest

from webapp.triangle.puzzle import Puzzle, TriangleError, canonical, turnings


def test_turnings_order_and_distinct():
    assert turnings((1, 2, 3)) == ((1, 2, 3), (2, 3, 1), (3, 1, 2))
    assert turnings((4, 4, 4)) == ((4, 4, 4),)
    assert turnings((0, 0, 1)) == ((0, 0, 1), (0, 1, 0), (1, 0, 0))


def test_canonical_equal_for_turnings_not_for_flips():
    assert canonical((3, 1, 2)) == canonical((1, 2, 3))
    assert canonical((1, 3, 2)) != canonical((1, 2, 3))


@pytest.mark.parametrize("count", [1, 4, 9, 16, 25, 36, 49, 64])
def test_square_counts_accepted(count):
    p = Puzzle(1, ((0, 1, -1),) * count)
    assert p.n * p.n == count


@pytest.mark.parametrize("count", [0, 2, 3, 5, 8, 10, 81])
def test_other_counts_refused(count):
    with pytest.raises(TriangleError):
        Puzzle(1, ((0, 1, -1),) * count)


@pytest.mark.parametrize("figures", [-1, 1.5, "3", True])
def test_figure_count_checked(figures):
    with pytest.raises(TriangleError):
        Puzzle(figures, ((0, 0, 0),))


@pytest.mark.parametrize("piece", [(1, 2), (1, 2, 3, 4), (1, "2", 3), (1.0, 2, 3)])
def test_piece_shape_checked(piece):
    with pytest.raises(TriangleError):
        Puzzle(1, (piece,))


def test_lists_become_tuples_and_repr_evaluates():
    p = Puzzle(2, [[1, -1, 2], [0, 0, 0], [2, 2, 2], [-2, 1, 0]])
    assert p.pieces[0] == (1, -1, 2)
    assert eval(repr(p)) == p
    assert hash(p) == hash(eval(repr(p)))


def test_error_is_value_error_with_position():
    e = TriangleError("bad", line=2, column=7)
    assert isinstance(e, ValueError) and (e.line, e.column) == (2, 7)
    assert "line 2, column 7" in str(e)

"""Gravity, settling and moves, one rule of docs/rotation.md at a time.

Every board here is small and drawn by hand; the expected positions and
distances are worked out by hand in the comments (rows and columns count
from 0, row 0 being the top row of the file).
"""

from __future__ import annotations

import pytest

from webapp.rotation import EXAMPLE, Board, Position, Stick, parse, solve
from webapp.rotation.physics import GRAVITY, SIDES, turn
from rotation_reference import replay, stick_of
from webapp.errors import FieldError, IllegalMove


def board(*rows: str) -> Board:
    h, w = len(rows), len(rows[0])
    size = str(w) if w == h else f"{w} {h}"
    return parse("\n".join([size, *rows]) + "\n")


def settle(b: Board, orientation: int = 0):
    return Position(b, orientation).settle()


def rows_after(step) -> list[str]:
    """The rows of the frame (frame coordinates, not the screen)."""
    return step.position.board.rows()


# --- gravity directions ----------------------------------------------------------------------

CENTRE = board(
    "#####",
    "#   #",
    "# 0 #",
    "#   #",
    "#####",
)


def test_gravity_table_and_sides():
    assert GRAVITY == ((1, 0), (0, 1), (-1, 0), (0, -1))
    assert SIDES == ("bottom", "right", "top", "left")


@pytest.mark.parametrize("orientation, side, cell", [
    (0, "bottom", (3, 2)),
    (1, "right", (2, 3)),
    (2, "top", (1, 2)),
    (3, "left", (2, 1)),
])
def test_gravity_per_orientation(orientation, side, cell):
    step = settle(CENTRE, orientation)
    assert SIDES[step.position.orientation] == side
    assert step.position.orientation == orientation
    assert stick_of(step.position.board, "0") == Stick("0", *cell)
    assert step.moved == {"0": 1} and step.released == ()


def test_move_r_sends_gravity_to_the_frame_right_side():
    step = Position(CENTRE).turn("R")
    assert step.move == "R"
    assert step.position.orientation == 1
    assert stick_of(step.position.board, "0") == Stick("0", 2, 3)


def test_move_l_sends_gravity_to_the_frame_left_side():
    step = Position(CENTRE).turn("L")
    assert step.move == "L"
    assert step.position.orientation == 3
    assert stick_of(step.position.board, "0") == Stick("0", 2, 1)


def test_turn_arithmetic():
    assert turn(0, "R") == 1 and turn(1, "R") == 2 and turn(3, "R") == 0
    assert turn(0, "L") == 3 and turn(3, "L") == 2 and turn(1, "L") == 0
    position = Position(CENTRE)
    for moves, orientation in [("RR", 2), ("LL", 2), ("RL", 0), ("LR", 0), ("RRRR", 0),
                               ("LLL", 1), ("RRR", 3)]:
        assert position.play(moves)[-1].position.orientation == orientation


@pytest.mark.parametrize("move", ["L", "R"])
def test_gravity_points_down_on_the_screen(move):
    # After either turn the stick lies in the lowest inner row as the viewer sees it.
    step = Position(CENTRE).turn(move)
    screen = step.position.screen()
    assert screen.rows() == ["#####", "#   #", "#   #", "# 0 #", "#####"]
    assert screen == step.position.board.rotated(step.position.orientation)


def test_screen_of_the_frame_right_side_is_at_the_bottom():
    # A gap in the frame's right side: after R it is at the bottom of the screen.
    b = board("#####", "#   #", "#    ", "#   #", "#####")
    after_r = Position(b).turn("R").position
    assert after_r.screen().gaps() == ((4, 2),)


def test_bad_move_and_bad_orientation():
    with pytest.raises(IllegalMove):
        Position(CENTRE).turn("U")
    with pytest.raises(IllegalMove):
        Position(CENTRE).play("LRX")
    with pytest.raises(FieldError):
        Position(CENTRE, 4)
    with pytest.raises(FieldError):
        Position(CENTRE, -1)


# --- settling ---------------------------------------------------------------------------------

def test_stacked_sticks_fall_together():
    b = board(
        "#######",
        "#  0  #",   # 0 at (1,3)
        "#  1  #",   # 1 at (2,3)
        "# 222 #",   # 2 at (3,2)-(3,4)
        "#     #",
        "#     #",
        "#######",
    )
    step = settle(b)
    # 2 falls from row 3 to row 5 (two cells); 1 and 0 ride down on it
    assert rows_after(step)[3:6] == ["#  0  #", "#  1  #", "# 222 #"]
    assert step.moved == {"0": 2, "1": 2, "2": 2}
    assert step.released == ()


def test_lower_stick_blocks_higher_one():
    b = board(
        "#######",
        "# 0 2 #",   # 0 vertical (1,2)-(2,2); 2 at (1,4)
        "# 0   #",
        "#     #",
        "#     #",
        "# 11  #",   # 1 at (5,2)-(5,3), already resting on the bottom
        "#######",
    )
    step = settle(b)
    # 0 stops on 1: rows 3-4, moved 2. 2 is not above 1 and falls to (5,4), moved 4.
    assert stick_of(step.position.board, "0") == Stick("0", 3, 2, 2, vertical=True)
    assert stick_of(step.position.board, "1") == Stick("1", 5, 2, 2)
    assert stick_of(step.position.board, "2") == Stick("2", 5, 4)
    assert step.moved == {"0": 2, "2": 4}   # 1 did not move, so it is not listed


def test_horizontal_stick_stopped_by_one_cell_under_one_end():
    b = board(
        "#######",
        "# 000 #",   # 0 at (1,2)-(1,4)
        "#     #",
        "#     #",
        "#   1 #",   # 1 at (4,4): under the right end of 0 only
        "#     #",
        "#######",
    )
    step = settle(b)
    # 1 falls to (5,4); 0 falls until its right end rests on 1: row 4
    assert rows_after(step)[4:6] == ["# 000 #", "#   1 #"]
    assert step.moved == {"0": 3, "1": 1}


def test_sideways_gravity_packs_a_row():
    b = board(
        "#######",
        "#0 11 #",   # 0 at (1,1); 1 at (1,3)-(1,4)
        "#     #",
        "#######",
    )
    step = settle(b, 1)   # gravity towards the frame's right side
    assert rows_after(step)[1] == "#  011#"
    assert step.moved == {"0": 2, "1": 1}
    step = settle(b, 3)   # towards the left side: 0 is already there
    assert rows_after(step)[1] == "#011  #"
    assert step.moved == {"1": 1}


def test_resting_on_a_stick_that_falls_out_keeps_falling():
    b = board(
        "#######",
        "#     #",
        "#  0  #",   # 0 at (2,3), resting on 1
        "#  1  #",   # 1 vertical (3,3)-(5,3), right over the gap
        "#  1  #",
        "#  1  #",
        "### ###",   # gap at (6,3)
    )
    step = settle(b)
    # 1 leaves first (its top cell must reach row 7: 7 - 3 = 4 cells),
    # then 0 follows through the same gap (7 - 2 = 5 cells).
    assert step.released == ("1", "0")
    assert step.moved == {"1": 4, "0": 5}
    assert step.position.board.sticks == ()


def test_turn_then_resting_stick_follows_the_one_in_front():
    b = board(
        "#######",
        "#     #",
        "#     #",
        "#     #",
        "#     #",
        "  100 #",   # gap at (5,0); 1 at (5,2), 0 at (5,3)-(5,4)
        "#######",
    )
    assert settle(b).moved == {}   # at rest with gravity down
    step = Position(b).turn("L")   # gravity towards the left side: through the gap
    # 1: rightmost cell col 2 must reach col -1: 3 cells. 0: col 4 to col -1: 5 cells.
    assert step.released == ("1", "0")
    assert step.moved == {"1": 3, "0": 5}


def test_stick_wider_than_the_gap_stays_after_the_one_below_falls_out():
    b = board(
        "#######",
        "#     #",
        "#     #",
        "# 000 #",   # 0 at (3,2)-(3,4) resting on 1
        "#  1  #",   # 1 vertical (4,3)-(5,3)
        "#  1  #",
        "### ###",   # gap at (6,3)
    )
    step = settle(b)
    # 1 falls out (7 - 4 = 3 cells); 0 falls to row 5 and rests on the walls
    # beside the gap, (6,2) and (6,4).
    assert step.released == ("1",)
    assert step.moved == {"1": 3, "0": 2}
    assert rows_after(step)[5] == "# 000 #"
    assert step.position.board.symbols() == ("0",)


def test_lower_stick_leaves_and_upper_lands_on_a_third():
    b = board(
        "#######",
        "#     #",
        "#     #",
        "# 000 #",   # 0 at (3,2)-(3,4): its left end rests on 2
        "# 2   #",   # 2 at (4,2), over the gap column
        "#   1 #",   # 1 at (5,4), resting on the bottom
        "## ####",   # gap at (6,2)
    )
    step = settle(b)
    # 2 leaves: 7 - 4 = 3 cells. 0 then falls one cell and rests on 1.
    assert step.released == ("2",)
    assert step.moved == {"2": 3, "0": 1}
    assert rows_after(step)[3:7] == ["#     #", "# 000 #", "#   1 #", "## ####"]


# --- release through a gap -------------------------------------------------------------------

def test_vertical_stick_falls_out_of_a_one_cell_gap():
    b = board(
        "#######",
        "#  0  #",   # 0 vertical (1,3)-(2,3)
        "#  0  #",
        "#     #",
        "#     #",
        "#     #",
        "### ###",
    )
    step = settle(b)
    # top cell from row 1 to row 7: 6 cells
    assert step.released == ("0",) and step.moved == {"0": 6}


def test_horizontal_stick_falls_out_of_a_gap_as_wide_as_it():
    b = board(
        "#######",
        "#     #",
        "# 00  #",   # 0 at (2,2)-(2,3)
        "#     #",
        "#     #",
        "#     #",
        "##  ###",   # gap (6,2)-(6,3)
    )
    step = settle(b)
    assert step.released == ("0",) and step.moved == {"0": 5}


def test_horizontal_stick_wider_than_the_gap_does_not_fall_out():
    b = board(
        "#######",
        "#     #",
        "# 000 #",   # 0 at (2,2)-(2,4): three cells over a two-cell gap
        "#     #",
        "#     #",
        "#     #",
        "##  ###",
    )
    step = settle(b)
    assert step.released == ()
    assert stick_of(step.position.board, "0") == Stick("0", 5, 2, 3)
    assert step.moved == {"0": 3}


def test_horizontal_stick_beside_the_gap_does_not_fall_out():
    b = board(
        "#######",
        "#     #",
        "#  00 #",   # 0 at (2,3)-(2,4): only its left cell is over the gap
        "#     #",
        "#     #",
        "#     #",
        "##  ###",
    )
    step = settle(b)
    assert step.released == ()
    assert stick_of(step.position.board, "0") == Stick("0", 5, 3, 2)


def test_horizontal_stick_slides_out_along_its_length():
    b = board(
        "#######",
        "#     #",
        "#     #",
        "   00 #",   # gap at (3,0); 0 at (3,3)-(3,4)
        "#     #",
        "#     #",
        "#######",
    )
    step = settle(b, 3)   # gravity left
    # right cell from column 4 to column -1: 5 cells
    assert step.released == ("0",) and step.moved == {"0": 5}


def test_vertical_stick_does_not_fit_a_one_cell_side_gap():
    b = board(
        "#######",
        "#     #",
        "#     #",
        "   0  #",   # gap at (3,0); 0 vertical (3,3)-(4,3)
        "#  0  #",
        "#     #",
        "#######",
    )
    step = settle(b, 3)
    # its lower cell meets the wall at (4,0): it stops in column 1
    assert step.released == ()
    assert stick_of(step.position.board, "0") == Stick("0", 3, 1, 2, vertical=True)
    assert step.moved == {"0": 2}


def test_vertical_stick_fits_a_two_cell_side_gap():
    b = board(
        "#######",
        "#     #",
        "#     #",
        "   0  #",   # gap (3,0)-(4,0)
        "   0  #",
        "#     #",
        "#######",
    )
    step = settle(b, 3)
    # column 3 to column -1: 4 cells
    assert step.released == ("0",) and step.moved == {"0": 4}


def test_release_upwards_and_to_the_right():
    b = board(
        "### ###",   # gap (0,3)
        "#     #",
        "#0     ",   # gap (2,6); 0 at (2,1)
        "#  1  #",   # 1 vertical (3,3)-(5,3)
        "#  1  #",
        "#  1  #",
        "#######",
    )
    up = settle(b, 2)
    # 1: bottom cell from row 5 to row -1: 6 cells. 0 goes up to (1,1).
    assert up.released == ("1",)
    assert up.moved == {"1": 6, "0": 1}
    right = settle(b, 1)
    # 0: from column 1 to column 7: 6 cells. 1 slides to column 5.
    assert right.released == ("0",)
    assert right.moved == {"0": 6, "1": 2}
    assert stick_of(right.position.board, "1") == Stick("1", 3, 5, 3, vertical=True)


def test_stick_lying_in_the_gap_row():
    b = board(
        "#######",
        "#     #",
        "#     #",
        "#     #",
        "#     #",
        "#     #",
        "# 00 ##",   # 0 lies in the border row at (6,2)-(6,3)
    )
    # a gap is every border cell that is not a wall: the stick's cells count too
    assert b.gaps() == ((6, 1), (6, 2), (6, 3), (6, 4))
    down = settle(b, 0)
    # every cell of 0 would move to row 7, outside: released after 1 cell
    assert down.released == ("0",) and down.moved == {"0": 1}
    left = settle(b, 3)
    # moving left inside the bottom row: stops at the corner wall (6,0)
    assert left.released == () and left.moved == {"0": 1}
    assert stick_of(left.position.board, "0") == Stick("0", 6, 1, 2)


def test_released_stick_is_removed_completely():
    b = board(
        "#######",
        "#     #",
        "#  0  #",   # 0 vertical (2,3)-(4,3)
        "#  0  #",
        "#  0  #",
        "#   1 #",   # 1 at (5,4)
        "### ###",
    )
    step = settle(b)
    after = step.position.board
    assert after.symbols() == ("1",)
    assert all("0" not in row for row in after.rows())
    assert after.walls == b.walls
    assert step.moved == {"0": 5}   # top cell row 2 -> row 7
    # sticks that fell out stay out: the following moves go on without it
    steps = step.position.play("LR")
    assert all("0" not in s.position.board.symbols() for s in steps)


# --- inner walls ------------------------------------------------------------------------------------

def test_inner_wall_stops_a_stick_over_the_gap():
    b = board(
        "#######",
        "#  0  #",   # 0 at (1,3)
        "#     #",
        "#  #  #",   # an inner wall at (3,3)
        "#     #",
        "#     #",
        "### ###",
    )
    step = settle(b)
    assert step.released == () and step.moved == {"0": 1}
    assert stick_of(step.position.board, "0") == Stick("0", 2, 3)


def test_inner_wall_under_one_end_of_a_horizontal_stick():
    b = board(
        "#######",
        "# 11  #",   # 1 at (1,2)-(1,3)
        "#     #",
        "#  #  #",   # (3,3) wall
        "#     #",
        "#     #",
        "#######",
    )
    step = settle(b)
    assert stick_of(step.position.board, "1") == Stick("1", 2, 2, 2)


def test_inner_wall_blocks_sideways():
    b = board(
        "#######",
        "#0 #  #",   # 0 at (1,1); wall (1,3)
        "#     #",
        "#  ## #",   # walls (3,3), (3,4)
        "#     #",
        "#     #",
        "#######",
    )
    step = settle(b, 1)
    assert stick_of(step.position.board, "0") == Stick("0", 1, 2)
    assert step.moved == {"0": 1}


# --- the first settling ------------------------------------------------------------------------------

def test_initial_settling_of_a_file_not_at_rest():
    b = board(
        "#######",
        "# 0   #",   # 0 at (1,2): floating
        "#     #",
        "#     #",
        "#    1#",   # 1 vertical (4,5)-(5,5): at rest
        "#    1#",
        "### ###",
    )
    step = settle(b)
    assert step.move is None
    assert step.moved == {"0": 4} and step.released == ()
    expected = board("#######", "#     #", "#     #", "#     #", "#    1#", "# 0  1#", "### ###")
    assert step.position == Position(expected, 0)
    answer = solve(b)
    assert answer.start.moved == {"0": 4}
    assert answer.start.position.board == expected
    # the moves of the answer start from the settled board
    first, steps = replay(b, answer.moves)
    assert first.position.board == expected
    assert steps == Position(expected).play(answer.moves)


def test_zero_move_solution_when_the_first_settling_releases():
    b = board(
        "#####",
        "#   #",
        "# 0 #",   # 0 at (2,2), over the gap
        "#   #",
        "## ##",
    )
    answer = solve(b)
    assert answer.status == "solved"
    assert answer.moves == "" and answer.length == 0 and answer.depth == 0
    assert answer.start.released == ("0",)
    assert answer.start.moved == {"0": 3}   # row 2 -> row 5
    assert answer.trajectory == []
    assert answer.summary() == "0 moves: stick 0 falls out as the puzzle settles"


def test_first_settling_releases_a_stick_but_not_the_chosen_one():
    b = board(
        "#####",
        "#1  #",   # 1 at (1,1): comes to rest at (3,1), beside the gap
        "# 0 #",   # 0 at (2,2): over the gap (4,2)
        "#    ",   # a second gap at (3,4)
        "## ##",
    )
    assert solve(b).moves == ""
    # Only R releases 1 in one move (L leaves it in its corner): R is the only answer.
    answer = solve(b, "stick:1")
    assert answer.status == "solved" and answer.moves == "R"
    first, steps = replay(b, answer.moves)
    assert first.released == ("0",)
    assert steps[-1].released == ("1",)
    assert steps[-1].moved == {"1": 4}   # column 1 -> column 5


# --- several moves -------------------------------------------------------------------------------------

def test_spec_example_move_by_move():
    start = Position(parse(EXAMPLE))
    assert start.settle().moved == {}   # the example is at rest
    first, second, third = start.play("LLR")
    # L: gravity left. 0 (row 5, columns 3-4) slides to columns 1-2: 2 cells.
    # 1 (column 5, rows 4-5) slides left; its row-5 cell stops at 0: column 3, 2 cells.
    assert first.position.orientation == 3
    assert first.moved == {"0": 2, "1": 2} and first.released == ()
    assert first.position.board.rows()[4:6] == ["#  1  #", "#001  #"]
    # L: gravity up. 1 (column 3, rows 4-5) goes up through the gap at (0,3):
    # bottom cell row 5 -> row -1, 6 cells. 0 goes up from row 5 to row 1: 4 cells.
    assert second.position.orientation == 2
    assert second.released == ("1",) and second.moved == {"0": 4, "1": 6}
    assert second.position.board.rows()[1] == "#00   #"
    # R: gravity left again: 0 is already at the left wall; 1 stays out.
    assert third.position.orientation == 3
    assert third.moved == {} and third.released == ()
    assert third.position.board.symbols() == ("0",)


def test_settling_a_settled_position_changes_nothing():
    for orientation in range(4):
        once = settle(parse(EXAMPLE), orientation)
        twice = once.position.settle()
        assert twice.moved == {} and twice.released == ()
        assert twice.position == once.position


def test_two_sticks_side_by_side_fall_the_same_way():
    b = board(
        "#######",
        "#0   1#",   # 0 at (1,1), 1 at (1,5)
        "#     #",
        "#     #",
        "#######",
    )
    step = settle(b)
    assert step.moved == {"0": 2, "1": 2}
    assert rows_after(step)[3] == "#0   1#"


# --- the smallest and the largest boards ------------------------------------------------------

def test_smallest_board():
    b = board(
        "# #",
        "#0#",   # 0 at (1,1), under the gap (0,1)
        "###",
    )
    assert settle(b).moved == {}   # gravity down: it rests on the bottom wall
    step = Position(b).play("RR")[-1]   # gravity up
    assert step.released == ("0",) and step.moved == {"0": 2}   # row 1 -> row -1


def test_largest_board():
    n = 64
    walls = {(r, c) for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1)}
    walls.discard((n - 1, 32))
    b = Board(n, n, frozenset(walls), (Stick("0", 1, 32, 3, vertical=True), Stick("1", 1, 1, 30)))
    step = settle(b)
    # 0: top cell from row 1 to row 64, 63 cells. 1 (columns 1-30) falls to row 62.
    assert step.released == ("0",)
    assert step.moved == {"0": 63, "1": 61}
    assert stick_of(step.position.board, "1") == Stick("1", 62, 1, 30)

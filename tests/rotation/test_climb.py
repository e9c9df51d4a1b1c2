"""The climb towards hard puzzles (webapp/rotation/studies/climb.py): its boards
are valid one-gap puzzles whose turns the solver confirms, the seed
rebuilds them, and a restart changes nothing until it first happens."""

from __future__ import annotations

import random

from webapp.rotation.board import Board
from webapp.rotation.studies.climb import _mutated, climb, score
from webapp.rotation.generate import random_board
from webapp.rotation.search import solve


def test_a_climb_is_rebuilt_by_its_seed_and_its_turns_are_the_solvers():
    found = climb(7, 3, seed=1, steps=60, inner_walls=8)
    again = climb(7, 3, seed=1, steps=60, inner_walls=8)
    assert (again.board, again.turns, again.improved_at) == (found.board, found.turns,
                                                             found.improved_at)
    answer = solve(found.board)
    assert answer.status == "solved" and len(answer.moves) == found.turns
    assert found.turns == score(found.board)


def test_mutations_keep_the_frame_and_its_gap():
    rng = random.Random(3)
    board = random_board(8, 4, inner_walls=6, rng=rng)
    ring = {(r, c) for r in range(8) for c in range(8) if r in (0, 7) or c in (0, 7)}
    made = 0
    for _ in range(300):
        changed = _mutated(board, rng)
        if changed is None:
            continue
        made += 1
        assert isinstance(changed, Board) and changed.gaps() == board.gaps()
        assert changed.walls & ring == board.walls & ring
        assert len(changed.sticks) == len(board.sticks)
        assert all(0 < r < 7 and 0 < c < 7 for s in changed.sticks for r, c in s.cells())
        board = changed
    assert made > 100


def test_a_restart_goes_back_to_the_best_board_only_after_its_wait():
    plain = climb(6, 2, seed=2, steps=40, inner_walls=3)
    never = climb(6, 2, seed=2, steps=40, inner_walls=3, restart=1000)
    assert (never.board, never.turns) == (plain.board, plain.turns)
    often = climb(6, 2, seed=2, steps=40, inner_walls=3, restart=3)
    assert often.turns >= 1 and solve(often.board).moves and len(solve(often.board).moves) == often.turns


def test_a_climb_that_meets_no_solvable_board_says_so():
    # seed 2's first 10 x 10 board is boxed in: nothing solvable in a few steps
    found = climb(10, 5, seed=2, steps=5, inner_walls=16)
    assert found.turns is None and solve(found.board).status == "unsolvable"

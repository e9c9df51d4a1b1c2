"""The random puzzle generator and the ``generate`` subcommand."""

from __future__ import annotations

import random

import pytest

from webapp.cli import main
from webapp.rotation import SYMBOLS, Board, parse, solve
from webapp.rotation.generate import (
    DEFAULT_TRIES,
    GenerateError,
    NoPuzzleFound,
    generate,
    random_board,
    search,
)
from webapp.rotation.physics import Position


def openings(board: Board) -> list[list[tuple[int, int]]]:
    """The gap cells grouped into openings (runs of neighbouring gap cells)."""
    gaps = set(board.gaps())
    groups = []
    while gaps:
        todo = [gaps.pop()]
        group = []
        while todo:
            r, c = todo.pop()
            group.append((r, c))
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in gaps:
                    gaps.remove(nb)
                    todo.append(nb)
        groups.append(sorted(group))
    return groups


def inner_walls(board: Board) -> int:
    return sum(1 for r, c in board.walls if not board.is_border(r, c))


CASES = [
    # size, sticks, gaps, inner walls, gap width
    (5, 1, 1, 0, 1),
    (5, 3, 2, 2, 1),
    (7, 2, 1, 0, 1),
    (8, 4, 3, 5, 2),
    (12, 11, 2, 10, 1),
    (20, 15, 4, 40, 3),
    (30, 25, 1, 100, 1),
]


@pytest.mark.parametrize("size, sticks, gaps, walls, width", CASES)
@pytest.mark.parametrize("seed", range(4))
def test_boards_are_valid_and_honour_the_request(size, sticks, gaps, walls, width, seed):
    board = generate(size, sticks, gaps=gaps, inner_walls=walls, gap_width=width, seed=seed)
    assert (board.width, board.height) == (size, size)
    assert board.symbols() == tuple(SYMBOLS[:sticks])
    assert inner_walls(board) == walls
    groups = openings(board)
    assert len(groups) == gaps
    assert all(len(group) == width for group in groups)
    corners = {(0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)}
    assert corners <= board.walls
    # the text round-trips, and the board is shown at rest with no stick out
    assert parse(board.text()) == board
    first = Position(board).settle()
    assert first.released == ()
    assert first.moved == {}


def test_sticks_are_straight_and_within_the_maximum_length():
    for seed in range(20):
        board = generate(15, 8, seed=seed, max_length=4)
        assert all(1 <= s.length <= 4 for s in board.sticks)
        # not all the same way round
    shapes = {(s.vertical, s.length) for seed in range(20)
              for s in generate(15, 8, seed=seed, max_length=4).sticks}
    assert {True, False} <= {vertical for vertical, _ in shapes}


def test_seeds_are_reproducible():
    a = generate(10, 5, gaps=2, inner_walls=6, seed=42)
    b = generate(10, 5, gaps=2, inner_walls=6, seed=42)
    assert a == b and a.text() == b.text()
    others = {generate(10, 5, gaps=2, inner_walls=6, seed=s).text() for s in range(10)}
    assert len(others) == 10
    assert random_board(9, 3, rng=random.Random(7)) == random_board(9, 3, rng=random.Random(7))


def test_no_seed_still_gives_a_valid_board():
    board = generate(9, 3)
    assert board.width == 9 and len(board.sticks) == 3


def test_height_gives_a_rectangular_board():
    board = generate(12, 4, height=7, seed=1)
    assert (board.width, board.height) == (12, 7)
    assert parse(board.text()) == board


@pytest.mark.parametrize("kwargs", [
    dict(size=5, sticks=10),                 # 9 cells inside
    dict(size=5, sticks=2, inner_walls=8),
    dict(size=2, sticks=1),
    dict(size=3, sticks=2),                  # 1 cell inside
    dict(size=65, sticks=1),
    dict(size=8, sticks=0),
    dict(size=8, sticks=63),
    dict(size=6, sticks=1, gaps=20),
    dict(size=6, sticks=1, gap_width=0),
])
def test_impossible_requests_are_refused(kwargs):
    with pytest.raises(GenerateError):
        generate(seed=1, **kwargs)


def test_search_keeps_the_longest_of_its_tries():
    found = search(8, 3, seed=10, tries=15, inner_walls=4)
    lengths = []
    for k in range(15):
        board = generate(8, 3, seed=10 + k, inner_walls=4)
        answer = solve(board, max_states=20_000)
        if answer.status == "solved":
            lengths.append(len(answer.moves))
    assert found.answer.status == "solved"
    assert len(found.answer.moves) == max(lengths)
    assert found.tried == 15
    # the reported seed rebuilds the board on its own
    assert generate(8, 3, seed=found.seed, inner_walls=4) == found.board


def test_search_stops_at_the_first_board_with_enough_moves():
    found = search(8, 3, seed=3, min_moves=6, inner_walls=4)
    assert len(found.answer.moves) >= 6
    assert solve(found.board).moves == found.answer.moves
    assert found.seed == 3 + found.tried - 1


def test_search_can_ask_for_an_unsolvable_board():
    found = search(7, 2, seed=0, unsolvable=True, gaps=1)
    assert found.answer.status == "unsolvable"
    assert solve(found.board).status == "unsolvable"
    assert found.board.gaps()  # not just a closed frame


def test_search_reports_when_nothing_meets_the_request():
    with pytest.raises(NoPuzzleFound) as info:
        search(5, 1, seed=0, min_moves=500, tries=5)
    assert "the longest needs" in str(info.value)
    assert "500" in str(info.value)


def test_default_tries():
    assert DEFAULT_TRIES >= 100


# -- the command line -----------------------------------------------------------

def test_cli_generate_prints_the_board_and_the_solution(capsys):
    assert main(["generate", "--size", "9", "--sticks", "3", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    board = parse(out)
    assert board == generate(9, 3, seed=4)
    assert err.startswith("seed 4: ")
    assert solve(board).summary() in err


def test_cli_generate_search_options(capsys):
    args = ["generate", "--size", "8", "--sticks", "3", "--gaps", "2", "--inner-walls", "4",
            "--seed", "5", "--min-moves", "5", "--tries", "200"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    board = parse(out)
    assert len(solve(board).moves) >= 5
    assert len(openings(board)) == 2 and inner_walls(board) == 4
    seed = int(err.split()[1].rstrip(",:"))
    assert generate(8, 3, gaps=2, inner_walls=4, seed=seed) == board
    assert main(args) == 0
    assert capsys.readouterr().out == out


def test_cli_generate_tries_and_unsolvable(capsys):
    assert main(["generate", "--size", "7", "--sticks", "2", "--seed", "0", "--tries", "10"]) == 0
    out, err = capsys.readouterr()
    assert "best of 10 tries" in err
    assert main(["generate", "--size", "7", "--sticks", "2", "--seed", "0", "--unsolvable"]) == 0
    out, err = capsys.readouterr()
    assert solve(parse(out)).status == "unsolvable" and "unsolvable" in err


def test_cli_generate_failures(capsys):
    assert main(["generate", "--size", "5", "--sticks", "1", "--seed", "0",
                 "--min-moves", "500", "--tries", "3"]) == 3
    out, err = capsys.readouterr()
    assert out == "" and "no board needs 500" in err
    assert main(["generate", "--size", "5", "--sticks", "30"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "do not fit" in err
    with pytest.raises(SystemExit):
        main(["generate", "--size", "8"])

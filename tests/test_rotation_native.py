"""The C rotation search agrees with the reference, field by field; the
limits and the progress callback behave as the other engines'; without the
extension solve_best falls back to numpy."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.rotation import native, solver
from webapp.rotation.board import Board
from webapp.rotation.fastsearch import fast_solve
from webapp.rotation.generate import GenerateError, random_board
from webapp.rotation.search import solve

pytestmark = pytest.mark.skipif(native.MODULE is None, reason="webapp._rotation is not built")

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "puzzles").glob("*.txt"))
BENCH = sorted((ROOT / "benchmarks" / "puzzles").glob("*.txt"))


def fields(answer) -> dict:
    data = answer.to_dict()
    data.pop("seconds")
    data.pop("engine", None)
    return data


def goals(board: Board) -> list[str]:
    return ["any", "all"] + [f"stick:{s}" for s in board.symbols()]


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_library_puzzles_agree_with_reference(path):
    board = Board.from_text(path.read_text())
    for goal in goals(board):
        for orientation in range(4):
            expected = solve(board, goal, orientation=orientation, max_states=500)
            got = native.native_solve(board, goal, orientation=orientation, max_states=500)
            assert fields(got) == fields(expected), (goal, orientation)


@pytest.mark.parametrize("path", BENCH, ids=lambda p: p.name)
def test_benchmark_boards_agree_with_numpy(path):
    # numpy gives the reference's answers (tests/test_fastsearch.py) and is
    # quick enough on these boards; capped so that the test stays short
    board = Board.from_text(path.read_text())
    expected = fast_solve(board, "any", max_states=300_000)
    got = native.native_solve(board, "any", max_states=300_000)
    assert fields(got) == fields(expected)


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(4, 8), sticks=st.integers(1, 4),
       walls=st.integers(0, 3), goal=st.sampled_from(["any", "all", "stick:0"]),
       orientation=st.integers(0, 3))
def test_random_boards_agree_with_reference(seed, size, sticks, walls, goal, orientation):
    try:
        board = random_board(size, sticks, inner_walls=walls, rng=random.Random(seed),
                             max_length=3, settle=False)
    except GenerateError:
        return
    expected = solve(board, goal, orientation=orientation, max_states=500)
    got = native.native_solve(board, goal, orientation=orientation, max_states=500)
    assert fields(got) == fields(expected)


def big_board() -> Board:
    return Board.from_text((ROOT / "puzzles" / "generated-crowd-30.txt").read_text())


@pytest.mark.parametrize("limit", [dict(max_states=500), dict(max_seconds=0.0),
                                   dict(max_bytes=4000)])
def test_limits_as_numpy(limit):
    board = big_board()
    expected = fast_solve(board, "all", **limit)
    got = native.native_solve(board, "all", **limit)
    assert expected.status == "limit"
    assert (got.status, got.limit) == (expected.status, expected.limit)
    if "max_states" in limit:
        assert fields(got) == fields(expected)


def test_raising_progress_stops_the_search():
    calls = []

    def progress(states, depth):
        calls.append(states)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        native.native_solve(big_board(), "all", progress=progress)
    assert len(calls) == 1


def test_solve_best_uses_c_and_says_so():
    answer = solver.solve_best(big_board(), "any")
    assert answer.engine == "c"
    assert answer.to_dict()["engine"] == "c"


def test_fallback_to_numpy_without_the_extension(monkeypatch):
    board = big_board()
    with_c = solver.solve_best(board, "all", max_states=50_000)
    monkeypatch.setattr(native, "MODULE", None)
    without = solver.solve_best(board, "all", max_states=50_000)
    assert without.engine in ("numpy", "reference")
    assert fields(without) == fields(with_c)
    with pytest.raises(solver.EngineError):
        solver.solve_best(board, engine="c")

"""Boards decided without a search (issue 8, item 11; docs/rotation.md, "Decided cases").

A frame with no gap can never let a stick out, so every goal but "all" on a
board with no sticks is unsolvable, and the engines say so at once. The
shortcut must never change an answer: on random closed boards its status and
moves are those of the full search (run with ``_shortcut=False``) and of a
brute-force walk over every reachable position.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.rotation import SYMBOLS, Board, Position, Stick, native, parse, solve
from webapp.rotation.native import native_solve
from webapp.rotation.solver import solve_best

ROOT = Path(__file__).resolve().parents[2]
GIANT = (ROOT / "benchmarks" / "giant.txt").read_text()
GIANT_GAP = (ROOT / "benchmarks" / "giant-gap.txt").read_text()

needs_c = pytest.mark.skipif(not native.available(), reason="webapp._rotation is not built")
ENGINES = [solve, pytest.param(native_solve, marks=needs_c), solve_best]
engines = pytest.mark.parametrize("engine", ENGINES, ids=["reference", "c", "best"])
#: The searches themselves (the C one where it is built), for the loops below.
SEARCHES = (solve, native_solve) if native.available() else (solve,)
NO_GAP_SUMMARY = "unsolvable: no gap in the frame, so no stick can ever fall out"


def goals(board: Board) -> list[str]:
    return ["any", "all", *(f"stick:{s}" for s in board.symbols())]


@st.composite
def closed_boards(draw) -> Board:
    """A frame with no gap: walls all round, a few inner walls, 0 to 3 sticks."""
    width = draw(st.integers(3, 7))
    height = draw(st.integers(3, 7))
    walls = {(r, c) for r in range(height) for c in range(width)
             if r in (0, height - 1) or c in (0, width - 1)}
    inner = [(r, c) for r in range(1, height - 1) for c in range(1, width - 1)]
    for _ in range(draw(st.integers(0, len(inner) // 5))):
        walls.add(draw(st.sampled_from(inner)))
    sticks: list[Stick] = []
    taken = set(walls)
    for symbol in SYMBOLS[:draw(st.integers(0, 3))]:
        length = draw(st.integers(1, 3))
        vertical = length > 1 and draw(st.booleans())
        row, col = draw(st.sampled_from(inner))
        stick = Stick(symbol, row, col, length, vertical)
        if all(cell in inner and cell not in taken for cell in stick.cells()):
            sticks.append(stick)
            taken.update(stick.cells())
    return Board(width, height, frozenset(walls), tuple(sticks))


def reachable_releases(board: Board, limit: int = 20_000) -> bool:
    """Brute force: does any turn from any reachable position release a stick?"""
    first = Position(board).settle()
    if first.released:
        return True
    seen = {first.position}
    todo = [first.position]
    while todo and len(seen) < limit:
        position = todo.pop()
        for move in "LR":
            step = position.turn(move)
            if step.released:
                return True
            if step.position not in seen:
                seen.add(step.position)
                todo.append(step.position)
    return False


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=closed_boards(), orientation=st.integers(0, 3))
def test_the_shortcut_never_changes_an_answer(board, orientation):
    assert board.gaps() == ()
    assert not reachable_releases(board)  # the claim the shortcut rests on
    for goal in goals(board):
        for engine in SEARCHES:
            quick = engine(board, goal, orientation=orientation)
            full = engine(board, goal, orientation=orientation, _shortcut=False)
            assert (quick.status, quick.moves, quick.length) == \
                (full.status, full.moves, full.length), (goal, engine.__name__)
            assert quick.states == 1 and quick.depth == 0
            assert quick.start == full.start
            expected = "solved" if goal == "all" and not board.sticks else "unsolvable"
            assert quick.status == expected


@engines
def test_giant_has_no_gap_and_is_answered_at_once(engine):
    board = parse(GIANT)
    assert board.gaps() == ()
    for goal in ("any", "stick:c", "all"):
        began = time.perf_counter()
        answer = engine(board, goal)
        assert time.perf_counter() - began < 1.0  # the full search takes minutes
        assert answer.status == "unsolvable" and answer.reason == "no-gap"
        assert answer.states == 1 and answer.depth == 0 and answer.moves == ""
        assert answer.summary() == NO_GAP_SUMMARY
        body = answer.to_dict()
        assert body["reason"] == "no-gap" and body["summary"] == NO_GAP_SUMMARY
        assert body["trajectory"] == [] and body["start"] is not None


@engines
def test_no_gap_board_with_no_sticks(engine):
    board = Board.empty_frame(6).with_sticks(())
    closed = Board(6, 6, board.walls | {(5, 3)})
    assert closed.gaps() == ()
    assert engine(closed, "any").summary() == "unsolvable: the board has no sticks"
    solved = engine(closed, "all")
    assert (solved.status, solved.moves, solved.length, solved.reason) == ("solved", "", 0, "no-sticks")


def test_giant_gap_is_a_heavy_search():
    """benchmarks/giant-gap.txt: giant.txt with its top-left corner opened; the
    gap counts, so no shortcut, but no stick can reach a corner: a big search."""
    board = parse(GIANT_GAP)
    assert board.gaps() == ((0, 0),)
    assert board.sticks == parse(GIANT).sticks
    answer = solve_best(board, max_states=200_000)
    assert answer.status == "limit" and answer.states == 200_000 and answer.reason is None


@engines
def test_sticks_released_by_the_first_settling_still_solve_in_0_moves(engine):
    # with a gap under it, stick 0 falls out before any move
    board = parse("5\n#####\n#   #\n# 0 #\n#   #\n## ##\n")
    for goal in ("any", "stick:0", "all"):
        answer = engine(board, goal)
        assert (answer.status, answer.moves, answer.reason) == ("solved", "", None)
        assert answer.summary() == "0 moves: stick 0 falls out as the puzzle settles"


def test_web_answers_a_board_without_gap_at_once(client):
    began = time.perf_counter()
    reply = client.post("/api/rotation/solve", json={"board": GIANT, "goal": "any"})
    assert time.perf_counter() - began < 5.0
    assert reply.status_code == 200
    body = reply.get_json()
    assert body["status"] == "unsolvable" and body["reason"] == "no-gap"
    assert body["summary"] == NO_GAP_SUMMARY

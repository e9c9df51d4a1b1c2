"""Property tests on random valid boards (hypothesis).

The boards: W x H with sides 5..9, a frame of walls with one or more gaps,
a few inner walls and 1..4 straight sticks that do not overlap (they may
reach into a gap). The checks compare the engine with itself under a
transformation (text round trip, rotation, mirroring), with a literal
cell-by-cell reading of the settling rule of docs/rotation.md, and with brute force.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from webapp.rotation import EXAMPLE, SYMBOLS, Board, Position, Stick, native, parse, solve, write
from webapp.rotation.physics import GRAVITY
from rotation_reference import mirrored, replay

#: Every search property holds for both engines: the reference and the C one
#: (skipped, and reported so, where the extension is not built).
engines = pytest.mark.parametrize("engine", [
    pytest.param(solve, id="reference"),
    pytest.param(native.native_solve, id="c",
                 marks=pytest.mark.skipif(not native.available(),
                                          reason="webapp._rotation is not built")),
])

MAX_STATES = 4000   # the random boards are small; a bigger search is skipped

PROFILE = settings(max_examples=200, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SEARCH_PROFILE = settings(PROFILE, max_examples=150)


# --- the strategy -----------------------------------------------------------------------------------

@st.composite
def boards(draw, min_side: int = 5, max_side: int = 9, max_sticks: int = 4,
           max_length: int = 3) -> Board:
    width = draw(st.integers(min_side, max_side))
    height = width if draw(st.booleans()) else draw(st.integers(min_side, max_side))
    walls = {(r, c) for r in range(height) for c in range(width)
             if r in (0, height - 1) or c in (0, width - 1)}
    # one or more gaps: runs of 1..3 border cells on one side, corners kept
    for _ in range(draw(st.integers(1, 3))):
        side = draw(st.sampled_from(["top", "bottom", "left", "right"]))
        span = width if side in ("top", "bottom") else height
        length = draw(st.integers(1, 3))
        start = draw(st.integers(1, span - 1 - length))
        for k in range(start, start + length):
            walls.discard({"top": (0, k), "bottom": (height - 1, k),
                           "left": (k, 0), "right": (k, width - 1)}[side])
    inner = [(r, c) for r in range(1, height - 1) for c in range(1, width - 1)]
    for _ in range(draw(st.integers(0, len(inner) // 6))):
        walls.add(draw(st.sampled_from(inner)))
    count = draw(st.integers(1, max_sticks))
    symbols = draw(st.lists(st.sampled_from(SYMBOLS), min_size=count, max_size=count, unique=True))
    occupied = set(walls)
    # on some boards sticks may also lie in gap cells, on the others only inside
    allowed = ({(r, c) for r in range(height) for c in range(width)} if draw(st.booleans())
               else set(inner))
    sticks = []
    for symbol in symbols:
        # every place where a stick still fits
        places = []
        for row in range(height):
            for col in range(width):
                for length in range(1, max_length + 1):
                    for vertical in (False, True) if length > 1 else (False,):
                        cells = Stick(symbol, row, col, length, vertical).cells()
                        if all(cell in allowed and cell not in occupied for cell in cells):
                            places.append((row, col, length, vertical))
        if not places:
            break
        stick = Stick(symbol, *draw(st.sampled_from(places)))
        occupied.update(stick.cells())
        sticks.append(stick)
    assume(sticks)
    return Board(width, height, frozenset(walls), tuple(sticks))


small_boards = boards(max_side=7, max_sticks=3)
moves = st.text(alphabet="LR", max_size=24)


# --- helpers --------------------------------------------------------------------------------------------

def solved_or_unsolvable(board: Board, goal: str = "any", orientation: int = 0, engine=solve):
    answer = engine(board, goal, max_states=MAX_STATES, orientation=orientation)
    assume(answer.status != "limit")
    return answer


def first_release(board: Board, sequence: str, orientation: int = 0) -> int | None:
    """After how many moves of ``sequence`` a stick first falls out (0: the
    first settling), or None."""
    first, steps = replay(board, sequence, orientation)
    if first.released:
        return 0
    for number, step in enumerate(steps, start=1):
        if step.released:
            return number
    return None


def swap(sequence: str) -> str:
    return sequence.translate(str.maketrans("LR", "RL"))


def reference_settle(board: Board, orientation: int):
    """The settling rule of docs/rotation.md, read literally: every stick that can move one
    cell in the gravity direction (each cell it would enter is empty, its own,
    or outside the grid) does so, again and again, until nothing moves. A
    stick with a cell outside the grid is released and keeps going until it
    is wholly outside. Returns (stick cells by symbol, distance moved by
    symbol, set of released symbols)."""
    dr, dc = GRAVITY[orientation]
    h, w = board.height, board.width
    inside = lambda r, c: 0 <= r < h and 0 <= c < w   # noqa: E731
    sticks = {s.symbol: list(s.cells()) for s in board.sticks}
    moved = dict.fromkeys(sticks, 0)
    released = set()
    progress = True
    while progress:
        progress = False
        for symbol in list(sticks):
            cells = sticks[symbol]
            owner = {cell: sym for sym, cs in sticks.items() for cell in cs}
            targets = [(r + dr, c + dc) for r, c in cells]
            if any(inside(*t) and (t in board.walls or owner.get(t, symbol) != symbol)
                   for t in targets):
                continue
            progress = True
            moved[symbol] += 1
            if all(inside(*t) for t in targets):
                sticks[symbol] = targets
                continue
            while any(inside(*t) for t in targets):   # on its way out
                targets = [(r + dr, c + dc) for r, c in targets]
                moved[symbol] += 1
            del sticks[symbol]
            released.add(symbol)
    return sticks, {s: d for s, d in moved.items() if d}, released


# --- the text format --------------------------------------------------------------------------------

@PROFILE
@given(boards())
def test_write_then_parse_gives_the_same_board(board):
    text = write(board)
    assert parse(text) == board
    assert write(parse(text)) == text
    # the tolerated variants read back the same board too
    lines = text.splitlines()
    messy = "\ufeff" + "\r\n".join([lines[0], *(row.rstrip(" ") for row in lines[1:])]) + "\r\n\r\n"
    assert parse(messy) == board


@PROFILE
@given(boards())
def test_repr_and_transformations_round_trip(board):
    assert eval(repr(board), {"Board": Board}) == board
    assert board.rotated(4) == board
    assert board.rotated().rotated(3) == board
    assert mirrored(mirrored(board)) == board
    assert len(board.gaps()) >= 1


# --- settling ------------------------------------------------------------------------------------------

@PROFILE
@given(boards(), st.integers(0, 3))
def test_settling_twice_changes_nothing(board, orientation):
    once = Position(board, orientation).settle()
    twice = once.position.settle()
    assert twice.moved == {} and twice.released == ()
    assert twice.position == once.position


@PROFILE
@given(boards(max_sticks=5), st.integers(0, 3))
def test_settling_matches_the_literal_rule(board, orientation):
    step = Position(board, orientation).settle()
    cells, moved, released = reference_settle(board, orientation)
    assert {s.symbol: list(s.cells()) for s in step.position.board.sticks} == cells
    assert step.moved == moved
    assert set(step.released) == released
    assert len(step.released) == len(released)


@PROFILE
@given(boards(), moves)
def test_sticks_that_fell_out_stay_out(board, sequence):
    first, steps = replay(board, sequence)
    gone = set(first.released)
    for step in steps:
        present = set(step.position.board.symbols())
        assert not present & gone
        assert not present & set(step.released)
        gone |= set(step.released)
    assert gone | set((steps[-1] if steps else first).position.board.symbols()) == set(board.symbols())


# --- answers --------------------------------------------------------------------------------------------

@engines
@SEARCH_PROFILE
@given(boards(), st.data())
def test_every_answer_replays_to_its_goal_at_the_last_move(engine, board, data):
    goal = data.draw(st.sampled_from(["any", "all", *(f"stick:{s}" for s in board.symbols())]))
    answer = solved_or_unsolvable(board, goal, engine=engine)
    if answer.status != "solved":
        return
    first, steps = replay(board, answer.moves)
    assert answer.start == first and answer.trajectory == steps

    def reached(step):
        if goal == "any":
            return bool(step.released)
        if goal == "all":
            return bool(step.released) and not step.position.board.sticks
        return goal[6] in step.released

    outcomes = [reached(first), *(reached(step) for step in steps)]
    # reached exactly at the last move, never earlier
    assert outcomes[-1] is True
    assert not any(outcomes[:-1])
    if goal == "any":
        assert first_release(board, answer.moves) == len(answer.moves)


@engines
@SEARCH_PROFILE
@given(boards(), st.integers(1, 3))
def test_turning_the_board_with_gravity_towards_the_same_side(engine, board, quarter_turns):
    """Turning the whole board clockwise by ``quarter_turns`` x 90 degrees and
    starting with gravity towards the same side of the frame (the side that
    was its bottom, now orientation ``-quarter_turns`` mod 4) is the same
    puzzle, so it has the same answer length, and the same moves work.

    Turning the board while gravity stays at the frame's bottom
    (orientation 0) is a different puzzle: its start is not settled the same
    way (see test_turned_board_with_gravity_down_is_another_puzzle)."""
    orientation = (-quarter_turns) % 4
    answer = solved_or_unsolvable(board, engine=engine)
    turned = engine(board.rotated(quarter_turns), orientation=orientation, max_states=MAX_STATES)
    assert turned.status == answer.status
    assert turned.length == answer.length
    assert turned.states == answer.states
    if answer.status == "solved":
        assert first_release(board.rotated(quarter_turns), answer.moves, orientation) == len(answer.moves)
        assert first_release(board, turned.moves) == len(turned.moves)


def test_turned_board_with_gravity_down_is_another_puzzle():
    # The example of docs/rotation.md turned by 180 degrees: its old bottom, where the sticks
    # rest, is now the top side. With gravity towards that side (orientation 2)
    # the sticks are at rest as in the file and LL still works; with gravity
    # down they first fall across the whole frame.
    turned = parse(EXAMPLE).rotated(2)
    matching = solve(turned, orientation=2)
    assert matching.start.moved == {}
    assert matching.length == 2
    assert first_release(turned, "LL", 2) == 2
    down = solve(turned)
    assert down.start.moved == {"0": 4, "1": 3}   # rows 1 -> 5 and rows 1-2 -> 4-5
    assert first_release(turned, "LL") != 2


@engines
@SEARCH_PROFILE
@given(boards())
def test_mirroring_swaps_l_and_r(engine, board):
    answer = solved_or_unsolvable(board, engine=engine)
    other = engine(mirrored(board), max_states=MAX_STATES)
    assert other.status == answer.status
    assert other.length == answer.length
    if answer.status == "unsolvable":
        # the same states, mirrored (while solving, the search tries L before
        # R on both boards, so it may stop after a different number of states)
        assert other.states == answer.states
    if answer.status == "solved":
        assert first_release(mirrored(board), swap(answer.moves)) == len(answer.moves)
        assert first_release(board, swap(other.moves)) == len(other.moves)


@engines
@SEARCH_PROFILE
@given(boards(), st.lists(moves, min_size=1, max_size=8))
def test_no_random_sequence_releases_before_the_answer_length(engine, board, sequences):
    answer = solved_or_unsolvable(board, engine=engine)
    for sequence in sequences:
        released_after = first_release(board, sequence)
        if answer.status == "unsolvable":
            assert released_after is None, sequence
        elif released_after is not None:
            assert released_after >= len(answer.moves), sequence


def brute_force_length(board: Board, max_length: int) -> int | None:
    """The fewest moves after which a stick falls out, trying every one of the
    2^k sequences of each length k (no two states merged), or None."""
    first = Position(board).settle()
    if first.released:
        return 0
    level = [first.position]
    for length in range(1, max_length + 1):
        nxt = []
        for position in level:
            for move in "LR":
                step = position.turn(move)
                if step.released:
                    return length
                nxt.append(step.position)
        level = nxt
    return None


def reachable_states(board: Board) -> tuple[int, bool]:
    """Every (orientation, board) reachable without a stick falling out,
    found by plain graph search over Position.turn; and whether any turn
    releases a stick."""
    start = Position(board).settle()
    if start.released:
        return 1, True
    seen = {start.position}
    todo = [start.position]
    while todo:
        position = todo.pop()
        for move in "LR":
            step = position.turn(move)
            if step.released:
                return len(seen), True
            if step.position not in seen:
                seen.add(step.position)
                todo.append(step.position)
    return len(seen), False


EXHAUSTIVE_DEPTH = 9


@engines
@SEARCH_PROFILE
@given(small_boards)
def test_exhaustive_enumeration_agrees_with_the_search(engine, board):
    answer = solved_or_unsolvable(board, engine=engine)
    if answer.status == "solved" and len(answer.moves) <= EXHAUSTIVE_DEPTH:
        assert brute_force_length(board, len(answer.moves)) == len(answer.moves)
    elif answer.status == "solved":
        assert brute_force_length(board, EXHAUSTIVE_DEPTH) is None
    else:
        assert brute_force_length(board, EXHAUSTIVE_DEPTH) is None
        # the proof of "unsolvable": every reachable state was visited
        states, releases = reachable_states(board)
        assert not releases
        assert states == answer.states


def test_exhaustive_enumeration_on_the_spec_example():
    board = parse(EXAMPLE)
    assert brute_force_length(board, 6) == 2
    hits = [s for k in range(3) for s in map("".join, itertools.product("LR", repeat=k))
            if first_release(board, s) == len(s) and s]
    assert hits == ["LL"]

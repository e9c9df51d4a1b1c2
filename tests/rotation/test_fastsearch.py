"""The fast solver (webapp.rotation.fastsearch) against the reference solver.

They must agree on status, number of moves, ``states`` and ``depth`` -- on the
examples of docs/rotation.md, on every puzzle of the library, on random boards
(hypothesis), for all three goals and every start orientation, with keys of
one word or of several, in one chunk or in many. The fast solver's moves must
replay to a release at exactly the last move, and each limit (states, time,
memory) must stop it with status ``limit`` and its figures.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.rotation import fastkeys, fastsearch
from webapp.rotation.board import SYMBOLS, Board, Stick
from webapp.rotation.fastsearch import Packing, Tables, fast_solve
from webapp.rotation.physics import EXAMPLE, RELEASED, Frame
from webapp.rotation.search import GoalError, replay, solve
from webapp.rotation.textformat import parse

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = sorted((ROOT / "puzzles").glob("*.txt"))
BENCH = ROOT / "benchmarks" / "puzzles"
UNSOLVABLE = "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n"
#: Library puzzles are compared up to this many states (both solvers then
#: stop at the same limit, which is compared too).
LIBRARY_STATES = 5_000
#: A board with a big search: 7 x 7, 8 sticks, no way out.
# A big closed search: its one gap is a corner, which no stick can ever
# enter (both its neighbours are walls), so the solver must visit every state.
CROWD = ("7\n ######\n#     #\n#6    #\n#65   #\n#44100#\n#2 733#\n#######\n")

PROFILE = settings(max_examples=150, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def figures(answer):
    return answer.status, answer.length, answer.states, answer.depth, answer.limit


def check_moves(board: Board, answer, goal: str = "any") -> None:
    """The moves replay to the goal at exactly the last move, and the
    answer's trajectory is that replay."""
    first, steps = replay(board, answer.moves, answer.orientation)
    assert answer.start == first
    assert answer.trajectory == steps
    assert [s.move for s in steps] == list(answer.moves)
    symbol = goal[6:] if goal.startswith("stick:") else None

    def done(step) -> bool:
        if goal == "any":
            return bool(step.released)
        if symbol is not None:
            return symbol in step.released
        return not step.position.board.sticks

    history = [first, *steps]
    assert done(history[-1])
    assert not any(done(step) for step in history[:-1])


def agree(board: Board, goal: str = "any", orientation: int = 0, **options):
    """Solve with both; they must give the same figures. The fast answer."""
    limits = {k: options.pop(k) for k in ("max_states", "_shortcut") if k in options}
    ref = solve(board, goal, orientation=orientation, **limits)
    fast = fast_solve(board, goal, orientation=orientation, **limits, **options)
    assert figures(fast) == figures(ref), (goal, orientation, options)
    assert fast.orientation == orientation and fast.goal == ref.goal and fast.board == board
    if fast.status == "solved":
        check_moves(board, fast, goal)
    else:
        assert fast.moves == "" and fast.trajectory == [] and fast.start == ref.start
    return fast


def goals(board: Board) -> list[str]:
    return ["any", "all", *(f"stick:{s}" for s in board.symbols())]


# --- the examples of docs/rotation.md ---------------------------------------------------------------------

def test_spec_example():
    answer = agree(parse(EXAMPLE))
    assert answer.moves == "LL" and answer.states == 3 and answer.depth == 2
    assert answer.summary() == "2 moves: L L"


def test_spec_unsolvable_example():
    answer = agree(parse(UNSOLVABLE))
    assert answer.status == "unsolvable" and answer.states == 8
    assert answer.summary() == "unsolvable: all 8 reachable positions tried"


@pytest.mark.parametrize("goal", ["any", "all", "stick:0", "stick:1"])
@pytest.mark.parametrize("orientation", range(4))
def test_spec_examples_every_goal_and_orientation(goal, orientation):
    agree(parse(EXAMPLE), goal, orientation)
    if goal in ("any", "all", "stick:0"):
        agree(parse(UNSOLVABLE), goal, orientation)


def test_zero_moves_and_no_sticks():
    falls = parse("5\n#####\n#   #\n#   #\n#   #\n##0##\n")
    answer = agree(falls)
    assert answer.moves == "" and answer.states == 1 and answer.start.released == ("0",)
    agree(parse("5\n#####\n#   #\n#   #\n#   #\n## ##\n"))
    agree(parse("5\n#####\n#   #\n#   #\n#   #\n## ##\n"), "all")


def test_bad_goal_and_limits():
    board = parse(EXAMPLE)
    with pytest.raises(GoalError):
        fast_solve(board, "stick:7")
    with pytest.raises(GoalError):
        fast_solve(board, "some")
    with pytest.raises(ValueError):
        fast_solve(board, max_states=0)
    with pytest.raises(ValueError):
        fast_solve(board, orientation=4)


# --- the puzzle library -----------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_library_puzzle(path):
    board = parse(path.read_text(encoding="utf-8"))
    for goal in goals(board)[:4]:
        agree(board, goal, max_states=LIBRARY_STATES)


def test_library_is_not_empty():
    assert PUZZLES or not (ROOT / "puzzles").exists()


@pytest.mark.parametrize("path", sorted(BENCH.glob("*.txt")), ids=lambda p: p.stem)
def test_benchmark_puzzle_small_limit(path):
    # the whole search is left to the benchmark; here both stop at a limit
    # (b07 has no gap: the benchmark times the search the shortcut would skip)
    answer = agree(parse(path.read_text()), max_states=3000, _shortcut=False)
    assert answer.status == "limit"


@pytest.mark.slow
def test_benchmark_catalogue():
    """The benchmark puzzles have the answers their catalogue records."""
    catalogue = BENCH / "catalogue.json"
    if not catalogue.exists():
        pytest.skip("no benchmark puzzles")
    for entry in json.loads(catalogue.read_text()):
        board = parse((BENCH / entry["file"]).read_text())
        assert all(s.symbol.isdigit() for s in board.sticks)  # the seed binary reads digits only
        answer = fast_solve(board, _shortcut=False)  # the search itself, as bench.py times it
        assert (answer.status, answer.length, answer.states, answer.depth) == \
            (entry["status"], entry["moves"], entry["states"], entry["depth"]), entry["file"]
        assert 100_000 <= answer.states <= 1_000_000
        if answer.status == "solved":
            check_moves(board, answer)


# --- random boards ----------------------------------------------------------------------------------

@st.composite
def boards(draw, max_side: int = 8, max_sticks: int = 6, max_length: int = 3) -> Board:
    width = draw(st.integers(3, max_side))
    height = draw(st.integers(3, max_side))
    cells = [(r, c) for r in range(height) for c in range(width)]
    border = [(r, c) for r, c in cells if r in (0, height - 1) or c in (0, width - 1)]
    inner = [cell for cell in cells if cell not in border]
    gaps = draw(st.sets(st.sampled_from(border), max_size=4))
    walls = {cell for cell in border if cell not in gaps}
    if inner:
        walls |= draw(st.sets(st.sampled_from(inner), max_size=len(inner) // 5))
    taken = set(walls)
    sticks = []
    for symbol in SYMBOLS[:draw(st.integers(0, max_sticks))]:
        free = [cell for cell in cells if cell not in taken]
        if not free:
            break
        r, c = draw(st.sampled_from(free))
        vertical = draw(st.booleans())
        length = 1
        while length < draw(st.integers(1, max_length)):
            nxt = (r + length, c) if vertical else (r, c + length)
            if nxt not in cells or nxt in taken:
                break
            length += 1
        stick = Stick(symbol, r, c, length, vertical and length > 1)
        taken.update(stick.cells())
        sticks.append(stick)
    return Board(width, height, frozenset(walls), tuple(sticks))


@PROFILE
@given(boards(), st.integers(0, 3), st.data())
def test_random_boards_agree(board, orientation, data):
    goal = data.draw(st.sampled_from(goals(board)))
    ref = solve(board, goal, orientation=orientation, max_states=4000)
    fast = fast_solve(board, goal, orientation=orientation, max_states=4000)
    assert figures(fast) == figures(ref)
    if fast.status == "solved":
        check_moves(board, fast, goal)


@PROFILE
@given(boards(max_sticks=5), st.integers(0, 3), st.data())
def test_random_boards_with_several_words_and_small_chunks(board, orientation, data):
    # words of 10 bits: almost every board needs several; chunks of a few
    # states: a layer is expanded in many pieces
    goal = data.draw(st.sampled_from(goals(board)))
    ref = solve(board, goal, orientation=orientation, max_states=2000)
    fast = fast_solve(board, goal, orientation=orientation, max_states=2000, _word_bits=10,
                      _chunk_states=data.draw(st.integers(1, 5)))
    assert figures(fast) == figures(ref)
    if fast.status == "solved":
        check_moves(board, fast, goal)


@PROFILE
@given(boards(max_sticks=4), st.data())
def test_random_state_limits_agree(board, data):
    goal = data.draw(st.sampled_from(goals(board)))
    full = solve(board, goal, max_states=3000)
    if full.status == "limit":
        return
    max_states = data.draw(st.integers(1, full.states + 1))
    assert figures(fast_solve(board, goal, max_states=max_states)) == \
        figures(solve(board, goal, max_states=max_states))


@settings(PROFILE, max_examples=300)
@given(boards(max_sticks=7, max_length=4), st.integers(0, 3), st.data())
def test_batch_settling_is_the_reference_settling(board, gravity, data):
    """Tables.settle on a state (settled or not) gives Frame.settle's result."""
    frame = Frame(board)
    if not frame.symbols:
        return
    tables = Tables(frame)
    # some sticks taken out, to have states with released sticks
    gone = data.draw(st.sets(st.sampled_from(range(len(frame.symbols)))))
    positions = tuple(RELEASED if i in gone else p
                      for i, p in enumerate(frame.positions(board)))
    expected, _, released = frame.settle(gravity, positions)
    codes = np.array(tables.codes(positions), dtype=np.int16)[:, None]
    new, out = tables.settle(np.repeat(codes, 3, axis=1), gravity)  # three copies
    for k in range(3):
        assert tables.positions(new[:, k]) == expected
        assert sorted(np.flatnonzero(out[:, k]).tolist()) == sorted(released)


def test_packing_round_trip():
    rng = np.random.default_rng(1)
    counts = (3, 25, 200, 4000, 1, 61, 7) * 3
    for word_bits in (64, 16, 13):
        packing = Packing(counts, word_bits)
        codes = np.array([rng.integers(0, c + 1, 50) for c in counts], dtype=np.int16)
        orientation = rng.integers(0, 4, 50)
        keys = packing.encode(orientation, codes)
        assert keys.shape == (packing.words, 50)
        got_orientation, got_codes = packing.decode(keys)
        assert (got_orientation == orientation).all() and (got_codes == codes).all()


def test_hash_collisions_never_merge_states(monkeypatch):
    # a hash with 16 values: nearly every pair of states collides
    monkeypatch.setattr(fastsearch, "_hash", lambda keys: (keys[0] ^ keys[-1]) & np.uint64(15))
    rng = random.Random(7)
    for text in (EXAMPLE, UNSOLVABLE, CROWD):
        board = parse(text)
        for goal in ("any", "all", f"stick:{board.symbols()[-1]}"):
            agree(board, goal, max_states=1500, _word_bits=12,
                  _chunk_states=rng.choice([1, 7, 100]))


def test_huge_layers_sort_another_way(monkeypatch):
    # a label gets the bits of a sort value below the key or hash; a layer
    # with more successors than that is sorted with lexsort instead: leave
    # only 3 bits for labels to try it
    monkeypatch.setattr(fastsearch, "DIRECT_BITS", 61)
    monkeypatch.setattr(fastsearch, "HASH_BITS", 61)
    monkeypatch.setattr(fastkeys, "_HASH_SHIFT", np.uint64(3))  # _hash reads it there
    for text in (EXAMPLE, UNSOLVABLE, CROWD):
        board = parse(text)
        for goal in ("any", "all"):
            agree(board, goal, max_states=3000)
            agree(board, goal, max_states=3000, _word_bits=12, _chunk_states=50)


def test_big_board_many_sticks():
    """64 x 64 with 62 sticks: keys of many words, still the reference's answers."""
    rng = random.Random(3)
    n = 64
    walls = {(r, c) for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1)}
    for _ in range(3):
        walls.discard((n - 1, rng.randrange(1, n - 1)))
    for _ in range(200):
        walls.add((rng.randrange(1, n - 1), rng.randrange(1, n - 1)))
    taken, sticks = set(walls), []
    while len(sticks) < 62:
        length, vertical = rng.randint(1, 8), rng.random() < 0.5
        r, c = rng.randrange(1, n - 1), rng.randrange(1, n - 1)
        cells = [(r + k, c) if vertical else (r, c + k) for k in range(length)]
        if all(0 < a < n - 1 and 0 < b < n - 1 and (a, b) not in taken for a, b in cells):
            taken.update(cells)
            sticks.append(Stick(SYMBOLS[len(sticks)], r, c, length, vertical and length > 1))
    board = Board(n, n, frozenset(walls), tuple(sticks))
    assert fastsearch._Search(Frame(board), fastsearch.Goal()).packing.words > 1
    for goal in ("any", "all", "stick:Z"):
        agree(board, goal, max_states=800)


# --- limits -------------------------------------------------------------------------------------------

def test_state_limits_match_the_reference_exactly():
    board = parse(CROWD)
    for max_states in (1, 2, 3, 10, 1000, 5000):
        answer = agree(board, max_states=max_states)
        assert answer.status == "limit" and answer.limit == "states"
        assert answer.states == max_states
        assert answer.summary().startswith("state limit reached")
    b = parse(UNSOLVABLE)
    for max_states, states, depth in [(1, 1, 0), (2, 2, 0), (3, 3, 1), (6, 6, 2), (7, 7, 2)]:
        answer = fast_solve(b, max_states=max_states)
        assert (answer.status, answer.limit, answer.states, answer.depth) == \
            ("limit", "states", states, depth)
    assert fast_solve(b, max_states=8).status == "unsolvable"
    # the goal comes before the limit: solved, as in the reference
    assert agree(parse(EXAMPLE), max_states=5).moves == "LL"


def test_time_limit():
    board = parse(CROWD)
    answer = fast_solve(board, max_seconds=0)
    assert (answer.status, answer.limit, answer.states, answer.depth) == ("limit", "time", 1, 0)
    assert answer.summary() == "time limit reached: no solution within 0 moves after 1 states"
    began = time.perf_counter()
    answer = fast_solve(board, max_seconds=0.03, _chunk_states=256)
    elapsed = time.perf_counter() - began
    assert answer.status == "limit" and answer.limit == "time"
    assert 0.03 <= answer.seconds <= elapsed < 1.0
    assert answer.states > 1 and answer.depth >= 1
    assert answer.moves == "" and answer.trajectory == []
    # the states counted are whole layers, all of them really visited
    assert solve(board, max_states=answer.states).depth <= answer.depth


def test_memory_limit():
    board = parse(CROWD)
    for tiny in (0, 1):
        answer = fast_solve(board, max_bytes=tiny)
        assert (answer.status, answer.limit, answer.states, answer.depth) == \
            ("limit", "memory", 1, 0)
    assert answer.summary() == "memory limit reached: no solution within 0 moves after 1 states"
    full = fast_solve(board)
    assert full.status == "unsolvable" and full.states == 133_475
    answer = fast_solve(board, max_bytes=1_500_000)
    assert answer.status == "limit" and answer.limit == "memory"
    assert 1 < answer.states < full.states and 0 < answer.depth < full.depth
    assert fast_solve(board, max_bytes=50_000_000).status == "unsolvable"


def test_progress_is_reported():
    calls = []
    answer = fast_solve(parse(CROWD), max_states=60_000,
                        progress=lambda states, depth: calls.append((states, depth)))
    assert answer.status == "limit"
    assert len(calls) > 5
    states = [s for s, _ in calls]
    depths = [d for _, d in calls]
    assert states == sorted(states) and depths == sorted(depths)
    assert max(states) <= answer.states


@pytest.mark.slow
def test_crowd_matches_the_reference_in_full():
    """A whole search of 133,475 states: the same figures as the reference."""
    board = parse(CROWD)
    ref = solve(board)
    fast = fast_solve(board)
    assert figures(fast) == figures(ref) == ("unsolvable", None, 133_475, 103, None)
    assert fast.seconds < ref.seconds

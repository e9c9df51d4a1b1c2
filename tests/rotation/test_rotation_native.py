"""The C rotation search agrees with the reference, field by field; the
limits and the progress callback behave as the reference's; without the
extension solve_best falls back to the reference. With threads=2 (the command line's
--threads) every answer is the one thread's, to the last field."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.rotation import native, solver
from webapp.rotation.board import Board
from webapp.rotation.generate import GenerateError, random_board
from webapp.rotation.physics import RELEASED, Frame
from rotation_reference import replay
from webapp.rotation.search import GoalError, solve

pytestmark = pytest.mark.skipif(native.MODULE is None, reason="webapp._rotation is not built")

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = sorted((ROOT / "puzzles").glob("*.txt"))
BENCH = sorted((ROOT / "benchmarks" / "puzzles").glob("*.txt"))
LARGE_CATALOGUE = ROOT / "benchmarks" / "puzzles" / "catalogue-large.json"
LARGE = json.loads(LARGE_CATALOGUE.read_text()) if LARGE_CATALOGUE.exists() else []
CATALOGUE = ROOT / "benchmarks" / "puzzles" / "catalogue.json"
#: A big closed search: its one gap is a corner, which no stick can ever
#: enter (both its neighbours are walls), so a search visits every state.
CROWD = "7\n ######\n#     #\n#6    #\n#65   #\n#44100#\n#2 733#\n#######\n"
UNSOLVABLE = "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n"
SYMBOLS = string.digits + string.ascii_lowercase + string.ascii_uppercase


def fields(answer) -> dict:
    data = answer.to_dict()
    data.pop("seconds")
    data.pop("engine", None)
    return data


def goals(board: Board) -> list[str]:
    # a few sticks of a crowded board stand for all of them: the goal test
    # is one index compare, and the suite stays quick
    symbols = board.symbols()
    if len(symbols) > 2:
        symbols = [symbols[0], symbols[-1]]
    return ["any", "all"] + [f"stick:{s}" for s in symbols]


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_library_puzzles_agree_with_reference(path):
    board = Board.from_text(path.read_text())
    for goal in goals(board):
        for orientation in range(4):
            expected = solve(board, goal, orientation=orientation, max_states=500)
            got = native.native_solve(board, goal, orientation=orientation, max_states=500)
            assert fields(got) == fields(expected), (goal, orientation)


@pytest.mark.parametrize("path", BENCH, ids=lambda p: p.name)
def test_benchmark_boards_agree_with_reference(path):
    # capped so that the reference stays under a second a board; the whole
    # searches are checked against the catalogues below
    board = Board.from_text(path.read_text())
    expected = solve(board, "any", max_states=20_000, _shortcut=False)
    got = native.native_solve(board, "any", max_states=20_000, _shortcut=False)
    assert expected.status == "limit"
    assert fields(got) == fields(expected)


@pytest.mark.slow
def test_benchmark_catalogue():
    """The benchmark puzzles have the answers their catalogue records (the
    whole search, as bench.py times it: no shortcut)."""
    for entry in json.loads(CATALOGUE.read_text()):
        board = Board.from_text((ROOT / "benchmarks" / "puzzles" / entry["file"]).read_text())
        assert all(s.symbol.isdigit() for s in board.sticks)  # the seed binary reads digits only
        got = native.native_solve(board, _shortcut=False)
        assert (got.status, got.length, got.states, got.depth) == \
            (entry["status"], entry["moves"], entry["states"], entry["depth"]), entry["file"]
        assert 100_000 <= got.states <= 1_000_000
        if got.status == "solved":
            assert replay(board, got.moves)[1][-1].released


@pytest.mark.slow
def test_a_whole_closed_search_matches_the_reference():
    """133,475 states, every one visited: the same figures as the reference."""
    board = Board.from_text(CROWD)
    expected, got = solve(board), native.native_solve(board)
    assert fields(got) == fields(expected)
    assert (got.status, got.states, got.depth) == ("unsolvable", 133_475, 103)


@pytest.mark.parametrize(("entry", "threads"),
                         [(e, 1) for e in LARGE if e["states"] <= 2_000_000]
                         + [(e, 2) for e in LARGE if e["states"] <= 5_000_000],
                         ids=lambda v: v["file"] if isinstance(v, dict) else f"threads={v}")
def test_large_benchmark_boards_in_full(entry, threads):
    # the whole search, as the catalogue (made by make_puzzles.py) records
    # it; the moves replay to a release
    board = Board.from_text((ROOT / "benchmarks" / "puzzles" / entry["file"]).read_text())
    got = native.native_solve(board, _shortcut=False, threads=threads)
    assert (got.status, got.length, got.states, got.depth) == \
        (entry["status"], entry["moves"], entry["states"], entry["depth"])
    if got.status == "solved":
        first, steps = replay(board, got.moves)
        assert got.trajectory == steps and steps[-1].released
        assert not any(step.released for step in [first, *steps[:-1]])


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


@settings(max_examples=1200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(3, 10), height=st.integers(3, 10),
       sticks=st.integers(1, 6), walls=st.integers(0, 6), gaps=st.integers(0, 3),
       gap_width=st.integers(1, 3), longest=st.integers(1, 5),
       goal=st.sampled_from(["any", "all", "stick"]), pick=st.integers(0, 61),
       orientation=st.integers(0, 3), max_states=st.integers(1, 200))
def test_random_rectangles_agree_with_reference(seed, width, height, sticks, walls, gaps,
                                                gap_width, longest, goal, pick, orientation,
                                                max_states):
    # rectangles, several gaps (or none: searched anyway), long sticks, every
    # goal and a state limit that often ends the search
    agree_on_random_board(seed, width, height, sticks, walls, gaps, longest, goal, pick,
                          orientation, max_states, gap_width=gap_width)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(8, 16), height=st.integers(8, 16),
       sticks=st.integers(12, 24), longest=st.integers(4, 9),
       goal=st.sampled_from(["any", "all", "stick"]), pick=st.integers(0, 61),
       orientation=st.integers(0, 3), max_states=st.integers(50, 400))
def test_crowded_boards_with_long_sticks_agree_with_reference(seed, width, height, sticks,
                                                              longest, goal, pick, orientation,
                                                              max_states):
    # the C engine orders more than 16 sticks in several vectors, and a stick
    # across more than NARROW (3) lanes takes its extra lanes in a loop
    agree_on_random_board(seed, width, height, sticks, 2, 2, longest, goal, pick,
                          orientation, max_states, gap_width=2)


def agree_on_random_board(seed, width, height, sticks, walls, gaps, longest, goal, pick,
                          orientation, max_states, gap_width=1, **engine):
    """The C engine (with ``engine``'s options) answers a random board as the
    reference does, field by field."""
    try:
        board = random_board(width, sticks, height=height, gaps=gaps, gap_width=gap_width,
                             inner_walls=walls, rng=random.Random(seed), max_length=longest,
                             settle=False)
    except GenerateError:
        return
    if goal == "stick":
        symbols = board.symbols()
        goal = f"stick:{symbols[pick % len(symbols)]}"
    expected = solve(board, goal, orientation=orientation, max_states=max_states,
                     _shortcut=False)
    got = native.native_solve(board, goal, orientation=orientation, max_states=max_states,
                              _shortcut=False, **engine)
    assert fields(got) == fields(expected)


def test_search_rejects_a_start_off_the_board():
    # a start cell the stick does not fit on is refused, not searched
    board = Board.from_text((ROOT / "puzzles" / "generated-crowd-30.txt").read_text())
    frame = Frame(board)
    settled, _, _ = frame.settle(0, frame.positions(board))
    assert any(p != RELEASED for p in settled)
    with pytest.raises(ValueError):
        native.MODULE.search(frame.width, frame.height, frame.walls, bytes(frame.lengths),
                             bytes(map(int, frame.vertical)), [frame.width * frame.height] * len(settled),
                             0, 0, -1, 10, -1.0, None)


def extreme_board(width: int, height: int, sticks: int, seed: int, longest: int) -> Board:
    return random_board(width, sticks, height=height, gaps=4, gap_width=3,
                        inner_walls=width * height // 40, rng=random.Random(seed),
                        max_length=longest, settle=False)


@pytest.mark.parametrize("width,height,sticks,longest", [
    (64, 64, 62, 12),  # the most the rules allow: 64 x 64, 62 sticks (many words a state)
    (64, 64, 3, 62),   # sticks as long as the frame is wide inside
    (64, 3, 2, 40),    # rectangles: lanes of 64 cells one way, 3 the other
    (3, 64, 2, 40),
])
def test_extreme_boards_agree_with_reference(width, height, sticks, longest):
    try:
        board = extreme_board(width, height, sticks, 7, longest)
    except GenerateError:
        pytest.skip("no such board")
    assert len(board.sticks) == sticks
    for goal, orientation in [("any", 0), ("any", 1), ("any", 2), ("any", 3), ("all", 0),
                              (f"stick:{board.symbols()[-1]}", 1)]:
        expected = solve(board, goal, orientation=orientation, max_states=40, _shortcut=False)
        got = native.native_solve(board, goal, orientation=orientation, max_states=40,
                                  _shortcut=False)
        assert fields(got) == fields(expected), (goal, orientation)


def edge_board() -> Board:
    # 64 x 64, walls along the bottom, the left side and most of the top:
    # sticks rest against the frame's last row and column (bit 63 of a
    # lane), leave through the open top corner and right side, one vertical
    # stick spans 63 of the 64 rows, and an inner wall holds some back
    text = [["#"] + [" "] * 63 if r < 63 else ["#"] * 64 for r in range(64)]
    for c in range(56):
        text[0][c] = "#"
    for r in range(12, 63):
        text[r][50] = "#"
    for c in range(5, 25):
        text[62][c] = "#"
    for r in range(63):
        text[r][63] = "0"
    for c in range(10, 30):
        text[61][c] = "1"
    for r in range(20, 30):
        text[r][40] = "2"
    for c in range(51, 60):
        text[40][c] = "3"
    for r in range(2, 9):
        text[r][58] = "4"
    return Board.from_text("64\n" + "\n".join("".join(row) for row in text) + "\n")


@pytest.mark.parametrize("goal", ["any", "all", "stick:0", "stick:3"])
def test_sticks_against_the_far_edges_agree_with_reference(goal):
    board = edge_board()
    for orientation in range(4):
        expected = solve(board, goal, orientation=orientation, max_states=200, _shortcut=False)
        got = native.native_solve(board, goal, orientation=orientation, max_states=200,
                                  _shortcut=False)
        assert fields(got) == fields(expected), orientation


def test_layout_packs_small_boards_into_one_word():
    # a stick's code counts only the cells it fits on: the 10 x 10 benchmark
    # boards take one 64-bit word a state, and a 64 x 64 board of 62 sticks
    # still packs
    def layout(board):
        frame = Frame(board)
        return native.MODULE.layout(frame.width, frame.height, frame.walls,
                                    bytes(frame.lengths), bytes(map(int, frame.vertical)))

    small = Board.from_text((ROOT / "benchmarks" / "puzzles" / "b10-9sticks-unsolvable.txt")
                            .read_text())
    # key, parent link, and a table of 4-byte slots that just doubled
    words, per_state = layout(small)
    assert words == 1 and 8 + 4 + 8 <= per_state <= 8 + 4 + 12
    words, per_state = layout(extreme_board(64, 64, 62, 7, 12))
    assert 10 <= words <= 16
    assert words * 8 - 4 + 4 + 8 <= per_state <= words * 8 + 4 + 12


def big_board() -> Board:
    return Board.from_text((ROOT / "puzzles" / "generated-crowd-30.txt").read_text())


@pytest.mark.parametrize("limit", [dict(max_states=500), dict(max_seconds=0.0),
                                   dict(max_bytes=4000)])
def test_limits_as_the_reference(limit):
    # a time or memory limit stops each engine at its own state (the
    # reference estimates its bytes): only a state limit is met to the state
    board = big_board()
    expected = solve(board, "all", **limit)
    got = native.native_solve(board, "all", **limit)
    assert expected.status == "limit"
    assert (got.status, got.limit) == (expected.status, expected.limit)
    if "max_states" in limit:
        assert fields(got) == fields(expected)


def test_bad_goals_and_limits_are_refused_as_the_reference_refuses_them():
    board = Board.from_text(UNSOLVABLE)
    for wrong, error in [(dict(goal="stick:7"), GoalError), (dict(goal="some"), GoalError),
                         (dict(max_states=0), ValueError), (dict(orientation=4), ValueError)]:
        with pytest.raises(error):
            solve(board, **wrong)
        with pytest.raises(error):
            native.native_solve(board, **wrong)


def test_state_limits_match_the_reference_exactly():
    crowd = Board.from_text(CROWD)
    for max_states in (1, 2, 3, 10, 1000, 5000):
        got = native.native_solve(crowd, max_states=max_states)
        assert fields(got) == fields(solve(crowd, max_states=max_states))
        assert (got.status, got.limit, got.states) == ("limit", "states", max_states)
    small = Board.from_text(UNSOLVABLE)
    for max_states, states, depth in [(1, 1, 0), (2, 2, 0), (3, 3, 1), (6, 6, 2), (7, 7, 2)]:
        got = native.native_solve(small, max_states=max_states)
        assert (got.status, got.limit, got.states, got.depth) == ("limit", "states", states, depth)
    assert native.native_solve(small, max_states=8).status == "unsolvable"


def test_memory_limit():
    board = Board.from_text(CROWD)
    for tiny in (0, 1):
        got = native.native_solve(board, max_bytes=tiny)
        assert (got.status, got.limit, got.states, got.depth) == ("limit", "memory", 1, 0)
    assert got.summary() == "memory limit reached: no solution within 0 moves after 1 states"
    full = native.native_solve(board)
    assert (full.status, full.states) == ("unsolvable", 133_475)
    got = native.native_solve(board, max_bytes=1_500_000)
    assert (got.status, got.limit) == ("limit", "memory")
    assert 1 < got.states < full.states and 0 < got.depth < full.depth


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


def test_fallback_to_the_reference_without_the_extension(monkeypatch):
    board = big_board()
    with_c = solver.solve_best(board, "all", max_states=10_000)
    monkeypatch.setattr(native, "MODULE", None)
    without = solver.solve_best(board, "all", max_states=10_000)
    assert without.engine == "reference"
    assert fields(without) == fields(with_c)
    with pytest.raises(solver.EngineError):
        solver.solve_best(board, engine="c")


# Two threads. Layers are shared only from two chunks (1024 states each) up,
# so the small boards take chunks of a few states (_chunk): many chunks a
# layer, the ring of buffers wrapped around many times, goals and limits
# met in the middle of a chunk.

@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_two_threads_agree_on_library_puzzles(path):
    board = Board.from_text(path.read_text())
    for goal in ["any", "all"]:
        for orientation in range(4):
            one = native.native_solve(board, goal, orientation=orientation, max_states=3000)
            for chunk in (1, 5):
                two = native.native_solve(board, goal, orientation=orientation, max_states=3000,
                                          threads=2, _chunk=chunk)
                assert fields(two) == fields(one), (goal, orientation, chunk)


@pytest.mark.parametrize("path", BENCH, ids=lambda p: p.name)
def test_two_threads_agree_on_benchmark_boards(path):
    # the real chunk size: layers of thousands of states are shared
    board = Board.from_text(path.read_text())
    one = native.native_solve(board, "any", max_states=100_000, _shortcut=False)
    two = native.native_solve(board, "any", max_states=100_000, _shortcut=False, threads=2)
    assert fields(two) == fields(one)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(3, 10), height=st.integers(3, 10),
       sticks=st.integers(1, 6), walls=st.integers(0, 6), gaps=st.integers(0, 3),
       longest=st.integers(1, 5), goal=st.sampled_from(["any", "all", "stick"]),
       pick=st.integers(0, 61), orientation=st.integers(0, 3),
       max_states=st.integers(1, 400), chunk=st.integers(1, 9), threads=st.integers(2, 3))
def test_threads_agree_with_reference_on_random_boards(seed, width, height, sticks, walls, gaps,
                                                       longest, goal, pick, orientation,
                                                       max_states, chunk, threads):
    agree_on_random_board(seed, width, height, sticks, walls, gaps, longest, goal, pick,
                          orientation, max_states, threads=threads, _chunk=chunk)


@pytest.mark.parametrize("chunk", [3, None])
@pytest.mark.parametrize("limit", [dict(max_states=20_000), dict(max_seconds=0.0),
                                   dict(max_bytes=50_000)])
def test_two_threads_keep_the_limits(limit, chunk):
    board = big_board()
    one = native.native_solve(board, "all", **limit)
    two = native.native_solve(board, "all", threads=2, _chunk=chunk, **limit)
    assert one.status == "limit"
    assert (two.status, two.limit) == (one.status, one.limit)
    if "max_seconds" not in limit:
        assert fields(two) == fields(one)


def test_two_threads_report_progress_and_stop_when_it_raises():
    board = Board.from_text((ROOT / "benchmarks" / "puzzles" / "b10-9sticks-unsolvable.txt")
                            .read_text())
    seen = []

    def watch(states, depth):
        seen.append((states, depth))

    one = native.native_solve(board, _shortcut=False)
    two = native.native_solve(board, _shortcut=False, threads=2, progress=watch)
    assert fields(two) == fields(one)
    assert len(seen) > 2 and seen == sorted(seen) and seen[-1][0] <= two.states

    calls = []

    def cancel(states, depth):
        calls.append(states)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        native.native_solve(board, _shortcut=False, threads=2, progress=cancel)
    assert len(calls) == 3
    # the helpers were stopped and joined: the next search runs as before
    assert fields(native.native_solve(board, _shortcut=False, threads=2)) == fields(one)


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2"])
def test_threads_must_be_a_whole_number_from_one(threads):
    with pytest.raises(ValueError, match="threads"):
        native.native_solve(big_board(), threads=threads)


def test_solve_best_and_the_command_line_pass_threads_on(capsys, tmp_path, monkeypatch):
    board = big_board()
    asked = []
    real = native.native_solve

    def spy(*args, **kwargs):
        asked.append(kwargs.get("threads"))
        return real(*args, **kwargs)

    monkeypatch.setattr(native, "native_solve", spy)
    one = solver.solve_best(board, "all", max_states=30_000)
    two = solver.solve_best(board, "all", max_states=30_000, threads=2)
    assert fields(two) == fields(one) and two.engine == "c"
    from webapp.rotation import commandline as cli
    from webapp.cli import main

    path = tmp_path / "crowd.txt"
    path.write_text(board.text())
    assert main(["solve", str(path), "--json", "--max-states", "30000", "--goal", "all",
                 "--threads", "2"]) == 3
    out = json.loads(capsys.readouterr().out)
    assert (out["states"], out["depth"], out["engine"]) == (one.states, one.depth, "c")
    assert asked == [1, 2, 2]
    # without --threads (auto): the cores it may use, at most THREADS_AUTO_MAX
    monkeypatch.setattr(cli.os, "sched_getaffinity", lambda pid: set(range(7)))
    assert main(["solve", str(path), "--json", "--max-states", "30000", "--goal", "all"]) == 3
    monkeypatch.setattr(cli.os, "sched_getaffinity", lambda pid: {0})
    assert main(["solve", str(path), "--json", "--max-states", "30000", "--goal", "all",
                 "--threads", "auto"]) == 3
    assert asked == [1, 2, 2, cli.THREADS_AUTO_MAX, 1]
    assert cli.THREADS_AUTO_MAX < 7


def test_threads_is_refused_for_other_kinds(capsys):
    from webapp.cli import main

    sliding = str(ROOT / "puzzles" / "sliding" / "farthest-eight-a.txt")
    assert main(["solve", sliding, "--threads", "2"]) == 2
    assert "--threads does not apply to a sliding puzzle" in capsys.readouterr().err
    assert main(["solve", sliding]) == 0   # the default (auto) is no refusal

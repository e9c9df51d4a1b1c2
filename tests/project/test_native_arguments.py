"""Every entry point of the C extensions, called with each argument wrong,
raises ValueError, OverflowError or TypeError: it never crashes the process
nor reads past an array (tests/project/test_sanitizers.py runs this module
again on extensions built with AddressSanitizer and UBSan, where a read past
an array that happens not to crash fails too).

The calls run in a child process (native_child.py), so that a crash shows
here as a failure naming the call and the signal, and the run goes on.
"""

from __future__ import annotations

import math
import os
import pickle
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("webapp._rotation", reason="needs the C extensions (CI requires them)")
pytest.importorskip("webapp._sliding", reason="needs the C extensions (CI requires them)")
pytest.importorskip("webapp._triangle", reason="needs the C extensions (CI requires them)")

CHILD = Path(__file__).with_name("native_child.py")
REJECTED = ("ValueError", "OverflowError", "TypeError")
#: A call that takes longer has escaped its checks into a search.
SECONDS = 60


class Child:
    """native_child.py, started again after a crash."""

    def __init__(self, tmp: Path):
        self.log = tmp / "child-stderr.txt"
        self.proc = None

    def start(self) -> None:
        with open(self.log, "wb") as err:
            self.proc = subprocess.Popen([sys.executable, str(CHILD)], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=err)

    def call(self, name: str, *args, **kwargs) -> tuple[str, str]:
        if self.proc is None:
            self.start()
        what = f"{name}(*{args!r}, **{kwargs!r})"
        try:
            pickle.dump((name, args, kwargs), self.proc.stdin)
            self.proc.stdin.flush()
            ready, _, _ = select.select([self.proc.stdout], [], [], SECONDS)
            if not ready:
                self.proc.kill()
                raise AssertionError(f"{what} still ran after {SECONDS} s")
            return pickle.load(self.proc.stdout)
        except (EOFError, BrokenPipeError):
            code = self.proc.wait()
            how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
            report = self.log.read_text(errors="replace")[-3000:]
            raise AssertionError(f"{what} crashed the process ({how}):\n{report}") from None
        finally:
            if self.proc.poll() is not None:
                self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()


@pytest.fixture(scope="module")
def child(tmp_path_factory):
    made = Child(tmp_path_factory.mktemp("native"))
    yield made
    made.stop()


def rejects(child, name, *args, **kwargs) -> str:
    """The message of the exception the call raised (and it did raise one of
    REJECTED)."""
    outcome, message = child.call(name, *args, **kwargs)
    assert outcome in REJECTED, f"{name}{args}{kwargs}: {outcome} {message}"
    return message


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
#: Integers far outside every range an argument takes, but within C's int
#: where the argument is one (past it the parser's OverflowError answers).
INTS = st.one_of(st.integers(-2 ** 31, -2), st.integers(2 ** 20 + 1, 2 ** 31 - 1))
HUGE = st.one_of(st.integers(2 ** 31, 2 ** 70), st.integers(-2 ** 70, -2 ** 31 - 1))


# ---------------------------------------------------------------- rotation

def board(w=4, h=4, lengths=(2,), vertical=(0,)):
    return [w, h, bytes(w * h), bytes(lengths), bytes(vertical)]


def search_args(**wrong):
    """A 4 x 4 board, one flat stick of 2 settled in the bottom-left corner;
    ``wrong`` replaces arguments by name."""
    w, h, walls, lengths, vertical = board()
    args = dict(w=w, h=h, walls=walls, lengths=lengths, vertical=vertical, start=[12],
                orientation=0, goal=0, target=-1, max_states=0, max_seconds=-1.0, progress=None,
                threads=1, chunk=1024)
    args.update(wrong)
    return list(args.values())


def test_the_base_calls_are_good(child):
    """The calls the others spoil answer as they are, so each rejection
    below is the wrong argument's doing."""
    assert child.call("rotation_search", *search_args()) == ("returned", "")
    assert child.call("rotation_search", *search_args(goal=1, target=0)) == ("returned", "")
    assert child.call("rotation_layout", *board()) == ("returned", "")
    assert child.call("rotation_study", *board(), 0) == ("returned", "")
    assert child.call("sliding_ida", 3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8])) == ("returned", "")
    assert child.call("triangle_count") == ("returned", "")
    assert child.call("triangle_plain", [[(0, 0, 0)]], [[]], -1) == ("returned", "")


@pytest.mark.parametrize("target", [10 ** 6, 1, -2, 2 ** 31 - 1, -2 ** 31])
@pytest.mark.parametrize("goal", [0, 1, 2])
def test_a_search_target_that_is_not_a_stick_is_refused(child, goal, target):
    """Issue 28: target=10**6 read far past the sticks and crashed."""
    message = rejects(child, "rotation_search", *search_args(goal=goal, target=target))
    assert "target" in message


def test_a_stick_target_is_one_the_goal_names(child):
    assert "target" in rejects(child, "rotation_search", *search_args(goal=1, target=-1))


@pytest.mark.parametrize("wrong, word", [
    (dict(orientation=4), "orientation"), (dict(orientation=-1), "orientation"),
    (dict(goal=3), "goal"), (dict(goal=-1), "goal"),
    (dict(max_states=-1), "max_states"), (dict(max_seconds=math.nan), "max_seconds"),
    (dict(progress=5), "progress"), (dict(threads=0), "threads"),
    (dict(chunk=0), "chunk"), (dict(chunk=2 ** 20 + 1), "chunk"),
    (dict(start=[]), "start"), (dict(start=[12, 12]), "start"), (dict(start=5), ""),
    (dict(start=[16]), "start"), (dict(start=[-2]), "start"), (dict(start=["12"]), ""),
    (dict(start=[3]), "fit"),       # a flat stick of 2 at the last column sticks out
    (dict(start=[2 ** 32 + 12]), "start"),   # would wrap onto cell 12 as an int
    (dict(start=[2 ** 70]), ""),
    (dict(walls=bytes(15)), "walls"), (dict(vertical=bytes(2)), "vertical"),
    (dict(lengths=bytes()), "lengths"), (dict(lengths=bytes(63)), "lengths"),
    (dict(lengths=bytes([0])), "length"), (dict(lengths=bytes([65])), "length"),
    (dict(w=0), "size"), (dict(h=65, walls=bytes(4 * 65)), "size"), (dict(w=2 ** 31), ""),
    (dict(walls="x" * 16), ""),
])
def test_each_search_argument_out_of_range_is_refused(child, wrong, word):
    assert word in rejects(child, "rotation_search", *search_args(**wrong))


@FUZZ
@given(data=st.data(), name=st.sampled_from(["w", "h", "orientation", "goal", "target", "threads",
                                             "chunk"]))
def test_any_int_argument_far_out_of_range_is_refused(child, data, name):
    # more threads than MAX_THREADS are taken as that many
    value = data.draw(st.integers(-2 ** 31, 0) if name == "threads" else INTS, label=name)
    rejects(child, "rotation_search", *search_args(**{name: value}))


@FUZZ
@given(value=st.one_of(INTS, HUGE), at=st.integers(0, 2))
def test_any_start_cell_off_the_board_is_refused(child, value, at):
    w, h, walls, _, _ = board()
    start = [4, 8, 12]
    start[at] = value
    rejects(child, "rotation_search", *search_args(lengths=bytes([1, 1, 1]),
                                                   vertical=bytes(3), start=start))


@FUZZ
@given(lengths=st.lists(st.integers(0, 255), min_size=1, max_size=62).filter(
    lambda ls: any(x == 0 or x > 64 for x in ls)))
def test_any_stick_length_past_the_sides_is_refused(child, lengths):
    n = len(lengths)
    args = [8, 8, bytes(64), bytes(lengths), bytes(n)]
    for name, extra in [("rotation_layout", []), ("rotation_study", [0])]:
        assert "length" in rejects(child, name, *args, *extra)
    assert "length" in rejects(child, "rotation_search", *args, [-1] * n, 0, 0, -1, 0, -1.0, None)


@FUZZ
@given(cells=st.lists(st.integers(-1, 63), min_size=3, max_size=3),
       lengths=st.lists(st.integers(1, 4), min_size=3, max_size=3),
       vertical=st.lists(st.integers(0, 1), min_size=3, max_size=3),
       walls=st.lists(st.integers(0, 1), min_size=64, max_size=64),
       orientation=st.integers(0, 3), goal=st.integers(0, 2))
def test_any_start_on_the_board_answers_or_is_refused(child, cells, lengths, vertical, walls,
                                                      orientation, goal):
    """Start cells the sticks fit on but that overlap or float (the
    wrapper passes settled ones): the search answers something, or refuses
    a stick that does not fit; it never reads past its arrays."""
    outcome, message = child.call("rotation_search", 8, 8, bytes(walls), bytes(lengths),
                                  bytes(vertical), cells, orientation, goal, 0 if goal == 1 else -1,
                                  20000, 5.0, None)
    assert outcome == "returned" or (outcome == "ValueError" and "fit" in message), message


@pytest.mark.parametrize("name, args, word", [
    ("rotation_layout", board(w=0), "size"), ("rotation_layout", board(lengths=(0,)), "length"),
    ("rotation_layout", [4, 4, bytes(16), bytes(2), bytes(1)], "vertical"),
    ("rotation_layout", [4, 4, bytes(17), bytes(1), bytes(1)], "walls"),
    ("rotation_study", board(w=2, h=5) + [0], "size"),
    ("rotation_study", board() + [-1], "max_positions"),
    ("rotation_study", board(lengths=(), vertical=()) + [0], "lengths"),
    ("rotation_study", board(lengths=(70,)) + [0], "length"),
])
def test_layout_and_study_arguments_out_of_range_are_refused(child, name, args, word):
    assert word in rejects(child, name, *args)


# ---------------------------------------------------------------- sliding

@pytest.mark.parametrize("name, args, kwargs", [
    ("sliding_bfs_table", (1, 3), {}), ("sliding_bfs_table", (9, 2), {}),
    ("sliding_bfs_table", (4, 3), {}), ("sliding_bfs_table", (2 ** 40, 2), {}),
    ("sliding_half_table", (2, 7), {}), ("sliding_half_table", (0, 0), {}),
    ("sliding_half_table", (2, 2), {"progress": 3}),
    ("sliding_pdb_build", (3, 3, ()), {}), ("sliding_pdb_build", (3, 3, (9,)), {}),
    ("sliding_pdb_build", (3, 3, (0,)), {}), ("sliding_pdb_build", (3, 3, (1, 1)), {}),
    ("sliding_pdb_build", (3, 3, (-1,)), {}), ("sliding_pdb_build", (3, 3, (2 ** 70,)), {}),
    ("sliding_pdb_build", (3, 3, tuple(range(1, 10))), {}), ("sliding_pdb_build", (3, 3, 5), {}),
    ("sliding_pdb_build", (8, 8, tuple(range(1, 9))), {}),
    ("sliding_ida", (3, 3, bytes(9)), {}), ("sliding_ida", (3, 3, bytes(range(8))), {}),
    ("sliding_ida", (3, 3, bytes([1, 2, 3, 4, 5, 6, 8, 7, 0])), {}),   # the other parity
    ("sliding_ida", (3, 3, bytes(range(9, 0, -1))), {}),
    ("sliding_ida", (3, 2, bytes([1, 2, 3, 4, 0, 5])), {"mirror": True}),
    ("sliding_ida", (3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8])), {"pdbs": [((1, 2), b"")]}),
    ("sliding_ida", (3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8])), {"pdbs": [(1, 2)]}),
    ("sliding_ida", (3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8])), {"pdbs": 7}),
    ("sliding_ida", (3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8])), {"pdbs": [((1,), bytes(9))] * 2}),
])
def test_sliding_arguments_out_of_range_are_refused(child, name, args, kwargs):
    rejects(child, name, *args, **kwargs)


NEGATIVE = st.one_of(st.integers(max_value=-1), st.floats(max_value=-1e-9), st.just(math.nan))
#: Per limit of ida, values out of its range (its int ones also past C's int).
IDA_LIMITS = {
    "max_nodes": st.one_of(NEGATIVE, st.integers(min_value=2 ** 64)),
    "max_seconds": NEGATIVE,
    "start_bound": st.one_of(NEGATIVE, INTS, HUGE),
    "weight": st.one_of(NEGATIVE, st.floats(-1e300, 0.999), st.floats(16.001, 1e300), INTS, HUGE),
    "max_length": st.one_of(NEGATIVE, INTS, HUGE),
}


@FUZZ
@given(data=st.data(), name=st.sampled_from(sorted(IDA_LIMITS)))
def test_any_ida_limit_out_of_range_is_refused(child, data, name):
    value = data.draw(IDA_LIMITS[name], label=name)
    rejects(child, "sliding_ida", 3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8]), **{name: value})


@FUZZ
@given(table=st.binary(min_size=72, max_size=72), pattern=st.permutations(range(1, 9)))
def test_any_database_of_the_right_size_answers_or_is_refused(child, table, pattern):
    """A table not built by pdb_build can claim any distance: the search
    still stays inside its path (a bound past MAX_DEPTH is refused)."""
    outcome, message = child.call("sliding_ida", 3, 3, bytes([4, 1, 3, 7, 2, 6, 5, 8, 0]),
                                  pdbs=[(tuple(pattern[:2]), table)], max_nodes=20000)
    assert outcome in ("returned", "ValueError"), message


# ---------------------------------------------------------------- triangle

@pytest.mark.parametrize("wrong", [
    dict(n=0), dict(n=9), dict(mode=3), dict(chunk=0),
    dict(pairs=[]), dict(pairs=[(5, (0, 0, 0))]), dict(pairs=[(0, (0, 0))]), dict(pairs=7),
    dict(pairs=[(0, (-2 ** 63, 0, 0))]), dict(pairs=[(0, (2 ** 64, 0, 0))]),
    dict(sizes=[]), dict(sizes=[0]), dict(sizes=[65]),
    dict(nb=[]), dict(nb=[(None, None, None)] * 4),                 # no slot linked
    dict(nb=[(None, (1, 0), None), (None, None, None), (None, None, None), (None, None, None)]),
    dict(nb=[((7, 0), None, None)] * 4), dict(nb=[((0, 5), None, None)] * 4),
    dict(turned=[]), dict(turned=[(9, (0, 1, 2))] * 4), dict(turned=[(0, (0, 1, 3))] * 4),
    dict(roots=[(9, [0], None)]), dict(roots=[(0, [999], None)]), dict(roots=[(0,)]),
    dict(replay=[0, (0, 0)] + [(-1, 0)] * 5),
    dict(filter=([], [], [], None)), dict(filter=(1, 2)),
])
def test_triangle_count_arguments_out_of_range_are_refused(child, wrong):
    outcome, message = child.call("triangle_count", **wrong)
    # a resume path that is not in the search is an answer (code 2), not a raise
    assert outcome in REJECTED or ("replay" in wrong and outcome == "returned"), message


@FUZZ
@given(replay=st.lists(st.tuples(st.one_of(st.integers(-3, 5), INTS), st.one_of(st.integers(-3, 5), INTS)),
                       min_size=1, max_size=140), root=st.one_of(st.integers(-2, 3), INTS))
def test_any_resume_path_answers_or_is_refused(child, replay, root):
    """A resume path is data from a token: any one is followed or found not
    to be in the search (code 2), never followed off the board."""
    outcome, message = child.call("triangle_count", replay=[root, *replay])
    assert outcome == "returned", message


@pytest.mark.parametrize("options, needs, max_nodes", [
    ([[(0, 0, 0)]], [[(0, 1, 0)]], -1),       # a need of a slot not yet filled
    ([[(0, 0, 0)]], [[(3, 0, 0)]], -1), ([[(0, 0, 0)]], [[(0, 0, 3)]], -1),
    ([[(0, 0, 0)]] * 2, [[], [(0, 0, -1)]], -1), ([[(0, 0, 0)]] * 2, [[], [(0, -1, 0)]], -1),
    ([[]], [[]], -1), ([[(0, 0, 0)] * 4], [[]], -1), ([[(0, 0, 0)]], [[(0, 0, 0)] * 4], -1),
    ([[(0, 0, 0)]] * 65, [[]] * 65, -1), ([[(0, 0, 0)]], [], -1), ([[(0, 0)]], [[]], -1),
    ([[(2 ** 64, 0, 0)]], [[]], -1), (5, [[]], -1), ([[(0, 0, 0)]], [[]], 2 ** 64),
])
def test_triangle_plain_arguments_out_of_range_are_refused(child, options, needs, max_nodes):
    rejects(child, "triangle_plain", options, needs, max_nodes)


def test_a_crash_is_reported_with_its_signal(tmp_path):
    """The harness itself: a call that kills the child fails with the signal."""
    made = Child(tmp_path)
    made.start()
    os.kill(made.proc.pid, signal.SIGSEGV)
    with pytest.raises(AssertionError, match="SIGSEGV"):
        made.call("rotation_layout", *board())

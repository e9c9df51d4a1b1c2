"""The C triangle engine (``webapp._triangle``) against the Python one, the
reference: on random puzzles both give the same weights, counts, listed
solutions and node counts, stop at the same node under a node limit with
the same resume path, and a token made by one goes on in the other. Without
the compiled module (or with ``ROTATION_PLAYGROUND_NO_NATIVE``) ``auto``
falls back to Python."""

from __future__ import annotations

import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import triangle_reference as ref
from webapp.triangle import native, solver
from webapp.triangle.budget import Budget
from webapp.triangle.generate import random_puzzle
from webapp.triangle.puzzle import Puzzle
from webapp.triangle.search import count
from webapp.triangle.tally import BadResume, Resume

needs_c = pytest.mark.skipif(not native.available(), reason="webapp._triangle is not built "
                             "(no C compiler at install time); the Python engine answers")


@st.composite
def puzzles(draw, largest=4):
    """Pieces cut from a filled board (many solutions, symmetric and equal
    pieces among them) or drawn from a small pool (often none)."""
    n = draw(st.integers(1, largest))
    k = draw(st.integers(0, 4))
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    if draw(st.booleans()):
        return Puzzle(k, ref.filled_board(n, k, rng, zeros=draw(st.booleans())))
    pool = [tuple(rng.randint(-k, k) for _ in range(3)) for _ in range(draw(st.integers(1, 6)))]
    return Puzzle(k, tuple(rng.choice(pool) for _ in range(n * n)))


def _tally(puzzle, engine, **options):
    budget = Budget(max_nodes=options.pop("max_nodes", 5_000))
    t = count(puzzle, budget, engine=engine, **options)
    assert t.engine == engine
    return (t.unique_top, t.tied_two, t.tied_three, t.fixed, t.complete, t.stopped, t.path,
            t.best, t.store, t.overflow, budget.nodes)


def _answer(a):
    return (a.status, a.count, a.distinct, a.solutions, a.complete, a.nodes, a.limit, a.resume)


@needs_c
@settings(max_examples=150, deadline=None)
@given(puzzle=puzzles(), best=st.integers(0, 6), store=st.sampled_from([0, 3, 500]))
def test_both_engines_count_the_same_tree(puzzle, best, store):
    options = {"best": best, "store": store}
    assert _tally(puzzle, "c", **options) == _tally(puzzle, "python", **options)


@needs_c
@settings(max_examples=150, deadline=None)
@given(puzzle=puzzles(), bound=st.integers(0, 3000))
def test_both_engines_count_the_levels_plain_nodes_the_same(puzzle, bound):
    """The difficulty levels' plain backtracking count, node for node, and
    the same bound passed at the same node."""
    from webapp.triangle import levels

    found = []
    for engine in ("python", "c"):
        try:
            found.append(levels.nodes(puzzle, max_nodes=bound, engine=engine))
        except levels.TooHard as exc:
            found.append(str(exc))
    assert found[0] == found[1]


@needs_c
@settings(max_examples=60, deadline=None)
@given(puzzle=puzzles(largest=3), stop_after=st.integers(1, 3), nodes=st.integers(0, 400))
def test_both_engines_stop_at_the_same_place(puzzle, stop_after, nodes):
    """A node limit and ``stop_after`` end both at the same node, with the same path."""
    assert _tally(puzzle, "c", stop_after=stop_after, best=2) == \
        _tally(puzzle, "python", stop_after=stop_after, best=2)
    assert _tally(puzzle, "c", max_nodes=nodes, best=3) == _tally(puzzle, "python", max_nodes=nodes, best=3)


@needs_c
@settings(max_examples=60, deadline=None)
@given(puzzle=puzzles(largest=3), first=st.sampled_from([None, 0, 1, 4]), nodes=st.integers(1, 300))
def test_both_engines_answer_the_same(puzzle, first, nodes):
    whole = solver.solve(puzzle, first=first, engine="c")
    assert whole.engine == "c"
    assert _answer(whole)[:7] == _answer(solver.solve(puzzle, first=first, engine="python"))[:7]
    assert _answer(solver.solve(puzzle, first=first, max_nodes=nodes, engine="c")) == \
        _answer(solver.solve(puzzle, first=first, max_nodes=nodes, engine="python"))


@needs_c
@settings(max_examples=40, deadline=None)
@given(puzzle=puzzles(largest=3), first=st.integers(1, 5), nodes=st.integers(2, 200),
       engines=st.sampled_from([("c", "python"), ("python", "c"), ("c", "c")]))
def test_a_token_of_one_engine_goes_on_in_the_other(puzzle, first, nodes, engines):
    whole = solver.solve(puzzle, first=first, engine="python")
    nodes = max(nodes, whole.nodes // 20 + 1)  # a few dozen resumes at most (1 node: none moves on)
    cut = solver.solve(puzzle, first=first, max_nodes=nodes, engine=engines[0])
    while cut.resume is not None:
        cut = solver.solve(puzzle, first=first, max_nodes=nodes, resume=cut.resume, engine=engines[1])
    assert (cut.status, cut.count, cut.distinct, cut.solutions, cut.complete) == \
        (whole.status, whole.count, whole.distinct, whole.solutions, whole.complete)


@needs_c
def test_a_made_up_place_is_refused_in_the_same_words():
    p = Puzzle(2, ((1, 2, 0), (-1, 0, 0), (-2, 0, 0), (0, 0, 0)))
    real = solver.solve(p, first=10, max_nodes=2, engine="c").resume
    assert real == solver.solve(p, first=10, max_nodes=2, engine="python").resume
    for path in ((99, (0, 0)), (real.path[0], (3, 0)), (real.path[0], (real.path[1][0], 7)),
                 (real.path[0], real.path[1], (0, 0), (0, 0), (0, 0), (0, 0)), (True, (0, 0)), (0,)):
        said = []
        for engine in ("c", "python"):
            with pytest.raises(BadResume) as caught:
                count(p, Budget(), best=10, resume=Resume(path), engine=engine)
            said.append(str(caught.value))
        assert said[0] == said[1]


def test_auto_falls_back_to_python_without_the_module(monkeypatch):
    monkeypatch.setattr(native, "_native", None)
    assert native.engine_name("auto") == "python" and native.engines() == ["python"]
    assert solver.solve(Puzzle(3, ref.EXAMPLES[3])).engine == "python"
    with pytest.raises(native.EngineError, match="not built"):
        solver.solve(Puzzle(3, ref.EXAMPLES[3]), engine="c")


def test_the_environment_switches_the_c_engine_off(monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_NO_NATIVE", "1")
    assert solver.solve(Puzzle(3, ref.EXAMPLES[3])).engine == "python"
    with pytest.raises(native.EngineError, match="unknown engine"):
        native.engine_name("fast")


@needs_c
def test_auto_is_c_when_built(monkeypatch):
    monkeypatch.delenv("ROTATION_PLAYGROUND_NO_NATIVE", raising=False)
    assert solver.solve(Puzzle(3, ref.EXAMPLES[3])).engine == "c"
    assert solver.solve(Puzzle(3, ref.EXAMPLES[3])).to_json()["engine"] == "c"


@needs_c
def test_numbers_beyond_64_bits_are_counted_in_python():
    big = 2 ** 70
    p = Puzzle(0, ((big, 0, 0), (-big, 0, 0), (0, 0, 0), (0, 0, 0)))
    a = solver.solve(p, engine="c")
    assert a.engine == "python" and a.count == solver.solve(p, engine="python").count > 0


#: Counted in the 10**60s: only a limit or a cancel ends it.
ENDLESS = random_puzzle(8, 1, random.Random(5))


@needs_c
def test_progress_is_reported_and_a_raise_cancels(monkeypatch):
    calls = []

    def progress(nodes, depth):
        calls.append((nodes, depth))
        if len(calls) == 3:
            raise RuntimeError("cancelled")

    began = time.perf_counter()
    with pytest.raises(RuntimeError, match="cancelled"):
        solver.solve(ENDLESS, first=10, progress=progress, max_seconds=30, engine="c")
    assert time.perf_counter() - began < 5
    assert [n for n, _ in calls] == sorted(n for n, _ in calls) and calls[0][0] > 0


@needs_c
def test_ctrl_c_ends_it_as_a_limit():
    def progress(nodes, depth):
        raise KeyboardInterrupt

    a = solver.solve(ENDLESS, first=10, progress=progress, interruptible=True, engine="c")
    assert a.status == "limit" and a.limit == "interrupted" and a.resume is None and a.nodes > 0
    with pytest.raises(KeyboardInterrupt):
        solver.solve(ENDLESS, first=10, progress=progress, engine="c")


@needs_c
def test_the_search_lets_other_threads_run():
    """The GIL is released while it searches: a thread counting meanwhile gets far."""
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    other = threading.Thread(target=tick)
    other.start()
    try:
        puzzle = Puzzle(3, ref.filled_board(6, 3, random.Random(2)))
        a = solver.solve(puzzle, first=0, max_seconds=0.5, engine="c")
    finally:
        done.set()
        other.join()
    assert a.seconds > 0.1 and len(ticks) > 20

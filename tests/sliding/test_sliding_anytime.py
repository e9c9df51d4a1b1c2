"""Big boards (over 16 cells): weighted IDA* with a cut at the best length
(both engines alike), the improving search (webapp/sliding/anytime.py) and
the 5 x 5 pattern databases: every answer replays to the goal, is no
shorter than its lower bound, and is marked optimal only when proven."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sliding_reference import goal, replay
from webapp.sliding import anytime, heuristic, ida, native, pdb, solver, table
from webapp.sliding.position import movable_cells

ENGINES = native.engines()
NATIVE = pytest.mark.skipif(not native.available(), reason="the C engine is not built")


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def walk(w: int, h: int, steps: int, rng: random.Random) -> tuple[int, ...]:
    """A position ``steps`` random moves from the goal (never straight back)."""
    board, last = list(goal(w, h)), None
    for _ in range(steps):
        hole = board.index(0)
        cell = rng.choice([c for c in movable_cells(w, h, hole) if board[c] != last])
        last = board[cell]
        board[hole], board[cell] = last, 0
    return tuple(board)


def exact(w: int, h: int, tiles) -> int:
    """The shortest length, by plain IDA* (cheap for the short walks used)."""
    r = ida.search(w, h, tiles, heuristic.ManhattanLC(w, h))
    assert r.status == "solved"
    return len(r.moves)


# -- weighted IDA* and max_length ---------------------------------------------------------
@NATIVE
@pytest.mark.parametrize("weight", [1.0, 1.25, 1.5, 2.0, 3.0])
@pytest.mark.parametrize("seed", range(3))
def test_weighted_search_is_the_same_in_both_engines(weight, seed):
    rng = random.Random(seed)
    tiles = walk(4, 3, 40 + 10 * seed, rng)
    mod = native.module("native")
    shortest = len(ida.run(mod, 4, 3, tiles).moves)
    for max_length in (0, shortest, shortest + 3):
        c = ida.run(mod, 4, 3, tiles, None, weight=weight, max_length=max_length)
        p = ida.search(4, 3, tiles, heuristic.ManhattanLC(4, 3), weight=weight,
                       max_length=max_length)
        assert (c.status, c.moves, c.nodes, c.bound) == (p.status, p.moves, p.nodes, p.bound)


@NATIVE
def test_weighted_search_with_databases_is_the_same_in_both_engines():
    pset = pdb.load(3, 4, engine="native")
    mod = native.module("native")
    for seed in range(5):
        tiles = walk(3, 4, 60, random.Random(seed))
        for weight in (1.0, 1.4, 2.0):
            c = ida.run(mod, 3, 4, tiles, pset, weight=weight, max_nodes=50_000)
            p = ida.search(3, 4, tiles, pdb.PatternHeuristic(pset), weight=weight, max_nodes=50_000)
            assert (c.status, c.moves, c.nodes, c.bound) == (p.status, p.moves, p.nodes, p.bound)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_weighted_answer_is_at_most_w_times_the_shortest_plus_the_step(engine):
    distances = table.get(3, 3, engine)
    rng = random.Random(5)
    for _ in range(30):
        tiles = walk(3, 3, rng.randrange(10, 80), rng)
        shortest = table.distance(3, 3, tiles)
        assert distances is not None and shortest is not None
        for weight in (1.5, 2.0, 4.0):
            r = _search(engine, 3, 3, tiles, weight=weight)
            assert r.status == "solved" and replay(3, 3, tiles, r.moves) == goal(3, 3)
            assert shortest <= len(r.moves) <= weight * shortest + ida.WEIGHTED_STEP / ida.SCALE


@pytest.mark.parametrize("engine", ENGINES)
def test_max_length_finds_only_shorter_answers_and_exhausted_proves_none(engine):
    tiles = (1, 5, 2, 7, 0, 3, 8, 4, 6)  # 8 moves
    r = _search(engine, 3, 3, tiles, weight=2.0, max_length=9)
    assert r.status == "solved" and len(r.moves) == 8
    r = _search(engine, 3, 3, tiles, weight=2.0, max_length=8)
    assert (r.status, r.moves, r.bound) == ("exhausted", [], 8)
    r = _search(engine, 3, 3, tiles, max_length=8)
    assert (r.status, r.bound) == ("exhausted", 8)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_stopped_weighted_search_proves_a_true_lower_bound(engine):
    table.get(3, 3, engine)
    rng = random.Random(11)
    stopped = 0
    for _ in range(20):
        tiles = walk(3, 3, 60, rng)
        shortest = table.distance(3, 3, tiles)
        for weight in (1.0, 1.3, 2.0):
            r = _search(engine, 3, 3, tiles, weight=weight, max_nodes=40)
            if r.status != "solved":
                stopped += 1
                assert heuristic.estimate(3, 3, tiles) <= r.bound <= shortest
    assert stopped > 10


def test_bad_weights_are_refused():
    with pytest.raises(ValueError, match="weight"):
        ida.search(3, 3, goal(3, 3), heuristic.ManhattanLC(3, 3), weight=0.5)
    if native.available():
        with pytest.raises(ValueError, match="weight"):
            native.module("native").ida(3, 3, bytes(goal(3, 3)), weight=0.5)
        with pytest.raises(ValueError, match="max_length"):
            native.module("native").ida(3, 3, bytes(goal(3, 3)), max_length=-1)


def _search(engine, w, h, tiles, **kwargs):
    mod = native.module(engine)
    if mod is not None:
        return ida.run(mod, w, h, tiles, None, **kwargs)
    return ida.search(w, h, tiles, heuristic.ManhattanLC(w, h), **kwargs)


# -- the improving search and the solver on big boards ------------------------------------
BIG = st.sampled_from([(5, 5), (4, 5), (5, 4), (6, 6), (3, 6), (8, 3)])


@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), BIG, st.sampled_from(ENGINES), st.booleans())
def test_every_big_answer_replays_and_respects_its_bound(seed, shape, engine, near):
    w, h = shape
    rng = random.Random(seed)
    tiles = walk(w, h, rng.randrange(4, 30) if near else 400, rng)
    a = solver.solve(w, h, tiles, max_seconds=0.3, engine=engine, build=False)
    assert a.status == "solved" and replay(w, h, tiles, a.moves) == goal(w, h)
    assert a.length >= a.lower_bound >= heuristic.estimate(w, h, tiles)
    if a.optimal:
        assert a.length == a.lower_bound and a.limit is None
    else:
        assert a.limit == "seconds"
    if near:  # short walks: the true shortest length is at hand
        shortest = exact(w, h, tiles)
        assert a.lower_bound <= shortest <= a.length
        assert not a.optimal or a.length == shortest


@pytest.mark.parametrize("engine", ENGINES)
def test_improving_search_answers_get_shorter_and_end_proven(engine):
    tiles = walk(5, 4, 40, random.Random(3))
    shortest = exact(5, 4, tiles)
    first = solver._construct(5, 4, tiles)
    got = anytime.improve(5, 4, tiles, native=native.module(engine), seconds=20.0, first=first)
    assert got.optimal and got.bound == len(got.moves) == shortest and got.stopped is None
    assert replay(5, 4, tiles, got.moves) == goal(5, 4)
    found = [n for _, n in got.passes if n is not None]
    assert found == sorted(found, reverse=True) and len(set(found)) == len(found)
    assert all(n < len(first) for n in found)


def test_a_small_node_limit_keeps_the_plain_search_then_the_fast_answer():
    tiles = walk(5, 5, 300, random.Random(4))
    a = solver.solve(5, 5, tiles, max_seconds=5, max_nodes=5000, engine="python", build=False)
    assert (a.method, a.limit, a.nodes) == ("construct", "nodes", 5000)


def test_progress_adds_up_over_the_passes(monkeypatch):
    # the Python engine, which reports at every look at the clock here (the C
    # one reports every 50 ms: a loaded machine's short passes may say nothing)
    monkeypatch.setattr(ida, "REPORT_EVERY", 0.0)
    calls = []
    tiles = walk(6, 6, 400, random.Random(2))
    solver.solve(6, 6, tiles, max_seconds=0.5, progress=lambda *c: calls.append(c), engine="python")
    counts = [c for c, _, _ in calls]
    assert calls and counts == sorted(counts) and {p for _, _, p in calls} == {"search"}


# -- the 5 x 5 databases --------------------------------------------------------------------
def test_the_five_groups_split_the_tiles():
    flat = sorted(t for g in pdb.FIVE for t in g)
    assert flat == list(range(1, 25)) and max(len(g) for g in pdb.FIVE) == 5
    assert pdb.groups(5, 5) == pdb.FIVE and pdb.groups(4, 4) == pdb.partition(4, 4)
    assert pdb.nbytes(5, 5) == 4 * 25 * 24 * 23 * 22 * 21 + 25 * 24 * 23 * 22
    assert pdb.has_databases(5, 5) and not pdb.has_databases(6, 6)


@pytest.fixture
def tiny_five(tmp_path, monkeypatch):
    """5 x 5 with a database of three tiles (built at once) instead of the
    20-s ones, in a cache of its own: the paths are the same."""
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "FIVE", ((22, 23, 24),))
    monkeypatch.setattr(pdb, "_loaded", {})
    return tmp_path


def test_a_5x5_solve_with_time_builds_its_databases_once_outside_the_limit(tiny_five, monkeypatch):
    tiles = walk(5, 5, 300, random.Random(9))
    monkeypatch.setattr(solver, "BUILD_SECONDS", 1.0)  # (10 s by default)
    quick = solver.solve(5, 5, tiles, max_seconds=0.2)  # too little time: none built
    assert quick.method != "pdb" and not pdb.cached(5, 5, (22, 23, 24))
    phases = []
    a = solver.solve(5, 5, tiles, max_seconds=1.0,
                     progress=lambda c, d, p: phases.append(p))
    assert phases[0] == "building" and "search" in phases
    assert pdb.cached(5, 5, (22, 23, 24)) and a.method in ("pdb", "construct")
    assert replay(5, 5, tiles, a.moves) == goal(5, 5) and a.length >= a.lower_bound


def test_the_web_never_builds_5x5_databases_but_uses_them_once_built(tiny_five, monkeypatch):
    from webapp.sliding.kind import KIND
    from webapp.sliding.position import Position

    asked = []
    real = pdb.load

    def load(*args, **kwargs):
        found = real(*args, **kwargs)
        asked.append((kwargs.get("allow_build"), found is not None))
        return found

    monkeypatch.setattr(pdb, "load", load)
    monkeypatch.setattr(solver, "BUILD_SECONDS", 0.5)  # time enough to build, were it allowed
    board = Position(walk(5, 5, 300, random.Random(1)), width=5)
    KIND.solve(board, {}, max_seconds=0.5)
    assert asked == [(False, False)] and not pdb.cached(5, 5, (22, 23, 24))
    real(5, 5)  # as `prepare_side(5)` or a command-line solve would
    asked.clear()
    body = KIND.solve(board, {}, max_seconds=0.3)
    assert asked == [(False, True)] and body["status"] == "solved" and body["method"] != "manhattan"


def test_a_terminal_solve_that_built_5x5_databases_says_where(tiny_five, monkeypatch, capsys):
    from webapp.cli import main
    from webapp.sliding import commandline as sliding_line
    from webapp.sliding.generate import shuffle

    monkeypatch.setattr(sliding_line, "_on_terminal", lambda: True)
    monkeypatch.setattr(solver, "BUILD_SECONDS", 0.5)  # a short search: the build is the point
    monkeypatch.setattr(sliding_line, "SLIDING_BIG_SECONDS", 0.5)
    path = tiny_five / "board.txt"
    path.write_text(shuffle(5, 5, random.Random(7)).text())
    assert main(["solve", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"pattern databases for 5 x 5 (0.0 MB) kept in {tiny_five}: built once" in err, err

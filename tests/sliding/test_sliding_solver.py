"""The sliding solver: spec answers, parity, distance tables against an
independent search, IDA* (both engines agree move for move and node for
node), pattern databases, limits, progress, hints, answers that replay.

4 x 4 answers against Korf's optimal lengths are in test_sliding_solver_korf.py
(they need the 4 x 4 pattern databases built once per session).
"""

from __future__ import annotations

import random
import time
from collections import deque

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sliding_reference import distances, goal, recorded_loads, replay
from webapp.sliding import cachedir, heuristic, ida, native, pdb, solver, table
from webapp.sliding.position import movable_cells, solvable

ENGINES = native.engines()
SLOW = settings(deadline=None, max_examples=40,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """Tables and databases go to a directory of this test session, not the
    user's cache (the in-memory copies stay: they are the same either way)."""
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


# -- an independent reference: plain breadth-first search over tuples ----------
def plain_neighbours(w: int, h: int, tiles: tuple[int, ...]):
    z = tiles.index(0)
    r, c = divmod(z, w)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < h and 0 <= cc < w:
            o = rr * w + cc
            b = list(tiles)
            b[z], b[o] = b[o], 0
            yield tuple(b)


def plain_bfs(w: int, h: int) -> dict[tuple[int, ...], int]:
    start = goal(w, h)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for t in plain_neighbours(w, h, s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


@pytest.fixture(scope="module")
def bfs33():
    return plain_bfs(3, 3)


def walk(w: int, h: int, steps: int, rng: random.Random) -> tuple[int, ...]:
    """A position ``steps`` random moves from the goal (never straight back)."""
    board = goal(w, h)
    prev = None
    for _ in range(steps):
        options = [b for b in plain_neighbours(w, h, board) if b != prev]
        prev, board = board, rng.choice(options)
    return board


# -- the spec's answers and parity ----------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("tiles, length", [((1, 5, 2, 7, 0, 3, 8, 4, 6), 8),
                                           ((3, 7, 8, 5, 4, 6, 2, 0, 1), 27)])
def test_spec_answers(engine, tiles, length):
    a = solver.solve(3, 3, tiles, engine=engine)
    assert (a.status, a.length, a.optimal, a.lower_bound, a.method) == ("solved", length, True,
                                                                        length, "table")
    assert replay(3, 3, tiles, a.moves) == goal(3, 3)
    assert a.to_dict()["summary"] == f"Solved in {length} moves, shortest possible (distance table)"
    # the searches agree with the table on the same moves
    m = solver.solve(3, 3, tiles, engine=engine, max_bytes=solver.SEARCH_BYTES + 1000)
    assert (m.method, m.moves) == ("manhattan", a.moves)


@pytest.mark.parametrize("engine", ENGINES)
def test_unsolvable_at_once(engine):
    for w, h in ((3, 3), (4, 4), (2, 5), (8, 8)):
        tiles = list(goal(w, h))
        tiles[0], tiles[1] = tiles[1], tiles[0]
        a = solver.solve(w, h, tiles, engine=engine)
        assert (a.status, a.nodes, a.method, a.moves, a.length) == ("unsolvable", 0, "parity", [], None)
        assert a.summary() == "No solution: the tiles are in an unsolvable order (odd permutation)"
        assert a.seconds < 1.0  # no search: nodes 0 says so; the clock only guards against a slow check


def test_parity_matches_reachability():
    for w, h in ((2, 2), (2, 3), (3, 2), (2, 4), (3, 3)):
        reach = plain_bfs(w, h) if w * h < 9 else None
        n = w * h
        rng = random.Random(w * 10 + h)
        for _ in range(300):
            tiles = list(range(n))
            rng.shuffle(tiles)
            tiles = tuple(tiles)
            expected = (tiles in reach) if reach is not None else table.distance(w, h, tiles) is not None
            assert solvable(w, tiles) == expected


def test_parity_of_larger_boards_by_moves():
    rng = random.Random(5)
    for w, h in ((4, 4), (5, 3), (2, 8), (8, 8), (7, 5)):
        board = walk(w, h, 200, rng)
        assert solvable(w, board)
        swapped = list(board)
        i, j = [k for k, t in enumerate(board) if t][:2]
        swapped[i], swapped[j] = swapped[j], swapped[i]
        assert not solvable(w, swapped)


# -- distance tables ----------------------------------------------------------------
def test_table_3x3_against_plain_bfs(bfs33):
    t = distances(3, 3)
    assert len(t) == 362880
    assert int((t != table.UNREACHABLE).sum()) == len(bfs33) == 181440
    assert int(t[t != table.UNREACHABLE].max()) == max(bfs33.values()) == 31
    rng = random.Random(1)
    sample = rng.sample(sorted(bfs33), 3000)
    for tiles in sample:
        assert table.distance(3, 3, tiles) == bfs33[tiles]
    # the two 31-move positions
    far = sorted(s for s, d in bfs33.items() if d == 31)
    assert len(far) == 2
    assert all(table.distance(3, 3, s) == 31 for s in far)


@pytest.mark.parametrize("shape", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)])
def test_small_tables_against_plain_bfs(shape):
    w, h = shape
    ref = plain_bfs(w, h)
    t = table.get(w, h)
    for r in range(len(t)):
        tiles = table.unrank(w * h, r)
        assert table.distance(w, h, tiles) == ref.get(tiles)


def test_python_build_equals_native_build():
    # (the 10-cell shapes, some seconds each in Python, against IDA* in test_sliding_bigtable.py)
    for w, h in table.SHAPES:
        if w * h > 9:
            continue
        python_built = table.build(w, h, "python")
        if "native" in ENGINES:
            assert table.build(w, h, "native") == python_built
        assert python_built == table.get(w, h)


def test_table_file_is_stored_checked_and_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(table, "_tables", {})
    good = table.get(2, 4)
    files = list(tmp_path.glob("sliding-table-2x4-*.bin"))
    assert len(files) == 1
    # a damaged file (one byte changed) is not trusted: rebuilt and rewritten
    raw = bytearray(files[0].read_bytes())
    raw[-5] ^= 1
    files[0].write_bytes(bytes(raw))
    monkeypatch.setattr(table, "_tables", {})
    assert cachedir.load(files[0].name, len(good)) is None
    assert table.get(2, 4) == good
    assert cachedir.load(files[0].name, len(good)) == good


def test_table_loaded_from_file_without_building(tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(table, "_tables", {})
    good = table.get(3, 3)
    monkeypatch.setattr(table, "_tables", {})

    def no_build(*args):
        raise AssertionError("built again although the file was there")

    monkeypatch.setattr(table, "build", no_build)
    assert table.get(3, 3) == good


def test_random_at_distance():
    rng = random.Random(7)
    for n in (0, 1, 8, 27, 31):
        tiles = table.random_at_distance(3, 3, n, rng)
        assert table.distance(3, 3, tiles) == n
    assert table.random_at_distance(3, 3, 0, rng) == goal(3, 3)
    with pytest.raises(table.TableError, match="0 to 31"):
        table.random_at_distance(3, 3, 32, rng)
    with pytest.raises(table.TableError):
        table.distance(4, 4, goal(4, 4))


def test_table_solve_walks_down_in_move_order(bfs33):
    rng = random.Random(3)
    for tiles in rng.sample(sorted(bfs33), 200):
        path = table.solve_path(3, 3, tiles)
        assert len(path) == bfs33[tiles]
        assert replay(3, 3, tiles, path) == goal(3, 3)
        # each move is the first in move order that lowers the distance
        board = tiles
        for t in path:
            after = table.distances_after(3, 3, board)
            d = bfs33[board]
            assert list(after) == [x for x in after]  # insertion order = move order
            first = next(x for x, dd in after.items() if dd == d - 1)
            assert first == t
            board = replay(3, 3, board, [t])


def test_distances_after_each_move(bfs33):
    tiles = (1, 5, 2, 7, 0, 3, 8, 4, 6)
    after = table.distances_after(3, 3, tiles)
    assert list(after) == [5, 7, 3, 4]  # above, left, right, below the hole
    for t, d in after.items():
        assert d == bfs33[replay(3, 3, tiles, [t])]
    a = solver.solve(3, 3, tiles)
    assert a.to_dict()["distances"] == after


# -- heuristics ----------------------------------------------------------------------
@SLOW
@given(st.permutations(range(9)))
def test_manhattan_lc_admissible_3x3(tiles):
    d = table.distance(3, 3, tiles)
    if d is not None:
        assert heuristic.estimate(3, 3, tiles) <= d
        assert heuristic.manhattan(3, 3, tiles) <= heuristic.estimate(3, 3, tiles)


@SLOW
@given(st.permutations(range(8)), st.sampled_from([(2, 4), (4, 2)]))
def test_manhattan_lc_admissible_2x4(tiles, shape):
    d = table.distance(*shape, tiles)
    if d is not None:
        assert heuristic.estimate(*shape, tiles) <= d


def test_linear_conflict_is_not_a_pair_count():
    # three tiles reversed in their row: 3 pairs in conflict, but moving 2
    # of them out of the row suffices: 4 extra moves, not 6
    assert heuristic.line_conflict((2, 1, 0)) == 4
    assert heuristic.linear_conflicts(3, 3, (3, 2, 1, 4, 5, 6, 7, 8, 0)) == 4


@settings(deadline=None, max_examples=30)
@given(st.integers(0, 10**6), st.sampled_from([(3, 3), (4, 4), (5, 3), (2, 6), (6, 6)]))
def test_incremental_heuristics_equal_full_counts(seed, shape):
    w, h = shape
    rng = random.Random(seed)
    board = list(walk(w, h, 60, rng))
    lc = heuristic.ManhattanLC(w, h)
    assert lc.start(board) == heuristic.estimate(w, h, board)
    pset = pdb.load(w, h, small_partition(w, h), engine="python") if 10 <= w * h <= 16 else None
    ph = pdb.PatternHeuristic(pset) if pset else None
    if ph:
        ph.start(board)
    for _ in range(40):
        z = board.index(0)
        cell = rng.choice(movable_cells(w, h, z))
        t = board[cell]
        board[z], board[cell] = t, 0
        assert lc.moved(t, cell, z) == heuristic.estimate(w, h, board)
        if ph:
            assert ph.moved(t, cell, z) == bound(pset, board)


# -- IDA* ----------------------------------------------------------------------------
@settings(deadline=None, max_examples=25)
@given(st.integers(0, 10**6), st.sampled_from([(3, 3), (2, 4), (4, 2)]))
def test_ida_optimal_and_first_in_move_order(seed, shape):
    w, h = shape
    solvable = np.flatnonzero(distances(w, h) != table.UNREACHABLE)
    tiles = table.unrank(w * h, int(solvable[seed % len(solvable)]))
    r = ida.search(w, h, tiles, heuristic.ManhattanLC(w, h))
    assert r.status == "solved"
    assert len(r.moves) == table.distance(w, h, tiles) == r.bound
    assert r.moves == table.solve_path(w, h, tiles)


@pytest.mark.skipif("native" not in ENGINES, reason="the C engine is not built")
@settings(deadline=None, max_examples=25)
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (3, 4), (5, 3), (2, 6)]),
       st.integers(10, 34))
def test_engines_agree_manhattan(seed, shape, steps):
    w, h = shape
    tiles = walk(w, h, steps, random.Random(seed))
    py = ida.search(w, h, tiles, heuristic.ManhattanLC(w, h), max_nodes=300_000)
    c = ida.run(native.module("native"), w, h, tiles, None, max_nodes=300_000)
    if py.status == "solved" and c.status == "solved":
        assert (py.moves, py.nodes, py.bound) == (c.moves, c.nodes, c.bound)
        assert replay(w, h, tiles, py.moves) == goal(w, h)


def small_partition(w, h):
    """Groups of 3 tiles, quick to build in Python (for comparing engines)."""
    tiles = [t for g in pdb.partition(w, h) for t in g]
    return tuple(tuple(tiles[i:i + 3]) for i in range(0, len(tiles), 3))


@pytest.mark.parametrize("shape", [(4, 4), (3, 4), (5, 2)])
def test_python_database_build_equals_native(shape):
    w, h = shape
    patterns = small_partition(w, h)
    for p in patterns[:3]:
        data = pdb.build_python(w, h, p)
        assert len(data) == pdb.entries(w * h, len(p))
        assert 255 not in data
        if "native" in ENGINES:
            assert pdb.build(w, h, p, "native") == data


@pytest.mark.skipif("native" not in ENGINES, reason="the C engine is not built")
@settings(deadline=None, max_examples=15)
@given(st.integers(0, 10**6), st.sampled_from([(4, 4), (3, 4)]), st.integers(20, 40))
def test_engines_agree_with_databases(seed, shape, steps):
    w, h = shape
    pset = pdb.load(w, h, small_partition(w, h), engine="python")
    tiles = walk(w, h, steps, random.Random(seed))
    py = ida.search(w, h, tiles, pdb.PatternHeuristic(pset), max_nodes=200_000)
    c = ida.run(native.module("native"), w, h, tiles, pset, max_nodes=200_000)
    if py.status == "solved" and c.status == "solved":
        assert (py.moves, py.nodes, py.bound) == (c.moves, c.nodes, c.bound)
        assert replay(w, h, tiles, py.moves) == goal(w, h)
    # Manhattan + LC finds the same moves (the first optimal in move order)
    m = ida.search(w, h, tiles, heuristic.ManhattanLC(w, h), max_nodes=200_000)
    if m.status == "solved" and py.status == "solved":
        assert m.moves == py.moves


def bound(pset, tiles) -> int:
    return pdb.PatternHeuristic(pset).start(list(tiles))


def test_databases_are_admissible_and_mirror_helps():
    pset = pdb.load(4, 4, small_partition(4, 4), engine="python")
    rng = random.Random(11)
    for _ in range(6):
        tiles = walk(4, 4, 24, rng)
        r = ida.search(4, 4, tiles, heuristic.ManhattanLC(4, 4), max_nodes=500_000)
        if r.status == "solved":
            assert bound(pset, tiles) <= len(r.moves)
    # the reflection of a position has the same distance: the mirror's bound of
    # one is the direct bound of the other
    cells, names = pdb.mirror_maps(4)
    tiles = walk(4, 4, 30, rng)
    mirrored = [0] * 16
    for c, t in enumerate(tiles):
        mirrored[cells[c]] = names[t]
    flat = pdb.PatternSet(4, 4, pset.patterns, pset.tables, False)
    both = bound(pset, tiles)
    assert both == max(bound(flat, tiles), bound(flat, mirrored))
    assert both == bound(pset, mirrored)


def test_partitions():
    for w in range(2, 9):
        for h in range(2, 9):
            n = w * h
            if not 10 <= n <= 16:
                with pytest.raises(ValueError):
                    pdb.partition(w, h)
                continue
            groups = pdb.partition(w, h)
            flat = sorted(t for g in groups for t in g)
            assert flat == list(range(1, n))
            assert all(1 <= len(g) <= 6 for g in groups)
            for g in groups:  # compact: each group's goal cells are connected
                cells = {t - 1 for t in g}
                seen, todo = set(), [min(cells)]
                while todo:
                    c = todo.pop()
                    if c in seen:
                        continue
                    seen.add(c)
                    todo += [d for d in movable_cells(w, h, c) if d in cells]
                assert seen == cells, (w, h, g)
    assert sorted(map(len, pdb.partition(4, 4))) == [3, 6, 6]  # 6-6-3, each group compact (above)
    for (w, h), groups in pdb.LARGE.items():
        assert sorted(t for g in groups for t in g) == list(range(1, w * h))
        assert pdb.memory_needed(w, h, groups, "python") >= pdb.nbytes(w, h, groups) < 300_000_000


def test_database_files_checked_and_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    patterns = ((13, 14, 15), (11, 12))
    seen = []
    first = pdb.load(4, 4, patterns, engine="python",
                     progress=lambda count, pct, phase: seen.append((phase, pct)))
    assert first.built and {p for p, _ in seen} == {"building"} and seen[-1][1] == 100
    names = sorted(f.name for f in tmp_path.iterdir())
    assert names == ["sliding-pdb-4x4-11.12-v1.bin", "sliding-pdb-4x4-13.14.15-v1.bin"]
    # a new process loads them without building
    monkeypatch.setattr(pdb, "_loaded", {})
    again = pdb.load(4, 4, patterns, engine="python", allow_build=False)
    assert again.tables == first.tables and not again.built
    # truncated: not trusted, built again
    path = tmp_path / names[1]
    path.write_bytes(path.read_bytes()[:-10])
    monkeypatch.setattr(pdb, "_loaded", {})
    assert pdb.load(4, 4, patterns, engine="python", allow_build=False) is None
    rebuilt = pdb.load(4, 4, patterns, engine="python")
    assert rebuilt.built and rebuilt.tables == first.tables


def test_python_engine_without_databases(tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    assert pdb.load(4, 4, engine="python") is None
    # the solve goes on with Manhattan + linear conflicts
    a = solver.solve(4, 4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15), engine="python")
    assert (a.method, a.moves, a.optimal) == ("manhattan", [15], True)


# -- limits, progress, cancel -----------------------------------------------------------
HARD = (13, 6, 8, 12, 15, 14, 0, 10, 11, 7, 4, 5, 9, 1, 3, 2)  # Korf #1: 57 moves


@pytest.mark.parametrize("engine", ENGINES)
def test_node_limit_gives_labelled_answer(engine, monkeypatch, tmp_path):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))  # no databases
    monkeypatch.setattr(pdb, "_loaded", {})
    monkeypatch.setattr(pdb, "load", lambda *a, **k: None)
    a = solver.solve(4, 4, HARD, max_nodes=2000, engine=engine)
    d = a.to_dict()
    assert (d["status"], d["optimal"], d["method"], d["limit"]) == ("solved", False, "construct", "nodes")
    assert replay(4, 4, HARD, a.moves) == goal(4, 4)
    assert heuristic.estimate(4, 4, HARD) <= d["lower_bound"] <= 57 <= d["length"]
    assert d["lower_bound"] % 2 == 57 % 2
    assert d["summary"].startswith(f"Solved in {d['length']} moves, not proven shortest: "
                                   f"at least {d['lower_bound']} needed")


@pytest.mark.parametrize("engine", ENGINES)
def test_time_limit_on_a_big_board(engine):
    tiles = walk(6, 6, 400, random.Random(2))
    cpu = time.process_time()
    a = solver.solve(6, 6, tiles, max_seconds=0.3, engine=engine)
    cpu = time.process_time() - cpu
    assert a.status == "solved" and a.limit == "seconds" and a.method == "construct"
    assert not a.optimal and a.length >= a.lower_bound >= heuristic.estimate(6, 6, tiles)
    assert replay(6, 6, tiles, a.moves) == goal(6, 6)
    assert a.seconds < 2 or cpu < 2  # in CPU seconds when a busy machine kept it waiting for a core


def test_limit_status_when_no_solution_at_all(monkeypatch):
    monkeypatch.setattr(solver, "_construct", lambda *args: None)
    tiles = walk(5, 5, 300, random.Random(4))
    a = solver.solve(5, 5, tiles, max_nodes=5000, engine="python")
    d = a.to_dict()
    assert (d["status"], d["moves"], d["length"], d["optimal"], d["limit"]) == (
        "limit", [], None, False, "nodes")
    assert d["lower_bound"] >= heuristic.estimate(5, 5, tiles)
    assert "No solution found" in d["summary"] and "node limit" in d["summary"]


def test_memory_limit():
    a = solver.solve(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6), max_bytes=1000)
    assert (a.status, a.limit, a.moves) == ("limit", "memory", [])
    # room for the search but not the databases: no databases are loaded
    tiles = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)
    b = solver.solve(4, 4, tiles, max_bytes=solver.SEARCH_BYTES + 100_000)
    assert (b.method, b.moves) == ("manhattan", [15])


@pytest.mark.parametrize("engine", ENGINES)
def test_progress_reports_and_a_raising_callback_stops(engine, monkeypatch):
    monkeypatch.setattr(ida, "REPORT_EVERY", 0.0)
    # one search of the whole 0.3 s, not the anytime search's passes: the C
    # engine reports every 50 ms of a pass, and on a loaded machine every pass
    # could be shorter than that (CI failed so, 1 run in 3)
    monkeypatch.setattr(solver, "ANYTIME_NODES", 10 ** 12)
    tiles = walk(5, 5, 300, random.Random(8))
    calls = []

    def record(count, depth, phase):
        calls.append((count, depth, phase))

    solver.solve(5, 5, tiles, max_seconds=0.3, max_nodes=10 ** 11, progress=record, engine=engine)
    assert calls and all(phase == "search" for _, _, phase in calls)
    assert [c for c, _, _ in calls] == sorted(c for c, _, _ in calls)

    class Stop(Exception):
        pass

    def cancel(count, depth, phase):
        raise Stop

    with pytest.raises(Stop):
        solver.solve(5, 5, tiles, progress=cancel, engine=engine)


# -- hints, answers, errors -----------------------------------------------------------------
def test_hints():
    h = solver.hint(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6))
    assert h["tile"] == 4 and h["length"] == 8 and h["optimal"]
    assert h["distances"] == {5: 9, 7: 9, 3: 9, 4: 7}
    assert h["summary"] == "Move tile 4: then 7 moves to go"
    done = solver.hint(3, 3, goal(3, 3))
    assert done["tile"] is None and done["length"] == 0 and done["summary"] == "Already solved"
    bad = solver.hint(2, 2, (2, 1, 3, 0))
    assert bad["status"] == "unsolvable" and bad["tile"] is None
    big = solver.hint(4, 4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15), engine="python")
    assert big["tile"] == 15 and "distances" not in big


def test_answer_fields():
    d = solver.solve(3, 3, (1, 2, 3, 4, 5, 6, 7, 8, 0)).to_dict()
    assert set(d) == {"kind", "status", "moves", "length", "optimal", "lower_bound", "nodes",
                      "seconds", "engine", "method", "limit", "width", "height", "summary",
                      "distances"}
    assert (d["kind"], d["length"], d["summary"]) == ("sliding", 0, "Already solved: 0 moves")
    big = solver.solve(5, 5, tuple(range(1, 25)) + (0,)).to_dict()
    assert "distances" not in big and big["length"] == 0 and big["optimal"]
    one = solver.solve(4, 4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15), engine="python")
    assert one.summary().startswith("Solved in 1 move, shortest possible; ")


def test_bad_requests():
    with pytest.raises(solver.SolverError, match="width must be 2 to 8"):
        solver.solve(9, 2, range(18))
    with pytest.raises(solver.SolverError, match="each of 0 to 8 once"):
        solver.solve(3, 3, (1, 1, 2, 3, 4, 5, 6, 7, 0))
    with pytest.raises(solver.SolverError, match="max_seconds"):
        solver.solve(3, 3, goal(3, 3), max_seconds=0)
    with pytest.raises(solver.SolverError, match="max_nodes"):
        solver.solve(3, 3, goal(3, 3), max_nodes=0)
    with pytest.raises(native.EngineError):
        solver.solve(3, 3, goal(3, 3), engine="fast")
    assert issubclass(solver.SolverError, ValueError)


def test_engine_switch(monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_NO_NATIVE", "1")
    assert native.module("auto") is None and native.engine_name() == "python"
    assert solver.solve(3, 3, goal(3, 3)).engine == "python"
    monkeypatch.delenv("ROTATION_PLAYGROUND_NO_NATIVE")
    assert native.engine_name() == ("native" if native.available() else "python")
    monkeypatch.setattr(native, "_native", None)
    with pytest.raises(native.EngineError, match="not built"):
        solver.solve(3, 3, goal(3, 3), engine="native")


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 10**6),
       st.sampled_from([(2, 2), (3, 3), (2, 4), (4, 2), (3, 4), (2, 5), (5, 5), (8, 8)]),
       st.sampled_from(ENGINES))
def test_every_answer_replays(seed, shape, engine):
    # (4 x 4, whose databases take seconds to build, in test_sliding_solver_korf.py)
    w, h = shape
    rng = random.Random(seed)
    tiles = walk(w, h, rng.randrange(0, 60 if w * h > 9 else 200), rng)
    if rng.random() < 0.3:  # some unsolvable ones too
        tiles = list(tiles)
        a, b = [i for i, t in enumerate(tiles) if t][:2]
        tiles[a], tiles[b] = tiles[b], tiles[a]
    ans = solver.solve(w, h, tiles, engine=engine, max_nodes=20_000, max_seconds=2)
    if ans.status == "unsolvable":
        assert not solvable(w, tiles)
        return
    assert ans.status == "solved"
    assert replay(w, h, tiles, ans.moves) == goal(w, h)
    assert ans.lower_bound is not None and ans.length >= ans.lower_bound
    if ans.optimal:
        assert ans.length == ans.lower_bound
    if table.fits(w, h):
        assert ans.optimal and ans.length == table.distance(w, h, tiles)


def test_large_databases_used_only_once_built(tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    small = small_partition(4, 4)
    monkeypatch.setattr(pdb, "LARGE", {(4, 4): small})
    real_load = pdb.load
    calls = recorded_loads(monkeypatch, pdb)
    tiles = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)
    # not built: the default partition (which the Python engine does not build here)
    assert pdb.built_larger(4, 4) == []
    a = solver.solve(4, 4, tiles, engine="python")
    assert calls == [(pdb.partition(4, 4), True)] and a.method == "manhattan"
    # once built, the large ones are used and never rebuilt by a solve
    real_load(4, 4, small, engine="python")
    assert pdb.built_larger(4, 4) == [small]
    calls.clear()
    b = solver.solve(4, 4, tiles, engine="python")
    assert calls == [(small, False)] and (b.method, b.moves) == ("pdb", [15])


@pytest.mark.skipif("native" not in ENGINES, reason="the C engine is not built")
@pytest.mark.parametrize("max_nodes", [1, 2, 5, 1000, 1024, 1025, 4321])
def test_node_limit_is_exact_in_both_engines(max_nodes):
    tiles = walk(4, 4, 60, random.Random(12))
    py = ida.search(4, 4, tiles, heuristic.ManhattanLC(4, 4), max_nodes=max_nodes)
    c = ida.run(native.module("native"), 4, 4, tiles, None, max_nodes=max_nodes)
    assert (py.status, py.nodes, py.bound) == (c.status, c.nodes, c.bound)
    assert py.status == "limit-nodes" and py.nodes == max_nodes


@pytest.mark.parametrize("engine", ENGINES)
def test_solve_reports_building_then_search(engine, tmp_path, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    monkeypatch.setattr(ida, "REPORT_EVERY", 0.0)
    if engine == "python":  # small groups, which Python builds in a moment
        monkeypatch.setattr(pdb, "partition", lambda w, h: small_partition_of(w, h))
    phases = []
    # 4 x 3: 5 x 2 has had an exact table since, 4 x 3 one only when built ahead
    tiles = walk(4, 3, 40, random.Random(6))
    a = solver.solve(4, 3, tiles, engine=engine,
                     progress=lambda count, depth, phase: phases.append(phase))
    assert a.method == "pdb" and a.optimal and replay(4, 3, tiles, a.moves) == goal(4, 3)
    assert phases[0] == "building" and "building" in phases
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        pdb.file_name(4, 3, p) for p in pdb.partition(4, 3))


def small_partition_of(w, h):
    tiles = list(range(1, w * h))
    return tuple(tuple(tiles[i:i + 3]) for i in range(0, len(tiles), 3))


@pytest.mark.parametrize("engine", ENGINES)
def test_building_progress_is_one_rising_fraction_over_all_tables(engine, tmp_path, monkeypatch):
    """The web job and the CLI line show what the callback gives while the
    databases build: it must not start again at 0 for each table."""
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    # big enough for reports during the builds (C: 0.6 million entries; Python: 12 thousand)
    patterns = (pdb.partition(3, 4) if engine == "native"
                else ((8, 9), (1, 2, 3, 4), (5, 6, 7)))
    seen = []
    pset = pdb.load(3, 4, patterns, engine=engine,
                    progress=lambda count, percent, phase: seen.append((count, percent, phase)))
    total = sum(pdb.entries(12, len(p)) for p in patterns)
    assert pset.built and {phase for _, _, phase in seen} == {"building"}
    assert len(seen) > len(patterns)
    for (c0, p0, _), (c1, p1, _) in zip(seen, seen[1:]):
        assert c1 >= c0 and p1 >= p0, seen
    assert seen[-1][:2] == (total, 100)
    assert all(p < 100 for _, p, _ in seen[:-len(patterns)])  # 100 only when all are built


def test_cached_says_no_to_a_truncated_or_foreign_file(tmp_path, monkeypatch):
    """cached() decides what is at hand (the web's quick path, the larger
    4 x 4 set): a damaged file must count as missing, and be rebuilt."""
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    pattern = (13, 14, 15)
    first = pdb.load(4, 4, (pattern,), engine="python")
    path = tmp_path / pdb.file_name(4, 4, pattern)
    whole = path.read_bytes()
    monkeypatch.setattr(pdb, "_loaded", {})
    assert pdb.cached(4, 4, pattern)
    path.write_bytes(whole[:-1])  # truncated
    assert not pdb.cached(4, 4, pattern)
    path.write_bytes(b"X" * len(whole))  # the right size, not our file
    assert not pdb.cached(4, 4, pattern)
    path.write_bytes(whole + b"\0")  # something after the table
    assert not pdb.cached(4, 4, pattern)
    monkeypatch.setattr(pdb, "LARGE", {(4, 4): (pattern,)})
    path.write_bytes(whole[:-1])
    assert pdb.built_larger(4, 4) == []  # not the (damaged) larger set
    again = pdb.load(4, 4, (pattern,), engine="python")
    assert again.built and again.tables == first.tables
    assert path.read_bytes() == whole and pdb.cached(4, 4, pattern)
    monkeypatch.setattr(pdb, "_loaded", {})
    assert pdb.built_larger(4, 4) == [(pattern,)]


def test_one_python_parity_test_the_model_s(monkeypatch):
    """The solver asks the model (position.solvable) rather than keeping a
    second parity count of its own that could drift from it."""
    from webapp.sliding import position

    asked = []
    model = position.solvable

    def spy(width, tiles):
        asked.append((width, tuple(tiles)))
        return model(width, tiles)

    monkeypatch.setattr(position, "solvable", spy)
    swapped = (2, 1, 3, 4, 5, 6, 7, 8, 0)
    assert solver.solve(3, 3, swapped).status == "unsolvable" and asked == [(3, swapped)]
    with pytest.raises(ValueError, match="parity"):
        ida.search(3, 3, swapped, heuristic.ManhattanLC(3, 3))
    assert len(asked) == 2


def test_files_of_the_earlier_header_are_still_read_and_checked(tmp_path, monkeypatch):
    """Databases stored before the SHA-256 header (RPSLIDE1, blake2b) are
    still used, not built again (a 4 x 4 set takes seconds to build); their
    digest is still checked."""
    import hashlib

    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    data = bytes(range(256)) * 40
    old = b"RPSLIDE1" + hashlib.blake2b(data, digest_size=32).digest() + data
    cachedir.path("old.bin").parent.mkdir(parents=True, exist_ok=True)
    cachedir.path("old.bin").write_bytes(old)
    assert cachedir.looks_whole("old.bin", len(data))
    assert cachedir.load("old.bin", len(data)) == data
    cachedir.path("old.bin").write_bytes(old[:-1] + bytes([old[-1] ^ 1]))
    assert cachedir.load("old.bin", len(data)) is None
    # what is written now carries the new header, and reads back
    assert cachedir.store("new.bin", data)
    assert cachedir.path("new.bin").read_bytes()[:8] == cachedir.MAGIC == b"RPSLIDE2"
    assert cachedir.load("new.bin", len(data)) == data
    cachedir.path("new.bin").write_bytes(b"RPSLIDE9" + cachedir.path("new.bin").read_bytes()[8:])
    assert cachedir.load("new.bin", len(data)) is None and not cachedir.looks_whole("new.bin", len(data))



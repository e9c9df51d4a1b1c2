"""The C engine ``webapp._sliding`` (csrc/sliding.c) checked against plain
Python written here: breadth-first searches for its tables, a 0-1 BFS for its
pattern databases, and exact distances for its IDA* answers.

Skipped as a whole when the extension was not built (no C compiler when the
project was installed); the pure-Python engine is tested on its own.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

try:
    from webapp import _sliding as native
except ImportError:  # pragma: no cover - depends on the build
    native = None

pytestmark = pytest.mark.skipif(
    native is None, reason="webapp._sliding is not built (no C compiler at install time); "
                           "`make setup` or `pip install -e .` with gcc builds it")


# ---------------------------------------------------------------- helpers

def goal(w, h):
    return tuple(range(1, w * h)) + (0,)


def neighbours(w, h, cell):
    """Cells next to ``cell`` in MOVE ORDER: above, left, right, below."""
    r, c = divmod(cell, w)
    out = []
    if r > 0:
        out.append(cell - w)
    if c > 0:
        out.append(cell - 1)
    if c < w - 1:
        out.append(cell + 1)
    if r < h - 1:
        out.append(cell + w)
    return out


def rank(items, n):
    """The contract's rank: r_i = item_i - #{j < i: item_j < item_i} in mixed
    radix n, n-1, ... (lexicographic for a whole permutation)."""
    index = 0
    for i, x in enumerate(items):
        index = index * (n - i) + x - sum(1 for y in items[:i] if y < x)
    return index


def slide(w, h, tiles, tile):
    """The position after ``tile`` slides into the hole (it must be next to it)."""
    board = list(tiles)
    hole, cell = board.index(0), board.index(tile)
    assert cell in neighbours(w, h, hole), f"tile {tile} is not next to the hole"
    board[hole], board[cell] = tile, 0
    return tuple(board)


def bfs_distances(w, h):
    """Distance to the goal of every reachable position, by a plain BFS."""
    start = goal(w, h)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        hole = p.index(0)
        for cell in neighbours(w, h, hole):
            q = slide(w, h, p, p[cell])
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def pdb_python(w, h, pattern):
    """The pattern database by a 0-1 BFS over (pattern cells, hole) from the
    goal with the hole home; moves of other tiles cost 0."""
    n = w * h
    start = (tuple(t - 1 for t in pattern), n - 1)
    best = {start: 0}
    queue = deque([start])
    table = [255] * math.perm(n, len(pattern))
    done = set()
    while queue:
        state = queue.popleft()
        if state in done:
            continue
        done.add(state)
        cells, hole = state
        d = best[state]
        i = rank(cells, n)
        table[i] = min(table[i], d)
        for cell in neighbours(w, h, hole):
            if cell in cells:
                j = cells.index(cell)
                new, cost = (cells[:j] + (hole,) + cells[j + 1:], cell), 1
            else:
                new, cost = (cells, cell), 0
            if d + cost < best.get(new, 1 << 30):
                best[new] = d + cost
                (queue.appendleft if cost == 0 else queue.append)(new)
    return bytes(table)


_TABLES = {}


def table(w, h):
    if (w, h) not in _TABLES:
        _TABLES[w, h] = native.bfs_table(w, h)
    return _TABLES[w, h]


def distance(w, h, tiles):
    return table(w, h)[rank(tiles, w * h)]


def first_optimal(w, h, tiles):
    """The first shortest solution in move order, read off the exact table:
    at each step the first tile (above, left, right, below; never the one
    just moved) whose move brings the goal one move closer."""
    moves, last = [], None
    while tiles != goal(w, h):
        d = distance(w, h, tiles)
        for cell in neighbours(w, h, tiles.index(0)):
            t = tiles[cell]
            nxt = slide(w, h, tiles, t)
            if t != last and distance(w, h, nxt) == d - 1:
                moves.append(t)
                tiles, last = nxt, t
                break
    return moves


def replay(w, h, tiles, moves):
    for t in moves:
        tiles = slide(w, h, tiles, t)
    return tiles


def solvable_positions(w, h):
    """A strategy of random solvable positions of a w x h board."""
    n = w * h
    return st.permutations(range(n)).map(tuple).filter(lambda t: distance(w, h, t) != 255)


PDBS_3X3 = ((1, 2, 3, 4), (5, 6, 7, 8))
PDBS_2X4 = ((1, 2, 5, 6), (3, 4, 7))


def pdbs(w, h, patterns):
    return [(p, native.pdb_build(w, h, p)) for p in patterns]


HARD_4X4 = bytes([13, 6, 8, 12, 15, 14, 0, 10, 11, 7, 4, 5, 9, 1, 3, 2])  # Korf #1: 57 moves


# ---------------------------------------------------------------- bfs_table

@pytest.mark.parametrize("w,h", [(2, 2), (2, 3), (3, 2), (2, 4)])
def test_bfs_table_matches_a_python_bfs(w, h):
    n = w * h
    dist = bfs_distances(w, h)
    got = native.bfs_table(w, h)
    assert len(got) == math.factorial(n)
    assert sum(1 for d in got if d != 255) == len(dist) == math.factorial(n) // 2
    for p, d in dist.items():
        assert got[rank(p, n)] == d


def test_bfs_table_3x3_counts():
    t = native.bfs_table(3, 3)
    assert len(t) == 362_880
    reachable = [d for d in t if d != 255]
    assert len(reachable) == 181_440
    assert max(reachable) == 31
    assert reachable.count(31) == 2        # the two hardest 8-puzzle positions
    assert t[rank(goal(3, 3), 9)] == 0


def test_spec_distances_from_the_table():
    assert distance(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6)) == 8
    assert distance(3, 3, (3, 7, 8, 5, 4, 6, 2, 0, 1)) == 27


# ---------------------------------------------------------------- pdb_build

@pytest.mark.parametrize("w,h,pattern", [
    (2, 2, (1,)), (2, 2, (3, 1)), (3, 3, (1, 2)), (3, 3, (2, 4)), (3, 3, (8, 5, 7)),
    (2, 3, (1, 5)), (3, 2, (1, 2, 3)), (2, 4, (2, 3, 7)), (4, 3, (11,)), (4, 4, (15, 12)),
])
def test_pdb_build_matches_a_python_0_1_bfs(w, h, pattern):
    assert native.pdb_build(w, h, pattern) == pdb_python(w, h, pattern)


def test_pdb_of_every_tile_is_the_exact_distance():
    """With all tiles in the pattern the hole has one place: entries are the
    true distances (indexed by the tiles' cells, not the tuple)."""
    pattern = tuple(range(1, 9))
    db = native.pdb_build(3, 3, pattern)
    rng = random.Random(5)
    checked = 0
    while checked < 300:
        p = tuple(rng.sample(range(9), 9))
        if distance(3, 3, p) != 255:
            assert db[rank([p.index(t) for t in pattern], 9)] == distance(3, 3, p)
            checked += 1


def test_pdb_build_4x4_three_tiles():
    db = native.pdb_build(4, 4, (13, 14, 15))
    assert len(db) == 16 * 15 * 14
    assert db[rank((12, 13, 14), 16)] == 0
    assert 255 not in db                   # every placement is reachable
    assert db == pdb_python(4, 4, (13, 14, 15))


def test_pdb_build_reports_progress_and_stops_when_it_raises():
    calls = []
    db = native.pdb_build(4, 4, (1, 2, 3), lambda done, percent: calls.append((done, percent)))
    assert calls[-1] == (len(db), 100)

    def stop(done, percent):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        native.pdb_build(3, 3, (1, 2), stop)   # the final report raises at least


def test_pdb_build_stops_within_a_report_when_the_callback_raises():
    """A 5-tile 4 x 4 database takes a good part of a second: the first
    report (after ~50 ms) ends it."""
    calls = []

    def stop(done, percent):
        calls.append(time.perf_counter())
        raise RuntimeError("cancelled")

    began = time.perf_counter()
    with pytest.raises(RuntimeError, match="cancelled"):
        native.pdb_build(4, 4, (1, 2, 3, 4, 5), stop)
    assert len(calls) == 1
    assert calls[0] - began < 1.0


# ---------------------------------------------------------------- ida

def test_spec_positions():
    status, moves, nodes, bound = native.ida(3, 3, bytes([1, 5, 2, 7, 0, 3, 8, 4, 6]))
    assert (status, len(moves), bound) == ("solved", 8, 8)
    assert replay(3, 3, (1, 5, 2, 7, 0, 3, 8, 4, 6), moves) == goal(3, 3)
    start = (3, 7, 8, 5, 4, 6, 2, 0, 1)
    for patterns in ((), pdbs(3, 3, PDBS_3X3)):
        status, moves, nodes, bound = native.ida(3, 3, bytes(start), patterns, bool(patterns))
        assert (status, len(moves), bound) == ("solved", 27, 27)
        assert moves == first_optimal(3, 3, start)


def test_node_count_definition():
    """A node is one call of the search: the root, and every child, also one
    cut off by the bound. One move from the goal (bound 1): the root, tile 5
    (f = 3, cut), tile 7 (f = 3, cut), tile 8 (the goal): 4 nodes."""
    assert native.ida(3, 3, bytes(goal(3, 3))) == ("solved", [], 1, 0)
    assert native.ida(3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 0, 8])) == ("solved", [8], 4, 1)


@settings(max_examples=60, deadline=None)
@given(solvable_positions(3, 3))
def test_ida_3x3_is_optimal_and_first_in_move_order(tiles):
    want = first_optimal(3, 3, tiles)
    for patterns, mirror in (((), False), (pdbs_3x3(), True), (pdbs_3x3(), False)):
        status, moves, nodes, bound = native.ida(3, 3, bytes(tiles), patterns, mirror)
        assert status == "solved"
        assert moves == want and bound == len(want)
        assert replay(3, 3, tiles, moves) == goal(3, 3)
        assert nodes >= 1


@settings(max_examples=40, deadline=None)
@given(solvable_positions(2, 4))
def test_ida_2x4_is_optimal_and_first_in_move_order(tiles):
    want = first_optimal(2, 4, tiles)
    for patterns in ((), pdbs_2x4()):
        status, moves, nodes, bound = native.ida(2, 4, list(tiles), patterns)
        assert (status, moves, bound) == ("solved", want, len(want))
        assert replay(2, 4, tiles, moves) == goal(2, 4)


@settings(max_examples=30, deadline=None)
@given(solvable_positions(4, 2))
def test_ida_4x2_manhattan(tiles):
    status, moves, nodes, bound = native.ida(4, 2, bytes(tiles))
    assert (status, moves) == ("solved", first_optimal(4, 2, tiles))


_PDB_CACHE = {}


def pdbs_3x3():
    if "3x3" not in _PDB_CACHE:
        _PDB_CACHE["3x3"] = pdbs(3, 3, PDBS_3X3)
    return _PDB_CACHE["3x3"]


def pdbs_2x4():
    if "2x4" not in _PDB_CACHE:
        _PDB_CACHE["2x4"] = pdbs(2, 4, PDBS_2X4)
    return _PDB_CACHE["2x4"]


def test_ida_accepts_tables_as_any_buffer():
    start = bytes([3, 7, 8, 5, 4, 6, 2, 0, 1])
    plain = native.ida(3, 3, start, pdbs_3x3(), True)
    views = [(p, memoryview(bytearray(t))) for p, t in pdbs_3x3()]
    assert native.ida(3, 3, start, views, True) == plain
    assert native.ida(3, 3, list(start), views, mirror=True) == plain


def test_4x4_with_a_partial_pattern_set_still_checks_the_goal():
    """Patterns that leave tiles out: h = 0 is not the goal yet."""
    tiles = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)
    patterns = [((1, 2, 3), native.pdb_build(4, 4, (1, 2, 3)))]
    status, moves, nodes, bound = native.ida(4, 4, bytes(tiles), patterns)
    assert (status, moves, bound) == ("solved", [15], 1)


def test_a_15_puzzle_with_small_databases():
    """Korf's easiest positions are within reach of 3-tile databases."""
    tiles = (1, 2, 3, 4, 5, 6, 7, 8, 0, 10, 11, 12, 9, 13, 14, 15)  # 4 moves
    groups = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)]
    patterns = [(p, native.pdb_build(4, 4, p)) for p in groups]
    for mirror in (False, True):
        status, moves, nodes, bound = native.ida(4, 4, bytes(tiles), patterns, mirror)
        assert (status, moves, bound) == ("solved", [9, 13, 14, 15], 4)
    assert native.ida(4, 4, bytes(tiles))[:2] == ("solved", [9, 13, 14, 15])


# ---------------------------------------------------------------- limits

def test_node_limit_is_exact_and_bound_is_proven():
    status, moves, nodes, bound = native.ida(4, 4, HARD_4X4, max_nodes=10_000)
    assert (status, moves, nodes) == ("limit-nodes", [], 10_000)
    assert 41 <= bound <= 57                # Manhattan + conflicts start, optimum 57
    again = native.ida(4, 4, HARD_4X4, max_nodes=10_000, start_bound=bound)
    assert again[0] == "limit-nodes" and again[3] >= bound


def test_a_solution_within_the_node_limit_is_solved():
    nodes = native.ida(3, 3, bytes([3, 7, 8, 5, 4, 6, 2, 0, 1]))[2]
    assert native.ida(3, 3, bytes([3, 7, 8, 5, 4, 6, 2, 0, 1]), max_nodes=nodes)[0] == "solved"
    limited = native.ida(3, 3, bytes([3, 7, 8, 5, 4, 6, 2, 0, 1]), max_nodes=nodes - 1)
    assert limited[0] == "limit-nodes" and limited[2] == nodes - 1


def test_time_limit():
    began, cpu = time.perf_counter(), time.process_time()
    status, moves, nodes, bound = native.ida(4, 4, HARD_4X4, max_seconds=0.1)
    took, cpu = time.perf_counter() - began, time.process_time() - cpu
    assert status == "limit-seconds" and moves == []
    # (unlimited, it takes minutes); in CPU seconds when a busy machine kept it waiting for a core
    assert took >= 0.1 and (took < 1.5 or cpu < 1.5)
    assert nodes > 1000 and bound <= 57


def test_start_bound_resumes():
    start = bytes([3, 7, 8, 5, 4, 6, 2, 0, 1])
    full = native.ida(3, 3, start)
    resumed = native.ida(3, 3, start, start_bound=27)
    assert resumed[:2] == full[:2] and resumed[3] == 27
    assert resumed[2] < full[2]


def test_progress_is_called_with_nodes_and_bound_and_may_stop_the_search():
    calls = []

    def record(nodes, bound):
        calls.append((time.perf_counter(), nodes, bound))

    native.ida(4, 4, HARD_4X4, max_seconds=0.3, progress=record)
    assert 1 <= len(calls) <= 7              # ~5; fewer when the machine is busy
    assert all(b - a >= 0.045 for (a, _, _), (b, _, _) in zip(calls, calls[1:]))
    assert [n for _, n, _ in calls] == sorted(n for _, n, _ in calls)
    assert all(41 <= b <= 57 for _, _, b in calls)

    class Cancelled(Exception):
        pass

    def cancel(nodes, bound):
        raise Cancelled(nodes)

    began = time.perf_counter()
    with pytest.raises(Cancelled):
        native.ida(4, 4, HARD_4X4, progress=cancel)
    assert time.perf_counter() - began < 1.0


def test_the_gil_is_released_while_searching():
    ticks = 0
    done = threading.Event()

    def run():
        native.ida(4, 4, HARD_4X4, max_seconds=0.3)
        done.set()

    thread = threading.Thread(target=run)
    thread.start()
    while not done.is_set():
        ticks += 1
    thread.join()
    assert ticks > 10_000


# ---------------------------------------------------------------- arguments

def _lying_tables(w, h):
    n = w * h
    out = []
    for t in range(1, n):
        table = bytearray(n)
        table[t - 1] = 254
        out.append(((t,), bytes(table)))
    return out


@pytest.mark.parametrize("call,message", [
    (lambda: native.bfs_table(1, 3), "out of range"),
    (lambda: native.bfs_table(3, 9), "out of range"),
    (lambda: native.bfs_table(4, 4), "at most 10 cells"),
    (lambda: native.pdb_build(4, 4, ()), "empty"),
    (lambda: native.pdb_build(4, 4, (0, 1)), "outside 1..15"),
    (lambda: native.pdb_build(4, 4, (16,)), "outside 1..15"),
    (lambda: native.pdb_build(4, 4, (1, 2, 1)), "twice"),
    (lambda: native.pdb_build(4, 4, tuple(range(1, 16))), "too large"),
    (lambda: native.pdb_build(8, 8, (1, 2, 3, 4, 5, 6)), "too large"),
    (lambda: native.pdb_build(9, 2, (1,)), "out of range"),
    (lambda: native.ida(3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 8])), "8 entries"),
    (lambda: native.ida(3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 8, 0, 0])), "at most 9"),
    (lambda: native.ida(3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 8, 8])), "twice"),
    (lambda: native.ida(3, 3, bytes([1, 2, 3, 4, 5, 6, 7, 8, 9])), "outside 0..8"),
    (lambda: native.ida(3, 3, [1, 2, 3, 4, 5, 6, 8, 7, 0]), "parity"),
    (lambda: native.ida(3, 3, [1, 2, 3, 4, 5, 6, -7, 8, 0]), "outside 0..8"),
    (lambda: native.ida(2, 3, bytes(goal(2, 3)), mirror=True), "square"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), [((1, 2), b"\0" * 71)]), "72 expected"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), [((1, 2), b"\0" * 72), ((2,), b"\0" * 9)]),
     "twice"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), [((1, 2),)]), "(pattern, table)"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), max_nodes=-1), "max_nodes"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), max_seconds=-1.0), "max_seconds"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), max_seconds=float("nan")), "max_seconds"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), start_bound=-1), "start_bound"),
    (lambda: native.ida(3, 3, bytes(goal(3, 3)), start_bound=10**6), "start_bound"),
    # 64! / 45! entries overflow the count: it must not pass for an empty table
    (lambda: native.ida(8, 8, bytes(goal(8, 8)), [(tuple(range(1, 20)), b"")]), "too large"),
    (lambda: native.ida(4, 4, bytes(goal(4, 4)), [(tuple(range(1, 11)), b"")]), "too large"),
    # tables that claim 254 moves for each tile at home and 0 once it left:
    # a first bound of 63 * 254 would have walked the path past its buffer
    (lambda: native.ida(8, 8, bytes(goal(8, 8)), _lying_tables(8, 8)), "bound 16002 over"),
])
def test_bad_arguments_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        native.ida(3, 3, bytes(goal(3, 3)), progress=5)
    with pytest.raises(TypeError):
        native.pdb_build(3, 3, (1,), "not callable")
    with pytest.raises(TypeError):
        native.ida(3, 3, ["1"] * 9)
    with pytest.raises(TypeError):
        native.ida("3", 3, bytes(goal(3, 3)))
    with pytest.raises(TypeError, match="pattern must be a sequence"):
        native.ida(3, 3, bytes(goal(3, 3)), [(1, 2)])
    with pytest.raises(TypeError, match="pdbs must be"):
        native.ida(3, 3, bytes(goal(3, 3)), 5)


def test_keyword_arguments_and_none_for_no_limit():
    assert native.ida(width=3, height=3, tiles=bytes(goal(3, 3)), pdbs=None, mirror=False,
                      max_nodes=None, max_seconds=None, progress=None, start_bound=0) \
        == ("solved", [], 1, 0)
    assert native.pdb_build(width=2, height=2, pattern=[3], progress=None) == b"\x01\x02\x00\x01"


def test_version_and_depth_constants():
    assert native.VERSION == 3             # 3: half_table, and bfs_table up to 10 cells
    assert native.MAX_DEPTH >= 1200        # above any 8 x 8 start's estimate

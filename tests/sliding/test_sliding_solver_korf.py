"""4 x 4 answers equal the known optimum on a sample of Korf's 100 positions.

The 4 x 4 pattern databases (6-6-3, 11.5 MB) are built once for this
module by the C engine into a directory of its own (``ROTATION_PLAYGROUND_CACHE``),
which takes some seconds (the run's shared cache is left to the other
tests: the ``sliding_databases`` fixture); the whole set of
100 is the benchmark's job (``benchmarks/sliding.py``). The Python engine
cannot build 6-tile databases in reasonable time, so it is checked on the
easy positions with the databases the C engine built.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.sliding import cachedir, ida, native, pdb, solver

SAMPLE = Path(__file__).parent / "data" / "korf-sample.txt"
GOAL = tuple(range(1, 16)) + (0,)

pytestmark = [pytest.mark.skipif(not native.available(),
                                 reason="the C engine is not built: 4 x 4 databases take it"),
              pytest.mark.slow]


def read_sample() -> list[tuple[tuple[int, ...], int]]:
    if not SAMPLE.exists():
        pytest.skip(f"{SAMPLE} is not there yet")
    out = []
    for line in SAMPLE.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            board, _, length = line.partition(":")
            out.append((tuple(int(t) for t in board.replace(",", " ").split()), int(length)))
    return out


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """The 4 x 4 databases, built in a cache directory of their own (timed)."""
    with pytest.MonkeyPatch.context() as mp:
        cache = tmp_path_factory.mktemp("korf-cache")
        mp.setenv("ROTATION_PLAYGROUND_CACHE", str(cache))
        for p in pdb.partition(4, 4):
            pdb._loaded.pop((4, 4, p), None)
            cachedir.path(pdb.file_name(4, 4, p)).unlink(missing_ok=True)
        phases = []
        began = time.perf_counter()
        pset = pdb.load(4, 4, engine="native",
                        progress=lambda count, pct, phase: phases.append((phase, pct)))
        built = time.perf_counter() - began
        for p in pdb.partition(4, 4):
            pdb._loaded.pop((4, 4, p), None)
        began = time.perf_counter()
        again = pdb.load(4, 4, engine="native", allow_build=False)
        loaded = time.perf_counter() - began
        print(f"\n4 x 4 pattern databases: built in {built:.1f} s, loaded in {loaded:.3f} s")
        yield {"pset": again, "built": built, "loaded": loaded, "phases": phases,
               "first": pset}


def test_databases_built_once_and_loaded_quickly(databases):
    assert databases["first"].built and not databases["pset"].built
    assert databases["pset"].tables == databases["first"].tables
    assert databases["pset"].nbytes == 2 * 5765760 + 3360
    assert databases["loaded"] < 1.0
    assert databases["built"] < 120
    assert {phase for phase, _ in databases["phases"]} == {"building"}
    assert databases["phases"][-1][1] == 100


def test_korf_sample_optimal(databases):
    sample = read_sample()
    assert len(sample) >= 5
    for tiles, expected in sample:
        a = solver.solve(4, 4, tiles, engine="native")
        assert (a.status, a.length, a.optimal, a.method) == ("solved", expected, True, "pdb")
        assert a.lower_bound == expected and a.nodes > 0
        assert replay(tiles, a.moves) == GOAL


def test_python_engine_agrees_on_easy_positions(databases):
    pset = databases["pset"]
    easy = []
    for tiles, expected in read_sample():
        c = ida.run(native.module("native"), 4, 4, tiles, pset, max_nodes=60_000)
        if c.status == "solved":
            easy.append((tiles, expected, c))
    rng = random.Random(4)
    for _ in range(3):  # and some positions of moderate depth
        tiles = walk(rng, 40)
        easy.append((tiles, None, ida.run(native.module("native"), 4, 4, tiles, pset)))
    for tiles, expected, c in easy[:6]:
        py = ida.search(4, 4, tiles, pdb.PatternHeuristic(pset))
        assert (py.status, py.moves, py.nodes, py.bound) == ("solved", c.moves, c.nodes, c.bound)
        assert expected is None or len(py.moves) == expected


def test_mirror_only_prunes(databases):
    pset = databases["pset"]
    flat = pdb.PatternSet(4, 4, pset.patterns, pset.tables, False)
    nat = native.module("native")
    for tiles, expected in sorted(read_sample(), key=lambda s: s[1])[:3]:
        with_mirror = ida.run(nat, 4, 4, tiles, pset)
        without = ida.run(nat, 4, 4, tiles, flat, max_nodes=50_000_000)
        assert with_mirror.moves == without.moves and len(with_mirror.moves) == expected
        assert with_mirror.nodes <= without.nodes


@settings(deadline=None, max_examples=30)
@given(st.integers(0, 10**6), st.integers(0, 80), st.sampled_from(["native", "python"]))
def test_4x4_answers_replay(databases, seed, steps, engine):
    tiles = walk(random.Random(seed), steps)
    a = solver.solve(4, 4, tiles, engine=engine,
                     max_nodes=200_000 if engine == "native" else 20_000)
    assert a.status == "solved" and replay(tiles, a.moves) == GOAL
    assert a.length >= a.lower_bound
    if a.optimal:
        assert a.length == a.lower_bound <= steps
    else:
        assert a.method == "construct" and a.limit == "nodes"


def walk(rng: random.Random, steps: int) -> tuple[int, ...]:
    board = list(GOAL)
    last = None
    for _ in range(steps):
        z = board.index(0)
        cells = [c for c in (z - 4, z - 1, z + 1, z + 4)
                 if 0 <= c < 16 and (c // 4 == z // 4 or c % 4 == z % 4) and board[c] != last]
        c = rng.choice(cells)
        last = board[c]
        board[z], board[c] = board[c], 0
    return tuple(board)


def replay(tiles, moves) -> tuple[int, ...]:
    board = list(tiles)
    for t in moves:
        z, c = board.index(0), board.index(t)
        assert abs(z // 4 - c // 4) + abs(z % 4 - c % 4) == 1
        board[z], board[c] = t, 0
    return tuple(board)

"""The exact distance tables past 9 cells: the 10-cell boards' byte tables
(built whole here, against the IDA* solver and their hardest positions),
and the compact two-bit tables of the 12-cell boards (``bigtable``).

Building a 12-cell table takes a minute, too long for every run: its code
is checked on small boards through the very same functions (the C
engine's ``half_table`` against its numpy twin ``pack`` (support/sliding_reference.py) made from the byte
tables, the numbering and the transposition), and the 12-cell numbering
by round trips. The 12-cell gallery entries are checked by IDA*
(test_sliding_model_gallery.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sliding_reference import distances, goal, pack, replay
from webapp.cli import main
from webapp.sliding import bigtable, cachedir, commandline, heuristic, ida, native, pdb, solver, table
from webapp.sliding.position import Position

NATIVE = "native" in native.engines()
needs_c = pytest.mark.skipif(not NATIVE, reason="the C engine is not built")
SETTINGS = settings(deadline=None, max_examples=60,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
SMALL = [s for s in table.SHAPES if s[0] * s[1] >= 4]


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def solvable(width: int, height: int):
    """Solvable positions of the shape, drawn uniformly."""
    return st.permutations(range(width * height)).map(lambda t: _solvable(Position(tuple(t), width)).tiles)


def _solvable(p: Position) -> Position:
    if p.solvable():
        return p
    t = list(p.tiles)
    a, b = [i for i, x in enumerate(t) if x][:2]
    t[a], t[b] = t[b], t[a]
    return Position(tuple(t), p.width)


# -- the 10-cell tables ---------------------------------------------------------
@pytest.mark.parametrize("shape", [(2, 5), (5, 2)])
def test_ten_cell_tables_farthest_and_size(shape):
    t = distances(*shape)
    assert len(t) == table.nbytes(*shape) == 3_628_800
    reachable = t[t != table.UNREACHABLE]
    assert len(reachable) == 1_814_400 and int(reachable.max()) == 55
    farthest = [table.unrank(10, int(r)) for r in np.flatnonzero(t == 55)]
    assert len(farthest) == 2
    for tiles in farthest:
        assert len(table.solve_path(*shape, tiles)) == 55
        assert replay(*shape, tiles, table.solve_path(*shape, tiles)) == goal(*shape)


@needs_c
def test_the_two_ten_cell_shapes_are_each_others_transpose():
    wide, tall = table.get(5, 2), table.get(2, 5)
    rng = random.Random(5)
    for r in rng.sample(range(len(wide)), 3000):
        tiles = table.unrank(10, r)
        assert wide[r] == tall[table.rank(bigtable.transpose(5, 2, tiles))]


@SETTINGS
@given(data=st.data())
def test_ten_cell_distances_agree_with_ida(data):
    shape = data.draw(st.sampled_from([(2, 5), (5, 2)]))
    tiles = data.draw(solvable(*shape))
    found = search(*shape, tiles)
    assert found.status == "solved"
    assert table.distance(*shape, tiles) == len(found.moves)
    answer = solver.solve(*shape, tiles)
    # the first shortest solution in move order, whichever way it is found
    assert answer.method == "table" and answer.moves == found.moves
    assert replay(*shape, tiles, answer.moves) == goal(*shape)
    after = answer.distances
    for tile, d in after.items():
        moved = Position(tiles, shape[0]).move(tile).tiles
        assert table.distance(*shape, moved) == d


# -- the compact layout, on small boards ------------------------------------------
@needs_c
@pytest.mark.parametrize("shape", SMALL, ids=lambda s: f"{s[0]}x{s[1]}")
def test_half_table_equals_its_numpy_twin(shape):
    data, layers, far = native.module("native").half_table(*shape)
    assert data == pack(*shape, table.get(*shape))
    assert len(data) == bigtable.nbytes(*shape)
    dist = distances(*shape)
    counts = np.bincount(dist[dist != table.UNREACHABLE])
    assert layers == [int(c) for c in counts]
    most = len(layers) - 1
    assert sorted(bigtable.tiles_at(*shape, i) for i in far) == sorted(
        table.unrank(shape[0] * shape[1], int(r)) for r in np.flatnonzero(dist == most))


@pytest.mark.parametrize("shape", [(3, 3), (4, 2), (2, 4), (3, 2)])
def test_index_and_residue_of_every_position(shape):
    w, h = shape
    dist = distances(w, h)
    data = pack(w, h, dist)
    seen = set()
    for r in np.flatnonzero(dist != table.UNREACHABLE):
        tiles = table.unrank(w * h, int(r))
        i = bigtable.index(w, h, tiles)
        assert 0 <= i < bigtable.entries(w, h) and i not in seen
        seen.add(i)
        assert bigtable.tiles_at(w, h, i) == tiles
        assert bigtable.residue(data, i) == dist[r] % 3


@SETTINGS
@given(data=st.data())
def test_twelve_cell_numbering_round_trips(data):
    shape = data.draw(st.sampled_from(bigtable.SHAPES))
    tiles = data.draw(solvable(*shape))
    i = bigtable.index(*shape, tiles)
    assert 0 <= i < bigtable.entries(*shape) == 239_500_800
    assert bigtable.tiles_at(*shape, i) == tiles
    if 0 not in tiles[-2:]:  # its unsolvable twin, the last two tiles swapped, shares the entry
        assert bigtable.index(*shape, tiles[:-2] + (tiles[-1], tiles[-2])) == i


@SETTINGS
@given(i=st.integers(0, 239_500_799), shape=st.sampled_from(bigtable.SHAPES))
def test_every_twelve_cell_entry_is_a_solvable_position(i, shape):
    tiles = bigtable.tiles_at(*shape, i)
    assert Position(tiles, shape[0]).solvable()
    assert bigtable.index(*shape, tiles) == i


@SETTINGS
@given(data=st.data())
def test_transpose_keeps_moves_and_the_goal(data):
    w, h = data.draw(st.sampled_from([(4, 3), (6, 2), (5, 2), (3, 2)]))
    tiles = data.draw(solvable(w, h))
    flipped = bigtable.transpose(w, h, tiles)
    assert bigtable.transpose(h, w, flipped) == tiles
    assert bigtable.transpose(w, h, goal(w, h)) == goal(h, w)
    assert Position(flipped, h).solvable()
    # a move on one board is a move on the other
    p = Position(tiles, w)
    for tile in p.movable():
        after = bigtable.transpose(w, h, p.move(tile).tiles)
        assert Position(flipped, h).move(flipped[after.index(0)]).tiles == after


@needs_c
@SETTINGS
@given(data=st.data())
def test_walks_read_the_byte_tables_answers(data):
    """On 2 x 5 (through 5 x 2's compact table, transposed) and 5 x 2."""
    shape = data.draw(st.sampled_from([(2, 5), (5, 2)]))
    tiles = data.draw(solvable(*shape))
    packed = _packed(5, 2)
    assert bigtable.solve_path(*shape, tiles, packed) == table.solve_path(*shape, tiles)
    assert bigtable.distance(*shape, tiles, packed) == table.distance(*shape, tiles)
    assert bigtable.distances_after(*shape, tiles, packed) == table.distances_after(*shape, tiles)


_PACKED: dict = {}


def _packed(w: int, h: int) -> bytes:
    if (w, h) not in _PACKED:
        _PACKED[w, h] = native.module("native").half_table(w, h)[0]
    return _PACKED[w, h]


# -- where the tables are built and used -------------------------------------------------
@pytest.fixture
def ten_as_twelve(tmp_path, monkeypatch):
    """2 x 5 and 5 x 2 stand in for the 12-cell shapes: a compact table and
    no byte table (the same code paths, built in a second)."""
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(bigtable, "SHAPES", ((5, 2), (2, 5)))
    monkeypatch.setattr(bigtable, "_loaded", {})
    monkeypatch.setattr(table, "SHAPES", tuple(s for s in table.SHAPES if s[0] * s[1] < 10))
    monkeypatch.setattr(pdb, "_loaded", {})
    return tmp_path


def test_a_solve_never_builds_a_compact_table(ten_as_twelve):
    tiles = walk(2, 5, 30, random.Random(3))
    answer = solver.solve(2, 5, tiles)
    assert answer.method == "pdb" and answer.optimal
    assert not bigtable.at_hand(2, 5) and bigtable.get(2, 5) is None
    assert not list(ten_as_twelve.glob("sliding-halftable-*"))


@needs_c
def test_solves_and_hints_read_a_built_table(ten_as_twelve):
    data = bigtable.get(2, 5, build_it=True)
    assert bigtable.at_hand(5, 2) and bigtable.at_hand(2, 5)
    assert [p.name for p in ten_as_twelve.glob("sliding-halftable-*.bin")] == ["sliding-halftable-5x2-v1.bin"]
    rng = random.Random(8)
    for shape in ((2, 5), (5, 2)):
        tiles = walk(*shape, 60, rng)
        answer = solver.solve(*shape, tiles, engine="python")
        searched = search(*shape, tiles)
        assert answer.method == "table" and answer.optimal and answer.nodes == 0
        assert answer.length == len(searched.moves) == bigtable.distance(*shape, tiles, data)
        assert replay(*shape, tiles, answer.moves) == goal(*shape)
        hint = solver.hint(*shape, tiles)
        assert hint["distances"] == bigtable.distances_after(*shape, tiles, data)
        assert hint["distances"][hint["tile"]] == answer.length - 1
    # a damaged file is not trusted: the solve searches again
    bigtable._loaded.clear()
    path = ten_as_twelve / "sliding-halftable-5x2-v1.bin"
    raw = bytearray(path.read_bytes())
    raw[-3] ^= 0x55
    path.write_bytes(bytes(raw))
    (ten_as_twelve / ("sliding-halftable-5x2-v1.bin" + cachedir.STAMP)).unlink(missing_ok=True)
    assert bigtable.get(5, 2) is None
    assert solver.solve(5, 2, walk(5, 2, 20, rng)).method == "pdb"


@needs_c
def test_prepare_large_builds_them_and_says_where(ten_as_twelve, monkeypatch, capsys):
    monkeypatch.setattr(commandline, "PREPARED_SIDES", ())
    monkeypatch.setattr(commandline, "LARGE_SHAPES", ((5, 2),))
    assert main(["prepare", "--kind", "sliding"]) == 0
    assert capsys.readouterr().out == "" and not bigtable.at_hand(5, 2)
    assert main(["prepare", "--kind", "sliding", "--large"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sliding: exact distance table for 5 x 2 and 2 x 5 (0.5 MB) kept in ")
    assert out.endswith(" s\n") and ", built in " in out and bigtable.at_hand(2, 5)
    assert main(["prepare", "--large"]) == 0
    assert capsys.readouterr().out.endswith(", built already\n")


def test_without_the_c_engine_prepare_large_says_so(ten_as_twelve, monkeypatch, capsys):
    monkeypatch.setattr(commandline, "PREPARED_SIDES", ())
    monkeypatch.setattr(commandline, "LARGE_SHAPES", ((5, 2),))
    monkeypatch.setenv("ROTATION_PLAYGROUND_NO_NATIVE", "1")
    assert main(["prepare", "--large"]) == 0
    assert capsys.readouterr().out == ("sliding: exact distance table for 5 x 2 not built: "
                                       "it needs the C engine\n")


def test_half_table_progress_and_errors():
    if not NATIVE:
        with pytest.raises(bigtable.TableError, match="C engine"):
            bigtable.build(3, 3)
        return
    seen = []
    data, layers, far = bigtable.build(3, 3, progress=lambda *a: seen.append(a))
    assert seen[-1] == (181_440, 31, "search") and len(far) == 2
    c = native.module("native")
    with pytest.raises(ValueError, match="at most 12 cells"):
        c.half_table(4, 4)

    def stop(done, depth):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        c.half_table(5, 2, stop)
    with pytest.raises(bigtable.TableError, match="12-cell"):
        bigtable.get(3, 3)


def search(w: int, h: int, tiles):
    """IDA* with Manhattan distance and linear conflicts, in C when built
    (the Python twin counts the same nodes, some 50 times slower)."""
    if NATIVE:
        return ida.run(native.module("native"), w, h, tiles, None)
    return ida.search(w, h, tiles, heuristic.ManhattanLC(w, h))


def walk(w: int, h: int, steps: int, rng: random.Random) -> tuple[int, ...]:
    p, last = Position.goal(w, h), None
    for _ in range(steps):
        last = rng.choice([t for t in p.movable() if t != last])
        p = p.move(last)
    return p.tiles

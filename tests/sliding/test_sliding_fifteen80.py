"""The 17 positions of the 15-puzzle that need 80 moves
(``benchmarks/fifteen80.txt``): the file parses, each position is solvable,
the set is closed under the goal's mirror, the conversion from the hole-first
goal is right, the gallery holds them all, and the solver takes the strongest
databases built (the 7-8 set, ``pdb.HUGE``, that pays on them) before the
others. Solving one takes the engine 30 to 190 s of CPU with the 6-6-3
databases a test run has (1 to 4 s with the 7-8 set, which takes up to an
hour to build), so their length of 80 is the benchmark's check
(``benchmarks/fifteen80.py``, benchmarks/README.md), not a test's."""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path

from sliding_reference import recorded_loads
from webapp.sliding import heuristic, pdb, position, solver
from webapp.sliding.textformat import parse

ROOT = Path(__file__).resolve().parents[2]
GOAL = tuple(range(1, 16)) + (0,)


def _module():
    spec = importlib.util.spec_from_file_location("fifteen80", ROOT / "benchmarks" / "fifteen80.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


F80 = _module()
POSITIONS = F80.read_positions()


def test_the_file_holds_17_distinct_solvable_positions_of_80_moves():
    assert len(POSITIONS) == 17
    assert len({tiles for tiles, _ in POSITIONS}) == 17
    for tiles, length in POSITIONS:
        assert sorted(tiles) == list(range(16)) and length == 80
        assert position.solvable(4, tiles)
        # every solution has the parity of the hole's distance from its corner,
        # and no admissible estimate passes the length
        row, col = divmod(tiles.index(0), 4)
        assert (80 - (3 - row) - (3 - col)) % 2 == 0
        assert heuristic.estimate(4, 4, tiles) <= 80


def test_the_header_cites_its_sources():
    head = (ROOT / "benchmarks" / "fifteen80.txt").read_text(encoding="utf-8").split("\n0 ")[0]
    for source in ("Gasser", "ZRAM", "tinker495/PuXle", "Stack Exchange", "Korf"):
        assert source in head


def test_the_set_is_its_own_mirror_and_the_comments_say_whose():
    tiles = [t for t, _ in POSITIONS]
    lines = [line for line in (ROOT / "benchmarks" / "fifteen80.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    for i, (t, line) in enumerate(zip(tiles, lines), 1):
        mirror = tiles.index(F80.transpose(t)) + 1
        said = re.search(r"# (\d+), (its own mirror|mirror of (\d+))$", line)
        assert said and int(said.group(1)) == i
        assert mirror == (i if said.group(2) == "its own mirror" else int(said.group(3)))
        assert F80.transpose(F80.transpose(t)) == t


def test_from_blank_first_gives_the_published_position_in_this_goal():
    # Gasser's position as an answer on Puzzling Stack Exchange gives it, for
    # the goal with the hole in the top-left corner
    gasser = (15, 14, 8, 12, 10, 11, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0)
    assert F80.from_blank_first(gasser) == POSITIONS[15][0]  # number 16, number 1's mirror
    assert F80.from_blank_first(range(16)) == GOAL
    assert F80.from_blank_first(F80.from_blank_first(gasser)) == gasser


def _slide(tiles, side=4):
    """Every position one move from ``tiles``."""
    hole = tiles.index(0)
    for cell in position.movable_cells(side, side, hole):
        board = list(tiles)
        board[hole], board[cell] = board[cell], 0
        yield tuple(board)


def test_both_conversions_keep_every_move():
    """A move in one frame is a move in the other, and the goals match: so a
    position's distance is the same in both."""
    rng = random.Random(80)
    tiles = tuple(range(16))  # the hole-first goal
    for _ in range(200):
        after = rng.choice(list(_slide(tiles)))
        assert F80.from_blank_first(after) in set(_slide(F80.from_blank_first(tiles)))
        mine = F80.from_blank_first(tiles)
        assert F80.transpose(F80.from_blank_first(after)) in set(_slide(F80.transpose(mine)))
        tiles = after
    assert F80.transpose(GOAL) == GOAL


def test_the_gallery_has_every_80_move_position():
    folder = ROOT / "puzzles" / "sliding"
    entries = json.loads((folder / "catalogue.json").read_text(encoding="utf-8"))
    eighty = [e for e in entries if e["moves"] == 80 and e["size"] == "4x4"]  # 2 x 6 has 80s too
    boards = {parse((folder / e["file"]).read_text(encoding="utf-8")).tiles for e in eighty}
    assert boards == {t for t, _ in POSITIONS} and len(eighty) == 17
    for e in eighty:
        assert e["size"] == "4x4" and "hardest" in e["title"].lower()
        assert re.search(r"\d s\b|seconds|minute", e["notes"]), e["notes"]


def test_the_huge_set_covers_every_tile_in_two_groups():
    groups = pdb.HUGE[(4, 4)]
    assert sorted(map(len, groups)) == [7, 8]
    assert sorted(t for g in groups for t in g) == list(range(1, 16))
    assert pdb.nbytes(4, 4, groups) == 16 * 15 * 14 * 13 * 12 * 11 * 10 * (1 + 9)


def test_the_strongest_built_set_first_and_a_smaller_one_within_max_bytes(tmp_path, monkeypatch):
    """Stand-ins of 3 and 2 tiles (quick to build in Python) for the 7-8 and
    7-7-1 sets: the solver takes the first built, skips one too big for
    ``max_bytes``, and builds neither."""
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    tiles = list(range(1, 16))
    strong = tuple(tuple(tiles[i:i + 3]) for i in range(0, 15, 3))
    weak = tuple(tuple(tiles[i:i + 2]) for i in range(0, 15, 2))
    monkeypatch.setattr(pdb, "HUGE", {(4, 4): strong})
    monkeypatch.setattr(pdb, "LARGE", {(4, 4): weak})
    real_load = pdb.load
    calls = recorded_loads(monkeypatch, pdb)
    near = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15)
    real_load(4, 4, weak, engine="python")
    assert pdb.built_larger(4, 4) == [weak]
    real_load(4, 4, strong, engine="python")
    assert pdb.built_larger(4, 4) == [strong, weak]
    calls.clear()
    a = solver.solve(4, 4, near, engine="python", use_book=False)
    assert calls == [(strong, False)] and (a.method, a.moves) == ("pdb", [15])
    calls.clear()
    room = pdb.memory_needed(4, 4, weak, "python") + solver.SEARCH_BYTES
    assert pdb.memory_needed(4, 4, strong, "python") + solver.SEARCH_BYTES > room
    b = solver.solve(4, 4, near, engine="python", use_book=False, max_bytes=room)
    assert calls == [(weak, False)] and (b.method, b.moves) == ("pdb", [15])

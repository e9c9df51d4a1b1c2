"""The sliding gallery (puzzles/sliding/): every file catalogued, canonical
text, and the move counts the catalogue gives, checked by breadth-first
search on the small boards, by the exact table on 2 x 5 (and that they are
its farthest), by IDA* with pattern databases on the 12-cell boards, by the
sample of Korf's positions (tests/sliding/data/korf-sample.txt) and by
search or parity and a lower bound on the 15-puzzles.

The entries live in ``puzzles/sliding/catalogue.json``: the gallery reads a
kind's own folder catalogue (its entries are of that kind, their files in
that folder)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sliding_reference import bfs_distances, distances
from webapp.sliding import heuristic, ida, solver, table
from webapp.sliding.textformat import parse


FOLDER = Path(__file__).resolve().parents[2] / "puzzles" / "sliding"
ENTRIES = json.loads((FOLDER / "catalogue.json").read_text(encoding="utf-8"))
SAMPLE = Path(__file__).parent / "data" / "korf-sample.txt"


def korf_sample() -> dict[tuple[int, ...], int]:
    out = {}
    for line in SAMPLE.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            board, _, length = line.partition(":")
            out[tuple(int(t) for t in board.split())] = int(length)
    return out


def position(entry):
    return parse((FOLDER / entry["file"]).read_text(encoding="utf-8"))


def test_every_file_is_catalogued_once():
    files = [e["file"] for e in ENTRIES]
    assert len(files) == len(set(files))
    assert sorted(files) == sorted(p.name for p in FOLDER.glob("*.txt"))
    for name in files:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*\.txt", name), name


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_entry_fields_and_text(entry):
    assert set(entry) == {"file", "title", "size", "moves", "notes", "de"}  # "de": its German words
    p = position(entry)
    assert (FOLDER / entry["file"]).read_text(encoding="utf-8") == p.text()  # canonical
    assert entry["size"] == p.size
    assert p.solvable() and isinstance(entry["moves"], int)
    assert entry["title"] and entry["notes"].endswith(".")


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e["size"] in ("3x3", "4x2", "2x4", "3x2")],
                         ids=lambda e: e["file"])
def test_small_boards_by_breadth_first_search(entry):
    p = position(entry)
    assert bfs_distances(p.width, p.height)[p.tiles] == entry["moves"]


def test_ten_cell_boards_by_their_table():
    entries = [e for e in ENTRIES if e["size"] in ("2x5", "5x2")]
    assert entries
    for e in entries:
        p = position(e)
        dist = distances(p.width, p.height)
        assert table.distance(p.width, p.height, p.tiles) == e["moves"]
    farthest = {table.unrank(10, int(r)) for r in (distances(2, 5) == 55).nonzero()[0]}
    assert farthest == {position(e).tiles for e in entries if e["size"] == "2x5"}
    assert int(dist[dist != table.UNREACHABLE].max()) == 55


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e["size"] in ("3x4", "4x3", "2x6", "6x2")],
                         ids=lambda e: e["file"])
def test_twelve_cell_boards_by_search(entry):
    """IDA* with the shape's pattern databases (a second or two to build them,
    the search itself milliseconds in C): the proven shortest length."""
    p = position(entry)
    answer = solver.solve(p.width, p.height, p.tiles, build=True)
    assert answer.method == "pdb" and answer.optimal and answer.length == entry["moves"]


def test_the_twelve_cell_figures():
    sizes = {}
    for e in ENTRIES:
        sizes.setdefault(e["size"], set()).add(e["moves"])
    assert sizes["3x4"] == sizes["4x3"] == {53} and sizes["2x6"] == {80}


def test_the_spec_examples_and_both_31_move_positions_are_there():
    texts = {position(e).tiles: e["moves"] for e in ENTRIES}
    assert texts[(1, 5, 2, 7, 0, 3, 8, 4, 6)] == 8
    assert texts[(3, 7, 8, 5, 4, 6, 2, 0, 1)] == 27
    farthest = {t for t, d in bfs_distances(3, 3).items() if d == 31}
    assert farthest <= set(texts) and len(farthest) == 2


def test_fifteen_puzzles_from_easy_to_hard():
    fifteen = [e for e in ENTRIES if e["size"] == "4x4"]
    moves = [e["moves"] for e in fifteen]
    # up to the hardest: the 17 positions of 80 moves (tests/sliding/test_sliding_fifteen80.py)
    assert moves == sorted(moves) and moves[0] <= 20 and moves[-1] == 80 and len(fifteen) >= 6
    assert 66 in moves  # Korf #60, the hardest of his 100 here
    sample = korf_sample()
    for e in fifteen:
        p = position(e)
        # every solution has the parity of the hole's distance from its corner; no
        # admissible estimate exceeds the length
        hole_r, hole_c = divmod(p.hole, 4)
        assert (e["moves"] - (3 - hole_r) - (3 - hole_c)) % 2 == 0
        assert heuristic.estimate(4, 4, p.tiles) <= e["moves"]
        if p.tiles in sample:
            assert sample[p.tiles] == e["moves"]


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e["size"] == "4x4" and e["moves"] <= 30],
                         ids=lambda e: e["file"])
def test_easy_fifteens_by_search(entry):
    p = position(entry)
    found = ida.search(4, 4, p.tiles, heuristic.ManhattanLC(4, 4))
    assert found.status == "solved" and len(found.moves) == entry["moves"]


def test_korf_sample_file():
    sample = korf_sample()
    assert len(sample) >= 8
    assert SAMPLE.read_text().startswith("# A sample of Korf's 100")
    for tiles, n in sample.items():
        assert sorted(tiles) == list(range(16)) and 41 <= n <= 66

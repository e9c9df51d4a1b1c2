"""The proven shortest solutions the library keeps (webapp/sliding/book.py,
puzzles/sliding/shortest.json): each brings its position home in as many
moves as the gallery's title says, and the solver answers a kept position,
or one met along its solution, with it; any other position is searched."""

from __future__ import annotations

import json

import pytest

from webapp.resources import folder
from webapp.sliding import book, solver
from webapp.sliding.position import movable_cells, replay
from webapp.sliding.textformat import parse

LIBRARY = folder("puzzles") / "sliding"
GALLERY = {parse((LIBRARY / e["file"]).read_text(encoding="utf-8")).tiles: e
           for e in json.loads((LIBRARY / "catalogue.json").read_text(encoding="utf-8"))}
KEPT = book.entries()


def test_the_library_keeps_a_solution_for_every_80_move_15_puzzle():
    eighty = {tiles for tiles, e in GALLERY.items() if e["size"] == "4x4" and e["moves"] == 80}
    assert {tiles for _, _, tiles, _ in KEPT} == eighty and len(eighty) == 17


@pytest.mark.parametrize("width, height, tiles, moves", KEPT)
def test_each_kept_solution_brings_the_tiles_home_in_the_titles_moves(width, height, tiles, moves):
    goal = tuple(range(1, width * height)) + (0,)
    assert replay(width, tiles, moves) == goal
    assert len(moves) == GALLERY[tiles]["moves"]


def test_a_kept_position_is_answered_with_its_solution_searching_nothing():
    width, height, tiles, moves = KEPT[0]
    answer = solver.solve(width, height, tiles, max_seconds=1)
    assert (answer.status, answer.optimal, answer.method, answer.nodes) == ("solved", True, "book", 0)
    assert answer.moves == list(moves) and answer.lower_bound == 80
    assert "shortest possible" in answer.summary()


def test_a_position_along_a_kept_solution_is_answered_with_the_rest():
    width, height, tiles, moves = KEPT[3]
    here = replay(width, tiles, moves[:5])
    answer = solver.solve(width, height, here, max_seconds=1)
    assert answer.method == "book" and answer.moves == list(moves[5:])
    assert solver.hint(width, height, here)["tile"] == moves[5]


def test_a_position_off_every_kept_way_is_not_known():
    width, height, tiles, moves = KEPT[0]
    hole = tiles.index(0)
    # the first move the solution does not make leads off it
    other = next(tiles[c] for c in movable_cells(width, height, hole) if tiles[c] != moves[0])
    off = replay(width, tiles, [other])
    assert book.shortest(off, width, height) is None


def test_the_search_can_be_asked_for_instead():
    width, height, tiles, _ = KEPT[0]
    answer = solver.solve(width, height, tiles, max_nodes=1000, use_book=False)
    assert answer.method != "book" and answer.limit == "nodes" and not answer.optimal

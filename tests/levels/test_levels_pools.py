"""The difficulty levels (webapp/levels.py, webapp/<kind>/levels.py): every
puzzle of every pool (puzzles/levels/<kind>.json) is proven again here to
have the figures it is stored with and the level it is filed under, so a
hard rotation puzzle really needs the turns its level promises; the pools
are big enough to feel varied; a pick and the puzzle of the day are
deterministic; a level or a date the API cannot have is a LevelError."""

from __future__ import annotations

import datetime
import random

import pytest

from webapp import kinds, levels
from webapp.rotation import levels as rotation_levels
from webapp.rotation import parse as parse_rotation
from webapp.rotation.search import solve as reference_solve
from webapp.triangle import levels as triangle_levels

NAMES = ("rotation", "sliding", "triangle")
#: The fewest puzzles a level's pool holds, per kind.
SMALLEST = {"rotation": 60, "sliding": 40, "triangle": 25}


def entries(name: str, level: str) -> list[dict]:
    return levels.pool(name)["levels"][level]


@pytest.mark.parametrize("name", NAMES)
def test_every_level_has_a_varied_pool_of_distinct_puzzles(name):
    pool = levels.pool(name)
    assert pool["kind"] == name and set(pool["levels"]) == set(levels.LEVELS)
    boards = [e["board"] for level in levels.LEVELS for e in entries(name, level)]
    assert len(boards) == len(set(boards))
    for level in levels.LEVELS:
        assert len(entries(name, level)) >= SMALLEST[name], level
    kind = kinds.get(name)
    for board in boards:  # stored in the kind's canonical text
        assert kind.text(kind.parse(board)) == board


@pytest.mark.parametrize("level", levels.LEVELS)
def test_every_rotation_puzzle_has_its_proven_turns_and_branching(level):
    own = rotation_levels
    low, high, states = own.BANDS[level]
    for entry in entries("rotation", level):
        measured = own.measure(parse_rotation(entry["board"]))
        assert measured == {"length": entry["length"], "states": entry["states"]}
        assert own.level_of(measured) == level
        assert entry["length"] >= low and entry["states"] >= states


def test_a_hard_rotation_puzzle_needs_its_turns_by_the_reference_search_too():
    """The plain breadth-first search (not the engine the pool was built
    with) finds no shorter solution for a sample of hard and expert puzzles."""
    for level in ("hard", "expert"):
        low = rotation_levels.BANDS[level][0]
        for entry in entries("rotation", level)[::8]:
            answer = reference_solve(parse_rotation(entry["board"]))
            assert answer.status == "solved" and len(answer.moves) == entry["length"] >= low


#: The 4 x 4 positions' proofs may first build the solver's pattern databases
#: (half a minute on a machine that has none yet).
SLOW_4x4 = [pytest.param(level, marks=pytest.mark.slow) if level != "easy" else level
            for level in levels.LEVELS]


@pytest.mark.parametrize("level", SLOW_4x4)
def test_every_sliding_position_has_its_proven_length(level):
    own = levels.rules("sliding")
    kind = kinds.get("sliding")
    low, high = own.BANDS[level]
    for entry in entries("sliding", level):
        measured = own.measure(kind.parse(entry["board"]))
        assert measured == {"length": entry["length"]}
        assert own.level_of(measured) == level
        assert low <= entry["length"] and (high is None or entry["length"] <= high)


@pytest.mark.parametrize("level", [*levels.LEVELS[:3], pytest.param("expert", marks=pytest.mark.slow)])
def test_every_triangle_puzzle_takes_its_search_nodes(level):
    kind = kinds.get("triangle")
    side, low, high = triangle_levels.BANDS[level]
    # an expert puzzle takes up to a million nodes (a second or so): a sample
    chosen = entries("triangle", level)[:: 10 if level == "expert" else 1]
    for entry in chosen:
        measured = triangle_levels.measure(kind.parse(entry["board"]))
        assert measured == {"side": entry["side"], "nodes": entry["nodes"]}
        assert triangle_levels.level_of(measured) == level
        assert entry["side"] == side and low <= entry["nodes"] < high


def test_a_harder_triangle_level_is_a_bigger_triangle():
    # a player reads size: Hard must never be smaller than Medium
    kind = kinds.get("triangle")
    sides = [{kind.parse(entry["board"]).n for entry in entries("triangle", level)} for level in levels.LEVELS]
    assert all(len(these) == 1 for these in sides), sides
    assert [min(these) for these in sides] == [3, 4, 5, 6]


def test_the_plain_triangle_search_counts_every_turned_piece_tried():
    kind = kinds.get("triangle")
    # two pieces, the second fits slot 1 only turned twice: slot 0 takes
    # piece 0 (1 node); slot 1 tries piece 1's turnings until one fits
    one = kind.parse("1\n1\n0 0 0\n")
    assert triangle_levels.nodes(one) == 1
    with pytest.raises(triangle_levels.TooHard):
        triangle_levels.nodes(kind.parse(entries("triangle", "hard")[0]["board"]), max_nodes=10)


@pytest.mark.parametrize("name", NAMES)
def test_a_seeded_pick_is_the_same_puzzle_and_seeds_vary_it(name):
    first = levels.pick(name, "medium", random.Random(7))
    assert first == levels.pick(name, "medium", random.Random(7))
    assert first["level"] == "medium"
    picked = {levels.pick(name, "medium", random.Random(seed))["board"] for seed in range(30)}
    assert len(picked) >= 15


@pytest.mark.parametrize("name", NAMES)
def test_the_puzzle_of_the_day_is_the_same_all_day_and_another_the_next(name):
    day = datetime.date(2026, 11, 26)
    first = levels.daily(name, day)
    assert first == levels.daily(name, day)
    assert first["date"] == "2026-11-26" and first["level"] == levels.daily_level(day)
    assert first in [{**e, "level": first["level"], "date": "2026-11-26"}
                     for e in entries(name, first["level"])]
    month = [levels.daily(name, day + datetime.timedelta(days=k))["board"] for k in range(28)]
    assert len(set(month)) >= 20


def test_the_week_gets_harder_from_monday_to_sunday():
    monday = datetime.date(2026, 11, 23)
    week = [levels.daily_level(monday + datetime.timedelta(days=k)) for k in range(7)]
    assert week == ["easy", "easy", "medium", "medium", "hard", "hard", "expert"]
    assert [levels.LEVELS.index(level) for level in week] == sorted(levels.LEVELS.index(level) for level in week)


@pytest.mark.parametrize("bad", ["extreme", "", "Easy", None, 3, ["easy"]])
def test_a_level_the_api_cannot_have_says_which_there_are(bad):
    with pytest.raises(levels.LevelError, match="easy, medium, hard, expert"):
        levels.pick("rotation", bad, random.Random(1))


@pytest.mark.parametrize("bad", ["2026-02-30", "26-11-2026", "2026-1-5", "today", "", 20261126,
                                 "2026-11-26T00:00", "२०२६-११-२६"])
def test_a_date_must_be_a_day_written_year_month_day(bad):
    with pytest.raises(levels.LevelError, match="YYYY-MM-DD"):
        levels.parse_date(bad)
    assert levels.parse_date("2024-02-29") == datetime.date(2024, 2, 29)


def test_building_a_pool_sorts_fresh_candidates_into_their_levels():
    """``python -m webapp.levels`` (here its ``build``, small): every
    puzzle kept is filed under the level its figures give, none twice."""
    said = []
    built = levels.build("rotation", per_level=2, seed=5, max_seconds=60, say=said.append)
    assert built["per_level"] == 2
    assert built["kind"] == "rotation" and built["bands"] == rotation_levels.BANDS
    assert said and said[-1].startswith("rotation: ")
    for level in levels.LEVELS:
        assert len(built["levels"][level]) == 2
        for entry in built["levels"][level]:
            measured = rotation_levels.measure(parse_rotation(entry["board"]))
            assert {"board": entry["board"], **measured} == entry
            assert rotation_levels.level_of(measured) == level
    again = levels.build("rotation", per_level=2, seed=5, max_seconds=60, say=said.append)
    assert again == built  # a seed builds the same pool


@pytest.mark.parametrize("name", NAMES)
def test_each_pool_says_how_it_was_built(name):
    pool = levels.pool(name)
    assert pool["per_level"] == levels.PER_LEVEL[name] and pool["seed"] == 1
    assert pool["bands"] == {level: list(band) for level, band in levels.rules(name).BANDS.items()}
    assert pool["meaning"] == levels.rules(name).MEANING
    for level in levels.LEVELS:
        assert len(entries(name, level)) == pool["per_level"]


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_a_studys_candidates_come_hardest_first_and_each_is_solvable(seed):
    """Rotation's candidates from an exhaustive study: the first is the
    study's hardest position, so no other of them needs more turns, and
    every one has a solution (the study's distance is a real solve's)."""
    boards = []
    rng = random.Random(seed)
    while not boards:
        boards = rotation_levels.studied(rng)
    turns = [rotation_levels.measure(board)["length"] for board in boards]
    assert None not in turns and turns[0] == max(turns) >= 1
    assert all(board.sticks and board.width in (5, 6, 7) for board in boards)


def test_the_rotation_pool_holds_studied_puzzles_among_the_hardest():
    """Frames of 5 and 6 cells come only from studies (random frames are 7
    to 12): some are in the pool, expert ones too."""
    sizes = {level: {e["board"].split("\n", 1)[0] for e in entries("rotation", level)}
             for level in levels.LEVELS}
    assert {"5", "6"} <= sizes["easy"] and "6" in sizes["expert"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", levels.LEVELS)
def test_a_pick_never_gives_the_puzzle_already_on_the_board(name, level):
    # the seed's own pick is the one on the board: a pick that ignored it would give it again
    for seed in range(40):
        shown = levels.pick(name, level, random.Random(seed))["board"]
        assert levels.pick(name, level, random.Random(seed), instead_of=shown)["board"] != shown


def test_a_pool_of_one_puzzle_gives_it_even_instead_of_itself(monkeypatch):
    only = entries("sliding", "easy")[0]
    monkeypatch.setattr(levels, "pool", lambda name: {"levels": {"easy": [only]}})
    assert levels.pick("sliding", "easy", random.Random(1), instead_of=only["board"]) == {**only, "level": "easy"}

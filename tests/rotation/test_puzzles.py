"""The puzzle library: every file is catalogued, parses, and has the optimal
move count and state count its catalogue entry says; the library has the
promised mix of sizes, lengths, gaps, walls and unsolvable puzzles."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from webapp.rotation import Answer, Board, parse, solve
from webapp.rotation.physics import EXAMPLE
from rotation_reference import replay

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
CATALOGUE = PUZZLES / "catalogue.json"

#: A safety net for the search; every library puzzle stays far below it.
MAX_STATES = 150_000
#: All puzzles together: keeps the whole library re-solvable in well under a minute.
TOTAL_STATES = 600_000

SPEC_UNSOLVABLE = "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n"


def catalogue() -> list[dict]:
    with open(CATALOGUE, encoding="utf-8") as f:
        return json.load(f)


ENTRIES = catalogue()
FILES = sorted(p.name for p in PUZZLES.glob("*.txt"))


@lru_cache(maxsize=None)
def board(name: str) -> Board:
    return parse((PUZZLES / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def answer(name: str) -> Answer:
    return solve(board(name), max_states=MAX_STATES)


def openings(b: Board) -> int:
    """How many separate openings the frame has (neighbouring gap cells form one)."""
    gaps = set(b.gaps())
    count = 0
    while gaps:
        count += 1
        todo = [gaps.pop()]
        while todo:
            r, c = todo.pop()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in gaps:
                    gaps.remove(nb)
                    todo.append(nb)
    return count


def inner_walls(b: Board) -> int:
    return sum(1 for r, c in b.walls if not b.is_border(r, c))


# -- the catalogue and the files agree ---------------------------------------------

def test_every_file_is_catalogued_and_every_entry_has_a_file():
    listed = [entry["file"] for entry in ENTRIES]
    assert len(listed) == len(set(listed)), "a file is catalogued twice"
    assert sorted(listed) == FILES


def test_file_names_are_lower_case_with_hyphens():
    for name in FILES:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*\.txt", name), name


def test_catalogue_entries_have_the_promised_fields():
    for entry in ENTRIES:
        assert set(entry) <= {"file", "title", "size", "sticks", "moves", "states", "notes", "de"}
        assert {"file", "title", "size", "sticks", "moves", "states"} <= set(entry), entry
        assert isinstance(entry["title"], str) and entry["title"].strip()
        assert entry["moves"] is None or (isinstance(entry["moves"], int) and entry["moves"] >= 0)
        assert isinstance(entry["states"], int) and entry["states"] >= 1
        assert isinstance(entry.get("notes", ""), str)
    titles = [entry["title"] for entry in ENTRIES]
    assert len(titles) == len(set(titles)), "two puzzles share a title"


@pytest.mark.parametrize("name", FILES)
def test_files_are_in_the_text_format_as_written(name):
    text = (PUZZLES / name).read_text(encoding="utf-8")
    # exactly what write() produces: the library is its own reference for the format
    assert board(name).text() == text


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_catalogue_entry_matches_the_file(entry):
    b = board(entry["file"])
    assert entry["size"] == f"{b.width}x{b.height}"
    assert entry["sticks"] == len(b.sticks)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_catalogue_moves_and_states_are_what_the_solver_finds(entry):
    name = entry["file"]
    a = answer(name)
    assert a.status in ("solved", "unsolvable"), f"{name}: the search hit its limit"
    found = {"moves": a.length, "states": a.states}
    assert {"moves": entry["moves"], "states": entry["states"]} == found, (
        f"{name}: the catalogue says {entry['moves']} moves and {entry['states']} states, "
        f"the reference solver finds {found['moves']} and {found['states']}"
    )


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e["moves"] is not None],
                         ids=[e["file"] for e in ENTRIES if e["moves"] is not None])
def test_solutions_replay_to_a_release_at_the_last_move(entry):
    name = entry["file"]
    moves = answer(name).moves
    first, steps = replay(board(name), moves)
    assert len(steps) == len(moves) == entry["moves"]
    if not moves:
        assert first.released
        return
    assert first.released == ()
    assert all(step.released == () for step in steps[:-1]), f"{name}: a stick fell out early"
    assert steps[-1].released, f"{name}: no stick falls out at the last move"


def test_the_library_is_cheap_to_re_solve():
    total = 0
    for name in FILES:
        a = answer(name)
        assert a.states <= MAX_STATES, name
        total += a.states
    assert total <= TOTAL_STATES


def test_the_catalogue_runs_from_easy_to_hard_roughly():
    # the gallery's order: the first puzzles need few moves, the last ones many
    solved = [e["moves"] for e in ENTRIES if e["moves"] is not None]
    third = max(1, len(solved) // 3)
    assert max(solved[:third]) < min(solved[-third:])


# -- the examples of docs/rotation.md -----------------------------------------------------------------

def test_the_spec_examples_are_the_spec_boards():
    assert board("spec-example.txt") == parse(EXAMPLE)
    assert answer("spec-example.txt").length == 2
    assert board("spec-unsolvable.txt") == parse(SPEC_UNSOLVABLE)
    assert answer("spec-unsolvable.txt").status == "unsolvable"


# -- the mix the library promises, computed from the files ------------------------------

def test_the_library_has_the_promised_mix():
    boards = {name: board(name) for name in FILES}
    answers = {name: answer(name) for name in FILES}
    sizes = {b.width for b in boards.values()} | {b.height for b in boards.values()}
    lengths = [a.length for a in answers.values() if a.status == "solved"]
    unsolvable = [name for name, a in answers.items() if a.status == "unsolvable"]

    assert len(FILES) >= 30
    assert min(sizes) == 5 and max(sizes) == 30
    assert {5, 7, 10, 15, 20, 25, 30} <= sizes
    for at_least in (10, 15, 20, 25):
        assert any(n >= at_least for n in lengths), f"no puzzle needs {at_least}+ moves"
    assert sum(n >= 20 for n in lengths) >= 5

    # unsolvable ones of several sizes, most of them with a gap in the frame
    assert len(unsolvable) >= 4
    assert len({boards[name].width for name in unsolvable}) >= 3
    assert sum(1 for name in unsolvable if boards[name].gaps()) >= 4

    assert sum(openings(b) > 1 for b in boards.values()) >= 3
    assert sum(inner_walls(b) > 0 for b in boards.values()) >= 3
    many = [b for b in boards.values() if len(b.sticks) > 10]
    assert len(many) >= 3
    assert all(any(s.isalpha() for s in b.symbols()) for b in many)
    assert sum(b.width >= 20 for b in boards.values()) >= 5

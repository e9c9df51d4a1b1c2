"""The records (puzzles/records.json, docs/records.md): each board is a
valid puzzle of its frame size whose optimal solution has the turns
claimed, checked by the real solver for the boards small enough to solve
here; the proven ones are rebuilt by the command docs/records.md gives."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from webapp.cli import main
from webapp.rotation.board import Board
from webapp.rotation.solver import solve_best
from webapp.rotation.studies.study import parse_sticks, study

ROOT = Path(__file__).resolve().parents[2]
RECORDS = json.loads((ROOT / "puzzles" / "records.json").read_text())
DOC = (ROOT / "docs" / "records.md").read_text()
#: Boards up to this many cells are solved in the test (the rest: benchmarks).
SOLVED_HERE = 12 * 12


def test_every_record_has_the_fields_and_a_board_of_its_frame():
    assert RECORDS and isinstance(RECORDS, list)
    for record in RECORDS:
        assert {"frame", "turns", "proven", "board"} <= set(record)
        board = Board.from_text(record["board"])
        assert f"{board.width}x{board.height}" == record["frame"]
        assert record["board"].split("\n", 1)[0].strip() in (str(board.width),
                                                             f"{board.width} {board.height}")
        assert isinstance(record["turns"], int) and isinstance(record["proven"], bool)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['frame']}-{r['turns']}")
def test_every_record_is_solved_in_exactly_its_turns(record):
    board = Board.from_text(record["board"])
    if board.width * board.height > SOLVED_HERE:  # pragma: no cover - no such record yet
        pytest.skip("checked by benchmarks/studies/README.md's command")
    answer = solve_best(board)
    assert answer.status == "solved" and len(answer.moves) == record["turns"]


FRAME_CLIMBED = [r for r in RECORDS if r.get("how", "").startswith("frame climb")]


@pytest.mark.parametrize("record", FRAME_CLIMBED, ids=lambda r: f"{r['frame']}-{r['turns']}")
def test_a_frame_climbed_record_is_the_most_turns_of_its_frames_study(record):
    """A climb over frames claims the study of the record's frame and
    sticks: no position of them needs more turns, and there are as many
    positions as it says."""
    board = Board.from_text(record["board"])
    result = study(board.with_sticks([]), parse_sticks(record["sticks"]))
    assert result.hardest_turns == record["turns"]
    assert result.positions == record["study_positions"]
    # the study names equal sticks in its own order: compare where the sticks lie
    def lying(b):
        return sorted((s.length, s.vertical, s.row, s.col) for s in b.sticks)

    shown = [lying(Board.from_text(text)) for text in result.hardest]
    assert lying(board) in shown or result.hardest_count > len(result.hardest)


def test_the_document_shows_every_record_with_its_board():
    for record in RECORDS:
        assert record["board"].rstrip("\n") in DOC, record["frame"]
        row = re.search(rf"^\| {record['frame']} \|[^\n]*\| (at least )?{record['turns']} \|",
                        DOC, re.M)
        assert row, record["frame"]
        assert bool(row.group(1)) != record["proven"]


def test_the_5x5_record_is_rebuilt_by_its_command(tmp_path, capsys):
    record = next(r for r in RECORDS if r["frame"] == "5x5")
    assert main(["study", "--size", "5", "--gap", "0,2", "--sticks", record["sticks"],
                 "--db", str(tmp_path / "r.sqlite"), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert f"5x5: hardest {record['turns']} turns" in out
    assert record["board"] in out


def test_every_record_is_in_the_gallery_with_its_turns():
    """The gallery shows the records (puzzles/catalogue.json): each board
    there as a file, its turns, "Proven hardest" or "Record" in its title,
    and the command that rebuilds it in its notes, English and German."""
    catalogue = json.loads((ROOT / "puzzles" / "catalogue.json").read_text())
    files = {entry["file"]: entry for entry in catalogue}
    for record in RECORDS:
        shown = [entry for name, entry in files.items()
                 if (ROOT / "puzzles" / name).read_text() == Board.from_text(record["board"]).text()]
        assert len(shown) == 1, f"the {record['frame']} record of {record['turns']} turns is not in the gallery"
        entry = shown[0]
        assert entry["moves"] == record["turns"] and entry["size"] == record["frame"]
        assert entry["title"].startswith("Proven hardest" if record["proven"] else "Record")
        assert record["command"] in entry["notes"]
        assert record["command"] in entry["de"]["notes"]  # the German says it too (issue 32)

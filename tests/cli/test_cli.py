"""The command line: ``rotation-playground solve FILE``.

Most tests call ``webapp.cli.main`` in-process and read the output with
capsys; a few run the installed console script in a subprocess.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from webapp.cli import main
from webapp.rotation import EXAMPLE

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".venv" / "bin" / "rotation-playground"

UNSOLVABLE = "5\n#####\n#0  #\n#0  #\n#   #\n## ##\n"
SPLIT = "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n"   # stick 0 split: line 3, column 4
BUSY = "9\n" + "\n".join([
    "#########", "#0  1  2#", "#0  1   #", "#   3 44#", "#  #   5#",
    "# 66   ##", "#      ##", "#  #   ##", "####### #",   # a gap no stick reaches
]) + "\n"


@pytest.fixture
def puzzle(tmp_path):
    """Write a puzzle file and return its path as a string."""
    def write(text: str | bytes, name: str = "puzzle.txt", encoding: str | None = "utf-8") -> str:
        path = tmp_path / name
        if encoding is None:
            path.write_bytes(text)
        else:
            path.write_bytes(text.encode(encoding))
        return str(path)
    return write


def run(capsys, *args: str):
    code = main(["solve", *args])
    out, err = capsys.readouterr()
    return code, out, err


#: What solve prints for EXAMPLE: the result line every kind shares (status,
#: what was found, the work done), then the moves.
SOLVED_EXAMPLE = re.compile(r"solved: 2 moves, shortest \(\d+ states\)\nmoves: L L\n")


# --- text output -------------------------------------------------------------------------------

def test_solve_example(capsys, puzzle):
    code, out, err = run(capsys, puzzle(EXAMPLE))
    assert code == 0
    assert SOLVED_EXAMPLE.fullmatch(out)
    assert err == ""


def test_solve_unsolvable(capsys, puzzle):
    code, out, err = run(capsys, puzzle(UNSOLVABLE))
    assert code == 0   # "no answer exists" is an answer
    assert out == "unsolvable: all 8 reachable positions tried (8 states)\n"


def test_solve_zero_moves(capsys, puzzle):
    code, out, _ = run(capsys, puzzle("5\n#####\n#   #\n# 0 #\n#   #\n## ##\n"))
    assert code == 0
    assert out.startswith("solved: 0 moves, stick 0 falls out")


def test_solve_file_with_bom_crlf_and_short_rows(capsys, puzzle):
    messy = "\ufeff" + EXAMPLE.replace("\n", "\r\n") + "\r\n\r\n"
    code, out, _ = run(capsys, puzzle(messy))
    assert code == 0 and SOLVED_EXAMPLE.fullmatch(out)


def test_steps_prints_the_turned_boards(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(EXAMPLE), "--steps")
    assert code == 0
    blocks = out.split("\n\n")
    assert SOLVED_EXAMPLE.fullmatch(blocks[0] + "\n")
    assert len(blocks) == 4   # summary, start, move 1, move 2
    start, first, second = (block.splitlines() for block in blocks[1:])
    # the start: gravity down, the board as in the file
    assert "start" in start[0]
    assert start[1:] == EXAMPLE.splitlines()[1:]
    # after L the puzzle is turned counterclockwise: the frame's top side (with
    # the gap) is on the left of the screen, its left side at the bottom.
    assert "move 1" in first[0] and "L" in first[0]
    assert first[1:] == [
        "#######",
        "#     #",
        "#     #",
        "    11#",
        "#    0#",
        "#    0#",
        "#######",
    ]
    # after the second L the puzzle is upside down and stick 1 has fallen out
    assert "move 2" in second[0] and "1" in second[0]
    assert second[1:] == [
        "#######",
        "#     #",
        "#     #",
        "#     #",
        "#     #",
        "#   00#",
        "### ###",
    ]


def test_steps_on_unsolvable_prints_only_the_start(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(UNSOLVABLE), "--steps")
    assert code == 0
    blocks = out.rstrip("\n").split("\n\n")
    assert blocks[0].startswith("unsolvable")
    assert len(blocks) == 2
    # the start settling lets the stick drop one row
    assert blocks[1].splitlines()[1:] == ["#####", "#   #", "#0  #", "#0  #", "## ##"]


# --- JSON output -------------------------------------------------------------------------------

def test_json_solved(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(EXAMPLE), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "solved"
    assert data["moves"] == "LL" and data["length"] == 2
    assert isinstance(data["states"], int) and data["states"] >= 3
    assert data["goal"] == "any"
    assert [step["move"] for step in data["trajectory"]] == ["L", "L"]
    assert data["trajectory"][-1]["released"] == ["1"]
    assert data["width"] == data["height"] == 7


def test_json_unsolvable(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(UNSOLVABLE), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["status"] == "unsolvable"
    assert data["moves"] == "" and data["length"] is None
    assert data["states"] == 8
    assert data["trajectory"] == []


# --- goals ------------------------------------------------------------------------------------

def test_goal_chosen_stick(capsys, puzzle):
    path = puzzle(EXAMPLE)
    code, out, _ = run(capsys, path, "--goal", "stick:1")
    assert code == 0 and SOLVED_EXAMPLE.fullmatch(out)
    # stick 0 (two cells, horizontal) never fits the one-cell gap in the top row
    code, out, _ = run(capsys, path, "--goal", "stick:0")
    assert code == 0 and out.startswith("unsolvable")


def test_goal_all_in_json(capsys, puzzle):
    # releases only with gravity right (stick 1) or left (stick 0): 3 moves
    code, out, _ = run(capsys, puzzle("5 4\n#####\n#   #\n 0#1 \n#####\n"), "--goal", "all", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["goal"] == "all" and data["status"] == "solved" and data["length"] == 3
    released = [s for step in data["trajectory"] for s in step["released"]]
    assert sorted(released) == ["0", "1"]


@pytest.mark.parametrize("goal, fragment", [("stick:z", "no stick"), ("bogus", "unknown goal")])
def test_bad_goal(capsys, puzzle, goal, fragment):
    code, out, err = run(capsys, puzzle(EXAMPLE), "--goal", goal)
    assert code == 2
    assert out == ""
    assert fragment in err and err.startswith("error:")


# --- limits ------------------------------------------------------------------------------------

def test_max_states_gives_exit_3(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(UNSOLVABLE), "--max-states", "7")
    assert code == 3
    assert out == "limit: the state limit ended the search; no solution within 2 moves (7 states)\n"


def test_max_states_large_enough_is_not_a_limit(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(UNSOLVABLE), "--max-states", "8")
    assert code == 0 and out.startswith("unsolvable")


def test_max_states_json(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(EXAMPLE), "--max-states", "1", "--json")
    data = json.loads(out)
    assert code == 3
    assert data["status"] == "limit" and data["limit"] == "states" and data["states"] == 1
    assert data["length"] is None


def test_max_seconds_gives_exit_3(capsys, puzzle):
    code, out, _ = run(capsys, puzzle(BUSY), "--max-seconds", "0.001")  # the shortest allowed
    assert code == 3
    assert out.startswith("limit: the time limit ended the search; no solution within ")


@pytest.mark.parametrize("value", ["0", "-5", "many"])
def test_bad_max_states_is_a_usage_error(capsys, puzzle, value):
    with pytest.raises(SystemExit) as info:
        main(["solve", puzzle(EXAMPLE), "--max-states", value])
    assert info.value.code == 2
    assert "max-states" in capsys.readouterr().err


# --- bad input ----------------------------------------------------------------------------------

def test_bad_file_names_line_and_column(capsys, puzzle):
    path = puzzle(SPLIT)
    code, out, err = run(capsys, path)
    assert code == 2
    assert out == ""
    assert err.startswith(f"error: {path}: line 3, column 4: ")
    assert "split" in err


def test_bad_size_line(capsys, puzzle):
    code, _, err = run(capsys, puzzle("seven\n#######\n"))
    assert code == 2
    assert "line 1, column 1" in err and "whole number" in err


def test_missing_file(capsys, tmp_path):
    path = str(tmp_path / "nowhere.txt")
    code, out, err = run(capsys, path)
    assert code == 2
    assert out == ""
    assert "cannot read" in err and path in err and "No such file" in err


def test_directory_instead_of_file(capsys, tmp_path):
    code, _, err = run(capsys, str(tmp_path))
    assert code == 2 and "cannot read" in err


def test_file_not_utf8(capsys, puzzle):
    path = puzzle(("5\n#####\n#\xe9  #\n#   #\n#   #\n## ##\n").encode("latin-1"), encoding=None)
    code, _, err = run(capsys, path)
    assert code == 2 and "cannot read" in err


# --- standard input ------------------------------------------------------------------------------

def test_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(EXAMPLE))
    code, out, _ = run(capsys, "-")
    assert code == 0 and SOLVED_EXAMPLE.fullmatch(out)


def test_stdin_bad_input_is_named_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(SPLIT))
    code, _, err = run(capsys, "-")
    assert code == 2
    assert err.startswith("error: <stdin>: line 3, column 4")


# --- the installed command ------------------------------------------------------------------------

def script(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    if not SCRIPT.exists():
        pytest.fail(f"{SCRIPT} is missing: install the project (make setup)")
    return subprocess.run([str(SCRIPT), *args], input=stdin, capture_output=True, text=True,
                          timeout=60, cwd=ROOT)


def test_script_solves_a_file(puzzle):
    result = script("solve", puzzle(EXAMPLE))
    assert result.returncode == 0
    assert SOLVED_EXAMPLE.fullmatch(result.stdout)


def test_script_reads_stdin_and_prints_json():
    result = script("solve", "-", "--json", stdin=EXAMPLE)
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["status"] == "solved" and data["moves"] == "LL" and data["length"] == 2


def test_script_exit_codes(puzzle):
    bad = script("solve", puzzle(SPLIT, name="bad.txt"))
    assert bad.returncode == 2
    assert "line 3, column 4" in bad.stderr
    limit = script("solve", puzzle(UNSOLVABLE, name="u.txt"), "--max-states", "2")
    assert limit.returncode == 3
    assert limit.stdout.startswith("limit: the state limit ended the search")

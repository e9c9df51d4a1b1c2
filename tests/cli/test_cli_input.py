"""The command line on hostile or odd numbers (issue 8, items 13 and 17).

A puzzle whose first line holds thousands of digits, or an option with
thousands of digits, is bad input: exit 2 and a message naming the line and
column, never a traceback. Sizes run from 3 to 64 in every command.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from webapp.cli import main
from webapp.rotation import parse, solve

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_ROWS = "### ###\n#     #\n#     #\n#     #\n#    1#\n#  001#\n#######\n"


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The real command, in a fresh interpreter (as a user runs it)."""
    return subprocess.run([sys.executable, "-m", "webapp.cli", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("first_line, column", [("9" * 4301, 1), ("  " + "1" * 50_000, 3),
                                                ("7 " + "5" * 5000, 3)])
def test_size_of_thousands_of_digits_is_bad_input(tmp_path, first_line, column):
    path = tmp_path / "long.txt"
    path.write_text(first_line + "\n" + EXAMPLE_ROWS)
    done = cli("solve", str(path))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert f"line 1, column {column}: size " in done.stderr
    assert "out of range" in done.stderr and "3 to 64" in done.stderr
    assert len(done.stderr) < 400


def test_size_of_thousands_of_digits_on_stdin_as_json():
    done = cli("solve", "-", "--json", stdin="8" * 5000 + "\n" + EXAMPLE_ROWS)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("error: <stdin>: line 1, column 1: size 888")


@pytest.mark.parametrize("option", ["--max-states", "--max-seconds"])
def test_options_of_thousands_of_digits_are_refused(option):
    done = cli("solve", "puzzles/spec-example.txt", option, "9" * 5000)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "is too big" in done.stderr and len(done.stderr.splitlines()[-1]) < 200


@pytest.mark.parametrize("value, message", [("nan", "not a number of seconds"),
                                            ("NaN", "not a number of seconds"),
                                            ("x", "not a number of seconds"),
                                            ("-1", "-1 is too short: at least 0.001 seconds"),
                                            ("0", "0 is too short: at least 0.001 seconds"),
                                            ("1e-9", "1e-9 is too short: at least 0.001 seconds"),
                                            ("0.0009", "too short"), ("-0", "too short"),
                                            ("inf", "too big"), ("1e999", "too big")])
def test_max_seconds_must_be_a_number_of_seconds(capsys, value, message):
    # positive and finite like --max-states, and at least a millisecond (issue 9, item 9):
    # nan would never stop the search (every comparison with it is false), 0 and 1e-9
    # would stop every search before it starts
    with pytest.raises(SystemExit) as info:
        main(["solve", "puzzles/spec-example.txt", f"--max-seconds={value}"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --max-seconds" in err and message in err


@pytest.mark.parametrize("value", ["0.001", "1e-3", "2.5", "60"])
def test_max_seconds_of_a_millisecond_or_more_is_accepted(capsys, value):
    assert main(["solve", "puzzles/spec-example.txt", "--max-seconds", value]) == 0
    assert capsys.readouterr().out.endswith("\nmoves: L L\n")


def test_the_help_gives_the_shortest_max_seconds(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    assert "at least 0.001" in " ".join(capsys.readouterr().out.split())


def test_generate_help_gives_the_one_size_range(capsys):
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    assert "side length of the board (3 to 64)" in capsys.readouterr().out


@pytest.mark.parametrize("size", ["2", "65", "9" * 5000])
def test_generate_refuses_sizes_outside_3_to_64(capsys, size):
    with pytest.raises(SystemExit) as info:
        main(["generate", "--size", size, "--sticks", "1"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "3 to 64" in err and len(err.splitlines()[-1]) < 200


@pytest.mark.parametrize("size", [3, 4, 64])
def test_generate_makes_boards_of_every_supported_size(capsys, size):
    assert main(["generate", "--size", str(size), "--sticks", "1", "--seed", "5",
                 "--max-states", "2000"]) == 0
    out, err = capsys.readouterr()
    board = parse(out)
    assert board.width == board.height == size and len(board.sticks) == 1
    assert err.startswith("seed 5: ")
    assert solve(board, max_states=2000).summary() in err

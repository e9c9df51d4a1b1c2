"""The command line speaks one language for every kind (issue 18, item 18):
the same result lines, ``kind`` in every JSON answer, ``solve --help``
naming every kind, and under ``--json`` errors as one JSON object on
standard output, ``{"error", "line", "column", "kind", "file"}``, with the
exit statuses they have without it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from webapp.cli import main
from webapp.kinds import names
from webapp.rotation import EXAMPLE

ROOT = Path(__file__).resolve().parents[2]

#: For each kind: a puzzle solved, one unsolvable, one stopped by the limit
#: the options name (exit 3 even for sliding: no solution of 1 move exists).
CASES = {
    "rotation": {"solved": (EXAMPLE, []),
                 "unsolvable": ("5\n#####\n#0  #\n#0  #\n#   #\n## ##\n", []),
                 "limit": ("5\n#####\n#0  #\n#0  #\n#   #\n## ##\n", ["--max-states", "3"])},
    "sliding": {"solved": ("1 5 2\n7 0 3\n8 4 6\n", []),
                "unsolvable": ("2 1 3\n4 5 6\n7 8 0\n", [])},
    "triangle": {"solved": ("3\n4\n1 2 3\n-1 2 3\n1 -2 3\n1 2 -3\n", []),
                 "unsolvable": ("1\n4\n1 1 1\n1 1 1\n1 1 1\n1 1 1\n", []),
                 "limit": ("1\n36\n" + "1 -1 0\n0 1 -1\n-1 0 1\n0 0 0\n" * 9, ["--max-nodes", "50"])},
}

#: The first line of every answer in words: the status, what was found
#: (first, for a limit, which one ended the search) and the work done.
HEADLINE = re.compile(r"(solved|unsolvable|limit): (?P<facts>.+) \([\d,]+ (state|node)s?\)")


CASE_PARAMS = [pytest.param(kind, status, text, options, id=f"{kind}-{status}")
               for kind, statuses in CASES.items() for status, (text, options) in statuses.items()]


@pytest.mark.parametrize("kind, status, text, options", CASE_PARAMS)
def test_every_kind_prints_the_same_result_lines(puzzle, capsys, kind, status, text, options):
    code = main(["solve", puzzle(text), *options])
    out = capsys.readouterr().out
    lines = out.splitlines()
    match = HEADLINE.fullmatch(lines[0])
    assert match and match.group(1) == status, lines[0]
    assert code == (3 if status == "limit" else 0)
    if status == "limit":
        assert match.group("facts").startswith(("the state limit ended the search; ",
                                                "the node limit ended the search; "))
    if kind != "triangle" and status == "solved":
        assert lines[1].startswith("moves: ") and len(lines) == 2
    else:
        assert not any(line.startswith("moves:") for line in lines)


def test_the_moves_line_is_the_same_for_both_kinds_with_moves(puzzle, capsys):
    main(["solve", puzzle(EXAMPLE)])
    rotation = capsys.readouterr().out.splitlines()
    main(["solve", puzzle("1 2 3\n4 5 6\n7 0 8\n")])
    sliding = capsys.readouterr().out.splitlines()
    assert rotation[0].startswith("solved: 2 moves, shortest (") and rotation[1] == "moves: L L"
    assert sliding == ["solved: 1 move, shortest (0 nodes)", "moves: 8"]


@pytest.mark.parametrize("kind, status, text, options", CASE_PARAMS)
def test_every_json_answer_names_its_kind_first(puzzle, capsys, kind, status, text, options):
    main(["solve", puzzle(text), *options, "--json"])
    body = json.loads(capsys.readouterr().out)
    assert list(body)[:2] == ["kind", "status"] and (body["kind"], body["status"]) == (kind, status)


def test_an_answer_stopped_by_ctrl_c_names_its_kind(puzzle, capsys, monkeypatch):
    from webapp.rotation import solver

    def interrupted(*args, progress=None, **kwargs):
        progress(12, 3)
        raise KeyboardInterrupt

    monkeypatch.setattr(solver, "solve_best", interrupted)
    assert main(["solve", puzzle(EXAMPLE), "--json"]) == 3
    body = json.loads(capsys.readouterr().out)
    assert (body["kind"], body["status"], body["limit"]) == ("rotation", "limit", "interrupted")


def test_solve_help_names_every_kind(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    help_text = capsys.readouterr().out
    description = help_text.split("positional arguments:")[0]
    for kind in names():
        assert re.search(rf"^  {kind} +\S", description, re.M), kind
    assert '"error": ..., "line": ..., "column": ...' in " ".join(help_text.split())


# --- errors under --json ------------------------------------------------------------------------

def _json_error(capsys, argv):
    """Run ``solve *argv --json``: the exit status, the one JSON object on
    standard output, and standard error."""
    try:
        code = main(["solve", *argv, "--json"])
    except SystemExit as exit_:  # a usage error, from argparse
        code = exit_.code
    out, err = capsys.readouterr()
    assert out.count("\n") == 1, out
    return code, json.loads(out), err


@pytest.mark.parametrize("kind, text, line, column", [
    ("rotation", "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n", 3, 4),
    ("sliding", "1 2 3\n4 x 6\n7 8 0\n", 2, 3),
    ("triangle", "3\n4\n1 2 3\n1 2 x\n1 2 3\n1 2 3\n", 4, 5),
])
def test_a_bad_file_is_a_json_error_with_its_line_and_column(puzzle, capsys, kind, text, line, column):
    path = puzzle(text)
    for options in ([], ["--kind", kind]):
        code, body, err = _json_error(capsys, [path, *options])
        assert code == 2
        assert (body["line"], body["column"], body["kind"], body["file"]) == (line, column, kind, path)
        assert body["error"].startswith(f"line {line}, column {column}: ")
        assert err.startswith(f"error: {path}: {body['error']}")  # the words still go to stderr


@pytest.mark.parametrize("argv, words", [
    (["nowhere.txt"], "cannot read it: No such file"),
    (["puzzles/spec-example.txt", "--max-nodes", "5"], "--max-nodes does not apply to a rotation puzzle"),
    (["puzzles/spec-example.txt", "--all"], "--all does not apply to a rotation puzzle"),
    (["puzzles/spec-example.txt", "--goal", "stick:z"], "no stick"),
    (["puzzles/sliding/rules-eight.txt", "--goal", "all"], "--goal does not apply to a sliding puzzle"),
    (["puzzles/spec-example.txt", "--max-seconds", "nan"], "argument --max-seconds: 'nan' is not"),
    (["puzzles/spec-example.txt", "--kind", "hexagon"], "argument --kind: invalid choice"),
    (["puzzles/spec-example.txt", "--threads", "0"], "argument --threads: must be at least 1"),
])
def test_every_other_error_is_a_json_error_too(capsys, monkeypatch, argv, words):
    monkeypatch.chdir(ROOT)
    code, body, err = _json_error(capsys, argv)
    assert code == 2
    assert words in body["error"] and words in err
    assert set(body) == {"error", "line", "column", "kind", "file"}
    assert body["line"] is None and body["column"] is None


def test_without_json_an_error_is_words_on_standard_error_only(capsys, puzzle):
    assert main(["solve", puzzle("1 2 3\n4 x 6\n7 8 0\n")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and "line 2, column 3" in err


def test_a_json_error_of_the_installed_command():
    done = subprocess.run([sys.executable, "-m", "webapp.cli", "solve", "-", "--json"], cwd=ROOT,
                          input="1\n-4\n1 2 3\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    body = json.loads(done.stdout)
    assert (body["line"], body["column"], body["kind"], body["file"]) == (2, 1, "triangle", "<stdin>")

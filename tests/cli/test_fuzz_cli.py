"""The command line fuzzed (issue 18, "Done means"): seeded puzzle texts
and option lines for ``solve`` and ``generate``, in-process through
``webapp.cli.main`` (fast), and a handful as real processes. Every run ends
with a documented exit status (0, 2 or 3: ``solve --help``), never a
traceback; with ``--json`` standard output holds one JSON object, an answer
with its kind or an error.

Every search is bounded (``--max-seconds`` of a few hundredths first on the
line; a fuzzed one may only be as short), so that a fuzzed puzzle that still
parses costs little. Failures name the seed, the case and the input.
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fuzzing import NUMBERS, puzzle_text
from webapp import kinds
from webapp.cli import main

ROOT = Path(__file__).resolve().parents[2]

#: Fuzzed solves of each kind.
SOLVES_PER_KIND = 3000
#: Fuzzed generate command lines.
GENERATES = 2000
#: Exit statuses ``solve --help`` documents (141, a closed pipe, cannot happen here).
DOCUMENTED = {0, 2, 3}

#: The first line of an answer in words (tests/cli/test_cli_one_style.py).
HEADLINE = re.compile(r"(solved|unsolvable|limit): .+ \([\d,]+ (state|node)s?\)")

#: solve's options: values it takes, then values it refuses (wrong, huge,
#: not numbers). No value asks for a long search: --max-seconds stays short.
SOLVE_OPTIONS = {
    "--kind": (["rotation", "sliding", "triangle"], ["nope", "", "Rotation"]),
    "--goal": (["any", "all", "stick:0", "stick:1"], ["stick:", "stick:00", "x", ""]),
    "--steps": None, "--json": None, "--all": None,
    "--max-states": (["1", "7", "20000"], ["0", "-1", "x", "9" * 5000, "1e3"]),
    "--max-nodes": (["1", "50", "20000"], ["0", "-1", "x", "9" * 30]),
    "--max-seconds": (["0.001", "0.01"], ["0", "nan", "inf", "-1", "x", "9" * 5000, "1e-9"]),
    "--engine": (["auto", "c", "reference"], ["x", "numpy", "fast"]),
    "--threads": (["auto", "1", "2"], ["0", "-1", "x", "9" * 5000]),
}
#: Tokens that are no option at all.
STRAYS = ["--", "-", "-x", "--jsonx", "--js", "--max", "extra.txt", "--kind=sliding", "--goal="]


#: The options each kind takes (most fuzzed lines keep to them, so that the
#: search runs; the others are refused before it).
OWN_OPTIONS = {"rotation": ["--goal", "--steps", "--json", "--max-states", "--engine", "--threads"],
               "sliding": ["--steps", "--json", "--max-nodes"],
               "triangle": ["--json", "--all", "--max-nodes"]}


def _solve_argv(rng: random.Random, path: str, kind: str) -> list[str]:
    argv = ["solve", path, "--max-seconds", "0.03"]
    own = OWN_OPTIONS.get(kind)
    pool = own if own and rng.random() < 0.7 else list(SOLVE_OPTIONS)
    for option in rng.sample(pool, rng.randint(0, min(4, len(pool)))):
        argv.append(option)
        if SOLVE_OPTIONS[option] is not None:
            good, bad = SOLVE_OPTIONS[option]
            argv.append(rng.choice(good if rng.random() < 0.8 else bad))
    if rng.random() < 0.05:
        argv.insert(rng.randint(1, len(argv)), rng.choice(STRAYS))
    return argv


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as done:  # argparse: a usage error or --help
        code = done.code
    out, err = capsys.readouterr()
    return code, out, err


def _asks_for_json(argv: list[str]) -> bool:
    """--json, or an abbreviation of it (argparse takes ``--js``), before any ``--``."""
    options = argv[:argv.index("--")] if "--" in argv else argv
    return any(len(arg) > 2 and "--json".startswith(arg) for arg in options)


def _check_solve(argv, code, out, err) -> None:
    what = (argv[1:], code, out[:300], err[-500:])
    assert code in DOCUMENTED, what
    assert "Traceback" not in err and "Traceback" not in out, what
    if _asks_for_json(argv):
        body = json.loads(out)  # one object, whatever happened
        assert ("error" in body) == (code == 2) and ("kind" in body or "error" in body), what
    elif code == 2:
        assert out == "" and err.strip(), what
    else:
        assert HEADLINE.fullmatch(out.splitlines()[0]), what


@pytest.mark.slow
@pytest.mark.parametrize("kind_name", kinds.names())
def test_fuzzed_solves_of_a_kind(tmp_path, capsys, monkeypatch, kind_name):
    kind = kinds.get(kind_name)
    rng = random.Random(f"solve {kind_name}")
    path = tmp_path / "puzzle.txt"
    for case in range(SOLVES_PER_KIND):
        text = puzzle_text(rng, kind)
        if rng.random() < 0.2:  # standard input
            monkeypatch.setattr(sys, "stdin", io.StringIO(text))
            argv = _solve_argv(rng, "-", kind_name)
        else:
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            argv = _solve_argv(rng, str(path), kind_name)
        code, out, err = _run(capsys, argv)
        _check_solve(argv, code, out, err)


#: generate's options: values it takes, then values it refuses. Sizes, tries
#: and states stay small, so that every puzzle is made at once.
GENERATE_OPTIONS = {
    "--size": (["1", "2", "3", "5", "8", "3x3", "2x4", "3x5"], ["65", "0", "-1", "x", "9" * 5000, "3 by 3"]),
    "--figures": (["0", "1", "3", "6"], ["21", "-1", "x"]),
    "--unique": None, "--unsolvable": None,
    "--sticks": (["1", "2", "3"], ["0", "200", "x"]),
    "--moves": (["0", "5", "31"], ["32", "-1", "x"]),
    "--gaps": (["0", "1", "2"], ["99", "-1"]), "--gap-width": (["1", "2"], ["0", "99"]),
    "--inner-walls": (["0", "3"], ["999", "x"]), "--max-length": (["1", "2"], ["99", "0"]),
    "--seed": (["0", "1", "7", "9" * 18], ["-1", "9" * 30, "x"]),
    "--min-moves": (["0", "3"], ["x", "-1"]), "--tries": (["1", "2"], ["0", "x"]),
    "--max-states": (["500", "2000"], ["0", "x"]),
}
#: The options each kind's generate takes, the required ones first.
GENERATE_OWN = {"rotation": ["--size", "--sticks", "--gaps", "--gap-width", "--inner-walls",
                             "--max-length", "--seed", "--min-moves", "--unsolvable", "--tries"],
                "sliding": ["--size", "--moves", "--seed"],
                "triangle": ["--size", "--figures", "--unique", "--seed", "--tries"]}


def _generate_argv(rng: random.Random) -> list[str]:
    kind = rng.choice(list(GENERATE_OWN))
    argv = ["generate", "--kind", kind] if kind != "rotation" or rng.random() < 0.5 else ["generate"]
    own = GENERATE_OWN[kind]
    chosen = [name for name in own[:2] if rng.random() < 0.9]  # the required ones, mostly
    pool = own[2:] if rng.random() < 0.8 else list(GENERATE_OPTIONS)
    chosen += rng.sample(pool, rng.randint(0, min(3, len(pool))))
    for option in dict.fromkeys(chosen):
        argv.append(option)
        if GENERATE_OPTIONS[option] is not None:
            good, bad = GENERATE_OPTIONS[option]
            argv.append(rng.choice(good if rng.random() < 0.85 else bad))
    if kind == "rotation" and "--max-states" not in argv:
        argv += ["--max-states", "2000"]
    if ("--min-moves" in argv or "--unsolvable" in argv or "--unique" in argv) and "--tries" not in argv:
        argv += ["--tries", "2"]  # else a thousand boards are tried
    if "--unique" in argv and "--size" in argv:  # a unique picture on a big side takes long
        argv[argv.index("--size") + 1] = rng.choice(("1", "2", "3"))
    return argv


@pytest.mark.slow
def test_fuzzed_generate_command_lines(capsys):
    rng = random.Random("generate")
    for case in range(GENERATES):
        argv = _generate_argv(rng)
        code, out, err = _run(capsys, argv)
        what = (argv[1:], code, out[:300], err[-500:])
        assert code in DOCUMENTED and "Traceback" not in err, what
        if code == 0:  # the puzzle printed is one its kind reads
            kind = kinds.get(argv[argv.index("--kind") + 1] if "--kind" in argv else "rotation")
            kind.parse(out)
        else:
            assert out == "" and err.strip(), what


def test_fuzzed_texts_in_real_processes(tmp_path):
    """A handful through the installed entry point: what a user's shell
    sees, the interpreter's own exit and error printing included."""
    rng = random.Random("processes")
    for case in range(6):
        kind = kinds.get(kinds.names()[case % len(kinds.names())])
        text = puzzle_text(rng, kind)
        argv = ["solve", "-", "--max-seconds", "0.03"] + (["--json"] if case % 2 else [])
        done = subprocess.run([sys.executable, "-m", "webapp.cli", *argv], cwd=ROOT, capture_output=True,
                              input=text.encode("utf-8", "surrogatepass"), timeout=60)
        err = done.stderr.decode("utf-8", "replace")
        _check_solve(argv, done.returncode, done.stdout.decode(), err)


@pytest.mark.parametrize("text", ["1\n-4\n1 2 3\n", "1\n" + "9" * 400 + "\n1 2 3\n",
                                  "1\n" + "9" * 5000 + "\n1 2 3\n"])
def test_the_issues_own_texts_in_a_real_process(text):
    """Issue 18, item 5, as the fuzzing found it: exit 1 and a traceback."""
    done = subprocess.run([sys.executable, "-m", "webapp.cli", "solve", "-"], cwd=ROOT, input=text,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "line 2, column 1" in done.stderr


def test_the_numbers_tried_include_the_ones_that_broke_things():
    # a negative count, and counts past a float's range and int()'s digit limit
    assert {"-1", "9" * 400, "9" * 4301} <= set(NUMBERS)

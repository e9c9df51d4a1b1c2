"""The command line serves a kind it has never heard of: a made-up kind,
registered by the test only, is recognised, solved (its own option, its
limit, --json, --steps refused) and generated, in-process and as a real
process, with no edit to ``webapp/cli`` (the twin of test_web_kinds_third.py).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from apps import add_kind
from webapp.cli import main
from webapp.commandline import CommandLine, Option, positive
from webapp.errors import PuzzleTextError
from webapp.kind_protocol import Kind

ROOT = Path(__file__).resolve().parents[2]


class StairsError(PuzzleTextError):
    """Every kind's puzzle-text error is the one shared type, with its place."""


def _generate(args, seed: int) -> tuple[str, str]:
    return f"stairs {int(args.size)}\n", f"seed {seed}: {args.size} steps"


#: The made-up kind's command-line part.
STAIRS_COMMAND_LINE = CommandLine(
    words="flights of stairs: climb them one step at a time",
    solve_options=[Option("--max-steps", place=65, type=positive, metavar="N",
                          help="stop after N steps (default: no limit)")],
    generate_options=[Option("--size", place=10, required=True, metavar="N",
                             help="steps of the flight")],
    generate=_generate,
)


class StairsKind(Kind):
    """A flight of N stairs: the answer is N times ``up``."""

    name = "stairs"
    title = "Stairs"
    goal = "Reach the top."
    counter = "steps"
    depth_field = "depth"
    error = StairsError
    example = "stairs 3\n"

    def parse(self, text: str) -> int:
        found = re.fullmatch(r"stairs (\d{1,3})\n?", text)
        if not found:
            raise StairsError("a flight is 'stairs N'", 1, 1)
        return int(found[1])

    def text(self, n: int) -> str:
        return f"stairs {n}\n"

    def solve(self, n: int, options: dict, *, max_seconds=None, max_count=None,
              max_bytes=None, progress=None) -> dict:
        if max_count is not None and max_count < n:
            return {"status": "limit", "limit": "max_steps", "moves": [], "steps": max_count,
                    "summary": f"limit: stopped after {max_count} steps"}
        return {"status": "solved", "moves": ["up"] * n, "length": n, "steps": n,
                "summary": f"solved: {n} steps up"}

    def move(self, n: int, options: dict, move) -> dict:
        return {"board": self.text(n - 1)}

    # the rest of the contract, which the command line does not use
    def encode(self, n: int) -> str:
        return f"s{n}"

    def decode(self, code: str) -> int:
        return int(code[1:])

    def options(self, data: dict) -> dict:
        return {}

    def quick(self, n: int, options: dict, *, task="solve", max_count=None) -> None:
        return None

    def shuffle(self, data: dict, rng) -> int:
        return rng.randint(1, 9)

    def svg(self, n: int) -> str:
        return "<svg></svg>"

    def summary(self, n: int) -> dict:
        return {"width": 1, "height": n}

    def detect(self, text: str) -> float:
        try:
            self.parse(text)
            return 1.0
        except StairsError:
            return 0.0

    def command_line(self):
        return STAIRS_COMMAND_LINE


@pytest.fixture
def stairs(monkeypatch):
    return add_kind(monkeypatch, StairsKind())


@pytest.fixture
def flight(tmp_path):
    path = tmp_path / "flight.txt"
    path.write_text("stairs 3\n")
    return str(path)


def test_a_new_kind_is_recognised_and_solved_in_its_own_words(stairs, flight, capsys):
    assert main(["solve", flight]) == 0
    assert capsys.readouterr().out == "solved: 3 steps up (3 steps)\nmoves: up up up\n"
    assert main(["solve", flight, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert list(answer)[0] == "kind" and answer["kind"] == "stairs" and answer["length"] == 3


def test_its_own_option_is_its_limit_and_other_kinds_options_are_refused(stairs, flight, capsys):
    assert main(["solve", flight, "--max-steps", "2"]) == 3
    assert capsys.readouterr().out == "limit: a limit ended the search; stopped after 2 steps (2 steps)\n"
    assert main(["solve", flight, "--goal", "all"]) == 2
    assert "--goal does not apply to a stairs puzzle" in capsys.readouterr().err
    assert main(["solve", str(ROOT / "puzzles" / "spec-example.txt"), "--max-steps", "9"]) == 2
    assert "--max-steps does not apply to a rotation puzzle" in capsys.readouterr().err


def test_steps_shows_each_board_when_the_kind_takes_the_option(monkeypatch, flight, capsys):
    with_steps = replace(STAIRS_COMMAND_LINE, solve_options=[
        *STAIRS_COMMAND_LINE.solve_options, Option("--steps", place=20, action="store_true", help="each board")])
    kind = StairsKind()
    kind.command_line = lambda: with_steps
    add_kind(monkeypatch, kind)
    assert main(["solve", flight, "--steps"]) == 0
    assert capsys.readouterr().out.endswith("\n1. move up\nstairs 2\n\n2. move up\nstairs 1\n"
                                            "\n3. move up\nstairs 0\n")


def test_a_bad_text_names_its_place_and_the_kinds_to_try(stairs, tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("stairs x\n")
    assert main(["solve", str(path), "--kind", "stairs", "--json"]) == 2
    error = json.loads(capsys.readouterr().out)
    assert (error["kind"], error["line"], error["column"]) == ("stairs", 1, 1)


def test_a_new_kind_is_generated_and_listed_in_the_help(stairs, capsys):
    assert main(["generate", "--kind", "stairs", "--size", "4", "--seed", "7"]) == 0
    shown = capsys.readouterr()
    assert shown.out == "stairs 4\n" and shown.err == "seed 7: 4 steps\n"
    for argv in (["--help"], ["solve", "--help"], ["generate", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        assert "stairs" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    assert "stairs: stop after N steps" in " ".join(capsys.readouterr().out.split())


def test_a_kind_without_a_generator_says_so(monkeypatch, capsys):
    kind = StairsKind()
    kind.command_line = lambda: None
    add_kind(monkeypatch, kind)
    with pytest.raises(SystemExit) as info:
        main(["generate", "--kind", "stairs", "--size", "3"])
    assert info.value.code == 2 and "cannot be generated" in capsys.readouterr().err


def test_a_new_kind_from_a_real_process(flight):
    probe = ("import sys\n"
             "sys.path[:0] = ['tests/cli', 'tests/support']\n"
             "from webapp import kinds\n"
             "from test_cli_third_kind import StairsKind\n"
             "kind = StairsKind()\n"
             "kinds.KINDS = (*kinds.KINDS, kind)\n"
             "kinds._BY_NAME = {**kinds._BY_NAME, 'stairs': kind}\n"
             "from webapp.cli import main\n"
             "sys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run([sys.executable, "-c", probe, "solve", flight, "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["moves"] == ["up", "up", "up"]
    done = subprocess.run([sys.executable, "-c", probe, "generate", "--kind", "stairs", "--size", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, "stairs 2\n")


def test_the_command_line_package_names_no_kind():
    from webapp.kinds import NAMES

    for path in (ROOT / "webapp" / "cli").glob("*.py"):
        text = path.read_text().replace("rotation-playground", "")
        for name in NAMES:
            assert name not in text, f"{path.name} names the {name} kind"


def test_a_new_kind_prepares_what_it_builds(monkeypatch, capsys):
    """``prepare`` calls a kind's own hook, with a progress it may report to."""
    seen = []

    def builds(progress, large):
        assert large is False
        progress(10, 50, "building")
        seen.append(progress.figures())
        return "every flight built"

    kind = StairsKind()
    kind.command_line = lambda: replace(STAIRS_COMMAND_LINE, prepare=builds)
    add_kind(monkeypatch, kind)
    assert main(["prepare", "--kind", "stairs"]) == 0
    assert capsys.readouterr().out == "stairs: every flight built\n"
    assert seen and seen[0].startswith("building pattern databases: 50%")
    add_kind(monkeypatch, StairsKind())  # its part has no prepare
    assert main(["prepare", "--kind", "stairs"]) == 0
    assert capsys.readouterr().out == "stairs: nothing to build\n"


def test_a_command_line_part_that_is_not_declared_as_one_is_named(monkeypatch):
    """A kind whose ``command_line()`` gives anything but a CommandLine (its
    module, as before the parts were declared) is told at once, by name."""
    from webapp.cli.parts import named

    kind = StairsKind()
    kind.command_line = lambda: sys.modules[__name__]
    add_kind(monkeypatch, kind)
    with pytest.raises(TypeError, match="the stairs kind's command_line\\(\\) gives module"):
        named("stairs")

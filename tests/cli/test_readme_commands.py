"""Every command in the README works as printed (issue 18, item 10): each
``rotation-playground ...`` line of its code blocks is run, ``FILE`` given
a puzzle of the kind the line is about, and must exit 0; where the line's
comment promises numbers, the output has them.

Only the commands in ``SKIPPED`` are not run, each for the reason given;
the test checks that list stays short and that each still is in the
README."""

from __future__ import annotations

import re
import subprocess

import pytest

from paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")

#: Commands not run, by what they start with, and why.
SKIPPED = {
    ".venv/bin/rotation-playground serve": "serves until stopped (tests/cli/test_cli_serve.py runs it)",
}

#: The puzzle FILE stands for, by the kind the command names.
FILES = {
    "sliding": "puzzles/sliding/rules-twenty-seven.txt",
    "triangle": "puzzles/triangle/rules-example-0.txt",
    None: "puzzles/crowded-house.txt",  # with a stick 3, for --goal stick:3
}


def _commands() -> list[tuple[str, str]]:
    """(command, its comment) for each line of a code block that runs
    rotation-playground."""
    out = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", README, flags=re.S):
        for line in block.splitlines():
            if "rotation-playground" not in line:
                continue
            command, _, comment = line.partition("  #")
            out.append((command.strip(), comment.strip()))
    return out


COMMANDS = _commands()


def test_the_readme_has_the_commands_and_few_are_skipped():
    assert len(COMMANDS) >= 15
    assert len(SKIPPED) <= 2
    for start in SKIPPED:
        assert any(command.startswith(start) for command, _ in COMMANDS), f"{start!r} is gone"


def _kind(command: str):
    found = re.search(r"--kind (\w+)", command)
    return found.group(1) if found else None


@pytest.mark.parametrize("command, comment", [c for c in COMMANDS
                                              if not any(c[0].startswith(s) for s in SKIPPED)],
                         ids=lambda value: value[:70] if isinstance(value, str) else None)
def test_each_command_works_as_printed(command, comment):
    shell = command.replace("FILE", FILES[_kind(command)])
    done = subprocess.run(["bash", "-c", shell], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{shell}\nexit {done.returncode}\n{done.stderr[-2000:]}"
    said = done.stdout + done.stderr
    # the numbers a comment promises ("84 placements, 28 distinct pictures")
    for number, word in re.findall(r"(\d+) (moves|placements|distinct pictures|reachable positions)", comment):
        assert re.search(rf"\b{number}\b", said), f"{shell}: no {number} ({word}) in\n{said[:2000]}"

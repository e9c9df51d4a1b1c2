"""The code is lint-free: ruff ([tool.ruff] in pyproject.toml: unused
imports and variables, undefined names, syntax errors) over the whole
repository, and vulture (dead code: functions, classes and attributes that
nothing uses) over the package, with what only a framework or a reader
outside the package calls listed in tools/vulture_whitelist.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def test_ruff_finds_nothing():
    done = subprocess.run([str(BIN / "ruff"), "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_vulture_finds_no_dead_code():
    done = subprocess.run([str(BIN / "vulture")], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_linters_see_a_mistake(tmp_path):
    # the same commands on a module with an unused import and a dead function
    bad = tmp_path / "webapp" / "bad.py"
    bad.parent.mkdir()
    bad.write_text("import os\n\n\ndef never_called():\n    return 1\n", encoding="utf-8")
    ruff = subprocess.run([str(BIN / "ruff"), "check", "--no-cache", "--isolated", "--select", "F", str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert ruff.returncode == 1 and "F401" in ruff.stdout
    vulture = subprocess.run([str(BIN / "vulture"), str(bad)], capture_output=True, text=True, timeout=60)
    assert vulture.returncode != 0 and "never_called" in vulture.stdout

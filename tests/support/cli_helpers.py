"""What the command-line tests share: run ``solve ... --json`` and read
the one JSON object it prints; read a command's --help.

>>> callable(solve_json)
True
"""

from __future__ import annotations

import json

import pytest

from webapp.cli import main


def solve_json(capsys, *argv) -> tuple[int, dict]:
    """Run ``solve *argv --json`` in-process; its exit status and the JSON
    object it printed (``capsys`` is pytest's fixture of that name)."""
    code = main(["solve", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def help_of(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as info:
        main([*args, "--help"])
    assert info.value.code == 0
    return " ".join(capsys.readouterr().out.split())

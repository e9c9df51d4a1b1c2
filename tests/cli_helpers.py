"""What the command-line tests share: run ``solve ... --json`` and read
the one JSON object it prints.

>>> callable(solve_json)
True
"""

from __future__ import annotations

import json

from webapp.cli import main


def solve_json(capsys, *argv) -> tuple[int, dict]:
    """Run ``solve *argv --json`` in-process; its exit status and the JSON
    object it printed (``capsys`` is pytest's fixture of that name)."""
    code = main(["solve", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)

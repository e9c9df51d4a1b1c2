"""Where things are: the checkout, its puzzle library, and this folder of
the tests' shared helpers (which a process the tests start needs on its
``PYTHONPATH`` to import a made-up kind, such as ``waiting_kind``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
SUPPORT = Path(__file__).resolve().parent

"""A made-up puzzle kind whose solve and whose film wait for a gate the
test opens: the tests of an animation that goes to a worker
(tests/web/test_animation_jobs.py) see it "being prepared" for as long as
they keep the gate shut, whatever the machine's speed, and ready once they
open it.

A puzzle is a label (as the waiting kind's); its gate is a file named after
it in the system's temporary folder, which the server's workers (in-process
or ``rotation-playground worker``, on the same machine) see as the test
does. Its shortest solution is the label's first two letters, one move
each; a link's moves are letters too.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from pathlib import Path

import pytest

from apps import add_kind
from waiting_kind import TICK, WaitingKind
from webapp import film
from webapp.webface import WebFace

GATE_SECONDS = 120  # a gate nobody opens (a test that failed) stops holding a worker


def gate(label: str) -> Path:
    return Path(tempfile.gettempdir()) / f"playground-gate-{label}"


def _through(label: str, progress=None, max_seconds=None) -> bool:
    """Wait for the gate of ``label``: False when ``max_seconds`` ran out first."""
    began, ticks = time.monotonic(), 0
    while not gate(label).exists():
        ticks += 1
        if progress is not None:
            progress(ticks, 1)
        if time.monotonic() - began >= min(max_seconds or GATE_SECONDS, GATE_SECONDS):
            return False
        time.sleep(TICK)
    return True


class GatedKind(WaitingKind):
    name = "gated"
    title = "Gated"
    goal = "Wait for the gate, then play the label's letters."
    web = WebFace("gated", template="sliding.html")

    def solve(self, label: str, options: dict, *, max_seconds=None, max_count=None,
              max_bytes=None, progress=None) -> dict:
        if not _through(label, progress, max_seconds):
            return self._limit("time", 0, time.monotonic())
        return {"status": "solved", "moves": label[:2], "length": 2, "ticks": 1, "depth": 1,
                "optimal": True, "engine": "gated", "seconds": 0.0}

    def film_moves(self, answer: dict | None, link: str | None) -> str:
        return link if link is not None else (answer or {}).get("moves") or ""

    def film(self, label: str, moves: str, size: int) -> list:
        """A bar one step longer each move (the held frames tell the moves apart)."""
        _through(label)
        palette = film.Palette(("#3366cc",))
        frames = []
        for done in range(len(moves) + 1):
            image = palette.canvas(size, 20)
            image.paste(palette["#3366cc"], (0, 0, 1 + done * (size - 1) // max(1, len(moves)), 20))
            frames.append(film.Frame(image, key=True))
        return frames


KIND = GatedKind()


@pytest.fixture
def gated(monkeypatch):
    """The registry with the gated kind added, for this test only; a fresh
    label (its gate shut) and its gate, removed afterwards."""
    add_kind(monkeypatch, KIND)
    made = []

    def fresh() -> tuple[str, Path]:
        label = uuid.uuid4().hex[:20]
        made.append(gate(label))
        return label, made[-1]

    yield fresh
    for path in made:
        path.unlink(missing_ok=True)

"""The web's quick path for sliding boards: it never builds pattern
databases on a request thread (seconds of work): without them the board goes
to a worker, which builds them with progress; with them, it is answered."""

from __future__ import annotations

from webapp.sliding import pdb
from webapp.sliding.kind import KIND
from webapp.sliding.position import Position

NEAR = Position((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11), width=4)  # 3 x 4, one move away


def test_without_databases_quick_and_hint_hand_over_and_build_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    assert KIND.quick(NEAR, {}) is None
    assert KIND.hint(NEAR, {}) is None
    assert list(tmp_path.iterdir()) == []


def test_with_databases_at_hand_quick_and_hint_answer(monkeypatch, tmp_path):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    pdb.load(4, 3)
    answer = KIND.quick(NEAR, {})
    assert answer["status"] == "solved" and answer["moves"] == [11] and answer["optimal"] is True
    assert KIND.hint(NEAR, {})["move"] == 11

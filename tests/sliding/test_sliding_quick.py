"""The web's quick path for sliding boards: it never builds pattern
databases on a request thread (seconds of work): without them an easy board
is answered all the same (Manhattan distance proves it shortest at once) and a
hard one goes to a worker, which builds them with progress; with them, it is
answered."""

from __future__ import annotations

from webapp.sliding import pdb
from webapp.sliding.kind import KIND
from webapp.sliding.position import Position

NEAR = Position((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11), width=4)  # 3 x 4, one move away
# Korf's #1 (57 moves): far beyond what Manhattan distance proves in 0.2 s
HARD = Position((13, 6, 8, 12, 15, 14, 0, 10, 11, 7, 4, 5, 9, 1, 3, 2), width=4)


def test_without_databases_a_hard_board_is_handed_over_and_nothing_built(monkeypatch, tmp_path):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    assert KIND.quick(HARD, {}) is None
    assert KIND.quick(HARD, {}, task="hint") is None
    assert _databases(tmp_path) == []


def test_without_databases_an_easy_board_is_answered_and_nothing_built(monkeypatch, tmp_path):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    answer = KIND.quick(NEAR, {})
    assert answer["status"] == "solved" and answer["moves"] == [11] and answer["optimal"] is True
    assert answer["method"] == "manhattan"
    assert KIND.quick(NEAR, {}, task="hint")["move"] == 11
    assert _databases(tmp_path) == []


def _databases(folder):
    # the 3 x 3 table behind a constructed solution may be made (under a second): no databases
    return [p.name for p in folder.iterdir() if p.name.startswith("sliding-pdb-")]


def test_with_databases_at_hand_quick_and_hint_answer(monkeypatch, tmp_path):
    monkeypatch.setenv("ROTATION_PLAYGROUND_CACHE", str(tmp_path))
    monkeypatch.setattr(pdb, "_loaded", {})
    pdb.load(4, 3)
    answer = KIND.quick(NEAR, {})
    assert answer["status"] == "solved" and answer["moves"] == [11] and answer["optimal"] is True
    assert KIND.quick(NEAR, {}, task="hint")["move"] == 11

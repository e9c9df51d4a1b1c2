"""The climb over frames (webapp/rotation/studies/frameclimb.py): the seed rebuilds
it, a candidate's score is the most turns of its study and the solver
agrees with it, and every mutation leaves a valid one-gap frame with a
multiset of sticks that fits."""

from __future__ import annotations

import random

import pytest

from webapp.cli import main
from webapp.rotation.board import Board
from webapp.rotation.studies.frameclimb import (Candidate, _first, _mutated, frame_climb, frame_score,
                                        ring_cells)
from webapp.rotation.solver import solve_best
from webapp.rotation.studies.study import study, sticks_text


def test_a_frame_climb_is_rebuilt_by_its_seed():
    found = frame_climb(6, 3, seed=2, steps=40, inner_walls=3)
    again = frame_climb(6, 3, seed=2, steps=40, inner_walls=3)
    assert (again.candidate, again.board, again.turns, again.improved_at) == (
        found.candidate, found.board, found.turns, found.improved_at)
    assert found.turns >= 5 and found.studies > 1 and found.studied_positions >= found.positions
    other = frame_climb(6, 3, seed=3, steps=40, inner_walls=3)
    assert (other.candidate, other.board) != (found.candidate, found.board)


def test_the_score_is_the_most_turns_of_the_study_and_the_solver_agrees():
    found = frame_climb(6, 3, seed=1, steps=40, inner_walls=3)
    frame, sticks = found.candidate.frame, found.candidate.sticks
    result = study(frame, sticks)
    assert result.hardest_turns == found.turns and result.positions == found.positions
    assert result.hardest[0] == found.board.text()
    answer = solve_best(found.board)
    assert answer.status == "solved" and len(answer.moves) == found.turns
    # the hardest position is the frame with those sticks in it
    assert sorted((s.length, s.vertical) for s in found.board.sticks) == list(sticks)
    turned = [found.board.rotated(k).with_sticks([]) for k in range(4)]
    assert frame in turned


def test_a_study_past_the_bound_is_dropped_and_one_with_no_solvable_position_scores_none():
    candidate = _first(7, 4, 4, random.Random(1))
    full = frame_score(candidate, max_positions=None)
    assert full is not None and full.positions > 10
    assert frame_score(candidate, max_positions=full.positions - 1) is None
    assert frame_score(candidate, max_positions=full.positions).positions == full.positions
    # the gap walled in from inside: nothing ever falls out
    (r, c), = candidate.frame.gaps()
    inside = (min(max(r, 1), 5), min(max(c, 1), 5))
    walled = Candidate(Board(7, 7, candidate.frame.walls | {inside}), ((1, False),))
    assert frame_score(walled).turns is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mutations_keep_a_one_gap_frame_and_sticks_that_fit(seed):
    rng = random.Random(seed)
    size = 7
    candidate = _first(size, 3, 5, rng)
    ring = {(r, c) for r in range(size) for c in range(size)
            if r in (0, size - 1) or c in (0, size - 1)}
    corners = {(0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)}
    kinds = set()
    made = 0
    for _ in range(400):
        changed = _mutated(candidate, rng)
        if changed is None:
            continue
        made += 1
        assert changed != candidate
        frame = changed.frame
        assert not frame.sticks and (frame.width, frame.height) == (size, size)
        gaps = ring - frame.walls
        assert len(gaps) == 1 and not gaps & corners and frame.gaps() == (changed.gap,)
        assert changed.gap in ring_cells(size, size)
        assert changed.sticks == tuple(sorted(changed.sticks)) and changed.sticks
        assert all(1 <= n <= size - 2 and (n > 1 or not v) for n, v in changed.sticks)
        free = (size - 2) ** 2 - len(changed.inner_walls)
        assert sum(n for n, _ in changed.sticks) < free
        kinds.add(sticks_text(changed.sticks))
        candidate = changed
    assert made > 200 and len(kinds) > 5


def test_the_command_prints_the_record_its_turns_and_the_command_that_rebuilds_it(capsys):
    args = ["study", "--climb-frames", "25", "--size", "6", "--climb-sticks", "2",
            "--inner-walls", "3", "--seed", "5"]
    assert main(args) == 0
    first = capsys.readouterr()
    lines = first.out.splitlines()
    assert lines[-1] == ("rebuilt by: rotation-playground study --climb-frames 25 --size 6 "
                         "--climb-sticks 2 --inner-walls 3 --seed 5")
    assert lines[-2].startswith("seed 5: ") and "the solver agrees" in lines[-2]
    turns = int(lines[-2].split()[2])
    answer = solve_best(Board.from_text("\n".join(lines[:-2]) + "\n"))
    assert answer.status == "solved" and len(answer.moves) == turns
    assert "turns" in first.err  # each improvement said on standard error
    assert main(args) == 0
    assert capsys.readouterr().out == first.out
    assert main(["study", "--climb-frames", "5", "--size", "6x7"]) == 2
    assert "square" in capsys.readouterr().err
    # seed 1's first 10 x 10 frame walls its sticks in: nothing solvable in two steps
    assert main(["study", "--climb-frames", "2", "--size", "10", "--climb-sticks", "5",
                 "--inner-walls", "32", "--seed", "1"]) == 3
    assert "take another seed" in capsys.readouterr().err


def test_a_restart_kicks_the_best_candidate_and_the_ticks_report_the_costs(monkeypatch):
    import webapp.rotation.studies.frameclimb as frameclimb

    monkeypatch.setattr(frameclimb, "TICK", 10)
    ticks = []
    found = frame_climb(6, 3, seed=4, steps=60, inner_walls=3, restart=5,
                        tick=lambda step, best: ticks.append((step, best.studies, best.turns)))
    assert [step for step, _, _ in ticks] == [10, 20, 30, 40, 50, 60]
    assert all(a[1] <= b[1] and a[2] <= b[2] for a, b in zip(ticks, ticks[1:]))
    assert found.studies >= ticks[-1][1] and found.turns >= ticks[-1][2]
    # after its wait the climb leaves its best candidate changed in KICK ways
    rng = random.Random(9)
    kicked = frameclimb._kicked(found.candidate, rng)
    assert kicked != found.candidate
    answer = solve_best(found.board)
    assert answer.status == "solved" and len(answer.moves) == found.turns

"""Exhaustive studies (webapp/rotation/studies/study.py) against an independent
plain search: the settled positions listed by brute force (every placement
of the sticks in the interior, kept when settling leaves it as it is) and
each one solved by the reference breadth-first search (search.solve), not
by the study's graph; the histograms must agree to the last position."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.rotation import native
from webapp.rotation.board import SYMBOLS, Board, Stick
from webapp.rotation.physics import Frame, Position
from webapp.rotation.search import solve
from webapp.rotation.studies.study import (StudyError, StudyTooBig, build_graph, distances,
                                   node_board, parse_sticks, settled_positions, study)
from webapp.rotation.studies.family import frame, multisets, one_gap_frames, stick_kinds


def _brute_settled(board: Board, sticks, orientation: int) -> set[tuple[int, ...]]:
    """Every interior placement that settling leaves untouched, equal
    sticks' cells sorted (the study counts them as one position)."""
    w, h = board.width, board.height
    inner = [(r, c) for r in range(1, h - 1) for c in range(1, w - 1)]
    spots = []
    for n, v in sticks:
        spots.append([(r, c) for r, c in inner
                      if all((r + k, c) in inner if v else (r, c + k) in inner for k in range(n))
                      and not any(((r + k, c) if v else (r, c + k)) in board.walls
                                  for k in range(n))])
    found = set()
    for combo in itertools.product(*spots):
        try:
            placed = board.with_sticks(Stick(SYMBOLS[i], r, c, n, v)
                                       for i, ((n, v), (r, c)) in enumerate(zip(sticks, combo)))
        except ValueError:  # overlapping sticks
            continue
        physics = Frame(placed)
        cells = physics.positions(placed)
        after, _, released = physics.settle(orientation, cells)
        if after == cells and not released:
            key = list(cells)
            for n_v in set(sticks):
                idx = [i for i, s in enumerate(sticks) if s == n_v]
                for i, value in zip(idx, sorted(key[i] for i in idx)):
                    key[i] = value
            found.add(tuple(key))
    return found


def _plain_histogram(board: Board, sticks) -> tuple[Counter, int]:
    """(turns -> positions, unsolvable positions) by the reference solver,
    one breadth-first search from each settled position."""
    histogram, unsolvable, w = Counter(), 0, board.width
    for o in range(4):
        for cells in _brute_settled(board, sticks, o):
            placed = board.with_sticks(Stick(SYMBOLS[i], *divmod(p, w), n, v)
                                       for i, ((n, v), p) in enumerate(zip(sticks, cells)))
            answer = solve(Position(placed, o).screen())
            if answer.status == "solved":
                histogram[len(answer.moves)] += 1
            else:
                unsolvable += 1
    return histogram, unsolvable


SMALL_SETS = ["1", "2h", "2v", "1,1", "1,2h", "1,2v", "2h,2v", "1,1,1", "1,1,2h", "1,2h,2v",
              "1,1,3h", "2v,2v,1"]


@pytest.mark.parametrize("sticks", SMALL_SETS)
def test_settled_positions_are_every_placement_settling_leaves_alone(sticks):
    sticks = parse_sticks(sticks)
    for gap, board in one_gap_frames(5) + [((0, 0), frame(5, 5, [(4, 1)], [(2, 2)]))]:
        for o in range(4):
            assert set(settled_positions(board, sticks, o)) == _brute_settled(board, sticks, o)


def test_a_5x5_family_histogram_agrees_with_the_reference_solver():
    """Every multiset of 1 or 2 sticks (lengths 1 to 3) and a few of 3, on
    both one-gap 5 x 5 frames: the study's histogram and unsolvable count
    are the plain search's."""
    sets = multisets(stick_kinds(3), 2, 9) + [parse_sticks(s) for s in SMALL_SETS[7:]]
    total = Counter()
    for gap, board in one_gap_frames(5):
        for sticks in sets:
            result = study(board, sticks)
            histogram, unsolvable = _plain_histogram(board, sticks)
            assert result.histogram == dict(histogram), (gap, sticks)
            assert result.unsolvable == unsolvable, (gap, sticks)
            assert result.positions == sum(histogram.values()) + unsolvable
            total += histogram
    assert max(total) >= 5  # the family is not trivial


def test_every_hardest_position_kept_is_solved_in_its_turns_by_the_solver():
    board = one_gap_frames(5)[1][1]
    result = study(board, parse_sticks("1,1,2h,2h"))
    assert result.hardest_turns == 10
    assert len(result.hardest) == min(5, result.hardest_count)
    for text in result.hardest:
        answer = solve(Board.from_text(text))
        assert answer.status == "solved" and len(answer.moves) == result.hardest_turns


def test_every_node_distance_is_the_solvers_answer_on_a_frame_with_an_inner_wall():
    board = frame(6, 5, [(4, 3)], [(2, 3)])
    graph = build_graph(board, parse_sticks("1,2h,2v"))
    dist = distances(graph.successor)
    for i in range(0, len(dist), 7):
        answer = solve(node_board(graph, i))
        assert (len(answer.moves) if answer.status == "solved" else -1) == dist[i]


@pytest.mark.parametrize("board", [frame(5, 5, [(0, 2)]), frame(6, 6, [(0, 1)]),
                                   frame(6, 5, [(4, 3)], [(2, 3)]),
                                   frame(6, 6, [(5, 2), (5, 3)]),  # two gaps side by side
                                   frame(7, 6, [(2, 0), (0, 3)], [(3, 3), (2, 4)]),
                                   # two or more cells taller than wide, or wider than
                                   # tall: the C build once copied too few lanes there
                                   frame(6, 8, [(1, 0)]), frame(9, 6, [(0, 4)], [(3, 5)])])
def test_the_c_engine_builds_the_python_graph_position_for_position(board):
    if native.MODULE is None:  # pragma: no cover - depends on the build
        pytest.skip("the C engine is not built")
    for sticks in multisets(stick_kinds(3), 3, 12):
        slow = build_graph(board, sticks, engine="python")
        fast = build_graph(board, sticks, engine="c")
        assert np.array_equal(slow.orientation, fast.orientation), sticks
        assert np.array_equal(slow.cells, fast.cells), sticks
        assert np.array_equal(slow.successor, fast.successor), sticks


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_c_engine_agrees_on_crowded_frames_with_walls_and_gaps(data):
    """The C build lists settled positions bottom up (a stick kept only when
    it rests as it is placed); the Python build tries every placement. Many
    sticks in a small frame, inner walls and two gaps: the same graph."""
    if native.MODULE is None:  # pragma: no cover - depends on the build
        pytest.skip("the C engine is not built")
    w, h = data.draw(st.integers(5, 8), label="width"), data.draw(st.integers(5, 8), label="height")
    ring = sorted({(r, c) for r in range(h) for c in range(w)
                   if (r in (0, h - 1)) != (c in (0, w - 1))})
    gaps = data.draw(st.lists(st.sampled_from(ring), min_size=1, max_size=2, unique=True), label="gaps")
    inner = [(r, c) for r in range(1, h - 1) for c in range(1, w - 1)]
    walls = data.draw(st.lists(st.sampled_from(inner), max_size=4, unique=True), label="walls")
    kinds = stick_kinds(min(w, h) - 2)
    sticks = data.draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=6), label="sticks")
    bound = data.draw(st.sampled_from([None, 40, 3000]), label="bound")
    board = frame(w, h, gaps, walls)
    built = []
    for engine in ("python", "c"):
        try:
            graph = build_graph(board, sticks, engine=engine, max_positions=bound)
            built.append((graph.orientation.tolist(), graph.cells.tolist(), graph.successor.tolist()))
        except StudyTooBig as exc:
            built.append(("past the bound", exc.seen))
    assert built[0] == built[1]


def test_the_c_engine_stops_at_the_bound_as_python_does():
    for engine in ("c", "python"):
        with pytest.raises(StudyTooBig) as caught:
            build_graph(Board.empty_frame(6), parse_sticks("1,1,2h"), max_positions=10,
                        engine=engine)
        assert caught.value.seen == 11


def test_backward_search_handles_cycles_and_dead_ends():
    successor = np.array([[1, 1], [0, 2], [-1, 3], [3, 3]])
    assert distances(successor).tolist() == [3, 2, 1, -1]


def test_a_study_past_its_bound_says_how_far_it_got():
    with pytest.raises(StudyTooBig) as caught:
        study(Board.empty_frame(6), parse_sticks("1,1,2h"), max_positions=10)
    assert caught.value.seen == 11
    assert isinstance(caught.value, ValueError)


def test_a_frame_with_sticks_or_bad_sticks_are_refused():
    with pytest.raises(StudyError):
        study(Board.from_text("5\n#####\n#0  #\n#   #\n#   #\n## ##\n"), parse_sticks("1"))
    for bad in ("", "2", "0h", "h", "2hv", "-1v"):
        if bad == "2":
            continue
        with pytest.raises(StudyError):
            parse_sticks(bad)


def test_gaps_are_taken_once_up_to_the_frames_symmetry():
    assert [g for g, _ in one_gap_frames(6)] == [(0, 1), (0, 2)]
    assert [g for g, _ in one_gap_frames(7)] == [(0, 1), (0, 2), (0, 3)]
    assert [g for g, _ in one_gap_frames(6, 5)] == [(0, 1), (0, 2), (1, 0), (2, 0)]
    # the same graph up to symmetry: the mirrored and turned frames' histograms agree
    sticks = parse_sticks("1,2h,2v")
    base = study(frame(6, 6, [(0, 1)]), sticks)
    for gap in [(0, 4), (5, 1), (1, 0), (4, 5)]:
        other = study(frame(6, 6, [gap]), sticks)
        assert (other.histogram, other.unsolvable) == (base.histogram, base.unsolvable)


def test_a_family_lists_every_multiset_that_leaves_a_cell_free():
    found = multisets(stick_kinds(3), 8, 9)  # a 5 x 5 frame's 9 cells inside
    assert all(sum(n for n, _ in s) < 9 for s in found)
    assert ((1, False),) * 8 in found and ((1, False),) * 9 not in found

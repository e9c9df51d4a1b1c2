"""The big triangle's geometry against the spec's words (tests/support/triangle_reference.py)."""

import math

import pytest

import triangle_reference as ref
from webapp.triangle import geometry


@pytest.mark.parametrize("n", range(1, 9))
def test_slots_and_inner_edges_match_the_spec(n):
    assert list(geometry.slots(n)) == ref.rows(n)
    assert sorted(geometry.inner_edges(n)) == sorted(
        tuple(sorted(e)) for e in ref.edges(n))
    assert len(geometry.inner_edges(n)) == 3 * n * (n - 1) // 2


@pytest.mark.parametrize("n", range(1, 9))
def test_neighbours_are_symmetric(n):
    nb = geometry.neighbours(n)
    outer = 0
    for s, sides in enumerate(nb):
        for i, across in enumerate(sides):
            if across is None:
                outer += 1
            else:
                assert nb[across[0]][across[1]] == (s, i)
    assert outer == 3 * n


@pytest.mark.parametrize("n", range(1, 9))
def test_turn_is_a_120_degree_turn(n):
    turned = geometry.turn(n)
    targets = [t for t, _ in turned]
    assert sorted(targets) == list(range(n * n))
    for s in range(n * n):
        assert targets[targets[targets[s]]] == s
        assert turned[s][1] == (1, 2, 0)
    picture = tuple((s, 10 + s, 20 + s) for s in range(n * n))
    assert geometry.turn_placed(n, picture) == ref.turned(n, picture)
    # a turn carries inner edges to inner edges
    edges = {frozenset(e) for e in geometry.inner_edges(n)}
    for a, b in edges:
        a2 = (turned[a[0]][0], turned[a[0]][1][a[1]])
        b2 = (turned[b[0]][0], turned[b[0]][1][b[1]])
        assert frozenset((a2, b2)) in edges


@pytest.mark.parametrize("n", [1, 3, 6])
def test_corners_share_the_sides_they_meet_on(n):
    for (a, sa), (b, sb) in geometry.inner_edges(n):
        ca, cb = geometry.corners(n, a), geometry.corners(n, b)
        side_a = {ca[sa], ca[(sa + 1) % 3]}
        side_b = {cb[sb], cb[(sb + 1) % 3]}
        assert side_a == side_b
    for s in range(n * n):
        (x0, y0), (x1, y1), (x2, y2) = geometry.corners(n, s)
        # clockwise on screen (y down): positive cross product
        assert (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0) > 0
        assert math.isclose(math.dist((x0, y0), (x1, y1)), 1, abs_tol=0.01)


@pytest.mark.parametrize("bad", [0, 9, -1, 2.0, True])
def test_bad_sides_refused(bad):
    with pytest.raises(ValueError):
        geometry.slots(bad)

"""/api/triangle/shuffle with "unique" (issue 18, items 2 and 10): the
request never searches for seconds: too few figure kinds are refused at
once, and a unique puzzle is made within a bound on search nodes and time."""

from __future__ import annotations

import pytest

from webapp.triangle import generate, search, solver
from webapp.triangle.kind import SHUFFLE_SECONDS
from webapp.triangle.textformat import parse


def test_the_issues_request_is_refused_at_once_in_words(client, monkeypatch):
    made = []
    monkeypatch.setattr(search, "count", lambda *a, **k: made.append(1) or pytest.fail("searched"))
    r = client.post("/api/triangle/shuffle", json={"size": 5, "figures": 1, "unique": True})
    assert r.status_code == 409  # each field in its range, but not together
    assert "side 5 needs at least 12 figure kinds, not 1" in r.get_json()["error"]
    assert not made


# seeds the making takes about 15 ms for on this machine: a random seed now
# and then needed the whole 0.5 s (and failed on a busy machine), which says
# nothing about the bounds under test
@pytest.mark.parametrize("size, seed", [(3, 5), (4, 5), (5, 8), (6, 1)])
def test_a_unique_puzzle_is_made_within_the_request_bounds(client, monkeypatch, size, seed):
    budgets = []
    real = search.Budget

    class Watched(real):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            budgets.append(self)

    monkeypatch.setattr(search, "Budget", Watched)
    figures = generate.MIN_UNIQUE_FIGURES[size]
    r = client.post("/api/triangle/shuffle", json={"size": size, "figures": figures, "unique": True,
                                                         "seed": seed})
    assert r.status_code == 200, r.get_json()
    assert len(budgets) == 1, "one budget for the whole making"
    bound = budgets[0]
    assert bound.max_nodes <= generate.UNIQUE_NODES_BY_SIDE.get(size, generate.UNIQUE_NODES)
    assert bound.nodes <= bound.max_nodes
    assert bound.deadline is not None and bound.deadline - bound.start <= SHUFFLE_SECONDS <= 0.5
    answer = solver.solve(parse(r.get_json()["board"]), first=1)
    assert answer.complete and answer.distinct == 1

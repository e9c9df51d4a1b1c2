"""Triangle limits (issue 18, items 6 and 7): a limit is kept (within 10 %
or 0.2 s), an answer cut off by a limit never says ``optimal``, it carries
the solutions found so far, and its ``resume`` token goes on to exactly the
answer one uninterrupted search gives.

The timed tests race the search against its limit on 8 x 8 puzzles with
one figure kind: their placements are counted in the 10**60s, no search
finishes them early, so only the limit can end it (not a speed test)."""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import triangle_reference as ref

from webapp.kinds import KINDS, get
from webapp.triangle import resume as token
from webapp.triangle import solver
from webapp.triangle.budget import Budget, Stop
from webapp.triangle.generate import random_puzzle
from webapp.triangle.kind import KIND
from webapp.triangle.puzzle import Puzzle, turnings
from webapp.triangle.textformat import write
from webapp.errors import FieldError

from paths import PUZZLES, ROOT

#: The issue's puzzle: generate --kind triangle --size 8 --figures 1 --seed 5.
ENDLESS = random_puzzle(8, 1, random.Random(5))


def _within(elapsed: float, limit: float) -> bool:
    return elapsed <= limit * 1.1 + 0.2


@pytest.mark.parametrize("first", [10, 1000, None])
def test_a_time_limit_is_kept_listing_included(first, monkeypatch):
    """The search stops at its deadline, and what follows (listing the
    pictures kept) is small. Both are counted in CPU seconds when the wall
    clock ran long, as a busy machine makes it: a CI run's 1 s limit took
    1.55 s of wall clock for 0.04 s of listing done after the stop, and
    another's stop came 1.34 s after the start, the process waiting for a
    core. The search's own promise is that it looks at the clock often:
    between its last look before the deadline and the look that stopped it,
    it worked little."""
    stopped, looks = {}, []
    check = Budget.check

    def noting(self, depth):
        looks.append((time.perf_counter(), time.thread_time()))
        try:
            return check(self, depth)
        except Stop:
            stopped.setdefault("at", (time.perf_counter(), time.process_time()))
            raise

    monkeypatch.setattr(Budget, "check", noting)
    began = time.perf_counter()
    answer = solver.solve(ENDLESS, first=first, max_seconds=1.0)
    elapsed, cpu = time.perf_counter() - began, time.process_time()
    assert answer.status == "limit" and answer.limit == "max_seconds"
    wall_at_stop, cpu_at_stop = stopped["at"]
    before = [cpu for wall, cpu in looks if wall < began + 1.0]
    gap = looks[-1][1] - before[-1]  # thread CPU seconds from the last look before the deadline
    assert _within(wall_at_stop - began, 1.0) or gap <= 0.2, \
        f"the search stopped after {wall_at_stop - began:.2f} s, {gap:.2f} s of work past its last look"
    after = cpu - cpu_at_stop
    assert _within(elapsed, 1.0) or after <= 0.2, f"{elapsed:.2f} s, {after:.2f} s of work after the stop"
    assert answer.to_json()["optimal"] is False


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def test_the_command_line_keeps_the_limit_and_claims_nothing(puzzle):
    """The limit is kept in wall-clock time, or, when a busy machine made the
    command wait for a core (a CI run's 1 s limit took 1.59 s, 0.25 s of it
    starting up), in the CPU seconds the command spent: a search that ignored
    the limit would spend them all."""
    path = puzzle(write(ENDLESS))
    program = str(Path(sys.executable).parent / "rotation-playground")
    command = [program, "solve", path, "--kind", "triangle", "--json"]
    began, cpu = time.perf_counter(), _children_cpu()
    # the same command with nothing to search: what starting up costs here and now
    subprocess.run([program, "solve", str(PUZZLES / "triangle" / "rules-example-0.txt"), "--json"],
                   capture_output=True, cwd=ROOT, check=True)
    startup, startup_cpu = time.perf_counter() - began, _children_cpu() - cpu
    began, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run([*command, "--max-seconds", "1"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    elapsed, spent = time.perf_counter() - began, _children_cpu() - cpu
    assert done.returncode == 3, done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == "limit" and answer["limit"] == "max_seconds" and answer["optimal"] is False
    assert answer["solutions"], "the solutions found so far are listed"
    assert _within(elapsed - startup, 1.0) or _within(spent - startup_cpu, 1.0), \
        f"a 1 s limit took {elapsed:.2f} s ({startup:.2f} s to start), {spent:.2f} s of CPU " \
        f"({startup_cpu:.2f} s to start)"


def test_a_node_limit_is_kept_and_the_answer_lists_what_was_found():
    answer = KIND.solve(write(ENDLESS), {"first": 10}, max_count=20_000)
    assert answer["status"] == "limit" and answer["limit"] == "max_nodes"
    assert answer["nodes"] <= 20_000 and answer["optimal"] is False and answer["complete"] is False
    assert len(answer["solutions"]) == 10 and answer["resume"]
    listed = [tuple((e["piece"], tuple(e["edges"])) for e in s) for s in answer["solutions"]]
    for placement in listed:
        assert ref.fault(ENDLESS.pieces, placement) is None
    # the rules' order: pieces by index, turnings in the order of the piece's
    # line, which is not the numbers' order ((1, 1, -1) comes before (1, -1, 1))
    ranked = [tuple((p, turnings(ENDLESS.pieces[p]).index(t)) for p, t in s) for s in listed]
    assert ranked == sorted(ranked), "in the rules' order"


def test_a_trace_cut_by_a_limit_is_not_optimal():
    body = KIND.trace(ENDLESS, {"events": 50}, max_count=10)
    assert body["status"] == "limit" and body["optimal"] is False


# ------------------------------------------------------------- all kinds
_HARD = {
    "rotation": (PUZZLES / "marathon.txt").read_text(),
    "sliding": "15 14 13 12\n11 10 9 8\n7 6 5 4\n3 1 2 0\n",
    "triangle": write(ENDLESS),
}


@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from([k.name for k in KINDS]), count=st.integers(1, 400))
def test_no_kind_calls_an_answer_cut_by_a_limit_optimal(kind, count):
    answer = get(kind).solve(_HARD[kind], {}, max_count=count, max_seconds=2.0)
    cut = answer["status"] == "limit" or answer.get("limit") not in (None, False)
    assert cut, "the work under test cannot finish within these limits"
    assert answer.get("optimal") is not True


# ------------------------------------------------------------- resuming
def _chained(text: str, first: int, steps, rng: random.Random) -> tuple[dict, int]:
    """Solve, and keep searching from each limit's token until done."""
    options, runs = {"first": first}, 0
    while True:
        runs += 1
        answer = KIND.solve(text, options, max_count=rng.choice(steps))
        if answer["status"] != "limit":
            return answer, runs
        assert answer["resume"], "a limit answer can go on"
        options = {"first": first, "resume": answer["resume"]}


_SAME = ("status", "count", "distinct", "solutions", "complete", "optimal")


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 3), figures=st.integers(0, 4), seed=st.integers(0, 10**6),
       first=st.integers(1, 12), nodes=st.integers(1, 300))
def test_resuming_gives_exactly_the_uninterrupted_answer(n, figures, seed, first, nodes):
    rng = random.Random(seed)
    text = write(random_puzzle(n, figures, rng))
    whole = KIND.solve(text, {"first": first})
    if whole["nodes"] > 40 * nodes:  # a few dozen resumes at most
        nodes = whole["nodes"] // 40 + 1
    pieces, _ = _chained(text, first, [nodes, max(1, nodes // 3), nodes * 2], rng)
    assert {k: pieces[k] for k in _SAME} == {k: whole[k] for k in _SAME}


def test_resuming_a_big_search_goes_on_from_where_it_was():
    text = write(ENDLESS)
    first = KIND.solve(text, {"first": 10}, max_count=5_000)
    later = KIND.solve(text, {"first": 10, "resume": first["resume"]}, max_count=5_000)
    assert later["status"] == "limit" and later["nodes"] > first["nodes"]
    assert int(later["count_text"]) > int(first["count_text"]) and later["distinct"] > first["distinct"]


def test_a_token_works_only_for_its_puzzle_and_listing():
    text = write(ENDLESS)
    made = KIND.solve(text, {"first": 10}, max_count=3_000)["resume"]
    other = write(random_puzzle(8, 1, random.Random(6)))
    with pytest.raises(FieldError, match="solve again"):
        KIND.solve(other, {"first": 10, "resume": made})
    with pytest.raises(FieldError, match="listing 10 solutions, not 20"):
        KIND.solve(text, {"first": 20, "resume": made})
    for bad in ("x", "A" * 40, made[:-8], made[::-1]):
        with pytest.raises(FieldError):
            KIND.solve(text, {"first": 10, "resume": bad})


def test_a_made_up_place_is_refused():
    p = Puzzle(2, ((1, 2, 0), (-1, 0, 0), (-2, 0, 0), (0, 0, 0)))
    real = solver.solve(p, first=10, max_nodes=2).resume
    for path in ((99, (0, 0)), (real.path[0], (3, 0)), (real.path[0], (real.path[1][0], 7)),
                 (real.path[0], real.path[1], (0, 0), (0, 0), (0, 0), (0, 0))):
        forged = token.encode(p, 10, type(real)(path, best=real.best))
        with pytest.raises(FieldError):
            KIND.solve(write(p), {"first": 10, "resume": forged})


def test_the_route_answers_a_bad_token_with_409_and_no_token_with_400(client):
    """A string the server did not give is a token the OpenAPI description
    allows, not one of this puzzle's: 409; a number is no token: 400."""
    r = client.post("/api/triangle/solve", json={"board": KIND.example, "resume": "nonsense"})
    assert r.status_code == 409 and "solve again" in r.get_json()["error"]
    r = client.post("/api/triangle/solve", json={"board": KIND.example, "resume": 5})
    assert r.status_code == 400


def test_a_trace_cut_by_a_limit_says_so_in_words():
    body = KIND.trace(ENDLESS, {"events": 50}, max_count=10)
    assert "the limit of steps" in body["summary"] and "max_" not in body["summary"]

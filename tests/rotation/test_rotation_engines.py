"""The rotation engines end to end: the
same answer from every engine on the command line, the answer's ``engine``
and ``cached`` fields over the web, the fallback to the reference without
the C extension, and Cancel stopping a worker that runs the C search."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from web_helpers import alive, heavy_job, make_client
from webapp.cli import main
from webapp.rotation import EXAMPLE, native, solver
from webapp.rotation.board import Board

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"

needs_c = pytest.mark.skipif(not native.available(), reason="webapp._rotation is not built")
#: A board of a few hundred states (568): small enough to be solved in the
#: request over the web, by the reference too.
MIDDLE = "generated-eleven.txt"


# ---------------------------------------------------- the command line

def _cli_answer(capsys, path: Path, *options: str) -> tuple[int, dict]:
    code = main(["solve", str(path), "--json", *options])
    captured = capsys.readouterr()
    return code, json.loads(captured.out)


@pytest.mark.parametrize("name, options", [
    ("spec-example.txt", ()),
    ("spec-unsolvable.txt", ()),
    ("maze-17.txt", ("--goal", "all")),
    (MIDDLE, ()),
    ("locked-vault.txt", ()),                                  # unsolvable, 901 states
    ("generated-crowd-30.txt", ("--goal", "all", "--max-states", "2000")),   # a limit
])
def test_every_engine_gives_the_same_json_but_for_engine_and_seconds(capsys, name, options):
    answers = {}
    for engine in ("c", "reference"):
        if engine == "c" and not native.available():
            continue
        code, answer = _cli_answer(capsys, PUZZLES / name, "--engine", engine, *options)
        assert answer.pop("engine") == engine, "the engine asked for by name is the one that ran"
        assert answer.pop("seconds") >= 0
        answers[engine] = (code, answer)
    reference = answers.pop("reference")
    for engine, got in answers.items():
        assert got == reference, engine
    assert reference[1]["states"] > 0


@pytest.mark.parametrize("retired", ["numpy", "fast"])
def test_the_retired_numpy_engine_is_a_usage_error_naming_the_engines(capsys, retired):
    with pytest.raises(SystemExit) as stopped:
        main(["solve", str(PUZZLES / "spec-example.txt"), "--engine", retired])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"--engine: the numpy engine ({retired}) was retired: use auto, c or reference" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("option", ["auto", pytest.param("c", marks=needs_c)])
def test_the_answer_names_the_engine_auto_picked(capsys, option):
    _, answer = _cli_answer(capsys, PUZZLES / MIDDLE, "--engine", option)
    assert answer["engine"] == solver.pick_engine("auto")


def test_an_unknown_engine_is_a_usage_error_naming_the_engines(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["solve", str(PUZZLES / "spec-example.txt"), "--engine", "fortran"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--engine" in err and "'fortran'" in err
    for engine in ("auto", "c", "reference"):
        assert f"'{engine}'" in err
    assert "numpy" not in err


def test_the_c_engine_where_it_is_not_built_is_exit_2_with_a_message(capsys, monkeypatch):
    monkeypatch.setattr(native, "MODULE", None)
    code = main(["solve", str(PUZZLES / "spec-example.txt"), "--engine", "c"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.startswith("error: --engine c: ") and "not built" in captured.err
    assert "Traceback" not in captured.err
    # auto falls back quietly
    assert main(["solve", str(PUZZLES / MIDDLE), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "reference"


# ------------------------------------------------------------ fallback

def _fields(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k not in ("engine", "seconds", "time")}


def test_solve_best_falls_back_to_the_reference_without_the_extension(monkeypatch):
    board = Board.from_text((PUZZLES / MIDDLE).read_text())
    first = solver.solve_best(board).to_dict()
    monkeypatch.setattr(native, "MODULE", None)
    assert solver.pick_engine("auto") == "reference"
    without = solver.solve_best(board).to_dict()
    assert without["engine"] == "reference"
    assert _fields(without) == _fields(first)
    with pytest.raises(solver.EngineError, match="not built"):
        solver.solve_best(board, engine="c")


def test_the_web_route_falls_back_to_the_reference_without_the_extension(tmp_path, monkeypatch):
    text = (PUZZLES / MIDDLE).read_text()
    with_c = make_client(tmp_path / "a", ROTATION_INLINE_STATES=5000).post(
        "/api/rotation/solve", json={"board": text}).get_json()
    monkeypatch.setattr(native, "MODULE", None)
    response = make_client(tmp_path / "b", ROTATION_INLINE_STATES=5000).post(
        "/api/rotation/solve", json={"board": text})
    assert response.status_code == 200
    body = response.get_json()
    assert body["source"] == "inline" and body["engine"] == "reference"
    assert _fields(body) == _fields(with_c)


# --------------------------------------------------------------- cached

@pytest.mark.parametrize("name", ["spec-example.txt", MIDDLE])
def test_a_cached_answer_says_so_beside_the_engine_that_computed_it(tmp_path, name):
    route = "/api/rotation/solve"
    client = make_client(tmp_path, ROTATION_INLINE_STATES=5000)
    text = (PUZZLES / name).read_text()
    first = client.post(route, json={"board": text}).get_json()
    again = client.post(route, json={"board": text}).get_json()
    assert first["cached"] is False and first["source"] == "inline"
    assert again["cached"] is True and again["source"] == "cache"
    assert again["engine"] == first["engine"] == solver.pick_engine("auto")
    assert _fields(again) == _fields(first) | {"cached": True, "source": "cache"}


def test_an_answer_from_a_worker_is_not_cached_and_the_next_one_is(tmp_path, cleanup):
    client = make_client(tmp_path, ROTATION_INLINE_STATES=1, SOLVE_WAIT_SECONDS=20.0)
    cleanup(client)
    worked = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    assert (worked["source"], worked["cached"]) == ("worker", False)
    again = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    assert (again["source"], again["cached"], again["engine"]) == ("cache", True, worked["engine"])


# --------------------------------------------------------------- cancel

#: How soon Cancel must stop a worker running the C search and free it: the
#: worker is killed, not waited for (its search would run for minutes); the
#: slack is for a busy machine (a suite run beside another took 1.0 s).
CANCEL_SECONDS = 2.0


@needs_c
def test_cancel_stops_a_worker_running_the_c_search_at_once(tmp_path, cleanup):
    # one worker: the small job waits behind the big one until Cancel frees it
    client = make_client(tmp_path, JOB_WORKERS=1, ROTATION_INLINE_STATES=1)
    cleanup(client)
    manager = client.application.extensions["playground_jobs"]
    big = manager.jobs[heavy_job(client)]
    assert big is not None
    # well under way: the C search reports its progress as it goes
    assert _wait(lambda: client.get(f"/api/jobs/{big.id}").get_json()["states"] > 50_000)
    pid = big.process.pid
    small = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    assert small["status"] == "queued" and small["place"] == 1
    following = manager.jobs[small["id"]]

    began = time.monotonic()
    cancelled = client.post(f"/api/jobs/{big.id}/cancel").get_json()
    answered = time.monotonic() - began
    assert following.began.wait(5), "the next job never started"
    freed = time.monotonic() - began
    print(f"cancel answered after {answered:.3f} s, the next job began after {freed:.3f} s")
    assert cancelled["status"] == "cancelled"
    assert client.get(f"/api/jobs/{big.id}").get_json()["status"] == "cancelled"
    assert not alive(pid), "the cancelled worker is still running"
    assert answered < CANCEL_SECONDS, f"Cancel took {answered:.3f} s"
    assert freed < CANCEL_SECONDS, f"the next job began {freed:.3f} s after Cancel"
    # and the worker that took the next job runs the C search too
    assert _wait(lambda: client.get(f"/api/jobs/{following.id}").get_json()["status"] == "done")
    assert client.get(f"/api/jobs/{following.id}").get_json()["answer"]["engine"] == "c"


def _wait(predicate, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False

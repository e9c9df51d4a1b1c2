"""The rotation engines end to end: what a command-line solve imports, the
same answer from every engine on the command line, the answer's ``engine``
and ``cached`` fields over the web, the fallback to numpy without the C
extension, and Cancel stopping a worker that runs the C search."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from web_helpers import alive, heavy_job, make_client
from webapp import cli
from webapp.cli import main
from webapp.rotation import EXAMPLE, native, solver
from webapp.rotation.board import Board

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"

needs_c = pytest.mark.skipif(not native.available(), reason="webapp._rotation is not built")
#: Every engine, the C one skipped (and said so) where it is not built.
ENGINES = [pytest.param("c", marks=needs_c), "numpy", "reference"]

#: Modules a command-line solve of a rotation puzzle must not load: the web
#: stack, numpy (unless its engine runs) and the other kinds.
HEAVY_MODULES = ("numpy", "flask", "werkzeug", "jinja2", "waitress")
OTHER_KINDS = ("webapp.sliding", "webapp.triangle")
#: What start-up was cut of (issue 12): dataclasses (with inspect, ast, dis,
#: tokenize), typing, shutil (argparse's terminal width, with bz2 and lzma),
#: threading (a progress line on a terminal only) and importlib.util (numpy's
#: find_spec, asked only without the C engine). (The editable install's import
#: finder, which loaded pathlib, re and more, is the set-up's: see the Makefile test.)
CUT_AT_START_UP = ("dataclasses", "inspect", "ast", "dis", "tokenize", "typing", "shutil",
                   "bz2", "lzma", "threading", "importlib.util")

#: A board of a few hundred states (568): past the first SMALL_SEARCH states
#: that solve_best gives the reference when it falls back to numpy, and small
#: enough to be solved in the request over the web.
MIDDLE = "generated-eleven.txt"


def imported(*argv: str) -> set[str]:
    """The modules a fresh ``python -X importtime *argv`` imported (it must succeed)."""
    done = subprocess.run([sys.executable, "-X", "importtime", *argv], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return {m[1] for m in re.finditer(r"^import time:.*\|\s*([\w.]+)\s*$", done.stderr, re.M)}


def tops(modules: set[str], wanted) -> list[str]:
    return sorted(m for m in modules if m == wanted or m.startswith(f"{wanted}."))


def loaded_by(*argv: str, site: bool = True) -> set[str]:
    """``sys.modules`` after the command line ran ``argv`` in a fresh
    interpreter: every module, also those that ``-X importtime`` does not
    list (imported with importlib.import_module, as the kinds are).
    ``site=False``: without the site-packages' .pth files (``-S``), so that
    only our code's imports count, however the package was installed."""
    probe = ("import sys\n"
             "from webapp.cli import main\n"
             "code = main(sys.argv[1:])\n"
             "print('modules:', *sorted(sys.modules), file=sys.stderr)\n"
             "sys.exit(code)\n")
    done = subprocess.run([sys.executable, *([] if site else ["-S"]), "-c", probe, *argv],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(line for line in done.stderr.splitlines() if line.startswith("modules: "))
    return set(line.split()[1:])


# ------------------------------------------------------------- start-up

@needs_c
def test_a_cli_solve_with_the_c_engine_imports_neither_numpy_nor_the_web_stack():
    modules = imported("-m", "webapp.cli", "solve", str(PUZZLES / "spec-example.txt"))
    assert "webapp._rotation" in modules and "webapp.rotation.solver" in modules
    for name in HEAVY_MODULES + OTHER_KINDS:
        assert not tops(modules, name), f"a rotation solve imported {tops(modules, name)[:3]}"


@needs_c
@pytest.mark.parametrize("puzzle", ["spec-example.txt", "maze-17-no-way-out.txt"])
def test_a_cli_solve_loads_nothing_that_start_up_was_cut_of(puzzle):
    modules = loaded_by("solve", str(PUZZLES / puzzle), "--json", site=False)
    assert {"webapp._rotation", "webapp.rotation.kind", "json", "argparse"} <= modules
    for name in HEAVY_MODULES + OTHER_KINDS + CUT_AT_START_UP:
        assert not tops(modules, name), f"a rotation solve loaded {tops(modules, name)[:3]}"


def test_the_check_sees_what_a_solve_loads():
    # the probe does see them: the sliding kind (loaded by import_module), and
    # what the reference engine asks and the numpy engine loads
    assert "webapp.sliding.kind" in loaded_by("solve", str(PUZZLES / "sliding" / "rules-eight.txt"))
    modules = loaded_by("solve", str(PUZZLES / "spec-example.txt"), "--engine", "numpy")
    assert {"numpy", "importlib.util"} <= modules


def test_a_command_builds_only_its_own_parser_and_help_lists_every_command(monkeypatch, capsys):
    built = []
    for name, add in list(cli._ADD.items()):
        monkeypatch.setitem(cli._ADD, name,
                            lambda commands, name=name, add=add: (built.append(name), add(commands)))
    assert main(["solve", str(PUZZLES / "spec-example.txt")]) == 0
    assert built == ["solve"] and capsys.readouterr().out.endswith("\nmoves: L L\n")
    for argv in (["--help"], ["slove", "x"]):  # the top-level help, a command mistyped
        built.clear()
        with pytest.raises(SystemExit):
            main(argv)
        assert built == list(cli.COMMANDS) and built[:3] == ["solve", "generate", "serve"]
        shown = capsys.readouterr()
        assert all(name in shown.out + shown.err for name in cli.COMMANDS)


def test_make_setup_installs_without_an_import_finder_and_byte_compiles():
    """The set-up's effect is the machine's (a .pth line, .pyc files): the
    recipe is checked instead."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("$(STAMP):", 1)[1].split("\n\n", 1)[0]
    assert "editable_mode=compat" in recipe
    assert "-m compileall -q webapp" in recipe


@pytest.mark.parametrize("engine", ["reference", pytest.param("c", marks=needs_c)])
def test_solving_a_bigger_board_imports_no_numpy_unless_its_engine_runs(engine):
    path = str(PUZZLES / MIDDLE)
    modules = imported("-m", "webapp.cli", "solve", path, "--engine", engine)
    assert not tops(modules, "numpy") and not tops(modules, "flask")
    # the check sees numpy when it is there: the numpy engine does load it
    assert "numpy" in imported("-m", "webapp.cli", "solve", path, "--engine", "numpy")


@pytest.mark.parametrize("module", ["webapp.kinds", "webapp.rotation.kind", "webapp.sliding.kind",
                                    "webapp.triangle.kind", "webapp.sliding", "webapp.triangle",
                                    "webapp.rotation.solver"])
def test_the_kinds_and_the_solver_import_neither_numpy_nor_flask(module):
    modules = imported("-c", f"import {module}")
    for name in HEAVY_MODULES:
        assert not tops(modules, name), f"importing {module} imported {tops(modules, name)[:3]}"


def test_the_registry_loads_a_kind_only_when_it_is_asked_for():
    probe = ("import sys\n"
             "from webapp import kinds\n"
             "loaded = lambda: sorted(n for n in kinds.NAMES if f'webapp.{n}.kind' in sys.modules)\n"
             "print(loaded())\n"
             "print(kinds.names(), kinds.get('rotation').name, kinds.best('7\\n### ###\\n#     #\\n"
             "#     #\\n#     #\\n#    1#\\n#  001#\\n#######\\n').name)\n"
             "print(loaded())\n"
             "print([k.name for k in kinds.KINDS], loaded())\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "[]",
        "('rotation', 'sliding', 'triangle') rotation rotation",
        "['rotation']",
        "['rotation', 'sliding', 'triangle'] ['rotation', 'sliding', 'triangle']",
    ]


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
    for engine in ("c", "numpy", "reference"):
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


def test_fast_is_another_name_for_numpy(capsys):
    _, answer = _cli_answer(capsys, PUZZLES / MIDDLE, "--engine", "fast")
    assert answer["engine"] == "numpy"


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
    for engine in ("auto", "c", "numpy", "reference"):
        assert f"'{engine}'" in err


def test_the_c_engine_where_it_is_not_built_is_exit_2_with_a_message(capsys, monkeypatch):
    monkeypatch.setattr(native, "MODULE", None)
    code = main(["solve", str(PUZZLES / "spec-example.txt"), "--engine", "c"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert captured.err.startswith("error: --engine c: ") and "not built" in captured.err
    assert "Traceback" not in captured.err
    # auto falls back quietly
    assert main(["solve", str(PUZZLES / MIDDLE), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "numpy"


# ------------------------------------------------------------ fallback

def _fields(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k not in ("engine", "seconds", "time")}


def test_solve_best_falls_back_to_numpy_without_the_extension(monkeypatch):
    board = Board.from_text((PUZZLES / MIDDLE).read_text())
    first = solver.solve_best(board).to_dict()
    monkeypatch.setattr(native, "MODULE", None)
    assert solver.pick_engine("auto") == "numpy"
    without = solver.solve_best(board).to_dict()
    assert without["engine"] == "numpy"
    assert _fields(without) == _fields(first)
    with pytest.raises(solver.EngineError, match="not built"):
        solver.solve_best(board, engine="c")


def test_the_web_route_falls_back_to_numpy_without_the_extension(tmp_path, monkeypatch):
    text = (PUZZLES / MIDDLE).read_text()
    with_c = make_client(tmp_path / "a", ROTATION_INLINE_STATES=5000).post(
        "/api/rotation/solve", json={"board": text}).get_json()
    monkeypatch.setattr(native, "MODULE", None)
    response = make_client(tmp_path / "b", ROTATION_INLINE_STATES=5000).post(
        "/api/rotation/solve", json={"board": text})
    assert response.status_code == 200
    body = response.get_json()
    assert body["source"] == "inline" and body["engine"] == "numpy"
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
    big = manager.get(heavy_job(client))
    assert big is not None
    # well under way: the C search reports its progress as it goes
    assert _wait(lambda: client.get(f"/api/jobs/{big.id}").get_json()["states"] > 50_000)
    pid = big.process.pid
    small = client.post("/api/rotation/jobs", json={"board": EXAMPLE, "goal": "stick:1"}).get_json()
    assert small["status"] == "queued" and small["place"] == 1
    following = manager.get(small["id"])

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

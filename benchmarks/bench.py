"""Speed and memory of the rotation solvers on the benchmark puzzles: the C
engine (``webapp._rotation``), the Python reference and the competition's C++
solver (the "seed binary", where its source is).

    make bench                                    # every puzzle, 3 runs each
    .venv/bin/python benchmarks/bench.py --runs 5 --no-reference
    .venv/bin/python benchmarks/bench.py benchmarks/puzzles/b07-8sticks-unsolvable.txt

Every measurement runs in a fresh process, one after the other (never two at
once), the engines interleaved, and the table shows medians of the runs:

- c, reference: seconds inside the solve (imports and parsing
  excluded), wall clock and CPU time of the process (on a shared machine the
  wall clock also counts the time other jobs held the core); the peak
  resident memory of the process during the solve minus its peak before it
  (after imports, parsing and a small warm-up solve), per visited state.
- cT (with ``--threads T``, T > 1): the C engine again, its layers shared by
  T threads (``native_solve(threads=T)``, the command line's ``--threads``),
  beside the one-thread column, with the speed-up C s / cT s.
- start-up (first, before the table): the median wall time of a small
  solve from the command line (``puzzles/spec-example.txt``), against its
  budget :data:`STARTUP_BUDGET`; ``--no-cli`` skips it too.
- cli: the whole process ``rotation-playground solve FILE --json`` (the C
  engine when it is built, on its default ``--threads auto``: the cores the
  process may use, at most 4): start-up, imports, parsing, solve, output.
- seed: the wall time of ``seed_rotation -f FILE`` (built from
  ``../shared/bench/seed-cpp/main.cpp``, or the file given with
  ``--seed-source``, with ``g++ -O3 -std=c++11`` in a temporary directory;
  skipped, saying why, where the source or g++ is missing, as in a clone of
  this repository alone), its answer (number of moves); a run longer than
  ``--timeout`` seconds is stopped and shown as "> T s". ``seed/cli``
  compares whole processes.
- reference: one run (``--no-reference``: none), skipped on boards of more
  than ``--reference-max`` states (it runs at about 30 us a state); ``ref/C``
  compares it with the C engine. Where the C engine is not built there is
  nothing to compare: bench.py says so and exits with 2.

Results also go to ``benchmarks/results/bench-<time>.json``.

The engines answer a board with no gap without a search (docs/rotation.md,
"Decided cases"); the in-process columns time the search itself, so they
turn that shortcut off (``b07-8sticks-unsolvable`` has no gap: the seed
binary searches it in full, and so do we here). The command line keeps the
shortcut: on that board its time is the start-up alone.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PUZZLES = HERE / "puzzles"
SEED_SOURCE = ROOT.parent / "shared" / "bench" / "seed-cpp" / "main.cpp"
CLI = Path(sys.executable).parent / "rotation-playground"
ENGINES = ("c", "reference")
#: A small solve from the command line (spec-example.txt: two moves) is
#: nearly all start-up and imports; its median wall time should stay under
#: this on a 2-core machine (0.10 s measured in November 2026, while
#: `python -c pass` takes 0.02 s).
STARTUP_BUDGET = 0.15
STARTUP_PUZZLE = ROOT / "puzzles" / "spec-example.txt"


# -- one measurement, in a child process ------------------------------------------
def worker(engine: str, path: str) -> None:
    """Solve ``path`` once and print one JSON line (run as a child process)."""
    import resource

    sys.path.insert(0, str(ROOT))
    from webapp.rotation.native import native_solve
    from webapp.rotation.physics import EXAMPLE
    from webapp.rotation.search import solve
    from webapp.rotation import parse

    if re.fullmatch(r"c\d+", engine):
        threads = int(engine[1:])
        run = lambda b, **kw: native_solve(b, threads=threads, **kw)  # noqa: E731
    else:
        run = {"c": native_solve, "reference": solve}[engine]
    board = parse(Path(path).read_text())
    run(parse(EXAMPLE))  # warm-up: every import and lazy set-up done before measuring
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    began, cpu = time.perf_counter(), time.process_time()
    answer = run(board, _shortcut=False)
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"status": answer.status, "moves": answer.length, "states": answer.states,
                      "depth": answer.depth, "seconds": seconds, "cpu": cpu,
                      "rss": after - before}))


def run_child(cmd: list[str], timeout: float) -> dict:
    """Run ``cmd``; its wall time, output and peak memory (``os.wait4``)."""
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    out_chunks: list[bytes] = []
    reader = threading.Thread(target=lambda: out_chunks.append(proc.stdout.read()))
    reader.start()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - began
    timer.cancel()
    reader.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stdout.close()
    proc.stderr.close()
    timed_out = seconds >= timeout and proc.returncode < 0
    return {"seconds": seconds, "out": b"".join(out_chunks).decode("utf-8", errors="replace"),
            "err": err, "maxrss": usage.ru_maxrss * 1024, "timed_out": timed_out,
            "code": proc.returncode, "cpu": usage.ru_utime + usage.ru_stime}


def measure_python(engine: str, path: Path, timeout: float) -> dict:
    result = run_child([sys.executable, __file__, "--worker", engine, str(path)], timeout)
    if result["timed_out"]:
        return {"timed_out": True}
    if result["code"] != 0:
        raise RuntimeError(f"{engine} on {path.name} failed:\n{result['err']}")
    return json.loads(result["out"].strip().splitlines()[-1])


def startup(runs: int) -> float:
    """The median wall time of a small solve from the command line, printed
    with the budget it is held to."""
    times = [measure_cli(STARTUP_PUZZLE, 60)["seconds"] for _ in range(runs)]
    took = median(times)
    verdict = "within" if took <= STARTUP_BUDGET else "OVER"
    print(f"start-up: a small solve from the command line takes {took:.3f} s "
          f"(median of {runs}; {verdict} the budget of {STARTUP_BUDGET} s)")
    return took


def measure_cli(path: Path, timeout: float) -> dict:
    """The whole command line: ``rotation-playground solve FILE --json``."""
    result = run_child([str(CLI), "solve", str(path), "--json"], timeout)
    if result["timed_out"]:
        return {"timed_out": True}
    if result["code"] not in (0, 3):  # 3: no solution
        raise RuntimeError(f"the command line on {path.name} failed:\n{result['err']}")
    data = json.loads(result["out"])
    return {"seconds": result["seconds"], "cpu": result["cpu"], "status": data["status"],
            "moves": data.get("length"), "engine": data.get("engine")}


# -- the seed binary --------------------------------------------------------------
def build_seed(workdir: Path, seed_source: Path = SEED_SOURCE) -> tuple[Path | None, str]:
    """Compile the seed solver; (binary or None, what happened)."""
    gxx = shutil.which("g++")
    if gxx is None:
        return None, "g++ not found: the seed binary is skipped"
    if not seed_source.exists():
        # a clone of this repository alone lacks it: say where it is looked for
        return None, (f"{seed_source} not found: the seed binary is skipped (the comparison "
                      "needs the competition's C++ solver: put its main.cpp there, or pass "
                      "--seed-source PATH)")
    source = workdir / "main.cpp"
    shutil.copyfile(seed_source, source)
    binary = workdir / "seed_rotation"
    done = subprocess.run([gxx, "-O3", "-std=c++11", "-o", str(binary), str(source)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return None, f"g++ failed, the seed binary is skipped:\n{done.stderr[-2000:]}"
    version = subprocess.run([gxx, "--version"], capture_output=True, text=True).stdout
    return binary, f"seed binary built with {version.splitlines()[0]} -O3 -std=c++11"


_SEED_MOVES = re.compile(r"gefunden \((\d+) Drehung")
_SEED_TIME = re.compile(r"Fertig\. \[([0-9.eE+-]+) Sek")


def measure_seed(binary: Path, path: Path, timeout: float) -> dict:
    result = run_child([str(binary), "-f", str(path)], timeout)
    if result["timed_out"]:
        return {"timed_out": True, "seconds": result["seconds"]}
    out = result["out"]
    if (m := _SEED_MOVES.search(out)):
        status, moves = "solved", int(m.group(1))
    elif "HINWEIS" in out:
        status, moves = "solved", 0
    elif "Kein L" in out:
        status, moves = "unsolvable", None
    else:
        raise RuntimeError(f"seed binary on {path.name}: unexpected output\n{out[-500:]}"
                           f"\n{result['err'][-500:]}")
    cpu = _SEED_TIME.search(out)
    return {"status": status, "moves": moves, "seconds": result["seconds"],
            "cpu": float(cpu.group(1)) if cpu else None, "maxrss": result["maxrss"],
            "timed_out": False}


# -- the table ----------------------------------------------------------------------
def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark the rotation solvers.")
    parser.add_argument("puzzles", nargs="*", type=Path,
                        help="puzzle files (default: benchmarks/puzzles/*.txt)")
    parser.add_argument("--runs", type=int, default=3, help="runs per engine and puzzle (median)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per seed run")
    parser.add_argument("--no-reference", action="store_true",
                        help="skip the reference solver (one run each, slow)")
    parser.add_argument("--reference-max", type=int, default=1_000_000, metavar="N",
                        help="skip the reference on boards of more than N states (%(default)s)")
    parser.add_argument("--threads", type=int, default=1, metavar="T",
                        help="also run the C engine with T threads (T > 1: column cT)")
    parser.add_argument("--no-cli", action="store_true", help="skip the command line")
    parser.add_argument("--no-seed", action="store_true", help="skip the seed binary")
    parser.add_argument("--seed-source", type=Path, default=SEED_SOURCE, metavar="PATH",
                        help="the seed solver's C++ source (default: %(default)s, "
                             "present only beside the competition's shared folder)")
    parser.add_argument("--worker", nargs=2, metavar=("ENGINE", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(*args.worker)
        return 0

    sys.path.insert(0, str(ROOT))
    from webapp.rotation import native

    paths = args.puzzles or sorted(PUZZLES.glob("*.txt"))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {platform.platform()}")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    engines = ["c"] if native.available() else []
    if engines and args.threads > 1:
        engines.append(f"c{args.threads}")
    if not engines:
        print("the C engine (webapp._rotation) is not built: this benchmark times it against "
              "the reference; install with a C compiler (make setup) first", file=sys.stderr)
        return 2
    if not args.no_cli:
        startup(max(args.runs, 7))
    print(f"medians of {args.runs} runs, each in a fresh process")
    with tempfile.TemporaryDirectory(prefix="seed-bench-") as tmp:
        binary, note = (None, "seed binary skipped (--no-seed)") if args.no_seed \
            else build_seed(Path(tmp), args.seed_source)
        print(note)
        print()
        rows = []
        for path in paths:
            rows.append(bench_one(path, engines, binary, args))
            print_row(rows[-1])
        print_table(rows)
    results = HERE / "results"
    results.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (results / f"bench-{stamp}.json").write_text(json.dumps(rows, indent=2) + "\n")
    print(f"\nresults: {results / f'bench-{stamp}.json'}")
    bad = [r["puzzle"] for r in rows if r.get("agree") is False]
    if bad:
        print(f"DISAGREEMENT on: {', '.join(bad)}")
        return 1
    return 0


def _answer(result: dict) -> tuple:
    return result["status"], result["moves"], result["states"], result["depth"]


def bench_one(path: Path, engines: list[str], binary, args) -> dict:
    from webapp.rotation import parse

    board = parse(path.read_text())
    runs: dict[str, list[dict]] = {name: [] for name in [*engines, "cli", "seed"]}
    for _ in range(args.runs):  # interleaved: every engine sees the same machine
        for name in engines:
            runs[name].append(measure_python(name, path, 3600))
        if not args.no_cli and CLI.exists():
            runs["cli"].append(measure_cli(path, 3600))
        if binary is not None:
            runs["seed"].append(measure_seed(binary, path, args.timeout))
    first = runs[engines[0]][0]
    row = {"puzzle": path.stem, "size": f"{board.width}x{board.height}",
           "sticks": len(board.sticks), "status": first["status"], "moves": first["moves"],
           "states": first["states"], "depth": first["depth"], "agree": True}
    for name in engines:
        if any(_answer(r) != _answer(first) for r in runs[name]):
            row["agree"] = False  # an engine disagrees with the first one, or with itself
        seconds = median([r["seconds"] for r in runs[name]])
        rss = median([r["rss"] for r in runs[name]])
        row[name] = {"s": seconds, "runs": [r["seconds"] for r in runs[name]],
                     "cpu_s": median([r["cpu"] for r in runs[name]]),
                     "us_per_state": seconds / row["states"] * 1e6,
                     "cpu_us_per_state": median([r["cpu"] for r in runs[name]]) / row["states"] * 1e6,
                     "rss_bytes": rss, "rss_per_state": rss / row["states"]}
    if runs["cli"]:
        done = runs["cli"]
        row["cli"] = {"s": median([r["seconds"] for r in done]),
                      "cpu_s": median([r["cpu"] for r in done]), "engine": done[0]["engine"]}
        if any((r["status"], r["moves"]) != (row["status"], row["moves"]) for r in done):
            row["agree"] = False
    if binary is not None:
        seed_runs = runs["seed"]
        done = [r for r in seed_runs if not r["timed_out"]]
        seed = row["seed"] = {"runs": [r["seconds"] if not r["timed_out"] else None
                                       for r in seed_runs]}
        if len(done) == len(seed_runs):
            seed.update(s=median([r["seconds"] for r in done]),
                        cpu_s=median([r["cpu"] for r in done]),
                        rss=median([r["maxrss"] for r in done]),
                        moves=done[0]["moves"], status=done[0]["status"])
            seed["agree"] = (done[0]["status"], done[0]["moves"]) == (row["status"], row["moves"])
            row["agree"] = row["agree"] and seed["agree"]
        else:
            seed.update(s=None, timeout=args.timeout)
    if not args.no_reference:
        if row["states"] > args.reference_max:
            row["reference"] = {"skipped": f"more than {args.reference_max:,} states"}
        else:
            ref = measure_python("reference", path, 3600)
            row["reference"] = {"s": ref["seconds"],
                                "us_per_state": ref["seconds"] / ref["states"] * 1e6,
                                "per_c": ref["seconds"] / row["c"]["s"],
                                "agrees": _answer(ref) == _answer(first)}
            row["agree"] = row["agree"] and row["reference"]["agrees"]
    return row


def _answer_text(r) -> str:
    return "unsolvable" if r["status"] == "unsolvable" else \
        f"{r['moves']} moves" if r["status"] == "solved" else r["status"]


def print_row(row) -> None:
    parts = [f"{row['puzzle']}: {_answer_text(row)}, {row['states']:,} states"]
    for name in [*ENGINES, *(k for k in row if re.fullmatch(r"c\d+", k))]:
        if row.get(name, {}).get("s") is not None:
            e = row[name]
            extra = f", {e['rss_per_state']:.1f} B/state" if "rss_per_state" in e else ""
            parts.append(f"{name} {e['s']:.3f} s ({e['us_per_state']:.2f} us/state{extra})")
    if "cli" in row:
        parts.append(f"cli {row['cli']['s']:.3f} s")
    if "seed" in row:
        seed = row["seed"]
        parts.append(f"seed {seed['s']:.2f} s" if seed["s"] is not None
                     else f"seed > {seed['timeout']:.0f} s")
    print("  " + ", ".join(parts) + ("" if row["agree"] else "  DISAGREE"), flush=True)


def print_table(rows) -> None:
    head = ["puzzle", "size", "sticks", "answer", "states"]
    have = lambda key: any(key in r for r in rows)  # noqa: E731
    if have("c"):
        head += ["C s", "C cpu s", "C us/st", "C cpu us/st", "C B/st"]
    threaded = next((k for r in rows for k in r if re.fullmatch(r"c\d+", k)), None)
    if threaded:
        t = threaded[1:]
        head += [f"C x{t} s", f"C x{t} cpu s", f"C x{t} us/st", f"C/C x{t}"]
    if have("cli"):
        head += ["CLI s"]
    if have("seed"):
        head += ["seed s", "seed/CLI", "seed answer"]
    if have("reference"):
        head += ["ref s", "ref us/st", "ref/C", "ref agrees"]
    table = [head]
    for r in rows:
        line = [r["puzzle"], r["size"], str(r["sticks"]), _answer_text(r), f"{r['states']:,}"]
        if have("c"):
            c = r.get("c")
            line += [f"{c['s']:.3f}", f"{c['cpu_s']:.3f}", f"{c['us_per_state']:.2f}",
                     f"{c['cpu_us_per_state']:.2f}", f"{c['rss_per_state']:.1f}"] if c \
                else ["-"] * 5
        if threaded:
            ct, c = r.get(threaded), r.get("c")
            line += [f"{ct['s']:.3f}", f"{ct['cpu_s']:.3f}", f"{ct['us_per_state']:.2f}",
                     f"{c['s'] / ct['s']:.2f}"] if ct and c else ["-"] * 4
        if have("cli"):
            line += [f"{r['cli']['s']:.3f}" if "cli" in r else "-"]
        if have("seed"):
            seed = r.get("seed")
            if not seed:
                line += ["-"] * 3
            elif seed["s"] is None:
                against = f"> {seed['timeout'] / r['cli']['s']:.0f}" if "cli" in r else "-"
                line += [f"> {seed['timeout']:.0f}", against, "timeout"]
            else:
                answer = "unsolv." if seed["status"] == "unsolvable" else str(seed["moves"])
                against = f"{seed['s'] / r['cli']['s']:.0f}" if "cli" in r else "-"
                line += [f"{seed['s']:.2f}", against,
                         f"{answer} ({'yes' if seed['agree'] else 'NO'})"]
        if have("reference"):
            ref = r.get("reference")
            if not ref or "skipped" in ref:
                line += ["skipped" if ref else "-", "-", "-", "-"]
            else:
                line += [f"{ref['s']:.2f}", f"{ref['us_per_state']:.1f}", f"{ref['per_c']:.0f}",
                         "yes" if ref["agrees"] else "NO"]
        table.append(line)
    print()
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(" --- " if i < 4 else " ---: " for i in range(len(head))) + "|")
    for row in table[1:]:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    sys.exit(main())

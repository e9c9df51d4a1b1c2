"""Speed and memory of the fast solver on the benchmark puzzles, against the
competition's C++ solver (the "seed binary") and, if asked, the reference.

    make bench                                    # every puzzle, 3 runs each
    .venv/bin/python benchmarks/bench.py --runs 5 --reference
    .venv/bin/python benchmarks/bench.py benchmarks/puzzles/b07-8sticks-unsolvable.txt

Every measurement runs in a fresh process, one after the other (never two at
once), and the table shows medians of the runs:

- fast: seconds inside :func:`fast_solve` (imports and parsing excluded), and
  its peak memory: the process's peak resident size during the solve minus
  the peak before it (after imports, parsing and a small warm-up solve), per
  visited state; also the peak of ``tracemalloc`` (numpy reports its arrays
  to it) in one extra run.
- seed: the wall time of ``seed_rotation -f FILE`` (built from
  ``../shared/bench/seed-cpp/main.cpp``, or the file given with
  ``--seed-source``, with ``g++ -O3 -std=c++11`` in a temporary directory;
  skipped, saying why, where the source or g++ is missing, as in a clone of
  this repository alone), its answer (number of moves) and peak memory; a run
  longer than ``--timeout`` seconds is stopped and shown as "> T s".
- ratio: seed time / fast time. The seed prints no state count; its
  microseconds per state divide its time by ours (on solvable puzzles it
  expands more states, as it tests for the goal when it dequeues a state).

Results also go to ``benchmarks/results/bench-<time>.json``.

The engines answer a board with no gap without a search (docs/rotation.md,
"Decided cases"); the benchmark times the search itself, so it turns that
shortcut off (``b07-8sticks-unsolvable`` has no gap: the seed binary
searches it in full, and so do we here).
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


# -- one measurement, in a child process ------------------------------------------
def worker(engine: str, path: str, memory: str) -> None:
    """Solve ``path`` once and print one JSON line (run as a child process)."""
    import resource

    sys.path.insert(0, str(ROOT))
    from webapp.rotation.fastsearch import fast_solve
    from webapp.rotation.physics import EXAMPLE
    from webapp.rotation.search import solve
    from webapp.rotation.textformat import parse

    run = fast_solve if engine == "fast" else solve
    board = parse(Path(path).read_text())
    run(parse(EXAMPLE))  # warm-up: every import and lazy set-up done before measuring
    if memory == "tracemalloc":
        import tracemalloc

        tracemalloc.start()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    began = time.perf_counter()
    answer = run(board, _shortcut=False)
    seconds = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    traced = None
    if memory == "tracemalloc":
        traced = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    print(json.dumps({"status": answer.status, "moves": answer.length, "states": answer.states,
                      "depth": answer.depth, "seconds": seconds, "rss": after - before,
                      "traced": traced}))


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
            "code": proc.returncode}


def measure_python(engine: str, path: Path, memory: str, timeout: float) -> dict:
    result = run_child([sys.executable, __file__, "--worker", engine, str(path), memory], timeout)
    if result["timed_out"]:
        return {"timed_out": True}
    if result["code"] != 0:
        raise RuntimeError(f"{engine} on {path.name} failed:\n{result['err']}")
    return json.loads(result["out"].strip().splitlines()[-1])


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
    parser = argparse.ArgumentParser(description="Benchmark the fast solver against the seed binary.")
    parser.add_argument("puzzles", nargs="*", type=Path,
                        help="puzzle files (default: benchmarks/puzzles/*.txt)")
    parser.add_argument("--runs", type=int, default=3, help="runs per engine and puzzle (median)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per seed run")
    parser.add_argument("--reference", action="store_true",
                        help="also time the reference solver (one run each, slow)")
    parser.add_argument("--no-seed", action="store_true", help="skip the seed binary")
    parser.add_argument("--seed-source", type=Path, default=SEED_SOURCE, metavar="PATH",
                        help="the seed solver's C++ source (default: %(default)s, "
                             "present only beside the competition's shared folder)")
    parser.add_argument("--worker", nargs=3, metavar=("ENGINE", "FILE", "MEMORY"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(*args.worker)
        return 0

    paths = args.puzzles or sorted(PUZZLES.glob("*.txt"))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, {platform.platform()}")
    import numpy

    print(f"numpy {numpy.__version__}; medians of {args.runs} runs, each in a fresh process")
    with tempfile.TemporaryDirectory(prefix="seed-bench-") as tmp:
        binary, note = (None, "seed binary skipped (--no-seed)") if args.no_seed \
            else build_seed(Path(tmp), args.seed_source)
        print(note)
        print()
        rows = []
        for path in paths:
            rows.append(bench_one(path, binary, args))
            print_row(rows[-1])
        print_table(rows, binary is not None)
    results = HERE / "results"
    results.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    (results / f"bench-{stamp}.json").write_text(json.dumps(rows, indent=2) + "\n")
    print(f"\nresults: {results / f'bench-{stamp}.json'}")
    bad = [r["puzzle"] for r in rows if r.get("agree") is False]
    if bad:
        print(f"DISAGREEMENT with the seed binary on: {', '.join(bad)}")
        return 1
    return 0


def bench_one(path: Path, binary, args) -> dict:
    from webapp.rotation.textformat import parse

    board = parse(path.read_text())
    fast_runs, seed_runs = [], []
    for _ in range(args.runs):  # interleaved: both see the same machine
        fast_runs.append(measure_python("fast", path, "rss", 3600))
        if binary is not None:
            seed_runs.append(measure_seed(binary, path, args.timeout))
    traced = measure_python("fast", path, "tracemalloc", 3600)
    first = fast_runs[0]
    row = {"puzzle": path.stem, "size": f"{board.width}x{board.height}",
           "sticks": len(board.sticks), "status": first["status"], "moves": first["moves"],
           "states": first["states"], "depth": first["depth"]}
    if any((r["status"], r["moves"], r["states"]) != (first["status"], first["moves"],
                                                     first["states"]) for r in fast_runs):
        raise RuntimeError(f"{path.name}: the fast solver's runs disagree")
    seconds = median([r["seconds"] for r in fast_runs])
    rss = median([r["rss"] for r in fast_runs])
    row.update(fast_s=seconds, fast_runs=[r["seconds"] for r in fast_runs],
               us_per_state=seconds / row["states"] * 1e6, states_per_s=row["states"] / seconds,
               rss_bytes=rss, rss_per_state=rss / row["states"],
               traced_bytes=traced["traced"], traced_per_state=traced["traced"] / row["states"])
    if binary is not None:
        done = [r for r in seed_runs if not r["timed_out"]]
        row["seed_runs"] = [r["seconds"] if not r["timed_out"] else None for r in seed_runs]
        if len(done) == len(seed_runs):
            row.update(seed_s=median([r["seconds"] for r in done]),
                       seed_cpu_s=median([r["cpu"] for r in done]),
                       seed_rss=median([r["maxrss"] for r in done]),
                       seed_moves=done[0]["moves"], seed_status=done[0]["status"])
            row["seed_us_per_state"] = row["seed_s"] / row["states"] * 1e6
            row["ratio"] = row["seed_s"] / seconds
            row["agree"] = (done[0]["status"], done[0]["moves"]) == (row["status"], row["moves"])
        else:
            row.update(seed_s=None, seed_timeout=args.timeout,
                       ratio_at_least=args.timeout / seconds)
            if done:
                row.update(seed_moves=done[0]["moves"], seed_status=done[0]["status"])
    if args.reference:
        ref = measure_python("reference", path, "rss", 3600)
        row.update(ref_s=ref["seconds"], ref_us_per_state=ref["seconds"] / ref["states"] * 1e6,
                   ref_rss_per_state=ref["rss"] / ref["states"],
                   ref_agrees=(ref["status"], ref["moves"], ref["states"], ref["depth"])
                   == (row["status"], row["moves"], row["states"], row["depth"]))
    return row


def _fmt_seed(row) -> tuple[str, str, str, str]:
    if "seed_runs" not in row:
        return "-", "-", "-", "-"
    if row.get("seed_s") is None:
        return (f"> {row['seed_timeout']:.0f} s", "-", f"> {row['ratio_at_least']:.0f}",
                "timeout")
    seed_answer = "unsolv." if row["seed_status"] == "unsolvable" else str(row["seed_moves"])
    agree = "yes" if row["agree"] else "NO"
    return (f"{row['seed_s']:.2f}", f"{row['seed_us_per_state']:.1f}", f"{row['ratio']:.1f}",
            f"{seed_answer} ({agree})")


def print_row(row) -> None:
    seed_s, _, ratio, seed_answer = _fmt_seed(row)
    print(f"  {row['puzzle']}: {row['status']}, {row['states']:,} states, fast "
          f"{row['fast_s']:.3f} s ({row['us_per_state']:.2f} us/state, "
          f"{row['rss_per_state']:.1f} B/state), seed {seed_s} s, ratio {ratio}, "
          f"seed answer {seed_answer}", flush=True)


def print_table(rows, with_seed: bool) -> None:
    head = ["puzzle", "size", "sticks", "answer", "states", "fast s", "states/s", "us/state",
            "peak MB", "B/state", "traced B/st"]
    if with_seed:
        head += ["seed s", "seed us/st", "ratio", "seed answer"]
    if any("ref_s" in r for r in rows):
        head += ["ref s", "ref us/st", "ref agrees"]
    table = [head]
    for r in rows:
        answer = "unsolvable" if r["status"] == "unsolvable" else \
            f"{r['moves']} moves" if r["status"] == "solved" else r["status"]
        line = [r["puzzle"], r["size"], str(r["sticks"]), answer, f"{r['states']:,}",
                f"{r['fast_s']:.3f}", f"{r['states_per_s']:,.0f}", f"{r['us_per_state']:.2f}",
                f"{r['rss_bytes'] / 2**20:.1f}", f"{r['rss_per_state']:.1f}",
                f"{r['traced_per_state']:.1f}"]
        if with_seed:
            seed_s, seed_us, ratio, seed_answer = _fmt_seed(r)
            line += [seed_s, seed_us, ratio, seed_answer]
        if "ref_s" in r:
            line += [f"{r['ref_s']:.2f}", f"{r['ref_us_per_state']:.1f}",
                     "yes" if r["ref_agrees"] else "NO"]
        elif any("ref_s" in x for x in rows):
            line += ["-", "-", "-"]
        table.append(line)
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    print()
    for k, row in enumerate(table):
        print("  ".join(cell.rjust(w) if i else cell.ljust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))))
        if k == 0:
            print("  ".join("-" * w for w in widths))


if __name__ == "__main__":
    sys.exit(main())

"""Load test of a cluster on one machine (``make loadtest-cluster``).

Starts the cluster of ``make cluster`` (Redis, PostgreSQL, two web
processes, two job workers; tools/cluster.py) on free ports in a
temporary folder, runs Locust headless against both web processes at once
(benchmarks/locustfile.py: pages, small solves, short links, big solves
given to workers), kills one worker with ``kill -9`` half-way through, and
then prints: requests and errors, p50/p95 of pages and small solves, jobs
finished, failed with a message and lost (never ended: must be 0), links
created and readable afterwards through the other web process (must be
equal). The exit status is 1 when a job or a link was lost.

    python benchmarks/loadtest_cluster.py --clients 50 --seconds 60
"""

from __future__ import annotations

import argparse
import csv
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tools"))

from loadtest import call, heavy_board  # noqa: E402
from cluster import Cluster  # noqa: E402
from devservers import free_port  # noqa: E402

# the web processes of the test: bounded big solves; clients told apart by
# X-Forwarded-For (one trusted proxy: loopback only), so that every Locust
# user is a client of its own, as on the internet
SERVER_CONFIG = {"ROTATION_MAX_SECONDS": 8.0, "TRUSTED_PROXIES": 1,
                 "RATELIMIT_APPLICATION": "100000 per minute", "JOB_QUEUE_MAX": 64}
ENDED = ("done", "failed", "cancelled")


def _follow(urls: list[str], jobs: dict, seconds: float) -> dict:
    """Each job's final status (polled through every web process in turn),
    for up to ``seconds``; the ones that never ended keep their last."""
    final = dict(jobs)
    deadline = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < deadline:
        waiting = [job for job, status in final.items() if status not in ENDED]
        if not waiting:
            break
        for job in waiting:
            url = urls[turn % len(urls)]
            turn += 1
            host, port = url.removeprefix("http://").split(":")
            status, body = call(host, int(port), "GET", f"/api/jobs/{job}")
            if status == 200 and isinstance(body, dict):
                final[job] = body["status"]
                if body["status"] == "failed":
                    final[job] = "failed" if body.get("error") else "failed without a message"
            elif status == 404:
                final[job] = "unknown"
        time.sleep(1.0)
    return final


def _readable(urls: list[str], links: list[str]) -> int:
    """How many of ``links`` open (200) through each web process in turn."""
    opened = 0
    for n, link in enumerate(links):
        host, port = urls[(n + 1) % len(urls)].removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        try:
            conn.request("GET", f"/s/{link}")
            opened += conn.getresponse().status == 200
        finally:
            conn.close()
    return opened


def _stats(path: Path) -> dict:
    """Locust's summary CSV by request name."""
    with open(path, newline="") as f:
        return {row["Name"]: row for row in csv.DictReader(f)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="Locust users (default: 50)")
    parser.add_argument("--seconds", type=float, default=60, help="how long the load lasts")
    parser.add_argument("--spawn-rate", type=float, default=10, help="users started a second")
    parser.add_argument("--no-kill", action="store_true", help="kill no worker half-way")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="loadtest-cluster-"))
    boards = [heavy_board(seed, size=30, sticks=16) for seed in range(12)]
    (folder / "boards.json").write_text(json.dumps(boards))
    record = folder / "record.json"
    cluster = Cluster(folder, web_ports=(free_port(), free_port()), workers=2, config=SERVER_CONFIG,
                      keep_data=False)
    print(f"starting the cluster in {folder} ...", flush=True)
    with cluster:
        urls = cluster.urls
        print(f"web processes: {', '.join(urls)}; 2 workers; Locust: {args.clients} users "
              f"for {args.seconds:g} s", flush=True)
        env = {"LOADTEST_URLS": ",".join(urls), "LOADTEST_BOARDS": str(folder / "boards.json"),
               "LOADTEST_RECORD": str(record)}
        locust = subprocess.Popen(
            [str(Path(sys.executable).with_name("locust")), "-f", str(ROOT / "benchmarks" / "locustfile.py"),
             "--headless", "--users", str(args.clients), "--spawn-rate", str(args.spawn_rate),
             "--run-time", f"{int(args.seconds)}s", "--host", urls[0], "--only-summary",
             "--csv", str(folder / "locust"), "--stop-timeout", "5", "--loglevel", "WARNING"],
            env=dict(os.environ, **env), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        killed = threading.Event()
        if not args.no_kill:
            def kill() -> None:
                if locust.poll() is None:
                    cluster.kill_worker(0)
                    killed.set()
            timer = threading.Timer(args.seconds / 2, kill)
            timer.start()
        _, errors = locust.communicate()
        if not args.no_kill:
            timer.cancel()
        if not record.exists():
            print(f"Locust ended without its record (exit {locust.returncode}):\n{errors[-2000:]}")
            return 1
        done = json.loads(record.read_text())
        jobs = _follow(urls, done["jobs"], seconds=60)
        links = done["links"]
        readable = _readable(urls, links)
    stats = _stats(folder / "locust_stats.csv")
    whole = stats.get("Aggregated", {})
    print()
    print(f"requests {whole.get('Request Count', 0)}, errors {whole.get('Failure Count', 0)}"
          f"{' (a worker killed with kill -9 half-way)' if killed.is_set() else ''}")
    print(f"{'request':<24}{'count':>8}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}")
    for name in ("page", "small solve", "link: store", "link: open elsewhere", "job: submit", "job: poll"):
        row = stats.get(name)
        if row:
            print(f"{name:<24}{row['Request Count']:>8}{row['Failure Count']:>8}"
                  f"{row['50%']:>9}{row['95%']:>9}")
    with open(folder / "locust_failures.csv", newline="") as f:
        for row in csv.DictReader(f):
            print(f"  errors of {row['Name']}: {row['Occurrences']} x {row['Error'][:150]}")
    outcomes: dict = {}
    for status in jobs.values():
        outcomes[status] = outcomes.get(status, 0) + 1
    lost = sum(n for status, n in outcomes.items() if status not in ("done", "failed", "cancelled"))
    print(f"jobs: {len(jobs)} submitted, {outcomes.get('done', 0)} finished, "
          f"{outcomes.get('failed', 0)} failed with a message, {outcomes.get('cancelled', 0)} cancelled, "
          f"{lost} lost" + (f" ({', '.join(f'{s}: {n}' for s, n in outcomes.items() if s not in ENDED)})"
                            if lost else ""))
    print(f"links: {len(links)} created, {readable} readable afterwards through the other web process")
    if lost or readable != len(links):
        print(f"the logs and Locust's figures are kept in {folder}")
        return 1
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

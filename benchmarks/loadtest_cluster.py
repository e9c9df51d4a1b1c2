"""Load test of a cluster on one machine, with faults (``make loadtest-cluster``).

Starts the cluster of ``make cluster`` (Redis, PostgreSQL, two web
processes, two job workers; tools/cluster.py) on free ports in a
temporary folder, runs Locust headless against both web processes at once
(benchmarks/locustfile.py: pages, small solves, short links, big solves
given to workers), and splits the run in five equal stretches: a calm one,
then one for each fault, struck as its stretch begins:

- a worker killed with ``kill -9`` (and its work horse mid-job);
- Redis killed with ``kill -9``, started again after ``--outage`` seconds
  with the same settings (its append-only file gives it back its data);
- PostgreSQL stopped, started again after ``--outage`` seconds;
- a web process killed with ``kill -9``.

As ``make cluster``'s runner does, a web process or worker that ends is
started again (tools/cluster.py, ``Cluster.revive``). Once the load is over
every job still under way is followed to its end (60 s at most) and every
link opened through the other web process. Then, per stretch, it prints
requests and errors, the links created and readable, and the jobs in play
(submitted in it, or under way when it began): done, failed with a
sentence, cancelled, lost (the server said it lost it), stuck (never
ended), answered "never existed" (404), failed without a sentence. The exit
status is 1 unless every link is readable and no job is lost, stuck,
answered 404 or failed without a sentence.

    python benchmarks/loadtest_cluster.py --clients 50 --seconds 60
    python benchmarks/loadtest_cluster.py --clients 10 --seconds 40 --no-faults
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

from loadtest import call, ended, heavy_board  # noqa: E402
from cluster import Cluster  # noqa: E402
from devservers import free_port  # noqa: E402

# the web processes of the test: bounded big solves; clients told apart by
# X-Forwarded-For (one trusted proxy: loopback only), so that every Locust
# user is a client of its own, as on the internet
SERVER_CONFIG = {"ROTATION_MAX_SECONDS": 8.0, "TRUSTED_PROXIES": 1,
                 "RATELIMIT_APPLICATION": "100000 per minute", "JOB_QUEUE_MAX": 64}
ENDED = ("done", "failed", "cancelled")
#: How a job can end for the report, in its order; those after "cancelled" fail the test.
OUTCOMES = ("done", "failed", "cancelled", "lost", "stuck", "never existed", "no sentence")


def _follow(urls: list[str], jobs: dict, seconds: float) -> dict:
    """Each job as last seen (``locustfile.ended``), polled through every
    web process in turn until it ends, for up to ``seconds``."""
    deadline = time.monotonic() + seconds
    turn = 0
    while time.monotonic() < deadline:
        waiting = [job for job, seen in jobs.items()
                   if seen["status"] not in ENDED and seen["status"] != "never existed"]
        if not waiting:
            break
        for job in waiting:
            url = urls[turn % len(urls)]
            turn += 1
            host, port = url.removeprefix("http://").split(":")
            status, body = call(host, int(port), "GET", f"/api/jobs/{job}")
            if status in (200, 404) and isinstance(body, dict):
                ended(jobs[job], status, body)
        time.sleep(1.0)
    return jobs


def outcome(seen: dict) -> str:
    """One of :data:`OUTCOMES` for a job as last seen."""
    status = seen["status"]
    if status == "never existed":
        return status
    if status not in ENDED:
        return "stuck"
    if status != "done" and not seen.get("error"):
        return "no sentence"
    return "lost" if seen.get("failure") == "lost" else status


def _readable(urls: list[str], links: list) -> set[str]:
    """Which of ``links`` ([id, when]) open (200) through another web
    process than most of them were made on (each in turn)."""
    opened = set()
    for n, (link, _when) in enumerate(links):
        host, port = urls[(n + 1) % len(urls)].removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        try:
            conn.request("GET", f"/s/{link}")
            if conn.getresponse().status == 200:
                opened.add(link)
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()
    return opened


class Faults:
    """The stretches of the run and the fault that begins each (none for
    the first), struck on a timer; a thread meanwhile starts again each
    web process or worker that ended, as ``make cluster``'s runner does."""

    def __init__(self, cluster, seconds: float, outage: float, strike: bool = True) -> None:
        self.cluster, self.outage = cluster, outage
        plan = [("calm", None)]
        if strike:
            plan += [("worker kill -9", lambda: cluster.kill_worker(0)),
                     ("Redis kill -9, restart", self._redis),
                     ("PostgreSQL stop, start", self._postgres),
                     ("web process kill -9", lambda: cluster.kill_web(0))]
        self.plan, self.length = plan, seconds / len(plan)
        self.began: list[float] = []  # time.time() as each stretch began
        self.said: list[str] = []
        self.over = threading.Event()
        self.threads = [threading.Thread(target=self._strike, daemon=True),
                        threading.Thread(target=self._revive, daemon=True)]

    def _redis(self) -> None:
        self.cluster.kill_redis()
        time.sleep(self.outage)
        self.cluster.redis.start()

    def _postgres(self) -> None:
        self.cluster.postgres.stop()
        time.sleep(self.outage)
        self.cluster.postgres.start()

    def _strike(self) -> None:
        start = time.monotonic()
        for n, (name, fault) in enumerate(self.plan):
            if self.over.wait(max(0.0, start + n * self.length - time.monotonic())):
                return
            self.began.append(time.time())
            if fault is not None:
                self.said.append(f"{time.strftime('%H:%M:%S')} {name}")
                fault()

    def _revive(self) -> None:
        def say(*words, **_options) -> None:
            self.said.append(f"{time.strftime('%H:%M:%S')} {' '.join(map(str, words))}")
        while not self.over.wait(0.25):
            self.cluster.revive(say=say)

    def __enter__(self) -> "Faults":
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.over.set()
        for thread in self.threads:
            thread.join()

    def stretches(self, end: float) -> list[tuple[str, float, float]]:
        """(name, from, to) of each stretch that began (time.time()'s)."""
        bounds = [*self.began, end]
        return [(self.plan[n][0], bounds[n], bounds[n + 1]) for n in range(len(self.began))]


def report(stretches, jobs: dict, links: list, readable: set[str]) -> bool:
    """The figures of each stretch and of the whole run; whether nothing was lost."""
    rows = []
    for name, begin, end in [*stretches, ("whole run", stretches[0][1], stretches[-1][2])]:
        made = [link for link, when in links if begin <= when < end]
        # in play: submitted in the stretch, or under way as it began
        playing = [seen for seen in jobs.values()
                   if seen["at"] < end and (seen["at"] >= begin or seen.get("ended", end) >= begin)]
        counts = dict.fromkeys(OUTCOMES, 0)
        for seen in playing:
            counts[outcome(seen)] += 1
        rows.append((name, len(made), sum(link in readable for link in made), len(playing), counts))
    widths = {each: max(7, len(each) + 2) for each in OUTCOMES}
    print(f"{'stretch':<25}{'links':>7}{'readable':>9}{'jobs':>6}"
          + "".join(f"{each:>{width}}" for each, width in widths.items()))
    for name, made, opened, played, counts in rows:
        print(f"{name:<25}{made:>7}{opened:>9}{played:>6}"
              + "".join(f"{counts[each]:>{width}}" for each, width in widths.items()))
    said: dict = {}
    for seen in jobs.values():
        if seen.get("error") and seen["status"] != "done":
            said[seen["error"][:110]] = said.get(seen["error"][:110], 0) + 1
    for words, n in said.items():
        print(f"  {n} x {words}")
    *_, (_, made, opened, _, counts) = rows
    bad = {each: counts[each] for each in OUTCOMES[3:]}
    print(f"links: {made} created, {opened} readable afterwards through another web process; jobs: "
          + ", ".join(f"{n} {name if name != 'never existed' else 'answered never existed'}"
                      for name, n in bad.items()))
    return made == opened and not any(bad.values())


def _stats(path: Path) -> dict:
    """Locust's summary CSV by request name."""
    with open(path, newline="") as f:
        return {row["Name"]: row for row in csv.DictReader(f)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="Locust users (default: 50)")
    parser.add_argument("--seconds", type=float, default=60, help="how long the load lasts")
    parser.add_argument("--spawn-rate", type=float, default=10, help="users started a second")
    parser.add_argument("--outage", type=float, default=3.0,
                        help="how long Redis and PostgreSQL stay down (default: 3 s)")
    parser.add_argument("--no-faults", action="store_true", help="no faults: the load alone")
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
        with Faults(cluster, args.seconds, args.outage, strike=not args.no_faults) as faults:
            locust = subprocess.Popen(
                [str(Path(sys.executable).with_name("locust")), "-f", str(ROOT / "benchmarks" / "locustfile.py"),
                 "--headless", "--users", str(args.clients), "--spawn-rate", str(args.spawn_rate),
                 "--run-time", f"{int(args.seconds)}s", "--host", urls[0], "--only-summary",
                 "--csv", str(folder / "locust"), "--stop-timeout", "5", "--loglevel", "WARNING"],
                env=dict(os.environ, **env), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            _, errors = locust.communicate()
            ended = time.time()
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
    for line in faults.said:
        print(line)
    print(f"requests {whole.get('Request Count', 0)}, errors {whole.get('Failure Count', 0)} "
          "(during the faults: 503s with Retry-After, refused connections)")
    print(f"{'request':<24}{'count':>8}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}")
    for name in ("page", "small solve", "link: store", "link: open elsewhere", "job: submit", "job: poll"):
        row = stats.get(name)
        if row:
            print(f"{name:<24}{row['Request Count']:>8}{row['Failure Count']:>8}"
                  f"{row['50%']:>9}{row['95%']:>9}")
    with open(folder / "locust_failures.csv", newline="") as f:
        for row in csv.DictReader(f):
            print(f"  errors of {row['Name']}: {row['Occurrences']} x {row['Error'][:150]}")
    print()
    if not report(faults.stretches(ended), jobs, links, readable):
        print(f"something was lost: the logs and Locust's figures are kept in {folder}")
        return 1
    print("nothing lost: every link readable, every job done or ended with a sentence")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

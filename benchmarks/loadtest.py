"""Load test: is the server live under abuse, and under N concurrent clients?

    python benchmarks/loadtest.py                      # the abuse scenarios, then the mixed load
    python benchmarks/loadtest.py --only scenarios     # or: --only costly, --only mixed

The abuse scenarios measure the goal "GET / answers within 1 s" (p50, p95,
max of a probe every 0.1 s, timeouts) while (1) eight 40 x 40 solves, (2)
120 idle or half-sent connections, (3) a job flood from one client, (4) 16
of each kind's costliest hint and solve (issue 18: each of the six alone,
then all 96 at once) are under way, each on a fresh server for
--scenario-seconds. ``--only costly`` runs the last ones alone.

The mixed load: --clients clients for --seconds seconds.
Starts the playground (waitress) on a free loopback port with a fresh
instance folder, unless --url names a running one. The clients fetch pages
and solve small puzzles (fresh random ones, so the cache does not answer
them all), pausing --think seconds on average between requests, as people
do; meanwhile one giant solve runs in a worker process. Prints the
requests, the errors and the p50/p95 latencies of each kind. Only loopback.
"""

from __future__ import annotations

import argparse
import functools
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from webapp.rotation.board import Board, Stick  # noqa: E402

GOAL = 1.0  # seconds: GET / must answer within this while the server is abused
# The server of the load test: bounded solves; the clients are told apart by
# X-Forwarded-For (one trusted proxy: loopback only, so nobody else can lie),
# so fifty of them are fifty clients, as on the internet.
SERVER_CONFIG = {"ROTATION_MAX_SECONDS": 15.0, "TRUSTED_PROXIES": 1,
                 "RATELIMIT_APPLICATION": "100000 per minute"}


def heavy_board(seed: int, size: int = 40, sticks: int = 24) -> str:
    """A random 40 x 40 board with one gap and 24 short sticks: for the goal
    "all", far more states than a solve may spend inline."""
    from webapp.rotation.generate import generate
    from webapp.rotation.solver import solve_best

    for attempt in range(seed * 1000, seed * 1000 + 1000):
        board = generate(size, sticks, seed=attempt, max_length=3)
        if solve_best(board, "all", max_states=6_000).status == "limit":
            return board.text()
    raise SystemExit("no heavy board among 1000 seeds")


def small_puzzle(rng: random.Random) -> str:
    """A random 7 x 7 puzzle with two or three sticks: a few hundred states at most."""
    while True:
        board = Board.empty_frame(7, gap=rng.randrange(1, 6))
        sticks, taken = [], set()
        for symbol in "012"[: rng.randint(2, 3)]:
            length = rng.randint(1, 3)
            vertical = rng.random() < 0.5
            r = rng.randrange(1, 6 - (length - 1 if vertical else 0))
            c = rng.randrange(1, 6 - (0 if vertical else length - 1))
            stick = Stick(symbol, r, c, length, vertical)
            if taken.isdisjoint(stick.cells()):
                taken.update(stick.cells())
                sticks.append(stick)
        return board.with_sticks(sticks).text()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


class Client(threading.Thread):
    def __init__(self, host: str, port: int, until: float, seed: int, results: dict, lock,
                 think: float) -> None:
        super().__init__(daemon=True)
        self.think = think
        self.host, self.port, self.until = host, port, until
        self.rng = random.Random(seed)
        self.results, self.lock = results, lock
        self.address = f"10.0.{seed // 250}.{seed % 250 + 1}"

    def request(self, conn, method: str, path: str, body: dict | None = None):
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        headers["X-Forwarded-For"] = self.address
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, data

    def run(self) -> None:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        while time.monotonic() < self.until:
            kind = self.rng.choice(["page", "page", "gallery", "solve", "solve", "solve"])
            began = time.perf_counter()
            ok = False
            try:
                if kind == "page":
                    status, _ = self.request(conn, "GET", "/")
                elif kind == "gallery":
                    status, _ = self.request(conn, "GET", "/puzzles")
                else:
                    status, data = self.request(conn, "POST", "/api/rotation/solve",
                                                {"board": small_puzzle(self.rng), "goal": "any"})
                    ok = status == 200 and json.loads(data)["status"] in ("solved", "unsolvable")
                ok = ok or (kind != "solve" and status == 200)
            except (OSError, http.client.HTTPException, ValueError):
                conn.close()
                conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            elapsed = time.perf_counter() - began
            with self.lock:
                self.results.setdefault(kind, []).append(elapsed)
                if not ok:
                    self.results.setdefault("errors", []).append(kind)
            if self.think:
                # a person looks at the answer before the next click
                time.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        conn.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server() -> tuple[subprocess.Popen, str]:
    port = free_port()
    instance = tempfile.mkdtemp(prefix="loadtest-")
    with open(os.path.join(instance, "config.py"), "w") as f:
        f.write("".join(f"{k} = {v!r}\n" for k, v in SERVER_CONFIG.items()))
    env = dict(os.environ, ROTATION_PLAYGROUND_INSTANCE=instance)
    exe = Path(sys.executable).with_name("rotation-playground")
    server = subprocess.Popen([str(exe), "serve", "--port", str(port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server, url
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def ended(seen: dict, status: int, body: dict) -> None:
    """What a poll of a job (``status``, ``body``) says of it, into
    ``seen`` (the cluster's load test, benchmarks/locustfile.py): its
    status, error and failure, when it was seen ended; "never existed"
    for a 404."""
    if status == 404:
        seen.update(status="never existed", error=body.get("error"), ended=time.time())
        return
    seen.update(status=body.get("status"), error=body.get("error"), failure=body.get("failure"))
    if seen["status"] in ("done", "failed", "cancelled"):
        seen["ended"] = time.time()


def call(host: str, port: int, method: str, path: str, body: dict | None = None,
         client: str = "10.9.9.9", timeout: float = 5.0):
    """(status, body) of one request on its own connection; (None, error) on failure."""
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=payload,
                     headers={"Content-Type": "application/json", "X-Forwarded-For": client})
        response = conn.getresponse()
        data = response.read()
        try:
            data = json.loads(data)
        except ValueError:
            pass
        return response.status, data
    except (OSError, http.client.HTTPException) as exc:
        return None, type(exc).__name__
    finally:
        conn.close()


def probe(host: str, port: int, seconds: float, timeout: float) -> tuple[list[float], int]:
    """GET / every 0.1 s for ``seconds``: the latencies, and how many failed."""
    latencies, failed = [], 0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        began = time.perf_counter()
        status, _ = call(host, port, "GET", "/", timeout=timeout)
        elapsed = time.perf_counter() - began
        if status == 200:
            latencies.append(elapsed)
        else:
            failed += 1
            latencies.append(elapsed)
        time.sleep(max(0.0, 0.1 - elapsed))
    return latencies, failed


def eight_solves(host, port, seconds, stop):
    """Eight people ask for a 40 x 40 solve at once, and follow their jobs."""
    boards = [heavy_board(seed) for seed in range(8)]
    jobs, answers = [], []

    def one(n: int) -> None:
        status, body = call(host, port, "POST", "/api/rotation/solve", {"board": boards[n], "goal": "all"},
                            client=f"10.1.0.{n + 1}", timeout=seconds + 60)
        answers.append(status)
        if status == 202 and isinstance(body, dict):
            jobs.append((body["job"], f"10.1.0.{n + 1}"))
            while not stop.is_set():  # the page polls its job
                call(host, port, "GET", f"/api/jobs/{body['job']}", client=f"10.1.0.{n + 1}")
                stop.wait(1.0)

    threads = [threading.Thread(target=one, args=(n,), daemon=True) for n in range(8)]
    for thread in threads:
        thread.start()

    def report() -> str:
        return f"solve answers: {', '.join(str(a) for a in sorted(answers, key=str)) or 'none yet'}"

    def cleanup() -> None:
        for job_id, client in jobs:
            call(host, port, "POST", f"/api/jobs/{job_id}/cancel", {}, client=client)
    return report, cleanup


def idle_connections(host, port, seconds, stop):
    """120 connections opened and left idle; half of them mid-request."""
    sockets = []
    for n in range(120):
        try:
            sock = socket.create_connection((host, port), timeout=5)
        except OSError:
            break
        if n % 2:
            sock.sendall(b"POST /api/rotation/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1000\r\n\r\n{")
        sockets.append(sock)

    def report() -> str:
        return f"{len(sockets)} connections held open"

    def cleanup() -> None:
        for sock in sockets:
            sock.close()
    return report, cleanup


def job_flood(host, port, seconds, stop):
    """One client submits big solves as fast as it can."""
    boards = [heavy_board(100 + n) for n in range(4)]
    counts: dict = {}
    jobs = []

    def flood() -> None:
        n = 0
        while not stop.is_set():
            status, body = call(host, port, "POST", "/api/rotation/solve",
                                {"board": boards[n % len(boards)], "goal": "all",
                                 "orientation": n // len(boards) % 4},
                                client="10.2.0.1", timeout=10)
            counts[status] = counts.get(status, 0) + 1
            if status == 202 and isinstance(body, dict) and body.get("id"):
                jobs.append(body["id"])
            n += 1

    threads = [threading.Thread(target=flood, daemon=True) for _ in range(4)]
    for thread in threads:
        thread.start()

    def report() -> str:
        return "job submissions: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items(), key=str))

    def cleanup() -> None:
        stop.set()
        for thread in threads:
            thread.join(timeout=15)
        for job_id in jobs:
            call(host, port, "POST", f"/api/jobs/{job_id}/cancel", {}, client="10.2.0.1", timeout=2)
    return report, cleanup


#: Each kind's costliest hint and solve (issue 18), in the order of :func:`costly_requests`.
COSTLY_NAMES = ("rotation 64x64 hint", "rotation 64x64 solve", "sliding 8x8 hint",
                "sliding 8x8 solve", "triangle 8x8 hint", "triangle 8x8 solve")


@functools.lru_cache(maxsize=None)
def costly_requests() -> list[tuple[str, dict]]:
    """(path, body) of each of :data:`COSTLY_NAMES`. Rotation: a 64 x 64
    board, goal "all"; sliding: a shuffled 8 x 8 (no pattern databases that
    size); triangle: 8 x 8 with two figure kinds (the hint: issue 18's) and
    one (the solve: millions of placements to count)."""
    from webapp.rotation.generate import generate
    from webapp.sliding.kind import KIND as SLIDING
    from webapp.triangle.generate import random_puzzle
    from webapp.triangle.textformat import write

    rotation = {"board": generate(64, 40, seed=0, max_length=3).text(), "goal": "all"}
    sliding = {"board": SLIDING.text(SLIDING.shuffle({"width": 8, "height": 8}, random.Random(1)))}
    return [("/api/rotation/hint", rotation), ("/api/rotation/solve", rotation),
            ("/api/sliding/hint", sliding), ("/api/sliding/solve", sliding),
            ("/api/triangle/hint", {"board": write(random_puzzle(8, 2, random.Random(5)))}),
            ("/api/triangle/solve", {"board": write(random_puzzle(8, 1, random.Random(5)))})]


def costly(which: list[int]):
    """16 of each of ``which`` costly requests (see :func:`costly_requests`)
    in flight, each kind's from one client, as the attacker of issue 18 sent
    them; each of the 16 then does what a page does: follows a job it is
    given (a poll every 0.25 s), waits a second when refused, half a second
    after an answer, and asks again."""
    def scenario(host, port, seconds, stop):
        requests = [costly_requests()[n] for n in which]
        counts: dict = {}
        held: list[float] = []
        jobs: set = set()
        lock = threading.Lock()

        def send(n: int, path: str, body: dict) -> None:
            client = f"10.3.{n}.1"
            while not stop.is_set():
                began = time.perf_counter()
                status, answer = call(host, port, "POST", path, body, client=client, timeout=30)
                with lock:
                    counts[status] = counts.get(status, 0) + 1
                    held.append(time.perf_counter() - began)
                job = answer.get("job") if status == 202 and isinstance(answer, dict) else None
                if job:
                    with lock:
                        jobs.add((job, client))
                while job and not stop.wait(0.25):
                    status, answer = call(host, port, "GET", f"/api/jobs/{job}", client=client)
                    if status != 200 or answer.get("status") not in ("queued", "running"):
                        break
                stop.wait(1.0 if status == 429 else 0.5)

        threads = [threading.Thread(target=send, args=(n, path, body), daemon=True)
                   for n, (path, body) in enumerate(requests) for _ in range(16)]
        for thread in threads:
            thread.start()

        def report() -> str:
            return (", ".join(f"{k}: {v}" for k, v in sorted(counts.items(), key=str))
                    + f"; longest held {max(held, default=0):.1f} s")

        def cleanup() -> None:
            stop.set()
            for thread in threads:
                thread.join(timeout=35)
            for job_id, client in jobs:
                call(host, port, "POST", f"/api/jobs/{job_id}/cancel", {}, client=client, timeout=2)
        return report, cleanup
    return scenario


SCENARIOS = [("eight 40 x 40 solves", eight_solves), ("120 idle connections", idle_connections),
             ("a job flood", job_flood)]
#: Issue 18's costly requests: 16 of each in flight, each alone, then all six at once.
COSTLY = [(f"16 x {name}", costly([n])) for n, name in enumerate(COSTLY_NAMES)] \
    + [("16 x each of the six", costly(list(range(len(COSTLY_NAMES)))))]


def scenarios(seconds: float, chosen=None) -> bool:
    """Each abuse scenario (or each ``chosen`` one) on a fresh server; True
    if GET / met the goal in all."""
    print(f"GET / while the server is abused (goal: within {GOAL:g} s; a probe every 0.1 s "
          f"for {seconds:g} s, 5 s timeout)")
    print(f"{'scenario':<30}{'probes':>8}{'failed':>8}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}  goal")
    met = True
    for name, scenario in chosen or SCENARIOS + COSTLY:
        server, url = start_server()
        parts = urlparse(url)
        host, port = parts.hostname, parts.port
        stop = threading.Event()
        try:
            call(host, port, "GET", "/")  # the first request warms the app
            report, cleanup = scenario(host, port, seconds, stop)
            time.sleep(0.2)
            latencies, failed = probe(host, port, seconds, timeout=5.0)
            stop.set()
            detail = report()
            cleanup()
        finally:
            stop.set()
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        ms = [1000 * x for x in latencies]
        ok = not failed and max(ms) < 1000 * GOAL
        met = met and ok
        print(f"{name:<30}{len(ms):>8}{failed:>8}{statistics.median(ms):>10.1f}"
              f"{percentile(ms, 95):>10.1f}{max(ms):>10.1f}  {'met' if ok else 'MISSED'}"
              f"   ({detail})", flush=True)
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean pause of a client between requests, in seconds (0: none)")
    parser.add_argument("--url", help="a running server (loopback only); default: start one")
    parser.add_argument("--giant", help="the puzzle of the big solve under way "
                        "(default: a 40 x 40 board, goal all)")
    parser.add_argument("--only", choices=["scenarios", "costly", "mixed"],
                        help="run only this part (costly: issue 18's costly requests alone)")
    parser.add_argument("--scenario-seconds", type=float, default=8.0,
                        help="how long each abuse scenario lasts")
    args = parser.parse_args()

    met = True
    if args.only != "mixed":
        if args.url:
            raise SystemExit("the abuse scenarios start their own servers: no --url")
        met = scenarios(args.scenario_seconds, COSTLY if args.only == "costly" else None)
        print()
    if args.only in ("scenarios", "costly"):
        return 0 if met else 1

    server = None
    url = args.url
    if url is None:
        server, url = start_server()
    parts = urlparse(url)
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the load test only targets this machine (loopback)")
    host, port = parts.hostname, parts.port or 80

    try:
        giant = Path(args.giant).read_text() if args.giant else heavy_board(7)
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("POST", "/api/rotation/solve", body=json.dumps({"board": giant, "goal": "all"}),
                     headers={"Content-Type": "application/json"})
        job = json.loads(conn.getresponse().read())
        print(f"giant solve: job {job.get('id')} ({job.get('status')})")

        results: dict = {}
        lock = threading.Lock()
        until = time.monotonic() + args.seconds
        clients = [Client(host, port, until, seed, results, lock, args.think) for seed in range(args.clients)]
        began = time.monotonic()
        for client in clients:
            client.start()
        while any(client.is_alive() for client in clients):
            if job.get("id"):  # its page polls it, or the server reclaims it
                conn.request("GET", f"/api/jobs/{job['id']}")
                conn.getresponse().read()
            time.sleep(2)
        for client in clients:
            client.join()
        wall = time.monotonic() - began

        if job.get("id"):
            conn.request("GET", f"/api/jobs/{job['id']}")
            status = json.loads(conn.getresponse().read())
            print(f"giant solve after the test: {status['status']}, {status.get('states', 0):,} states, "
                  f"depth {status.get('depth')}, {status['seconds']:.1f} s")
            conn.request("POST", f"/api/jobs/{job['id']}/cancel", body=b"{}",
                         headers={"Content-Type": "application/json"})
            conn.getresponse().read()
        conn.close()
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)

    errors = results.pop("errors", [])
    total = sum(len(v) for v in results.values())
    print(f"{args.clients} clients (pause {args.think:g} s) for {wall:.1f} s: {total:,} requests "
          f"({total / wall:,.0f}/s), {len(errors)} errors")
    print(f"{'kind':<10}{'requests':>10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for kind in sorted(results):
        ms = [1000 * x for x in results[kind]]
        print(f"{kind:<10}{len(ms):>10,}{statistics.median(ms):>10.1f}"
              f"{percentile(ms, 95):>10.1f}{max(ms):>10.1f}")
    return 1 if errors or not met else 0


if __name__ == "__main__":
    sys.exit(main())

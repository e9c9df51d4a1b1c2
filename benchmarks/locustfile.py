"""Locust's users for the cluster's load test (benchmarks/loadtest_cluster.py
starts the cluster and Locust, headless; see benchmarks/README.md).

The users are spread over every web process (``LOADTEST_URLS``, comma-
separated), each with an address of its own (X-Forwarded-For; the web
processes trust one proxy), as people behind a proxy are:

- visitors fetch pages and solve small puzzles (fresh random ones, so the
  cache does not answer them all), pausing as people do;
- sharers store short links and open them through another web process;
- big solvers give a costly puzzle (``LOADTEST_BOARDS``, a JSON list of
  texts) to a worker and follow its job through every web process in turn
  until it ends.

What the last two did (each link's id and when it was made, each job's id,
when it was submitted, how it ended and when it was seen ended) is written
to ``LOADTEST_RECORD`` when the test stops, for the driver to check that
nothing was lost, fault by fault.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import sys
import time
from pathlib import Path

from locust import HttpUser, between, events, task

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadtest import ended, small_puzzle  # noqa: E402

URLS = [url for url in os.environ.get("LOADTEST_URLS", "").split(",") if url]
BOARDS = json.loads(Path(os.environ["LOADTEST_BOARDS"]).read_text()) \
    if os.environ.get("LOADTEST_BOARDS") else []

#: What the users did: links stored ([id, when]), jobs given and how each
#: ended ({id: {"at": when, "status", "error", "failure", "ended": when}};
#: "never existed" for a poll answered 404); times are time.time()'s.
RECORD: dict = {"links": [], "jobs": {}}
_addresses = itertools.count(1)


class Person(HttpUser):
    abstract = True

    def on_start(self) -> None:
        n = next(_addresses)
        self.address = f"10.{n // 62500 % 250}.{n // 250 % 250}.{n % 250 + 1}"
        self.rng = random.Random(n)
        self.home = self.rng.randrange(len(URLS)) if URLS else 0
        if URLS:
            self.client.base_url = URLS[self.home]

    def url(self, path: str, elsewhere: bool = False) -> str:
        """``path`` on this person's web process, or on another one."""
        if not URLS:
            return path
        index = (self.home + (1 + self.rng.randrange(len(URLS) - 1) if len(URLS) > 1 else 0)) \
            % len(URLS) if elsewhere else self.home
        return URLS[index] + path

    def call(self, method: str, path: str, name: str, body=None, elsewhere: bool = False, ok=(200,)):
        with self.client.request(method, self.url(path, elsewhere), json=body, name=name,
                                 headers={"X-Forwarded-For": self.address},
                                 catch_response=True) as response:
            if response.status_code in ok:
                response.success()
            else:
                response.failure(f"{response.status_code}: {response.text[:120]}")
            return response


class Visitor(Person):
    weight = 8
    wait_time = between(0.25, 0.75)

    @task(2)
    def page(self) -> None:
        self.call("GET", "/", "page")

    @task(1)
    def gallery(self) -> None:
        self.call("GET", "/puzzles", "page")

    @task(3)
    def small_solve(self) -> None:
        response = self.call("POST", "/api/rotation/solve", "small solve",
                             {"board": small_puzzle(self.rng), "goal": "any"})
        if response.status_code == 200 and response.json().get("status") not in ("solved", "unsolvable"):
            response.failure(f"not answered: {response.text[:120]}")


class Sharer(Person):
    weight = 2
    # a link every two seconds or so: a busy person, under the server's 60
    # links a minute for one address (faster, the 429s would be the limit
    # working, not errors)
    wait_time = between(1, 3)

    @task
    def share(self) -> None:
        response = self.call("POST", "/api/rotation/links", "link: store",
                             {"board": small_puzzle(self.rng)})
        if response.status_code == 200:
            link = response.json()["id"]
            RECORD["links"].append([link, time.time()])
            self.call("GET", f"/s/{link}", "link: open elsewhere", elsewhere=True)


class BigSolver(Person):
    weight = 1
    wait_time = between(1, 3)

    @task
    def big_solve(self) -> None:
        if not BOARDS:
            return
        board = self.rng.choice(BOARDS)
        # 200: answered from the shared cache; 429: this person's bound
        response = self.call("POST", "/api/rotation/solve", "job: submit", {"board": board, "goal": "all"},
                             ok=(200, 202, 429))
        if response.status_code != 202:
            return
        job = response.json()["id"]
        RECORD["jobs"][job] = seen = {"at": time.time(), "status": "submitted"}
        for turn in itertools.count():
            self.wait_for(1.0)
            # 503: the queue out of reach for a while (a fault): asked again
            polled = self.call("GET", f"/api/jobs/{job}", "job: poll", elsewhere=turn % 2 == 1)
            if polled.status_code in (200, 404):
                ended(seen, polled.status_code, polled.json())
                if seen.get("ended"):
                    return

    def wait_for(self, seconds: float) -> None:
        import gevent

        gevent.sleep(seconds)


@events.test_stop.add_listener
def _write_record(**_kwargs) -> None:
    path = os.environ.get("LOADTEST_RECORD")
    if path:
        Path(path).write_text(json.dumps(RECORD))

"""A made-up puzzle kind for the tests of the job machinery: a solve that
does no work and never ends by itself.

Tests of queues, places, cancelling, abandoned jobs and the bounds on
clients race a job against the clock. With a real puzzle they depend on the
machine: a faster engine finishes the "heavy" board before the test looks
(a fresh clone failed that way). A waiting job cannot finish early: it
reports a tick every few milliseconds, using no CPU, until a limit the test
sets ends it (``WAITING_MAX_SECONDS``, ``WAITING_MAX_TICKS``) or it is
cancelled. Its module is this file, so a worker process imports it from here
(the forkserver keeps the test run's ``sys.path``).

A puzzle is a label (letters, digits, dashes): two labels are two puzzles,
so two jobs; the same label asked again is the same solve.
"""

from __future__ import annotations

import contextlib
import random
import re
import time

import pytest

from apps import add_kind
from webapp.errors import FieldError, Message, PuzzleTextError
from webapp.kind_protocol import Kind
from webapp.webface import WebFace

TICK = 0.005  # seconds between two reports


class WaitingError(PuzzleTextError):
    """The kind's errors: the one type every kind raises, so the API gives
    their line and column."""


class WaitingKind(Kind):
    """Only what every kind must have (it borrows sliding's page)."""

    name = "waiting"
    title = "Waiting"
    goal = "Wait for a limit."
    counter = "ticks"
    depth_field = "depth"
    error = WaitingError
    example = "forever\n"
    web = WebFace("waiting", template="sliding.html")

    def parse(self, text: str) -> str:
        label = text.strip()
        if not re.fullmatch(r"[\w-]{1,40}", label):
            raise WaitingError("a label is 1 to 40 letters, digits or dashes", 1, 1)
        return label

    def text(self, label: str) -> str:
        return f"{label}\n"

    def encode(self, label: str) -> str:
        return f"w{label}"

    def decode(self, code: str) -> str:
        return self.parse(code[1:])

    def options(self, data: dict) -> dict:
        return {}

    def quick(self, label: str, options: dict, *, task="solve", max_count=None) -> None:
        return None  # never cheap: always a worker's

    def solve(self, label: str, options: dict, *, max_seconds=None, max_count=None,
              max_bytes=None, progress=None) -> dict:
        # two labels fail in the worker, for the tests of how a failure is told
        if label == "bug":
            raise ValueError("index 17 out of range")
        if label == "refused":  # a sentence of the catalogues, with a number a language writes its way
            raise FieldError(Message('"%(key)s" must be %(low)s to %(high)s, not %(value)s',
                                     key="ticks", low=1, high=10, value=12345))
        began, ticks = time.monotonic(), 0
        while True:
            ticks += 1
            if progress is not None:
                progress(ticks, 1)
            if max_count is not None and ticks >= max_count:
                return self._limit("ticks", ticks, began)
            if max_seconds is not None and time.monotonic() - began >= max_seconds:
                return self._limit("time", ticks, began)
            time.sleep(TICK)

    @staticmethod
    def _limit(which: str, ticks: int, began: float) -> dict:
        return {"status": "limit", "limit": which, "moves": [], "length": None, "ticks": ticks,
                "depth": 1, "optimal": False, "engine": "waiting",
                "seconds": round(time.monotonic() - began, 4)}

    def move(self, label: str, options: dict, move) -> dict:
        raise WaitingError("a waiting puzzle has no moves")

    def shuffle(self, data: dict, rng: random.Random) -> str:
        return f"w{rng.randrange(10**6)}"

    def svg(self, label: str) -> str:
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>'

    def detect(self, text: str) -> float:
        return 0.0

    def summary(self, label: str) -> dict:
        return {"width": 1, "height": 1}


KIND = WaitingKind()


@pytest.fixture
def waiting(monkeypatch):
    """The registry with the waiting kind added, for this test only."""
    return add_kind(monkeypatch, KIND)


@contextlib.contextmanager
def no_wait(client):
    """A solve asked meanwhile hands over its job at once (SOLVE_WAIT_SECONDS
    0) instead of waiting for its answer: a test that starts a job gets it."""
    config = client.application.config
    wait, config["SOLVE_WAIT_SECONDS"] = config["SOLVE_WAIT_SECONDS"], 0.0
    try:
        yield
    finally:
        config["SOLVE_WAIT_SECONDS"] = wait


def waiting_job(client, label: str = "forever", **kwargs) -> str:
    """Start a waiting job; its id (the answer must be 202: a job)."""
    with no_wait(client):
        response = client.post("/api/waiting/solve", json={"board": label}, **kwargs)
    assert response.status_code == 202, response.get_json()
    return response.get_json()["id"]

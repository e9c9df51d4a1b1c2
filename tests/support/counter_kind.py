"""A made-up fourth kind with only what the ``Kind`` contract requires (no
default overridden but ``template``: it borrows sliding's page), for the
tests that every route and document serves a kind added with no edit
outside the tests (tests/web/test_web_kinds_third.py, test_openapi.py)."""

from __future__ import annotations

import random
import time

from webapp.errors import PuzzleTextError
from webapp.kind_protocol import Kind
from webapp.webface import WebFace


class CounterError(PuzzleTextError):
    """The kind's errors: the one type every kind raises, so the API gives
    their line and column."""


class CounterKind(Kind):
    """Only what every kind must have: no default is overridden but
    ``template`` (the fake has no page of its own: it borrows sliding's)."""

    name = "counter"
    title = "Counter"
    goal = "Count down to 0."
    counter = "steps"
    depth_field = "depth"
    error = CounterError
    example = "3\n"
    web = WebFace("counter", template="sliding.html")

    def parse(self, text: str) -> int:
        stripped = text.strip()
        if not stripped.isdigit():
            raise CounterError("a counter is a whole number", 1, 1)
        return int(stripped)

    def text(self, n: int) -> str:
        return f"{n}\n"

    def encode(self, n: int) -> str:
        return f"c{n}"

    def decode(self, code: str) -> int:
        if not (code.startswith("c") and code[1:].isdigit()):
            raise CounterError(f"not a counter's code: {code!r}")
        return int(code[1:])

    def options(self, data: dict) -> dict:
        return {}

    def quick(self, n: int, options: dict, *, task="solve", max_count=None) -> dict | None:
        if task == "hint":
            return {"move": "down" if n else None, "length": n}
        return None if n > 3 else self._answer(n)

    def solve(self, n: int, options: dict, *, max_seconds=None, max_count=None,
              max_bytes=None, progress=None) -> dict:
        if progress is not None:
            progress(n, 1)
        time.sleep(0.2)  # long enough that a job is seen running
        return self._answer(n)

    def _answer(self, n: int) -> dict:
        return {"status": "solved", "moves": ["down"] * n, "length": n, "steps": n,
                "optimal": True, "engine": "counting", "seconds": 0.0}

    def move(self, n: int, options: dict, move) -> dict:
        if move != "down" or n == 0:
            raise CounterError("the only move is down, and not from 0")
        return {"board": self.text(n - 1), "moved": "down", "solved": n == 1}

    def shuffle(self, data: dict, rng: random.Random) -> int:
        return rng.randint(1, 9)

    def svg(self, n: int) -> str:
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>{n}</text></svg>'

    def detect(self, text: str) -> float:
        return 1.0 if text.strip().isdigit() else 0.0

    def summary(self, n: int) -> dict:
        return {"width": n, "height": 1}


KIND = CounterKind()

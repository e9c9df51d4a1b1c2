"""A bound on the server threads one sort of costly work may hold.

The server has a fixed number of threads (waitress's ``threads``), and a page
needs one. Work that holds a thread for long (a search in the request, a
wait for a worker's answer) takes a *seat*: at most ``at_once`` hold one, at
most ``line`` more wait for one, and a request that finds the line full is
told at once, so that it hands its work to a worker instead of holding its
thread in a queue.

>>> seats = Seats(at_once=1, line=0)
>>> with seats.seat() as first:
...     with seats.seat() as second:
...         first, second
(True, False)
>>> with seats.seat() as again:
...     again
True
"""

from __future__ import annotations

import threading
from contextlib import contextmanager


class Seats:
    def __init__(self, at_once: int, line: int = 0) -> None:
        self._held = threading.BoundedSemaphore(max(1, int(at_once)))
        self._admitted = threading.BoundedSemaphore(max(1, int(at_once)) + max(0, int(line)))

    @contextmanager
    def seat(self):
        """True once a seat is taken (after waiting in line), False at once
        when the line is full."""
        if not self._admitted.acquire(blocking=False):
            yield False
            return
        try:
            with self._held:
                yield True
        finally:
            self._admitted.release()

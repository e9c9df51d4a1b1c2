"""The limits of a triangle solve (nodes, seconds, progress), shared by every
phase of it, and the exception that stops the search at one."""

from __future__ import annotations

import time

__all__ = ["Stop", "Budget"]

#: How many nodes go by between two looks at the clock.
_CHECK_EVERY = 512
#: Progress is reported at most this often (seconds).
_PROGRESS_EVERY = 0.05


class Stop(Exception):
    """Raised through the search when a limit is reached: ``reason`` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        #: Where the counting search was, deepest first: each level's
        #: (slot, candidate index), then the root's index (see :class:`~webapp.triangle.tally.Resume`).
        self.path: list = []


class Budget:
    """The limits shared by every phase of one solve; ``progress(nodes,
    depth)`` at most every 50 ms.

    >>> b = Budget(max_nodes=10)
    >>> b.nodes = 10
    >>> b.check(0)
    Traceback (most recent call last):
    ...
    webapp.triangle.budget.Stop: max_nodes
    """

    def __init__(self, max_nodes: int | None = None, max_seconds: float | None = None,
                 progress=None) -> None:
        self.start = time.perf_counter()
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else self.start + max_seconds
        self.progress = progress
        self.last = self.start
        self.nodes = 0
        self._next = self.next_check()

    def next_check(self) -> int:
        """The node count at which the search must call :meth:`check` again."""
        target = self.nodes + _CHECK_EVERY
        return target if self.max_nodes is None else min(target, self.max_nodes)

    def check(self, depth: int) -> int:
        """Raise :class:`Stop` past a limit, report progress; the next check's count."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise Stop("max_nodes")
        now = time.perf_counter()
        if self.deadline is not None and now >= self.deadline:
            raise Stop("max_seconds")
        if self.progress is not None and now - self.last >= _PROGRESS_EVERY:
            self.last = now
            self.progress(self.nodes, depth)
        return self.next_check()

    def tick(self, depth: int) -> None:
        """One node more, the limits looked at every so often (:meth:`check`)."""
        self.nodes += 1
        if self.nodes >= self._next:
            self._next = self.check(depth)

    def seconds(self) -> float:
        return time.perf_counter() - self.start

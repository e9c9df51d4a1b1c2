"""How far a solve got: a line on standard error that follows the search
(positions, depth, rate, time), drawn only on a terminal and only after a
second, rewritten in place and cleared at the end."""

from __future__ import annotations

import threading
import time


def is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # replaced or closed streams
        return False


class Progress:
    """How far a solve got, as the engine reports it (``progress(states,
    depth)``); with ``show``, a line on ``stream`` that follows it.

    A thread draws the line, so it keeps time even while one big layer of
    the search gives no report, and only after ``DELAY`` seconds: a quick
    solve prints nothing extra.
    """

    DELAY = 1.0
    EVERY = 0.25
    _CLEAR = "\r\x1b[K"  # back to the line's start and erase it

    def __init__(self, stream, show: bool, noun: str = "position", depth: str | None = None) -> None:
        self.stream = stream
        self.noun = noun
        self.depth_words = depth  # what the depth counts, when not moves (e.g. slots filled)
        self.states = 0
        self.depth = 0
        self.phase = "search"
        self.began = time.perf_counter()
        self._done = self._lock = None  # the drawing thread's: only when shown
        self._drawn = False
        self._thread = None
        try:  # a middle dot where the terminal can show one
            "\u00b7".encode(getattr(stream, "encoding", None) or "ascii")
            self._dot = " \u00b7 "
        except (LookupError, UnicodeEncodeError):
            self._dot = " | "
        if show:
            self._done = threading.Event()
            self._lock = threading.Lock()
            self._thread = threading.Thread(target=self._run, name="progress", daemon=True)
            self._thread.start()

    def __call__(self, states: int, depth: int, phase: str = "search") -> None:
        self.states, self.depth, self.phase = states, depth, phase

    def elapsed(self) -> float:
        return time.perf_counter() - self.began

    def figures(self, rate: bool = False) -> str:
        """``1,234 positions, 38 moves deep, 3.2 s`` (with the rate per second)."""
        seconds = self.elapsed()
        if self.phase == "building":  # tables a search builds once before it starts
            return f"building pattern databases: {self.depth}%{self._dot if rate else ', '}{seconds:.1f} s"
        if self.depth_words:
            depth = f"{self.depth} {self.depth_words}"
        elif self.noun == "node":
            depth = f"bound {self.depth} move{'s' if self.depth != 1 else ''}"
        else:
            depth = f"{self.depth} move{'s' if self.depth != 1 else ''} deep"
        parts = [f"{self.states:,} {self.noun}{'s' if self.states != 1 else ''}", depth]
        if rate:
            parts.append(f"{self.states / seconds if seconds > 0 else 0:,.0f}/s")
        parts.append(f"{seconds:.1f} s")
        return (self._dot if rate else ", ").join(parts)

    def _run(self) -> None:
        if self._done.wait(self.DELAY):
            return
        while not self._done.is_set():
            self._write(self._CLEAR + "  " + self.figures(rate=True))
            self._drawn = True
            self._done.wait(self.EVERY)

    def _write(self, text: str) -> None:
        with self._lock:
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError):  # the terminal went away: nothing to show
                self._done.set()

    def close(self) -> None:
        """Stop drawing and clear the line (safe to call twice)."""
        if self._thread is not None:
            self._done.set()
            self._thread.join()
            self._thread = None
            if self._drawn:
                self._write(self._CLEAR)

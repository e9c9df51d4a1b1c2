"""How the web app answers a solve: from the cache, inline when the puzzle is
small, otherwise in a worker process (see :mod:`webapp.web.jobs`).

A request never holds a server thread for long: it waits at most
``SOLVE_WAIT_SECONDS`` for a worker, then hands back the job to poll. The
bounds on jobs are checked here, where they are submitted, not in the pool.
"""

from __future__ import annotations

import threading
import time

from flask import current_app

from ..rotation import Board, Goal
from ..rotation.solver import solve_best
from . import cache, limits as client_limits
from .jobs import Job, JobManager, complete

_submitting = threading.Lock()  # one check-then-submit at a time, or two could slip past a bound


def manager() -> JobManager:
    return current_app.extensions["rotation_jobs"]


def limits() -> dict:
    config = current_app.config
    return {"max_states": config["SOLVE_MAX_STATES"],
            "max_seconds": config["SOLVE_MAX_SECONDS"],
            "max_bytes": config["SOLVE_MAX_BYTES"]}


def quick(board: Board, goal: str, orientation: int = 0) -> dict | None:
    """The answer if it is cached or small enough to find on the spot, else None.

    Raises GoalError for a goal the board cannot have.
    """
    began = time.perf_counter()
    Goal.parse(goal).check(board)
    text = board.text()
    hit = cache.lookup(text, goal, orientation)
    if hit is not None:
        return complete(hit, text, time.perf_counter() - began, "cache")
    config = current_app.config
    # most puzzles people draw take a few hundred states: found at once
    answer = solve_best(board, goal, orientation=orientation,
                        max_states=min(config["SOLVE_QUICK_STATES"], config["SOLVE_INLINE_STATES"]))
    if answer.status == "limit" and answer.limit == "states" \
            and config["SOLVE_INLINE_STATES"] > config["SOLVE_QUICK_STATES"]:
        # a bigger one waits its turn: each holds the interpreter lock while it
        # runs, and pages and small solves must not queue behind eight of them
        with current_app.extensions["rotation_inline"]:
            answer = solve_best(board, goal, orientation=orientation,
                                max_states=config["SOLVE_INLINE_STATES"])
    if answer.status == "limit":
        return None
    body = answer.to_dict()
    cache.remember(text, goal, orientation, body)
    return complete(body, text, time.perf_counter() - began, "inline")


def start(board: Board, goal: str, orientation: int = 0) -> Job:
    """A worker for a solve that is neither cached nor small; this client's
    job for the same solve when it has one under way already.

    Raises limits.Busy (429) when this client or the queue is at its bound.
    """
    jobs = manager()
    text, who = board.text(), client_limits.client()
    with _submitting:
        # the same client asking again (a second Hint, a reload) shares the
        # search under way instead of starting another
        same = jobs.find(text, goal, orientation, who)
        if same is not None:
            jobs.touch(same)
            return same
        client_limits.check_jobs(jobs)
        return jobs.submit(text, goal, orientation, limits(), client=who)


def record(job: Job) -> None:
    """Keep a finished job's answer in the cache."""
    if job.status == "done" and job.result is not None:
        cache.remember(job.board, job.goal, job.orientation, job.result)


def settle(job: Job, seconds: float) -> None:
    """Wait up to ``seconds`` for ``job`` to finish; a job still queued is
    not waited for (its wait could be long, and it would hold a thread)."""
    deadline = time.monotonic() + seconds
    if not job.began.wait(min(0.1, seconds)) and job.status == "queued":
        return
    job.finished.wait(max(0.0, deadline - time.monotonic()))
    manager().touch(job)


def answer(board: Board, goal: str, orientation: int = 0) -> dict | Job:
    """The whole answer when it comes within ``SOLVE_WAIT_SECONDS``, else the
    job that is finding it.

    Raises RuntimeError when the worker failed.
    """
    body = quick(board, goal, orientation)
    if body is not None:
        return body
    job = start(board, goal, orientation)
    settle(job, current_app.config["SOLVE_WAIT_SECONDS"])
    if job.status == "done":
        record(job)
        return job.result
    if job.status == "failed":
        raise RuntimeError(job.error or "the solve did not finish")
    return job

"""How the web app answers a solve: from the cache, inline when the puzzle is
small, otherwise in a worker process (see :mod:`webapp.web.jobs`)."""

from __future__ import annotations

import time

from flask import current_app

from ..rotation import Board, Goal
from ..rotation.solver import solve_best
from . import cache
from .jobs import JobManager


def manager() -> JobManager:
    return current_app.extensions["rotation_jobs"]


def limits() -> dict:
    config = current_app.config
    return {"max_states": config["SOLVE_MAX_STATES"],
            "max_seconds": config["SOLVE_MAX_SECONDS"],
            "max_bytes": config["SOLVE_MAX_BYTES"]}


def _finish(answer: dict, board: Board, goal: str, orientation: int, began: float, source: str) -> dict:
    answer = dict(answer)
    answer["time"] = round(time.perf_counter() - began, 4)
    answer["source"] = source
    answer["board"] = board.text()
    return answer


def quick(board: Board, goal: str, orientation: int = 0) -> dict | None:
    """The answer if it is cached or small enough to find on the spot, else None.

    Raises GoalError for a goal the board cannot have.
    """
    began = time.perf_counter()
    Goal.parse(goal).check(board)
    text = board.text()
    hit = cache.lookup(text, goal, orientation)
    if hit is not None:
        return _finish(hit, board, goal, orientation, began, "cache")
    inline = current_app.config["SOLVE_INLINE_STATES"]
    answer = solve_best(board, goal, orientation=orientation, max_states=inline)
    if answer.status == "limit":
        return None
    body = answer.to_dict()
    cache.remember(text, goal, orientation, body)
    return _finish(body, board, goal, orientation, began, "inline")


def start(board: Board, goal: str, orientation: int = 0):
    """A worker for a solve that is neither cached nor small."""
    return manager().submit(board.text(), goal, orientation, limits())


def record(job) -> None:
    """Keep a finished job's answer in the cache."""
    if job.status == "done" and job.result is not None:
        cache.remember(job.board, job.goal, job.orientation, job.result)


def answer(board: Board, goal: str, orientation: int = 0) -> dict:
    """The whole answer, waiting for a worker if it takes one."""
    began = time.perf_counter()
    body = quick(board, goal, orientation)
    if body is not None:
        return body
    job = start(board, goal, orientation)
    manager().wait(job, timeout=current_app.config["SOLVE_MAX_SECONDS"] + 30)
    if job.status == "running":  # pragma: no cover - the worker has its own time limit
        manager().cancel(job.id)
    record(job)
    if job.result is None:
        raise RuntimeError(job.error or "the solve did not finish")
    return _finish(job.result, board, goal, orientation, began, "worker")

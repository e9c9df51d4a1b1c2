"""How the web app answers a solve of any puzzle kind: from the cache, on the
spot when the puzzle is small, otherwise in a worker process (see
:mod:`webapp.web.jobs`).

A request never holds a server thread for long: a search in the request
is small and takes a seat (:mod:`webapp.web.seats`), a few at once; a
request waits at most ``SOLVE_WAIT_SECONDS`` for a worker, a few at once,
then hands back the job to poll. Every task of a kind (its ``tasks``: a
solve, a hint, triangle's trace) is answered this way. The bounds on jobs,
and the joining of a job under way, are the job backend's
(:mod:`webapp.web.jobbackend`). Each kind has its limits in the config,
named after it (:func:`config_keys`); a kind may give a puzzle a shorter
time limit of its own (its web face's ``time_limit``: a big sliding board).
"""

from __future__ import annotations

import time

from flask import current_app, request

from ..answer import delivered
from ..errors import FieldError, NotAvailable, pack
from . import cache, limits as client_limits
from .jobbackend import JobBackend, Request, Snapshot


def config_keys(kind) -> dict:
    """The config names of ``kind``'s limits: ``count``, ``seconds`` and
    ``bytes`` bound a worker's solve; ``inline`` (and ``quick``, below which
    an inline solve does not wait its turn) bound a solve in the request
    itself: a kind without them answers in the request only what its own
    ``quick`` finds cheap.

    >>> from webapp.kinds import get
    >>> config_keys(get("rotation"))["count"], config_keys(get("sliding"))["seconds"]
    ('ROTATION_MAX_STATES', 'SLIDING_MAX_SECONDS')
    """
    prefix, counter = kind.name.upper(), kind.counter.upper()
    return {"count": f"{prefix}_MAX_{counter}", "seconds": f"{prefix}_MAX_SECONDS",
            "bytes": f"{prefix}_MAX_BYTES", "inline": f"{prefix}_INLINE_{counter}",
            "quick": f"{prefix}_QUICK_{counter}"}


def manager() -> JobBackend:
    return current_app.extensions["playground_jobs"]


def limits(kind, puzzle=None) -> dict:
    """A worker's limits for ``kind`` (and ``puzzle``, whose kind may give
    it a time limit of its own): max_count, max_seconds, max_bytes."""
    config, keys = current_app.config, config_keys(kind)
    seconds = config.get(keys["seconds"])
    if puzzle is not None:
        own = kind.web.time_limit and kind.web.time_limit(puzzle, config)
        seconds = own if own is not None else seconds
    return {"max_count": config.get(keys["count"]),
            "max_seconds": seconds,
            "max_bytes": config.get(keys["bytes"])}


def _bounded(kind, puzzle, options: dict, count: int, task: str) -> dict | None:
    """``task`` in the request within ``count`` (states, nodes), or None."""
    config, keys = current_app.config, config_keys(kind)
    body = getattr(kind, task)(puzzle, options, max_count=count, max_seconds=config.get(keys["seconds"]),
                               max_bytes=config.get(keys["bytes"]), progress=None)
    return None if body.get("status") == "limit" else body


def inline(work):
    """``work()`` in one of the seats for searches in the request
    (``SOLVE_INLINE_AT_ONCE`` at once, ``SOLVE_INLINE_QUEUE`` in line: see
    :mod:`webapp.web.seats`); None, at once, when they are taken: the search
    is then a worker's, and the thread is free for pages."""
    with current_app.extensions["playground_inline"].seat() as seated:
        return work() if seated else None


def quick(kind, puzzle, options: dict, text: str, task: str) -> dict | None:
    """The answer if it is cached or cheap enough to find on the spot, else
    None (``text``: the puzzle's).

    Raises :data:`webapp.errors.BAD_INPUT` (e.g. rotation's GoalError) for
    options the puzzle cannot have.
    """
    began = time.perf_counter()
    body = cache.lookup(kind, text, options, task)
    if body is not None:
        return delivered(body, text, time.perf_counter() - began, "cache")
    config, keys = current_app.config, config_keys(kind)
    inline_count = config.get(keys["inline"]) or 0
    # bounded as a worker is: an answer must not hang on which of them found it
    bound = config.get(keys["count"])
    if inline_count:
        body = kind.quick(puzzle, options, task=task, max_count=bound)
        quick_count = min(config.get(keys["quick"]) or 0, inline_count)
        if body is None and quick_count:
            # most puzzles people draw take a few hundred states: found at once
            body = _bounded(kind, puzzle, options, quick_count, task)
        if body is None and inline_count > quick_count:
            # a bigger one waits its turn: each holds the interpreter lock while it
            # runs, and pages and small solves must not queue behind eight of them
            body = inline(lambda: _bounded(kind, puzzle, options, inline_count, task))
    else:
        body = inline(lambda: kind.quick(puzzle, options, task=task, max_count=bound))
    if body is None:
        return None
    cache.remember(kind, text, options, body, task)
    return delivered(body, text, time.perf_counter() - began, "inline")


def start(kind, puzzle, options: dict, text: str, task: str) -> Snapshot:
    """A worker for a solve that is neither cached nor small; this client's
    job for the same solve when it has one under way already (the
    backend's ``submit`` joins it). The worker gets the puzzle's ``text``:
    it parses it itself.

    Raises limits.Busy (429) when this client or the queue is at its bound,
    or the client over its rate of solves (each ask that needs a worker counts).
    """
    client_limits.take("JOB_RATE_LIMIT", "solves")
    bounds = limits(kind, puzzle)
    note = kind.web.job_note and kind.web.job_note(puzzle, options, bounds)
    return manager().submit(Request(kind.name, text, options, bounds, client_limits.client(),
                                    pack(note) if note else None, task))


def settle(job: Snapshot, seconds: float) -> Snapshot:
    """``job`` once it has finished, waiting up to ``seconds`` in one of the
    ``SOLVE_WAITING_AT_ONCE`` seats for waiting: with every seat taken, or
    the job still queued after a moment, it is not waited for (the wait
    could be long, and it would hold a thread that pages need)."""
    jobs = manager()
    with current_app.extensions["playground_waiting"].seat() as seated:
        if seated:
            deadline = time.monotonic() + seconds
            now = jobs.wait(job.id, min(0.1, seconds), ended=False) or job
            if now.status != "queued":
                now = jobs.wait(job.id, max(0.0, deadline - time.monotonic())) or now
            job = now
    jobs.touch(job.id)
    return job


def prefers_async() -> bool:
    """Whether the request says ``Prefer: respond-async`` (RFC 7240): its
    client follows a job itself (the page, which shows the progress and
    Cancel at once), so a solve that goes to a worker is answered with its
    job at once instead of after up to ``SOLVE_WAIT_SECONDS``."""
    return "respond-async" in request.headers.get("Prefer", "")


def answer(kind, puzzle, options: dict, task: str) -> dict | Snapshot:
    """The whole answer of ``task`` (one of the kind's ``tasks``) when it
    comes within ``SOLVE_WAIT_SECONDS`` (at once for a client that prefers
    to follow the job: :func:`prefers_async`), else the job that is finding
    it.

    Raises :data:`webapp.errors.BAD_INPUT` for options the puzzle cannot
    have (found by the worker too: :class:`~webapp.errors.FieldError`),
    :class:`~webapp.errors.NotAvailable` when the worker died or ran out of
    memory, and RuntimeError for a bug in the worker's solve (logged there).
    """
    text = kind.text(puzzle)  # the cache's key, a job's puzzle
    body = quick(kind, puzzle, options, text, task)
    if body is not None:
        return body
    job = start(kind, puzzle, options, text, task)
    if not prefers_async():
        job = settle(job, current_app.config["SOLVE_WAIT_SECONDS"])
    if job.status == "done":
        return job.result
    if job.status == "failed":
        if job.failure == "input":
            raise FieldError(job.error)
        if job.failure == "internal":
            raise RuntimeError(job.error)
        raise NotAvailable(job.error or "the solve did not finish")
    return job


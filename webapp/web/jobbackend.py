"""What a job backend is: the in-process pool (:class:`webapp.web.jobs.JobManager`)
and Redis (:class:`webapp.web.redisjobs.RedisJobManager`) both implement
:class:`JobBackend`, and :mod:`webapp.web.solving` and the API speak only
to it.

``submit`` owns the rules of a submission, once: the same client asking for
the same solve gets the job under way (a second Hint, a reload), and the
bounds on jobs (``JOB_MAX_PER_CLIENT``, ``JOB_QUEUE_MAX``: a 429,
:func:`webapp.web.limits.jobs_refusal`) are checked together with the
queueing, so that two requests cannot both take the last place. What
crosses the contract is a :class:`Snapshot`, a value: the job as it was
when read.

A finished job's answer goes into the cache once, when the backend first
sees it done (its ``on_done``), never on a poll.

A job's id (:func:`new_id`) carries its kind, its task and a check, so that
an id some server of this playground made is told from one nobody made: a
poll of a made id that no backend has any more (a Redis that restarted
without its data, a single server restarted, a job ended long ago) is
answered as a failed job that says so (:func:`lost`), not as "no such job".
The check is not a secret: a forged id only gets that answer. So a job
deleted (``DELETE /api/jobs/<id>``) is not forgotten but kept, marked
``deleted``, as long as it would have been: the API answers it 410 Gone.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass, field
from typing import Callable, Protocol

from .. import kinds
from ..errors import Message, pack, unpack, whole


KEEP_SECONDS = 600  # a finished job can be polled this long

# A job's ``error`` is kept packed (webapp.errors.pack): it crosses processes
# and stores, and is said in the language of whoever polls the job.


def abandoned(seconds: float) -> str:
    """The error of a job nobody polled for ``seconds``, packed."""
    return pack(Message("cancelled: nobody asked about it for %(seconds)s s", seconds=whole(seconds)))


#: The button to press again for a job that is gone, by its task.
_AGAIN = {"solve": Message("Solve"), "hint": Message("Hint"), "trace": Message("Show search")}
_ID = re.compile(r"([0-9a-f]{16})-([\w-]+)-(\w+)-([0-9a-f]{8})")

#: The phases a worker reports, by their number (0: the kind reports none).
PHASES = (None, "search", "building")


@dataclass(frozen=True)
class Request:
    """A search for a worker: the kind's name, the puzzle's canonical text,
    the kind's options, the worker's limits (max_count, max_seconds,
    max_bytes), who asks, the kind's sentence about it for the page, and
    the task (one of the kind's ``tasks``: ``solve``, ``hint``, ...)."""

    kind: str
    text: str
    options: dict
    limits: dict = field(default_factory=dict)
    client: str | None = None
    note: str | None = None
    task: str = "solve"

    @property
    def same(self) -> tuple:
        """What two requests share when one joins the other's job."""
        return (self.client, self.kind, self.text, self.options, self.task)


def _check(made: str) -> str:
    return hashlib.sha256(f"rotation-playground job {made}".encode()).hexdigest()[:8]


def new_id(request: Request) -> str:
    """A fresh job id for ``request``: random, its kind and task, a check
    (letters, digits and dashes: RQ takes it as its job's id too).

    >>> issued(new_id(Request("sliding", "", {}, task="hint")))
    ('sliding', 'hint')
    """
    made = f"{secrets.token_hex(8)}-{request.kind}-{request.task}"
    return f"{made}-{_check(made)}"


def issued(job_id: str) -> tuple[str, str] | None:
    """(kind, task) of an id :func:`new_id` made, else None (a typo, an id
    made up, a job of a kind this server no longer has).

    >>> issued("0123456789abcdef-rotation-solve-00000000") is None
    True
    """
    found = _ID.fullmatch(job_id)
    if found is None or _check(job_id.rpartition("-")[0]) != found[4]:
        return None
    try:
        kinds.get(found[2])
    except LookupError:
        return None
    return found[2], found[3]


@dataclass(frozen=True)
class Snapshot:
    """A job as it was read: ``body`` is what the API shows (:func:`snapshot`);
    a failed job's ``failure`` says whose fault (input, unavailable,
    internal: :data:`webapp.web.jobs.FAILURE_OF`); ``deleted``: someone
    deleted it (the API answers it 410)."""

    id: str
    status: str  # queued, running, done, cancelled, failed
    body: dict
    result: dict | None = None
    error: str | None = None
    failure: str | None = None
    deleted: bool = False

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")


#: Called once with a job's request and answer when it is first seen done.
OnDone = Callable[[Request, dict], None]


class JobBackend(Protocol):
    def submit(self, request: Request) -> Snapshot:
        """The client's job for this very solve if one is under way, else a
        new one queued; raises limits.Busy (429) over a bound."""

    def snapshot(self, job_id: str) -> Snapshot | None:
        """The job now; None when it is unknown (or long gone)."""

    def wait(self, job_id: str, seconds: float, ended: bool = True) -> Snapshot | None:
        """The job once it has ended (``ended``; else once it has left the
        queue), or when ``seconds`` are up."""

    def touch(self, job_id: str) -> None:
        """Someone still wants the job: it is not abandoned."""

    def cancel(self, job_id: str, reason: str = "cancelled") -> Snapshot | None:
        """Stop the job (its worker process killed and reaped)."""

    def delete(self, job_id: str) -> Snapshot | None:
        """Stop the job as :meth:`cancel` does and mark it deleted for
        every later read: the job as it stopped."""

    def close(self) -> None:
        """The app is going away."""

    # a job found by what it makes rather than by who asked: an animation's
    # (webapp.web.animation), which any client's next ask must find, ended or not
    def mark(self, label: str, job_id: str) -> None:
        """Remember ``job_id`` under ``label``, for every web process, as
        long as a finished job is kept."""

    def marked(self, label: str) -> Snapshot | None:
        """The job last marked ``label``, while a backend has it."""


def snapshot(job_id: str, request: Request, status: str, seconds: float, *,
             place: int | None = None, progress=None, result: dict | None = None,
             error: str | None = None, failure: str | None = None, deleted: bool = False) -> Snapshot:
    """The job of ``request`` as the API shows it: its kind, and its
    progress in the kind's own words: ``counter`` names the count
    (rotation: states, sliding: nodes), ``max_<counter>`` its bound, the
    depth field (rotation: depth, sliding: bound), and ``phase`` for a kind
    that builds tables before it searches; ``max_seconds``, the time limit
    in force (null: none), ``note``, the kind's sentence about this solve
    when it has one, and while queued ``place`` (1: next to run).
    ``progress``: (count, depth, phase number in :data:`PHASES`) so far.

    >>> body = snapshot("x", Request("sliding", "", {}), "running", 0.5, progress=(1234, 40, 2)).body
    >>> body["nodes"], body["bound"], body["phase"]
    (1234, 40, 'building')
    """
    kind = kinds.get(request.kind)
    counter, depth = kind.counter, kind.depth_field
    body = {"id": job_id, "kind": request.kind, "status": status, "counter": counter,
            f"max_{counter}": request.limits.get("max_count"),
            "max_seconds": request.limits.get("max_seconds"),
            "seconds": round(seconds, 3), counter: 0, depth: 0}
    if request.note:
        body["note"] = unpack(request.note)  # packed as the error is
    if status == "queued" and place is not None:
        body["place"] = place
    if progress is not None:
        body[counter], body[depth], number = (int(n) for n in progress[:3])
        if 0 < number < len(PHASES):
            body["phase"] = PHASES[number]
    if result is not None:
        body["answer"] = result
        body[counter] = result.get(counter, body[counter])
        body[depth] = result.get(depth, body[depth])
        body.pop("phase", None)
    error = unpack(error) if error else None
    if error:
        body["error"] = error  # a Message: the API says it in the request's language
    if status == "failed" and failure:
        body["failure"] = failure
    return Snapshot(job_id, status, body, result, error, failure, deleted)


def lost(job_id: str) -> Snapshot | None:
    """The answer to a poll of ``job_id`` that no backend has: a failed
    job (``failure`` "lost") that says so when a server made the id, else
    None (nobody made it)."""
    made = issued(job_id)
    if made is None:
        return None
    kind, task = made
    error = pack(Message("the server no longer has this search: the queue restarted and lost it (or it ended "
                         "over %(minutes)s minutes ago); press %(again)s again",
                         minutes=KEEP_SECONDS // 60, again=_AGAIN.get(task, task.capitalize())))
    return snapshot(job_id, Request(kind, "", {}, task=task), "failed", 0.0, error=error, failure="lost")

"""Solve jobs on Redis, for web processes that share them (``REDIS_URL``
set): the same methods as the in-process pool (:class:`webapp.web.jobs.JobManager`),
so :mod:`webapp.web.solving` and the API do not tell them apart.

The job is RQ's to carry to a worker (``rotation-playground worker``, see
:mod:`webapp.worker`); its state is in Redis (:mod:`webapp.web.jobstore`),
so any web process polls or cancels it. A job read here is a copy: its
``began`` and ``finished`` are waited on by polling Redis.

Redis out of reach (stopped, or slower than its short timeouts): a request
that needs the queue is a 503 with Retry-After (:class:`webapp.web.outage.ServerDown`);
looking for a job to join answers "none", so small puzzles are still
solved in the request.
"""

from __future__ import annotations

import functools
import json
import logging
import time
import uuid
from dataclasses import dataclass

from . import jobstore
from .jobs import Job, _kind_module
from .outage import ServerDown

POLL_SECONDS = 0.05     # how often a request waiting for a job reads it
CANCEL_WAIT_SECONDS = 3.0  # a cancel waits this long for the worker to have ended the process
TIMEOUT_SECONDS = 0.5   # Redis's socket timeouts: an outage is a quick 503, not a hang
NO_WORKER_SECONDS = 60.0   # how often the log may say that no worker takes the jobs
DOWN_MESSAGE = ("The queue of big solves cannot be reached just now. Small puzzles are still "
                "solved at once; please try this one again in a moment.")


def connect(url: str):
    """A connection pool to the Redis at ``url`` that gives up quickly."""
    from redis import Redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return Redis.from_url(url, socket_connect_timeout=TIMEOUT_SECONDS,
                          socket_timeout=TIMEOUT_SECONDS, retry=Retry(NoBackoff(), 1))


def _outage(method):
    """Redis out of reach: a 503 with a sentence and Retry-After."""
    from redis.exceptions import ConnectionError, TimeoutError

    @functools.wraps(method)
    def guarded(*args, **kwargs):
        try:
            return method(*args, **kwargs)
        except (ConnectionError, TimeoutError):
            raise ServerDown(DOWN_MESSAGE) from None
    return guarded


class _Polled:
    """A job's ``began`` or ``finished``, as threading.Event's ``wait``:
    Redis is read until ``reached(job)`` or the time is up."""

    def __init__(self, job: "RedisJob", reached) -> None:
        self.job, self.reached = job, reached

    def is_set(self) -> bool:
        return self.reached(self.job)

    def wait(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.reached(self.job):
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(POLL_SECONDS if deadline is None
                       else max(0.0, min(POLL_SECONDS, deadline - time.monotonic())))
            self.job.reload()
        return True


@dataclass(eq=False)
class RedisJob(Job):
    """A job as Redis holds it (times are the epoch's)."""

    manager: "RedisJobManager | None" = None
    abandon_ms: int = 0

    clock = staticmethod(time.time)

    def __post_init__(self) -> None:
        self.began = _Polled(self, lambda job: job.status != "queued")
        self.finished = _Polled(self, lambda job: not job.active)

    @classmethod
    def of(cls, job_id: str, fields: dict, manager: "RedisJobManager") -> "RedisJob":
        job = cls(job_id, fields["kind"], fields["board"], json.loads(fields["options"]),
                  json.loads(fields["limits"]), fields.get("client") or None,
                  fields.get("note") or None, manager=manager,
                  abandon_ms=int(fields.get("abandon_ms") or 0))
        job.update(fields)
        return job

    def update(self, fields: dict) -> None:
        self.status = fields["status"]
        self.submitted = float(fields["submitted"])
        self.started = float(fields["started"]) if fields.get("started") else None
        self.place = int(fields["place"]) if fields.get("place") else None
        self.result = json.loads(fields["result"]) if fields.get("result") else None
        self.error = fields.get("error") or None
        self.failure = fields.get("failure") or ("unavailable" if self.status == "failed" else None)
        if "count" in fields:
            self.progress = [int(fields["count"]), int(fields["depth"]), int(fields["phase"])]
        self.reaped = bool(fields.get("reaped"))

    @_outage
    def reload(self) -> None:
        fields = self.manager.store.read(self.id) if self.manager is not None else None
        if fields is None:  # its keys are gone (Redis lost them): it will not end well
            self.status, self.error = "failed", jobstore.STALE_MESSAGE
        else:
            self.update(fields)


class RedisJobManager:
    """Jobs in Redis at ``url``, run by ``rotation-playground worker``.
    ``config``: the app's, read when a job is submitted (JOB_MAX_PER_CLIENT,
    JOB_QUEUE_MAX)."""

    def __init__(self, url: str, config, abandon_seconds: float | None = 20.0,
                 keep_seconds: float = jobstore.KEEP_SECONDS) -> None:
        try:
            from rq import Queue
        except ImportError:
            from .limits import MissingLibrary

            raise MissingLibrary("REDIS_URL is set, but the rq library is not installed: "
                                 "pip install -e '.[cluster]' (make setup installs it)") from None
        self.config = config
        self.abandon_seconds = abandon_seconds
        self.redis = connect(url)
        self.store = jobstore.JobStore(self.redis, keep_seconds)
        self.queue = Queue(jobstore.QUEUE, connection=self.redis)
        self.workers_checked = -NO_WORKER_SECONDS

    def _job(self, job_id: str) -> RedisJob | None:
        fields = self.store.read(job_id)
        return None if fields is None else RedisJob.of(job_id, fields, self)

    # ---------------------------------------------------------------- asking
    @_outage
    def submit(self, kind: str, text: str, options: dict, limits: dict,
               client: str | None = None, note: str | None = None) -> RedisJob:
        """Queue a solve, unless a bound on jobs refuses it (raises
        limits.Busy): checked with the submission, atomically, so two web
        processes cannot both take the last place. An identical request's
        job in flight is joined instead."""
        from .limits import jobs_refusal

        job_id = uuid.uuid4().hex[:16]
        abandon = self.abandon_seconds
        fields = {"kind": kind, "module": _kind_module(kind), "board": text,
                  "options": json.dumps(options), "limits": json.dumps(limits), "note": note or "",
                  "abandon_ms": int(abandon * 1000) if abandon else 0,
                  "abandoned": f"cancelled: nobody asked about it for {abandon:g} s" if abandon else ""}
        outcome, found = self.store.submit(
            job_id, fields, jobstore.digest(client, kind, text, options), client or "",
            self.config.get("JOB_MAX_PER_CLIENT"), self.config.get("JOB_QUEUE_MAX"),
            fields["abandon_ms"])
        if outcome in ("client", "queue"):
            raise jobs_refusal(outcome)
        if outcome == "new":
            from rq import Callback

            try:
                seconds = limits.get("max_seconds")
                self.queue.enqueue("webapp.worker.perform", job_id, job_id=job_id, result_ttl=0,
                                   failure_ttl=jobstore.KEEP_SECONDS,
                                   job_timeout=int(seconds or jobstore.ACTIVE_TTL) + 600,
                                   on_failure=Callback("webapp.worker.failed"))
            except Exception:
                self.store.cancel(job_id, "failed: it could not be queued")
                raise
            self._check_workers()
        return self._job(found)

    def _check_workers(self) -> None:
        """Say in the log, now and then, when no worker takes the jobs
        (they would wait, queued, until abandoned)."""
        from rq import Worker

        now = time.monotonic()
        if now - self.workers_checked < NO_WORKER_SECONDS:
            return
        self.workers_checked = now
        if Worker.count(queue=self.queue) == 0:
            logging.getLogger(__name__).warning(
                "no rotation-playground worker takes the solve jobs queued in Redis: start one "
                "(docs/serving.md, \"More than one machine\")")

    def find(self, kind: str, text: str, options: dict, client: str | None) -> RedisJob | None:
        """``client``'s queued or running job for this very solve, if any
        (none while Redis is out of reach: a small puzzle is then solved in
        the request; a big one finds Redis gone when it is submitted)."""
        from redis.exceptions import ConnectionError, TimeoutError

        try:
            job_id = self.store.same(jobstore.digest(client, kind, text, options))
            job = None if job_id is None else self._job(job_id)
        except (ConnectionError, TimeoutError):
            return None
        return job if job is not None and job.active else None

    @_outage
    def get(self, job_id: str) -> RedisJob | None:
        return self._job(job_id)

    @_outage
    def touch(self, job: RedisJob) -> None:
        """Someone still wants ``job``: it is not abandoned."""
        if job.active:
            self.store.touch(job.id, job.abandon_ms)

    @_outage
    def cancel(self, job_id: str, reason: str = "cancelled") -> RedisJob | None:
        """Stop a job: a queued one never runs; a running one's worker kills
        its process (RQ's stop-job command, and the worker's own watch of
        the job); waits a moment for it."""
        was = self.store.cancel(job_id, reason)
        if was == "gone":
            return None
        if was == "queued":
            self.queue.remove(job_id)
        elif was == "running":
            from rq.command import send_stop_job_command

            try:
                send_stop_job_command(self.redis, job_id)
            except Exception:  # noqa: BLE001 - RQ's job ended meanwhile; the worker's watch stops it anyway
                pass
        job = self._job(job_id)
        if job is not None and was == "running":
            deadline = time.monotonic() + CANCEL_WAIT_SECONDS
            while not job.reaped and time.monotonic() < deadline:
                time.sleep(POLL_SECONDS)
                job.reload()
        return job

    @_outage
    def queued(self) -> int:
        return self.store.counts()[1]

    @_outage
    def active(self, client: str | None = None) -> int:
        """Jobs queued or running, of ``client`` or of everyone."""
        return self.store.counts(client)[0]

    def close(self) -> None:
        """Let go of the connections (the jobs are every web process's: they go on)."""
        self.redis.close()


"""Solve jobs on Redis, for web processes that share them (``REDIS_URL``
set): a :class:`~webapp.web.jobbackend.JobBackend`, as the in-process pool
is, so :mod:`webapp.web.solving` and the API do not tell them apart.

The job is RQ's to carry to a worker (``rotation-playground worker``, see
:mod:`webapp.worker`); its state is in Redis (:mod:`webapp.web.jobstore`),
so any web process polls or cancels it. A job read here is a snapshot;
waiting for one is reading Redis again until it has moved.

A finished job's answer is kept in the cache by the web process whose read
first finds it done: the read script claims it (``claimed``), atomically,
so it is written once whichever process polls, and the worker needs no
database.

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

from ..errors import Message, pack
from . import jobstore
from .jobbackend import OnDone, Request, Snapshot, abandoned, new_id, snapshot
from .jobs import _kind_module
from .outage import ServerDown

POLL_SECONDS = 0.05     # how often a request waiting for a job reads it
CANCEL_WAIT_SECONDS = 3.0  # a cancel waits this long for the worker to have ended the process
TIMEOUT_SECONDS = 0.5   # Redis's socket timeouts: an outage is a quick 503, not a hang
NO_WORKER_SECONDS = 60.0   # how often the log may say that no worker takes the jobs
DOWN_MESSAGE = Message("The queue of big solves cannot be reached just now. Small puzzles are still "
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


def _request(fields: dict) -> Request:
    return Request(fields["kind"], fields["board"], json.loads(fields["options"]),
                   json.loads(fields["limits"]), fields.get("client") or None,
                   fields.get("note") or None, fields.get("task", "solve"))


def _snapshot(job_id: str, fields: dict) -> Snapshot:
    """The job of Redis's ``fields`` (times are the epoch's, Redis's clock
    written by whoever changed the status)."""
    status = fields["status"]
    progress = [fields["count"], fields["depth"], fields["phase"]] if "count" in fields else None
    return snapshot(job_id, _request(fields), status,
                    time.time() - float(fields.get("started") or fields["submitted"]),
                    place=int(fields["place"]) if fields.get("place") else None, progress=progress,
                    result=json.loads(fields["result"]) if fields.get("result") else None,
                    error=fields.get("error") or None,
                    failure=fields.get("failure") or ("unavailable" if status == "failed" else None),
                    deleted=bool(fields.get("deleted")))


class RedisJobManager:
    """Jobs in Redis at ``url``, run by ``rotation-playground worker``.
    ``config``: the app's, read when a job is submitted (JOB_MAX_PER_CLIENT,
    JOB_QUEUE_MAX)."""

    def __init__(self, url: str, config, abandon_seconds: float | None = 20.0,
                 on_done: OnDone | None = None) -> None:
        try:
            from rq import Queue
            from rq.serializers import JSONSerializer
        except ImportError:
            from .limits import MissingLibrary

            raise MissingLibrary("REDIS_URL is set, but the rq library is not installed: "
                                 "pip install -e '.[cluster]' (make setup installs it)") from None
        self.config = config
        self.abandon_seconds = abandon_seconds
        self.on_done = on_done
        self.redis = connect(url)
        self.store = jobstore.JobStore(self.redis)
        # JSON, not RQ's pickles: whoever can write to Redis must not run code in a worker
        self.queue = Queue(jobstore.QUEUE, connection=self.redis, serializer=JSONSerializer)
        self.workers_checked = -NO_WORKER_SECONDS

    def _read(self, job_id: str) -> tuple[Snapshot, dict] | None:
        fields = self.store.read(job_id, claim=self.on_done is not None)
        if fields is None:
            return None
        job = _snapshot(job_id, fields)
        if fields.get("claimed") and self.on_done is not None:
            self.on_done(_request(fields), job.result)
        return job, fields

    # ---------------------------------------------------------------- asking
    @_outage
    def submit(self, request: Request) -> Snapshot:
        """An identical request's job in flight, else a new one queued,
        unless a bound on jobs refuses it (raises limits.Busy): the three
        in one script, so two web processes cannot both take the last place."""
        from .limits import jobs_refusal

        job_id = new_id(request)
        abandon, kind = self.abandon_seconds, request.kind
        fields = {"kind": kind, "module": _kind_module(kind), "board": request.text,
                  "options": json.dumps(request.options), "limits": json.dumps(request.limits),
                  "note": request.note or "", "task": request.task,
                  "abandon_ms": int(abandon * 1000) if abandon else 0,
                  "abandoned": abandoned(abandon) if abandon else ""}
        outcome, found = self.store.submit(
            job_id, fields, jobstore.digest(request.same), request.client or "", self.config.get("JOB_MAX_PER_CLIENT"),
            self.config.get("JOB_QUEUE_MAX"), fields["abandon_ms"])
        if outcome in ("client", "queue"):
            raise jobs_refusal(outcome)
        if outcome == "new":
            from rq import Callback

            try:
                seconds = request.limits.get("max_seconds")
                self.queue.enqueue("webapp.worker.perform", job_id, job_id=job_id, result_ttl=0,
                                   failure_ttl=jobstore.KEEP_SECONDS,
                                   job_timeout=int(seconds or jobstore.ACTIVE_TTL) + 600,
                                   on_failure=Callback("webapp.worker.failed"))
            except Exception:
                self.store.cancel(job_id, pack(Message("failed: it could not be queued")))
                raise
            self._check_workers()
        else:
            self.touch(found)
        return self.snapshot(found)

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

    @_outage
    def snapshot(self, job_id: str) -> Snapshot | None:
        read = self._read(job_id)
        return None if read is None else read[0]

    @_outage
    def wait(self, job_id: str, seconds: float, ended: bool = True) -> Snapshot | None:
        """Redis read every :data:`POLL_SECONDS` until the job has ended
        (``ended``; else left the queue) or ``seconds`` are up."""
        deadline = time.monotonic() + seconds
        while True:
            job = self.snapshot(job_id)
            if job is None or (not job.active if ended else job.status != "queued") \
                    or time.monotonic() >= deadline:
                return job
            time.sleep(max(0.0, min(POLL_SECONDS, deadline - time.monotonic())))

    @_outage
    def touch(self, job_id: str) -> None:
        abandon = self.abandon_seconds
        if abandon:
            self.store.touch(job_id, int(abandon * 1000))

    @_outage
    def cancel(self, job_id: str, reason: str = Message("cancelled"), delete: bool = False) -> Snapshot | None:
        """Stop a job: a queued one never runs; a running one's worker kills
        its process (RQ's stop-job command, and the worker's own watch of
        the job); waits a moment for it. ``delete``: and mark it deleted,
        for every web process."""
        was = self.store.cancel(job_id, pack(reason), delete)
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
        read = self._read(job_id)
        if read is not None and was == "running":
            deadline = time.monotonic() + CANCEL_WAIT_SECONDS
            while read is not None and not read[1].get("reaped") and time.monotonic() < deadline:
                time.sleep(POLL_SECONDS)
                read = self._read(job_id)
        return None if read is None else read[0]

    def delete(self, job_id: str) -> Snapshot | None:
        return self.cancel(job_id, delete=True)

    @_outage
    def mark(self, label: str, job_id: str) -> None:
        self.redis.set(f"{jobstore.PREFIX}mark:{label}", job_id, ex=jobstore.KEEP_SECONDS)

    @_outage
    def marked(self, label: str) -> Snapshot | None:
        job_id = self.redis.get(f"{jobstore.PREFIX}mark:{label}")
        return None if job_id is None else self.snapshot(job_id.decode())

    def close(self) -> None:
        """Let go of the connections (the jobs are every web process's: they go on)."""
        self.redis.close()


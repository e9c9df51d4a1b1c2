"""``rotation-playground worker``: runs the solve jobs that web processes
sharing a Redis server queue (``REDIS_URL``; :mod:`webapp.web.redisjobs`).

It is RQ's worker pool: ``--workers N`` worker processes, forked once the
kinds and their solvers are imported (a job starts at once), each forking a
work horse per job that runs :func:`perform`; a worker that dies is
replaced. What is RQ's own is left to it; this module adds what the
playground needs (:mod:`webapp.web.jobstore` holds the job's state):

- the horse solves as the in-process pool's workers do
  (:func:`webapp.web.jobs.solve`: the same answers, byte for byte) and
  writes the kind's progress into the job's hash every
  :data:`PROGRESS_SECONDS`;
- the worker beats for its job every second; a job cancelled (from any web
  process), abandoned or given up for lost is ended by killing its horse;
- each process dies with its parent, so a worker killed (even by kill -9)
  leaves no horse behind; its job fails when its beat stops;
- Ctrl+C or SIGTERM stops at once: a job under way ends as failed, with a
  sentence saying so;
- Redis gone: each worker tries again every few seconds and takes jobs
  again once it is back, without a restart.
- jobs are read as JSON (RQ's JSON serializer, as the web processes queue
  them), never unpickled: whoever can write to Redis cannot run code here.

No Flask here: a worker imports the kinds and the solvers, nothing else.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import signal
import sys
import time
from multiprocessing import get_context
from urllib.parse import urlsplit, urlunsplit

from .errors import Message, pack, unpack
from .web.jobs import FAILURES, PHASES, _preload, die_with_parent, ended, solve
from .web.jobstore import BEAT_SECONDS, QUEUE, JobStore

log = logging.getLogger("rotation_playground.worker")

PROGRESS_SECONDS = 0.25   # how often a horse writes its job's progress into Redis
CONNECT_SECONDS = 2.0     # the workers' connect timeout
READ_SECONDS = 30.0       # the workers' read timeout: longer than RQ's wait for a job (15 s)
WORKER_TTL = 30           # RQ's worker lifetime without a beat; it waits this - 15 s for a job
STOPPED_MESSAGE = pack(Message("the worker running it was stopped; please try again"))
INSTALL = "pip install -e '.[cluster]' (make setup installs it)"


def perform(job_id: str) -> None:
    """What RQ runs in the work horse: the job ``job_id`` (its hash says
    what), unless it was cancelled or abandoned while it waited."""
    from rq import get_current_job

    die_with_parent()
    store = JobStore(get_current_job().connection)
    # begun by the worker as it took the job (PlaygroundWorker.execute_job)
    if store.start(job_id, os.environ.get("RQ_WORKER_ID", "")) != "running":
        return
    fields = store.read(job_id)
    last = 0.0

    def report(count: int, depth: int, phase: str | None = None) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_SECONDS:
            last = now
            store.progress(job_id, count, depth, PHASES.index(phase) if phase in PHASES else 0)

    outcome, payload = solve(fields["kind"], fields["board"], json.loads(fields["options"]),
                             json.loads(fields["limits"]), report, fields["module"],
                             fields.get("task", "solve"))
    if outcome == "ok":
        store.end(job_id, "done", result=json.dumps(payload))
    else:  # a bug's traceback goes to this worker's log, under the job's id
        failure, error = ended(job_id, fields["kind"], outcome, payload)
        store.end(job_id, "failed", error=error, failure=failure)


def failed(job, connection, *_exc_info) -> None:
    """RQ's failure callback: a job RQ gave up on (its worker lost before
    the job began: found by RQ's upkeep) fails with a sentence."""
    JobStore(connection).end(job.id, "failed", queued_too=True, error=FAILURES["died"])


def _connection(url: str):
    from redis import Redis

    return Redis.from_url(url, socket_connect_timeout=CONNECT_SECONDS, socket_timeout=READ_SECONDS,
                          socket_keepalive=True, health_check_interval=10)


def _worker_class():
    from redis.exceptions import RedisError
    from rq import Worker

    class PlaygroundWorker(Worker):
        """RQ's worker, watching its job in the playground's hash."""

        max_connection_wait_time = 4.0  # Redis back: jobs are taken again within seconds
        log_result_lifespan = False

        def __init__(self, *args, **kwargs) -> None:
            kwargs.setdefault("job_monitoring_interval", BEAT_SECONDS)
            super().__init__(*args, **kwargs)
            self.store = JobStore(self.connection)
            self.stopping = False

        def execute_job(self, job, queue):
            """Begin the job here, as it is taken (a worker killed after
            this fails it by its silence; before, it has not taken it),
            then RQ's fork of a horse that runs :func:`perform`."""
            began = time.monotonic()
            try:
                self.store.start(job.id, self.name)
                super().execute_job(job, queue)
            finally:
                self._ended(job.id, time.monotonic() - began)
            if self.stopping:  # whatever RQ caught on the way, a stop is a stop
                raise SystemExit()

        def maintain_heartbeats(self, job, *args, **kwargs):
            super().maintain_heartbeats(job, *args, **kwargs)
            status = self.store.beat(job.id)
            if status in ("cancelled", "failed", "gone") and self.horse_pid:
                self._stopped_job_id = job.id  # RQ's "stopped on purpose"
                self.kill_horse()

        def _install_signal_handlers(self):
            signal.signal(signal.SIGINT, self._stop_now)
            signal.signal(signal.SIGTERM, self._stop_now)

        def _stop_now(self, _signum, _frame):
            """Stop without waiting for the job (it may take a minute)."""
            if self.stopping:
                return
            self.stopping = True
            # RQ watches the horse under a one-second SIGALRM whose handler
            # raises; arriving while this waits for the horse (a busy
            # machine), it would end this handler early and the worker would
            # go on working, deaf to the stop it was given
            signal.alarm(0)
            signal.signal(signal.SIGALRM, signal.SIG_IGN)
            if self.horse_pid:
                self.kill_horse()
                self.wait_for_horse()
            raise SystemExit()

        def _ended(self, job_id: str, seconds: float) -> None:
            """The job's horse is gone: a job still running failed (the
            horse died, or we are stopping), and so did one still queued
            (its start could not be written: RQ will not run it again);
            one line in the log."""
            message = STOPPED_MESSAGE if self.stopping else FAILURES["died"]
            try:
                self.store.end(job_id, "failed", queued_too=True, error=message)
                self.store.reaped(job_id)
                fields = self.store.read(job_id) or {}
            except RedisError as exc:
                log.warning("job %s: its end could not be written (%s)", job_id, exc)
                return
            status = fields.get("status", "gone")
            error = unpack(fields["error"]) if fields.get("error") else None
            said = f": {error}" if error and error != status else ""
            log.info("job %s %s: %s in %.2f s%s", job_id, fields.get("kind", "?"), status, seconds, said)

    return PlaygroundWorker


def _run_one(name: str, url: str) -> None:
    """One worker process of the pool: waits for Redis, then takes jobs."""
    from redis.exceptions import RedisError

    die_with_parent()
    connection = _connection(url)
    told = False
    while True:
        try:
            connection.ping()
            break
        except RedisError as exc:
            if not told:
                log.warning("Redis at %s does not answer (%s): trying again every second",
                            shown(url), exc)
                told = True
            try:
                time.sleep(1.0)
            except KeyboardInterrupt:  # stopped while waiting: nothing to clean up
                return
    from rq.serializers import JSONSerializer

    worker = _worker_class()([QUEUE], name=name, connection=connection, worker_ttl=WORKER_TTL,
                             serializer=JSONSerializer)
    try:
        worker.work(logging_level="ERROR", with_scheduler=False)
    except SystemExit:
        pass
    except RedisError as exc:  # gone while the worker said goodbye: the pool starts another
        log.warning("worker %s: Redis went away (%s)", name, exc)


def _pool(url: str, workers: int):
    from rq.serializers import JSONSerializer
    from rq.worker_pool import WorkerPool

    class Pool(WorkerPool):
        """RQ's pool, whose processes are :func:`_run_one`."""

        def get_worker_process(self, name, burst, _sleep=0, logging_level="INFO"):
            return get_context("fork").Process(target=_run_one, args=(name, url),
                                               name=f"rotation-playground worker {name}")

    return Pool([QUEUE], connection=_connection(url), num_workers=workers, serializer=JSONSerializer)


def shown(url: str) -> str:
    """``url`` without its password, for the log.

    >>> shown("redis://:secret@db.example:6379/0")
    'redis://db.example:6379/0'
    """
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def main(url: str | None, workers: int) -> int:
    """Run ``workers`` workers until Ctrl+C or SIGTERM: 0, or 2 when there
    is no Redis to take jobs from or no rq library."""
    url = url or os.environ.get("REDIS_URL")
    if not url:
        print("error: no Redis to take jobs from: give --redis-url URL or set REDIS_URL",
              file=sys.stderr)
        return 2
    try:
        import redis  # noqa: F401
        import rq  # noqa: F401
    except ImportError as exc:
        print(f"error: the {exc.name} library is not installed: {INSTALL}", file=sys.stderr)
        return 2
    from redis.exceptions import RedisError

    try:
        _connection(url).ping()
    except (RedisError, ValueError) as exc:
        print(f"error: Redis at {shown(url)} does not answer ({exc}): start it, or give "
              "another --redis-url", file=sys.stderr)
        return 2
    for module in _preload():  # once, before the workers are forked
        importlib.import_module(module)
    logging.basicConfig(format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    log.setLevel(logging.INFO)
    log.info("%d worker%s taking solve jobs from %s; Ctrl+C stops them", workers,
             "s" if workers != 1 else "", shown(url))
    _pool(url, workers).start(burst=False, logging_level="WARNING")
    log.info("workers stopped")
    return 0

"""Solving off the request thread: a bounded FIFO of jobs and a fixed set of
runner threads, each running one worker process at a time.

A job is a :class:`~webapp.web.jobbackend.Request`. Workers are forked from
a forkserver that has every kind imported already, so starting one costs
milliseconds. A worker parses the text, runs the kind's task, reports its
progress through shared memory and sends its answer back through a pipe.
Cancelling kills the process and reaps it: nothing is left behind. A job
nobody has asked about for ``abandon_seconds`` is cancelled: its page was
closed.
"""

from __future__ import annotations

import collections
import ctypes
import functools
import importlib
import importlib.util
import logging
import multiprocessing
import os
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field

from .. import kinds
from ..answer import delivered
from ..errors import BAD_INPUT, FieldError, Message, NotAvailable, pack
from .jobbackend import KEEP_SECONDS, PHASES, OnDone, Request, Snapshot, abandoned, new_id, snapshot

log = logging.getLogger(__name__)  # a child of the app's logger ("webapp"): its handlers


WORKER_NICENESS = 10  # on a small machine the pages must win over the solves
WATCHDOG_SECONDS = 0.5
IDLE_SECONDS = 30.0   # a runner thread with nothing to do this long ends


def _preload() -> list[str]:
    """The modules the forkserver imports once for every worker: the kinds,
    and each kind's solver module where it has one (a kind may import its
    solver only when first asked, which a worker would pay for each time)."""
    modules = ["webapp.kinds"]
    for kind in kinds.KINDS:
        name = f"{type(kind).__module__.rpartition('.')[0]}.solver"
        try:
            if importlib.util.find_spec(name) is not None:
                modules.append(name)
        except (ImportError, ValueError):  # a kind that is not a package's: nothing to preload
            pass
    return modules


@functools.cache
def _context():
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if hasattr(ctx, "set_forkserver_preload"):
        ctx.set_forkserver_preload(_preload())
    return ctx


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone, or someone else's process took the pid
        return False
    try:  # a killed server nobody has reaped yet is a zombie: dead all the same
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return True


def die_with_parent() -> None:
    """Have the kernel kill this process when its parent ends, even by
    kill -9 (Linux; elsewhere nothing)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass


def _die_with(server_pid: int) -> None:
    """End this worker when the server ends, even by kill -9.

    The worker's parent is the forkserver, not the server, so both are
    watched: the kernel kills us when the forkserver goes (it exits when the
    server does), and a thread checks the server itself in case it does not.
    """
    die_with_parent()
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent and _alive(server_pid):
            time.sleep(WATCHDOG_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="watchdog").start()


#: Settings a worker takes from the server as it is when the job is submitted,
#: not from the forkserver (which keeps the environment it started with): the
#: directory where kinds keep the tables they build.
PASSED_ENVIRONMENT = ("ROTATION_PLAYGROUND_CACHE", "XDG_CACHE_HOME")


def _environment() -> dict:
    return {name: os.environ.get(name) for name in PASSED_ENVIRONMENT}


def _kind_module(name: str) -> str:
    """The module whose ``KIND`` is the kind called ``name``: a worker
    imports it, so that a kind the forkserver has not registered (one added
    after it started) is found all the same."""
    return type(kinds.get(name)).__module__


#: The task of every kind that is no search: an animation's drawing
#: (:func:`webapp.film.job`), when it is too costly for a request.
DRAWING = "animation"


def solve(kind: str, text: str, options: dict, limits: dict, report, module: str,
          task: str) -> tuple[str, object]:
    """Run the kind's ``task`` (``solve``, ``hint``, ... : one of its
    ``tasks``, or :data:`DRAWING`), at a lower priority than pages:
    ("ok", the answer's dict), ("refused", the message of the user's
    mistake: :data:`webapp.errors.BAD_INPUT`), ("memory", None),
    ("unavailable", a message: :class:`webapp.errors.NotAvailable`) or
    ("error", the traceback of a bug, for the log). ``module``: where the
    kind's ``KIND`` is (:func:`_kind_module`). Both backends' workers run
    this: the same answers."""
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # pragma: no cover - not allowed here: solve at full priority
        pass
    began = time.perf_counter()
    try:
        solver = importlib.import_module(module).KIND
        if task == DRAWING:
            from .. import film  # Pillow: imported by the first worker that draws

            run = functools.partial(film.job, solver)
        elif task in solver.tasks:
            run = getattr(solver, task)
        else:
            raise FieldError(Message("a %(kind)s puzzle has no task %(task)s", kind=kind, task=repr(task)))
        # the text crossed into this process: parsed here, once
        answer = run(solver.parse(text), options, progress=report, **limits)
        return "ok", delivered(answer, text, time.perf_counter() - began, "worker")
    except BAD_INPUT as exc:
        return "refused", pack(exc)
    except MemoryError:
        return "memory", None
    except NotAvailable as exc:
        return "unavailable", pack(exc)
    except Exception:  # noqa: BLE001 - a bug: its traceback goes to the log, not to the user
        return "error", traceback.format_exc()


#: What a job that ended without an answer says, by how it ended.
FAILURES = {"memory": pack(Message("the solver ran out of memory")),
            "died": pack(Message("the solver stopped unexpectedly"))}

#: A failed job's ``failure``, by how its worker ended: the user's mistake
#: (``input``), nobody's (``unavailable``: try again), or a bug (``internal``).
FAILURE_OF = {"refused": "input", "memory": "unavailable", "died": "unavailable",
              "unavailable": "unavailable", "error": "internal"}


def ended(job_id: str, kind: str, outcome: str, payload) -> tuple[str, str]:
    """A failed worker's ``(failure, error)`` for the job (see
    :data:`FAILURE_OF`); a bug's traceback is logged here, under the job's id."""
    failure = FAILURE_OF.get(outcome, "internal")
    if failure == "internal":
        log.error("internal error in job %s (%s):\n%s", job_id, kind, payload)
        return failure, pack(Message("internal error in the solver (job %(job)s: the server's log has the details)",
                                     job=job_id))
    return failure, FAILURES.get(outcome, payload)


def _work(request: Request, module: str, progress, conn, server_pid: int, environment: dict) -> None:
    """The worker: solve (:func:`solve`), report progress through shared
    memory, send the outcome."""
    _die_with(server_pid)
    for name, value in environment.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value

    def report(count: int, depth: int, phase: str | None = None) -> None:
        progress[0] = count
        progress[1] = depth
        progress[2] = PHASES.index(phase) if phase in PHASES else 0

    try:
        conn.send(solve(request.kind, request.text, request.options, request.limits, report,
                        module, request.task))
    finally:
        conn.close()


@dataclass(eq=False)
class Job:
    id: str
    request: Request
    environment: dict = field(default_factory=_environment)
    submitted: float = field(default_factory=time.monotonic)
    started: float | None = None
    seen: float = field(default_factory=time.monotonic)  # last time someone asked
    status: str = "queued"  # queued, running, done, cancelled, failed
    place: int | None = None
    result: dict | None = None
    error: str | None = None
    failure: str | None = None  # a failed job's: input, unavailable or internal (FAILURE_OF)
    deleted: bool = False
    process: object = None
    progress: object = None  # the worker's shared (count, depth, phase number)
    began: threading.Event = field(default_factory=threading.Event)
    finished: threading.Event = field(default_factory=threading.Event)

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def value(self) -> Snapshot:
        """The job now, as a value that crosses the backend's contract."""
        began = self.started if self.started is not None else self.submitted
        return snapshot(self.id, self.request, self.status, time.monotonic() - began,
                        place=self.place, progress=self.progress, result=self.result,
                        error=self.error, failure=self.failure, deleted=self.deleted)


class JobManager:
    """A FIFO of solves and ``max_workers`` runner threads that take them in
    turn, each in its own worker process: a :class:`~webapp.web.jobbackend.JobBackend`.
    ``config``: the app's, read when a job is submitted (JOB_MAX_PER_CLIENT,
    JOB_QUEUE_MAX); ``on_done``: called once with a job's request and
    answer when it finishes (by the runner thread: the cache is written
    there, not by whoever polls)."""

    def __init__(self, max_workers: int = 2, abandon_seconds: float | None = 20.0,
                 config=None, on_done: OnDone | None = None) -> None:
        self.max_workers = max(1, int(max_workers))
        self.abandon_seconds = abandon_seconds
        self.config = {} if config is None else config
        self.on_done = on_done
        self.jobs: dict[str, Job] = {}
        self.marks: dict[str, str] = {}  # label: job id (mark)
        self.queue: collections.deque[Job] = collections.deque()
        self.lock = threading.Condition()
        self.runners: set[threading.Thread] = set()
        self.busy = 0  # runners with a job in hand (its worker may still be ending)
        self.server_pid = os.getpid()

    # ---------------------------------------------------------------- asking
    def submit(self, request: Request) -> Snapshot:
        """The client's job for this very solve when one is under way, else
        a new one queued, within the bounds (raises limits.Busy): the
        search, the checks and the queueing under one lock."""
        from .limits import jobs_refusal

        with self.lock:
            self._forget_old()
            self._reap_abandoned()
            for job in self.jobs.values():
                if job.active and job.request.same == request.same:
                    job.seen = time.monotonic()
                    return job.value()
            per_client, queue_max = (self.config.get("JOB_MAX_PER_CLIENT"),
                                     self.config.get("JOB_QUEUE_MAX"))
            if per_client and sum(1 for j in self.jobs.values()
                                  if j.active and j.request.client == request.client) >= per_client:
                raise jobs_refusal("client")
            if queue_max and len(self.queue) >= queue_max:
                raise jobs_refusal("queue")
            job = Job(new_id(request), request)
            self.jobs[job.id] = job
            self.queue.append(job)
            self._number_queue()
            if len(self.runners) < self.max_workers:
                runner = threading.Thread(target=self._runner, daemon=True, name="job-runner")
                self.runners.add(runner)
                runner.start()
            self.lock.notify()
            return job.value()

    def _get(self, job_id: str) -> Job | None:
        with self.lock:
            self._reap_abandoned()
            return self.jobs.get(job_id)

    def snapshot(self, job_id: str) -> Snapshot | None:
        job = self._get(job_id)
        return None if job is None else job.value()

    def wait(self, job_id: str, seconds: float, ended: bool = True) -> Snapshot | None:
        job = self._get(job_id)
        if job is None:
            return None
        (job.finished if ended else job.began).wait(seconds)
        return job.value()

    def touch(self, job_id: str) -> None:
        job = self._get(job_id)
        if job is not None:
            job.seen = time.monotonic()

    def cancel(self, job_id: str, reason: str = Message("cancelled"), delete: bool = False) -> Snapshot | None:
        """Stop a job: a queued one at once, a running one once its worker
        process is killed and reaped (``delete``: and mark it deleted)."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None:
                return None
            job.deleted = job.deleted or delete
            running = self._stop(job, pack(reason))
        if running:
            job.finished.wait(timeout=10)
        return job.value()

    def delete(self, job_id: str) -> Snapshot | None:
        return self.cancel(job_id, delete=True)

    def mark(self, label: str, job_id: str) -> None:
        with self.lock:
            self.marks[label] = job_id

    def marked(self, label: str) -> Snapshot | None:
        with self.lock:
            job_id = self.marks.get(label)
        return None if job_id is None else self.snapshot(job_id)

    def close(self) -> None:
        """Cancel everything (the app is going away)."""
        with self.lock:
            ids = [j.id for j in self.jobs.values() if j.active]
        for job_id in ids:
            self.cancel(job_id)

    # ------------------------------------------------------------- internals
    def _stop(self, job: Job, reason: str) -> bool:
        """Mark ``job`` cancelled (lock held) with the ``reason`` packed; True if a worker must end first."""
        if job.status == "queued":
            self.queue.remove(job)
            self._number_queue()
            job.status, job.error = "cancelled", reason
            job.finished.set()
            return False
        if job.status != "running":
            return False
        job.status, job.error = "cancelled", reason
        process = job.process
        if process is not None:
            try:
                process.kill()
            except (ValueError, AttributeError):  # already closed
                pass
        return True

    def _number_queue(self) -> None:
        """Each queued job's place: 1 is the next to run once a worker is
        free. The jobs a free worker takes at once (it has not woken yet)
        have none, so jobs submitted together do not all say 1."""
        free = max(0, self.max_workers - self.busy)
        for index, job in enumerate(self.queue):
            job.place = index + 1 - free if index >= free else None

    def _reap_abandoned(self) -> None:
        if not self.abandon_seconds:
            return
        now = time.monotonic()
        for job in [j for j in self.jobs.values() if j.active and now - j.seen > self.abandon_seconds]:
            self._stop(job, abandoned(self.abandon_seconds))

    def _forget_old(self) -> None:
        now = time.monotonic()
        for job_id in [j.id for j in self.jobs.values()
                       if not j.active and now - j.submitted > KEEP_SECONDS]:
            del self.jobs[job_id]
        for label in [label for label, job_id in self.marks.items() if job_id not in self.jobs]:
            del self.marks[label]

    def _runner(self) -> None:
        me = threading.current_thread()
        while True:
            with self.lock:
                idle_since = time.monotonic()
                while not self.queue:
                    self._reap_abandoned()
                    if time.monotonic() - idle_since > IDLE_SECONDS:
                        self.runners.discard(me)
                        return
                    self.lock.wait(timeout=1.0)
                job = self.queue.popleft()
                self.busy += 1
                self._number_queue()
                job.place = None
                job.status, job.started = "running", time.monotonic()
            job.began.set()
            try:
                self._run(job)
            finally:
                with self.lock:
                    self.busy -= 1
                    self._number_queue()
                job.finished.set()

    def _run(self, job: Job) -> None:
        ctx = _context()
        job.progress = ctx.Array("q", 3, lock=False)
        receive, send = ctx.Pipe(duplex=False)
        request = job.request
        process = ctx.Process(target=_work, daemon=True,
                              args=(request, _kind_module(request.kind), job.progress, send,
                                    self.server_pid, job.environment))
        process.start()
        with self.lock:
            job.process = process
            if job.status == "cancelled":  # cancelled while it was starting
                process.kill()
        send.close()
        kind, payload = "died", None
        try:
            while True:
                if receive.poll(0.25):
                    try:
                        kind, payload = receive.recv()
                    except (EOFError, OSError):
                        pass
                    break
                with self.lock:  # nobody else may be here to notice
                    self._reap_abandoned()
        finally:
            receive.close()
            process.join(timeout=5)
            if process.is_alive():  # pragma: no cover - it has answered already
                process.kill()
                process.join()
            process.close()
        if kind == "ok" and self.on_done is not None:
            # kept before the job says done: whoever sees it done finds it in the cache
            try:
                self.on_done(request, payload)
            except Exception:  # noqa: BLE001 - the cache only saves work: the answer stands
                log.exception("the answer of job %s could not be kept", job.id)
        with self.lock:
            job.process = None
            if job.status == "cancelled":
                return
            if kind == "ok":
                job.result, job.status = payload, "done"
            else:
                job.failure, job.error = ended(job.id, request.kind, kind, payload)
                job.status = "failed"

"""Solving off the request thread: one worker process per solve.

Workers are forked from a forkserver that has the engine imported already,
so starting one costs milliseconds. A worker reports its progress (states
visited, depth) through shared memory and sends its answer back through a
pipe. Cancelling kills the process and reaps it: nothing is left behind.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
import uuid
from dataclasses import dataclass, field

from ..rotation import parse
from ..rotation.solver import solve_best

_CONTEXT = None
_CONTEXT_LOCK = threading.Lock()


def _context():
    global _CONTEXT
    with _CONTEXT_LOCK:
        if _CONTEXT is None:
            methods = multiprocessing.get_all_start_methods()
            ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            if hasattr(ctx, "set_forkserver_preload"):
                ctx.set_forkserver_preload(["webapp.rotation.solver"])
            _CONTEXT = ctx
        return _CONTEXT


def _work(text: str, goal: str, orientation: int, limits: dict, progress, conn) -> None:
    """The worker: solve, report progress, send the answer's dict."""

    def report(states: int, depth: int) -> None:
        progress[0] = states
        progress[1] = depth

    try:
        answer = solve_best(parse(text), goal, orientation=orientation, progress=report, **limits)
        conn.send(("ok", answer.to_dict()))
    except MemoryError:
        conn.send(("memory", None))
    except Exception as exc:  # noqa: BLE001 - the parent turns it into a message
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


@dataclass
class Job:
    id: str
    board: str
    goal: str
    orientation: int
    max_states: int | None = None
    started: float = field(default_factory=time.monotonic)
    status: str = "running"  # running, done, cancelled, failed
    result: dict | None = None
    error: str | None = None
    process: object = None
    progress: object = None
    finished: threading.Event = field(default_factory=threading.Event)

    def snapshot(self) -> dict:
        body = {"id": self.id, "status": self.status, "max_states": self.max_states,
                "seconds": round(time.monotonic() - self.started, 3)}
        if self.progress is not None:
            body["states"] = int(self.progress[0])
            body["depth"] = int(self.progress[1])
        if self.result is not None:
            body["answer"] = self.result
        if self.error:
            body["error"] = self.error
        return body


class JobManager:
    """Runs solves in worker processes; at most ``max_workers`` at once."""

    def __init__(self, max_workers: int = 2, keep_seconds: float = 600.0) -> None:
        self.max_workers = max_workers
        self.keep_seconds = keep_seconds
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.slots = threading.BoundedSemaphore(max_workers)

    def submit(self, text: str, goal: str, orientation: int, limits: dict) -> Job:
        job = Job(uuid.uuid4().hex[:16], text, goal, orientation, limits.get("max_states"))
        ctx = _context()
        job.progress = ctx.Array("q", 2, lock=False)
        with self.lock:
            self._forget_old()
            self.jobs[job.id] = job
        thread = threading.Thread(target=self._run, args=(job, ctx, limits), daemon=True,
                                  name=f"job-{job.id}")
        thread.start()
        return job

    def _run(self, job: Job, ctx, limits: dict) -> None:
        with self.slots:
            if job.status == "cancelled":
                job.finished.set()
                return
            receive, send = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_work, daemon=True,
                                  args=(job.board, job.goal, job.orientation, limits, job.progress, send))
            process.start()
            job.process = process
            if job.status == "cancelled":  # cancelled while it was starting
                process.kill()
            send.close()
            try:
                kind, payload = receive.recv()
            except (EOFError, OSError):
                kind, payload = "died", None
            finally:
                receive.close()
                process.join(timeout=5)
                if process.is_alive():  # pragma: no cover - it has answered already
                    process.kill()
                    process.join()
                process.close()
                job.process = None
        if job.status == "cancelled":
            pass
        elif kind == "ok":
            job.result, job.status = payload, "done"
        elif kind == "memory":
            job.result = None
            job.status, job.error = "failed", "the solver ran out of memory"
        elif kind == "died":
            job.status, job.error = "failed", "the solver stopped unexpectedly"
        else:
            job.status, job.error = "failed", payload
        job.finished.set()

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            return self.jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        job = self.get(job_id)
        if job is None:
            return None
        if job.status == "running":
            job.status = "cancelled"
            process = job.process
            if process is not None:
                try:
                    process.kill()
                except (ValueError, AttributeError):  # already closed
                    pass
            job.finished.wait(timeout=10)
        return job

    def wait(self, job: Job, timeout: float | None = None) -> bool:
        return job.finished.wait(timeout)

    def running(self) -> int:
        with self.lock:
            return sum(1 for j in self.jobs.values() if j.status == "running")

    def _forget_old(self) -> None:
        now = time.monotonic()
        for job_id in [j.id for j in self.jobs.values()
                       if j.status != "running" and now - j.started > self.keep_seconds]:
            del self.jobs[job_id]

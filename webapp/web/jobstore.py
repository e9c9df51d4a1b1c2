"""The state of solve jobs in Redis, read and written by every web process
and every worker (:mod:`webapp.web.redisjobs`, :mod:`webapp.worker`); no
Flask here.

RQ carries the call (``webapp.worker.perform(job_id)``); everything else a
job is lives in a hash of its own, ``playground:job:<id>``: its kind, the
kind's module, the puzzle's text, options and limits (JSON), the client,
the kind's note, status, times, progress (counter, depth, phase), the
answer (JSON), the error, and ``deleted`` once a DELETE has stopped it (every
web process then answers it 410, until it expires with the rest). Beside it:

- ``playground:beat:<id>``, set by the worker while it runs the job, with a
  lifetime of :data:`STALE_SECONDS`: gone while the job is running, the
  worker has gone (kill -9, its machine lost) and the job has failed;
- ``playground:seen:<id>``, set whenever someone asks about the job, with a
  lifetime of the server's ``JOB_ABANDON_SECONDS``: gone, nobody is waiting
  for it and it is cancelled;
- ``playground:client:<client>``, the client's active jobs, and
  ``playground:queued`` (by time of submission): what the bounds on jobs count;
- ``playground:same:<digest>``: the job of an identical request in flight
  (:attr:`~webapp.web.jobbackend.Request.same`), which a second request joins.
- ``playground:mark:<label>``: the job an animation's request started
  (:meth:`webapp.web.redisjobs.RedisJobManager.mark`), kept as long as a
  finished job is, which the next ask finds whoever makes it.

Every change of status is a Lua script, so it is atomic whichever process
makes it: the checks of the bounds and the submission together, two
servers cannot both slip past. The two rules nobody needs to be present to
apply (a worker gone quiet, a job abandoned) are applied by whoever next
reads the job, through Redis's own clock (the keys' lifetimes), so the
machines' clocks need not agree. The scripts use keys they compute, which a
Redis Cluster does not allow: one Redis server (with a replica) it is.
"""

from __future__ import annotations

import hashlib
import json
import time

from ..errors import Message, pack
from .jobbackend import KEEP_SECONDS

PREFIX = "playground:"
QUEUE = "playground-solves"  # RQ's queue
STALE_SECONDS = 10           # a running job whose worker is silent this long has failed
BEAT_SECONDS = 1             # how often a worker says it is still at a job
ACTIVE_TTL = 86_400          # an active job's keys go after a day whatever happens
STALE_MESSAGE = pack(Message("the solver stopped unexpectedly: the worker running it went away "
                             "(stopped or its machine lost); please try again"))

# ARGV[1] the prefix, ARGV[2] the time (shown, not compared), ARGV[3]
# seconds a finished job is kept, ARGV[4] the message of a silent worker; a
# script's own arguments follow.
_PRELUDE = """
local P, NOW, KEEP, STALE = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local ACTIVE = {queued = true, running = true}

local function finish(id, status, fields)
  local job = P .. 'job:' .. id
  redis.call('HSET', job, 'status', status, 'ended', NOW, unpack(fields))
  local client = redis.call('HGET', job, 'client')
  if client then redis.call('SREM', P .. 'client:' .. client, id) end
  redis.call('ZREM', P .. 'queued', id)
  local same = redis.call('HGET', job, 'same')
  if same and redis.call('GET', P .. 'same:' .. same) == id then
    redis.call('DEL', P .. 'same:' .. same)
  end
  redis.call('DEL', P .. 'beat:' .. id, P .. 'seen:' .. id)
  redis.call('EXPIRE', job, KEEP)
end

local function settle(id)
  local job = P .. 'job:' .. id
  local status = redis.call('HGET', job, 'status')
  if not status then return 'gone' end
  if not ACTIVE[status] then return status end
  if status == 'running' and redis.call('EXISTS', P .. 'beat:' .. id) == 0 then
    finish(id, 'failed', {'error', STALE})
    return 'failed'
  end
  if redis.call('EXISTS', P .. 'seen:' .. id) == 0 then
    finish(id, 'cancelled', {'error', redis.call('HGET', job, 'abandoned')})
    return 'cancelled'
  end
  return status
end
"""

# ARGV[5] id, [6] digest of the request, [7] client, [8] the client's bound,
# [9] the queue's bound, [10] milliseconds before abandoned (0: never),
# [11...] the job's fields. {'new'|'same', id} or {'client'|'queue'}.
_SUBMIT = _PRELUDE + """
local id, same, client = ARGV[5], ARGV[6], ARGV[7]
local per_client, queue_max, abandon = tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10])
local other = redis.call('GET', P .. 'same:' .. same)
if other and ACTIVE[settle(other)] then return {'same', other} end
local mine = 0
for _, each in ipairs(redis.call('SMEMBERS', P .. 'client:' .. client)) do
  if ACTIVE[settle(each)] then mine = mine + 1 else redis.call('SREM', P .. 'client:' .. client, each) end
end
if per_client > 0 and mine >= per_client then return {'client'} end
local waiting = 0
for _, each in ipairs(redis.call('ZRANGE', P .. 'queued', 0, -1)) do
  if settle(each) == 'queued' then waiting = waiting + 1 else redis.call('ZREM', P .. 'queued', each) end
end
if queue_max > 0 and waiting >= queue_max then return {'queue'} end
local job = P .. 'job:' .. id
redis.call('HSET', job, 'status', 'queued', 'submitted', NOW, 'same', same, 'client', client,
           unpack(ARGV, 11))
redis.call('EXPIRE', job, """ + str(ACTIVE_TTL) + """)
redis.call('SADD', P .. 'client:' .. client, id)
redis.call('EXPIRE', P .. 'client:' .. client, """ + str(ACTIVE_TTL) + """)
redis.call('ZADD', P .. 'queued', NOW, id)
redis.call('SET', P .. 'same:' .. same, id, 'EX', """ + str(ACTIVE_TTL) + """)
if abandon > 0 then
  redis.call('SET', P .. 'seen:' .. id, 1, 'PX', abandon)
else
  redis.call('SET', P .. 'seen:' .. id, 1, 'EX', """ + str(ACTIVE_TTL) + """)
end
return {'new', id}
"""

# ARGV[5] id, [6] '1' to claim a finished job's answer: the job's fields
# after the rules, with its place in the queue, and ``claimed`` for the one
# claiming reader that first sees it done; nil if gone.
_READ = _PRELUDE + """
local id = ARGV[5]
local status = settle(id)
if status == 'gone' then return false end
local out = redis.call('HGETALL', P .. 'job:' .. id)
if status == 'queued' then
  local rank = redis.call('ZRANK', P .. 'queued', id)
  if rank then table.insert(out, 'place'); table.insert(out, tostring(rank + 1)) end
end
if status == 'done' and ARGV[6] == '1' and redis.call('HSETNX', P .. 'job:' .. id, 'recorded', NOW) == 1 then
  table.insert(out, 'claimed'); table.insert(out, '1')
end
return out
"""

# ARGV[5] id, [6] the reason, [7] '1' to mark it deleted too (a field of
# its hash: it goes with the job's keys): the status the job had (a job that
# has ended is left as it is).
_CANCEL = _PRELUDE + """
local id = ARGV[5]
local status = settle(id)
if status == 'gone' then return status end
if ACTIVE[status] then finish(id, 'cancelled', {'error', ARGV[6]}) end
if ARGV[7] == '1' then redis.call('HSET', P .. 'job:' .. id, 'deleted', NOW) end
return status
"""

# ARGV[5] id, [6] the worker's name, [7] milliseconds of a beat: the job's
# status; 'running' when this worker has it ('taken' when another has).
_START = _PRELUDE + """
local id = ARGV[5]
local status = settle(id)
if status == 'running' then
  if redis.call('HGET', P .. 'job:' .. id, 'worker') == ARGV[6] then return 'running' end
  return 'taken'
end
if status ~= 'queued' then return status end
redis.call('HSET', P .. 'job:' .. id, 'status', 'running', 'started', NOW, 'worker', ARGV[6])
redis.call('ZREM', P .. 'queued', id)
redis.call('SET', P .. 'beat:' .. id, 1, 'PX', ARGV[7])
return 'running'
"""

# ARGV[5] id, [6] milliseconds of a beat: the job's status, its beat renewed
# while it runs.
_BEAT = _PRELUDE + """
local id = ARGV[5]
local status = settle(id)
if status == 'running' then redis.call('SET', P .. 'beat:' .. id, 1, 'PX', ARGV[6]) end
return status
"""

# ARGV[5] id, [6] the status it ends with, [7] '1' if a queued job ends too,
# [8...] fields: 1 if it has ended now.
_END = _PRELUDE + """
local id = ARGV[5]
local status = redis.call('HGET', P .. 'job:' .. id, 'status')
if status ~= 'running' and not (status == 'queued' and ARGV[7] == '1') then return 0 end
finish(id, ARGV[6], {unpack(ARGV, 8)})
return 1
"""

# ARGV[5] id, [6...] fields, set only while the job runs.
_PROGRESS = _PRELUDE + """
local job = P .. 'job:' .. ARGV[5]
if redis.call('HGET', job, 'status') ~= 'running' then return 0 end
redis.call('HSET', job, unpack(ARGV, 6))
return 1
"""

# ARGV[5] id: its worker has reaped the process that ran it.
_REAPED = _PRELUDE + """
local job = P .. 'job:' .. ARGV[5]
if redis.call('EXISTS', job) == 0 then return 0 end
redis.call('HSET', job, 'reaped', NOW)
return 1
"""


def digest(same: tuple) -> str:
    """The key of a request (its ``same``): identical requests in flight share a job."""
    raw = json.dumps(same, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class JobStore:
    """The jobs in the Redis server of ``connection`` (a redis.Redis)."""

    def __init__(self, connection) -> None:
        self.redis = connection
        self.scripts = {name: connection.register_script(source) for name, source in (
            ("submit", _SUBMIT), ("read", _READ), ("cancel", _CANCEL),
            ("start", _START), ("beat", _BEAT), ("end", _END), ("progress", _PROGRESS),
            ("reaped", _REAPED))}

    def _run(self, name: str, *args):
        return self.scripts[name](args=[PREFIX, repr(time.time()), KEEP_SECONDS,
                                        STALE_MESSAGE, *args])

    # ------------------------------------------------------------ web side
    def submit(self, job_id: str, fields: dict, same: str, client: str, per_client: int,
               queue_max: int, abandon_ms: int) -> tuple[str, str | None]:
        """Add a queued job unless a bound refuses it: ("new", id), ("same",
        the id of an identical request's job), ("client", None) or ("queue", None)."""
        flat = [str(item) for pair in fields.items() for item in pair]
        answer = [_text(v) for v in self._run("submit", job_id, same, client, per_client or 0,
                                              queue_max or 0, abandon_ms, *flat)]
        return answer[0], (answer[1] if len(answer) > 1 else None)

    def read(self, job_id: str, claim: bool = False) -> dict | None:
        """The job's fields (strings) after the rules, with ``place`` while
        queued and, with ``claim``, ``claimed`` for the first such read that
        finds it done (a web process: it keeps the answer in the cache,
        once, whichever process reads)."""
        flat = self._run("read", job_id, "1" if claim else "0")
        if not flat:
            return None
        items = [_text(v) for v in flat]
        return dict(zip(items[0::2], items[1::2]))

    def touch(self, job_id: str, abandon_ms: int) -> None:
        """Someone still wants the job (XX: an abandoned one stays abandoned)."""
        if abandon_ms > 0:
            self.redis.set(PREFIX + "seen:" + job_id, 1, px=abandon_ms, xx=True)

    def cancel(self, job_id: str, reason: str, delete: bool = False) -> str:
        """Mark the job cancelled (and with ``delete`` deleted): the status it had."""
        return _text(self._run("cancel", job_id, reason, "1" if delete else "0"))

    # --------------------------------------------------------- worker side
    def start(self, job_id: str, worker: str) -> str:
        return _text(self._run("start", job_id, worker, STALE_SECONDS * 1000))

    def beat(self, job_id: str) -> str:
        return _text(self._run("beat", job_id, STALE_SECONDS * 1000))

    def end(self, job_id: str, status: str, queued_too: bool = False, **fields) -> bool:
        """End a running job (and with ``queued_too`` a queued one) with
        ``status`` and ``fields``: whether it ended now (a job cancelled
        meanwhile stays cancelled)."""
        flat = [str(item) for pair in fields.items() for item in pair]
        return bool(self._run("end", job_id, status, "1" if queued_too else "0", *flat))

    def progress(self, job_id: str, count: int, depth: int, phase: int) -> None:
        self._run("progress", job_id, "count", int(count), "depth", int(depth), "phase", int(phase))

    def reaped(self, job_id: str) -> None:
        self._run("reaped", job_id)

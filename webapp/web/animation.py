"""``/api/<kind>/animation.gif?p=<code>[&moves=...][&size=...]``: a puzzle's
shortest solution (or a link's moves) as an animated GIF, for every kind
that draws one (its ``film``: :mod:`webapp.film`).

The shortest solution comes as the page's Solve gets it: cached, found on
the spot when cheap (:func:`webapp.web.solving.quick`), else by a solver's
worker; the drawing is done in the request, unless it is costly (more than
``ANIMATION_INLINE_MOVES`` moves at the default width, fewer by area at a
wider one): then a worker draws it too (:func:`webapp.film.job`). The
request waits for the jobs up to ``ANIMATION_WAIT_SECONDS``, then answers
503 with Retry-After ("being prepared"); the jobs go on, marked by what they
make (the backend's ``mark``), so that the next ask, any client's, in any
web process, waits for the same jobs or takes their answers (a solve's is
cached as the page's is). The jobs are bounded as solves are (a client's,
the queue's: 429 with Retry-After).

A link's moves that the kind cannot read, or this puzzle not play, are a
409, as fields that do not fit their puzzle are in the API
(:class:`webapp.errors.Misfit`), and so is a puzzle with no solution to
show. Bounded by ``ANIMATION_MAX_MOVES`` and ``ANIMATION_MAX_BYTES`` (413),
the size by :data:`SIZES` (400), and drawn at most ``ANIMATION_RATE_LIMIT``
times a client (429 with Retry-After); the GIFs drawn are kept in an LRU in
the process, by kind, share code, moves and size.
"""

from __future__ import annotations

import base64
import threading
import time
from collections import OrderedDict

from flask import Blueprint, Response, current_app, request
from flask_babel import gettext

from .. import film, kinds
from ..errors import BAD_INPUT, FieldError, Message
from . import cache, limits, solving
from .jobbackend import Request
from .jobs import DRAWING
from .language import kind_word
from .refusals import code_of, refusal, say

bp = Blueprint("animation", __name__, url_prefix="/api")

DEFAULTS = {
    "ANIMATION_RATE_LIMIT": "30 per minute",  # GIFs drawn (not those from the cache), per client
    "ANIMATION_MAX_MOVES": 200,
    "ANIMATION_MAX_BYTES": 4_000_000,
    "ANIMATION_CACHE_ENTRIES": 64,
    "ANIMATION_WAIT_SECONDS": 5.0,   # a request waits this long for its jobs, then answers 503
    "ANIMATION_INLINE_MOVES": 60,    # moves drawn in the request at the default width; more: a worker's
}
#: The picture's width in pixels: from, to, by default.
SIZES = (120, 480, 240)
#: A link's moves, in characters (the page's links keep fewer).
MAX_LINK_CHARS = 4000
FIELDS = ("p", "moves", "size")
CACHE_CONTROL = "public, max-age=86400"


class _Drawn:
    """The GIFs drawn lately, least recently used out first."""

    def __init__(self) -> None:
        self.entries: OrderedDict[tuple, bytes] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> bytes | None:
        with self.lock:
            if key in self.entries:
                self.entries.move_to_end(key)
            return self.entries.get(key)

    def put(self, key: tuple, data: bytes, room: int) -> None:
        with self.lock:
            self.entries[key] = data
            while len(self.entries) > room:
                self.entries.popitem(last=False)


def _refuse(status: int, code: str, message, headers: dict | None = None):
    return refusal(status, code, message, headers)


class _Preparing(Exception):
    """A job of the animation is under way: ask again later."""


def _preparing():
    retry = max(1, int(current_app.config["BUSY_RETRY_AFTER"]))
    # no-store: a proxy must not keep the 503 for the GIF that follows it
    return _refuse(503, "preparing", gettext("The animation is being prepared: ask again in %(retry)s s.", retry=retry),
                   {"Retry-After": str(retry), "Cache-Control": "no-store"})


def _size() -> int:
    low, high, default = SIZES
    text = request.args.get("size")
    if text is None:
        return default
    if not (text.isdigit() and low <= int(text) <= high):
        raise FieldError(Message('"size" must be a width in pixels from %(low)s to %(high)s, not "%(text)s"',
                                 low=low, high=high, text=text[:20]))
    return int(text)


@bp.get("/<kind>/animation.gif")
def animation_route(kind: str):
    try:
        kind = kinds.get(kind)
    except KeyError as exc:
        return _refuse(404, "not_found", exc.args[0])
    if unknown := sorted(set(request.args) - set(FIELDS)):
        return _refuse(400, "unknown_field", gettext('"%(name)s" is not a field of this address: it reads %(fields)s',
                                                     name=unknown[0][:40], fields=", ".join(FIELDS)))
    code, link = request.args.get("p"), request.args.get("moves")
    if not code:
        return _refuse(400, "field", gettext('"p" must be the puzzle\'s share code (as its page\'s link carries it)'))
    if link is not None and len(link) > MAX_LINK_CHARS:
        return _refuse(400, "field", gettext('"moves" is too long: at most %(most)s characters', most=MAX_LINK_CHARS))
    try:
        size = _size()
        puzzle = kind.decode(code)
        key = (kind.name, kind.encode(puzzle), link, size)
        data = current_app.extensions["playground_animations"].get(key)
        if data is None:
            drawn = _draw(kind, puzzle, link, size)
            if not isinstance(drawn, bytes):
                return drawn
            data = drawn
            current_app.extensions["playground_animations"].put(key, data,
                                                               current_app.config["ANIMATION_CACHE_ENTRIES"])
    except BAD_INPUT as exc:
        return _refuse(400, code_of(exc), exc)
    except _Preparing:
        return _preparing()
    return Response(data, mimetype="image/gif", headers={"Cache-Control": CACHE_CONTROL})


def _draw(kind, puzzle, link: str | None, size: int):
    """The GIF, or the refusal that says why there is none; raises
    _Preparing while a worker is at it."""
    config = current_app.config
    deadline = time.monotonic() + float(config["ANIMATION_WAIT_SECONDS"])
    text = kind.text(puzzle)
    answer = None
    if link is None:
        options = kind.options({})
        answer = solving.quick(kind, puzzle, options, text, "solve")
        if answer is None:
            job = _job(cache.key(kind, text, options, "solve"), deadline,
                       lambda: solving.start(kind, puzzle, options, text, "solve"))
            if job.status == "failed":
                return _failed(job, None)
            answer = job.result
        if answer.get("status") == "limit":
            return _refuse(409, "no_solution", gettext("The shortest solution of this puzzle was not found within "
                                                       "the server's limits: there is none to animate."))
        if answer.get("status") != "solved":
            return _refuse(409, "no_solution", gettext("This puzzle has no solution to animate: %(why)s.",
                                                       why=answer.get("summary") or answer["status"]))
    try:
        moves = kind.film_moves(answer, link)
        if moves is None:
            return _refuse(409, "misfit", gettext("%(kind)s links carry no moves to animate.",
                                                  kind=kind_word(kind.title)))
        bound = config["ANIMATION_MAX_MOVES"]
        if len(moves) > bound:
            return _refuse(413, "too_large", gettext("An animation shows at most %(most)s moves; this one would "
                                                     "take %(count)s.", most=bound, count=len(moves)))
        if _costly(len(moves), size):
            data = _drawn_by_worker(kind, text, moves, size, link, deadline)
            if not isinstance(data, bytes):
                return data
        else:
            limits.take("ANIMATION_RATE_LIMIT", "animations")
            data = film.gif(kind, puzzle, moves, size)
    except BAD_INPUT as exc:
        if link is None:
            raise
        # which moves a kind's links write, and which this puzzle allows, is the
        # kind's to say: no schema of the address can, so (as a misfit) not a 400
        return _refuse(409, "misfit", gettext('"moves" cannot be played on this puzzle: %(why)s', why=say(exc)))
    if data is None:
        return _refuse(404, "not_found", gettext("%(kind)s puzzles have no animation.", kind=kind_word(kind.title)))
    return _within_bytes(len(data)) or data


def _within_bytes(count: int):
    """The 413 of a GIF of ``count`` bytes over the bound, else None."""
    bound = current_app.config["ANIMATION_MAX_BYTES"]
    if count > bound:
        return _refuse(413, "too_large", gettext("This animation would take %(count)s bytes, more than the "
                                                 "%(most)s allowed: ask for a smaller size.", count=count, most=bound))
    return None


def _costly(moves: int, size: int) -> bool:
    """Whether drawing ``moves`` at ``size`` pixels is a worker's: its cost
    grows with the moves and the picture's area."""
    return moves * (size / SIZES[2]) ** 2 > current_app.config["ANIMATION_INLINE_MOVES"]


def _job(label: str, deadline: float, submit):
    """The job marked ``label`` (any client's) once it has ended, else a
    new one (``submit()``: raises limits.Busy over a bound), waited for
    until ``deadline``; raises _Preparing while it is under way."""
    jobs = solving.manager()
    job = jobs.marked(label)
    if job is None or job.status in ("cancelled", "failed"):
        job = submit()
        jobs.mark(label, job.id)
    if job.active:
        job = solving.settle(job, max(0.0, deadline - time.monotonic()))
    if job.active or job.status == "cancelled":  # cancelled meanwhile: the next ask starts another
        raise _Preparing()
    return job


def _failed(job, link: str | None):
    """The refusal of a job that failed: the user's mistake (a link's
    moves), a bug (500), or nobody's (503: ask again)."""
    if job.failure == "input":
        if link is None:
            raise FieldError(job.error)
        return _refuse(409, "misfit", gettext('"moves" cannot be played on this puzzle: %(why)s', why=job.error))
    if job.failure == "internal":
        raise RuntimeError(job.error)
    retry = max(1, int(current_app.config["BUSY_RETRY_AFTER"]))
    return _refuse(503, "unavailable", gettext("The animation could not be prepared just now (%(why)s): ask again "
                                               "in %(retry)s s.", why=job.error, retry=retry),
                   {"Retry-After": str(retry), "Cache-Control": "no-store"})


def _drawn_by_worker(kind, text: str, moves, size: int, link: str | None, deadline: float):
    """The GIF a worker drew (:func:`webapp.film.job`), or a refusal."""
    options = {"moves": moves, "size": size}

    def submit():
        limits.take("ANIMATION_RATE_LIMIT", "animations")
        bounds = {"max_count": None, "max_seconds": None,
                  "max_bytes": current_app.config["ANIMATION_MAX_BYTES"]}
        return solving.manager().submit(Request(kind.name, text, options, bounds, limits.client(),
                                                None, DRAWING))

    job = _job(cache.key(kind, text, options, DRAWING), deadline, submit)
    if job.status == "failed":
        return _failed(job, link)
    drawn = job.result
    if drawn["status"] == "none":
        return None
    if drawn["status"] == "limit":
        return _within_bytes(drawn["bytes"])
    return base64.b64decode(drawn["gif"])


def init_app(app) -> None:
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    app.extensions["playground_animations"] = _Drawn()
    app.register_blueprint(bp)

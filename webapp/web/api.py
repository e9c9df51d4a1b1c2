"""The JSON API, written once for every puzzle kind (:mod:`webapp.kinds`).

Each route is at ``/api/<kind>/<name>`` (``/api/<kind>/solve``, ...),
and a job's at ``/api/jobs/<id>``; there is no address without its kind.
Every answer to bad input is a 400 with a message; a parser's messages keep
their line and column; a field the route does not read is refused, naming
the ones it does. An unknown kind is a 404. Bad input is exactly the kinds'
errors of :data:`webapp.errors.BAD_INPUT` (a puzzle's text, a request's
field, an illegal move); :class:`~webapp.errors.NotAvailable` is a 503 with
``Retry-After``. Any other exception is a bug, never the user's: it reaches
the app's logged 500 with a request id (:mod:`webapp.web.security`).
"""

from __future__ import annotations

import json
import random

from flask import Blueprint, jsonify, request, url_for
from flask_babel import gettext

from .. import kinds, levels
from ..errors import BAD_INPUT, Misfit, NotAvailable, PuzzleTextError
from . import gallery, limits, links, sharing, solving
from .jobbackend import lost
from .pages import page_endpoint
from .refusals import code_of, refusal, say

bp = Blueprint("api", __name__, url_prefix="/api")


class BadRequest(ValueError):
    """A request the API answers with 400, a message and its ``code``
    (:mod:`.refusals`)."""

    def __init__(self, message: str, code: str = "field", **extra) -> None:
        super().__init__(message)
        self.code = code
        self.extra = extra


class NotFound(LookupError):
    """An unknown job or kind: 404."""


@bp.errorhandler(BadRequest)
def _bad_request(exc: BadRequest):
    return refusal(400, exc.code, exc, **exc.extra)


def _bad_input(exc: ValueError):
    """A kind's error as a 400, with its line and column when it has them
    (a column is null for an error about a whole line); a misfit, which
    the OpenAPI description cannot refuse, as a 409."""
    extra = {}
    if isinstance(exc, PuzzleTextError) and exc.line is not None:
        extra = {"line": exc.line, "column": exc.column}
    return refusal(409 if isinstance(exc, Misfit) else 400, code_of(exc), exc, **extra)


for _input_error in BAD_INPUT:
    bp.register_error_handler(_input_error, _bad_input)


@bp.errorhandler(NotAvailable)
def _unavailable(exc: NotAvailable):
    retry = max(1, round(exc.retry_after))
    return refusal(503, "unavailable", gettext("the solver could not answer just now: %(reason)s", reason=say(exc)),
                   {"Retry-After": str(retry)})


@bp.errorhandler(links.StoreFull)
def _store_full(exc: links.StoreFull):
    return refusal(507, "store_full", gettext("the link store is full: copy the long link instead"),
                   url=url_for(page_endpoint(exc.kind), p=exc.share_code))


@bp.errorhandler(NotFound)
def _not_found(exc: NotFound):
    return refusal(404, "not_found", exc)


class Gone(LookupError):
    """A job someone deleted: 410."""


@bp.errorhandler(Gone)
def _gone(exc: Gone):
    return refusal(410, "gone", exc)


#: The view of each ``/api/<kind>/<rule>``, by rule (the OpenAPI document shows their words).
VIEWS = {}


def _route(rule: str, methods: list[str], only: tuple[str, ...] | None = None):
    """Register a view at ``/api/<kind>/<rule>`` (``only``: for those kinds
    alone; another kind's address is then no route: 404)."""
    kind = "<kind>" if only is None else f"<any({', '.join(only)}):kind>"

    def register(view):
        bp.add_url_rule(f"/{kind}/{rule}", endpoint=f"kind_{view.__name__}", view_func=view,
                        methods=methods)
        VIEWS[rule] = view
        return view
    return register


def _kind(name: str):
    try:
        return kinds.get(name)
    except KeyError as exc:
        raise NotFound(say(exc.args[0])) from None


def _number(text: str) -> float | int:
    """A JSON number with a fraction or an exponent: a whole one (``5.0``,
    ``1e2``) is that integer, as JSON Schema (and so the OpenAPI
    description) counts it, so that every field that wants a whole number
    takes it."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _json_body(kind, optional: bool = False) -> dict:
    """The request's JSON object; with ``optional``, an empty body is ``{}``.
    Anything else (not JSON, not an object, not UTF-8, nested too deeply
    for the parser) is a 400: every route reads its body here."""
    try:
        data = json.loads(request.get_data(), parse_float=_number) if request.is_json else None
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested too deeply for the parser
        data = None
    if optional and data is None and not request.get_data():
        return {}
    if not isinstance(data, dict):
        example = "{}" if optional else (kind.web.request_example or json.dumps({"board": kind.example}))
        if optional:
            raise BadRequest(gettext("send a JSON object (or nothing), e.g. %(example)s", example=example), "body")
        raise BadRequest(gettext("send a JSON object, e.g. %(example)s", example=example), "body")
    return data


def _known_fields(data: dict, accepted) -> None:
    """Refuse a field the route does not read (``max_nodse``, ``gaol``):
    ignored, a typo would silently change nothing. ``accepted`` None: the
    kind has not said which fields it reads, so nothing is refused."""
    if accepted is None:
        return
    unknown = sorted(set(data) - set(accepted))
    if unknown:
        names = ", ".join(f'"{name}"' for name in unknown)
        known = ", ".join(f'"{name}"' for name in accepted)
        if len(unknown) > 1:
            message = gettext("unknown fields %(names)s: the fields are %(known)s", names=names, known=known)
        else:
            message = gettext("unknown field %(names)s: the fields are %(known)s", names=names, known=known)
        raise BadRequest(message, "unknown_field", unknown=unknown, accepted=list(accepted))


def _fields(kind):
    """The fields a puzzle request of ``kind`` may carry: the board, a move
    (read by /move; the other routes let it pass, so one body serves them
    all) and the kind's options; None when the kind does not declare them."""
    if kind.web.option_fields is None:
        return None
    return ("board", "move", *kind.web.option_fields)


def _puzzle(kind) -> tuple:
    """The request's JSON (any field of a puzzle request may come with the
    board) and its puzzle."""
    data = _json_body(kind)
    _known_fields(data, _fields(kind))
    text = data.get("board")
    if not isinstance(text, str):
        raise BadRequest(gettext('"board" must be the puzzle in the text format, as a string'))
    return data, kind.parse(text)


def _request(kind_name: str):
    """The kind, the request's JSON, its puzzle and the kind's options."""
    kind = _kind(kind_name)
    data, puzzle = _puzzle(kind)
    return kind, data, puzzle, kind.options(data)


def _said(body: dict) -> dict:
    """A job's fields, its ``error`` and ``note`` said in the request's language."""
    return {**body, **{field: say(body[field]) for field in ("error", "note") if field in body}}


def _pending(job):
    """202: the job to poll (status, job, the snapshot's fields)."""
    body = {"status": job.status, "job": job.id, **_said(job.body)}
    response = jsonify(body)
    response.status_code = 202
    response.headers["Location"] = url_for("api.job_status", job_id=job.id)
    return response


def _task_view(task: str):
    """The view of ``/api/<kind>/<task>``: one of the kind's searches
    (``tasks``) on ``board`` with the kind's options."""
    def view(kind: str):
        kind, _, puzzle, options = _request(kind)
        result = solving.answer(kind, puzzle, options, task)
        return jsonify(result) if isinstance(result, dict) else _pending(result)
    view.__name__ = f"{task}_route"
    view.__doc__ = TASKS.get(task, view.__doc__)
    return view


#: What each search answers (the OpenAPI description shows these words).
TASKS = {
    "solve": """Solve ``board`` with the kind's options: status, moves, length,
    optimal, engine, seconds, the kind's counter (states, nodes), ...

    Small or cached puzzles are answered at once; others go to a worker
    process, and when it takes longer than ``SOLVE_WAIT_SECONDS`` the answer
    is 202 with the job to poll at ``/api/jobs/<id>`` (Location).
    """,
    "hint": """The best next move from ``board``, found within the same bounds as a
    solve, and as a solve is (200, or 202 with the job finding it). A hint
    without a move says why in ``message``.""",
    "trace": """The search's first moves towards its first solution, up to
    ``events`` of them (the page's "Show search"), found as a solve is.""",
}

# each kind's searches: a route for the kinds that have it (solve and hint: every kind)
for _task in dict.fromkeys(t for k in kinds.KINDS for t in k.tasks):
    _having = tuple(k.name for k in kinds.KINDS if _task in k.tasks)
    _route(_task, ["POST"], None if len(_having) == len(kinds.KINDS) else _having)(_task_view(_task))


def _known(job, job_id: str, deleted_too: bool = False):
    # an id a server made that no backend has (a restart lost it, or it ended
    # long ago): a failed job that says so; an id nobody made: no such job
    job = job if job is not None else lost(job_id)
    if job is None:
        raise NotFound(gettext("no solve %(job)s: no server of this playground made that id; "
                               "press Solve (or Hint) to start one", job=repr(job_id)))
    if job.deleted and not deleted_too:
        raise Gone(gettext("this search was deleted: press Solve (or Hint) to start another"))
    return job


@bp.get("/jobs/<job_id>")
def job_status(job_id: str):
    """Progress of a solve (its kind, the kind's counter and depth, seconds,
    the phase while tables are built), and its answer when done. Only
    read: the answer went into the cache when the job finished. A job
    whose id a server made but that no server has any more (the queue
    restarted and lost it, or it ended over 10 minutes ago) is answered
    as failed, ``failure`` "lost", with a sentence that says to ask again;
    a job deleted is a 410; an id no server made is a 404."""
    job = _known(solving.manager().snapshot(job_id), job_id)
    solving.manager().touch(job_id)
    return jsonify(_said(job.body))


@bp.post("/jobs/<job_id>/cancel")
def cancel_job(job_id: str):
    """Stop a solve: its worker process is killed and reaped; the job stays
    readable, cancelled (or as it ended). Any body (a page that is closing
    sends one with navigator.sendBeacon). A job deleted is a 410."""
    return jsonify(_said(_known(solving.manager().cancel(job_id), job_id).body))


@bp.delete("/jobs/<job_id>")
def delete_job(job_id: str):
    """Stop a solve as its cancel does and forget it: the answer is the job
    as it stopped; afterwards a poll or a cancel of it is a 410 (a second
    DELETE answers as the first)."""
    return jsonify(_said(_known(solving.manager().delete(job_id), job_id, deleted_too=True).body))


@_route("parse", ["POST"])
def parse_route(kind: str):
    """Check puzzle text: the puzzle as the engine reads it (canonical text
    and the kind's summary: rotation width, height, sticks, gaps), or the error."""
    kind = _kind(kind)
    _, puzzle = _puzzle(kind)
    return jsonify(board=kind.text(puzzle), kind=kind.name, **kind.summary(puzzle))


@_route("move", ["POST"])
def move_route(kind: str):
    """One move from ``board`` (rotation: ``L``/``R`` or null to settle, with
    gravity at ``orientation``; sliding: the tile that slides): the board
    after it, and whether it reached the goal (``solved``)."""
    kind, data, puzzle, options = _request(kind)
    return jsonify(kind.move(puzzle, options, data.get("move")))


@_route("share", ["POST"])
def share_route(kind: str):
    """The self-contained link: the puzzle itself, encoded in the URL; and
    the Share box's whole addresses of it (:mod:`.sharing`)."""
    kind = _kind(kind)
    puzzle = _puzzle(kind)[1]
    code = kind.encode(puzzle)
    return jsonify(code=code, url=url_for(page_endpoint(kind), p=code), **sharing.addresses(kind, puzzle, code))


@_route("links", ["POST"])
def links_route(kind: str):
    """A short link ``/s/<id>`` stored on the server (SQLite, or PostgreSQL); same puzzle, same id."""
    kind = _kind(kind)
    _, puzzle = _puzzle(kind)
    limits.take("LINK_RATE_LIMIT", "links")
    limits.take("LINK_DAILY_LIMIT", "links")
    link_id = links.store(puzzle, kind)
    return jsonify(id=link_id, url=url_for("pages.short_link", link_id=link_id), link=sharing.short_address(link_id))


@_route("shuffle", ["POST"])
def shuffle_route(kind: str):
    """A random puzzle from the request's fields (the kind's: rotation
    ``size``/``width``/``height``, ``sticks``; sliding ``width``, ``height``,
    ``distance``), optionally from a ``seed``: its text, share code and summary.
    With ``level`` (easy, medium, hard, expert) instead of the kind's fields,
    a puzzle of that level from the kind's pool, with its level and the
    figures that prove it (rotation and sliding: its shortest ``length``);
    with ``instead_of`` too (the text of the puzzle on the board), never that one."""
    kind = _kind(kind)
    data = _json_body(kind, optional=True)
    if kind.web.shuffle_fields is not None:
        _known_fields(data, ("seed", "level", "instead_of", *kind.web.shuffle_fields))
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadRequest(gettext('"seed" must be a whole number'))
    rng = random.Random(seed) if seed is not None else random.Random()
    if data.get("level") is not None:
        return _levelled(kind, data, rng)
    puzzle = kind.shuffle(data, rng)
    return jsonify(kind=kind.name, board=kind.text(puzzle), code=kind.encode(puzzle),
                   **kind.summary(puzzle))


def _levelled(kind, data: dict, rng: random.Random):
    """A puzzle of the requested level (its own size: no other field of the
    kind's may come with it)."""
    mixed = sorted(set(data) - {"seed", "level", "instead_of"})
    if mixed:
        raise BadRequest(gettext('a "level" picks its own puzzle: send it alone (or with "seed" and '
                                 '"instead_of"), without %(fields)s',
                                 fields=", ".join(json.dumps(name) for name in mixed)))
    try:
        entry = levels.pick(kind.name, levels.check_level(data["level"]), rng,
                            _shown(kind, data.get("instead_of")))
    except levels.LevelError as exc:
        raise BadRequest(say(exc)) from None
    except levels.NoLevels as exc:
        raise NotFound(say(exc)) from None
    return jsonify(_pooled(kind, entry))


def _shown(kind, text) -> str | None:
    """The puzzle on the player's board as its pool would write it (a pool
    stores each puzzle's text as the kind writes it): None for no puzzle.
    A text that is no puzzle of the kind is none of the pool's either."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise BadRequest(gettext('"instead_of" must be the text of the puzzle on the board'))
    try:
        return kind.text(kind.parse(text))
    except PuzzleTextError:
        return None


def _pooled(kind, entry: dict) -> dict:
    """A pool's puzzle as the API answers it: the kind's fields of a
    shuffled puzzle, then the entry's level and figures."""
    puzzle = kind.parse(entry["board"])
    return {"kind": kind.name, **kind.summary(puzzle), **entry, "board": kind.text(puzzle),
            "code": kind.encode(puzzle)}


@_route("daily", ["GET"])
def daily_route(kind: str):
    """The puzzle of the day (UTC; ``?date=YYYY-MM-DD`` for another day's):
    the same for every call on a date, with its ``date``, ``level``, the
    figures that prove the level and the page's ``url`` that opens it."""
    kind = _kind(kind)
    try:
        day = levels.parse_date(request.args["date"]) if "date" in request.args else levels.today()
    except levels.LevelError as exc:
        raise BadRequest(say(exc)) from None
    try:
        body = _pooled(kind, levels.daily(kind.name, day))
    except levels.NoLevels as exc:
        raise NotFound(say(exc)) from None
    return jsonify(**body, url=url_for(page_endpoint(kind), daily=body["date"]))


def _entry(entry) -> dict:
    return {"name": entry.name, "kind": entry.kind, "title": entry.title,
            **gallery.summary(entry), "moves": entry.moves,
            "url": url_for("pages.gallery_puzzle", name=entry.name)}


@_route("puzzles", ["GET"])
def puzzles_route(kind: str):
    """The kind's part of the puzzle library: name, title, the kind's
    summary (rotation: size, sticks), optimal moves, the page's address."""
    kind = _kind(kind)
    return jsonify([_entry(e) for e in gallery.entries() if e.kind == kind.name])

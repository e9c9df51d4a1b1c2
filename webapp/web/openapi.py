"""The JSON API's OpenAPI 3.1 description, served at ``/api/openapi.json``.

It is made from the registry of kinds (:mod:`webapp.kinds`), as the routes
themselves are (:mod:`webapp.web.api`, whose views' docstrings describe the
operations): what every kind shares is written here once (bodies, errors,
jobs, the fields every answer carries); each kind's paths come from its web
face (``option_fields``, ``shuffle_fields``, ``schemas``: the JSON Schemas of
its own fields and answers) and its ``counter``, ``depth_field`` and
``example``. A new kind is described with no edit here; one without
``schemas`` gets fields and answers of any shape.

Answers are objects that may gain fields: a client ignores the ones it does
not know. Request bodies are closed for a kind that says which fields it
reads (``option_fields``): the server refuses any other, naming them.
The document is as strict as the server: what it refuses is a 400, what it
allows is taken, but for what no JSON Schema can say, each named: a board
is its kind's format (``<kind>-puzzle``), and fields that must fit the
puzzle or each other are a 409 when they do not (:class:`webapp.errors.Misfit`).
tests/web/test_openapi.py checks the document and runs schemathesis against it.
"""

from __future__ import annotations

import functools
import inspect
import json
from importlib import metadata

from flask import Blueprint, Response

from .. import kinds, levels
from . import animation, api
from .refusals import CODES

bp = Blueprint("openapi", __name__)

#: Where the document is served (the docs and the README link it).
PATH = "/api/openapi.json"

#: Each search's answer component (a kind's own task: ``<Title><Task>``),
#: summary and 200's words (a kind's own: "A <task> of a puzzle", "The <task>.").
_TASKS = {"solve": ("Solved", "Solve a puzzle", "The answer (from the cache, the request, or a "
                                                "worker that finished in time)."),
          "hint": ("Hint", "The next move", "The hint.")}

_STRING = {"type": "string"}
_COUNT = {"type": "integer", "minimum": 0}
_REF = "#/components/{}/{}"

# ------------------------------------------- the Share box (webapp/web/sharing.py)
#: An address as the Share box copies it: whole, from PUBLIC_URL or the request's host.
_WHOLE = {"type": "string", "pattern": "^https?://"}
_SHARED = {"type": "object",
           "required": ["code", "url", "link", "image", "animation", "embed", "title", "text"],
           "properties": {
               "code": {"type": "string", "minLength": 1},
               "url": {**_STRING, "description": "the page's link, from the site's root"},
               "link": {**_WHOLE, "description": "the page's link, whole"},
               "image": {**_WHOLE, "description": "the preview card, /preview/<kind>.png?p=<code>"},
               "animation": {"anyOf": [_WHOLE, {"type": "null"}],
                             "description": "the animation, /api/<kind>/animation.gif?p=<code>; "
                                            "null for a kind that draws none"},
               "embed": {"type": "object", "required": ["src", "width", "height", "title", "html"],
                         "description": "the player to frame, as /oembed gives it",
                         "properties": {"src": {**_WHOLE, "description": "/embed/<kind>?p=<code>"},
                                        "width": {"type": "integer", "minimum": 1},
                                        "height": {"type": "integer", "minimum": 1},
                                        "title": _STRING,
                                        "html": {"type": "string", "pattern": "^<iframe src=\"https?://"}}},
               "title": {**_STRING, "description": "the headline: kind, size, shortest solution when known"},
               "text": {**_STRING, "description": "a sentence to send with the link"}}}


@bp.get(PATH)
def openapi_route():
    """This API's description (OpenAPI 3.1, JSON)."""
    return Response(_text(kinds.KINDS), mimetype="application/json")


@functools.lru_cache(maxsize=2)
def _text(_registry: tuple) -> str:
    """The document as served, made once for the registry (tests may swap it)."""
    return json.dumps(document(), separators=(",", ":"))


def _ref(section: str, name: str) -> dict:
    return {"$ref": _REF.format(section, name)}


def _object(spec, extra: dict | None = None) -> dict:
    """A kind's schema of an object (``properties`` and ``required``, or a
    whole schema) as a schema, with ``extra`` properties (required). None
    or ``{}``: any object."""
    spec = spec or {}
    extra = extra or {}
    if "properties" in spec and "type" not in spec and "anyOf" not in spec:
        properties = {**extra, **spec["properties"]}
        required = [*extra, *(k for k in spec.get("required", ()) if k not in extra)]
        return {"type": "object", "properties": properties, "required": required}
    if not extra:
        return spec if spec else {"type": "object"}
    return {"allOf": [{"type": "object", "properties": extra, "required": list(extra)},
                      spec or {"type": "object"}]}


def _accepts_null(schema: dict) -> bool:
    """Whether ``schema`` lets null through (enum, type or one of anyOf)."""
    if not schema:
        return True
    if None in schema.get("enum", ()) or schema.get("type") == "null":
        return True
    if isinstance(schema.get("type"), list) and "null" in schema["type"]:
        return True
    return any(_accepts_null(part) for part in schema.get("anyOf", ()))


def _words(view) -> str:
    """A view's docstring as an operation's description (Markdown)."""
    return inspect.cleandoc(view.__doc__ or "").replace("``", "`")


@functools.lru_cache(maxsize=1)
def _version() -> str:
    try:
        return metadata.version("rotation-playground")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "0"


# --------------------------------------------------------- what is shared
def _shared_schemas() -> dict:
    return {
        "Error": {
            "type": "object",
            "description": "Why the request was refused: a sentence for a person, in the request's "
                           "language (?lang=, the lang cookie, Accept-Language), and a code for programs.",
            "properties": {
                "error": {"type": "string", "minLength": 1},
                "code": {"enum": sorted(CODES), "description": "the kind of refusal, the same in every "
                                                               "language (docs/api.md lists them)"},
                "line": {"type": "integer", "minimum": 1,
                         "description": "a parser's error: the line of the puzzle text"},
                "column": {"type": ["integer", "null"], "minimum": 1,
                           "description": "and its column (null: the error is about the whole text)"},
                "unknown": {"type": "array", "items": _STRING,
                            "description": "fields the route does not read"},
                "accepted": {"type": "array", "items": _STRING, "description": "the fields it reads"},
            },
            "required": ["error", "code"],
        },
        "Delivery": {
            "type": "object",
            "description": "How an answer was delivered; every solve's answer has these fields.",
            "properties": {
                "time": {"type": "number", "minimum": 0, "description": "seconds to answer"},
                "source": {"enum": ["cache", "inline", "worker"],
                           "description": "the cache of answers, the request itself, or a worker"},
                "cached": {"type": "boolean", "description": "from the cache (its engine computed it then)"},
                "board": {"type": "string", "description": "the puzzle's canonical text"},
            },
            "required": ["time", "source", "cached", "board"],
        },
        "Job": {"oneOf": [_ref("schemas", f"{_title(kind)}Job") for kind in kinds.KINDS],
                "description": "A solve in a worker, of any kind (see `kind`)."},
    }


def _shared_responses() -> dict:
    error = {"application/json": {"schema": _ref("schemas", "Error")}}
    return {
        "BadRequest": {"description": "Bad input: the message says what (a parser's, with its "
                                      "line and column; an unknown field, naming the ones read).",
                       "content": error},
        "Misfit": {"description": "Fields this description allows that do not fit the puzzle they "
                                   "come with, or each other (a move the rules forbid from this "
                                   "position; a stick, slot or piece the puzzle has not; a "
                                   "placement over another number of slots; a resume token of "
                                   "another search; sizes that hold no such puzzle): no JSON "
                                   "Schema can say these, so they are not 400s.",
                   "content": error},
        "NotFound": {"description": ("No such job: no server made its id (a job a server made "
                                    "and lost is a 200, failed, failure \"lost\"), or no such kind."),
                     "content": error},
        "Gone": {"description": "A job someone deleted (DELETE /api/jobs/{job_id}): start another.",
                 "content": error},
        "TooLarge": {"description": "The body is over the server's bound (256 KiB by default).",
                     "content": error},
        "TooManyRequests": {
            "description": "Too many requests, jobs or links from this address, or the solver's "
                           "queue is full: wait `Retry-After` seconds.",
            "headers": {"Retry-After": {"schema": {"type": "integer", "minimum": 1},
                                        "description": "seconds to wait"}},
            "content": error},
        "InternalError": {
            "description": "A bug on the server's side, never the request's: the answer gives a request "
                           "id, and the server's log has what went wrong under it.",
            "headers": {"X-Request-Id": {"schema": _STRING, "description": "the same request id"}},
            "content": {"application/json": {"schema": {
                "type": "object", "required": ["error", "code", "request_id"],
                "properties": {"error": {"const": "internal error"}, "code": {"const": "internal"},
                               "request_id": _STRING}}}}},
        "Unavailable": {"description": "The solver could not answer (a worker died), or a server "
                                       "this needs is down (the shared queue of jobs, the links' "
                                       "database: then with Retry-After): not the client's fault; "
                                       "try again.",
                        "content": error},
    }


def _json(schema: dict, description: str, **extra) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}, **extra}


def _errors(*codes: str) -> dict:
    """The refusals of an operation, by status; a 500 (a bug) may come from any."""
    names = {"400": "BadRequest", "404": "NotFound", "409": "Misfit", "410": "Gone", "413": "TooLarge", "429": "TooManyRequests",
             "500": "InternalError", "503": "Unavailable"}
    return {code: _ref("responses", names[code]) for code in (*codes, "500")}


_LOCATION = {"Location": {"schema": _STRING, "description": "the job's address: /api/jobs/<id>"}}
_POLL_LINKS = {
    "poll": {"operationId": "job_status", "parameters": {"job_id": "$response.body#/id"},
             "description": "the job's progress, then its answer"},
    "delete": {"operationId": "delete_job", "parameters": {"job_id": "$response.body#/id"},
               "description": "stop the solve and forget it"},
    "cancel": {"operationId": "cancel_job", "parameters": {"job_id": "$response.body#/id"},
               "description": "stop the solve, as the page's Cancel and a closing page do"},
}


# ----------------------------------------------------------- one kind's
def _title(kind) -> str:
    return "".join(part.capitalize() for part in kind.name.replace("-", "_").split("_"))


def _kind_schemas(kind) -> dict:
    """The components a kind's paths refer to, under names that start with
    its title (``SlidingAnswer``, ``SlidingJob``, ...)."""
    own, title = kind.web.schemas, _title(kind)
    counter, depth = kind.counter, kind.depth_field
    solved = {"allOf": [_object(own.get("answer")), _ref("schemas", "Delivery")],
              "description": f"A {kind.title} solve's answer."}
    job = {
        "type": "object",
        "description": f"A {kind.title} solve in a worker: its progress, then its answer.",
        "properties": {
            "id": {"type": "string", "minLength": 1},
            "kind": {"const": kind.name},
            "status": {"enum": ["queued", "running", "done", "cancelled", "failed"]},
            "counter": {"const": counter, "description": "the name of the count below"},
            f"max_{counter}": {"type": ["integer", "null"], "minimum": 0,
                               "description": "the bound on the count (null: none)"},
            "max_seconds": {"type": ["number", "null"], "minimum": 0,
                            "description": "the time limit in force (null: none)"},
            "seconds": {"type": "number", "minimum": 0, "description": "since it started or was queued"},
            counter: {**_COUNT, "description": f"{counter} searched so far"},
            depth: {**_COUNT, "description": "the search's second figure"},
            "note": {"type": "string", "description": "the kind's sentence about this solve"},
            "place": {"type": "integer", "minimum": 1, "description": "while queued: 1 is next"},
            "phase": {"enum": ["search", "building"],
                      "description": "for a kind that builds tables before it searches"},
            "answer": {"anyOf": [_ref("schemas", f"{title}{_answer_name(task)}") for task in kind.tasks],
                       "description": "when done: its task's answer (a solve's, a hint's, ...)"},
            "error": {"type": "string", "description": "why it failed or was cancelled"},
            "failure": {"enum": ["input", "unavailable", "internal", "lost"],
                        "description": "a failed job's cause: the puzzle, nobody's (try again), a bug, "
                                       "or lost (the server no longer has it: ask again)"},
        },
        "required": ["id", "kind", "status", "counter", f"max_{counter}", "max_seconds",
                     "seconds", counter, depth],
    }
    summary = _object(own.get("summary"))
    extra = {f"{title}{_answer_name(task)}": {
        "allOf": [_object(own.get(task)), _ref("schemas", "Delivery")],
        "description": f"A {kind.title} {task}'s answer."} for task in kind.tasks if task not in _TASKS}
    return {
        **extra,
        f"{title}Solved": solved,
        f"{title}Job": job,
        f"{title}Pending": {"allOf": [_ref("schemas", f"{title}Job"), {
            "type": "object", "required": ["job"],
            "properties": {"job": {"type": "string", "description": "the job's id, as `id`"}}}],
            "description": "Not answered yet: the job to poll at /api/jobs/{job_id}."},
        f"{title}Summary": summary,
        f"{title}Hint": {"allOf": [_hint(kind, own), _ref("schemas", "Delivery")],
                         "description": f"A {kind.title} hint's answer."},
        f"{title}MoveAnswer": _object(own.get("move_answer")),
    }


#: Every kind's hint without a move says why, for a person.
_HINT_MESSAGE = {"type": "string", "description": "why there is no move, in words (only when move is null)"}


def _hint(kind, own: dict) -> dict:
    """A hint's answer: the kind's own, or the first move of a solve."""
    if own.get("hint"):
        schema = _object(own["hint"])
        if "properties" in schema:
            schema["properties"].setdefault("message", _HINT_MESSAGE)
        return schema
    return {"type": "object", "description": "The first move of a shortest solution.",
            "properties": {
                "status": {"enum": ["solved", "unsolvable", "limit"]},
                "move": {"anyOf": [own.get("step") or {}, {"type": "null"}],
                         "description": "the next move; null when there is none"},
                "length": {"type": ["integer", "null"], "minimum": 0},
                kind.counter: {"type": ["integer", "null"], "minimum": 0},
                "optimal": {"type": ["boolean", "null"]},
                "summary": {"type": ["string", "null"]},
                "message": _HINT_MESSAGE},
            "required": ["status", "move", "length", kind.counter, "optimal", "summary"]}


def _answer_name(task: str) -> str:
    return _TASKS[task][0] if task in _TASKS else task.capitalize()


def _board(kind) -> dict:
    """A puzzle in ``kind``'s text format: a format of its own
    (``<kind>-puzzle``), for what the text may be is a grammar and more
    (a frame's rows as long as each other, pieces that fit), which no JSON
    Schema keyword says; a client that knows the format can generate or
    check it (tests/web/test_openapi.py registers each kind's)."""
    return {"type": "string", "format": f"{kind.name}-puzzle",
            "description": f"the puzzle in the {kind.title} text format"}


def _puzzle_body(kind, route: str) -> dict:
    """A puzzle request's body on ``route``: the board, a move (read by
    /move), the kind's options (read by the routes that solve or play)."""
    own = kind.web.schemas
    reads = route == "move" or route in kind.tasks
    ignored = {"description": "accepted, not read by this route"}
    move = own.get("move", {}) if route == "move" else ignored
    properties = {"board": _board(kind),
                  "move": move}
    for name in kind.web.option_fields or ():
        properties[name] = own.get("options", {}).get(name, {}) if reads else ignored
    schema = {"type": "object", "properties": properties, "required": ["board"]}
    if route == "move" and not _accepts_null(move):
        schema["required"].append("move")
    if kind.web.option_fields is not None:
        schema["additionalProperties"] = False
    example = {"board": kind.example}
    if route == "move" and move.get("examples"):
        example["move"] = move["examples"][0]
    return {"required": True, "content": {"application/json": {"schema": schema, "example": example}}}


def _shuffle_body(kind) -> dict:
    """A shuffle's body: the kind's fields, or a ``level`` (with only
    ``seed`` and ``instead_of``), as the server reads it: two shapes."""
    own = kind.web.schemas
    shared = {"seed": {"type": ["integer", "null"],
                       "description": "the same seed and fields give the same puzzle"},
              "instead_of": {"type": ["string", "null"],
                             "description": "with level: the text of the puzzle on the board, "
                                            "which the pick never gives again"}}
    level = {"enum": list(levels.LEVELS),
             "description": "a puzzle of this level from the kind's pool, instead of the kind's "
                            "fields (alone, or with seed and instead_of)"}
    fields = {name: own.get("shuffle", {}).get(name, {}) for name in kind.web.shuffle_fields or ()}
    drawn = {"type": "object", "title": "level", "properties": {**shared, "level": level},
             "required": ["level"], "additionalProperties": False}
    made = {"type": "object", "title": "fields",
            "properties": {**shared, "level": {"type": "null", "description": "no level: the fields"},
                           "instead_of": {"description": "read only with a level"}, **fields}}
    if kind.web.shuffle_fields is not None:
        made["additionalProperties"] = False
    return {"required": False, "description": "no body: the kind's defaults",
            "content": {"application/json": {"schema": {"oneOf": [drawn, made]}, "example": {"seed": 1}}}}


def _levelled(kind, schema: dict, extra: dict | None = None) -> dict:
    """``schema`` (a puzzle's answer) with the fields of a puzzle drawn by
    level (:mod:`webapp.levels`), which only such a puzzle has, and ``extra``
    (required)."""
    figures = {"level": {"enum": list(levels.LEVELS)},
               "length": {**_COUNT, "description": "the proven shortest solution's moves"},
               kind.counter: {**_COUNT, "description": f"the {kind.counter} the level is read from"},
               "side": {**_COUNT, "description": "the puzzle's side, where a level is read from it too"}}
    if "properties" in schema and "allOf" not in schema:
        return {**schema, "properties": {**figures, **schema["properties"], **(extra or {})},
                "required": [*schema.get("required", ()), *(extra or {})]}
    return {"allOf": [schema, {"type": "object", "properties": {**figures, **(extra or {})},
                               "required": list(extra or {})}]}


def _operations(kind) -> dict:
    """Every route of ``kind``: ``{route: {method: operation}}``."""
    title, name = _title(kind), kind.name
    ref = lambda suffix: _ref("schemas", f"{title}{suffix}")  # noqa: E731
    own = kind.web.schemas
    summary = own.get("summary")
    pending = _json(ref("Pending"), "Not answered yet: the job to poll.", headers=_LOCATION,
                    links=_POLL_LINKS)
    parse_fields = {"board": _STRING, "kind": {"const": name}}
    routes = {}
    for task in kind.tasks:
        answer, what, words = _TASKS.get(task, (task.capitalize(), f"A {task} of a puzzle", f"The {task}."))
        routes[task] = ("post", what, {"200": _json(ref(answer), words), "202": pending,
                                       **_errors("400", "409", "413", "429", "503")})
    routes |= {
        "parse": ("post", "Check a puzzle's text", {
            "200": _json(_object(summary, extra=parse_fields),
                         "The puzzle as the server reads it: its canonical text and summary."),
            **_errors("400", "413", "429")}),
        "move": ("post", "Make one move", {
            "200": _json(ref("MoveAnswer"), "The board after the move."),
            **_errors("400", "409", "413", "429")}),
        "share": ("post", "A share code, the page's link with it, and the Share box's addresses", {
            "200": _json(_SHARED, "The puzzle encoded in its link, and every address the Share box "
                                  "shows, whole (from PUBLIC_URL when set)."),
            **_errors("400", "413", "429")}),
        "links": ("post", "A short link, stored on the server", {
            "200": _json({"type": "object", "required": ["id", "url", "link"],
                          "properties": {"id": {"type": "string", "pattern": "^[0-9A-Za-z]+$"},
                                         "url": _STRING, "link": _WHOLE}},
                         "The link /s/<id> (`link`: whole): the same puzzle always gets the same id."),
            "507": _json({"type": "object", "required": ["error", "code", "url"],
                          "properties": {"error": {"type": "string", "minLength": 1},
                                         "code": {"const": "store_full"}, "url": _STRING}},
                         "The server's link store is full (LINK_STORE_MAX_BYTES) and this puzzle is not "
                         "in it: `url` is the long link, the puzzle in the address, to copy instead."),
            **_errors("400", "413", "429", "503")}),
    }
    puzzle = _object(summary, extra={"kind": {"const": name}, "board": _STRING, "code": _STRING})
    routes["shuffle"] = ("post", "A random puzzle", {
        "200": _json(_levelled(kind, puzzle), "The puzzle's text, share code and summary "
                                              "(and with a level, its level and figures)."),
        **_errors("400", "404", "409", "413", "429", "503")})
    routes["daily"] = ("get", "The puzzle of the day", {
        "200": _json(_levelled(kind, puzzle, {
            "date": {"type": "string", "format": "date"}, "level": {"enum": list(levels.LEVELS)},
            "url": _STRING}), "The day's puzzle: the same for every call on its date."),
        **_errors("400", "404", "429")})
    routes["puzzles"] = ("get", "The kind's puzzles in the library", {
        "200": _json({"type": "array", "items": _object(summary, extra={
            "name": _STRING, "kind": {"const": name}, "title": _STRING,
            "moves": {"type": ["integer", "null"], "description": "the fewest moves (null: none)"},
            "url": _STRING})}, "Every puzzle of this kind in the library."),
        **_errors("429")})
    out = {}
    for route, (method, what, responses) in routes.items():
        operation = {"operationId": f"{name}_{route}", "tags": [name], "summary": what,
                     "description": _words(api.VIEWS[route]), "responses": responses}
        if route == "shuffle":
            operation["requestBody"] = _shuffle_body(kind)
        elif route == "daily":
            operation["parameters"] = [{
                "name": "date", "in": "query", "required": False, "description":
                "the day (UTC), YYYY-MM-DD; none: today",
                # a real day: the format, and a year from 1, as the server reads it
                "schema": {"type": "string", "format": "date", "pattern": r"^(?!0000)\d{4}-\d{2}-\d{2}$"}}]
        elif method == "post":
            operation["requestBody"] = _puzzle_body(kind, route)
        out[f"/api/{name}/{route}"] = {method: operation}
    return out


def _job_paths() -> dict:
    job_id = [{"name": "job_id", "in": "path", "required": True, "schema": _STRING}]
    answer = {"200": _json(_ref("schemas", "Job"), "The job: its progress, then its answer."),
              **_errors("404", "410", "429", "503")}
    cancelled = {"200": _json(_ref("schemas", "Job"), "The job, cancelled (its worker is stopped)."),
                 **_errors("404", "410", "429", "503")}
    deleted = {"200": _json(_ref("schemas", "Job"), "The job as it stopped; it is gone from now on."),
               **_errors("404", "429", "503")}
    return {
        "/api/jobs/{job_id}": {
            "parameters": job_id,
            "get": {"operationId": "job_status", "tags": ["jobs"], "summary": "A job's progress "
                    "and, when done, its answer", "description": _words(api.job_status),
                    "responses": answer},
            "delete": {"operationId": "delete_job", "tags": ["jobs"], "summary": "Stop a job and forget it",
                       "description": _words(api.delete_job), "responses": deleted},
        },
        "/api/jobs/{job_id}/cancel": {
            "parameters": job_id,
            "post": {"operationId": "cancel_job", "tags": ["jobs"],
                     "summary": "Stop a job (any body: a closing page's navigator.sendBeacon)",
                     "description": _words(api.cancel_job), "responses": cancelled},
        },
    }


def _animation_paths() -> dict:
    """``/api/<kind>/animation.gif`` (:mod:`webapp.web.animation`) of every
    kind: one route of the web layer, not one of a kind's API routes."""
    low, high, default = animation.SIZES
    query = lambda name, words, schema, required=False: {  # noqa: E731
        "name": name, "in": "query", "required": required, "description": words, "schema": schema}
    refusal = lambda words: _json(_ref("schemas", "Error"), words)  # noqa: E731
    return {f"/api/{kind.name}/animation.gif": {"get": {
        "operationId": f"{kind.name}_animation", "tags": [kind.name],
        "summary": "The shortest solution, or a link's moves, as an animated GIF",
        "description": _words(animation.animation_route),
        "parameters": [
            query("p", "the puzzle's share code, as its page's link carries it",
                  {"type": "string", "format": f"{kind.name}-code"}, True),
            query("moves", "the moves to play instead of the shortest solution, written as the kind's "
                  "links write them (rotation LRL, sliding 3-7-8, triangle slot.piece.e0.e1.e2_slot.x)",
                  {"type": "string", "maxLength": animation.MAX_LINK_CHARS}),
            query("size", f"the picture's width in pixels (default {default})",
                  {"type": "integer", "minimum": low, "maximum": high})],
        "responses": {
            "200": {"description": "The animation: the start, then each move, with its count.",
                    "headers": {"Cache-Control": {"schema": _STRING}},
                    "content": {"image/gif": {"schema": {"type": "string", "format": "binary"}}}},
            "409": refusal("A puzzle with no solution to show (none, or none within the server's "
                           "limits); or `moves` the kind cannot read, or this puzzle not play."),
            "413": refusal("Over the bound of moves (ANIMATION_MAX_MOVES) or of bytes (ANIMATION_MAX_BYTES)."),
            "503": {**refusal("The animation is being prepared by the solver's workers (its solve, or "
                              "its drawing, is longer than a request waits: ANIMATION_WAIT_SECONDS): ask "
                              "again after `Retry-After` seconds, and the GIF follows. Also: the queue of "
                              "jobs cannot be reached just now."),
                    "headers": {"Retry-After": {"schema": {"type": "integer", "minimum": 1},
                                                "description": "seconds to wait"}}},
            **_errors("400", "404", "429")}}} for kind in kinds.KINDS}


def document() -> dict:
    """The OpenAPI 3.1 description of every route of the JSON API."""
    paths, schemas = {}, _shared_schemas()
    for kind in kinds.KINDS:
        schemas.update(_kind_schemas(kind))
        paths.update(_operations(kind))
    paths.update(_job_paths())
    paths.update(_animation_paths())
    paths[PATH] = {"get": {"operationId": "openapi", "tags": ["meta"],
                           "summary": "This description", "responses": {
                               "200": _json({"type": "object", "required": ["openapi", "paths"]},
                                            "OpenAPI 3.1, JSON."), **_errors("429")}}}
    names = ", ".join(kind.name for kind in kinds.KINDS)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Rotation Playground API",
            "version": _version(),
            "description": (
                f"Every puzzle kind ({names}) has the same routes under /api/<kind>/; an unknown "
                "kind is a 404. Bad input is a 400 with a message (a parser's with its line and "
                "column); a field a route does not read is refused, naming the ones it reads. "
                "Fields this description allows that do not fit the puzzle or each other (a move "
                "the rules forbid, a stick or slot the puzzle has not) are a 409. "
                "A solve or hint that takes longer than the server waits answers 202 with a job "
                "to poll at /api/jobs/{job_id}. Too many requests from one address: 429 with "
                "Retry-After. Answers may gain fields: ignore the ones you do not know. "
                "docs/api.md explains the routes."),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "tags": [{"name": kind.name, "description": kind.goal} for kind in kinds.KINDS]
        + [{"name": "jobs", "description": "solves in worker processes"},
           {"name": "meta", "description": "this description"}],
        "paths": paths,
        "components": {"schemas": schemas, "responses": _shared_responses()},
    }

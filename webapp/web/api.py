"""The JSON API. Every answer to bad input is a 400 with a message; the
parser's messages keep their line and column."""

from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from ..rotation import Board, BoardError, GoalError, Position, parse, sharecode
from ..rotation.physics import TURNS
from . import gallery, limits, links, solving

bp = Blueprint("api", __name__, url_prefix="/api")


class BadRequest(ValueError):
    """A request the API answers with 400 and a message."""

    def __init__(self, message: str, **extra) -> None:
        super().__init__(message)
        self.extra = extra


@bp.errorhandler(BadRequest)
def _bad_request(exc: BadRequest):
    return jsonify(error=str(exc), **exc.extra), 400


def _json_body() -> dict:
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # JSON nested too deeply for the parser
        data = None
    if not isinstance(data, dict):
        raise BadRequest('send a JSON object, e.g. {"board": "7\\n### ###\\n...", "goal": "any"}')
    return data


def _board(data: dict) -> Board:
    text = data.get("board")
    if not isinstance(text, str):
        raise BadRequest('"board" must be the puzzle in the text format, as a string')
    try:
        return parse(text)
    except BoardError as exc:
        extra = {k: getattr(exc, k) for k in ("line", "column") if hasattr(exc, k)}
        raise BadRequest(str(exc), **extra) from None


def _orientation(data: dict) -> int:
    value = data.get("orientation", 0)
    if not isinstance(value, int) or isinstance(value, bool) or value not in range(4):
        raise BadRequest('"orientation" must be 0, 1, 2 or 3 (quarter turns clockwise)')
    return value


def _goal(data: dict) -> str:
    goal = data.get("goal", "any")
    if not isinstance(goal, str):
        raise BadRequest('"goal" must be "any", "all" or "stick:S"')
    return goal


class Unavailable(RuntimeError):
    """The solver could not answer (a worker died): 503, not the user's fault."""


class NotFound(LookupError):
    """An unknown job: 404."""


@bp.errorhandler(Unavailable)
def _unavailable(exc: Unavailable):
    return jsonify(error=f"the solver could not answer: {exc}"), 503


@bp.errorhandler(NotFound)
def _not_found(exc: NotFound):
    return jsonify(error=str(exc)), 404


def _answer(board: Board, goal: str, orientation: int = 0):
    """The answer's dict, or the job still finding it."""
    try:
        return solving.answer(board, goal, orientation)
    except GoalError as exc:
        raise BadRequest(str(exc)) from None
    except RuntimeError as exc:
        raise Unavailable(str(exc)) from None


def _pending(job):
    """202: the job to poll (contract: status, job, the snapshot's fields)."""
    snapshot = job.snapshot()
    body = {"status": snapshot["status"], "job": job.id, **snapshot}
    response = jsonify(body)
    response.status_code = 202
    response.headers["Location"] = url_for("api.job_status", job_id=job.id)
    return response


@bp.post("/solve")
def solve_route():
    """Solve ``board`` for ``goal``: status, moves, states, time, trajectory.

    Small or cached puzzles are answered at once; others go to a worker
    process, and when it takes longer than ``SOLVE_WAIT_SECONDS`` the answer
    is 202 with the job to poll at ``/api/jobs/<id>`` (Location).
    """
    data = _json_body()
    board = _board(data)
    result = _answer(board, _goal(data), _orientation(data))
    if isinstance(result, dict):
        return jsonify(result)
    return _pending(result)


@bp.post("/jobs")
def start_job():
    """Start a solve: 200 with the answer when it is cached or small, else
    202 with a job to poll at ``/api/jobs/<id>``."""
    data = _json_body()
    board = _board(data)
    goal, orientation = _goal(data), _orientation(data)
    try:
        body = solving.quick(board, goal, orientation)
    except GoalError as exc:
        raise BadRequest(str(exc)) from None
    if body is not None:
        return jsonify(id=None, status="done", answer=body)
    job = solving.start(board, goal, orientation)
    return jsonify(job.snapshot()), 202, {"Location": url_for("api.job_status", job_id=job.id)}


def _job(job_id: str):
    job = solving.manager().get(job_id)
    if job is None:
        raise NotFound(f"no solve {job_id!r}: it finished long ago or never existed")
    return job


@bp.get("/jobs/<job_id>")
def job_status(job_id: str):
    """Progress (states, depth, seconds) of a solve, and its answer when done."""
    job = _job(job_id)
    solving.manager().touch(job)
    solving.record(job)
    return jsonify(job.snapshot())


@bp.post("/jobs/<job_id>/cancel")
@bp.delete("/jobs/<job_id>")
def cancel_job(job_id: str):
    """Stop a solve: its worker process is killed and reaped. Any body (a
    page that is closing sends one with navigator.sendBeacon)."""
    _job(job_id)
    return jsonify(solving.manager().cancel(job_id).snapshot())


@bp.post("/parse")
def parse_route():
    """Check puzzle text: the board as the engine reads it, or the error."""
    board = _board(_json_body())
    return jsonify(board=board.text(), width=board.width, height=board.height,
                   sticks=len(board.sticks), gaps=[list(g) for g in board.gaps()])


@bp.post("/move")
def move_route():
    """One turn (``move``: L or R) from ``board`` with gravity at
    ``orientation``, then settling; with no move, settling alone."""
    data = _json_body()
    board = _board(data)
    position = Position(board, _orientation(data))
    move = data.get("move")
    if move is None:
        step = position.settle()
    elif isinstance(move, str) and move in TURNS:
        step = position.turn(move)
    else:
        raise BadRequest('"move" must be "L", "R" or null (settle only)')
    body = step.to_dict()
    body["board"] = step.position.board.text()
    return jsonify(body)


@bp.post("/hint")
def hint_route():
    """The best next turn from ``board`` with gravity at ``orientation``."""
    data = _json_body()
    board = _board(data)
    answer = _answer(board, _goal(data), _orientation(data))
    if not isinstance(answer, dict):  # the hint is the first move of the job's answer
        return _pending(answer)
    return jsonify(status=answer["status"], move=answer["moves"][:1] or None,
                   length=answer["length"], states=answer["states"], summary=answer["summary"])


@bp.post("/share")
def share_route():
    """The self-contained link: the board itself, encoded in the URL."""
    board = _board(_json_body())
    code = sharecode.encode(board)
    return jsonify(code=code, url=url_for("pages.index", p=code))


@bp.post("/links")
def links_route():
    """A short link ``/s/<id>`` stored in SQLite; same puzzle, same id."""
    board = _board(_json_body())
    limits.take("LINK_RATE_LIMIT", "links")
    link_id = links.store(board)
    return jsonify(id=link_id, url=url_for("pages.short_link", link_id=link_id))


@bp.get("/puzzles")
def puzzles_route():
    """The puzzle library: name, title, size, sticks, optimal moves."""
    return jsonify([
        {"name": e.name, "title": e.title, "width": e.board.width, "height": e.board.height,
         "sticks": len(e.board.sticks), "moves": e.moves,
         "url": url_for("pages.gallery_puzzle", name=e.name)}
        for e in gallery.entries()
    ])

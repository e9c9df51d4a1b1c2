"""The JSON API: ``POST /api/solve``."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from ..rotation import BoardError, GoalError, parse, solve

bp = Blueprint("api", __name__, url_prefix="/api")


class BadRequest(ValueError):
    """A request the API answers with 400 and a message."""


def _json_body() -> dict:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadRequest("send a JSON object, e.g. {\"board\": \"7\\n###...\", \"goal\": \"any\"}")
    return data


def _board_text(data: dict) -> str:
    text = data.get("board")
    if not isinstance(text, str):
        raise BadRequest("\"board\" must be the puzzle in the text format, as a string")
    return text


@bp.errorhandler(BadRequest)
def _bad_request(exc):
    return jsonify(error=str(exc)), 400


@bp.post("/solve")
def solve_route():
    data = _json_body()
    text = _board_text(data)
    goal = data.get("goal", "any")
    if not isinstance(goal, str):
        raise BadRequest("\"goal\" must be any, all or stick:S")
    try:
        board = parse(text)
        answer = solve(
            board, goal,
            max_states=current_app.config["SOLVE_MAX_STATES"],
            max_seconds=current_app.config["SOLVE_MAX_SECONDS"],
        )
    except BoardError as exc:
        body = {"error": str(exc)}
        for key in ("line", "column"):
            if hasattr(exc, key):
                body[key] = getattr(exc, key)
        return jsonify(body), 400
    except GoalError as exc:
        return jsonify(error=str(exc)), 400
    return jsonify(answer.to_dict())

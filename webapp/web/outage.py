"""A shared server this web process needs is down (Redis for jobs,
PostgreSQL for links): 503 with a plain sentence and ``Retry-After``, as
JSON under ``/api/`` and as a page elsewhere. Nothing else stops: pages,
solves answered in the request and the rest keep working, and the next
request tries the server again, so nothing needs restarting when it is back.
"""

from __future__ import annotations

import math

from flask import current_app, jsonify, render_template, request
from werkzeug.exceptions import ServiceUnavailable

RETRY_AFTER = 10  # seconds a client is told to wait before it asks again


class ServerDown(ServiceUnavailable):
    """503: ``message`` for a person; ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float = RETRY_AFTER) -> None:
        super().__init__(description=message)
        self.retry_after = max(1, math.ceil(retry_after))


def _answer(exc: ServerDown):
    if request.path.startswith("/api/"):
        response = jsonify(error=exc.description)
    else:
        response = current_app.make_response(
            render_template("error.html", title="Please try again in a moment",
                            message=exc.description))
    response.status_code = 503
    response.headers["Retry-After"] = str(exc.retry_after)
    return response


def init_app(app) -> None:
    app.register_error_handler(ServerDown, _answer)

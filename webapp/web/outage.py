"""A shared server this web process needs is down (Redis for jobs,
PostgreSQL for links): 503 with a plain sentence and ``Retry-After``, as
JSON under ``/api/`` and as a page elsewhere. Nothing else stops: pages,
solves answered in the request and the rest keep working, and the next
request tries the server again, so nothing needs restarting when it is back.
"""

from __future__ import annotations

import math

from werkzeug.exceptions import ServiceUnavailable

from flask_babel import gettext

from .refusals import say
from .security import error_answer

RETRY_AFTER = 10  # seconds a client is told to wait before it asks again


class ServerDown(ServiceUnavailable):
    """503: ``message`` for a person (a :class:`webapp.errors.Message`, said
    in the request's language); ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float = RETRY_AFTER) -> None:
        super().__init__(description=message)
        self.retry_after = max(1, math.ceil(retry_after))


def _answer(exc: ServerDown):
    return error_answer(503, gettext("Please try again in a moment"), say(exc.description),
                        {"Retry-After": str(exc.retry_after)}, code="unavailable")


def init_app(app) -> None:
    app.register_error_handler(ServerDown, _answer)

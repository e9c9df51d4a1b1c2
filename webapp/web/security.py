"""What every response carries: a strict Content-Security-Policy and the
other security headers, relative redirects; and what an unexpected error
(a bug: any exception the routes do not answer as bad input or as "not
available just now") becomes: a 500 that shows a request id, JSON under
``/api/``, a page elsewhere, and the traceback in the log under that id."""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit, urlunsplit

from flask import current_app, jsonify, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.utils import redirect

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
#: The policy of the pages made to be framed by any site (:mod:`webapp.web.embed`):
#: the same as every page's but for whom may frame it.
FRAMEABLE_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors *")


def frameable(response):
    """``response`` may be shown in a frame of any site: its own policy,
    and no X-Frame-Options (which would refuse every frame)."""
    response.headers["Content-Security-Policy"] = FRAMEABLE_POLICY
    return response


def _relative(response):
    """The Host header is the client's word: a redirect (its Location and
    the link in its body) must not send anyone to the host it names."""
    location = response.headers.get("Location")
    if not location or not 300 <= response.status_code < 400:
        return response
    parts = urlsplit(location)
    if not (parts.scheme or parts.netloc):
        return response
    path = "/" + (parts.path or "/").lstrip("/")  # "//x" would read as another host
    relative = redirect(urlunsplit(("", "", path, parts.query, parts.fragment)), response.status_code)
    for name, value in response.headers.items():
        if name.lower() not in ("location", "content-length", "content-type"):
            relative.headers.setdefault(name, value)
    return relative


def _options(response):
    """Flask answers OPTIONS itself with an empty page: under ``/api/`` the
    answer is JSON, as every other one there (the methods, as in Allow)."""
    if request.method != "OPTIONS" or response.status_code != 200 or not request.path.startswith("/api/"):
        return response
    allowed = sorted(response.allow)
    answer = jsonify(allow=allowed)
    answer.headers["Allow"] = ", ".join(allowed)
    return answer


def _headers(response):
    response = _relative(_options(response))
    framed = response.headers.get("Content-Security-Policy") == FRAMEABLE_POLICY
    for name, value in HEADERS.items():
        if not (framed and name == "X-Frame-Options"):
            response.headers.setdefault(name, value)
    return response


def error_answer(status: int, title: str, message: str, headers: dict | None = None, *,
                 code: str, api: str | None = None, **extra):
    """An error as JSON under ``/api/`` (``error``: ``api``, by default the
    ``message``; its ``code``, :mod:`.refusals`; and ``extra``), a page with
    ``title`` and ``message`` elsewhere."""
    if request.path.startswith("/api/"):
        return jsonify(error=api or message, code=code, **extra), status, headers or {}
    return render_template("error.html", title=title, message=message), status, headers or {}


def _unexpected(exc: Exception):
    if isinstance(exc, HTTPException) and not isinstance(exc, InternalServerError):
        return exc
    request_id = uuid.uuid4().hex[:16]
    current_app.logger.error("internal error, request %s: %s %s", request_id, request.method,
                             request.path, exc_info=exc)
    return error_answer(500, gettext("Something went wrong"),
                        gettext("The server could not answer this request. If you tell us, give this request id: "
                                "%(id)s.", id=request_id), {"X-Request-Id": request_id},
                        code="internal", api="internal error", request_id=request_id)


def init_app(app) -> None:
    app.after_request(_headers)
    app.register_error_handler(Exception, _unexpected)

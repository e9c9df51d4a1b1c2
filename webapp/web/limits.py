"""Who the client is, and how much each client may ask for.

A client is the remote address; behind a reverse proxy, the address it
forwards, but only when ``TRUSTED_PROXIES`` says how many proxies to trust
(Werkzeug's ProxyFix): otherwise anyone could claim any address.

Rate limits are Flask-Limiter's: in memory, per process, or with
``REDIS_URL`` set in Redis, so that every web process behind a proxy counts
one client together. Should Redis stop, each process counts in memory
until it is back (Flask-Limiter's in-memory fallback): a page never fails
for want of a counter. Refusals are 429 with a sentence for a person and a
Retry-After header.
"""

from __future__ import annotations

import importlib.util
import math
import time

from flask import current_app, request
from flask_babel import format_decimal, gettext, ngettext
from flask_limiter import Limiter, RateLimitExceeded
from limits import parse as parse_limit
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from werkzeug.exceptions import TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix

from .security import error_answer

DEFAULTS = {
    "TRUSTED_PROXIES": 0,                 # reverse proxies in front whose X-Forwarded-For counts
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_APPLICATION": "3000 per minute",  # all requests of one client together
    "JOB_RATE_LIMIT": "60 per minute",         # solves given to a worker, per client
    "LINK_RATE_LIMIT": "60 per minute",        # short links stored, per client
    "LINK_DAILY_LIMIT": "1000 per day",        # and per day: a school behind one address has room
    "JOB_MAX_PER_CLIENT": 3,              # jobs queued or running of one client
    "JOB_QUEUE_MAX": 16,                  # jobs waiting for a worker, everyone's
    "BUSY_RETRY_AFTER": 5,                # seconds a refused client is told to wait
}


class MissingLibrary(RuntimeError):
    """A server is configured whose client library is not installed."""


class Busy(TooManyRequests):
    """The server refuses more work from this client for now: 429, its
    ``code`` "busy" (everyone's work) or "rate_limited" (this client's)."""

    def __init__(self, message: str, retry_after: float, code: str = "busy") -> None:
        super().__init__(description=message)
        self.retry_after = max(1, math.ceil(retry_after))
        self.code = code


def client() -> str:
    """The client's address (after ProxyFix, when proxies are trusted)."""
    return request.remote_addr or "unknown"


def limiter() -> Limiter:
    return current_app.extensions["playground_limiter"]


def take(config_key: str, scope: str) -> None:
    """Count one ``scope`` action of this client against ``config_key``'s
    rate; raise Busy when the client is over it."""
    app_limiter = limiter()
    value = current_app.config.get(config_key)
    if not (app_limiter.enabled and value):
        return
    item = parse_limit(value)
    try:
        strategy = app_limiter.limiter
        allowed = strategy.hit(item, scope, client())
    except Exception:  # noqa: BLE001 - the shared counter is down (Redis stopped)
        strategy = current_app.extensions["playground_local_limiter"]
        allowed = strategy.hit(item, scope, client())
    if not allowed:
        wait = strategy.get_window_stats(item, scope, client()).reset_time - time.time()
        raise Busy(gettext("Too many %(scope)s from your address (%(rate)s). %(again)s",
                           scope=_scope_words().get(scope, scope), rate=_rate(item), again=_again(wait)),
                   wait, "rate_limited")


def _rate(item) -> str:
    """A rate (a ``limits`` item: "60 per minute") in the request's language."""
    amount, several = format_decimal(item.amount), item.multiples
    said = {"second": lambda: ngettext("%(amount)s per second", "%(amount)s per %(num)s seconds", several,
                                       amount=amount),
            "minute": lambda: ngettext("%(amount)s per minute", "%(amount)s per %(num)s minutes", several,
                                       amount=amount),
            "hour": lambda: ngettext("%(amount)s per hour", "%(amount)s per %(num)s hours", several, amount=amount),
            "day": lambda: ngettext("%(amount)s per day", "%(amount)s per %(num)s days", several, amount=amount),
            "month": lambda: ngettext("%(amount)s per month", "%(amount)s per %(num)s months", several,
                                      amount=amount),
            "year": lambda: ngettext("%(amount)s per year", "%(amount)s per %(num)s years", several, amount=amount)}
    return said[item.GRANULARITY.name]()


def _scope_words() -> dict[str, str]:
    """What :func:`take` counts, in the request's language."""
    return {"links": gettext("links"), "solves": gettext("solves"), "previews": gettext("previews"),
            "animations": gettext("animations"), "printed sheets": gettext("printed sheets")}


def _again(seconds: float) -> str:
    """When to try again, for a person: a day's quota is not "a moment"."""
    if seconds < 120:
        return gettext("Please wait a moment and try again.")
    if seconds < 2 * 3600:
        minutes = math.ceil(seconds / 60)
        return ngettext("Please try again in about %(num)s minute.", "Please try again in about %(num)s minutes.",
                        minutes)
    hours = math.ceil(seconds / 3600)
    return ngettext("Please try again in about %(num)s hour.", "Please try again in about %(num)s hours.", hours)


def jobs_refusal(bound: str) -> Busy:
    """The 429 of a job over a bound, checked by the job backend as it
    submits: ``client`` (this client's jobs under way) or ``queue``
    (everyone's jobs waiting)."""
    config = current_app.config
    retry = config["BUSY_RETRY_AFTER"]
    if bound == "client":
        return Busy(gettext("You already have %(count)s solves under way: wait for one to finish or cancel one, "
                            "then try again.", count=config["JOB_MAX_PER_CLIENT"]), retry)
    return Busy(gettext("The solver is busy with other people's puzzles: please try again in a moment."),
                retry)


def _refusal(exc: TooManyRequests):
    code = "rate_limited"
    if isinstance(exc, Busy):
        message, retry, code = exc.description, exc.retry_after, exc.code
    else:
        retry, rate = 60, exc.description
        if isinstance(exc, RateLimitExceeded):
            retry, rate = exc.limit.limit.get_expiry(), _rate(exc.limit.limit)
        message = gettext("Too many requests from your address (%(rate)s). Please wait a moment and try again.",
                          rate=rate)
    return error_answer(429, gettext("Too many requests"), message, {"Retry-After": str(max(1, int(retry)))},
                        code=code)


def init_app(app) -> None:
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    proxies = int(app.config["TRUSTED_PROXIES"] or 0)
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=0)
    # Flask-Limiter reads RATELIMIT_ENABLED and RATELIMIT_APPLICATION from the config
    shared = app.config.get("REDIS_URL")
    if shared:
        if importlib.util.find_spec("redis") is None:
            raise MissingLibrary("REDIS_URL is set, but the redis library is not installed: "
                                 "pip install -e '.[cluster]' (make setup installs it)")
        # Redis gone: count in each process's memory until it is back
        app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_connect_timeout": 0.5,
                                                           "socket_timeout": 0.5})
    app.extensions["playground_limiter"] = Limiter(key_func=client, app=app,
                                                   storage_uri=shared or "memory://")
    app.extensions["playground_local_limiter"] = MovingWindowRateLimiter(MemoryStorage())
    app.register_error_handler(429, _refusal)

"""The application factory."""

from __future__ import annotations

import os

from flask import Flask

from .. import kinds
from ..resources import folder
from . import animation, api, assets, cache, db, embed, language, limits, openapi, outage, pages, preview, security, sheets
from .db import SqliteStore
from .jobs import JobManager
from .limits import MissingLibrary
from .redisjobs import RedisJobManager
from .seats import Seats
from .serving import WAITRESS
from .solving import config_keys
from .store import Store

#: The servers that hold state shared by every web process, by the setting
#: (and environment variable) that names each: none set, one process keeps
#: it all (see docs/serving.md).
SHARED_SERVERS = ("REDIS_URL", "DATABASE_URL")


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app; settings come from ``instance/config.py`` if present,
    or from ``test_config``. The instance folder (SQLite, config) is
    ``instance/`` beside the package, or ``test_config["INSTANCE_DIR"]``, or
    the environment's ``ROTATION_PLAYGROUND_INSTANCE``."""
    instance = (test_config or {}).get("INSTANCE_DIR") or os.environ.get("ROTATION_PLAYGROUND_INSTANCE")
    app = Flask(
        "webapp",
        instance_path=instance,
        instance_relative_config=True,
        static_folder=str(folder("static")),
        template_folder=str(folder("templates")),
    )
    app.config.from_mapping(
        PUZZLES_DIR=str(folder("puzzles")),
        MAX_CONTENT_LENGTH=256 * 1024,
        # each kind's limits (<PREFIX>_MAX_<COUNTER>, ...) are its default_limits, below
        SOLVE_INLINE_AT_ONCE=2,          # inline solves running at once
        SOLVE_INLINE_QUEUE=0,            # inline solves waiting their turn; the others go to a worker
        SOLVE_WAIT_SECONDS=2.0,          # a request waits this long for a worker, then gets a job
        SOLVE_WAITING_AT_ONCE=4,         # requests waiting for a worker at once; the others get the job at once
        JOB_WORKERS=2,                   # worker processes solving at once (without REDIS_URL)
        JOB_ABANDON_SECONDS=20.0,        # a job nobody polls for this long is cancelled
        CACHE_MAX_ENTRIES=10_000,        # answers kept; the least recently used go first
        LINK_STORE_MAX_BYTES=1_000_000_000,  # short links' ids, kinds and codes; then new ones are refused
        DATABASE_POOL_SIZE=None,         # connections to PostgreSQL (DATABASE_URL) per web process: waitress's threads
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        for name in SHARED_SERVERS:  # the environment (serve --redis-url, --database-url) over config.py
            if os.environ.get(name):
                app.config[name] = os.environ[name]
    else:
        app.config.from_mapping(test_config)
    for name in SHARED_SERVERS:
        app.config.setdefault(name, None)
    _refuse_renamed(app.config)
    for kind in kinds.KINDS:  # what the operator did not set
        keys = config_keys(kind)
        for short, value in kind.web.default_limits.items():
            app.config.setdefault(keys[short], value)
    os.makedirs(app.instance_path, exist_ok=True)

    db.init_app(app)
    app.extensions["playground_store"] = open_store(app)
    outage.init_app(app)
    security.init_app(app)
    language.init_app(app)
    limits.init_app(app)
    # the threads costly requests may hold: the others stay free for pages
    app.extensions["playground_inline"] = Seats(app.config["SOLVE_INLINE_AT_ONCE"],
                                                app.config["SOLVE_INLINE_QUEUE"])
    app.extensions["playground_waiting"] = Seats(app.config["SOLVE_WAITING_AT_ONCE"])
    abandon, keep = app.config["JOB_ABANDON_SECONDS"], _keeper(app)
    if app.config["REDIS_URL"]:  # jobs on Redis, run by `rotation-playground worker`
        app.extensions["playground_jobs"] = RedisJobManager(
            app.config["REDIS_URL"], app.config, abandon_seconds=abandon, on_done=keep)
    else:
        app.extensions["playground_jobs"] = JobManager(
            max_workers=app.config["JOB_WORKERS"], abandon_seconds=abandon, config=app.config,
            on_done=keep)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(openapi.bp)
    app.register_blueprint(preview.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(embed.bp)
    animation.init_app(app)
    assets.init_app(app)
    return app


def _keeper(app):
    """The job backends' ``on_done``: a finished job's answer into the
    cache, once, from whichever thread sees it end (the pool's runner has
    no request: the app's context is pushed here)."""
    def keep(request, answer: dict) -> None:
        with app.app_context():
            cache.remember(kinds.get(request.kind), request.text, request.options, answer,
                           request.task)
    return keep


#: Rotation's limits were SOLVE_MAX_STATES, ... until each kind's settings
#: were named after it; a config.py that still sets one would lose its limit
#: without a word, so the app refuses to start and says the new name.
RENAMED = tuple(f"SOLVE_{short}" for short in ("MAX_STATES", "MAX_SECONDS", "MAX_BYTES",
                                                "INLINE_STATES", "QUICK_STATES"))


class BadSetting(ValueError):
    """A setting the app cannot start with (``serve`` prints it and exits 2)."""


def _refuse_renamed(config) -> None:
    old = [name for name in RENAMED if name in config]
    if old:
        raise BadSetting("settings renamed: " + ", ".join(
            f"{name} is now ROTATION_{name.removeprefix('SOLVE_')}" for name in old)
            + " (docs/serving.md)")


def open_store(app) -> Store:
    """PostgreSQL when ``DATABASE_URL`` names it, else SQLite. At most
    ``DATABASE_POOL_SIZE`` connections, by default one for each of
    waitress's threads, so that no request waits for one."""
    url = app.config.get("DATABASE_URL")
    if not url:
        return SqliteStore()
    try:
        from .pgstore import PostgresStore  # here: psycopg, the cluster extra
    except ImportError as exc:
        raise MissingLibrary("DATABASE_URL is set, but psycopg and psycopg_pool are not installed: "
                             "pip install -e '.[cluster]' (make setup installs them)") from exc
    size = app.config["DATABASE_POOL_SIZE"] or app.config.get("WAITRESS_THREADS") or WAITRESS["threads"]
    return PostgresStore(url, app.logger, int(size))

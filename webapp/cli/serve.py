"""``rotation-playground serve`` and ``rotation-playground worker``: the web
playground, and the processes that run its solve jobs from Redis."""

from __future__ import annotations

import os
import sys

from ..commandline import EXIT_BAD_INPUT


def serve(args) -> int:
    # here: the web stack (Flask, waitress) is loaded by the commands that serve, not by a solve
    from .. import create_app
    from ..web.factory import BadSetting
    from ..web.limits import MissingLibrary
    from ..web.serving import CannotListen
    from ..web.serving import serve as run
    from ..web.store import BadUrl

    if args.redis_url:
        os.environ["REDIS_URL"] = args.redis_url  # the app reads it, and --dev's reloaded child
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    try:
        return run(create_app(), host=args.host, port=args.port, dev=args.dev)
    except (BadSetting, CannotListen, MissingLibrary, BadUrl) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def worker(args) -> int:
    # here: the web stack, and rq, the cluster extra's
    from ..worker import main as work

    return work(args.redis_url, args.workers)

"""``rotation-playground link-store``: the figure an operator watches, how
many short links are stored and their bytes against
``LINK_STORE_MAX_BYTES`` (docs/serving.md says what to do when full).

It reads the store the server uses: the instance's settings, and
PostgreSQL when ``DATABASE_URL`` names it, else the instance's SQLite.
"""

from __future__ import annotations

import sys

from ..commandline import EXIT_BAD_INPUT, EXIT_OK


def add_parser(commands) -> None:
    p = commands.add_parser(
        "link-store", help="how full the short-link store is",
        description="Print how many short links are stored and their bytes (ids, kinds and "
                    "share codes) against LINK_STORE_MAX_BYTES, from the store serve uses: "
                    "PostgreSQL when DATABASE_URL is set, else the instance folder's SQLite. "
                    "Exit status 2, with one line on standard error, when the database does "
                    "not answer.")
    p.set_defaults(run=run)


def run(_args) -> int:
    # here: the web stack (Flask) is loaded by the commands that serve, not by a solve
    from .. import create_app
    from ..web.factory import BadSetting
    from ..web.limits import MissingLibrary
    from ..web.store import BadUrl, StoreDown, current

    try:
        app = create_app()
    except (BadUrl, BadSetting, MissingLibrary) as exc:
        return _fail(str(exc))
    store = app.extensions["playground_store"]
    try:
        with app.app_context():
            links, used = current().link_usage()
    except StoreDown as exc:
        return _fail(f"the links' database does not answer: {str(exc).strip().splitlines()[0]}")
    finally:
        store.close()
    bound = app.config.get("LINK_STORE_MAX_BYTES")
    if bound:
        print(f"{links} links stored, {used} bytes of {bound} (LINK_STORE_MAX_BYTES): "
              f"{100 * used / bound:.1f} % used")
    else:
        print(f"{links} links stored, {used} bytes (no bound: LINK_STORE_MAX_BYTES is not set)")
    return EXIT_OK


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT

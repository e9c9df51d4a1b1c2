"""``rotation-playground copy-links``: an SQLite database's short links (and
cached answers) copied into PostgreSQL, for a playground that moves from
one process to several (docs/serving.md).

Ids are kept, so links already shared open the same puzzles. The SQLite
file is only read, so the old server can go on serving it until the new
ones take over.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys

from ..commandline import EXIT_BAD_INPUT, EXIT_OK

EXIT_NOT_ALL = 1


def add_parser(commands) -> None:
    p = commands.add_parser(
        "copy-links", help="copy the short links of SQLite into PostgreSQL",
        description="Copy every short link (id, kind, puzzle, date) of the SQLite database into "
                    "the PostgreSQL database, making its tables if needed. Links there already "
                    "are left alone, so running it twice copies nothing twice. Exit status 2, "
                    "with one line on standard error, for a URL or file that cannot be used; "
                    "1 when a link could not be copied (its id names another puzzle there).")
    p.add_argument("--from", dest="source", metavar="PATH",
                   help="the SQLite database (default: the instance folder's, as serve uses it)")
    p.add_argument("--to", metavar="URL",
                   help="the PostgreSQL database, postgresql://user@host:port/name "
                        "(default: $DATABASE_URL)")
    p.add_argument("--answers", action="store_true",
                   help="copy the cached answers too (the cache's bound applies from the next "
                        "answer a web process keeps)")
    p.set_defaults(run=run)


def _instance_database() -> str:
    # here: the web stack (Flask) is loaded by the commands that serve, not by a solve
    from .. import create_app
    from ..web.db import database_path

    app = create_app()
    with app.app_context():
        return database_path()


def run(args) -> int:
    url = args.to or os.environ.get("DATABASE_URL")
    if not url:
        return _fail("no database to copy into: give --to postgresql://... or set DATABASE_URL")
    try:
        from ..web.pgstore import PostgresStore  # here: psycopg is the cluster extra's
    except ImportError:
        return _fail("psycopg and psycopg_pool are not installed: pip install -e '.[cluster]'")
    from ..web.db import read_answers, read_links  # here: the web stack, as above
    from ..web.store import BadUrl, StoreDown
    from ..worker import shown

    logging.getLogger("psycopg.pool").setLevel(logging.CRITICAL)  # the failure is said once, below
    source = args.source or _instance_database()
    try:
        store = PostgresStore(url, _Quiet())
    except BadUrl as exc:
        return _fail(str(exc))
    try:
        links = read_links(source)
        answers = read_answers(source) if args.answers else None
        copied, there, clashes = store.copy_links(links)
        print(f"{copied} links copied, {there} already there")
        for link_id in clashes:
            print(f"not copied: {link_id} names another puzzle in PostgreSQL, "
                  "or its puzzle has another id there", file=sys.stderr)
        if answers is not None:
            copied, there = store.copy_answers(answers)
            print(f"{copied} answers copied, {there} already there")
    except FileNotFoundError as exc:
        return _fail(str(exc))
    except sqlite3.DatabaseError as exc:
        return _fail(f"cannot read {source}: {exc}")
    except StoreDown as exc:
        return _fail(f"cannot reach PostgreSQL at {shown(url)}: {str(exc).strip().splitlines()[0]}")
    finally:
        store.close()
    return EXIT_NOT_ALL if clashes else EXIT_OK


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


class _Quiet:
    """The store's logger: what goes wrong is said once, by the command."""

    def warning(self, *_args) -> None:
        pass

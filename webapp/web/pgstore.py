"""Short links and cached answers in PostgreSQL (``DATABASE_URL``), shared
by every web process: psycopg 3 with a psycopg_pool pool, plain SQL.

The schema is the program's: made on first use and brought up to date by
:data:`MIGRATIONS`, each applied once, in order, in one transaction under an
advisory lock, so web processes starting together wait for one another
instead of racing. ``schema_version`` says how far a database has come.

A database that does not answer makes every call raise
:class:`~.store.StoreDown` within about a second, and for
:data:`RETRY_SECONDS` after that at once, without waiting again: a solve
then skips the cache instead of waiting on it each time. The pool opens
new connections by itself when the server is back (each one is checked
before it is lent), so nothing needs restarting.

The cache's bound: a new answer (not one replacing another) deletes those
past ``CACHE_MAX_ENTRIES`` in order of last use, one backward scan of the
``last_used`` index. Only one process trims at a time (the others skip it:
their answers are trimmed by the next new answer), so with N processes
writing at once the table holds at most N - 1 answers over the bound, and
never for longer than until the next new answer.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from contextlib import contextmanager

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg_pool import ConnectionPool

from .store import ROW_BYTES, BadUrl, StoreDown

#: Connection settings unless the URL says otherwise: a request never waits
#: long on a database that has stopped, or that is there but stuck.
CONNECTION_DEFAULTS = {
    "connect_timeout": 2,
    "options": "-c statement_timeout=5000 -c lock_timeout=3000",
    "application_name": "rotation-playground",
    "keepalives_idle": 10, "keepalives_interval": 2, "keepalives_count": 3,
}
# for a connection from the pool, before the database counts as down: with
# as many connections as waitress has threads, none is waited for otherwise
WAIT_SECONDS = 1.0
RETRY_SECONDS = 2.0  # after a failure, calls fail at once for this long

NOW = "extract(epoch FROM clock_timestamp())"
_MIGRATION_LOCK = 0x526F7461   # pg_advisory_xact_lock keys of this program's
_TRIM_LOCK = 0x526F7462

#: A row's bytes, as the store's bound counts them (:mod:`.links`).
_BYTES = f"({ROW_BYTES} + octet_length({{0}}.id) + octet_length({{0}}.kind) + octet_length({{0}}.board))"

#: The schema, step by step: a database at version n gets steps n + 1...
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: links (unique by id, and by puzzle through its hash: a long board
    # is too big for a btree entry) and answers
    (f"""CREATE TABLE links (
            id        text PRIMARY KEY,
            kind      text NOT NULL,
            board     text NOT NULL,
            board_sha bytea NOT NULL,
            created   double precision NOT NULL DEFAULT {NOW},
            UNIQUE (kind, board_sha))""",
     f"""CREATE TABLE solutions (
            key     text PRIMARY KEY,
            answer  text NOT NULL,
            created double precision NOT NULL DEFAULT {NOW})"""),
    # 2: the answers' last use, for the cache's bound
    ("ALTER TABLE solutions ADD COLUMN last_used double precision",
     "UPDATE solutions SET last_used = created",
     f"ALTER TABLE solutions ALTER COLUMN last_used SET NOT NULL, ALTER COLUMN last_used SET DEFAULT {NOW}",
     "CREATE INDEX solutions_last_used ON solutions (last_used)"),
    # 3: a link's format (the rows before hold the puzzle's text, new ones its
    # share code), and the links' count and bytes kept by triggers as rows come
    # and go (an operator's DELETE or TRUNCATE too), for the store's bound: one
    # row read, not a scan. The triggers first: they lock out writes until the
    # count of the rows there is made.
    ("ALTER TABLE links ADD COLUMN format text NOT NULL DEFAULT 'text'",
     """CREATE TABLE link_usage (
            one   boolean PRIMARY KEY DEFAULT true CHECK (one),
            links bigint NOT NULL,
            bytes bigint NOT NULL)""",
     f"""CREATE FUNCTION link_usage_rows() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             IF TG_OP IN ('UPDATE', 'DELETE') THEN
                 UPDATE link_usage SET links = links - 1, bytes = bytes - {_BYTES.format('OLD')};
             END IF;
             IF TG_OP IN ('UPDATE', 'INSERT') THEN
                 UPDATE link_usage SET links = links + 1, bytes = bytes + {_BYTES.format('NEW')};
             END IF;
             RETURN NULL;
         END $$""",
     """CREATE FUNCTION link_usage_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             UPDATE link_usage SET links = 0, bytes = 0;
             RETURN NULL;
         END $$""",
     "CREATE TRIGGER link_usage_rows AFTER INSERT OR UPDATE OR DELETE ON links "
     "FOR EACH ROW EXECUTE FUNCTION link_usage_rows()",
     "CREATE TRIGGER link_usage_emptied AFTER TRUNCATE ON links "
     "FOR EACH STATEMENT EXECUTE FUNCTION link_usage_emptied()",
     f"INSERT INTO link_usage (links, bytes) SELECT count(*), coalesce(sum({_BYTES.format('links')}), 0) "
     "FROM links"),
)


def conninfo(url: str) -> str:
    """``url`` with :data:`CONNECTION_DEFAULTS` where it says nothing.

    Raises BadUrl for what is not a PostgreSQL address."""
    if not url.startswith(("postgresql://", "postgres://")):
        raise BadUrl(f"not a PostgreSQL URL (postgresql://user@host:port/database): {url!r}")
    try:
        given = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise BadUrl(f"not a valid PostgreSQL URL: {exc}") from None
    return make_conninfo("", **{**CONNECTION_DEFAULTS, **given})


def migrate(conn: psycopg.Connection, upto: int | None = None) -> int:
    """Bring the database up to :data:`MIGRATIONS` (or to version ``upto``);
    its version now."""
    target = len(MIGRATIONS) if upto is None else upto
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)")
        row = conn.execute("SELECT version FROM schema_version").fetchone()
        if row is None:
            conn.execute("INSERT INTO schema_version VALUES (0)")
        version = row[0] if row else 0
        for steps in MIGRATIONS[version:target]:
            for step in steps:
                conn.execute(step)
        if version < target:
            conn.execute("UPDATE schema_version SET version = %s", (target,))
    return max(version, target)


def board_sha(board: str) -> bytes:
    return hashlib.sha256(board.encode("utf-8")).digest()


class PostgresStore:
    """:class:`.store.Store` in the PostgreSQL database at ``url``."""

    def __init__(self, url: str, logger, pool_size: int = 16) -> None:
        self.conninfo = conninfo(url)
        self.logger = logger
        self.pool_size = pool_size
        self._pool: ConnectionPool | None = None
        self._lock = threading.Lock()
        self._migrated = False
        self._down_until = 0.0
        self._down = False
        pool_log = logging.getLogger("psycopg.pool")
        if pool_log.level == logging.NOTSET:  # its every try to reconnect: ours says it once
            pool_log.setLevel(logging.ERROR)

    def _get_pool(self) -> ConnectionPool:
        with self._lock:  # opened on first use: making an app connects to nothing
            if self._pool is None:
                self._pool = ConnectionPool(
                    self.conninfo, min_size=1, max_size=self.pool_size, timeout=WAIT_SECONDS,
                    check=ConnectionPool.check_connection, open=False, name="playground")
                self._pool.open(wait=False)
            return self._pool

    @contextmanager
    def session(self):
        """A pooled connection, committed when the block ends without error;
        StoreDown when the database does not answer."""
        if time.monotonic() < self._down_until:
            raise StoreDown("the database did not answer a moment ago")
        if self._down:
            self._fresh_pool()
        try:
            with self._get_pool().connection() as conn:
                if not self._migrated:
                    migrate(conn)
                    self._migrated = True
                yield conn
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            self._down_until = time.monotonic() + RETRY_SECONDS
            if not self._down:  # once per outage
                self._down = True
                self.logger.warning("PostgreSQL does not answer (%s): short links get 503 and "
                                    "answers are not cached until it is back", str(exc).strip())
            raise StoreDown(str(exc)) from exc
        if self._down:
            self._down = False
            self.logger.warning("PostgreSQL answers again")

    def _fresh_pool(self) -> None:
        """After an outage: once the database answers one connection, a new
        pool, which connects at once; the old one would wait out its own
        back-off (1, 2, 4, ... s), the longer the outage, the longer links
        stay 503 after the database is back."""
        try:
            psycopg.connect(self.conninfo).close()
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            self._down_until = time.monotonic() + RETRY_SECONDS
            raise StoreDown(str(exc)) from exc
        with self._lock:
            old, self._pool = self._pool, None
        if old is not None:  # its workers may be asleep in their back-off: not this request's wait
            threading.Thread(target=old.close, daemon=True, name="old-pool").start()

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None

    def link_id_for(self, kind: str, board: str) -> str | None:
        with self.session() as conn:
            row = conn.execute("SELECT id FROM links WHERE kind = %s AND board_sha = %s AND board = %s",
                               (kind, board_sha(board), board)).fetchone()
        return row[0] if row else None

    def insert_link(self, link_id: str, kind: str, code: str) -> bool:
        with self.session() as conn:  # committed before the caller answers
            row = conn.execute("INSERT INTO links (id, kind, board, board_sha, format) "
                               "VALUES (%s, %s, %s, %s, 'code') ON CONFLICT DO NOTHING RETURNING id",
                               (link_id, kind, code, board_sha(code))).fetchone()
        return row is not None

    def link(self, link_id: str) -> tuple[str, str, str] | None:
        with self.session() as conn:
            row = conn.execute("SELECT kind, format, board FROM links WHERE id = %s", (link_id,)).fetchone()
        return tuple(row) if row else None

    def link_usage(self) -> tuple[int, int]:
        with self.session() as conn:
            return tuple(conn.execute("SELECT links, bytes FROM link_usage").fetchone())

    def answer(self, key: str) -> str | None:
        with self.session() as conn:
            row = conn.execute(f"UPDATE solutions SET last_used = {NOW} WHERE key = %s RETURNING answer",
                               (key,)).fetchone()
        return row[0] if row else None

    def remember(self, key: str, answer: str, bound: int | None) -> None:
        with self.session() as conn:
            added = conn.execute(
                f"INSERT INTO solutions (key, answer) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE "
                f"SET answer = EXCLUDED.answer, last_used = {NOW} RETURNING xmax = 0",
                (key, answer)).fetchone()[0]
            if added and bound and conn.execute("SELECT pg_try_advisory_xact_lock(%s)",
                                                (_TRIM_LOCK,)).fetchone()[0]:
                conn.execute("DELETE FROM solutions WHERE key IN (SELECT key FROM solutions "
                             "ORDER BY last_used DESC, key OFFSET %s)", (int(bound),))

    def copy_links(self, rows) -> tuple[int, int, list[str]]:
        """Add ``(id, kind, format, board, created)`` rows: how many were added,
        how many were there already, and the ids that name another puzzle
        here (or whose puzzle has another id here)."""
        copied = there = 0
        clashes = []
        with self.session() as conn:
            for link_id, kind, form, board, created in rows:
                added = conn.execute(
                    "INSERT INTO links (id, kind, format, board, board_sha, created) "
                    "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING id",
                    (link_id, kind, form, board, board_sha(board), created)).fetchone()
                if added:
                    copied += 1
                elif self._has_link(conn, link_id, kind, board):
                    there += 1
                else:
                    clashes.append(link_id)
        return copied, there, clashes

    @staticmethod
    def _has_link(conn, link_id: str, kind: str, board: str) -> bool:
        return conn.execute("SELECT 1 FROM links WHERE id = %s AND kind = %s AND board = %s",
                            (link_id, kind, board)).fetchone() is not None

    def copy_answers(self, rows) -> tuple[int, int]:
        """Add ``(key, answer, created, last_used)`` rows not here yet: how
        many were added, how many were there."""
        copied = 0
        rows = list(rows)
        with self.session() as conn:
            for key, answer, created, last_used in rows:
                copied += conn.execute(
                    "INSERT INTO solutions (key, answer, created, last_used) VALUES (%s, %s, %s, %s) "
                    "ON CONFLICT (key) DO NOTHING RETURNING key", (key, answer, created, last_used)
                ).fetchone() is not None
        return copied, len(rows) - copied

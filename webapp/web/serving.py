"""Running the app: waitress in production, Flask's reloader with ``--dev``.

The waitress settings are chosen, not inherited (see docs/serving.md): idle
and half-sent connections are dropped after ``channel_timeout`` seconds, so
a few hundred of them cannot lock everyone out, and the connection limit is
far above what one machine's visitors need while the open-file limit can
hold it.
"""

from __future__ import annotations

import errno
import logging
import os
import resource
import socket

from waitress.server import create_server

WAITRESS = {
    "threads": 16,              # requests at once: costly ones hold at most the seats (6), see solving.py
    "connection_limit": 1000,   # open connections before new ones wait
    "channel_timeout": 30,      # seconds an idle or half-sent connection is kept
    "cleanup_interval": 10,     # how often idle connections are looked for
    "backlog": 1024,            # connections the kernel queues before accept
    "max_request_body_size": 1024 * 1024,
    "asyncore_use_poll": True,  # select() fails past file number 1024
}


def raise_file_limit(wanted: int) -> int:
    """Raise the soft open-file limit towards ``wanted`` (up to the hard
    limit); return the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):  # pragma: no cover - not allowed: keep what we have
            pass
    return soft


def waitress_settings(app) -> dict:
    """The waitress settings, with the app's WAITRESS_* config on top, and the
    connection limit cut to what the open-file limit can hold."""
    settings = dict(WAITRESS)
    for name in settings:
        key = f"WAITRESS_{name.upper()}"
        if key in app.config:
            settings[name] = app.config[key]
    # each connection is a file; leave room for the database, workers and logs
    files = raise_file_limit(settings["connection_limit"] + 100)
    settings["connection_limit"] = max(10, min(settings["connection_limit"], files - 100))
    if int(app.config.get("TRUSTED_PROXIES") or 0) > 0:
        # ProxyFix (in the app) reads X-Forwarded-*; waitress must not rewrite them first
        settings["clear_untrusted_proxy_headers"] = False
    return settings


class CannotListen(Exception):
    """The server cannot listen where it was asked to; the message is one
    line for the person who asked."""


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _cannot_listen(host: str, port: int, exc: OSError) -> CannotListen:
    if isinstance(exc, socket.gaierror):
        return CannotListen(f"cannot find host {host!r}: {exc.strerror or exc}")
    if exc.errno == errno.EADDRINUSE:
        other = port + 1 if port < 65535 else port - 1
        return CannotListen(f"port {port} on {host} is in use (another server?): "
                            f"try --port {other}")
    if exc.errno == errno.EACCES:
        hint = " (ports below 1024 need privileges: try --port 5000)" if port < 1024 else ""
        return CannotListen(f"cannot listen on {host} port {port}: permission denied{hint}")
    if exc.errno == errno.EADDRNOTAVAIL:
        return CannotListen(f"cannot listen on {host}: not an address of this machine "
                            f"(try --host 127.0.0.1)")
    return CannotListen(f"cannot listen on {host} port {port}: {exc.strerror or exc}")


def _resolve(host: str, port: int) -> None:
    """Look the host up as the server will, so that a name that does not
    resolve is named as such (waitress only says "Invalid host/port")."""
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise _cannot_listen(host, port, exc) from None


def _check_free(host: str, port: int) -> None:
    """Bind and let go of the address Flask's development server will take:
    werkzeug reports a port in use with a paragraph and exit status 1."""
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # as werkzeug does: a port left in TIME_WAIT by the last run is free
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise _cannot_listen(host, port, exc) from None


def serve(app, host: str = "127.0.0.1", port: int = 5000, dev: bool = False) -> int:
    """Listen on ``host``:``port``, then say so, then serve until stopped.

    Raises :class:`CannotListen` (before printing anything) when the address
    cannot be had.
    """
    _resolve(host, port)
    if dev:
        # the reloader's child inherits the parent's socket: only the parent checks
        if not os.environ.get("WERKZEUG_RUN_MAIN"):
            _check_free(host, port)
        app.run(host=host, port=port, debug=True)
        return 0
    logging.basicConfig()  # as waitress.serve does: its warnings reach the terminal
    if app.logger.handlers:  # Flask's own handler writes the app's lines: not twice
        app.logger.propagate = False
    settings = waitress_settings(app)
    try:
        server = create_server(app, host=host, port=port, **settings)  # binds the socket
    except OSError as exc:
        raise _cannot_listen(host, port, exc) from None
    except ValueError as exc:  # waitress's word for an address it cannot use
        raise CannotListen(f"cannot listen on {host} port {port}: {exc}") from None
    print(f"Rotation Playground on {url(host, port)} "
          f"({settings['threads']} threads, {settings['connection_limit']} connections)", flush=True)
    try:
        server.run()
    finally:
        server.close()
    return 0

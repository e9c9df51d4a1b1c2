"""Running the app: waitress in production, Flask's reloader with ``--dev``.

The waitress settings are chosen, not inherited (see docs/serving.md): idle
and half-sent connections are dropped after ``channel_timeout`` seconds, so
a few hundred of them cannot lock everyone out, and the connection limit is
far above what one machine's visitors need while the open-file limit can
hold it.
"""

from __future__ import annotations

WAITRESS = {
    "threads": 16,              # requests at once: big solves hold one for up to SOLVE_WAIT_SECONDS
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
    try:
        import resource
    except ImportError:  # pragma: no cover - not Unix
        return wanted
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


def serve(app, host: str = "127.0.0.1", port: int = 5000, dev: bool = False) -> int:
    if dev:
        app.run(host=host, port=port, debug=True)
        return 0
    try:
        from waitress import serve as waitress_serve
    except ImportError:  # pragma: no cover - waitress is a dependency
        app.run(host=host, port=port, threaded=True)
        return 0
    settings = waitress_settings(app)
    print(f"Rotation Playground on http://{host}:{port}/ "
          f"({settings['threads']} threads, {settings['connection_limit']} connections)", flush=True)
    waitress_serve(app, host=host, port=port, **settings)
    return 0

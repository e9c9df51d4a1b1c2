"""Running the app: waitress in production, Flask's reloader with ``--dev``."""

from __future__ import annotations


def serve(app, host: str = "127.0.0.1", port: int = 5000, dev: bool = False) -> int:
    if dev:
        app.run(host=host, port=port, debug=True)
        return 0
    try:
        from waitress import serve as waitress_serve
    except ImportError:  # pragma: no cover - waitress is a dependency
        app.run(host=host, port=port, threaded=True)
        return 0
    print(f"Rotation Playground on http://{host}:{port}/", flush=True)
    waitress_serve(app, host=host, port=port, threads=8)
    return 0

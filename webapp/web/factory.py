"""The application factory."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app; settings come from ``instance/config.py`` if present,
    or from ``test_config`` (whose ``INSTANCE_DIR`` moves the instance folder)."""
    instance = (test_config or {}).get("INSTANCE_DIR")
    app = Flask(
        "webapp",
        instance_path=instance,
        instance_relative_config=True,
        static_folder=str(ROOT / "static"),
        template_folder=str(ROOT / "templates"),
    )
    app.config.from_mapping(
        PUZZLES_DIR=str(ROOT / "puzzles"),
        MAX_CONTENT_LENGTH=256 * 1024,
        SOLVE_MAX_STATES=2_000_000,
        SOLVE_MAX_SECONDS=20.0,
        JSON_SORT_KEYS=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)

    from . import api, db, pages

    db.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    return app

"""Waitress is configured on purpose (issue 8, item 15)."""

from __future__ import annotations

import resource

from webapp import create_app
from webapp.web import serving


def test_waitress_settings_are_deliberate(tmp_path):
    settings = serving.waitress_settings(create_app({"INSTANCE_DIR": str(tmp_path)}))
    assert settings["connection_limit"] >= 500 or \
        settings["connection_limit"] == resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 100
    assert 10 <= settings["channel_timeout"] <= 60
    assert settings["threads"] >= 8
    assert settings["asyncore_use_poll"] is True
    from waitress.adjustments import Adjustments
    Adjustments(**settings)  # waitress accepts every one of them


def test_config_overrides_waitress_settings(tmp_path):
    app = create_app({"INSTANCE_DIR": str(tmp_path), "WAITRESS_THREADS": 3,
                      "WAITRESS_CHANNEL_TIMEOUT": 12})
    settings = serving.waitress_settings(app)
    assert settings["threads"] == 3 and settings["channel_timeout"] == 12


def test_open_file_limit_is_raised_towards_the_hard_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        lower = min(soft, 256)
        resource.setrlimit(resource.RLIMIT_NOFILE, (lower, hard))
        wanted = 1100 if hard == resource.RLIM_INFINITY else min(1100, hard)
        assert serving.raise_file_limit(1100) == wanted
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == wanted
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

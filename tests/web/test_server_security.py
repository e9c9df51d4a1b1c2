"""Security headers on every response, relative redirects, and no HTML
traceback for an unexpected error (issue 8, items 19 and 21); the policy in a
real browser: tests/browser/test_e2e_security.py."""

from __future__ import annotations

import pytest

from webapp.rotation import EXAMPLE

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")


def responses(client):
    yield client.get("/")
    yield client.get("/puzzles")
    yield client.get("/static/style.css")
    yield client.get("/nowhere")
    yield client.get("/api/rotation/puzzles")
    yield client.post("/api/rotation/solve", json={"board": EXAMPLE})
    yield client.post("/api/rotation/solve", json={"board": "x"})
    yield client.get("/", environ_overrides={"PATH_INFO": "///api//puzzles"})


def test_every_response_has_the_security_headers(client):
    for response in responses(client):
        headers = response.headers
        assert headers["Content-Security-Policy"] == CSP, response.request.path
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] in ("same-origin", "strict-origin-when-cross-origin")
        assert headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("path, target", [("///api//rotation//puzzles", "/api/rotation/puzzles"),
                                          ("//api//rotation//puzzles", "/api/rotation/puzzles"),
                                          ("/puzzles//one.svg", "/puzzles/one.svg")])
def test_redirects_do_not_send_anyone_to_the_host_they_named(client, path, target):
    # as waitress passes a request line "GET ///api//rotation//puzzles?x=1 HTTP/1.1"
    response = client.get("/", environ_overrides={"PATH_INFO": path, "QUERY_STRING": "x=1"},
                          headers={"Host": "evil.example"})
    assert response.status_code in (301, 308)
    assert response.headers["Location"] == target + "?x=1"
    assert "evil.example" not in response.get_data(as_text=True)
    assert response.headers["Content-Security-Policy"] == CSP


def test_unexpected_error_on_the_api_is_json(app, monkeypatch):
    from webapp.web import api

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(api.solving, "answer", broken)
    response = app.test_client().post("/api/rotation/solve", json={"board": EXAMPLE})
    assert response.status_code == 500
    assert response.mimetype == "application/json"
    assert "internal error" in response.get_json()["error"]
    assert "boom" not in response.get_data(as_text=True)
    assert response.headers["Content-Security-Policy"] == CSP

"""Bad input gets a 400 with a message, never a 500 (issue 8, item 17): a
first line of thousands of digits is beyond Python's limit on converting
digit strings, and the API must still explain it (the parser's rule:
tests/rotation/test_textformat.py; every route's parse errors:
tests/web/test_routes.py)."""

from __future__ import annotations

import pytest

from web_helpers import kind_addresses

HUGE_SIZE = "9" * 5000 + "\n#####\n#0  #\n#   #\n#   #\n## ##\n"


@pytest.mark.parametrize("text", [HUGE_SIZE, "7 " + "1" * 5000 + "\n#######\n"])
def test_a_size_of_thousands_of_digits_is_a_400_with_line_and_column(client, text):
    response = client.post("/api/rotation/solve", json={"board": text})
    assert response.status_code == 400, response.data[:300]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert body["line"] == 1 and isinstance(body["column"], int)
    assert body["error"]


# --- every route, hostile bodies (issue 18, item 4) --------------------------------------------

NESTED = "[" * 5000 + "]" * 5000
HOSTILE_BODIES = {
    "nested arrays": (NESTED.encode(), "application/json"),
    "nested objects": (('{"a":' * 5000 + "1" + "}" * 5000).encode(), "application/json"),
    "nested in a field": (('{"board": ' + NESTED + "}").encode(), "application/json"),
    "nested in a field, shallow enough to parse": (('{"board": ' + "[" * 900 + "]" * 900 + "}").encode(),
                                                   "application/json"),
    "a number of 5,000 digits": (("1" * 5000).encode(), "application/json"),
    "a field of 5,000 digits": (('{"seed": ' + "1" * 5000 + "}").encode(), "application/json"),
    "NaN and Infinity": (b'{"board": NaN, "seed": Infinity, "size": -Infinity, "width": 1e400}',
                         "application/json"),
    "not UTF-8": (b'{"board": "\xff\xfe\xe9"}', "application/json"),
    "a lone surrogate": (b'{"board": "\\ud800"}', "application/json"),
    "plain text": (b'{"board": "3"}', "text/plain"),
    "a form": (b"board=3", "application/x-www-form-urlencoded"),
    "multipart": (b'--x\r\nContent-Disposition: form-data; name="board"\r\n\r\n3\r\n--x--\r\n',
                  "multipart/form-data; boundary=x"),
    "a list": (b"[1, 2]", "application/json"),
    "truncated": (b'{"board": "5\\n###', "application/json"),
}


def _body_routes(app):
    """Every address of the app that reads a JSON body: each POST (or PUT,
    PATCH) rule, with each kind's name put in for ``<kind>``; the job routes
    take their id, not a body, and are left to the tests of jobs."""
    for rule in app.url_map.iter_rules():
        methods = rule.methods & {"POST", "PUT", "PATCH"}
        if not methods or "<job_id>" in rule.rule:
            continue
        for _, url in kind_addresses(rule.rule):
            assert "<" not in url, f"a rule this test does not know how to fill: {rule.rule}"
            for method in sorted(methods):
                yield method, url


def test_the_body_routes_include_every_kinds_shuffle(app):
    found = {url for _, url in _body_routes(app)}
    assert {"/api/rotation/shuffle", "/api/sliding/shuffle", "/api/triangle/shuffle",
            "/api/rotation/solve", "/api/triangle/hint"} <= found


@pytest.mark.parametrize("label", sorted(HOSTILE_BODIES))
def test_a_hostile_body_is_a_400(client, label):
    """Every route reads its body with the same code (api._json_body, then
    its fields): each hostile body through a route that needs a board and
    one whose body may be empty."""
    data, content_type = HOSTILE_BODIES[label]
    for url in ("/api/rotation/solve", "/api/rotation/shuffle"):
        response = client.post(url, data=data, content_type=content_type)
        assert response.status_code == 400, (url, response.data[:300])
        assert response.is_json and response.get_json()["error"], url


def test_every_route_answers_a_hostile_body_with_400(app, client):
    """The wiring: a route added later that reads its body another way is
    caught here."""
    data, content_type = HOSTILE_BODIES["nested arrays"]
    for method, url in _body_routes(app):
        response = client.open(url, method=method, data=data, content_type=content_type)
        assert response.status_code == 400, (method, url, response.data[:300])
        assert response.is_json and response.get_json()["error"], (method, url)


@pytest.mark.parametrize("kind", ["rotation", "sliding", "triangle"])
def test_shuffle_still_takes_no_body_or_an_empty_object(client, kind):
    for data in (b"", b"{}"):
        response = client.post(f"/api/{kind}/shuffle", data=data, content_type="application/json")
        assert response.status_code == 200, response.data[:300]
        assert response.get_json()["kind"] == kind

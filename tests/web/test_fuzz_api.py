"""The server fuzzed (issue 18, "Done means"): seeded inputs for every
route of every kind, the job routes, the pages' query strings and the link
previews' pictures. No answer is a 500, none shows a traceback, and every 400 of
the API says why in JSON.

The app's limits are cut down so that a fuzzed puzzle that still parses
costs little: no request waits for a worker, a worker's solve stops within
half a second, and at most two jobs wait (the rest get a 429). Failures name
the seed and the input, so each comes back the same every run.
"""

from __future__ import annotations

import random

import pytest

from fuzzing import raw_body, request_body, share_code
from webapp import create_app, kinds

#: Inputs for each route of each kind.
PER_ROUTE = 1000

CONFIG = {"TESTING": True, "RATELIMIT_ENABLED": False, "SOLVE_WAIT_SECONDS": 0.0,
          "JOB_WORKERS": 1, "JOB_QUEUE_MAX": 2, "JOB_MAX_PER_CLIENT": 2,
          "ROTATION_MAX_SECONDS": 0.5, "ROTATION_MAX_STATES": 20_000,
          "SLIDING_MAX_SECONDS": 0.5, "SLIDING_MAX_NODES": 100_000,
          "TRIANGLE_MAX_SECONDS": 0.5, "TRIANGLE_MAX_NODES": 100_000}


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    app = create_app({**CONFIG, "INSTANCE_DIR": str(tmp_path_factory.mktemp("fuzz"))})
    yield app
    app.extensions["playground_jobs"].close()  # no worker outlives the tests


def _routes(app) -> dict[str, list[tuple[str, str]]]:
    """Each kind's (method, address) pairs that take a body or nothing but
    the address: ``/api/<kind>/...`` with the kind put in; the job routes
    and pages are fuzzed on their own."""
    out = {name: [] for name in kinds.names()}
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/") or "<job_id>" in rule.rule:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if "<kind>" in rule.rule:
                for name in out:
                    out[name].append((method, rule.rule.replace("<kind>", name)))
    return out


def _check(response, what) -> None:
    assert response.status_code < 500, (what, response.status_code, response.data[:500])
    assert b"Traceback" not in response.data, (what, response.data[:500])
    if response.status_code == 400 and response.request.path.startswith("/api/"):
        assert response.is_json and response.get_json().get("error"), (what, response.data[:300])


def test_every_api_route_of_every_kind_is_fuzzed(fuzz_app):
    routes = _routes(fuzz_app)
    for name in kinds.names():
        paths = {path for _, path in routes[name]}
        assert {f"/api/{name}/{route}" for route in
                ("solve", "parse", "move", "hint", "share", "links", "shuffle")} <= paths


@pytest.mark.slow
@pytest.mark.parametrize("kind_name", kinds.names())
def test_fuzzed_requests_to_every_route_of_a_kind(fuzz_app, kind_name):
    client = fuzz_app.test_client()
    kind = kinds.get(kind_name)
    for method, path in _routes(fuzz_app)[kind_name]:
        rng = random.Random(f"{method} {path}")
        route = path.rsplit("/", 1)[1]
        for case in range(PER_ROUTE):
            what = (method, path, case)
            if method == "GET":
                response = client.get(path, query_string={"kind": share_code(rng, [])})
            elif rng.random() < 0.7:
                body = request_body(rng, kind, route)
                response = client.open(path, method=method, json=body)
                what += (body,)
            else:
                data, content_type = raw_body(rng, kind, route)
                response = client.open(path, method=method, data=data, content_type=content_type)
                what += (data[:300], content_type)
            _check(response, what)


def test_fuzzed_job_routes(fuzz_app):
    client = fuzz_app.test_client()
    rng = random.Random("jobs")
    started = []
    for case in range(PER_ROUTE):
        if started and rng.random() < 0.5:
            job = rng.choice(started)
        else:
            job = share_code(rng, [])
        job = job.replace("/", "_") or "x"
        method, suffix = rng.choice((("GET", ""), ("DELETE", ""), ("POST", "/cancel")))
        data, content_type = raw_body(rng, kinds.get("rotation"))
        response = client.open(f"/api/jobs/{job}{suffix}", method=method, data=data,
                               content_type=content_type)
        _check(response, (method, job, suffix, case))
        if case % 50 == 0:  # now and then a real job, to poll and cancel
            name = rng.choice(kinds.names())
            answer = client.post(f"/api/{name}/solve", json={"board": kinds.get(name).example})
            _check(answer, ("start", name))
            if answer.status_code == 202:
                started.append(answer.get_json()["id"])


def _codes(client) -> dict[str, list[str]]:
    """Real share codes of each kind, to break."""
    codes = {}
    for name in kinds.names():
        kind = kinds.get(name)
        codes[name] = [kind.encode(kind.parse(kind.example))]
        shuffled = client.post(f"/api/{name}/shuffle", json={"seed": 3})
        if shuffled.status_code == 200:
            codes[name].append(shuffled.get_json()["code"])
    return codes


@pytest.mark.parametrize("kind_name", kinds.names())
def test_fuzzed_pages_and_share_codes(fuzz_app, kind_name):
    client = fuzz_app.test_client()
    kind = kinds.get(kind_name)
    codes = _codes(client)
    every = [code for found in codes.values() for code in found]
    links = []
    for _ in range(3):
        made = client.post(f"/api/{kind_name}/links", json={"board": kind.example})
        if made.status_code == 200:
            links.append(made.get_json()["id"])
    rng = random.Random(f"pages {kind_name}")
    for case in range(PER_ROUTE):
        pick = rng.randrange(8)
        args = {}
        if pick <= 2:
            path = kind.web.page_path
            args["p"] = share_code(rng, codes[kind_name] if pick < 2 else every)
            if rng.random() < 0.3:
                args["play"] = rng.choice(("1", "true", "0", "", "x" * 300))
        elif pick == 3:
            path = "/s/" + (share_code(rng, links) or "x").replace("/", "_")
        elif pick == 4:
            path = "/puzzles"
            args["kind"] = rng.choice((kind_name, "", "nope", "\u00e9", "sliding ", kind_name.upper()))
        elif pick == 6:  # the player to frame (issue 31, item 3)
            path = rng.choice((f"/embed/{kind_name}", "/embed/" + (share_code(rng, []).replace("/", "_") or "x"),
                               "/embed/s/" + (share_code(rng, links) or "x").replace("/", "_")))
            args["p"] = share_code(rng, codes[kind_name] + every)
        elif pick == 7:  # its oEmbed answer, of a page address broken or not
            path = "/oembed"
            page = rng.choice((kind.web.page_path, "/s/", "/puzzles/", "/embed/" + kind_name, ""))
            args["url"] = rng.choice(("http://localhost", "https://localhost", "http://elsewhere", "")) + page \
                + rng.choice(("", "?p=", "&p=")) + share_code(rng, every + links)
            for bound in ("maxwidth", "maxheight", "format"):
                if rng.random() < 0.3:
                    args[bound] = rng.choice(("300", "0", "-1", "1e9", "99999999999999999999", "x", "json", "JSON"))  # xml: 501
        else:
            path = rng.choice((f"/how-to-play/{kind_name}", f"/api/{kind_name}/puzzles", "/puzzles/x",
                               f"/how-to-play/{share_code(rng, []).replace('/', '_') or 'x'}"))
        response = client.get(path, query_string=args)
        _check(response, (path, args, case))


#: Fuzzed link-preview pictures per kind: a code that decodes costs a drawing (about 0.1 s).
PREVIEWS = 150


@pytest.mark.parametrize("kind_name", kinds.names())
def test_fuzzed_preview_pictures(fuzz_app, kind_name):
    """The link previews' picture (/preview/<kind>.png, /preview/s/<id>.png):
    a PNG, or a refusal in a sentence, never a 500."""
    client = fuzz_app.test_client()
    codes = _codes(client)
    every = [code for found in codes.values() for code in found]
    rng = random.Random(f"previews {kind_name}")
    for case in range(PREVIEWS):
        if rng.random() < 0.85:
            path, args = f"/preview/{kind_name}.png", {"p": share_code(rng, codes[kind_name] if rng.random() < 0.7
                                                                      else every)}
        else:
            path, args = f"/preview/s/{(share_code(rng, []) or 'x').replace('/', '_')}.png", {}
        response = client.get(path, query_string=args)
        _check(response, (path, args, case))
        if response.status_code == 200:
            assert response.mimetype == "image/png", (path, args, case)
        else:
            assert response.status_code in (400, 404) and response.get_json()["error"], (path, args, case)

"""The JSON API's OpenAPI description (/api/openapi.json, made by
webapp/web/openapi.py): a valid OpenAPI 3.1 document that names every API
route of the app and every kind, and schemathesis's fuzzing of every
operation against it, in process: no 500, every status documented, every
answer matching its schema."""

from __future__ import annotations


import random

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from schemathesis.checks import CHECKS as EVERY_CHECK
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from apps import GENEROUS
from web_helpers import assert_api_error, kind_addresses
from webapp import create_app, kinds
from webapp.web.openapi import PATH, document

#: The app schemathesis fuzzes: rate limits off (thousands of requests from
#: one address), a request never waits for a worker (202 at once; an
#: animation, 503), and the workers' searches short, so that the jobs
#: fuzzing starts end soon; the job bounds stay, so a 429 is among the
#: answers checked.
FUZZ_CONFIG = {**GENEROUS, "JOB_MAX_PER_CLIENT": 3, "JOB_QUEUE_MAX": 4, "JOB_WORKERS": 1,
               "SOLVE_WAIT_SECONDS": 0.0, "ANIMATION_WAIT_SECONDS": 0.0, "ROTATION_MAX_SECONDS": 1.0,
               "SLIDING_MAX_SECONDS": 1.0, "SLIDING_BIG_SECONDS": 1.0, "TRIANGLE_MAX_SECONDS": 1.0}
DOCUMENT = document()


def _leaves(schema: dict) -> list[dict]:
    """``schema`` with its references followed and its allOf, anyOf and
    oneOf opened: the schemas a value may be held to."""
    while "$ref" in schema:
        section, name = schema["$ref"].split("/")[-2:]
        schema = DOCUMENT["components"][section][name]
    out = [schema]
    for key in ("allOf", "anyOf", "oneOf"):
        for part in schema.get(key, ()):
            out.extend(_leaves(part))
    return out


def undocumented(value, schema: dict, where: str = "") -> list[str]:
    """The fields of ``value`` (an answer) that ``schema`` does not name,
    at any depth; an object whose schema names no field is free."""
    leaves = _leaves(schema)
    if isinstance(value, list):
        items = [leaf["items"] for leaf in leaves if isinstance(leaf.get("items"), dict)]
        return [f for i, item in enumerate(value) for f in
                min((undocumented(item, s, f"{where}[{i}]") for s in items), key=len, default=[])]
    if not isinstance(value, dict):
        return []
    named = [leaf for leaf in leaves if "properties" in leaf]
    free = [leaf["additionalProperties"] for leaf in leaves
            if isinstance(leaf.get("additionalProperties"), dict)]
    if not named and not free:
        return []
    out = []
    for key, item in value.items():
        schemas = [leaf["properties"][key] for leaf in named if key in leaf["properties"]] or free
        if not schemas:
            out.append(f"{where}.{key}")
        else:
            out.extend(min((undocumented(item, s, f"{where}.{key}") for s in schemas), key=len))
    return out


def every_field_documented(ctx, response, case):
    """Every field of an answer is in the document: a new field gets its
    schema (webapp/<kind>/schemas.py, or webapp/web/openapi.py for what
    every kind shares) in the same change."""
    if response.request.method.upper() != case.operation.method.upper():
        return None  # schemathesis's probes of other methods (OPTIONS: the methods there are)
    operation = DOCUMENT["paths"][case.operation.path].get(case.operation.method.lower(), {})
    documented = operation.get("responses", {}).get(str(response.status_code))
    types = [v for k, values in response.headers.items() if k.lower() == "content-type" for v in values]
    if documented is None or not any("json" in t for t in types):
        return None  # another check speaks about undocumented statuses and types
    schema = _leaves(documented)[0]["content"]["application/json"]["schema"]
    missing = undocumented(response.json(), schema)
    assert not missing, (f"{case.operation.label} {response.status_code}: fields the document "
                         f"does not name: {', '.join(missing)}")
    return None


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, positive_data_acceptance, negative_data_rejection,
          every_field_documented]

#: The puzzles schemathesis sends as a kind's ``board`` (the document's
#: ``<kind>-puzzle`` format): small ones of the kind's own shuffle, so that
#: a request the document allows is one the server can read.
_SMALL = {"rotation": {"size": 5}, "sliding": {"size": "3x3"}, "triangle": {"size": 2}}


def _puzzles(kind) -> st.SearchStrategy:
    fields = _SMALL.get(kind.name, {})
    return st.integers(0, 2**32).map(lambda seed: kind.text(kind.shuffle(dict(fields), random.Random(seed))))


for _kind in kinds.KINDS:
    schemathesis.openapi.format(f"{_kind.name}-puzzle", _puzzles(_kind))
    # a share code (the animation's ``p``): one of those puzzles, encoded
    schemathesis.openapi.format(f"{_kind.name}-code", _puzzles(_kind).map(
        lambda text, kind=_kind: kind.encode(kind.parse(text))))


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    app = create_app({"TESTING": True, "INSTANCE_DIR": str(tmp_path_factory.mktemp("openapi")),
                      **FUZZ_CONFIG})
    yield app
    app.extensions["playground_jobs"].close()  # the jobs fuzzing started: their workers stopped


def test_the_document_is_valid_openapi_3_1(client):
    response = client.get(PATH)
    assert response.status_code == 200 and response.mimetype == "application/json"
    body = response.get_json()
    assert body["openapi"].startswith("3.1")
    assert body == document()  # the one fuzzed below
    schemathesis.openapi.from_dict(body).validate()  # against the OpenAPI 3.1 meta-schema


def test_every_operation_says_it_may_answer_a_500_with_a_request_id(app, client):
    """Any route can meet a bug (webapp/web/security.py): the document says
    so, with the body a 500 has (issue 29: the description was less honest
    than the server)."""
    with app.app_context():
        body = document()
    internal = body["components"]["responses"]["InternalError"]
    schema = internal["content"]["application/json"]["schema"]
    assert schema["required"] == ["error", "code", "request_id"] and "X-Request-Id" in internal["headers"]
    for path, item in body["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                assert operation["responses"]["500"] == {"$ref": "#/components/responses/InternalError"}, \
                    (method, path)


def test_a_whole_number_written_with_a_fraction_is_that_number(client):
    """JSON Schema counts 5.0 as the integer 5, so the document lets it
    through where a whole number is wanted: the server takes it too
    (issue 29: `{"height": 5.0}` was refused)."""
    whole = client.post("/api/rotation/shuffle", json={"seed": 3, "width": 5, "height": 6, "sticks": 2})
    written = client.post("/api/rotation/shuffle", data='{"seed": 3e0, "width": 5.0, "height": 6.0, "sticks": 2.0}',
                          content_type="application/json")
    assert whole.status_code == written.status_code == 200 and whole.get_json() == written.get_json()
    assert client.post("/api/rotation/shuffle", json={"width": 5.5}).status_code == 400


def test_the_document_refuses_what_the_server_refuses_in_a_day_and_a_shuffle():
    """A day that is no day, and a level with a kind's fields, are refused
    by the document as by the server (issue 29: the document allowed them)."""
    import jsonschema_rs  # schemathesis's validator

    def allows(schema, value) -> bool:
        return jsonschema_rs.Draft202012Validator(schema, validate_formats=True).is_valid(value)

    for kind in kinds.KINDS:
        day = DOCUMENT["paths"][f"/api/{kind.name}/daily"]["get"]["parameters"][0]["schema"]
        assert allows(day, "2026-11-28") and not allows(day, "0000-00-00") and not allows(day, "2026-02-30")
        body = DOCUMENT["paths"][f"/api/{kind.name}/shuffle"]["post"]["requestBody"]
        shuffle = body["content"]["application/json"]["schema"]
        field = kind.web.shuffle_fields[0]
        assert allows(shuffle, {"level": "easy", "seed": 1, "instead_of": None})
        assert allows(shuffle, {"level": None, field: kind.web.schemas["shuffle"][field].get("default", 3)})
        assert not allows(shuffle, {"level": "easy", field: 3})


#: Requests the document allows (each field of its type and in its range)
#: whose fields do not fit the puzzle they come with, or each other.
_MISFITS = [
    ("/api/rotation/solve", {"board": "5\n#####\n#   #\n#   #\n# 01 \n#####\n", "goal": "stick:T"},
     "the board has no stick 'T'"),
    ("/api/rotation/shuffle", {"width": 3, "height": 3, "sticks": 61}, "do not fit in the 1 cells"),
    ("/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0\n", "move": 9}, "is not a tile of this board"),
    ("/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0\n", "move": "left"}, "no tile can slide left"),
    ("/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0\n", "move": 1}, "is not next to the hole"),
    ("/api/sliding/shuffle", {"width": 4, "height": 4, "distance": 3}, "needs an exact table"),
    ("/api/sliding/shuffle", {"width": 2, "height": 2, "distance": 400}, "moves from the goal (0 to"),
    ("/api/triangle/move", {"board": "3\n1\n1 2 3\n", "move": {"slot": 5}}, '"slot" must be 0 to 0'),
    ("/api/triangle/move", {"board": "3\n1\n1 2 3\n", "move": {"slot": 0, "piece": 4}},
     '"piece" must be 0 to 0'),
    ("/api/triangle/move", {"board": "3\n1\n1 2 3\n", "move": {"slot": 0, "piece": 0, "edges": [1, 1, 1]}},
     "is not a turning of piece 0"),
    ("/api/triangle/move", {"board": "3\n1\n1 2 3\n", "placement": [None, None], "move": {"slot": 0}},
     '"placement" must be a list of 1 entries'),
    ("/api/triangle/solve", {"board": "3\n1\n1 2 3\n", "resume": "abc"}, "is not a token this server gave"),
    ("/api/triangle/shuffle", {"size": 7, "unique": True}, "a unique puzzle is offered up to size 6"),
    ("/api/triangle/shuffle", {"size": 4, "figures": 1, "unique": True}, "needs at least"),
]


@pytest.mark.parametrize("path, body, words", _MISFITS, ids=[words for _, _, words in _MISFITS])
def test_a_request_the_document_allows_that_does_not_fit_its_puzzle_is_a_409(client, path, body, words):
    """A 400 is for a request the document refuses; one it allows whose
    fields do not fit the puzzle, or each other (no JSON Schema keyword can
    say so) is a 409 with the same sentence, documented on its operation:
    schemathesis's check that an allowed request is accepted takes a 409
    (issue 29: these were 400s, 'schema allowed but server rejected')."""
    import jsonschema_rs

    operation = DOCUMENT["paths"][path]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    assert jsonschema_rs.Draft202012Validator(schema).is_valid(body)
    assert "409" in operation["responses"]
    assert_api_error(client.post(path, json=body), 409, words)


_TRIANGLE = "3\n1\n1 2 3\n"
#: Requests the document refuses, that the server took (schemathesis's
#: negative_data_rejection): each is refused now, on every route that takes it.
_REFUSED = [
    ("/api/rotation/move", {"board": "5\n#####\n#   #\n#   #\n# 01 \n#####\n", "move": "L", "goal": "sideways"}),
    ("/api/rotation/shuffle", {"size": -260, "width": 9, "height": 7}),
    ("/api/triangle/solve", {"board": _TRIANGLE, "placement": [[{}]]}),
    ("/api/triangle/trace", {"board": _TRIANGLE, "placement": [{"piece": 0, "edges": False}]}),
    ("/api/triangle/solve", {"board": _TRIANGLE, "placement": [{"piece": -1}]}),
    # a tile's number in digits 0 to 9, JSON's blanks around it (a superscript two was a 500)
    ("/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0\n", "move": "\u00b2"}),
    ("/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0\n", "move": "\u0666"}),
    ("/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0\n", "move": "\x1c6"}),
    ("/api/sliding/shuffle", {"size": "\x1c4x4"}),
]


@pytest.mark.parametrize("path, body", _REFUSED)
def test_a_request_the_document_refuses_is_refused(client, path, body):
    import jsonschema_rs

    schema = DOCUMENT["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert not jsonschema_rs.Draft202012Validator(schema).is_valid(body)
    assert client.post(path, json=body).status_code == 400


#: ... and ones it allows, that the server takes (they were refused by the document).
_TAKEN = [
    ("/api/rotation/solve", {"board": "5\n#####\n#   #\n#   #\n# 01 \n#####\n", "goal": " "}),
    ("/api/rotation/shuffle", {"width": 5, "instead_of": 7}),
    ("/api/sliding/shuffle", {"instead_of": True}),
    ("/api/triangle/move", {"board": _TRIANGLE, "placement": [{"piece": 0}], "move": {"slot": 0}}),
    ("/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0\n", "move": " 6\t"}),
    ("/api/sliding/shuffle", {"size": " 3 x 2 "}),
]


@pytest.mark.parametrize("path, body", _TAKEN)
def test_a_request_the_document_allows_is_taken(client, path, body):
    import jsonschema_rs

    schema = DOCUMENT["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert jsonschema_rs.Draft202012Validator(schema).is_valid(body)
    assert client.post(path, json=body).status_code == 200


def test_every_api_route_of_the_app_is_described(app):
    """Each rule under /api/ with each of its methods is a path of the
    document: ``<kind>`` for every kind, ``<job_id>`` as ``{job_id}``."""
    with app.app_context():
        paths = document()["paths"]
    described = {(path, method.upper()) for path, item in paths.items()
                 for method in item if method != "parameters"}
    routes = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            for _, path in kind_addresses(rule.rule.replace("<job_id>", "{job_id}")):
                routes.add((path, method))
    assert routes == described


def test_every_kind_is_described_from_its_own_fields():
    doc = document()
    for kind in kinds.KINDS:
        body = doc["paths"][f"/api/{kind.name}/solve"]["post"]["requestBody"]["content"]["application/json"]
        assert set(body["schema"]["properties"]) == {"board", "move", *kind.web.option_fields}
        assert body["example"] == {"board": kind.example}
        shuffle = doc["paths"][f"/api/{kind.name}/shuffle"]["post"]["requestBody"]["content"]
        drawn, made = shuffle["application/json"]["schema"]["oneOf"]  # a level, or the kind's fields
        assert set(drawn["properties"]) == {"seed", "level", "instead_of"} and drawn["required"] == ["level"]
        assert set(made["properties"]) == {"seed", "level", "instead_of", *kind.web.shuffle_fields}
        job = doc["components"]["schemas"][f"{kind.name.capitalize()}Job"]
        assert {kind.counter, kind.depth_field, f"max_{kind.counter}"} <= set(job["required"])
        own = kind.web.schemas
        where = f"webapp/{kind.name}/schemas.py describes every field the kind reads, and no other"
        assert set(own["options"]) == set(kind.web.option_fields), where
        assert set(own["shuffle"]) == set(kind.web.shuffle_fields), where


def test_a_new_kind_is_described_with_no_edit(monkeypatch):
    """A kind with only what the interface requires (the counter of
    tests/support/counter_kind.py) gets every route, with bodies and answers
    of any shape."""
    from counter_kind import KIND

    kind = KIND
    monkeypatch.setattr(kinds, "KINDS", (*kinds.KINDS, kind))
    monkeypatch.setattr(kinds, "_BY_NAME", {**kinds._BY_NAME, kind.name: kind})
    doc = document()
    schemathesis.openapi.from_dict(doc).validate()
    for route in ("solve", "parse", "move", "hint", "share", "links", "shuffle", "puzzles"):
        assert f"/api/counter/{route}" in doc["paths"]
    job = doc["components"]["schemas"]["CounterJob"]
    assert "steps" in job["required"] and "max_steps" in job["properties"]


def test_the_docs_link_the_document():
    from paths import ROOT

    for name in ("README.md", "docs/README.md", "docs/api.md", "docs/serving.md"):
        assert PATH in (ROOT / name).read_text(encoding="utf-8"), name
    assert "(docs/api.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("docs/README.md", "docs/serving.md"):
        assert "(api.md)" in (ROOT / name).read_text(encoding="utf-8"), name


# The document needs no app (pytest's lazy loader, from_fixture, does not
# run under this pytest); the app is the fixture's, handed to every call.
#: A request the document allows is accepted: schemathesis's statuses for that,
#: and 410, a job's poll after its DELETE (the stateful phase makes those).
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "410", "429", "5xx"]
schema = schemathesis.openapi.from_dict(  # a copy: schemathesis adds to it
    document(), config=schemathesis.config.SchemathesisConfig.from_dict(
        {"checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}}}))


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=25, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_description(case, fuzz_app):
    """Every operation, fuzzed: no 500, a documented status, the documented
    content type, an answer that matches its schema, and no request the
    document allows refused (issue 29: `?date=0000-00-00`, `{"height": 5.0}`,
    a level with a kind's fields were)."""
    case.call_and_validate(app=fuzz_app, checks=CHECKS)


@pytest.mark.slow
def test_the_api_keeps_its_description_from_a_job_to_its_poll(make_app, monkeypatch):
    """schemathesis's stateful phase: it follows the document's links from
    a search's 202 to the job's poll, cancel and DELETE (issue 29: it had
    none to follow), every check on every answer, use_after_free too (a
    poll after a DELETE is a 410, issue 29). Rotation's searches all go to a
    worker here, so that there are 202s to follow; and the same request
    always gets the same status, as hypothesis wants of a state machine's
    steps (with a cache, a search answered by a worker is a 200 the next
    time; with the job bounds, a 429 while a worker is slow)."""
    from webapp.web import cache

    monkeypatch.setattr(cache, "lookup", lambda *args: None)
    fuzz_app = make_app(**{**FUZZ_CONFIG, "JOB_MAX_PER_CLIENT": 10_000, "JOB_QUEUE_MAX": 10_000},
                        ROTATION_INLINE_STATES=0, ROTATION_QUICK_STATES=0)
    checks = [*EVERY_CHECK.get_all(), every_field_documented]

    answered = set()

    class Machine(schema.as_state_machine()):
        def get_call_kwargs(self, case):
            return {"app": fuzz_app}

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            answered.add((case.operation.label, response.status_code))
            case.validate_response(response, checks=checks, recorder=self.recorder)  # the steps before

    try:
        # no shrinking: a worker's timing is no part of the example to replay
        Machine.run(settings=settings(max_examples=60, stateful_step_count=8, derandomize=True,
                                      phases=[Phase.generate], deadline=None, database=None,
                                      suppress_health_check=list(HealthCheck)))
    finally:
        fuzz_app.extensions["playground_jobs"].close()
    assert ("GET /api/jobs/{job_id}", 200) in answered  # a link followed from a 202
    assert ("GET /api/jobs/{job_id}", 410) in answered  # use_after_free had a poll after a DELETE


def _costly(kind: str) -> dict:
    """A request of ``kind`` that a worker must answer, and that runs to
    the app's time limit (1 s) or close to it: a body for /solve and /jobs."""
    import random

    if kind == "rotation":
        from web_helpers import heavy_board

        return {"board": heavy_board(0), "goal": "all"}
    if kind == "sliding":  # 25 cells, no pattern databases: searched until the limit
        from webapp.sliding.generate import shuffle

        return {"board": shuffle(5, 5, random.Random(1)).text()}
    from webapp.triangle.generate import random_puzzle  # 64 pieces, 2 figures: never counted out
    from webapp.triangle.textformat import write

    return {"board": write(random_puzzle(8, 2, random.Random(3)))}


@pytest.mark.parametrize("kind", kinds.names())
def test_a_job_keeps_its_description_from_start_to_answer(kind, make_app):
    """Fuzzing seldom makes a puzzle that needs a worker: each kind's costly
    one goes through 202, the job's progress, its answer, the cache and
    cancelling, each answer checked against the document."""
    app = make_app(**FUZZ_CONFIG, ROTATION_INLINE_STATES=0)
    checked = []

    def call(path: str, method: str, **parts):
        case = schema[path][method].Case(**parts)
        response = case.call(app=app)
        case.validate_response(response, checks=CHECKS)
        checked.append((path, method, response.status_code))
        return response

    try:
        body = _costly(kind)
        started = call(f"/api/{kind}/solve", "POST", body=body)
        assert started.status_code == 202, started.content
        job_id = started.json()["job"]
        assert call(f"/api/{kind}/solve", "POST", body=body).json()["id"] == job_id  # the same search
        under_way = call("/api/jobs/{job_id}", "GET", path_parameters={"job_id": job_id}).json()
        assert under_way["status"] in ("queued", "running", "done"), under_way
        # a 1 s search, and a worker to start on a busy machine
        assert not app.extensions["playground_jobs"].wait(job_id, 120).active
        snapshot = call("/api/jobs/{job_id}", "GET", path_parameters={"job_id": job_id}).json()
        assert snapshot["status"] == "done", snapshot
        assert snapshot["answer"]["source"] == "worker"
        again = call(f"/api/{kind}/solve", "POST", body=body)  # from the cache, or a new job
        if again.status_code == 202:
            call("/api/jobs/{job_id}", "DELETE", path_parameters={"job_id": again.json()["job"]})
        call("/api/jobs/{job_id}/cancel", "POST", path_parameters={"job_id": job_id})
        assert {code for _, _, code in checked} >= {200, 202}
    finally:
        app.extensions["playground_jobs"].close()


def test_a_full_link_store_answers_as_described(make_app):
    """Fuzzing never fills the link store: its refusal, checked against the
    document (a 5xx by design: the server's state, not the request, refuses)."""
    app = make_app(**FUZZ_CONFIG, LINK_STORE_MAX_BYTES=1)
    case = schema["/api/sliding/links"]["POST"].Case(body={"board": "1 2 3\n4 5 6\n7 8 0\n"})
    response = case.call(app=app)
    assert response.status_code == 507
    case.validate_response(response, checks=[check for check in CHECKS if check is not not_a_server_error])

"""Honest errors (issue 28, item 4): the user's mistakes (a puzzle's text, a
request's field, an illegal move) are 400s, "not available just now" is a
503 with Retry-After, and anything else is a bug: a 500 that shows a request
id, with the traceback in the log under that id, whether it happens in the
request or in a worker."""

from __future__ import annotations

import logging

import pytest

from waiting_kind import waiting  # noqa: F401 - the fixture
from web_helpers import EXAMPLE, assert_api_error, make_client
from webapp import kinds
from webapp.errors import BAD_INPUT, FieldError, FieldMisfit, IllegalMove, NotAvailable, PuzzleTextError
from webapp.sliding.position import BlockedMove


def _raising(exc: Exception):
    def broken(*_args, **_kwargs):
        raise exc
    return broken


def _logged(caplog, request_id: str) -> logging.LogRecord:
    found = [r for r in caplog.records if request_id in r.getMessage()]
    assert len(found) == 1, [r.getMessage() for r in caplog.records]
    return found[0]


@pytest.mark.parametrize("kind_name, route, method, exc", [
    ("rotation", "move", "move", ValueError("index 17 out of range")),
    ("sliding", "hint", "quick", NotImplementedError("no hint here")),
    ("triangle", "solve", "quick", RuntimeError("the table is inconsistent")),
])
def test_an_internal_error_in_a_kind_is_a_logged_500_with_a_request_id(
        client, monkeypatch, caplog, kind_name, route, method, exc):
    kind = kinds.get(kind_name)
    monkeypatch.setattr(kind, method, _raising(exc))
    with caplog.at_level(logging.ERROR):
        response = client.post(f"/api/{kind_name}/{route}", json={"board": kind.example})
    assert response.status_code == 500
    body = response.get_json()
    assert body == {"error": "internal error", "code": "internal", "request_id": body["request_id"]}
    assert response.headers["X-Request-Id"] == body["request_id"]
    assert str(exc) not in response.get_data(as_text=True)  # the log's, not the user's
    record = _logged(caplog, body["request_id"])
    assert record.exc_info is not None and record.exc_info[1] is exc
    assert str(exc) in caplog.text and "Traceback" in caplog.text


def test_a_page_with_an_internal_error_shows_its_request_id(client, monkeypatch, caplog):
    monkeypatch.setattr(kinds.get("rotation"), "summary", _raising(IndexError("list index out of range")))
    with caplog.at_level(logging.ERROR):
        response = client.get("/")
    assert response.status_code == 500 and response.mimetype == "text/html"
    request_id = response.headers["X-Request-Id"]
    assert request_id in response.get_data(as_text=True)
    assert _logged(caplog, request_id).exc_info is not None


@pytest.mark.parametrize("address, kind_name", [("/?p=abc", "rotation"), ("/sliding?p=abc", "sliding")])
def test_a_bug_in_reading_a_shared_link_is_a_500_not_a_bad_link(client, monkeypatch, caplog, address, kind_name):
    monkeypatch.setattr(kinds.get(kind_name), "decode", _raising(ValueError("index 17 out of range")))
    with caplog.at_level(logging.ERROR):
        response = client.get(address)
    assert response.status_code == 500
    assert "index 17" not in response.get_data(as_text=True)
    assert _logged(caplog, response.headers["X-Request-Id"]).exc_info is not None


@pytest.mark.parametrize("exc, status", [(PuzzleTextError("a bad row", line=2, column=3), 400),
                                         (FieldError('"size" must be 3 to 64'), 400),
                                         (FieldMisfit("no 2 x 2 position is 9 moves from the goal"), 409),
                                         (IllegalMove("a move is L or R"), 400),
                                         (BlockedMove("no tile can slide left"), 409)])
def test_each_kind_of_bad_input_is_a_400_with_its_message(client, monkeypatch, exc, status):
    """A misfit (a move the rules forbid among them) is a 409: fields the
    OpenAPI description allows that do not fit the puzzle (issue 29)."""
    monkeypatch.setattr(kinds.get("rotation"), "move", _raising(exc))
    body = assert_api_error(client.post("/api/rotation/move", json={"board": EXAMPLE}), status, str(exc))
    assert "request_id" not in body


def test_not_available_just_now_is_a_503_with_retry_after(client, monkeypatch):
    monkeypatch.setattr(kinds.get("triangle"), "shuffle", _raising(NotAvailable("no unique puzzle in time", 7)))
    response = client.post("/api/triangle/shuffle", json={"unique": True})
    assert_api_error(response, 503, "no unique puzzle in time")
    assert response.headers["Retry-After"] == "7"


def test_the_vocabulary_is_value_errors_for_input_and_a_runtime_error_for_the_machine():
    assert all(issubclass(error, ValueError) for error in BAD_INPUT)
    assert issubclass(NotAvailable, RuntimeError) and not issubclass(NotAvailable, ValueError)
    # none of them is a puzzle-text error but the puzzle-text error itself
    assert not issubclass(FieldError, PuzzleTextError) and not issubclass(IllegalMove, PuzzleTextError)
    from webapp.rotation.generate import GenerateError
    from webapp.rotation.search import GoalError
    from webapp.sliding import IllegalMove as SlidingIllegalMove
    from webapp.triangle.generate import NoUniquePuzzle
    from webapp.triangle.tally import BadResume

    assert issubclass(GoalError, FieldError) and issubclass(GenerateError, FieldError)
    assert issubclass(BadResume, FieldError) and SlidingIllegalMove is IllegalMove
    assert issubclass(NoUniquePuzzle, NotAvailable)


# ------------------------------------------------------------- in a worker
@pytest.fixture
def worker_client(tmp_path, waiting):  # noqa: F811
    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=30.0, RATELIMIT_ENABLED=False)
    yield client
    client.application.extensions["playground_jobs"].close()


def test_a_bug_in_a_workers_solve_is_a_logged_500_not_the_users_mistake(worker_client, caplog):
    with caplog.at_level(logging.ERROR):
        response = worker_client.post("/api/waiting/solve", json={"board": "bug"})
    assert response.status_code == 500
    body = response.get_json()
    assert body["error"] == "internal error" and response.headers["X-Request-Id"] == body["request_id"]
    # the worker's traceback in the log, under the job's id; the request's under its own
    worker = [r for r in caplog.records if r.getMessage().startswith("internal error in job")]
    assert len(worker) == 1 and "index 17 out of range" in worker[0].getMessage()
    assert "Traceback" in worker[0].getMessage()
    job_id = worker[0].getMessage().split()[4]
    assert job_id in _logged(caplog, body["request_id"]).exc_info[1].args[0]
    # a poll of the job says it failed, without the traceback
    job = worker_client.get(f"/api/jobs/{job_id}").get_json()
    assert job["status"] == "failed" and "internal error" in job["error"]
    assert "index 17" not in job["error"]


def test_a_users_mistake_found_by_a_worker_stays_a_400(worker_client, caplog):
    with caplog.at_level(logging.ERROR):
        response = worker_client.post("/api/waiting/solve", json={"board": "refused"})
    assert_api_error(response, 400, '"ticks" must be 1 to 10, not 12345')
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

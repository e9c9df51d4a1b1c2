"""A worker's sentences in the reader's language (issue 32): a refusal
found in a worker process, a job's end (cancelled, lost) cross processes
and stores packed (webapp.errors.pack), and each poll says them in its own
request's language, its numbers as that language writes them."""

from __future__ import annotations

import pytest

from waiting_kind import no_wait, waiting, waiting_job  # noqa: F401 - fixtures
from web_helpers import make_client

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


@pytest.fixture
def client(tmp_path, waiting, cleanup):  # noqa: F811
    client = make_client(tmp_path, SOLVE_WAIT_SECONDS=30.0, RATELIMIT_ENABLED=False)
    cleanup(client)
    return client


def ended(client, job_id: str) -> None:
    assert client.application.extensions["playground_jobs"].wait(job_id, 30) is not None


def test_a_refusal_found_in_a_worker_is_said_in_the_requests_language(client):
    german = client.post("/api/waiting/solve", json={"board": "refused"}, headers=GERMAN)
    assert german.status_code == 400
    assert german.get_json() == {"code": "field", "error": "„ticks“ muss zwischen 1 und 10 liegen, nicht 12.345"}
    english = client.post("/api/waiting/solve", json={"board": "refused"})
    assert english.get_json()["error"] == '"ticks" must be 1 to 10, not 12345'


def test_a_failed_job_is_said_to_each_poller_in_their_own_language(client):
    job_id = waiting_job(client, "refused")
    ended(client, job_id)
    english = client.get(f"/api/jobs/{job_id}").get_json()
    german = client.get(f"/api/jobs/{job_id}", headers=GERMAN).get_json()
    assert (english["status"], english["failure"]) == (german["status"], german["failure"]) == ("failed", "input")
    assert english["error"] == '"ticks" must be 1 to 10, not 12345'
    assert german["error"] == "„ticks“ muss zwischen 1 und 10 liegen, nicht 12.345"


def test_a_cancelled_job_says_so_in_german(client):
    job_id = waiting_job(client)
    cancelled = client.post(f"/api/jobs/{job_id}/cancel", headers=GERMAN).get_json()
    assert (cancelled["status"], cancelled["error"]) == ("cancelled", "abgebrochen")
    assert client.get(f"/api/jobs/{job_id}").get_json()["error"] == "cancelled"


def test_a_lost_job_names_the_german_button_to_press_again(tmp_path, client):
    job_id = waiting_job(client, "forever")
    after = make_client(tmp_path)  # the server started again: its pool has no such job
    body = after.get(f"/api/jobs/{job_id}?lang=de").get_json()
    assert body["failure"] == "lost"
    assert body["error"] == ("der Server hat diese Suche nicht mehr: die Warteschlange wurde neu gestartet und hat "
                             "sie verloren (oder sie ist vor über 10 Minuten zu Ende gegangen); drück noch einmal "
                             "auf „Lösen“")

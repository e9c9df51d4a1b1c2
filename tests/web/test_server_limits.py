"""Bounds on what one client may ask (issue 8, items 16 and 20): refusals are
429 at once, with a sentence and Retry-After; a client is its address, and a
forwarded address only when TRUSTED_PROXIES says so."""

from __future__ import annotations


import pytest

from waiting_kind import waiting  # noqa: F401 - a fixture
from webapp import create_app
from webapp.rotation import EXAMPLE


def make_app(tmp_path, **config):
    settings = {"TESTING": True, "INSTANCE_DIR": str(tmp_path), "ROTATION_INLINE_STATES": 1000,
                "SOLVE_WAIT_SECONDS": 0.0}
    settings.update(config)
    app = create_app(settings)
    return app


@pytest.fixture
def apps(waiting):
    """Apps whose jobs are closed after the test; the waiting kind is there
    until then (its jobs never end by themselves, whatever the machine's speed)."""
    made = []
    yield made.append
    for app in made:
        app.extensions["playground_jobs"].close()


def job(client, seed, **kwargs):
    return client.post("/api/waiting/solve", json={"board": f"job-{seed}"}, **kwargs)


def assert_refused(response):
    assert response.status_code == 429
    assert response.mimetype == "application/json"
    message = response.get_json()["error"]
    assert len(message.split()) >= 5  # a sentence for a person
    assert int(response.headers["Retry-After"]) >= 1
    return message


def test_one_client_gets_a_bounded_number_of_jobs(tmp_path, apps):
    app = make_app(tmp_path, JOB_MAX_PER_CLIENT=3)
    apps(app)
    client = app.test_client()
    ids = [job(client, seed).get_json()["id"] for seed in range(3)]
    manager = app.extensions["playground_jobs"]
    message = assert_refused(job(client, 3))
    # at once: refused before it was queued, so nothing was waited for
    assert set(manager.jobs) == set(ids)
    assert "3" in message
    # /api/rotation/solve too: it would make a job
    assert_refused(client.post("/api/waiting/solve", json={"board": "job-4"}))
    # small solves need no job: still answered
    assert client.post("/api/rotation/solve", json={"board": EXAMPLE}).status_code == 200
    # another address is another client
    other = job(client, 5, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 202
    # cancelling one makes room
    client.post(f"/api/jobs/{ids[0]}/cancel")
    assert job(client, 6).status_code == 202


def test_the_whole_queue_is_bounded(tmp_path, apps):
    app = make_app(tmp_path, JOB_WORKERS=1, JOB_QUEUE_MAX=2, JOB_MAX_PER_CLIENT=0)
    apps(app)
    client = app.test_client()
    statuses = [job(client, seed, environ_base={"REMOTE_ADDR": f"192.0.2.{seed}"}).status_code
                for seed in range(6)]
    # one running, two queued: the rest refused, whoever asks
    assert statuses.count(202) == 3 and statuses.count(429) == 3
    assert_refused(job(client, 9, environ_base={"REMOTE_ADDR": "198.51.100.1"}))


def test_job_submissions_are_rate_limited(tmp_path, apps):
    app = make_app(tmp_path, JOB_RATE_LIMIT="3 per minute", JOB_MAX_PER_CLIENT=0)
    apps(app)
    client = app.test_client()
    for seed in range(3):
        response = job(client, seed)
        assert response.status_code == 202
        client.post(f"/api/jobs/{response.get_json()['id']}/cancel")
    message = assert_refused(job(client, 3))
    assert "3 per 1 minute" in message or "3 per minute" in message
    assert int(job(client, 4).headers["Retry-After"]) <= 60


def test_link_creation_is_rate_limited(tmp_path):
    app = make_app(tmp_path, LINK_RATE_LIMIT="5 per minute")
    client = app.test_client()
    for n in range(5):
        board = f"5\n#####\n#{n}  #\n#   #\n#   #\n## ##\n"
        assert client.post("/api/rotation/links", json={"board": board}).status_code == 200
    assert_refused(client.post("/api/rotation/links", json={"board": EXAMPLE}))
    assert client.post("/api/rotation/links", json={"board": EXAMPLE},
                       environ_base={"REMOTE_ADDR": "192.0.2.9"}).status_code == 200


def test_link_creation_has_a_daily_quota_beside_the_minute(tmp_path):
    app = make_app(tmp_path, LINK_DAILY_LIMIT="3 per day")
    client = app.test_client()
    for n in range(3):
        board = f"5\n#####\n#{n}  #\n#   #\n#   #\n## ##\n"
        assert client.post("/api/rotation/links", json={"board": board}).status_code == 200
    refused = client.post("/api/rotation/links", json={"board": EXAMPLE})
    message = assert_refused(refused)
    assert int(refused.headers["Retry-After"]) > 23 * 3600  # not in a moment
    assert "(3 per day)" in message and "in about 24 hours" in message and "moment" not in message
    assert client.post("/api/rotation/links", json={"board": EXAMPLE},
                       environ_base={"REMOTE_ADDR": "192.0.2.9"}).status_code == 200


def test_all_requests_of_a_client_have_a_generous_limit(tmp_path):
    app = make_app(tmp_path, RATELIMIT_APPLICATION="10 per minute")
    client = app.test_client()
    codes = [client.get("/api/rotation/puzzles").status_code for _ in range(12)]
    assert codes[:10] == [200] * 10
    assert_refused(client.get("/api/rotation/puzzles"))
    page = client.get("/")
    assert page.status_code == 429 and page.mimetype == "text/html"
    assert "Retry-After" in page.headers


def test_defaults_are_generous(tmp_path):
    app = create_app({"INSTANCE_DIR": str(tmp_path)})
    client = app.test_client()
    for _ in range(200):
        assert client.get("/api/rotation/puzzles").status_code == 200
    config = app.config
    assert config["JOB_MAX_PER_CLIENT"] >= 3 and config["JOB_QUEUE_MAX"] >= 16
    assert config["RATELIMIT_ENABLED"]


def test_forwarded_address_counts_only_behind_trusted_proxies(tmp_path):
    def clients_seen(trusted):
        app = make_app(tmp_path / str(trusted), LINK_RATE_LIMIT="1 per minute", TRUSTED_PROXIES=trusted)
        client = app.test_client()
        codes = [client.post("/api/rotation/links", json={"board": EXAMPLE},
                             headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
                 for n in range(3)]
        return codes

    # not trusted: the header is the client's word; all three are one client
    assert clients_seen(0) == [200, 429, 429]
    # one proxy trusted: each forwarded address is a client of its own
    assert clients_seen(1) == [200, 200, 200]

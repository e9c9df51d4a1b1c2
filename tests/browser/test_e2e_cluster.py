"""End to end in real Chromium against a web process whose jobs are on a
real Redis, run by a real ``rotation-playground worker`` (issue 19, item 5:
"the client is told"): the page that follows a big solve says so when its
worker is killed with ``kill -9``; while Redis is stopped it keeps waiting
(and says why) instead of dropping the search, Cancel still works, and a
new big solve is refused with the server's sentence, the drawing kept."""

from __future__ import annotations

import os
import signal

import pytest
from playwright.sync_api import expect

from apps import LIVE, serving
from browsing import CSP_RECORDER, DESKTOP
from e2e_helpers import button, data, import_text, puzzle, start_big_job
from servers import redis  # noqa: F401 - a fixture
from webapp.rotation import parse, solve
from webapp.web.jobstore import STALE_SECONDS
from workers import workers

pytest.importorskip("rq")
pytestmark = pytest.mark.browser


@pytest.fixture
def site(tmp_path_factory, redis):  # noqa: F811
    """A web process (the live server's settings) whose jobs go to ``redis``."""
    with serving(tmp_path_factory, **LIVE, REDIS_URL=redis.url) as address:
        yield address


@pytest.fixture
def tab(browser, site):
    """A desktop page that fails the test on a console error, but for
    Chromium's line about a 503 (which the page handles: that is the test)."""
    context = browser.new_context(base_url=site, **DESKTOP)
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error"
            and "status of 503" not in msg.text and "ERR_CONNECTION_REFUSED" not in msg.text else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"browser console errors: {errors}"


def test_a_worker_killed_with_kill_9_is_told_on_the_page(tab, redis, tmp_path):  # noqa: F811
    with workers(redis.url, tmp_path) as worker:
        text, _job = start_big_job(tab, "Solve")
        expect(tab.locator("#progress-text")).to_contain_text("positions", timeout=30_000)
        for pid in worker.processes()[1:]:  # the pool's worker and its horse
            os.kill(pid, signal.SIGKILL)
        expect(tab.locator("#answer")).to_contain_text("the solver stopped unexpectedly",
                                                       timeout=(STALE_SECONDS + 30) * 1000)
        expect(tab.locator("#progress")).to_be_hidden()
        expect(button(tab, "Solve")).to_be_enabled()
        assert data(tab, "board") == text


def test_with_redis_stopped_the_page_waits_for_its_job_and_cancel_still_works(
        tab, redis, tmp_path):  # noqa: F811
    with workers(redis.url, tmp_path):
        text, _job = start_big_job(tab, "Solve")
        label = tab.locator("#progress-text")
        expect(label).to_contain_text("positions", timeout=30_000)
        redis.stop()
        # the job may be running still: the page says why it cannot see it, and waits
        expect(label).to_contain_text("cannot be reached just now", timeout=15_000)
        expect(label).to_contain_text("Asking again")
        tab.wait_for_timeout(3000)
        expect(tab.locator("#progress")).to_be_visible()
        button(tab, "Cancel").click()
        expect(tab.locator("#progress")).to_be_hidden(timeout=5_000)
        expect(tab.locator("#answer")).to_contain_text("Cancelled")
        assert data(tab, "board") == text

        # a new big solve is refused with the server's sentence; the drawing stays
        with tab.expect_response(lambda r: r.url.endswith("/api/rotation/solve") and r.request.method == "POST") as refused:
            button(tab, "Solve").click()
        assert refused.value.status == 503
        expect(tab.locator("#answer")).to_contain_text("cannot be reached just now")
        assert data(tab, "board") == text

        # Redis back: the same page's next Solve goes to a worker again
        redis.start()
        with tab.expect_response(lambda r: r.url.endswith("/api/rotation/solve") and r.request.method == "POST") as again:
            button(tab, "Solve").click()
        assert again.value.status == 202
        expect(label).to_contain_text("positions", timeout=30_000)
        button(tab, "Cancel").click()
        expect(tab.locator("#answer")).to_contain_text("Cancelled after", timeout=15_000)


def test_a_job_out_of_reach_for_a_while_is_followed_to_its_answer(tab, redis, tmp_path):  # noqa: F811
    """Its polls answered 503 for a while (Redis out of reach but its data
    kept, as behind a network fault): the page waits through them, then
    shows the worker's answer."""
    text = puzzle("generated-crowd-30.txt")
    outage = {"left": 3}

    def poll(route):
        if outage["left"] > 0:
            outage["left"] -= 1
            route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="application/json",
                          body='{"error": "The queue of big solves cannot be reached just now."}')
        else:
            route.continue_()

    with workers(redis.url, tmp_path):
        tab.goto("/")
        tab.route("**/api/jobs/*", poll)
        import_text(tab, text)
        with tab.expect_response(lambda r: r.url.endswith("/api/rotation/solve") and r.request.method == "POST") as started:
            button(tab, "Solve").click()
        assert started.value.status == 202
        answer = solve(parse(text))
        expect(tab.locator("#answer")).to_contain_text(f"Solved in {answer.length} moves", timeout=60_000)
        assert outage["left"] == 0

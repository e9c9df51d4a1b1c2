"""End to end in real Chromium: a search the server lost (issue 29,
finding 1: a restart lost it) is told on the page, with a button that
starts it again, for Solve and for Hint. The server here forgets the job as
a restart does: it is gone from its pool, its worker process killed."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from apps import LIVE, serving_app
from browsing import CSP_RECORDER, DESKTOP
from e2e_helpers import button, message, start_big_job

pytestmark = pytest.mark.browser


@pytest.fixture
def site(tmp_path_factory):
    """A server of this test's own (the live server's settings), and its app."""
    with serving_app(tmp_path_factory, **LIVE) as served:
        yield served


@pytest.fixture
def tab(browser, site):
    context = browser.new_context(base_url=site[0], **DESKTOP)
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    errors: list[str] = []
    # the lost job's 200 is no error; a 404 would be one, and fails the test
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"browser console errors: {errors}"


def forget(app, job_id: str) -> None:
    """Lose the job as a restarted server has: gone from the pool at once
    (no poll sees it cancelled first), its worker process killed."""
    jobs = app.extensions["playground_jobs"]
    with jobs.lock:
        job = jobs.jobs.pop(job_id)
        jobs._stop(job, "lost")


@pytest.mark.parametrize("pressed", ["Solve", "Hint"])
def test_a_lost_search_is_told_and_started_again_with_one_click(tab, site, pressed):
    _address, app = site
    _text, job_id = start_big_job(tab, pressed)
    expect(tab.locator("#progress-text")).to_contain_text("positions", timeout=30_000)
    forget(app, job_id)
    expect(message(tab)).to_contain_text("the queue restarted and lost it", timeout=15_000)
    expect(tab.locator("#progress")).to_be_hidden()
    again = button(tab, f"{pressed} again")
    expect(again).to_be_visible()
    route = "/api/rotation/hint" if pressed == "Hint" else "/api/rotation/solve"
    with tab.expect_response(lambda r: r.url.endswith(route) and r.request.method == "POST") as restarted:
        again.click()
    assert restarted.value.status == 202, restarted.value.text()
    body = restarted.value.json()
    new_job = body.get("id") or body["job"]
    assert new_job != job_id
    expect(tab.locator("#progress-text")).to_contain_text("positions", timeout=30_000)
    expect(again).to_have_count(0)
    button(tab, "Cancel").click()
    expect(tab.locator("#progress")).to_be_hidden(timeout=10_000)
    assert app.extensions["playground_jobs"].snapshot(new_job).status == "cancelled"

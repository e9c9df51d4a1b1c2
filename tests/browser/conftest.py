"""The browser tests: Playwright driving a real Chromium (``CHROMIUM``, by
default /usr/bin/chromium) against the app served on a free loopback port.
Every test of this folder is marked ``browser`` (``-m "not browser"`` leaves
them out); the fixtures here give a page that fails its test on a console
error or a Content-Security-Policy violation (``support/browsing.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apps import LIVE, serving
from browsing import DESKTOP, PHONE, SharedContexts, _watched_page
from language_walk import german_page

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark this folder's tests ``browser`` (the hook sees every item of the
    run, so it picks those under this folder), first: ``-m`` selects after."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def patient_expect():
    """Every ``expect`` of the browser tests waits up to 15 s, not
    Playwright's 5: a loaded machine (CI keeps a core busy, other suites
    may run beside) can take longer than 5 s for an answer to show."""
    expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app served on a free loopback port, for the browser."""
    with serving(tmp_path_factory, **LIVE) as address:
        yield address


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run 'make test' (it installs it as root) "
                    "or 'sudo apt-get install chromium'")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"],
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def contexts(browser, live_server):
    """The test process's browser contexts, one per set of page options,
    wiped after each test (``support/browsing.py``)."""
    shared = SharedContexts(browser, live_server)
    yield shared
    shared.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep on the test whether its call failed: a page prints what it
    showed only then (``browsing._tell_what_the_page_showed``)."""
    report = yield
    if report.when == "call":
        item.failed_call = report.failed
    return report


@pytest.fixture
def page(request, contexts):
    """A fresh desktop page (1280 x 900) that fails the test on a console error."""
    yield from _watched_page(request, contexts, DESKTOP)


@pytest.fixture
def page_expecting_400(request, contexts):
    """Like ``page``, for tests that send bad input on purpose: the API's 400
    answers are not console errors, and ``page.bad_requests`` lists them."""
    yield from _watched_page(request, contexts, DESKTOP, allow_400=True)


@pytest.fixture
def page_expecting_refusals(request, contexts):
    """Like ``page_expecting_400``, for a test that also meets a 503 the page
    handles on purpose (a unique triangle not made within the request's
    time cap on a busy machine: the page says so and keeps the board)."""
    yield from _watched_page(request, contexts, DESKTOP, allow_400=True, allow_503=True)


@pytest.fixture
def phone(request, contexts):
    """A fresh page on a phone-sized touch screen (390 x 844), likewise."""
    yield from _watched_page(request, contexts, PHONE)


@pytest.fixture
def calm_page(request, contexts):
    """A desktop page whose system asks for reduced motion."""
    yield from _watched_page(request, contexts, {**DESKTOP, "reduced_motion": "reduce"})


@pytest.fixture(params=["page", "phone"])
def desktop_or_phone(request):
    """The same test on a desktop page and on a phone page."""
    return request.getfixturevalue(request.param)


# -------------------------------------------------- German readers (issue 32)
@pytest.fixture
def german(request, contexts):
    """A desktop page in a browser whose language is German (Accept-Language: de-DE)."""
    yield from german_page(request, contexts, "desktop")


@pytest.fixture
def german_phone(request, contexts):
    """A phone page in a browser whose language is German."""
    yield from german_page(request, contexts, "phone")

"""What the browser tests' pages share: the Content-Security-Policy recorder,
the desktop and phone screens, a page that fails its test on a console
error and, when its test failed, prints what it showed."""

from __future__ import annotations


# Records Content-Security-Policy violations in the page and reports each as a
# console error, which fails the test (the server sends the policy).
CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const what = `${e.violatedDirective} ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`;
  window.__cspViolations.push(what);
  console.error(`Content-Security-Policy violation: ${what}`);
});
"""


DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


#: What a failed browser test's report shows of the page as it ended.
PAGE_STATE = """() => {
  const text = (id) => document.getElementById(id)?.textContent ?? null;
  const b = document.getElementById("board");
  return {address: location.href, board: b ? {...b.dataset} : null, message: text("board-message"),
          answer: text("answer"), progress: text("progress-text")};
}"""


def _tell_what_the_page_showed(page) -> None:
    """After a failed test, the page's board, message and answer, printed
    into the test's report: a flaky failure says what the user saw."""
    test = getattr(page, "test_item", None)
    if test is None or not getattr(test, "failed_call", False) or page.is_closed():
        return
    try:
        print("the page as the test failed:", page.evaluate(PAGE_STATE))
    except Exception as exc:  # noqa: BLE001 - a report, never a second failure
        print("the page as the test failed could not be read:", exc)


def _said(msg) -> str:
    """A console error with the address it names: Chromium's "Failed to load
    resource" line alone does not say which."""
    where = (msg.location or {}).get("url")
    return f"{msg.text} ({where})" if where else msg.text


def _watched_page(request, contexts, options: dict, allow_400: bool = False, allow_503: bool = False):
    """A new page in the test process's context for ``options``
    (:class:`SharedContexts`); the test fails if the browser console shows
    an error, a Content-Security-Policy violation included. With
    ``allow_400`` Chromium's own log line for an API answer of 400 or 409
    (bad input, or fields that do not fit the puzzle: the page handles
    both) is not an error, and the addresses so answered are
    kept in ``page.bad_requests``; with ``allow_503`` likewise a 503 (a
    refusal "not just now" the page says in words)."""
    context = contexts.get(options)
    page = context.new_page()
    errors: list[str] = []
    page.bad_requests = []
    page.test_item = request.node
    page.on("console", lambda msg: errors.append(_said(msg)) if msg.type == "error"
            and not (allow_400 and ("status of 400" in msg.text or "status of 409" in msg.text))
            and not (allow_503 and "status of 503" in msg.text) else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: page.bad_requests.append(r.url) if r.status in (400, 409) else None)
    yield page
    _tell_what_the_page_showed(page)
    contexts.wipe(context)
    assert not errors, f"browser console errors: {errors}"


#: What :meth:`SharedContexts.wipe` clears of the site: all it can store.
SITE_STORAGE = "cookies,local_storage,indexeddb,websql,service_workers,cache_storage"


class SharedContexts:
    """One browser context per set of page options, for a whole test process,
    wiped after each test so that the next starts as in a new one: its pages
    closed, everything the site stored cleared (through the DevTools
    protocol: local storage, IndexedDB, cookies...), permissions taken back.

    Why: a new context starts with an empty HTTP cache, so each test's first
    page asked the server again for the thirty modules of a playground;
    sharing the context keeps the versioned files (``/assets/<version>/``)
    cached, which cuts a browser test's CPU time by about a tenth. The
    session storage belongs to a tab, so a new page has none anyway."""

    def __init__(self, browser, base_url: str):
        self.browser, self.base_url = browser, base_url
        self.made: dict[str, object] = {}

    def get(self, options: dict):
        key = repr(sorted(options.items()))
        if key not in self.made:
            context = self.browser.new_context(base_url=self.base_url, **options)
            context.add_init_script(CSP_RECORDER)
            self.made[key] = context
        return self.made[key]

    def wipe(self, context) -> None:
        pages = context.pages or [context.new_page()]
        for page in pages[1:]:
            page.close()
        blank = pages[0]
        blank.goto("about:blank")
        cdp = context.new_cdp_session(blank)
        cdp.send("Storage.clearDataForOrigin", {"origin": self.base_url, "storageTypes": SITE_STORAGE})
        cdp.detach()
        blank.close()
        context.clear_cookies()
        context.clear_permissions()

    def close(self) -> None:
        for context in self.made.values():
            context.close()

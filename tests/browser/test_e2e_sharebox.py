"""The Share box says what it shares (issue 31, item 5): on every kind's
page its rows hold the link, the short link (made on request), the image,
the animation and the embed code of the start shown, each whole and each
with its Copy button; every address answers what it names; the options
shape them; a new start replaces them (and an answer for the start before,
late, never shows); the system share sheet is offered where the browser
has one. The server's side: tests/web/test_share_addresses.py."""

from __future__ import annotations

import io
import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from a11y import assert_accessible
from e2e_helpers import EIGHT, TWO_AWAY, button, open_sliding, two_slides_on_eight, use_position, wait_for_board
from PIL import Image
from playwright.sync_api import expect

from webapp import kinds

pytestmark = pytest.mark.browser

PAGES = [("rotation", "/"), ("sliding", "/sliding"), ("triangle", "/triangle")]
#: Each row of the box with an address ready: its field's label, its Copy
#: button and what the status line then says.
ROWS = [("Link", "Copy link", "Link copied to the clipboard."),
        ("Image", "Copy image address", "Image address copied to the clipboard."),
        ("Animation", "Copy animation address", "Animation address copied to the clipboard."),
        ("Embed code", "Copy embed code", "Embed code copied to the clipboard.")]
_IFRAME = re.compile(r'^<iframe src="([^"]+)" width="\d+" height="\d+" title="[^"]+" loading="lazy" '
                     r'frameborder="0"></iframe>$')
INITIAL = re.compile(r'<script type="application/json" id="initial">(.*?)</script>', re.S)

# navigator.share as a phone has it, recording what it is given.
SHARE_RECORDER = """
Object.defineProperty(Navigator.prototype, 'share', {configurable: true, value: function (data) {
  (window.__shared = window.__shared || []).push(data);
  return Promise.resolve();
}});
"""
NO_SHARE = "delete Navigator.prototype.share;"
# A browser that refuses every way of writing to the clipboard.
NO_CLIPBOARD = """
if (window.Clipboard) Object.defineProperty(Clipboard.prototype, 'writeText', {configurable: true,
  value: () => Promise.reject(new DOMException('refused', 'NotAllowedError'))});
Document.prototype.execCommand = () => false;
"""


def field(page, label: str):
    return page.get_by_label(label, exact=True)


def filled(page, live_server: str) -> None:
    for label, _, _ in ROWS:
        expect(field(page, label)).to_have_value(re.compile(rf"^(<iframe src=\")?{re.escape(live_server)}/"))


def code_of(kind, text: str) -> str:
    return kind.encode(kind.parse(text))


def start_of(page) -> str:
    return page.evaluate("() => JSON.parse(document.querySelector('#initial').textContent).board")


def opened_puzzle(page, address: str) -> dict:
    """The #initial of the page at ``address``, fetched."""
    reply = page.request.get(address)
    assert reply.status == 200, address
    return json.loads(INITIAL.search(reply.text()).group(1))


def embed_src(code: str) -> str:
    return unescape(_IFRAME.match(code).group(1))


@pytest.mark.parametrize(("name", "path"), PAGES)
def test_every_row_holds_a_whole_address_that_answers_what_it_names(page, live_server, name, path):
    kind = kinds.get(name)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page.goto(path)
    filled(page, live_server)
    code = code_of(kind, start_of(page))

    link = field(page, "Link").input_value()
    assert parse_qs(urlsplit(link).query) == {"p": [code]}
    assert kind.text(kind.parse(opened_puzzle(page, link)["board"])) == kind.text(kind.parse(start_of(page)))

    image = page.request.get(field(page, "Image").input_value())
    assert image.status == 200 and image.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(image.body())).size == (1200, 630)
    assert parse_qs(urlsplit(field(page, "Image").input_value()).query) == {"p": [code]}

    animation = page.request.get(field(page, "Animation").input_value())
    assert animation.status == 200 and animation.headers["content-type"] == "image/gif"
    assert animation.body()[:6] == b"GIF89a"
    assert page.get_by_role("link", name="Download animation").get_attribute("href") == \
        field(page, "Animation").input_value()

    src = embed_src(field(page, "Embed code").input_value())
    assert src == f"{live_server}/embed/{name}?p={code}"
    player = page.request.get(src)
    assert player.status == 200 and "frame-ancestors *" in player.headers["content-security-policy"]
    assert "x-frame-options" not in player.headers

    for label, copy, said in ROWS:
        button(page, copy).click()
        expect(page.locator("#share-message")).to_have_text(said)
        assert page.evaluate("navigator.clipboard.readText()") == field(page, label).input_value(), label


def test_a_short_link_is_made_on_request_then_copied(page, live_server):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    open_sliding(page, EIGHT)
    filled(page, live_server)
    short = field(page, "Short link")
    expect(short).to_have_value("")
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/links") else None)
    page.get_by_label("Open with the solution playing").check()
    button(page, "Make short link").click()
    expect(short).to_have_value(re.compile(rf"^{live_server}/s/[0-9A-Za-z]{{8,}}\?play=1$"))
    expect(page.locator("#share-message")).to_have_text("Short link copied to the clipboard.")
    assert page.evaluate("navigator.clipboard.readText()") == short.input_value()
    assert opened_puzzle(page, short.input_value())["board"] == "1 5 2\n7 0 3\n8 4 6\n"
    # made, the same button copies it again, without another stored row
    page.get_by_label("Open with the solution playing").uncheck()
    expect(short).to_have_value(re.compile(rf"^{live_server}/s/[0-9A-Za-z]{{8,}}$"))
    button(page, "Copy short link").click()
    expect(page.locator("#share-message")).to_have_text("Short link copied to the clipboard.")
    assert page.evaluate("navigator.clipboard.readText()") == short.input_value()
    assert len(asked) == 1


def test_the_options_shape_the_link_the_animation_and_the_embed(page, live_server):
    open_sliding(page, EIGHT)
    filled(page, live_server)
    plain = {label: field(page, label).input_value() for label, _, _ in ROWS}
    two_slides_on_eight(page)
    page.locator("#share-moves").check()
    expect(field(page, "Link")).to_have_value(re.compile(r"[?&]moves=4-6(&|$)"))
    expect(field(page, "Animation")).to_have_value(plain["Animation"] + "&moves=4-6")
    assert "moves=4-6" in embed_src(field(page, "Embed code").input_value())
    assert field(page, "Image").input_value() == plain["Image"]  # the picture is of the start
    page.locator("#share-play").check()
    expect(field(page, "Link")).to_have_value(re.compile(r"[?&]play=1(&|$)"))
    assert "play=1" in embed_src(field(page, "Embed code").input_value())
    assert "play=1" not in field(page, "Animation").input_value()
    gif = page.request.get(field(page, "Animation").input_value())
    assert gif.status == 200 and gif.body()[:6] == b"GIF89a"
    page.locator("#share-moves").uncheck()
    page.locator("#share-play").uncheck()
    for label, _, _ in ROWS:
        expect(field(page, label)).to_have_value(plain[label])


def test_a_new_start_replaces_every_address_and_a_late_answer_never_shows(page, live_server):
    sliding = kinds.get("sliding")
    open_sliding(page, EIGHT)
    filled(page, live_server)
    button(page, "Make short link").click()
    expect(field(page, "Short link")).not_to_have_value("")
    before = {label: field(page, label).input_value() for label, _, _ in ROWS}
    # the next start's answers are held back while a start after it is set
    held = []

    def hold(route):
        if json.loads(route.request.post_data)["board"].split() == TWO_AWAY.split():
            held.append(route)
        else:
            route.continue_()

    def asked_for_two_away(request):
        return (request.url.endswith("/api/sliding/share")
                and json.loads(request.post_data)["board"].split() == TWO_AWAY.split())

    page.route("**/api/sliding/share", hold)
    # the box asks once the start stays a moment: wait for its question, held
    with page.expect_request(asked_for_two_away):
        use_position(page, TWO_AWAY)
    wait_for_board(page, TWO_AWAY)
    for label in [*(row[0] for row in ROWS), "Short link"]:
        expect(field(page, label)).to_have_value("")  # never the puzzle before
    last = "1 2 3\n4 5 6\n7 0 8\n"
    use_position(page, last)
    wait_for_board(page, last)
    expect(field(page, "Link")).to_have_value(f"{live_server}/sliding?p={code_of(sliding, last)}")
    filled(page, live_server)
    after = {label: field(page, label).input_value() for label, _, _ in ROWS}
    assert all(after[label] != before[label] for label in after)
    # the first start's answers come at last: they change nothing
    assert held
    for route in held:
        with page.expect_response(lambda r: r.url.endswith("/api/sliding/share")):
            route.continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done))")  # the answers' handlers ran
    assert {label: field(page, label).input_value() for label, _, _ in ROWS} == after


def test_the_box_and_the_address_bar_follow_a_start_from_one_question(page, live_server):
    """A new start asks the server for its addresses once: the Share box and
    the address bar (a reload opens it again) take the same answer."""
    open_sliding(page, EIGHT)
    asked = []
    page.on("request", lambda r: asked.append(r) if r.url.endswith("/api/sliding/share")
            and json.loads(r.post_data)["board"].split() == TWO_AWAY.split() else None)
    use_position(page, TWO_AWAY)
    code = code_of(kinds.get("sliding"), TWO_AWAY)
    page.wait_for_url(f"**/sliding?p={code}")
    expect(field(page, "Link")).to_have_value(f"{live_server}/sliding?p={code}")
    assert len(asked) == 1


def test_the_system_share_sheet_is_offered_where_the_browser_has_one(page, live_server):
    page.add_init_script(SHARE_RECORDER)
    page.goto("/triangle")
    filled(page, live_server)
    share = button(page, "Share…")
    expect(share).to_be_visible()
    share.click()
    page.wait_for_function("() => (window.__shared || []).length === 1")
    sent = page.evaluate("window.__shared[0]")
    assert sent["url"] == field(page, "Link").input_value()
    assert sent["title"].startswith("Triangle puzzle") and sent["text"].endswith(".")
    expect(page.locator("#share-message")).to_have_text("")


def test_no_share_sheet_is_offered_without_one(page, live_server):
    page.add_init_script(NO_SHARE)
    page.goto("/triangle")
    filled(page, live_server)
    expect(page.locator("#share-system")).to_be_hidden()
    expect(page.locator("#share-system")).to_have_count(1)


def test_a_refused_clipboard_leaves_the_text_selected_to_copy_by_hand(page, live_server):
    page.add_init_script(NO_CLIPBOARD)
    page.goto("/sliding")
    filled(page, live_server)
    button(page, "Copy embed code").click()
    expect(page.locator("#share-message")).to_have_text(
        "The clipboard is not available here: the embed code is selected, copy it by hand.")
    selected = page.evaluate("""() => {
      const f = document.activeElement;
      return {id: f.id, start: f.selectionStart, end: f.selectionEnd, length: f.value.length};
    }""")
    assert selected["id"] == field(page, "Embed code").get_attribute("id")
    assert (selected["start"], selected["end"]) == (0, selected["length"]) and selected["length"] > 0


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_box_on_a_phone_stacks_and_stays_accessible(phone, live_server, theme):
    phone.emulate_media(color_scheme=theme)
    phone.goto("/sliding")
    filled(phone, live_server)
    phone.locator("#share-panel").scroll_into_view_if_needed()
    width = phone.evaluate("() => document.documentElement.clientWidth")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= width
    for label, copy, _ in ROWS:
        box, press = field(phone, label).bounding_box(), button(phone, copy).bounding_box()
        assert box["width"] >= width * 0.5, label  # wide enough to read and select
        assert box["x"] >= 0 and box["x"] + box["width"] <= width and press["x"] + press["width"] <= width
        assert press["height"] >= 24  # a finger's target
    assert_accessible(phone, f"the Share box on a phone, {theme}")

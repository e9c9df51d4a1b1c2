"""The printed sheets on the web (issue 31, item 4): ``/print.pdf`` of
share codes or a level, ``/puzzles/print.pdf`` of the gallery's filter,
read back (pages, puzzles' titles); the links to them on the gallery and
the playground; bad input a 400 with a sentence, a sheet at most
``PRINT_MAX_PUZZLES`` puzzles, too many sheets a 429."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from apps import GENEROUS
from pdf_reading import pages, titles

from web_helpers import example_code

SLIDING = "1-3x3-0G2uw"


@pytest.fixture
def client(make_app):
    return make_app(**GENEROUS, PRINT_COMPRESS=False).test_client()


def _pdf(response) -> bytes:
    assert response.status_code == 200, response.get_data(as_text=True)[-600:]
    assert response.mimetype == "application/pdf"
    return response.data


def test_share_codes_of_any_kind_print_in_order(client):
    codes = [example_code("triangle"), SLIDING, example_code("rotation")]
    pdf = _pdf(client.get("/print.pdf", query_string={"p": codes}))
    names = ["1. Triangle", "2. Sliding tiles", "3. Rotation"]
    assert titles(pdf) == names + names
    assert pages(pdf) == 2


def test_a_levels_puzzles_are_chosen_by_the_seed(client):
    query = {"kind": "sliding", "level": "medium", "count": 8, "seed": 5}
    pdf = _pdf(client.get("/print.pdf", query_string=query))
    assert len(titles(pdf)) == 16 and pages(pdf) == 3
    again = _pdf(client.get("/print.pdf", query_string=query))
    other = _pdf(client.get("/print.pdf", query_string={**query, "seed": 6}))
    shown = lambda pdf: re.findall(rb"\((\d+)\) ?Tj", pdf)  # the tiles' numbers, in order  # noqa: E731
    assert shown(again) == shown(pdf) != shown(other)


def test_the_gallery_prints_what_its_filter_shows(client):
    page = client.get("/puzzles?kind=sliding&sort=difficulty").get_data(as_text=True)
    link = re.search(r'id="gallery-print" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert link == "/puzzles/print.pdf?kind=sliding&sort=difficulty"
    cards = re.findall(r'class="card-title">([^<]+)<', page)
    pdf = _pdf(client.get(link + "&count=3"))
    assert titles(pdf)[:3] == [f"{i + 1}. {title}" for i, title in enumerate(cards[:3])]
    # no count: as many as a sheet from the web holds
    most = client.application.config["PRINT_MAX_PUZZLES"]
    cards = client.get("/puzzles").get_data(as_text=True).count('<a class="card"')
    everything = _pdf(client.get("/puzzles/print.pdf"))
    assert cards > most and len(titles(everything)) == 2 * most


def test_the_playground_has_a_print_button(client):
    for path in ("/", "/sliding", "/triangle"):
        assert 'id="print-sheet"' in client.get(path).get_data(as_text=True), path


@pytest.mark.parametrize("query, words", [
    ({}, "There is no puzzle to print"),
    ({"p": "zzz"}, "The share code &#39;zzz&#39; cannot be read: not a share code of any kind"),
    ({"p": "AY2d", "kind": "sliding"}, "not a sliding position code"),
    ({"kind": "chess", "p": SLIDING}, "There is no puzzle kind &#39;chess&#39; here"),
    ({"level": "silly"}, "&#34;level&#34; must be one of easy, medium, hard, expert"),
    ({"level": "easy", "count": "0"}, "The count must be a whole number from 1 to 12."),
    ({"level": "easy", "count": "13"}, "A sheet holds at most 12 puzzles, not 13"),
    ({"level": "easy", "p": SLIDING}, "not both"),
    ({"p": [SLIDING] * 13}, "A sheet holds at most 12 puzzles, not 13: print fewer at a time."),
])
def test_bad_requests_are_a_400_with_a_sentence(client, query, words):
    response = client.get("/print.pdf", query_string=query)
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert words in response.get_data(as_text=True)


def test_the_gallery_sheet_is_bounded_too(client):
    response = client.get("/puzzles/print.pdf?count=40")
    assert response.status_code == 400
    assert "A sheet holds at most 12 puzzles, not 40" in response.get_data(as_text=True)
    assert client.get("/puzzles/print.pdf?kind=go").status_code == 400


def test_too_many_sheets_are_refused_for_a_while(make_app):
    client = make_app(PRINT_RATE_LIMIT="2 per minute").test_client()
    statuses = [client.get("/print.pdf", query_string={"p": SLIDING}).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    refused = client.get("/print.pdf", query_string={"p": SLIDING})
    assert int(refused.headers["Retry-After"]) >= 1 and "Too many printed sheets" in refused.get_data(as_text=True)


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.dictionaries(st.sampled_from(["p", "kind", "level", "count", "seed", "sort"]),
                             st.one_of(_TEXT, st.sampled_from(["sliding", "easy", "1", "3", SLIDING])),
                             max_size=4),
       gallery=st.booleans())
def test_any_query_is_a_sheet_or_a_400_never_a_500(client, query, gallery):
    response = client.get("/puzzles/print.pdf" if gallery else "/print.pdf", query_string=query)
    assert response.status_code in (200, 400), (query, response.status_code)
    if response.status_code == 200:
        assert response.data.startswith(b"%PDF-")

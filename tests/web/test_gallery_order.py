"""Issue 18 item 21: the gallery sorted by difficulty (``?sort=difficulty``:
each kind's puzzles easiest first, the kinds interleaved by rank) and a
"Next puzzle" link on each gallery puzzle's playground, to the next of its
kind in the catalogue's order."""

from __future__ import annotations

import re

from webapp import kinds
from webapp.web import gallery


def _cards(response) -> list[str]:
    return re.findall(r'class="card" href="[^"]*" data-puzzle="([^"]+)"', response.get_data(as_text=True))


def test_each_kind_easiest_first(app, client):
    with app.app_context():
        entries = {e.name: e for e in gallery.entries()}
    for kind in kinds.names():
        listed = _cards(client.get(f"/puzzles?kind={kind}"))
        ordered = _cards(client.get(f"/puzzles?kind={kind}&sort=difficulty"))
        assert sorted(listed) == sorted(ordered) and listed
        keys = [entries[name].difficulty for name in ordered]
        assert keys == sorted(keys), kind
    rotation = [entries[n] for n in _cards(client.get("/puzzles?kind=rotation&sort=difficulty"))]
    solvable = [e.moves for e in rotation if e.moves is not None]
    assert solvable == sorted(solvable)
    # a puzzle with no way out after every one that has a solution
    assert all(e.moves is None for e in rotation[len(solvable):])
    triangle = [entries[n] for n in _cards(client.get("/puzzles?kind=triangle&sort=difficulty"))]
    assert [e.board.n for e in triangle] == sorted(e.board.n for e in triangle)


def test_all_kinds_interleaved_by_rank(app, client):
    with app.app_context():
        entries = {e.name: e for e in gallery.entries()}
    ordered = [entries[n] for n in _cards(client.get("/puzzles?sort=difficulty"))]
    assert len(ordered) == len(entries)
    # each kind's easiest near the top, its hardest near the end
    assert {e.kind for e in ordered[:5]} == set(kinds.names())
    assert {e.kind for e in ordered[-5:]} == set(kinds.names())
    for kind in kinds.names():  # each kind's own order kept
        keys = [e.difficulty for e in ordered if e.kind == kind]
        assert keys == sorted(keys)


def test_the_order_is_kept_when_the_kind_changes_and_said(client):
    page = client.get("/puzzles?sort=difficulty").get_data(as_text=True)
    assert 'href="/puzzles?kind=triangle&amp;sort=difficulty"' in page
    assert re.search(r'aria-current="true">easiest first', page)
    plain = client.get("/puzzles").get_data(as_text=True)
    assert re.search(r'aria-current="true">as listed', plain)
    # an unknown order is the catalogue's
    assert _cards(client.get("/puzzles?sort=nonsense")) == _cards(client.get("/puzzles"))


def test_each_gallery_puzzle_links_the_next_of_its_kind(app, client):
    with app.app_context():
        everything = gallery.entries()
    for kind in kinds.names():
        same = [e for e in everything if e.kind == kind]
        for i, entry in enumerate(same):
            page = client.get(f"/puzzles/{entry.name}").get_data(as_text=True)
            after = same[(i + 1) % len(same)]
            link = re.search(r'<a id="next-puzzle" rel="next" href="([^"]+)" title="([^"]*)">Next puzzle</a>', page)
            assert link, entry.name
            assert link.group(1) == f"/puzzles/{after.name}"
            # the page knows which gallery puzzle it is (to remember its solves)
            assert f'"gallery": "{entry.name}"' in page


def test_a_puzzle_not_from_the_gallery_has_no_next(client):
    for path in ("/", "/sliding", "/triangle"):
        assert 'id="next-puzzle"' not in client.get(path).get_data(as_text=True)

"""The solution as an animated GIF (issue 31, item 2): the GIF decoded
replays the moves (one held frame a position, in order, each the kind's own
drawing of it); bad input is a 400 with a sentence, costly requests are
bounded (409, 413, 429), and what is drawn is cached. A heavy one goes to
the workers: tests/web/test_animation_jobs.py."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from gif_reading import held_frames

from webapp import film, kinds

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("rotation", "sliding", "triangle")


def _code(name: str, text: str | None = None) -> str:
    kind = kinds.get(name)
    return kind.encode(kind.parse(text or kind.example))


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def _expected(name: str, moves, size: int = 240) -> list[Image.Image]:
    kind = kinds.get(name)
    frames = film.captioned(kind.film(kind.parse(kind.example), moves, size))
    return [f.image.convert("RGB") for f in frames if f.key]


@pytest.mark.parametrize("name", KINDS)
def test_the_gif_replays_the_shortest_solution_move_by_move(client, name):
    kind = kinds.get(name)
    answer = kind.solve(kind.parse(kind.example), kind.options({}))
    moves = kind.film_moves(answer, None)
    reply = client.get(f"/api/{name}/animation.gif?p={_code(name)}")
    assert reply.status_code == 200 and reply.mimetype == "image/gif"
    held = held_frames(reply.data)
    assert len(held) == len(moves) + 1  # the start, then a position a move
    expected = _expected(name, moves)
    assert all(_same(got, want) for got, want in zip(held, expected))
    # the positions differ from one another: the order is checked, not only the count
    assert not _same(held[0], held[-1])
    assert "max-age" in reply.headers["Cache-Control"]


def test_a_links_moves_are_played_instead_of_the_solution(client):
    reply = client.get(f"/api/rotation/animation.gif?p={_code('rotation')}&moves=RRL")
    assert reply.status_code == 200
    held = held_frames(reply.data)
    assert len(held) == 4
    assert _same(held[-1], _expected("rotation", "RRL")[-1])
    assert not _same(held[-1], _expected("rotation", "LL")[-1])


def test_a_sliding_links_moves_and_a_triangle_links_moves(client):
    sliding = client.get(f"/api/sliding/animation.gif?p={_code('sliding')}&moves=4-8")
    assert sliding.status_code == 200 and len(held_frames(sliding.data)) == 3
    triangle = client.get(f"/api/triangle/animation.gif?p={_code('triangle')}&moves=0.0.10.10.4_0.x")
    assert triangle.status_code == 200
    held = held_frames(triangle.data)
    assert len(held) == 3 and not _same(held[0], held[1])


def test_a_tween_frame_lies_between_the_positions_it_joins(client):
    """The frames between two positions are shown briefly, and drawn: a
    slide is not a jump."""
    with Image.open(io.BytesIO(client.get(f"/api/sliding/animation.gif?p={_code('sliding')}&moves=4").data)) as gif:
        durations = []
        for index in range(gif.n_frames):
            gif.seek(index)
            durations.append(gif.info["duration"])
    assert durations[0] >= film.KEY_MS and durations[-1] >= film.KEY_MS
    assert len(durations) > 2 and all(d < film.KEY_MS for d in durations[1:-1])


@pytest.mark.parametrize(("query", "words"), [
    ("", '"p"'),
    ("?p=zzz", "not a puzzle code"),
    ("?p={rotation}&size=9", '"size"'),
    ("?p={rotation}&size=big", '"size"'),
    ("?p={rotation}&speed=2", '"speed"'),
])
def test_bad_input_is_a_400_with_a_sentence(client, query, words):
    reply = client.get("/api/rotation/animation.gif" + query.format(rotation=_code("rotation")))
    assert reply.status_code == 400 and words in reply.get_json()["error"]


@pytest.mark.parametrize(("name", "moves", "words"), [
    ("rotation", "LRX", "turns L and R"),
    ("sliding", "1-2", "not next to the hole"),
    ("sliding", "4-x", "tile numbers"),
    ("triangle", "0.0.1.1.1", "not a turning"),
    ("triangle", "a", "not a piece put in a slot"),
    ("triangle", "99.0.10.10.4", "slot"),
])
def test_moves_the_kind_cannot_read_or_play_are_a_409_with_its_words(client, name, moves, words):
    """As in the API, fields no schema can refuse (the kind's own moves) are a 409."""
    reply = client.get(f"/api/{name}/animation.gif?p={_code(name)}&moves={moves}")
    assert reply.status_code == 409 and words in reply.get_json()["error"]


def test_an_unknown_kind_is_a_404(client):
    assert client.get("/api/chess/animation.gif?p=A").status_code == 404


def test_an_unsolvable_puzzle_has_no_animation(client):
    code = _code("rotation", (ROOT / "puzzles" / "spec-unsolvable.txt").read_text())
    reply = client.get(f"/api/rotation/animation.gif?p={code}")
    assert reply.status_code == 409 and "no solution to animate" in reply.get_json()["error"]


def test_too_many_moves_is_a_413_that_names_the_bound(make_app):
    client = make_app(ANIMATION_MAX_MOVES=2).test_client()
    assert client.get(f"/api/rotation/animation.gif?p={_code('rotation')}&moves=LL").status_code == 200
    reply = client.get(f"/api/rotation/animation.gif?p={_code('rotation')}&moves=LLL")
    assert reply.status_code == 413 and "at most 2 moves" in reply.get_json()["error"]


def test_too_many_bytes_is_a_413(make_app):
    reply = make_app(ANIMATION_MAX_BYTES=100).test_client().get(
        f"/api/sliding/animation.gif?p={_code('sliding')}")
    assert reply.status_code == 413 and "smaller size" in reply.get_json()["error"]


def test_drawing_is_rate_limited_and_the_cache_is_not(make_app):
    client = make_app(ANIMATION_RATE_LIMIT="1 per minute").test_client()
    first = client.get(f"/api/rotation/animation.gif?p={_code('rotation')}")
    again = client.get(f"/api/rotation/animation.gif?p={_code('rotation')}")
    assert first.status_code == again.status_code == 200 and first.data == again.data
    other = client.get(f"/api/rotation/animation.gif?p={_code('rotation')}&moves=R")
    assert other.status_code == 429 and int(other.headers["Retry-After"]) >= 1
    assert "animations" in other.get_json()["error"]


def test_the_cache_keeps_the_last_drawn(make_app):
    app = make_app(ANIMATION_CACHE_ENTRIES=1)
    client, drawn = app.test_client(), app.extensions["playground_animations"]
    client.get(f"/api/rotation/animation.gif?p={_code('rotation')}&moves=L")
    client.get(f"/api/rotation/animation.gif?p={_code('rotation')}&moves=R")
    assert [key[2] for key in drawn.entries] == ["R"]

"""Every JSON refusal of the API carries a stable ``code`` beside its
``error`` sentence (issue 32, item 4), and the sentence follows the
request's language (?lang=, the lang cookie, Accept-Language): a kind's
parse error keeps its line and column in German ("Zeile 3, Spalte 2: ..."),
while the English sentences stay exactly as they were."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from webapp.errors import FieldError, Message, NotAvailable, Plural, PuzzleTextError
from webapp.web.openapi import document
from webapp.web.refusals import CODES

ROOT = Path(__file__).resolve().parents[2]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}

#: (method, address, JSON body or raw text, status, code, the English sentence, the German one)
CASES = [
    ("post", "/api/rotation/parse", {"board": "3\n###\n#!#\n###\n"}, 400, "puzzle_text",
     "line 3, column 2: unknown character '!': a cell is '#' (wall), ' ' (empty) or a stick symbol 0-9, a-z, A-Z",
     "Zeile 3, Spalte 2: unbekanntes Zeichen '!': ein Feld ist '#' (Wand), ' ' (leer) oder das Zeichen eines "
     "Stäbchens 0-9, a-z, A-Z"),
    ("post", "/api/sliding/parse", {"board": "1 2 3\n4 0"}, 400, "puzzle_text",
     "line 2, column 4: this row has 2 numbers, the first row has 3: every row needs the same count",
     "Zeile 2, Spalte 4: diese Reihe hat 2 Zahlen, die erste Reihe hat 3: jede Reihe braucht gleich viele"),
    ("post", "/api/triangle/parse", {"board": "abc"}, 400, "puzzle_text",
     "line 1, column 1: 'abc' is not an integer", "Zeile 1, Spalte 1: 'abc' ist keine ganze Zahl"),
    ("post", "/api/rotation/move", {"board": "3\n###\n# #\n###\n", "move": "X"}, 400, "illegal_move",
     '"move" must be "L", "R" or null (settle only)', "„move“ muss „L“, „R“ oder null sein (null: nur fallen lassen)"),
    ("post", "/api/sliding/move", {"board": "1 2 3\n4 5 6\n7 8 0", "move": 1}, 409, "misfit",
     "tile 1 is not next to the hole: the tiles that can move are 6 and 8",
     "Plättchen 1 liegt nicht neben dem freien Feld: bewegen können sich 6 und 8"),
    ("post", "/api/rotation/solve", {"board": "3\n###\n# #\n###\n", "goal": "nothing"}, 400, "field",
     "unknown goal 'nothing': use any, all or stick:S (S a stick symbol)",
     "unbekanntes Ziel 'nothing': nimm any, all oder stick:S (S ist das Zeichen eines Stäbchens)"),
    ("post", "/api/sliding/parse", {"board": "1 2 3\n4 5 6\n7 8 0", "gaol": 1}, 400, "unknown_field",
     'unknown field "gaol": the fields are "board", "move"', 'unbekanntes Feld "gaol": die Felder sind "board", "move"'),
    ("post", "/api/sliding/parse", "not JSON", 400, "body",
     'send a JSON object, e.g. {"board": "1 5 2\\n7 0 3\\n8 4 6\\n"}',
     'schick ein JSON-Objekt, z. B. {"board": "1 5 2\\n7 0 3\\n8 4 6\\n"}'),
    ("post", "/api/rotation/shuffle", {"level": "impossible"}, 400, "field",
     '"level" must be one of easy, medium, hard, expert, not "impossible"',
     '„level“ muss eine dieser Stufen sein: easy, medium, hard, expert, nicht "impossible"'),
    ("post", "/api/nokind/parse", {}, 404, "not_found", "no puzzle kind 'nokind' (kinds: rotation, sliding, triangle)",
     "keine Rätselart 'nokind' (die Arten: rotation, sliding, triangle)"),
    ("get", "/api/nothing", None, 404, "not_found", "no such address: /api/nothing",
     "diese Adresse gibt es nicht: /api/nothing"),
    ("get", "/api/rotation/parse", None, 405, "not_allowed", "GET is not allowed here", "GET ist hier nicht erlaubt"),
    ("get", "/api/jobs/0123456789abcdef", None, 404, "not_found",
     "no solve '0123456789abcdef': no server of this playground made that id; press Solve (or Hint) to start one",
     "kein Lösungsauftrag '0123456789abcdef': kein Server dieser Website hat diese ID vergeben; drück Lösen "
     "(oder Tipp), um einen zu starten"),
    ("get", "/api/rotation/animation.gif?p=Zzz", None, 400, "puzzle_text",
     "this link is from an unknown version ('Z') of the playground",
     "dieser Link stammt aus einer unbekannten Version ('Z') dieser Website"),
    ("get", "/api/sliding/animation.gif?p=1-3x3-0G2uw&gaol=1", None, 400, "unknown_field",
     '"gaol" is not a field of this address: it reads p, moves, size',
     "„gaol“ ist kein Feld dieser Adresse (ihre Felder: p, moves, size)"),
    ("post", "/api/triangle/parse", {"board": "2\n4\n1 0 0\n"}, 400, "puzzle_text",
     "line 4: 4 pieces announced on line 2, 1 piece line found",
     "Zeile 4: In Zeile 2 sind 4 Teile angekündigt, gefunden: 1 Zeile mit einem Teil"),
    ("get", "/oembed?format=xml", None, 501, "not_implemented", "Only format=json is served.", "Es gibt nur format=json."),
    ("get", "/oembed", None, 400, "field", "url is missing: /oembed?url=<a puzzle page of this site>.",
     "url fehlt: /oembed?url=<eine Rätselseite dieser Website>."),
    ("get", "/preview/sliding.png?p=2-3x3-0G2uw", None, 400, "puzzle_text",
     "This code does not hold a sliding tiles puzzle: this link is from an unknown version (2) of the playground",
     "Dieser Code enthält kein passendes Rätsel (Schiebepuzzle): dieser Link stammt aus einer unbekannten Version "
     "(2) dieser Website"),
]


def _ask(client, method, address, body, headers=None):
    if isinstance(body, str):
        return client.post(address, data=body, content_type="application/json", headers=headers)
    return getattr(client, method)(address, json=body, headers=headers)


@pytest.mark.parametrize("method, address, body, status, code, english, german", CASES)
def test_a_refusal_has_its_code_and_its_sentence_in_either_language(client, method, address, body, status, code,
                                                                     english, german):
    answer = _ask(client, method, address, body)
    assert (answer.status_code, answer.get_json()["code"], answer.get_json()["error"]) == (status, code, english)
    asked = _ask(client, method, address, body, GERMAN)
    assert (asked.status_code, asked.get_json()["code"], asked.get_json()["error"]) == (status, code, german)


def test_a_parse_error_keeps_its_line_and_column_in_german(client):
    body = client.post("/api/rotation/parse?lang=de", json={"board": "3\n###\n#!#\n###\n"}).get_json()
    assert (body["line"], body["column"]) == (3, 2) and body["error"].startswith("Zeile 3, Spalte 2: ")
    whole_line = client.post("/api/sliding/parse?lang=de", json={"board": "1 2 3 4 5 6 7 0"}).get_json()
    assert whole_line["error"].startswith("Zeile 1: 8 Zahlen in einer Zeile ergeben kein quadratisches Spielfeld")


@pytest.mark.parametrize("how", ["query", "cookie", "header"])
def test_the_sentence_follows_every_way_of_choosing_the_language(client, how):
    address, headers = "/api/sliding/parse", {}
    if how == "query":
        address += "?lang=de"
    elif how == "cookie":
        client.set_cookie("lang", "de")
    else:
        headers = GERMAN
    body = client.post(address, json={"board": "1 2 3\n4 0"}, headers=headers).get_json()
    assert body["code"] == "puzzle_text" and body["error"].startswith("Zeile 2, Spalte 4: diese Reihe hat 2 Zahlen")
    english = client.post("/api/sliding/parse?lang=en", json={"board": "1 2 3\n4 0"}, headers=headers).get_json()
    assert english["error"].startswith("line 2, column 4: this row has 2 numbers")


def test_a_body_over_the_bound_is_too_large_in_either_language(client):
    big = "x" * (300 * 1024)
    answer = client.post("/api/rotation/parse", data=big, content_type="application/json")
    assert answer.status_code == 413 and answer.get_json() == {
        "error": "the request is too large (256 KiB at most)", "code": "too_large"}
    german = client.post("/api/rotation/parse", data=big, content_type="application/json", headers=GERMAN)
    assert german.get_json()["error"] == "die Anfrage ist zu groß (höchstens 256 KiB)"


def test_too_many_links_is_rate_limited_in_german(make_app):
    client = make_app(LINK_RATE_LIMIT="1 per minute").test_client()
    board = {"board": "1 2 3\n4 5 6\n7 0 8"}
    assert client.post("/api/sliding/links", json=board).status_code == 200
    refused = client.post("/api/sliding/links", json=board, headers=GERMAN)
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert refused.get_json()["code"] == "rate_limited"
    assert refused.get_json()["error"].startswith("Zu viele Links von deiner Adresse (1 pro Minute). Bitte ")


def test_the_whole_sites_rate_is_said_in_german_too(make_app):
    client = make_app(RATELIMIT_APPLICATION="2 per 5 minutes").test_client()
    for _ in range(2):
        assert client.get("/api/sliding/puzzles").status_code == 200
    refused = client.get("/api/sliding/puzzles", headers=GERMAN)
    assert (refused.status_code, refused.get_json()["code"]) == (429, "rate_limited")
    assert "(2 pro 5 Minuten)" in refused.get_json()["error"]
    assert "(2 per 5 minutes)" in client.get("/api/sliding/puzzles").get_json()["error"]


def test_too_many_solves_under_way_is_busy(client, monkeypatch):
    from webapp.web import limits, solving

    def refuse(*_args, **_kwargs):
        raise limits.jobs_refusal("queue")
    monkeypatch.setattr(solving, "answer", refuse)
    refused = client.post("/api/sliding/solve", json={"board": "1 2 3\n4 5 6\n7 0 8"}, headers=GERMAN)
    assert (refused.status_code, refused.get_json()["code"]) == (429, "busy") and refused.headers["Retry-After"]
    assert refused.get_json()["error"] == ("Der Löser ist gerade mit den Rätseln anderer beschäftigt: bitte "
                                           "versuch es gleich noch einmal.")


def test_a_solver_that_cannot_answer_is_unavailable_in_german(client, monkeypatch):
    from webapp import kinds
    kind = kinds.get("rotation")

    def unavailable(*_args, **_kwargs):
        raise NotAvailable(Message("the tries of a generator ran out"), retry_after=3)
    monkeypatch.setattr(kind, "shuffle", unavailable)
    answer = client.post("/api/rotation/shuffle", json={}, headers=GERMAN)
    assert (answer.status_code, answer.headers["Retry-After"], answer.get_json()["code"]) == (503, "3", "unavailable")
    assert answer.get_json()["error"].startswith("der Löser konnte gerade nicht antworten: ")


def test_a_kind_message_is_the_english_sentence_and_keeps_its_template():
    error = PuzzleTextError(Message("%(what)s is not an integer", what="'x'"), line=2, column=5)
    assert str(error) == "line 2, column 5: 'x' is not an integer" and error.reason.values == {"what": "'x'"}
    said = Plural("%(n)s number", "%(n)s numbers", 2)
    assert (said, said.plural, said.count) == ("2 numbers", "%(n)s numbers", 2)
    assert str(FieldError(Message("100% plain"))) == "100% plain"


def test_every_code_is_listed_in_the_docs_and_the_openapi_enum(app):
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", (ROOT / "docs" / "api.md").read_text(encoding="utf-8"), re.M))
    assert documented == set(CODES)
    with app.app_context():
        schema = document()["components"]["schemas"]["Error"]
    assert set(schema["properties"]["code"]["enum"]) == set(CODES) and "code" in schema["required"]


def test_a_sentences_numbers_are_written_as_the_language_writes_them(app):
    from webapp.web.refusals import say
    said = Message("cancelled: nobody asked about it for %(seconds)s s", seconds=0.5)
    with app.test_request_context(headers=GERMAN):
        assert say(said) == "abgebrochen: 0,5 s lang hat niemand danach gefragt"
        assert say(Message('"%(key)s" must be %(low)s to %(high)s, not %(value)s',
                           key="ticks", low=1, high=10, value=12345)).endswith("nicht 12.345")
    with app.test_request_context():
        assert say(said) == said == "cancelled: nobody asked about it for 0.5 s"


def test_a_generators_counts_are_said_in_german(app):
    import random

    from webapp.rotation.generate import GenerateError, random_board
    from webapp.web.refusals import say
    with pytest.raises(GenerateError) as caught:
        random_board(3, 1, gaps=4, rng=random.Random(1))  # every gap of a 3 x 3 frame open: no stick stays
    assert str(caught.value) == ("could not build a 3x3 board with 1 stick, 4 gaps of width 1 and 0 inner walls "
                                 "in 200 attempts (1 cells inside the frame)")
    with app.test_request_context(headers=GERMAN):
        assert say(caught.value) == ("konnte in 200 Versuchen kein 3x3-Spielfeld bauen mit 1 Stäbchen, 4 Lücken der "
                                     "Breite 1 und 0 Innenwänden (1 Felder innerhalb des Rahmens)")

"""The server answers (the page in a real browser: tests/browser/test_e2e_smoke.py)."""

import pytest

from webapp.rotation import EXAMPLE


def test_index_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Rotation Playground" in response.data


def test_solve_api_example(client):
    response = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "any"})
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "solved"
    assert body["moves"] == "LL"
    assert len(body["trajectory"]) == 2


@pytest.mark.parametrize("payload, fragment", [
    ({"board": "x\n"}, "line 1, column 1"),
    ({"board": "5\n#####\n#0 0#\n#   #\n#   #\n## ##\n"}, "line 3, column 4"),
    ({"goal": "any"}, "board"),
    ({"board": EXAMPLE, "goal": 5}, "goal"),
])
def test_solve_api_bad_input(client, payload, fragment):
    response = client.post("/api/rotation/solve", json=payload)
    assert response.status_code == 400
    assert fragment in response.get_json()["error"]


def test_solve_api_a_stick_the_board_lacks_is_409(client):
    """A goal the OpenAPI description allows, that this board cannot have."""
    response = client.post("/api/rotation/solve", json={"board": EXAMPLE, "goal": "stick:z"})
    assert response.status_code == 409
    assert "no stick" in response.get_json()["error"]


def test_solve_api_not_json(client):
    response = client.post("/api/rotation/solve", data="hello", content_type="text/plain")
    assert response.status_code == 400

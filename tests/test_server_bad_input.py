"""Bad input gets a 400 with a message, never a 500 (issue 8, item 17): a
first line of thousands of digits is beyond Python's limit on converting
digit strings, and every route that reads a board must still explain it."""

from __future__ import annotations

import pytest

BOARD_ROUTES = ["/api/solve", "/api/hint", "/api/parse", "/api/move", "/api/share", "/api/links",
                "/api/jobs"]
HUGE_SIZE = "9" * 5000 + "\n#####\n#0  #\n#   #\n#   #\n## ##\n"


@pytest.mark.parametrize("route", BOARD_ROUTES)
@pytest.mark.parametrize("text", [HUGE_SIZE, "7 " + "1" * 5000 + "\n#######\n"])
def test_a_size_of_thousands_of_digits_is_a_400_with_line_and_column(client, route, text):
    response = client.post(route, json={"board": text})
    assert response.status_code == 400, response.data[:300]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert body["line"] == 1 and isinstance(body["column"], int)
    assert body["error"]

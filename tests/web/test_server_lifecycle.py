"""Workers end with the server (issue 8, item 18): a server killed with
kill -9 leaves no solver running."""

from __future__ import annotations

import os
import signal

from web_helpers import alive, call, descendants, heavy_board, running_server, wait_until



def test_workers_die_with_a_killed_server(tmp_path):
    board = heavy_board(0)
    with running_server(tmp_path, ROTATION_MAX_STATES=50_000_000, ROTATION_MAX_SECONDS=120.0,
                        RATELIMIT_ENABLED=False) as (address, server):
        status, body, _, _ = call(address, "POST", "/api/rotation/solve", {"board": board, "goal": "all"})
        assert status == 202, body
        job = f"/api/jobs/{body['id']}"
        assert wait_until(lambda: call(address, "GET", job)[1]["states"] > 10_000, seconds=30)
        below = descendants(server.pid)
        assert below, "no worker process found"
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=5)
        assert wait_until(lambda: not any(alive(pid) for pid in below), seconds=5), \
            f"still running after the server died: {[p for p in below if alive(p)]}"

"""``rotation-playground serve``: it says it serves only once it listens (issue 9, item 8).

Each test runs the console script in a subprocess with a bounded wait; the
one that really serves is stopped in a ``finally``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / ".venv" / "bin" / "rotation-playground"
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "webapp.cli"]


def serve(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([*COMMAND, "serve", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, stdin=subprocess.DEVNULL)


def test_a_port_in_use_is_one_line_and_exit_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port))
    assert done.returncode == 2
    assert done.stdout == ""  # never "Rotation Playground on http://..."
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert f"port {port} on 127.0.0.1 is in use" in lines[0]
    assert f"--port {port + 1}" in lines[0]


def test_a_port_in_use_with_dev_is_one_line_and_exit_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--port", str(port), "--dev")
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert f"port {port} on 127.0.0.1 is in use" in done.stderr


@pytest.mark.parametrize("port", ["0", "65536", "99999", "-1", "http"])
def test_ports_outside_1_to_65535_are_refused(port):
    done = serve("--port", port, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr
    assert "argument --port" in done.stderr
    if port.lstrip("-").isdigit():
        assert "1 to 65535" in done.stderr


@pytest.mark.parametrize("host, fragment", [
    ("no-such-host.invalid", "cannot find host 'no-such-host.invalid'"),
    ("192.0.2.1", "cannot listen on 192.0.2.1"),   # TEST-NET-1: an address of no machine here
])
def test_a_host_that_cannot_be_listened_on_is_one_line_and_exit_2(host, fragment):
    done = serve("--host", host, "--port", "5000")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert fragment in lines[0]


def test_an_empty_host_is_refused():
    done = serve("--host", "", timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert "argument --host" in done.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_serving_line_comes_once_the_port_answers(tmp_path):
    port = _free_port()
    env = {**os.environ, "ROTATION_PLAYGROUND_INSTANCE": str(tmp_path)}
    server = subprocess.Popen([*COMMAND, "serve", "--port", str(port)], cwd=ROOT, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.append(server.stdout.readline()),
                                  daemon=True)
        reader.start()
        reader.join(60)  # the readline ends by itself if the server dies
        line = lines[0] if lines else ""
        assert line.startswith(f"Rotation Playground on http://127.0.0.1:{port}/"), line
        # the line is printed after the bind: a connection is accepted at once
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as reply:
                    assert reply.status == 200
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        # Ctrl+C is how a person stops a server: a short word and exit 0
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 0
        assert "Traceback" not in server.stderr.read()
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=20)
        server.stdout.close()
        server.stderr.close()


def test_serve_help_has_a_description_and_the_defaults():
    done = subprocess.run([*COMMAND, "serve", "--help"], capture_output=True, text=True,
                          timeout=30, cwd=ROOT)
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "Serve the web playground" in text
    assert "(default: 127.0.0.1)" in text
    assert "(default: 5000)" in text
    assert "1 to 65535" in text


def test_a_warning_of_the_app_is_written_once(tmp_path):
    """Flask gives the app's logger a handler of its own, and the root logger
    (set up for waitress's warnings) had one too: every warning came twice."""
    port, dead = _free_port(), _free_port()  # nothing listens on ``dead``
    env = {**os.environ, "ROTATION_PLAYGROUND_INSTANCE": str(tmp_path)}
    server = subprocess.Popen([*COMMAND, "serve", "--port", str(port), "--database-url",
                               f"postgresql://postgres@127.0.0.1:{dead}/playground"], cwd=ROOT, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().startswith("Rotation Playground on")
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rotation/links", method="POST",
                                         data=b'{"board": "3\\n###\\n# #\\n###\\n"}',
                                         headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 503
        server.send_signal(signal.SIGINT)
        server.wait(timeout=20)
        written = server.stderr.read()
        assert written.count("PostgreSQL does not answer") == 1, written
    finally:
        server.kill()
        server.wait(timeout=20)
        server.stdout.close()
        server.stderr.close()

"""The built wheel serves from anywhere: it is built from this checkout,
installed into a fresh virtual environment in a temporary folder, and
``rotation-playground serve`` from there answers the pages, a script and the
gallery with their real content: static/, templates/ and puzzles/ travel
inside the wheel (webapp/_data/) and the installed app finds them there.
It carries only what a user runs: not the developers' tools (tools/).

Nothing is downloaded: the wheel is built with this environment's
setuptools (no build isolation), installed without its dependencies, and
the new environment sees this one's installed packages (but not this
checkout: the editable install's path file is not read from there)."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

from devservers import end

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def _wait(url: str, server: subprocess.Popen, log: Path, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            _get(url)
            return
        except OSError:
            if server.poll() is not None:
                pytest.fail(f"the installed server ended (exit {server.returncode}):\n"
                            f"{log.read_text(errors='replace')[-2000:]}")
            if time.monotonic() > deadline:
                pytest.fail(f"the installed server did not answer within {seconds:g} s")
            time.sleep(0.2)


#: What the wheel is built from: a copy of these, without what builds and
#: runs leave in the checkout (a build/ folder of before could bring modules
#: removed since into the wheel; compiled extensions, caches). tools/ is
#: there as in a checkout, so that the wheel is seen to leave it out.
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md",
           "webapp", "csrc", "static", "templates", "puzzles", "tools")
LEFT_BEHIND = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "_data", "*.egg-info")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of this checkout."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=LEFT_BEHIND)
        else:
            shutil.copy2(ROOT / name, source / name)
    wheels = base / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "--wheel-dir", str(wheels), str(source)],
                   check=True, cwd=base, timeout=600)
    built, = wheels.glob("rotation_playground-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """The ``bin`` folder of a fresh environment with the wheel installed."""
    base = tmp_path_factory.mktemp("env")
    env_dir = base / "env"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    # this environment's packages (Flask, numpy, pip...) without its .pth
    # files: the editable install's would put the checkout on the path
    new_site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                              check=True, capture_output=True, text=True).stdout.strip()
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    Path(new_site, "test-environment.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                    str(wheel)], check=True, cwd=base, timeout=300)
    return env_dir / "bin"


@pytest.fixture(scope="module")
def server(installed, tmp_path_factory):
    """``rotation-playground serve`` of the installed wheel, started from a
    folder outside the checkout, on a free port: its base URL."""
    here = tmp_path_factory.mktemp("serve")
    port = _free_port()
    log = here / "serve.log"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REDIS_URL", "DATABASE_URL")}
    env["ROTATION_PLAYGROUND_INSTANCE"] = str(here / "instance")
    with open(log, "wb") as out:
        process = subprocess.Popen([str(installed / "rotation-playground"), "serve",
                                    "--host", "127.0.0.1", "--port", str(port)],
                                   cwd=here, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait(url + "/", process, log)
        yield url
    finally:
        end(process, seconds=20)


def test_the_wheel_carries_the_package_and_not_the_developers_tools(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")} \
        == {"webapp"}, sorted(names)[:20]
    assert "webapp/cli/__init__.py" in names and "webapp/rotation/studies/command.py" in names
    # the dev servers and the one-machine cluster lived in the package once
    assert not {"webapp/devservers.py", "webapp/cluster.py"} & set(names)


def test_the_installed_package_is_not_the_checkout(installed, tmp_path):
    where = subprocess.run([str(installed / "python"), "-c",
                            "import webapp.resources as r; print(r.__file__); print(r.folder('static'))"],
                           check=True, capture_output=True, text=True, cwd=tmp_path,
                           env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}).stdout.split()
    assert not where[0].startswith(str(ROOT)), where
    assert "_data" in Path(where[1]).parts and not where[1].startswith(str(ROOT)), where


@pytest.mark.parametrize("path", ["/", "/sliding", "/triangle"])
def test_pages_are_served_with_their_templates(server, path):
    status, page = _get(server + path)
    assert status == 200
    assert "<!doctype html>" in page.lower() and "/assets/" in page
    assert re.search(r'<script[^>]+type="module"[^>]+src="/assets/\w+/js/[^"]+\.js"', page), page[:500]


def test_a_page_script_is_served(server):
    _, page = _get(server + "/")
    script = re.search(r'<script type="module" src="(/assets/\w+/js/[^"]+\.js)"', page).group(1)
    status, body = _get(server + script)
    assert status == 200
    assert re.search(r"^\s*(import|export) ", body, re.MULTILINE), body[:300]
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)"', page)
    assert preloaded and all(_get(server + address)[0] == 200 for address in preloaded)


def test_the_gallery_lists_the_puzzles_of_every_kind(server):
    status, page = _get(server + "/puzzles")
    assert status == 200
    text = html.unescape(page)
    for catalogue in (ROOT / "puzzles").glob("**/catalogue.json"):  # rotation's, sliding's, triangle's
        titles = [entry["title"] for entry in json.loads(catalogue.read_text(encoding="utf-8"))]
        assert titles and all(title in text for title in titles[:2]), catalogue

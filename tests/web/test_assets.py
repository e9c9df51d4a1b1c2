"""Static files under versioned addresses (webapp/web/assets.py): every page
names its stylesheet, icon and script as ``/assets/<version>/...``, kept for
a year; the version follows the files' content; an older version's address
is sent on to the current one; each playground page preloads every module
its script imports, and nothing else."""

from __future__ import annotations

import io
import re
import shutil

import pytest
from PIL import Image

from webapp import kinds
from webapp.resources import folder
from webapp.web.assets import imported_by, version_of

PAGES = [kind.web.page_path for kind in kinds.KINDS]


def _addresses(html: str, pattern: str) -> list[str]:
    return re.findall(pattern, html)


@pytest.mark.parametrize("path", PAGES + ["/puzzles", "/how-to-play"])
def test_every_page_names_its_files_by_the_current_version(app, client, path):
    html = client.get(path).get_data(as_text=True)
    version = app.config["ASSET_VERSION"]
    named = _addresses(html, r'(?:href|src)="(/(?:assets|static)/[^"]+)"')
    assert named, "the page names its stylesheet at least"
    assert all(a.startswith(f"/assets/{version}/") for a in named), named
    for address in named:
        response = client.get(address)
        assert response.status_code == 200, address
        assert response.cache_control.max_age == 365 * 24 * 3600 and response.cache_control.immutable
        assert response.headers["Content-Security-Policy"], "the security headers as on every answer"


@pytest.mark.parametrize("path", PAGES)
def test_a_playground_preloads_exactly_the_modules_its_script_imports(app, client, path):
    html = client.get(path).get_data(as_text=True)
    version = app.config["ASSET_VERSION"]
    # the page's own script: the last (the first, in <head>, is the colour theme's)
    script = re.findall(rf'<script type="module" src="/assets/{version}/([^"]+)"', html)[-1]
    preloaded = _addresses(html, rf'<link rel="modulepreload" href="/assets/{version}/([^"]+)">')
    # what the browser would load: every relative import, followed by hand here
    want, todo = set(), [script]
    while todo:
        name = todo.pop()
        text = (folder("static") / name).read_text()
        for spec in re.findall(r'from\s+"(\.[^"]+)"|import\s+"(\.[^"]+)"', text):
            spec = spec[0] or spec[1]
            target = (folder("static") / name).parent.joinpath(spec).resolve()
            rel = target.relative_to(folder("static").resolve()).as_posix()
            if rel not in want:
                want.add(rel)
                todo.append(rel)
    assert sorted(preloaded) == sorted(want) and len(preloaded) == len(set(preloaded))
    assert script not in preloaded


def test_the_version_follows_the_content(tmp_path):
    static = tmp_path / "static"
    shutil.copytree(folder("static"), static)
    before = version_of(static)
    assert version_of(static) == before, "the same files, the same version"
    module = static / "js" / "common" / "format.js"
    module.write_text(module.read_text() + "\n// one more line\n")
    changed = version_of(static)
    assert changed != before
    (static / "js" / "common" / "format.js").rename(static / "js" / "common" / "format2.js")
    assert version_of(static) not in (before, changed), "a renamed file is a change too"


def test_an_older_version_is_sent_on_to_the_current_one(app, client):
    version = app.config["ASSET_VERSION"]
    response = client.get("/assets/0123456789ab/js/kinds/sliding/page.js")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/assets/{version}/js/kinds/sliding/page.js")
    assert client.get(response.headers["Location"]).status_code == 200


@pytest.mark.parametrize("address", [
    "/assets/{v}/js/nothing.js", "/assets/old/js/nothing.js",
    "/assets/{v}/../webapp/__init__.py", "/assets/old/../webapp/__init__.py",
    "/assets/old/%2e%2e/pyproject.toml",
    # a name longer than the file system takes (issue 29: it was a 500)
    "/assets/0/" + "a" * 256, "/assets/{v}/" + "a" * 256, "/assets/0/js/" + "b" * 300 + "/c.js",
])
def test_no_file_outside_static_and_no_made_up_file(app, client, address):
    response = client.get(address.format(v=app.config["ASSET_VERSION"]))
    assert response.status_code == 404
    assert b"Traceback" not in response.data


def test_the_old_static_addresses_still_answer(client):
    """Links and scripts from before the versioned addresses."""
    response = client.get("/static/js/kinds/rotation/page.js")
    assert response.status_code == 200 and "javascript" in response.mimetype


def test_imported_by_follows_relative_imports_at_any_depth(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "main.js").write_text('import { x } from "./b.js";\nimport "../c.js";\n')
    (tmp_path / "a" / "b.js").write_text('export { y } from "../d/e.js";\nexport const x = 1;\n')
    (tmp_path / "c.js").write_text('// import "./not-a-module.js" is a comment here\n')
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "e.js").write_text(
        'import {\n  x,\n} from "../a/b.js";\nexport const y = x;\n'
        'export const DATA = await (await fetch(new URL("../data.json", import.meta.url))).json();\n')
    assert sorted(imported_by(tmp_path, version_of(tmp_path), "a/main.js")) == ["a/b.js", "c.js", "d/e.js"]


@pytest.mark.parametrize("debug", [False, True])
def test_while_developing_an_edited_file_gets_a_new_version_at_once(make_app, tmp_path, debug):
    """``serve --dev`` (debug): the version is worked out a request at a
    time, so a module edited while the server runs is never one the browser
    keeps for a year; in production it is worked out once, at start."""
    static = tmp_path / "static"
    shutil.copytree(folder("static"), static)
    app = make_app(DEBUG=debug)
    app.static_folder = str(static)
    app.config["ASSET_VERSION"] = version_of(static)
    client = app.test_client()

    def script():
        html = client.get("/sliding").get_data(as_text=True)
        return re.search(r'<script type="module" src="([^"]+)"', html).group(1)

    before = script()
    assert client.get(before).status_code == 200
    module = static / "js" / "common" / "format.js"
    module.write_text(module.read_text() + "\n// edited while the server runs\n")
    after = script()
    assert (after != before) is debug
    assert client.get(after).status_code == 200
    if debug:  # the page of before asks for the files of now
        assert client.get(before).status_code == 302


def test_the_favicon_ico_is_the_sites_icon_drawn_in_three_sizes(client):
    """A browser asks for /favicon.ico where no page names an icon (a printed
    sheet's PDF opened in a tab): it gets the site's icon, not a 404."""
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.mimetype == "image/x-icon"
    assert response.cache_control.max_age == 24 * 3600
    icon = Image.open(io.BytesIO(response.data))
    assert icon.format == "ICO" and icon.info["sizes"] == {(16, 16), (32, 32), (48, 48)}
    icon.size = (48, 48)
    pixels = icon.convert("RGBA")
    # the frame's dark wall at the top left, the orange and the blue stick, the gap at the bottom clear
    assert _near(pixels.getpixel((6, 6)), (0x2d, 0x3a, 0x55))
    assert _near(pixels.getpixel((24, 30)), (0xe0, 0x7a, 0x2f))
    assert _near(pixels.getpixel((30, 20)), (0x3c, 0x8d, 0xbc))
    assert pixels.getpixel((24, 46))[3] == 0


def _near(pixel, colour) -> bool:
    """An opaque ``pixel`` within a few steps of ``colour`` (scaling down blends a little)."""
    return pixel[3] >= 250 and all(abs(a - b) <= 4 for a, b in zip(pixel, colour))

"""The static files under a versioned address, ``/assets/<version>/<file>``,
that a browser keeps for a year without asking again; and, for each page's
entry module, the modules it imports, for ``<link rel="modulepreload">``.

The version is a hash of every file under ``static/``, worked out when the
app starts, so any change to any file gives every address a new version:
a page never runs a stale module. The pages' modules import each other by
relative address, so the whole tree of a page is under one version.

Why: a playground page is some thirty ES modules (no build step). Under
``/static/`` each is asked again on every visit (``no-cache``), and the
browser finds them one level of imports at a time. With the versioned
addresses a second visit asks for none, and the preload links let a first
visit ask for all at once. ``/static/`` still answers, for old links.

``/favicon.ico`` is the site's icon drawn from ``favicon.svg``: a browser
asks for it where no page names an icon (a printed sheet's PDF, a picture
opened alone), and a 404 there is an error in its console.

>>> from webapp.resources import folder
>>> version_of(folder("static")) == version_of(folder("static"))
True
>>> static = folder("static")
>>> "js/shell/playground.js" in imported_by(static, version_of(static), "js/kinds/sliding/page.js")
True
"""

from __future__ import annotations

import hashlib
import io
import os
import re
from functools import lru_cache
from pathlib import Path, PurePosixPath

from flask import Blueprint, Response, abort, current_app, g, redirect, send_from_directory, url_for
from werkzeug.security import safe_join

from .raster import render


bp = Blueprint("assets", __name__)

#: A year: the address changes with the content, so the browser need never ask again.
MAX_AGE = 365 * 24 * 3600

#: A day for ``/favicon.ico``, whose address never changes.
ICON_MAX_AGE = 24 * 3600

#: The sizes in ``/favicon.ico``: a tab's, a high-density tab's, a desktop shortcut's.
ICON_SIZES = (16, 32, 48)

#: ``import ... from "./x.js"``, ``export ... from "./x.js"`` and ``import "./x.js"``.
_IMPORT = re.compile(r'^\s*(?:(?:import|export)\b[^;"\'()]*?\bfrom|import)\s*["\'](\.{1,2}/[^"\']+)["\']', re.M)


def version_of(static: Path) -> str:
    """A short hash of every file's path and bytes under ``static``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in static.rglob("*") if p.is_file()):
        digest.update(path.relative_to(static).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


@lru_cache(maxsize=None)
def imported_by(static: Path, version: str, entry: str) -> tuple[str, ...]:
    """Every module ``entry`` (a path under ``static``) imports, at any
    depth; kept per ``version`` of the files."""
    seen: dict[str, None] = {}
    todo = [entry]
    while todo:
        name = todo.pop()
        path = static / name
        if name in seen or not path.is_file():
            continue
        seen[name] = None
        for spec in _IMPORT.findall(path.read_text(encoding="utf-8")):
            joined = PurePosixPath(name).parent.joinpath(spec).as_posix()
            todo.append(_normal(joined))
    return tuple(n for n in seen if n != entry)


def _normal(path: str) -> str:
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def current_version() -> str:
    """The version of the files: worked out at start, or, while developing
    (``serve --dev``: debug), once a request, so that an edited module is
    never one the browser keeps."""
    if not current_app.debug:
        return current_app.config["ASSET_VERSION"]
    if "asset_version" not in g:
        g.asset_version = version_of(Path(current_app.static_folder))
    return g.asset_version


def asset_url(filename: str) -> str:
    """The versioned address of ``filename`` (a path under ``static/``)."""
    return url_for("assets.file", version=current_version(), filename=filename)


def preloads(entry: str) -> list[str]:
    """The versioned addresses of the modules the page's ``entry`` imports."""
    names = imported_by(Path(current_app.static_folder), current_version(), entry)
    return [asset_url(name) for name in names]


@bp.route("/assets/<version>/<path:filename>")
def file(version: str, filename: str):
    """The file, kept for a year; an address of an older version is sent on
    to the current one (the page that asked is older than the files)."""
    current = current_version()
    if version != current:
        found = safe_join(current_app.static_folder, filename)
        # os.path.isfile, not Path.is_file: a name too long for the file system is no file, not a 500
        if found is None or not os.path.isfile(found):
            abort(404)
        return redirect(url_for("assets.file", version=current, filename=filename))
    response = send_from_directory(current_app.static_folder, filename, max_age=MAX_AGE)
    response.cache_control.immutable = True
    return response


@lru_cache(maxsize=4)
def icon(static: Path, version: str) -> bytes:
    """``favicon.svg`` under ``static`` as an ICO file, kept per ``version``."""
    largest = render((static / "favicon.svg").read_text(encoding="utf-8"), ICON_SIZES[-1], ICON_SIZES[-1])
    out = io.BytesIO()
    largest.save(out, format="ICO", sizes=[(n, n) for n in ICON_SIZES])
    return out.getvalue()


@bp.route("/favicon.ico")
def favicon():
    return Response(icon(Path(current_app.static_folder), current_version()), mimetype="image/x-icon",
                    headers={"Cache-Control": f"public, max-age={ICON_MAX_AGE}"})


def init_app(app) -> None:
    """Work out the version once, and give the templates ``asset`` and ``preloads``."""
    app.config.setdefault("ASSET_VERSION", version_of(Path(app.static_folder)))
    app.jinja_env.globals.update(asset=asset_url, preloads=preloads)
    app.register_blueprint(bp)

"""Where the app's data folders are: ``static/``, ``templates/`` and
``puzzles/``. In a checkout (and its editable install) they sit beside the
``webapp`` package, at the top of the repository; an installed wheel
carries them inside the package, under ``webapp/_data/`` (setup.py copies
them there when it builds), so that the app serves wherever it is installed.

>>> folder("templates").joinpath("base.html").is_file()
True
"""

from __future__ import annotations

from pathlib import Path

#: The data folders, by name: what the wheel carries and :func:`folder` finds.
FOLDERS = ("static", "templates", "puzzles")

_PACKAGE = Path(__file__).resolve().parent


def folder(name: str) -> Path:
    """The folder ``name`` (one of :data:`FOLDERS`): the installed copy if
    there is one, else the checkout's."""
    if name not in FOLDERS:
        raise ValueError(f"no data folder {name!r} (folders: {', '.join(FOLDERS)})")
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _PACKAGE.parent / name

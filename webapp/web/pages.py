"""The HTML pages."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..rotation import EXAMPLE, parse

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    board = parse(EXAMPLE)
    return render_template("index.html", board_text=board.text())

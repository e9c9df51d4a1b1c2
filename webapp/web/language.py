"""German and English: which one a request is answered in, the header's
switch between them, and the browser's share of the catalogues.

The language is, in this order: ``?lang=de|en`` (kept for the next pages
in a ``lang`` cookie set on that answer), the ``lang`` cookie, the best of
the browser's ``Accept-Language``, else English. An unknown ``?lang=`` is
left unread, as if absent. Pages say ``Vary: Accept-Language, Cookie`` so
that no cache hands one reader's language to another.

The messages live in ``webapp/translations/`` (docs/translating.md): the
``.mo`` that gettext reads in Python and the templates, and the ``.po``
from which the pages' scripts get theirs as JSON, at an address with the
catalogue's version in it, kept a year like the other assets
(:mod:`webapp.web.assets`).

>>> sorted(LANGUAGES)
['de', 'en']
>>> switched("/puzzles", {"kind": "sliding", "lang": "en"}, "de")
'/puzzles?kind=sliding&lang=de'
>>> without_lang("http://x/sliding?p=AB&lang=de&play=1")
'http://x/sliding?p=AB&play=1'
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from babel.messages.pofile import read_po
from flask import Blueprint, abort, has_request_context, jsonify, redirect, request, url_for
from flask_babel import Babel, get_locale, gettext

#: The languages, each named in itself (the switch's words never change).
LANGUAGES = {"de": "Deutsch", "en": "English"}
DEFAULT = "en"
COOKIE = "lang"
#: The cookie is kept a year: the reader chose, and chooses again with the switch.
COOKIE_AGE = 365 * 24 * 3600
#: The browser's catalogue changes only with its address: kept a year.
MAX_AGE = 365 * 24 * 3600

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

bp = Blueprint("language", __name__)


def N_(text: str) -> str:
    """``text`` marked for pybabel, translated where it is shown."""
    return text


#: The kinds' own words that the pages show (the kinds know no web
#: framework, so their words are marked here): titles, goals, the
#: captions of their How to play pictures. A test checks every kind's are
#: among them.
KIND_WORDS = frozenset((
    N_("Rotation"), N_("Turn the frame so that a stick falls out through the gap."),
    N_("Walls are dark; the gap is marked with arrows. Stick 0 lies flat, stick 1 stands upright."),
    N_("Before: sticks in the air."), N_("After: both fell one cell, together, and rest."), N_("Start."),
    N_("After L: the top side is now on the left; both sticks fell."),
    N_("After L, L: the gap is at the bottom and stick 1 falls out. Solved in 2 moves."),
    N_("Sliding tiles"), N_("Slide the tiles into order, 1, 2, 3, ... row by row, with the hole last."),
    N_("The goal: 1 to 8 in reading order, the hole in the bottom right corner."),
    N_("Tiles 5, 7, 3, 4 touch the hole: any of them may slide."),
    N_("After tile 5 slid down (the ↓ key): the hole moved up."),
    N_("Triangle"),
    N_("Fill the big triangle with every piece so that each inner edge joins the two halves of one figure."),
    N_("The example's nine pieces: each edge shows half of a figure, or nothing (0)."),
))


def kind_word(text: str) -> str:
    """A kind's title, goal or picture's caption in the request's language (a word not marked
    in :data:`KIND_WORDS` stays as the kind says it)."""
    return gettext(text) if text in KIND_WORDS else text


def chosen() -> str | None:
    """``?lang=``, when it names a language."""
    wanted = request.args.get("lang")
    return wanted if wanted in LANGUAGES else None


def select() -> str:
    """The request's language (Flask-Babel's locale selector)."""
    kept = request.cookies.get(COOKIE)
    return (chosen() or (kept if kept in LANGUAGES else None)
            or request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT)


def current() -> str:
    """The language of this request's answer, as "de" or "en"."""
    return str(get_locale() or DEFAULT)


def switched(path: str, args, lang: str) -> str:
    """``path`` with its query ``args`` and ``lang=`` set to ``lang``."""
    query = {key: value for key, value in args.items() if key != "lang"}
    query["lang"] = lang
    return f"{path}?{urlencode(query)}"


def without_lang(address: str) -> str:
    """``address`` without its ``lang=``: the addresses a page gives to be
    shared (its preview's, its oEmbed's) open in the reader's language."""
    parts = urlsplit(address)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    if all(key != "lang" for key, _ in pairs):
        return address  # as it was, to the byte
    return urlunsplit(parts._replace(query=urlencode([(key, value) for key, value in pairs if key != "lang"])))


def _switch() -> list[tuple[str, str, str, bool]]:
    """The header's switch: code, name, address, and whether it is this page's."""
    here = current()
    return [(code, name, switched(request.path, request.args, code), code == here)
            for code, name in LANGUAGES.items()]


def _keep(response):
    if response.mimetype == "text/html":
        response.vary.update(("Accept-Language", "Cookie"))
    wanted = chosen()
    if wanted is not None and request.cookies.get(COOKIE) != wanted:
        response.set_cookie(COOKIE, wanted, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


@lru_cache(maxsize=None)
def _catalogue_file(lang: str) -> tuple[str, dict]:
    """The version and the JSON of ``lang``'s messages that the pages'
    scripts use (those whose place is under static/js/)."""
    path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalogue = read_po(f, locale=lang)
    messages = {}
    for message in catalogue:
        if not message.id or not any(place.startswith("static/js/") for place, _ in message.locations):
            continue
        if message.pluralizable:
            messages[message.id[0]] = list(message.string)
        else:
            messages[message.id] = message.string
    body = {"lang": lang, "plural_forms": catalogue.plural_forms, "messages": messages}
    version = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return version, body


def catalogue_url(lang: str | None = None) -> str | None:
    """The versioned address of the page's language's catalogue for its
    scripts; None for English, the language the scripts are written in."""
    lang = lang or current()
    if lang == DEFAULT:
        return None
    return url_for("language.catalogue", lang=lang, version=_catalogue_file(lang)[0])


@bp.route("/i18n/<version>/<lang>.json")
def catalogue(version: str, lang: str):
    """``lang``'s messages for the scripts, kept a year; an older version's
    address is sent on to the current one."""
    if lang not in LANGUAGES or lang == DEFAULT:
        abort(404)
    current_version, body = _catalogue_file(lang)
    if version != current_version:
        return redirect(url_for("language.catalogue", lang=lang, version=current_version))
    response = jsonify(body)
    response.headers["Cache-Control"] = f"public, max-age={MAX_AGE}, immutable"
    return response


def init_app(app) -> None:
    """Flask-Babel with the selector, the cookie and Vary on every answer,
    and the templates' ``lang``, ``languages`` and ``i18n_catalogue``."""
    Babel(app, locale_selector=select, default_translation_directories=str(TRANSLATIONS))
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # as pybabel reads them (babel.cfg)
    app.jinja_env.filters.update(kind_word=kind_word, without_lang=without_lang)
    app.after_request(_keep)
    app.register_blueprint(bp)

    @app.context_processor
    def _language():
        if not has_request_context():  # a template drawn outside a request: English
            return {"lang": DEFAULT, "languages": [], "i18n_catalogue": lambda: None}
        return {"lang": current(), "languages": _switch(), "i18n_catalogue": catalogue_url}

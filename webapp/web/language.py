"""German and English: which one a request is answered in, the header's
switch between them, and the browser's share of the catalogues.

The language is, in this order: ``?lang=de|en`` (kept for the next pages
in a ``lang`` cookie set on that answer), the ``lang`` cookie, the best of
the browser's ``Accept-Language``, else English. An unknown ``?lang=`` is
left unread, as if absent. Pages say ``Vary: Accept-Language, Cookie`` so
that no cache hands one reader's language to another.

The messages live in ``webapp/translations/`` (docs/translating.md): the
``.mo`` that gettext reads in Python and the templates; the pages' scripts
get theirs as JSON, ``static/i18n/<lang>.json``, written from the ``.po``
by ``python -m webapp.web.language`` (``make messages``) and served as an
asset (:mod:`webapp.web.assets`): under the files' version, kept a year.

>>> sorted(LANGUAGES)
['de', 'en']
>>> switched("/puzzles", {"kind": "sliding", "lang": "en"}, "de")
'/puzzles?kind=sliding&lang=de'
>>> without_lang("http://x/sliding?p=AB&lang=de&play=1")
'http://x/sliding?p=AB&play=1'
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from babel.messages.pofile import read_po
from flask import has_request_context, request
from flask_babel import Babel, get_locale, gettext

from ..resources import folder
from .assets import asset_url

#: The languages, each named in itself (the switch's words never change).
LANGUAGES = {"de": "Deutsch", "en": "English"}
DEFAULT = "en"
COOKIE = "lang"
#: The cookie is kept a year: the reader chose, and chooses again with the switch.
COOKIE_AGE = 365 * 24 * 3600

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

def N_(text: str) -> str:
    """``text`` marked for pybabel, translated where it is shown."""
    return text


#: The kinds' own words that the pages show (the kinds know no web
#: framework, so their words are marked here): titles, goals, the
#: captions of their How to play pictures (the pictures' own words are
#: the kinds' :mod:`webapp.words`). A test checks every kind's are among
#: them.
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


def kind_in_sentence(title: str) -> str:
    """A kind's title inside a sentence: English writes it in lower case
    ("a sliding tiles puzzle"), German keeps its nouns as they are
    ("(Schiebepuzzle)")."""
    return title.lower() if current() == DEFAULT else kind_word(title)


def chosen() -> str | None:
    """``?lang=``, when it names a language."""
    wanted = request.args.get("lang")
    return wanted if wanted in LANGUAGES else None


def select() -> str:
    """The request's language (Flask-Babel's locale selector)."""
    kept = request.cookies.get(COOKIE)
    return chosen() or (kept if kept in LANGUAGES else None) or asked(request.accept_languages) or DEFAULT


def asked(accepted) -> str | None:
    """The language the browser wants most among ours, by its primary tag:
    de-CH is German, en-GB English ("*" names none). Werkzeug's best_match
    would prefer an exact match of a lower quality (en;q=0.3 over de-CH).

    >>> from werkzeug.datastructures import LanguageAccept
    >>> asked(LanguageAccept([("de-CH", 1), ("en", 0.3)])), asked(LanguageAccept([("en-GB", 1), ("de", 0.8)]))
    ('de', 'en')
    >>> asked(LanguageAccept([("*", 1)])), asked(LanguageAccept([("fr", 1)])), asked(LanguageAccept([("de", 0)]))
    (None, None, None)
    """
    for value, quality in accepted:  # highest quality first
        primary = value.split("-")[0].lower()
        if quality > 0 and primary in LANGUAGES:
            return primary
    return None


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


def scripts_catalogue(lang: str) -> dict:
    """``lang``'s messages that the pages' scripts use (those found under
    static/js/), with the catalogue's plural forms, as i18n.js reads them."""
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalogue = read_po(f, locale=lang)
    messages = {}
    for message in catalogue:
        if not message.id or not any(place.startswith("static/js/") for place, _ in message.locations):
            continue
        if message.pluralizable:
            messages[message.id[0]] = list(message.string)
        else:
            messages[message.id] = message.string
    return {"lang": lang, "plural_forms": catalogue.plural_forms, "messages": messages}


def scripts_catalogue_text(lang: str) -> str:
    """The JSON file of :func:`scripts_catalogue`, as committed."""
    return json.dumps(scripts_catalogue(lang), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def catalogue_url(lang: str | None = None) -> str | None:
    """The versioned address of the page's language's catalogue for its
    scripts; None for English, the language the scripts are written in."""
    lang = lang or current()
    return None if lang == DEFAULT else asset_url(f"i18n/{lang}.json")


def init_app(app) -> None:
    """Flask-Babel with the selector, the cookie and Vary on every answer,
    and the templates' ``lang``, ``languages`` and ``i18n_catalogue``."""
    Babel(app, locale_selector=select, default_translation_directories=str(TRANSLATIONS))
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # as pybabel reads them (babel.cfg)
    app.jinja_env.filters.update(kind_word=kind_word, without_lang=without_lang)
    app.after_request(_keep)

    @app.context_processor
    def _language():
        if not has_request_context():  # a template drawn outside a request: English
            return {"lang": DEFAULT, "languages": [], "i18n_catalogue": lambda: None}
        return {"lang": current(), "languages": _switch(), "i18n_catalogue": catalogue_url}


def write_scripts_catalogues() -> None:
    """``static/i18n/<lang>.json`` for every language but English (``make messages``)."""
    for lang in LANGUAGES:
        if lang != DEFAULT:
            path = folder("static") / "i18n" / f"{lang}.json"
            path.parent.mkdir(exist_ok=True)
            path.write_text(scripts_catalogue_text(lang), encoding="utf-8")


if __name__ == "__main__":
    write_scripts_catalogues()

"""What the browser tests of the two languages (issue 32) share: the German
catalogue read once, the English pieces German says otherwise (and the
German pieces English says otherwise), what a page shows a reader (its
visible text, its elements' accessible names and titles, its live
regions' announcements) and which of the pieces are in it.

A message is cut into pieces at its placeholders and tags ("Solved in
%(n)s moves" gives "Solved in" and "moves"): a piece is looked for as
whole words. A piece of three letters or fewer ("L", "Go") says nothing
of the language, and a piece the other language's message contains
("Solve" inside "Solve …") is the same in both, and so is a lone word
the other language's messages say too ("links", "Start"): none of these
is counted."""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import cache

from babel.messages.pofile import read_po

from browsing import DESKTOP, PHONE, _watched_page
from webapp.web.language import TRANSLATIONS

SCREENS = {"desktop": DESKTOP, "phone": PHONE}
#: Where a message is cut: a placeholder, a tag.
CUT = re.compile(r"%\(\w+\)[sdr]|<[^>]+>")
#: What a piece's ends lose: punctuation around a sentence's parts.
ENDS = " .,:;()…–·!?\n"
#: The attributes that name an element or explain it to a reader.
NAMES = ("aria-label", "title", "placeholder", "alt", "aria-valuetext", "aria-roledescription")

#: What a page shows, hears and names: its title, the body's visible text, every
#: element's names and titles, the live regions' words (hidden ones too:
#: a screen reader says them) and the pictures' titles.
SHOWN = """(names) => [
  document.title,
  document.body.innerText,
  ...[...document.querySelectorAll("*")].flatMap((e) => names.map((n) => e.getAttribute(n) || "")),
  ...[...document.querySelectorAll("[aria-live], [role=status], [role=alert], svg title")].map((e) => e.textContent),
].filter(Boolean).join("\\n")"""


@cache
def messages() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Each message's English and German (a plural's forms side by side)
    with the files it comes from."""
    with (TRANSLATIONS / "de" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalogue = read_po(f)
    found = []
    for m in catalogue:
        if not m.id:
            continue
        places = tuple(place for place, _ in m.locations)
        english = m.id if m.pluralizable else (m.id,)
        german = m.string if m.pluralizable else (m.string,)
        found += [(e, g, places) for e, g in zip(english, german) if g]
    return tuple(found)


@cache
def vocabulary(language: str) -> frozenset[str]:
    """Every word the messages say in ``language`` (their placeholders' names left out)."""
    return frozenset(word for english, german, _ in messages()
                     for word in re.findall(r"\w+", CUT.sub(" ", english if language == "en" else german)))


def _pieces(text: str, other: str, words: frozenset[str], phrases: bool) -> set[str]:
    found = set()
    for piece in CUT.split(text):
        piece = piece.strip(ENDS)
        if len(re.sub(r"\W", "", piece)) <= 3 or not re.search(r"[^\W\d_]{2}", piece) or piece in other:
            continue
        # a lone word the other language says too ("links", "Start") is
        # not the one language's
        if piece in words:
            continue
        # a phrase: more than one word, or a capital (a button's, a heading's
        # word); a lone lower-case word may be any prose's in both languages
        if not phrases or " " in piece or piece[0].isupper():
            found.add(piece)
    return found


@cache
def pieces(language: str = "en", sources: tuple[str, ...] = (), phrases: bool = False) -> tuple[str, ...]:
    """The pieces of the messages (from files under ``sources``, or all)
    in ``language`` ("en" or "de") that the other language says otherwise;
    with ``phrases`` only those of more than one word or with a capital."""
    found = set()
    words = vocabulary("de" if language == "en" else "en")
    for english, german, places in messages():
        if sources and not any(place.startswith(sources) for place in places):
            continue
        mine, other = (english, german) if language == "en" else (german, english)
        found |= _pieces(mine, other, words, phrases)
    return tuple(sorted(found))


#: What some parts of a page say: each part's text and the names and
#: titles of its elements, or, for a part given as (selector, False) (a
#: region whose words are another's), its own names only.
PARTS = """([parts, names]) => parts.flatMap((part) => {
  const [selector, words] = Array.isArray(part) ? part : [part, true];
  const named = (e) => names.map((n) => e.getAttribute(n) || "");
  return [...document.querySelectorAll(selector)].flatMap((el) =>
    words ? [el.textContent, ...[el, ...el.querySelectorAll("*")].flatMap(named)] : named(el));
}).filter(Boolean).join("\\n")"""


def shown(page, parts=None) -> str:
    """All a reader of ``page`` meets now (see SHOWN), or only what the
    ``parts`` say (selectors, or (selector, words) pairs: see PARTS)."""
    if parts is None:
        return page.evaluate(SHOWN, list(NAMES))
    return page.evaluate(PARTS, [[list(p) if isinstance(p, tuple) else p for p in parts], list(NAMES)])


def found_in(text: str, words) -> list[str]:
    """The ``words`` in ``text``, each as whole words."""
    return [word for word in words if re.search(whole(word), text)]


def whole(word: str) -> str:
    """``word`` as whole words: not a part of a longer one, nor of a
    compound with a hyphen ("15-Puzzles" is German)."""
    return rf"(?<![\w-]){re.escape(word)}(?![\w-])"


def left(page, parts=None, sources: tuple[str, ...] = (), phrases: bool = False, language: str = "en") -> list[str]:
    """The pieces of ``language`` (see :func:`pieces`) ``page`` shows now
    (in its ``parts``: see :func:`shown`)."""
    return found_in(shown(page, parts), pieces(language, sources, phrases))


def lang(page) -> str:
    return page.evaluate("() => document.documentElement.lang")


def german_page(request, contexts, screen: str = "desktop", **allowed):
    """A page in a browser whose language is German (Accept-Language:
    de-DE) on ``screen``; ``allowed`` as :func:`browsing._watched_page`."""
    yield from _watched_page(request, contexts, {**SCREENS[screen], "locale": "de-DE"}, **allowed)


@contextmanager
def not_found(browser, base_url: str, path: str, **options):
    """``path``, an address with nothing at it, opened in a browser
    context of its own (``options``): its 404 is the one console error
    the page may show, checked when the block ends."""
    context = browser.new_context(base_url=base_url, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    assert page.goto(path).status == 404
    try:
        yield page
    finally:
        context.close()
    assert all("404" in e for e in errors), errors

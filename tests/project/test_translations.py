"""The catalogues (webapp/translations/, docs/translating.md) are up to
date: the messages extracted afresh from Python, templates and scripts
(babel.cfg) are the committed template's, each has a German translation
that is not fuzzy and keeps its placeholders, and the committed .mo the
app reads and the scripts' JSON (static/i18n/) say what the .po says."""

from __future__ import annotations

import gettext
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from webapp import kinds
from webapp.resources import folder
from webapp.web.language import KIND_WORDS, LANGUAGES, TRANSLATIONS, scripts_catalogue_text

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = TRANSLATIONS / "messages.pot"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def po(lang: str):
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_the_committed_template_is_the_messages_extracted_afresh(tmp_path):
    fresh = tmp_path / "messages.pot"
    # the options of `make messages` (the Makefile), which wrote the committed one
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
                    "--add-location=file", "--sort-output", "--no-wrap", "--omit-header", "-o", str(fresh), "."],
                   cwd=ROOT, check=True)
    assert fresh.read_text(encoding="utf-8") == TEMPLATE.read_text(encoding="utf-8"), \
        "the messages changed: run `make messages`, translate what it adds, commit the catalogues"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_a_translation_that_is_not_fuzzy(lang):
    with TEMPLATE.open("rb") as f:
        wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    catalogue = po(lang)
    have = {}
    for m in catalogue:
        if m.id:
            have[m.id if isinstance(m.id, str) else m.id[0]] = m
    assert not wanted - set(have), f"not in {lang}'s .po: run `make messages`"
    untranslated = [key for key in wanted if not all(have[key].string if have[key].pluralizable
                                                       else [have[key].string])]
    assert not untranslated, f"no {lang} translation yet"
    fuzzy = [key for key in wanted if have[key].fuzzy]
    assert not fuzzy, "fuzzy (a changed English message): check the translation, then drop the fuzzy flag"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_their_placeholders(lang):
    problems = [(m.id, [str(e) for e in errors]) for m, errors in po(lang).check() if errors]
    assert not problems


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_says_what_the_po_says(lang):
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for m in po(lang):
        if not m.id:
            continue
        if m.pluralizable:
            for n, form in ((1, 0), (2, 1)):
                said = (compiled.npgettext(m.context, m.id[0], m.id[1], n) if m.context
                        else compiled.ngettext(m.id[0], m.id[1], n))
                assert said == m.string[form], "the .mo is older than the .po: run `make messages`"
        else:
            said = compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id)
            assert said == m.string, "the .mo is older than the .po: run `make messages`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_scripts_committed_catalogue_says_what_the_po_says(lang):
    committed = folder("static") / "i18n" / f"{lang}.json"
    assert committed.read_text(encoding="utf-8") == scripts_catalogue_text(lang), \
        "static/i18n/ is older than the .po: run `make messages`"


def test_every_kinds_title_goal_and_captions_are_marked_for_translation():
    words = [word for kind in kinds.KINDS for word in (kind.title, kind.goal)]
    words += [caption for kind in kinds.KINDS if kind.web.figures
              for shown in kind.web.figures().values() for _, caption in shown]
    missing = [word for word in words if word not in KIND_WORDS]
    assert not missing, "mark them in webapp/web/language.py's KIND_WORDS"

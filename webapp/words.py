"""The words a kind writes into what a person reads (its pictures' titles,
their pieces' names), in the reader's language, though the kinds know no
web framework.

A kind writes the English whole, with named values:
``gettext("%(n)s x %(n)s triangle puzzle", n=3)`` (pybabel finds it:
``gettext`` and ``ngettext`` are among its keywords). It stays English
unless the caller draws inside :func:`speaking` with the reader's
catalogue (the web layer does, for a How to play page): the command line,
the API's answers (kept in a cache every reader shares) and the pictures
served as files stay English.

>>> import gettext as python_gettext
>>> class German(python_gettext.NullTranslations):
...     def gettext(self, message):
...         return {"%(n)s pieces": "%(n)s Teile"}.get(message, message)
>>> gettext("%(n)s pieces", n=9)
'9 pieces'
>>> with speaking(German()):
...     gettext("%(n)s pieces", n=9), ngettext("%(n)s piece", "%(n)s pieces", 1)
('9 Teile', '1 piece')
>>> gettext("no values, 100%")
'no values, 100%'
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

#: The catalogue of the drawing under way (a gettext ``Translations``), or None: English.
_catalogue: ContextVar = ContextVar("catalogue", default=None)


def gettext(message: str, **values) -> str:
    """``message`` in the reader's language, its ``%(name)s`` filled from ``values``."""
    catalogue = _catalogue.get()
    text = catalogue.gettext(message) if catalogue is not None else message
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, /, **values) -> str:
    """The singular or the plural by ``n`` as the reader's language counts,
    ``%(n)s`` filled with ``n`` (or with ``values["n"]``: ``n`` written
    as the reader's language writes numbers)."""
    catalogue = _catalogue.get()
    if catalogue is not None:
        text = catalogue.ngettext(singular, plural, n)
    else:
        text = singular if n == 1 else plural
    return text % {"n": n, **values}


@contextmanager
def speaking(catalogue) -> Iterator[None]:
    """Within the block, :func:`gettext` and :func:`ngettext` say the words
    of ``catalogue`` (a gettext ``Translations``)."""
    token = _catalogue.set(catalogue)
    try:
        yield
    finally:
        _catalogue.reset(token)

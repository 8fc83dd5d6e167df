"""How the Daifugo package puts its sentences together, in the current language when they are read.

Lists of names, reasons and sentences are linked by messages of their own (``"{items}, {item}"``,
``"{items}; {item}"`` ...), so a translator chooses the punctuation; :class:`Later` is text made
from other text when it is read (cards shown as 9♠, lines put together), so that everything a
learner reads keeps following :func:`cardlab.set_language`.

>>> str(commas(["甲", "乙", "丙"])), str(semicolons(["it holds a joker", "it cuts with 8"]))
('甲, 乙, 丙', 'it holds a joker; it cuts with 8')
"""

from __future__ import annotations

from ..cards import to_symbols
from ..i18n import Later, Message, _, p_


def _lines(*texts) -> str:
    return "\n".join(texts)


def lines(texts) -> Later:
    """``texts`` one a line."""
    return Later(_lines, *texts)


def symbols(text) -> Later:
    """``text`` with its cards as a learner reads them: 9♠ for S9."""
    return Later(to_symbols, text)


def _chain(items, link):
    items = list(items)
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = link(text, item)
    return text


def commas(items):
    """``"甲, 乙, 丙"``: items separated by commas (the list message of :func:`cardlab.i18n.join`)."""
    return _chain(items, lambda a, b: _("{items}, {item}", items=a, item=b))


def semicolons(items):
    """``"it holds a joker; it cuts with 8"``: reasons or clauses separated by semicolons."""
    return _chain(items, lambda a, b: _("{items}; {item}", items=a, item=b))


def ors(items):
    """``"S5 S6 BJ=S7 or S5 S6 BJ=S4"``: alternatives, each linked by "or"."""
    return _chain(items, lambda a, b: _("{items} or {item}", items=a, item=b))


def ands(items):
    """``"甲 and 乙"``: items each linked by "and"."""
    return _chain(items, lambda a, b: _("{items} and {item}", items=a, item=b))


def sentences(items):
    """Sentences one after the other, as a paragraph."""
    return _chain(items, lambda a, b: p_("sentences", "{first} {second}", first=a, second=b))

"""How the Daifugo package shows cards in its sentences, in the current language when they are read.

Lists and lines are put together by :mod:`cardlab.i18n` (:func:`~cardlab.i18n.commas`,
:class:`~cardlab.i18n.Lines` ...); :func:`symbols` is text with its cards as 9♠, made when it is
read, so that everything a learner reads keeps following :func:`cardlab.set_language`.

>>> str(symbols("S9 on H8"))
'9♠ on 8♥'
"""

from __future__ import annotations

from ..cards import to_symbols
from ..i18n import Later


def symbols(text) -> Later:
    """``text`` with its cards as a learner reads them: 9♠ for S9."""
    return Later(to_symbols, text)

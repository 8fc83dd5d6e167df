"""Jupyter widgets for the lessons: :class:`Stepper`, :class:`TryIt`, :class:`Quiz`, :class:`Compare`
and :class:`Referee`.

Each widget is a plain Python object first: every button has a method (``stepper.step()``,
``tryit.press("attack")``, ``quiz.answer(0, "Illegal")`` ...) that returns or exposes the same
text the learner reads, so lessons can print it for nbval to check and tests can drive it without
a browser. The ipywidgets view is built the first time ``.widget`` is used (or the object is
displayed) and follows every change made through the Python API. ipywidgets is imported only then,
so ``import cardlab`` and ``import cardlab.widgets`` never need it (nor anywidget, which
:class:`CardTable`, the picture whose cards a learner clicks, is built on).

Every verdict, explanation and narration is the engine's own text: the rule a learner reads is the
rule the engine applies. What a learner reads shows cards as 9♠ (never the letter notation S9 that
scenario files use) and each player whose name is not plain ASCII with a seat letter, ``甲 (A)``,
so that nothing depends on a Chinese font or keyboard; typing ``A attack S8`` works too.

An argument a widget cannot work with raises :class:`WidgetError` (a ``ValueError``), one
sentence naming the argument; a game table that could not save a game raises :class:`SaveError`
(a ``WidgetError``), saying why in the learner's language.

Every widget speaks the language current when it draws or updates (``cardlab.set_language``):
after a change of language, its next narration, verdict or picture is in the new language, and
so are its buttons' labels from its next update; its ``repr`` stays English. In 繁體中文 and 日本語
a seat reads ``甲``, without the letter.

Displayed in a notebook, a widget also carries a static HTML picture of itself, which is what a
notebook saved without widget state shows before its cells are run (with a line saying to run
them). ``size="large"`` (or :func:`presentation` for every widget made afterwards) draws larger
cards with the narration beside the table, to fit a classroom projector (1280×720); the
"Projector size" toggle switches one widget. In a notebook::

    stepper = Stepper("scenarios/durak/route_a.yaml")
    stepper              # the widget; with the pointer over it, ← and → step back and forth
    stepper.step()
    print(stepper.narration)
    # Step 1: 甲 (A) attack 8♠
    # 甲 (A) opens the round against 乙 (B) with 8♠; the round may have up to 6 attack cards.
    # ...
"""

from .args import WidgetError
from .base import (ACCEPTED, INFO, REFUSED, RUN_ME, SIZES, VERDICT_COLOURS, SizedWidget, Widget, lines_html,
                   presentation, still_html)
from .compare import Compare
from .play import Table
from .quiz import Quiz, QuizError
from .referee import Referee
from .saving import SaveError
from .stepper import Stepper
from .tryit import TryIt

__all__ = ["ACCEPTED", "INFO", "REFUSED", "RUN_ME", "SIZES", "VERDICT_COLOURS", "CardTable", "Compare", "Quiz",
           "QuizError", "Referee", "SaveError", "SizedWidget", "Stepper", "Table", "TryIt", "Widget", "WidgetError",
           "lines_html", "presentation", "still_html"]


def __getattr__(name: str):
    """:class:`~cardlab.widgets.cardtable.CardTable`, imported on first use (it needs anywidget)."""
    if name == "CardTable":
        from .cardtable import CardTable

        return CardTable
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

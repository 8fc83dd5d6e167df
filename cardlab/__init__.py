"""cardlab: an exact rules engine and Jupyter lessons for Daifugo, Gan Deng Yan and Podkidnoy Durak.

>>> from cardlab import durak
>>> game = durak.new_game("podkidnoy", ["甲", "乙"], seed=1)
>>> len(game.legal_actions()) > 0
True
"""

from . import display  # noqa: F401  (draws a card in a notebook: cards.html_of_cards)
from .cards import Card, CardError, StandIn, card, deck, format_cards, parse_cards
from .engine import Action, DealError, Event, IllegalAction, NotationError, Refusal, State, View
from .i18n import get_language, set_language
from .simulate import simulate

__all__ = ["Action", "Card", "CardError", "DealError", "Event", "IllegalAction", "NotationError",
           "Refusal", "StandIn", "State", "View", "card", "deck", "format_cards", "get_language", "parse_cards",
           "set_language", "simulate"]
__version__ = "0.1.0"

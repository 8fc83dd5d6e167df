"""Podkidnoy Durak: the rules and position (:mod:`.state`), the table's picture (:mod:`.picture`)
and the players' checklist (:mod:`.checklist`). See :mod:`cardlab.durak.state` for the rule sets
and every choice made where the article is silent."""

from .state import (DEAL_KEYS, DECK, DEFAULT_PLAYERS, EXPECTATIONS, HAND_SIZE, MAX_ATTACK, PLAYER_COUNTS, RULESETS,
                    DurakRules, DurakState, State, beats, from_deal, new_game, new_match)

__all__ = ["DEAL_KEYS", "DECK", "DEFAULT_PLAYERS", "EXPECTATIONS", "HAND_SIZE", "MAX_ATTACK", "PLAYER_COUNTS", "RULESETS",
           "DurakRules", "DurakState", "State", "beats", "from_deal", "new_game", "new_match"]

"""A toy fourth game, "higher card wins", that plugs into cardlab only through its public API: a
position (:mod:`.state`) and a spec (:mod:`.game`) registered with ``cardlab.registry.register``
(or found through an entry point, ``toy = "toygame.game:GAME"`` in the group ``cardlab.games``).
The conformance suite (tests/conformance/) runs it like the built-in games."""

from .game import GAME
from .state import RULESETS, ToyState, ToyView

__all__ = ["GAME", "RULESETS", "ToyState", "ToyView"]

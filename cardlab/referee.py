"""The referee: the questions a player asks before and during a game, answered for a given
position by the engine itself (each game brings its own checklist through its spec's hooks
``table_talk`` and ``checklist``, :class:`cardlab.game.Game`), so its answers are the rules it
applies.

    >>> from cardlab import durak, referee
    >>> game = durak.new_game("podkidnoy", ["甲", "乙"], seed=3)
    >>> for question, answer in referee.table_talk(game):
    ...     print(question)                                      # doctest: +ELLIPSIS
    How many cards, and which?
    ...
"""

from __future__ import annotations

from .engine import Action, State
from .i18n import Message, _
from .registry import game_of


def table_talk(state: State) -> list[tuple[str, str]]:
    """What to agree on before the first card, answered for ``state``'s rule set and deal."""
    return game_of(state).table_talk(state)


def ask(state: State, action: Action | str, typed=None) -> list[tuple[str, str]]:
    """The game's checklist for one proposed action (written as an :class:`Action` or in the
    notation, its verb perhaps in the learner's words ``typed``, as
    :meth:`~cardlab.engine.State.parse_action` takes them); the last answer of the list is the
    engine's verdict on the action. Raises :class:`~cardlab.engine.NotationError` for a move that
    does not parse or is not well formed."""
    if isinstance(action, str):
        action = state.parse_action(action, typed=typed)
    else:
        state.validate(action)  # the checklists take the cards apart before the verdict does
    return game_of(state).checklist(state, action)


def as_things_stand(answer) -> Message:
    """A checklist's answer about what a refused move would bring about: a refused move changes
    nothing, so the answer is the one of the position as it stands, and says so first."""
    return _("as things stand, since the move is refused: {answer}", answer=answer)

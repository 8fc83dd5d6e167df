"""Reason codes and refusals: why an action is not allowed.

The scenario contract (SCENARIOS.md) names the reason codes every game shares, in their order of
precedence; a game adds its own with :func:`add_reason`. A :class:`Refusal` pairs a code with the
explanation a learner reads, written by the same check that applies the rule. :mod:`cardlab.engine`
re-exports all of it, as before.
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass

from .i18n import N_, Message, _

__all__ = ["CONTRACT_REASON_CODES", "REASON_CODES", "REASON_TITLES", "REFUSAL_TEXT", "Refusal", "add_reason"]

# Reason codes of the contract (SCENARIOS.md) in their order of precedence (where several apply, the
# first wins): what each means, and the short title a learner reads above the explanation ("Not your
# turn: ..."). A game adds its own codes, for cases none of these covers, with add_reason.
_REASONS: dict[str, tuple[str, str]] = {
    "game_over": ("the game has ended", N_("The game is over")),
    "not_allowed": ("this verb does not exist in this game, rule set or phase", N_("Not a move here")),
    "passed": ("this player passed and may not play again until the table is cleared", N_("Passed already")),
    "not_your_turn": ("this player may not act now", N_("Not your turn")),
    "not_attacker": ("only an attacker may do this", N_("Only an attacker may do this")),
    "not_defender": ("only the defender may do this", N_("Only the defender may do this")),
    "not_in_hand": ("a named card is not in the player's hand", N_("Not in the hand")),
    "cannot_pass": ("passing is not allowed here", N_("No passing here")),
    "must_play": ("passing while a legal play exists", N_("You must play")),
    "wrong_count": ("not the number of cards this rank hands over", N_("Wrong number of cards")),
    "must_give_strongest": ("the lower player must hand over their strongest cards", N_("Give the strongest cards")),
    "joker_alone": ("a joker may not be played on its own", N_("Not on its own")),
    "invalid_combination": ("the cards form no playable combination", N_("Not a combination")),
    "shape_mismatch": ("not the same number and kind of cards as the combination to beat",
                       N_("Not the same kind of play")),
    "suit_lock": ("breaks the suit lock", N_("The suits are locked")),
    "not_stronger": ("same shape, but not stronger", N_("Not stronger")),
    "not_one_higher": ("same kind, but not exactly one rank higher", N_("Not one rank higher")),
    "attack_limit": ("the round already has as many attack cards as allowed", N_("No more attack cards")),
    "rank_not_on_table": ("an added attack card's rank is not on the table", N_("That rank is not on the table")),
    "cannot_beat": ("this card does not beat that attack card", N_("Does not beat it")),
}
CONTRACT_REASON_CODES: tuple[str, ...] = tuple(_REASONS)
# Every code known now: the contract's, then those the games imported so far added (add_reason).
REASON_CODES: dict[str, str] = {code: meaning for code, (meaning, _title) in _REASONS.items()}
REASON_TITLES: dict[str, "Message"] = {code: _(title) for code, (_meaning, title) in _REASONS.items()}
_REASON_CODE = re.compile(r"[a-z]+(?:_[a-z]+)*")


def add_reason(code: str, meaning: str, title: str) -> None:
    """Add a game's own reason code, for a case none of the contract's codes covers: its rules
    module calls it when imported, so that :class:`Refusal`, :data:`REASON_CODES` and
    :data:`REASON_TITLES` know the code from then on. ``code`` is lowercase words joined by ``_``;
    ``meaning`` says in English when it applies; ``title`` is what a learner reads, marked with
    ``N_``. Adding it again alike changes nothing; raises ``ValueError`` for a code written otherwise
    or known with another meaning or title.

    >>> add_reason("not_your_turn", "this player may not act now", "Not your turn")
    >>> add_reason("not_your_turn", "someone else's turn", "Not your turn")
    Traceback (most recent call last):
    ...
    ValueError: reason code 'not_your_turn' is already known with another meaning or title
    """
    if not isinstance(code, str) or not _REASON_CODE.fullmatch(code):
        raise ValueError(f"a reason code is lowercase words joined by '_', not {reprlib.repr(code)}")
    if code in REASON_CODES:
        if REASON_CODES[code] != meaning or REASON_TITLES[code].msgid != title:
            raise ValueError(f"reason code {code!r} is already known with another meaning or title")
        return
    REASON_CODES[code] = meaning
    REASON_TITLES[code] = _(title)


# A refusal as a teacher reads it (cardlab replay, a test): its reason (the title and the
# explanation), then its reason code. A learner reads the reason alone, the code only in a tooltip.
# TRANSLATORS: {reason} is "Not your turn: It is 甲's turn.", {code} "(code: not_your_turn)".
REFUSAL_TEXT = N_("{reason} {code}")


@dataclass(frozen=True)
class Refusal:
    """Why an action is not allowed: a contract reason ``code`` and the ``explanation`` a learner
    reads, written by the same check that applies the rule."""

    code: str
    explanation: str

    def __post_init__(self):
        if self.code not in REASON_CODES:
            raise ValueError(f"unknown reason code {self.code!r}")

    @property
    def title(self) -> str:
        """The short title a learner reads for this code (:data:`REASON_TITLES`): "Not your turn"."""
        return REASON_TITLES[self.code]

    def text(self) -> Message:
        """The refusal as a teacher reads it, in the current language: the title, the explanation,
        and the reason code last: ``"Not your turn: It is 甲's turn ... (code: not_your_turn)"``
        (:data:`REFUSAL_TEXT` of :meth:`reason` and :meth:`code_note`). A learner reads
        :meth:`reason`, without the code."""
        return _(REFUSAL_TEXT, reason=self.reason(), code=self.code_note())

    def reason(self) -> Message:
        """The title and the explanation: ``"Not your turn: It is 甲's turn ..."``."""
        # TRANSLATORS: why an action is refused: its short title, then the explanation.
        return _("{title}: {explanation}", title=self.title, explanation=self.explanation)

    def refused(self) -> Message:
        """The refusal as a step's narration says it, reason code left out (a learner reads the
        title): ``"Refused: Not your turn. It is 甲's turn ..."``."""
        # TRANSLATORS: a refused step in a worked example: the reason's short title, then the explanation.
        return _("Refused: {title}. {explanation}", title=self.title, explanation=self.explanation)

    def code_note(self) -> Message:
        """The reason code, as a refusal ends with it for teachers: ``"(code: not_your_turn)"``."""
        # TRANSLATORS: read after a refusal, for teachers; {code} stays in English (not_your_turn).
        return _("(code: {code})", code=self.code)

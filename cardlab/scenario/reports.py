"""Reports of a replayed scenario: :func:`transcript` (plain text, for lessons and ``cardlab
check``), :func:`json_records`, and :func:`expectation_words`, what an expectation confirms in
words a learner reads.
"""

from __future__ import annotations

from ..engine import REASON_TITLES, State
from ..game import cards_words, per_player, yes_no
from ..i18n import N_, Message, _, commas, n_, semicolons, worded
from ..registry import all_games, game_of
from .reading import show_value
from .running import RunResult, StepOutcome


# What each expectation every game has confirms, in words a learner reads (cards still in the
# notation: the widgets show them as 9♠ through State.learner_text); each game gives the words of
# its own (Game.expectation_words).
_EXPECTATION_WORDS = {
    "hands": per_player(lambda p, cards: _("{player} holds {cards}", player=p, cards=cards_words(cards))
                        if cards else _("{player} holds no cards", player=p)),
    "hand_sizes": per_player(lambda p, n: n_("{player} has {count} card", "{player} has {count} cards", n,
                                             player=p)),
    "finished": lambda ps: (_("out so far, in order: {players}", players=commas(ps)) if ps
                            else _("nobody is out yet")),
    "over": yes_no(N_("the game is over"), N_("the game goes on")),
    "legal": lambda items: _moves_words("legal", items, None),
    "illegal": lambda items: _moves_words("illegal", items, None),
}


def _moves_words(key: str, items, state: State | None) -> Message:
    """``legal`` or ``illegal``: each move in words a learner reads (the game's ``move_words``: in
    English as the file writes it), a refused one with its reason's title (the reason code is the
    file's, for teachers)."""
    said = []
    for action, text, code in items:
        move = text if state is None else game_of(state).move_words(state, action)
        if key == "legal":
            said.append(_("{action} would be allowed", action=move))
        elif code:
            said.append(_("{action} would be refused: {title}", action=move, title=REASON_TITLES[code]))
        else:
            said.append(_("{action} would be refused", action=move))
    return semicolons(said)


def expectation_words(key: str, value, state: State | None = None) -> Message | str:
    """What expectation ``key`` with ``value`` (as the loader gives it) confirms, in words a
    learner reads, in the current language: ``hand_sizes: {乙: 5}`` is "乙 has 5 cards". A key of
    one game reads in that game's words (``state``'s game, or the first game that has the key);
    with ``state``, a place reads as the game names it (:meth:`Game.place_word
    <cardlab.game.Game.place_word>`: 大富豪, not daifugo), in the rule set's own words where it has
    them (its ``words``: 局 under Daifugo's web rules). A key cardlab has no words for reads as the
    file writes it."""
    spec = None if state is None else game_of(state)
    if key in ("legal", "illegal"):
        return _moves_words(key, value, state)
    if key == "result" and spec is not None and value:
        return semicolons([_("{player} is {rank}", player=p, rank=spec.place_word(state, rank))
                           for p, rank in value.items()])
    words = _EXPECTATION_WORDS.get(key)
    if words is None:
        games = [spec] if spec is not None else all_games()
        words = next((game.expectation_words[key] for game in games if key in game.expectation_words), None)
    if not words:
        return f"{key}: {show_value(value)}"
    return worded(words(value), getattr(getattr(state, "rules", None), "words", None))


def _outcome_word(o: StepOutcome) -> str:
    if not o.ok:
        return "failed"
    if o.refusal is not None:
        return "refused"
    return "ok" if o.step.action is not None else "checked"


# The outcome words of a replay as a reader reads them (json_records gives the English word itself).
_OUTCOME_WORDS = {"failed": N_("failed"), "refused": N_("refused"), "ok": N_("ok"), "checked": N_("checked")}


def transcript(result: RunResult, positions: bool = True) -> str:
    """A replayed scenario as plain text: each step, its outcome, the engine's explanation, the
    scenario's note and (with ``positions``) the position after it. Deterministic, so lessons
    print it for nbval to check. Everything is in the current language (the title and notes in
    the file's text for it, or in English), but the file's own data: its ``source``, the steps as
    written, reason codes."""
    scenario = result.scenario
    lines = [str(_("{title}  [{game}, {rules}]", title=scenario.title_text.get(), game=scenario.game,
                   rules=scenario.rules.name))]
    if scenario.source:
        lines.append(str(_("source: {source}", source=scenario.source_text.get())))
    lines.append(str(result.start.describe()))
    for o in result.outcomes:
        step = o.step
        lines.append("")
        # TRANSLATORS: a replayed step: "step 3: 甲 attack S8  -> ok"; {action} is the step as the
        # file writes it, {outcome} one of the words ok, refused, checked, failed.
        lines.append(str(_("step {number}: {action}  -> {outcome}", number=step.number,
                           action=step.text or _("(check)"), outcome=_(_OUTCOME_WORDS[_outcome_word(o)]))))
        lines.extend(f"  {e.text}" for e in o.events)
        if o.refusal is not None:
            lines.append("  " + str(_("refused, {code}: {explanation}", code=o.refusal.code,
                                      explanation=o.refusal.explanation)))
        if step.note_text is not None:
            lines.append("  " + str(_("note: {note}", note=step.note_text.get())))
        if o.failure:
            lines.append("  " + str(_("FAIL: {failure}", failure=o.failure)))
        if positions:
            lines.append("  " + str(o.position).replace("\n", "\n  "))
    return "\n".join(lines)


def json_records(result: RunResult):
    """The replay as JSON-ready dicts: a header, then one per step. Texts are in the current
    language, as :func:`transcript` gives them."""
    scenario = result.scenario
    yield {"title": scenario.title_text.get(), "source": scenario.source_text and scenario.source_text.get(),
           "game": scenario.game,
           "rules": scenario.rules.name, "players": list(scenario.players),
           "position": str(result.start.describe())}
    for o in result.outcomes:
        note = o.step.note_text
        record = {"step": o.step.number, "action": o.step.text, "outcome": _outcome_word(o),
                  "events": [{"kind": e.kind, "player": e.player, "cards": [str(c) for c in e.cards],
                              "text": str(e.text)} for e in o.events],
                  "note": None if note is None else note.get(), "position": str(o.position)}
        if o.refusal is not None:
            record["code"] = o.refusal.code
            record["explanation"] = str(o.refusal.explanation)
        if o.failure:
            record["failure"] = o.failure
        yield record

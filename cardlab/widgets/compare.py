"""One position under two rule sets, side by side."""

from __future__ import annotations

from html import escape
from pathlib import Path

from ..engine import Action, State
from ..i18n import _, commas, shown
from ..registry import game_of
from ..scenario import Scenario
from ..svg import state_svg
from .args import WidgetError, flag
from .base import Widget, card_width, lines_html, replay, scenario_of, still_html


def _ruleset(spec, rules, name: str):
    """The rule set ``rules`` (a name of one of the game's rule sets, or a rule set of the game:
    ``spec``); ``name`` is the argument's name, for the sentence saying it is neither."""
    if isinstance(rules, str) and rules in spec.rulesets:
        return spec.rulesets[rules]
    if isinstance(rules, tuple({type(r) for r in spec.rulesets.values()})):
        return rules
    raise WidgetError(f"{name} must be a rule set of {spec.name} ({', '.join(spec.rulesets)}), "
                      f"not {shown(rules)}")


def _replay_under(scenario: Scenario, rules, at_step: int | None) -> tuple[State, str | None]:
    """:func:`~cardlab.widgets.base.replay` under ``rules``, or :class:`~cardlab.engine.IncompatibleRules` in one
    sentence when the scenario's deal cannot be played under them."""
    from ..engine import DealError, IncompatibleRules

    scenario.start().with_rules(rules)  # the game's own sentence, such as "yeeqia has no jokers: ..."
    try:
        return replay(scenario, rules, at_step)
    except DealError as exc:
        raise IncompatibleRules(f"{scenario.path} cannot be set up under {rules.name}: {exc}.") from None


class Compare(Widget):
    """One position under two rule sets side by side (such as durak ``podkidnoy`` and
    ``perevodnoy``): each picture with its legal actions, the actions legal under only one of them
    marked. ``source`` is a scenario / path, replayed under each rule set up to step ``at_step`` as
    the :class:`Stepper` numbers steps (default: the start), or a :class:`State`, copied under
    each rule set. When one rule set
    refuses an action of the scenario, its side shows the position before it and ``notes`` says so.
    A position one of them cannot hold (a joker under yeeqia) raises
    :class:`~cardlab.engine.IncompatibleRules`, whose message says why in one sentence; an
    argument it cannot work with (``None`` for a rule set) :class:`~cardlab.widgets.WidgetError`.

    What it says is read in the language current when it is read or drawn."""

    def __init__(self, source: State | Scenario | str | Path, rules_a, rules_b, at_step: int | None = None,
                 four_colour: bool = False):
        self.four_colour = flag(four_colour, "four_colour")
        if isinstance(source, State):
            if at_step is not None:
                raise WidgetError("at_step applies to a scenario, not to a State")
            spec = game_of(source)
            self.rules = (_ruleset(spec, rules_a, "rules_a"), _ruleset(spec, rules_b, "rules_b"))
            self.states = tuple(source.with_rules(r) for r in self.rules)
            self.notes: list = []  # messages, read in the current language
        else:
            scenario = scenario_of(source)
            spec = scenario.spec
            self.rules = (_ruleset(spec, rules_a, "rules_a"), _ruleset(spec, rules_b, "rules_b"))
            replays = [_replay_under(scenario, r, at_step) for r in self.rules]
            self.states = tuple(state for state, _note in replays)
            self.notes = [note for _state, note in replays if note]

    def differences(self) -> tuple[list[Action], list[Action]]:
        """The actions legal only under rule set A, and those legal only under B, each in the
        engine's order."""
        legal_a, legal_b = (s.legal_actions() for s in self.states)
        set_a, set_b = set(legal_a), set(legal_b)
        return [a for a in legal_a if a not in set_b], [b for b in legal_b if b not in set_a]

    def summary(self) -> str:
        """The differences in words, one rule set a line, then any notes, in the current language."""
        name_a, name_b = (r.name for r in self.rules)
        only_a, only_b = self.differences()
        lines = [_("Only under {rules}: {actions}", rules=name, actions=commas(map(str, only)) or _("nothing"))
                 for name, only in ((name_a, only_a), (name_b, only_b))]
        return self.states[0].learner_text("\n".join(map(str, lines + self.notes)))

    def __repr__(self) -> str:
        name_a, name_b = (r.name for r in self.rules)
        only_a, only_b = self.differences()
        return f"<Compare {name_a} vs {name_b}: {len(only_a)} only in {name_a}, {len(only_b)} only in {name_b}>"

    def static_html(self) -> str:
        name_a, name_b = (r.name for r in self.rules)
        return still_html(_("{rules_a} and {rules_b} side by side", rules_a=name_a, rules_b=name_b),
                          lines_html(self.summary(), "cardlab-differences-text", heading=False))

    def _legal_html(self, state: State, rules, unique: set) -> str:
        """The legal actions of one side, those legal only there marked, in the current language."""
        items = []
        for action in state.legal_actions():
            move = escape(state.learner_text(str(action)))
            if action in unique:
                only = escape(str(_("(only under {rules})", rules=rules.name)))
                items.append(f'<li style="background:#fff0c2;font-weight:bold">{move} {only}</li>')
            else:
                items.append(f"<li>{move}</li>")
        none, heading = _("No legal actions."), _("Legal now:")
        listing = "<ul>" + "".join(items) + "</ul>" if items else f"<p>{escape(str(none))}</p>"
        return f'<div class="cardlab-legal">{escape(str(heading))}{listing}</div>'

    def _build(self, ipw):
        columns = []
        self._picture_views, self._legal = [], []
        for rules in self.rules:
            picture, legal = ipw.HTML(), ipw.HTML()
            self._picture_views.append(picture)
            self._legal.append(legal)
            # Side by side; at projector size, where each picture is as wide as the card table's,
            # one above the other.
            columns.append(ipw.VBox([ipw.HTML(f"<b>{escape(rules.name)}</b>"), picture, legal],
                                    layout=ipw.Layout(width="100%" if self.size == "large" else "50%")))
        summary = ipw.HTML()
        summary.add_class("cardlab-differences")
        self._summary = summary
        box = ipw.VBox([ipw.HBox(columns, layout=ipw.Layout(flex_flow="row wrap")), summary])
        box.add_class("cardlab-compare")
        return box

    def _update_view(self) -> None:
        """The pictures, the legal actions and the summary, in the current language."""
        columns = zip(self.states, self.rules, self.differences(), self._picture_views, self._legal)
        for state, rules, unique, picture, legal in columns:
            picture.value = state_svg(state, width=card_width(self.size, 42), four_colour=self.four_colour)
            legal.value = self._legal_html(state, rules, set(unique))
        self._summary.value = lines_html(self.summary(), "cardlab-differences-text", heading=False)

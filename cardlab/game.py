"""What a game is to the rest of cardlab: its spec, one :class:`Game` per game package.

A game package (``cardlab/durak/`` ...) keeps its rules and positions in its ``rules``, ``moves`` or
``combos`` and ``state`` modules, and everything the shared code asks of a game in the others: its
picture, its checklist, its rules of thumb, its matches. Its ``game`` module says so in one place,
a :class:`Game` subclass and its instance ``GAME``, which :mod:`cardlab.registry` finds by name. The
scenario files, the command line, the widgets, the pictures, the simulations and the bots call the
spec's hooks (``game_of(state).picture(state, ...)``), never a game by name; the position keeps
only the rules and the notation (:class:`cardlab.engine.State`).

A hook takes the position (or a view) first. The defaults here are what a game without anything
of its own gets: a picture of the seats and hands with the position's text, no checklist but the
verdict, no matches.

    >>> from cardlab.registry import find_game
    >>> durak = find_game("durak")
    >>> state = durak.new_game("podkidnoy", seed=1)
    >>> state.players, durak.focus(state) in state.players
    (('甲', '乙'), True)
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping

from .cards import Card, format_cards, plain
from .engine import Action, Match, State, View
from .i18n import N_, Message, _, join, n_, semicolons, words
from .svg import generic_svg

__all__ = ["Game", "cards_words", "per_player", "stock_words", "top_words", "turn_words", "words", "yes_no"]

# The seats of a game dealt without names (new_game with players=None): 甲, 乙, 丙 ...
SEAT_NAMES = "甲乙丙丁戊己庚辛"


# --- what an expectation confirms, in words: the helpers every game's expectation_words use ---------

def cards_words(value) -> str:
    """Expected cards as the notation writes them, in the deck's order: ``"S8 D8"``."""
    return " ".join(str(c) for c in sorted(value, key=lambda c: plain(c).index)) if value else ""


def yes_no(yes: str, no: str) -> Callable[[bool], Message]:
    """The words of a true-or-false expectation: ``yes`` or ``no`` (English, marked with ``N_``)."""
    return lambda value: _(yes) if value else _(no)


def per_player(phrase: Callable[[str, Any], Message], none: str = N_("nothing yet")) -> Callable:
    """The words of an expectation by player: ``phrase(player, value)`` for each, or ``none``."""
    return lambda value: semicolons([phrase(p, x) for p, x in value.items()]) if value else _(none)


# The words of expectations that several games have, each in one place: one message, translated once
# in the words every game that has the key reads.

def stock_words(count: int) -> Message:
    """``stock_size``: how many cards are left to draw."""
    return n_("the stock has {count} card", "the stock has {count} cards", count) if count \
        else _("the stock is empty")


def turn_words(player: str | None) -> Message:
    """``turn``: who acts next."""
    return _("{player} is to play", player=player) if player else _("nobody is to play")


def top_words(cards) -> Message:
    """``top``: the play to beat, as played."""
    return _("the play to beat is {cards}", cards=cards_words(cards)) if cards else _("the table is clear")


class Game:
    """A game's spec: what it is called, its rule sets, seats and verbs, what its scenario files may
    say, and the hooks the shared code calls. A game package subclasses it once (``class
    DurakGame(Game)``) and makes its one instance ``GAME``, registered under ``name``.

    Data:

    - ``name`` (``"durak"``, the ``game`` of its positions and scenario files) and ``order`` (its
      place in lists: lower first); ``title``, the game's name as a learner reads it (English
      marked with ``N_``, a message, or a mapping from language tags to text: read it with
      :func:`words`);
    - ``state_class`` and ``view_class``; ``rulesets`` (name -> rule set, each with ``name`` and
      ``description``), ``contract_rulesets`` (those the scenario contract lists: by default all);
      ``player_counts`` (rule set name -> (fewest, most)) and ``default_players``;
    - ``verbs``: each verb and its button's label (as ``title``), in the order a player reads them;
      ``reason_codes``: the reason codes the game's refusals use;
    - ``deal_keys`` and ``expectations``: the keys of a scenario's ``deal`` and ``expect`` this game
      adds (the kind of value each takes, and for an expectation how to read it in a position);
      ``expectation_words``: how a replay says each expectation of its own in words;
    - ``counted_events`` (a simulation's column -> the kind of event it counts) and
      ``private_events`` (kinds of event whose cards only some players see);
    - ``lab_words``: the words the simulation lab gives its charts of this game (titles, labels),
      marked with ``N_`` so that the catalogs hold them (a chart looks them up as it draws,
      :mod:`cardlab.charts`).
    """

    name: ClassVar[str] = ""
    order: ClassVar[int] = 100
    title: ClassVar[Any] = ""
    state_class: ClassVar[type] = State
    view_class: ClassVar[type] = View
    rulesets: ClassVar[Mapping[str, Any]] = {}
    contract_rulesets: tuple[str, ...] = ()
    player_counts: ClassVar[Mapping[str, tuple[int, int]]] = {}
    default_players: ClassVar[int] = 2
    verbs: ClassVar[Mapping[str, Any]] = {}
    reason_codes: ClassVar[frozenset[str]] = frozenset()
    deal_keys: ClassVar[Mapping[str, Any]] = {"hands": "hands", "seed": "int"}
    expectations: ClassVar[Mapping[str, tuple]] = {}
    expectation_words: ClassVar[Mapping[str, Callable]] = {}
    counted_events: ClassVar[Mapping[str, str]] = {}
    private_events: ClassVar[frozenset[str]] = frozenset()
    lab_words: ClassVar[tuple[str, ...]] = ()

    def __init__(self):
        if not self.contract_rulesets:
            self.contract_rulesets = tuple(self.rulesets)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}: {', '.join(self.rulesets)}>"

    def inapplicable_expectation(self, key: str, rules) -> str | None:
        """Why expectation ``key`` does not apply under ``rules``, or ``None`` (the default)."""
        return None

    # --- dealing -------------------------------------------------------------------------------------

    def seats(self, rules, players=None) -> Any:
        """``players`` as the game's own ``new_game`` takes them: a number gives that many seats
        named 甲, 乙, 丙 ...; ``None`` as many as this rule set (a rule set or its name) usually has."""
        if players is None:
            name = rules if isinstance(rules, str) else getattr(rules, "name", None)
            low, high = self.player_counts.get(name, (self.default_players, self.default_players))
            players = min(max(self.default_players, low), high)
        if isinstance(players, int) and not isinstance(players, bool):
            return list(SEAT_NAMES[:players])
        return players

    def new_game(self, rules, players=None, seed: int = 0, **options) -> State:
        """A freshly shuffled game under ``rules`` (a rule set or its name), dealt by ``seed``."""
        raise NotImplementedError(f"{self.name} deals no games")

    def from_deal(self, rules, players, **deal) -> State:
        """A position from a scenario's ``deal`` (its keys are :attr:`deal_keys`)."""
        raise NotImplementedError(f"{self.name} takes no deals")

    def new_match(self, rules, players=None, seed: int = 0) -> Match:
        """Game after game (a table's match), the first dealt by ``seed``, each next one by
        :meth:`next_game`."""
        return Match(self.new_game(rules, players, seed=seed), seed=seed)

    def every_card(self, state) -> list[Card]:
        """Every physical card the position holds, wherever it lies (hands, stock, table, discards),
        each as often as it is there: random play never makes a card appear or vanish (the
        conformance suite, tests/conformance/, counts them). A game says where its cards lie."""
        raise NotImplementedError(f"{self.name} does not say where its cards lie")

    # --- presentation -------------------------------------------------------------------------------

    def picture(self, state, *, view: str = "teaching", seat: str | None = None, bottom: str | None = None,
                highlight=(), width: float = 56, four_colour: bool = False) -> str:
        """The position as an SVG picture of the card table. Called through
        :func:`cardlab.svg.state_svg`, which has checked ``view``, ``seat`` and ``bottom``. The
        default shows the seats and hands, and the ``describe()`` text on the table."""
        return generic_svg(state, view=view, seat=seat, bottom=bottom, highlight=highlight, width=width,
                           four_colour=four_colour)

    def html(self, state) -> str:
        """What a notebook shows of a position: the picture above its text."""
        from .display import state_html

        return state_html(state)

    def focus(self, state) -> str:
        """The player whose move is awaited, drawn along the bottom of the picture when no seat is
        given: the first player who may act (the first player once the game is over)."""
        acting = state.to_act()
        return acting[0] if acting else state.players[0]

    def hand_order(self, state, cards) -> list[Card]:
        """``cards`` in the order a player of this game holds them, for pictures and buttons
        (the default: the deck's order)."""
        return sorted(cards)

    def table_cards(self, state) -> list[Card]:
        """Cards on the table that an action may name (none unless the game says so)."""
        return []

    def play_words(self, state, action: Action) -> str | Message:
        """What ``action``'s cards make, in a few words a learner reads: how a try-it table tells
        apart the readings of a joker or wild card (``"a run 3-4-5"``, ``"three 3s"``). A game
        whose plays are combinations names them; the default is the cards as the learner reads
        them (``"5♦ BJ=5"``)."""
        return state.learner_text(format_cards(action.cards))

    def place_word(self, state, name: str) -> Message | str:
        """A place of this game's results (the contract's ``result`` values) as a learner reads it
        in the current language; the default: the name as written."""
        return name

    def known_cards(self, state, seat: str) -> set[Card]:
        """The cards ``seat`` knows the place of without "Show all hands": the default, its own
        hand; a game adds cards it set aside itself."""
        return set(state.hands[seat])

    def verb_label(self, verb: str) -> Message | str:
        """The label of ``verb``'s button, in the current language (:attr:`verbs`); the verb with a
        capital where the game gives none."""
        label = self.verbs.get(verb)
        return words(label) if label else verb.capitalize()

    # --- the checklist --------------------------------------------------------------------------------

    def checklist(self, state, action: Action) -> list[tuple[Message, Message]]:
        """The game's checklist questions about ``action``, each answered by the engine; the last
        answer is always the verdict (:meth:`verdict`)."""
        return [self.verdict(state, action)]

    def verdict(self, state, action: Action) -> tuple[Message, Message]:
        """("So, is it legal?", "yes" or "no (code): explanation")."""
        refusal = state.check(action)
        answer = _("yes") if refusal is None else _("no ({code}): {explanation}", code=refusal.code,
                                                     explanation=refusal.explanation)
        return _("So, is it legal?"), answer

    def table_talk(self, state) -> list[tuple[Message, Message]]:
        """What the players agree on before the first card, answered for this rule set and deal."""
        return []

    # --- the position as a scenario -----------------------------------------------------------------

    def deal_spec(self, state) -> dict[str, Any]:
        """The position as dealt, in the scenario contract's ``deal`` keys (SCENARIOS.md), cards
        written as text: :meth:`from_deal` given them deals this position again. The default: the
        hands alone."""
        return {"hands": {p: [str(c) for c in state.hands[p]] for p in state.players}}

    def expect_spec(self, state) -> dict[str, Any]:
        """What holds now, in the scenario contract's ``expect`` keys: a scenario whose last step
        expects it passes in this position. The default: whether the game is over and the hand
        sizes."""
        return {"over": state.is_over(), "hand_sizes": {p: len(state.hands[p]) for p in state.players}}

    # --- game after game ------------------------------------------------------------------------------

    def next_game(self, state, seed: int = 0) -> State:
        """Once over, the next game of a match under this game's own rules (who deals or leads
        follows from this game), freshly shuffled by ``seed``. Raises ``ValueError`` while this
        game is not over; the default raises ``NotImplementedError``: the game has no matches."""
        raise NotImplementedError(f"{self.name} has no next game")

    def outcome(self, state) -> Message:
        """Once over, how the game ended in a few words (``"甲 wins"``). The default: the places of
        :meth:`~cardlab.engine.State.standings`."""
        places = state.standings()
        return join([_("{player} place {place}", player=p, place=f"{places[p]:g}")
                     for p in sorted(places, key=places.get)])

    def score_line(self, state) -> tuple[dict[str, Message], dict[str, int]]:
        """Once over, this game's line of a score table: each player's result as a word or two,
        and what it adds to their total (:meth:`score_total`). The default: each player's place,
        adding nothing."""
        places = state.standings()
        return {p: _("place {place}", place=f"{places[p]:g}") for p in state.players}, {}

    def score_total(self, state) -> Message | None:
        """What a score table adds up over the games (``"wins"``), or ``None`` where this rule set
        adds up nothing. The default: ``None``."""
        return None

    # --- computer players ------------------------------------------------------------------------------

    def rule_of_thumb(self, view: View) -> tuple[Action, Message]:
        """The ``simple`` bot's choice and its reason in a few words: the game's own rules of
        thumb (:mod:`cardlab.bots`)."""
        raise NotImplementedError(f"{self.name} has no rules of thumb")

    def alternatives(self, view: View) -> list[Action] | None:
        """The actions besides the rules of thumb' choice that the ``montecarlo`` bot should play
        out, best first; ``None`` (the default): some drawn at random."""
        return None


"""The small API every game shares: its rules and its notation.

A game module (``cardlab.durak``, ``cardlab.daifugo`` ...) defines its rule sets as frozen objects
and a :class:`State` subclass (what it shows, asks and plays on beyond the rules is its spec's
business: :mod:`cardlab.game`, found by name through :mod:`cardlab.registry`). A state is a position: it answers :meth:`State.legal_actions`,
:meth:`State.check` (why an action would be refused, without changing anything) and
:meth:`State.apply` (perform it and return the :class:`Event` log of what happened, each event
explained in plain words that name the rule). A refused action raises :class:`IllegalAction`
with a reason code from the scenario contract, and leaves the position exactly as it was.

A game implements ``_check`` and ``_perform``, not ``check`` and ``apply``: :meth:`State.check`
first makes sure the action is well formed (:meth:`State.validate`: text player and verb, a tuple
of this deck's cards, as many as ``VERBS`` gives the verb), raising :class:`NotationError` if not,
so a game's rules only ever see actions they can take apart, however the action was built.

The widgets, the scenario runner, the benchmarks and the tests drive every game through this API
and nothing else. Computer players see less: :meth:`State.view` gives what one seat may see (a
:class:`View`, with the seat's legal actions and a way to deal the hidden cards at random), and
:meth:`State.standings` ranks the players once the game is over (:mod:`cardlab.bots`,
:mod:`cardlab.simulate`).
"""

from __future__ import annotations

import copy
import random
import re
import reprlib
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any, ClassVar, Iterable, NamedTuple

from .cards import Card, CardError, StandIn, card, format_cards, parse_token, to_symbols
from .i18n import N_, Message, _, current_language, join, n_, p_, shorten, shown
from .reasons import (CONTRACT_REASON_CODES, REASON_CODES, REASON_TITLES, REFUSAL_TEXT, Refusal,  # noqa: F401
                      add_reason)
from .registry import game_of

# The verbs of the scenario contract's verb table (SCENARIOS.md, steps). A game that lacks one
# refuses it with not_allowed, explained by State.missing_verb; any other word is no action at all.
CONTRACT_VERBS = ("play", "pass", "give", "attack", "defend", "take", "done", "transfer", "swap")

# Seat letters, clockwise from the first player listed: A, B, C ...
SEAT_LETTERS = "ABCDEFGH"


# A joker after to_symbols: its code, and perhaps the card it stands for (BJ, RJ=10♥, BJ=9).
_JOKER = re.compile(r"(?<![A-Za-z0-9_=])(BJ|RJ)(?:=((?:10|[2-9JQKA])[♠♥♦♣]?))?(?![A-Za-z0-9_=])")


def joker_words(text: str) -> str:
    """``text`` (cards already as 9♠: :func:`~cardlab.cards.to_symbols`) with each joker named
    as a learner of the current language reads a card list: the codes ``BJ`` and ``RJ`` are what
    one types, and the catalogs name the black and the red joker in each language (繁體中文 小王,
    大王; 日本語 黒のジョーカー, 赤のジョーカー); English keeps the codes. A stand-in reads as the
    joker and what it stands for (``BJ=9`` is 小王（當9）)."""
    if "J" not in text:
        return text

    def name(found: re.Match) -> str:
        # TRANSLATORS: a joker in a list of cards a learner reads; the codes BJ and RJ are typed only.
        joker = p_("card list", "BJ") if found.group(1) == "BJ" else p_("card list", "RJ")
        if found.group(2) is None:
            return str(joker)
        # TRANSLATORS: a joker standing in for a card, in a list of cards: "BJ=9" is the black joker as 9.
        return str(p_("card list", "{joker}={card}", joker=joker, card=found.group(2)))

    return _JOKER.sub(name, text)


class Action(NamedTuple):
    """``player`` does ``verb`` with ``cards`` (cards or stand-ins, in the order written).

    ``str(action)`` is the scenario notation: ``"乙 defend S8 SQ"``."""

    player: str
    verb: str
    cards: tuple = ()

    def __str__(self) -> str:
        if self.cards:
            return f"{self.player} {self.verb} {format_cards(self.cards)}"
        return f"{self.player} {self.verb}"


class Event(NamedTuple):
    """Something that happened: ``kind`` (``"beat"``, ``"take"``, ``"draw"`` ...), the player it
    concerns, the cards that moved, and ``text``: a plain sentence that names the rule."""

    kind: str
    player: str | None
    cards: tuple
    text: str

    def __str__(self) -> str:
        return str(self.text)


class IllegalAction(ValueError):
    """The action is not allowed in this position. The position is unchanged."""

    def __init__(self, action: Action, refusal: Refusal):
        self.action = action
        self.refusal = refusal
        self.code = refusal.code
        self.explanation = refusal.explanation
        super().__init__(action, refusal)

    def __str__(self) -> str:
        return f"{self.action}: {self.code}: {self.explanation}"


class NotationError(ValueError):
    """An action written in a way that does not parse: unknown player or verb, bad card, wrong
    number of arguments. ``text`` is the action as written."""

    def __init__(self, text: str, reason: str):
        self.text = text
        self.reason = reason
        super().__init__(text, reason)

    def __str__(self) -> str:
        return f"{shorten(self.text)!r}: {self.reason}"


class WrongCardCount(NotationError):
    """An action that names more or fewer cards than its verb takes: ``verb`` and the number of
    cards it names, ``got``, so that a learner can be told what to select instead
    (:meth:`cardlab.game.Game.count_words`)."""

    def __init__(self, text: str, reason: str, verb: str, got: int):
        super().__init__(text, reason)
        self.verb = verb
        self.got = got

    def __reduce__(self):
        return (WrongCardCount, (self.text, self.reason, self.verb, self.got))


def rules_word(rules) -> Message:
    """A rule set (or its name) as a learner reads it, in the current language: the catalogs'
    entry of the context "rule set" for its name (each game's spec lists its own,
    :attr:`cardlab.game.Game.ruleset_names`), or the name itself where none is given. In English
    the name is the rule set's own (``podkidnoy``); the name a learner types is always that one."""
    return Message(rules if isinstance(rules, str) else rules.name, context="rule set")


class DealError(ValueError):
    """A starting position that cannot exist (a card twice, a card the deck does not hold, too
    many cards, a trump that disagrees with the face-up card ...)."""


class IncompatibleRules(ValueError):
    """A position that another rule set of the same game cannot hold (:meth:`State.with_rules`),
    such as one with a joker under rules whose deck has none. The message is one sentence."""


def view_class(cls: type) -> type:
    """Declare a :class:`View` subclass: its annotated attributes become its fields, taken by
    keyword (a dataclass with slots, compared by :meth:`View.__eq__`). Each game's view is
    declared so:

    >>> @view_class
    ... class CoinView(View):
    ...     game = "coin"
    ...     face: str  # the face the coin shows
    >>> view = CoinView(rules=None, players=("a", "b"), seat="a", hand=(), counts={"a": 0, "b": 0},
    ...                 played=(), face="heads")
    >>> view.fields()["face"], view.legal_actions()
    ('heads', [])

    Slots: a method of a view says ``super(CoinView, self)``, not ``super()``."""
    return dataclass(slots=True, kw_only=True, eq=False, repr=False)(cls)


@view_class
class View:
    """What one seat may see of a position, made by :meth:`State.view`: everything a player at
    that seat knows, and nothing they do not. A computer player (:mod:`cardlab.bots`) is given a
    view, never the state.

    Every game's view has ``game`` (the game's name), ``rules`` (the rule set), ``players`` (in
    seat order), ``seat``, ``hand`` (the seat's cards, a tuple), ``counts`` (player → number of
    cards held), ``played`` (the cards seen to leave a hand so far, in the order seen) and
    :meth:`legal_actions` (the seat's legal actions now, worked out by the state when the view was
    made). Each game's subclass (declared with :func:`view_class`) adds the fields of what is
    public on its table; its docstring says what each means. A view holds no reference to the
    state and no hidden card: two positions that differ only in cards the seat cannot see give
    equal views. The one thing the rules themselves let through is in the legal actions: in Durak
    another attacker may add a card once the main attacker can add none, so whether they may add
    yet tells them that much of the main attacker's hand (as the main attacker's waving them on
    would at a real table).

    A view is made with its fields by keyword, with ``legal`` (the seat's legal actions) and
    ``skeleton`` (the position with every card the seat cannot see taken out, or ``None``).

    :meth:`sample_state` deals the cards the seat cannot see at random, consistently with
    everything it has seen: a position the seat could be in (a *determinization*), which the
    ``montecarlo`` bot plays out.
    """

    game: ClassVar[str] = ""
    rules: Any
    players: tuple[str, ...]
    seat: str
    hand: tuple[Card, ...]
    counts: dict[str, int]
    played: tuple[Card, ...]
    legal: InitVar[Sequence[Action]] = ()
    skeleton: InitVar["State | None"] = None
    _legal: tuple[Action, ...] = field(init=False)
    # The position with every card the seat cannot see taken out; sample_state deals them.
    _skeleton: "State | None" = field(init=False)

    def __post_init__(self, legal, skeleton) -> None:
        self._legal = tuple(legal)
        self._skeleton = skeleton

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions in the position the view was made from."""
        return list(self._legal)

    def fields(self) -> dict[str, Any]:
        """The public fields as a dict (``game``, ``rules``, ``players``, ``seat``, ``hand`` ...)."""
        return {"game": self.game, **{f.name: getattr(self, f.name) for f in dataclass_fields(self)
                                      if not f.name.startswith("_")}}

    def sample_state(self, rng) -> "State | None":
        """A position consistent with this view, the hidden cards dealt by ``rng`` (a
        ``random.Random``): the seat's own cards and everything public as in the view, the others'
        hands of the sizes in ``counts``. ``None`` where the game cannot deal one (the game's
        subclass says when)."""
        return None

    def _deal_others(self, state: "State", unseen: list, known: dict | None = None) -> list:
        """Deal ``unseen`` (already shuffled) to every other seat of ``state``, as many cards as
        ``counts`` says each holds; a seat ``known`` (seat -> cards) to hold some cards gets them
        and that many fewer unseen ones. Returns the unseen cards nobody was dealt."""
        known = known or {}
        for p in self.players:
            if p != self.seat:
                mine = list(known.get(p, ()))
                n = self.counts[p] - len(mine)
                state.hands[p] = unseen[:n] + mine
                del unseen[:n]
        return unseen

    def consistent_sample(self, rng, tries: int = 20) -> "State | None":
        """:meth:`sample_state`, dealt again (up to ``tries`` times) until the seat's legal actions
        in it are the view's, so that every action of the view can be tried in it. The last deal
        when none agrees; ``None`` when the game cannot deal one."""
        state = None
        want = set(self._legal)
        for _ in range(tries):
            state = self.sample_state(rng)
            if state is None or {a for a in state.legal_actions() if a.player == self.seat} == want:
                return state
        return state

    def __eq__(self, other) -> bool:
        if type(other) is not type(self) or self.fields() != other.fields() or self._legal != other._legal:
            return False
        mine, theirs = self._skeleton, other._skeleton
        return (mine is None) == (theirs is None) and (mine is None or mine.key() == theirs.key())

    __hash__ = None

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game} ({getattr(self.rules, 'name', self.rules)}) "
                f"seat {self.seat}: {len(self.hand)} cards, {len(self._legal)} legal actions>")


class State:
    """A position of one game: its rules and its notation. Subclasses set ``game`` (the name its
    spec is registered under, :mod:`cardlab.registry`), ``VERBS``, ``NAME`` and ``DECK``, and
    implement the rules below. How a game is drawn, asked about, saved as a scenario or played game
    after game is its spec's business (:class:`cardlab.game.Game`), which finds the position's game
    by ``game``.

    A position changes through :meth:`apply` (and :meth:`act`). What it remembers of the actions
    it offered lasts until the next :meth:`apply`: set its attributes from outside (as
    :meth:`View.sample_state` deals hands) only when it remembers none, on a fresh :meth:`copy` or
    right after an :meth:`apply`, before asking it anything."""

    # Not part of the position, only remembered to save work. legal_actions() keeps the actions it
    # found in _offered (returning a copy) and in _details what it worked out for the first
    # len(_details) of them (a reading of jokers ...), set directly: a call or a tuple at every
    # decision would show. check() accepts an offered action at once, keeping its detail in
    # _checked, as a game's _check() does with _remember(); _perform() asks _detail(). apply()
    # forgets the offer. Slots, outside the __dict__: copies (which copy the __dict__), key(),
    # equality and vars() never see them; a slot never set reads as nothing remembered.
    __slots__ = ("_offered", "_details", "_checked")

    game: ClassVar[str]
    VERBS: ClassVar[dict[str, int | tuple[int, int]]] = {}  # verb -> number of card arguments
    # The game's name in words (its title), and what its players do, in words ("players play
    # combinations or pass"): the explanation of a verb the game lacks (missing_verb).
    NAME: ClassVar[str] = ""
    ACTIONS_IN_WORDS: ClassVar[str] = ""
    DECK: ClassVar[tuple[Card, ...]] = ()

    players: tuple[str, ...]
    # The rule set: every game's has ``name`` and ``jokers_equal`` (whether its two jokers are
    # equal, and so drawn alike; see cardlab.svg.jokers_equal).
    rules: Any

    # --- what every game implements -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action that would be accepted now, by any player (found fast, in a fixed order)."""
        raise NotImplementedError

    def legal_actions_readable(self) -> list[Action]:
        """The oracle of :meth:`legal_actions`: the game's ``candidate_actions()`` that ``_check`` accepts."""
        return [a for a in self.candidate_actions() if self._check(a) is None]

    def _check(self, action: Action) -> Refusal | None:
        """``None`` when the well-formed ``action`` is legal, else why not. Changes nothing."""
        raise NotImplementedError

    def _perform(self, action: Action) -> list[Event]:
        """Apply a legal action and everything that follows by itself."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def to_act(self) -> list[str]:
        """Players who have at least one legal action now."""
        return sorted({a.player for a in self.legal_actions()}, key=self.players.index)

    def describe(self) -> str:
        """The position as plain text, one fact a line."""
        raise NotImplementedError

    def key(self) -> tuple:
        """Everything that makes up the position, as a hashable value (equal iff same position)."""
        raise NotImplementedError

    def view(self, seat: str, *, sampling: bool = True) -> View:
        """What ``seat`` may see now (a :class:`View` of the game's own subclass). With
        ``sampling=False`` the view is cheaper to make but cannot :meth:`View.sample_state` (the
        rollouts of ``montecarlo`` make many). Raises ``ValueError`` for a player who does not sit
        at this table."""
        raise NotImplementedError(f"{self.game} has no seat views")

    def standings(self) -> dict[str, float]:
        """Once over, each player's place, 1 the best; tied players share the mean of their
        places (1.5, 1.5 for two players level). ``{}`` before the end. The bots, the rollouts of
        ``montecarlo`` and :func:`cardlab.simulate.simulate` rank players by it."""
        raise NotImplementedError

    def finished(self) -> list[str]:
        """The players who have gone out of the game (emptied their hand), in the order they did;
        a game that goes on without them overrides it. The default: nobody."""
        return []

    def points(self) -> dict[str, int]:
        """Once over, each player's points under a rule set that scores; else ``{}``."""
        return {}

    def _seat_cards(self, seat: str) -> tuple[tuple[Card, ...], dict[str, int]]:
        """The ``hand`` and ``counts`` fields of ``seat``'s view, from ``self.hands``. Raises
        ``ValueError`` for a player who does not sit at this table."""
        hands = self.hands
        if seat not in self.players:
            seats = ", ".join(self.players)
            raise ValueError(f"{seat!r} does not sit at this table (players: {seats})")
        return tuple(hands[seat]), {p: len(hands[p]) for p in self.players}

    def _seat_actions(self, seat: str) -> list[Action]:
        # What was offered in this very position, if asked (a rollout asks to_act, then the view).
        offered = getattr(self, "_offered", None)
        return [a for a in (self.legal_actions() if offered is None else offered) if a.player == seat]

    # --- notation -------------------------------------------------------------------------------

    def verbs(self) -> list[str]:
        """The verbs this game and rule set have, in the order a player reads them."""
        return list(self.VERBS)

    def arrange(self, verb: str, cards) -> list:
        """``cards`` selected in any order, put in the order the notation writes them for ``verb``."""
        return list(cards)

    # --- shared behaviour -----------------------------------------------------------------------

    def check(self, action: Action | str) -> Refusal | None:
        """``None`` when ``action`` (an :class:`Action`, or written in the notation as for
        :meth:`act`) is legal, else why not. Changes nothing. Raises :class:`NotationError` when
        the action is not well formed (:meth:`validate`). An action :meth:`legal_actions` offered
        in this very position is accepted at once (:meth:`_offered_now`)."""
        if self._offered_now(action):
            return None
        if isinstance(action, str):
            action = self.parse_action(action)
        self.validate(action)
        offered = getattr(self, "_offered", None)  # None: nothing offered (a fresh copy, or just applied)
        if not offered:
            return self._check(action)
        try:  # an equal action made anew (or written in the notation) is offered too
            i = offered.index(action)
        except ValueError:  # not this action
            return self._check(action)
        if i < len(self._details):
            self._checked = (action, self._details[i])
        return None

    def _offered_now(self, action) -> bool:
        """Whether ``action`` is the very object offered in this position (by identity: comparing
        compares cards, several times slower); if so, its detail is kept for :meth:`_detail`."""
        i = 0
        for a in getattr(self, "_offered", None) or ():  # a fresh copy has offered nothing yet
            if a is action:
                if i < len(self._details):
                    self._checked = (action, self._details[i])
                return True
            i += 1
        return False

    def validate(self, action: Action, text: str | None = None) -> None:
        """Raise :class:`NotationError` unless ``action`` is ``(player, verb, cards)`` with text
        player and verb, and ``cards`` a tuple of cards or stand-ins of this deck, as many as
        ``VERBS`` gives a verb of this game. ``text`` is the action as written, for the message.
        Who may act, and which verbs exist in this rule set or phase, is :meth:`check`'s business."""
        try:
            player, verb, cards = action
        except (TypeError, ValueError):
            raise NotationError(repr(action), _("an action is (player, verb, cards)")) from None
        if not (isinstance(player, str) and isinstance(verb, str) and isinstance(cards, tuple)):
            raise NotationError(repr(action), _("an action is (player, verb, cards): the player and the "
                                                "verb are text, the cards a tuple"))
        want = self.VERBS.get(verb)
        if want is not None:
            low, high = (want, want) if isinstance(want, int) else want
            if not low <= len(cards) <= high:
                got = len(cards)
                if low == high:
                    why = n_("'{verb}' takes {count} card, got {got}", "'{verb}' takes {count} cards, got {got}",
                             low, verb=verb, got=got)
                elif high < 99:
                    why = n_("'{verb}' takes {low} to {count} card, got {got}",
                             "'{verb}' takes {low} to {count} cards, got {got}", high, verb=verb, low=low, got=got)
                elif got > high:
                    why = n_("'{verb}' takes at most {count} card, got {got}",
                             "'{verb}' takes at most {count} cards, got {got}", high, verb=verb, got=got)
                else:
                    why = n_("'{verb}' takes at least {count} card, got {got}",
                             "'{verb}' takes at least {count} cards, got {got}", low, verb=verb, got=got)
                raise WrongCardCount(text or str(action), why, verb, got)
        deck = self.deck_cards()
        for token in cards:
            if token.__class__ is Card and token in deck:  # the usual case, settled at once
                continue
            physical = token.card if isinstance(token, StandIn) else token
            if not isinstance(physical, Card):
                raise NotationError(text or repr(action), _("{token} is not a card", token=repr(token)))
            if physical not in deck:
                raise NotationError(text or str(action), _("{card} is not in the {rules} deck", card=physical,
                                                            rules=rules_word(self.rules)))

    def missing_verb(self, verb: str) -> Refusal:
        """The refusal of ``verb``, a verb this game does not have (``attack`` in Gan Deng Yan,
        ``play`` in Durak): ``not_allowed``, explained from the game's :attr:`NAME` and
        :attr:`ACTIONS_IN_WORDS`. A game's ``_check`` gives it where its rules put ``not_allowed``
        (after ``game_over``), and leaves the position as it was."""
        what = (_(self.ACTIONS_IN_WORDS) if self.ACTIONS_IN_WORDS
                else _("its verbs are {verbs}", verbs=", ".join(self.verbs())))
        return Refusal("not_allowed", _("{game} has no {verb}: {what}.", game=_(self.NAME) if self.NAME else self.game,
                                        verb=verb, what=what))

    def apply(self, action: Action) -> list[Event]:
        """Perform ``action``; return what happened. Raises :class:`IllegalAction` and changes
        nothing when it is not allowed."""
        # check()'s first answer (apply() runs at every decision): the very action offered (by
        # identity: comparing actions compares their cards) is legal, and what was worked out for it
        # is kept for _detail(). One scan, written out here (a call showed at every decision), and
        # counting its steps only where there are details to find.
        try:
            offered = self._offered
        except AttributeError:  # a fresh copy: nothing offered yet
            offered = None
        found = False
        if offered:
            details = self._details
            if details:
                i = 0
                for a in offered:
                    if a is action:
                        if i < len(details):
                            self._checked = (action, details[i])
                        found = True
                        break
                    i += 1
            else:
                for a in offered:
                    if a is action:
                        found = True
                        break
        if not found:
            refusal = self.check(action)
            if refusal is not None:
                raise IllegalAction(action, refusal)
        self._offered = None  # the position changes: what it offered no longer holds
        return self._perform(action)

    def is_legal(self, action: Action) -> bool:
        return self.check(action) is None

    def copy(self) -> "State":
        other = copy.deepcopy(self)
        other._offered = other._checked = None
        return other

    def _bare_copy(self) -> "State":
        """A new position sharing every attribute of this one (a game's copy() then renews the lists
        and sets that change), with nothing offered or checked set (not missing: read at once)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._offered = other._checked = None
        return other

    def fresh_copy(self) -> "State":
        """A copy remembering nothing worked out to save work (a game's sorting of each hand)."""
        return self.copy()

    # --- what the position remembers to save work (see __slots__) ---------------------------------

    def _remember(self, action: Action, detail) -> None:
        """Keep ``detail``, what :meth:`_check` worked out for ``action``, for :meth:`_detail`."""
        self._checked = (action, detail)

    def _detail(self, action: Action):
        """What was worked out for ``action`` (this very object) when :meth:`check` last accepted
        it (apply() checks right before performing), or ``None``: then work it out again."""
        checked = getattr(self, "_checked", None)  # never set in a fresh copy
        return checked[1] if checked is not None and checked[0] is action else None

    def next_in(self, player: str) -> str | None:
        """The first player on ``player``'s left who is still in the game (not in ``self.out``),
        or ``None`` when nobody else is."""
        n = len(self.players)
        i = self.players.index(player)
        for step in range(1, n):
            p = self.players[(i + step) % n]
            if p not in self.out:
                return p
        return None

    # --- names and notation as a learner reads and types them -------------------------------------

    def seat_letter(self, player: str) -> str:
        """The Latin letter of ``player``'s seat, in clockwise order from A: what a learner
        without a Chinese keyboard types (``A attack S8``) and reads beside 甲 without CJK fonts."""
        return SEAT_LETTERS[self.players.index(player)]

    def seat_label(self, player: str) -> str:
        """``"甲 (A)"``: a name that is not plain ASCII, followed by its seat letter; an ASCII name
        as it is, and every name as it is in a language whose readers read 甲 (one without
        ``seat_letters`` in :data:`cardlab.languages.LANGUAGES`)."""
        if player.isascii() or not current_language().seat_letters:
            return player
        return f"{player} ({self.seat_letter(player)})"

    def learner_text(self, text: str) -> str:
        """``text`` as a learner reads it: cards as ``9♠`` instead of ``S9``, jokers by their
        name in the current language (:func:`joker_words`: ``BJ`` is 小王 in 繁體中文, and stays
        ``BJ`` in English), and every player name that is not plain ASCII followed by its seat
        letter (``甲 (A)``)."""
        text = joker_words(to_symbols(text))
        names = [p for p in self.players if not p.isascii()]
        if names:
            # A name already followed by its seat letter is left alone, so the text can be read twice.
            pattern = re.compile("|".join(re.escape(p) + r"(?! \([A-H]\))"
                                          for p in sorted(names, key=len, reverse=True)))
            text = pattern.sub(lambda m: self.seat_label(m.group(0)), text)
        return text

    def _seat_from_letter(self, word: str) -> str | None:
        """The player whose seat letter is ``word`` (either case), unless a player is named so."""
        letter = word.upper()
        if len(word) != 1 or letter not in SEAT_LETTERS[:len(self.players)]:
            return None
        if any(p.upper() == letter for p in self.players):
            return None
        return self.players[SEAT_LETTERS.index(letter)]

    def with_rules(self, rules) -> "State":
        """A copy of this position governed by ``rules`` (another rule set of the same game) from
        now on, as if it had been played under them so far. A game raises
        :class:`IncompatibleRules` for a position those rules cannot hold."""
        other = self.copy()
        other.rules = rules
        return other

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __str__(self) -> str:
        return self.describe()

    def _repr_html_(self) -> str:
        return game_of(self).html(self)

    def parse_action(self, text: str, typed: Mapping[str, str] | None = None) -> Action:
        """Parse ``"PLAYER VERB [CARD ...]"``. Raises :class:`NotationError` for an unknown player,
        a word that is no verb of this game nor of the contract (:data:`CONTRACT_VERBS`), a bad
        card, a card the deck does not hold, or a wrong number of cards. Whether the action is
        *allowed* is :meth:`check`'s business: a verb of the contract that this game lacks parses,
        and is refused with ``not_allowed`` (:meth:`missing_verb`).

        ``typed`` is the learner's path (a widget's move box, the referee): the words a learner
        may type for each verb besides the verb itself, mapped to their verbs, in the order a
        message lists them (matched as :meth:`typed_word` reads them) (a game's spec makes them in the
        current language: :meth:`cardlab.game.Game.typed_verbs`). A word that is no verb is then
        refused with those words listed. Scenario files never pass them: their verbs are the
        contract's."""
        if not isinstance(text, str):
            raise NotationError(repr(text), _("an action is written as text: PLAYER VERB [CARDS]"))
        words = text.split()
        if len(words) < 2:
            example = f"甲 {next(iter(typed))} S8" if typed else "甲 attack S8"
            raise NotationError(text, _("an action is PLAYER VERB [CARDS], such as '{example}'", example=example))
        player, verb, *args = words
        player = unicodedata.normalize("NFC", player)
        if player not in self.players:
            player = self._seat_from_letter(player) or player
        if player not in self.players:
            seats = ", ".join(self.seat_label(p) for p in self.players)
            raise NotationError(text, _("no player named {player} (players: {seats})", player=shown(player),
                                        seats=seats))
        if typed and verb.lower() not in self.VERBS and verb.lower() not in CONTRACT_VERBS:
            verb = {self.typed_word(word): meant for word, meant in typed.items()}.get(self.typed_word(verb), verb)
        verb = verb.lower()
        if verb not in self.VERBS and verb not in CONTRACT_VERBS:
            game = _(self.NAME) if self.NAME else self.game
            if typed:
                raise NotationError(text, _("{game} has no move {verb}: type one of {words}", game=game,
                                            verb=shown(verb), words=join(list(typed), "or")))
            raise NotationError(text, _("{game} has no verb {verb} (verbs: {verbs})", game=game, verb=shown(verb),
                                        verbs=", ".join(self.VERBS)))
        try:
            cards = tuple(parse_token(a) for a in args)
        except CardError as exc:
            raise NotationError(text, str(exc)) from None
        action = Action(player, verb, cards)
        self.validate(action, text)
        return action

    @staticmethod
    def typed_word(word: str) -> str:
        """``word`` as the learner's words of :meth:`parse_action` are matched: in Unicode NFKC
        (full-width letters as ASCII ones) and case folded, so ``ＰＡＳＳ``, ``Pass`` and ``pass``
        are one word."""
        return unicodedata.normalize("NFKC", word).casefold()

    def deck_cards(self) -> frozenset[Card]:
        """Every card of this game's deck. :meth:`validate` asks for it on every action, so a game
        returns a set built once (:func:`~cardlab.cards.deck_set`)."""
        return frozenset(self.DECK)

    def act(self, text: str) -> list[Event]:
        """Parse and apply one action written in the notation."""
        return self.apply(self.parse_action(text))


class Match:
    """Game after game without end, each one the previous game's next game (its spec's
    ``next_game``, :class:`cardlab.game.Game`), seeded from ``random.Random(seed)``; ``first`` is
    the first game. A game's ``new_match`` makes its matches: this one, or its own kind with the same
    attributes and methods.

    ``game`` is the game being played; ``games`` the number of games the match has (``None``: no
    end), ``kind`` its name when it has one (``"jdf set"``); :meth:`next_game` deals the next game
    once the current one is over; :meth:`is_over` says whether the last game was played."""

    games: int | None = None
    kind: str | None = None

    def __init__(self, first: State, seed: int = 0):
        self.game = first
        self._rng = random.Random(seed)

    def next_game(self) -> State:
        """Deal the next game (the current one must be over) and make it the current one."""
        self.game = game_of(self.game).next_game(self.game, seed=self._rng.getrandbits(32))
        return self.game

    def is_over(self) -> bool:
        return False


def check_cards_unique(where: str, cards: Iterable[Card], deck: Iterable[Card]) -> None:
    """Raise :class:`DealError` if a card repeats or is not in ``deck``."""
    deck_set = set(deck)
    seen: set[Card] = set()
    for c in cards:
        if c not in deck_set:
            raise DealError(f"{where}: {c} is not in this deck")
        if c in seen:
            raise DealError(f"{where}: {c} appears twice in the position")
        seen.add(c)


def player_name(name) -> str:
    """``name`` as a game keeps a player's name: text in Unicode NFC, so that a name typed as ``e``
    and a combining accent is the same player as one typed ``é``; no spaces, and no invisible or
    unprintable characters (a zero-width space, a control character, a lone surrogate), so that
    two players never look alike. Raises :class:`DealError` saying what is wrong."""
    if not isinstance(name, str) or not name:
        raise DealError(f"player {name!r} must be a name: text without spaces")
    name = unicodedata.normalize("NFC", name)
    for ch in name:
        if ch.isspace() or not ch.isprintable():
            what = ("a space" if ch.isspace()
                    else f"an invisible character, {unicodedata.name(ch, f'U+{ord(ch):04X}')}")
            raise DealError(f"player {name!r} must be a name without spaces or invisible characters; it "
                            f"holds {what}")
    return name


# --- the arguments of every game's new_game and from_deal, checked in one place -----------------------

def rule_set(game: str, rulesets: Mapping[str, Any], rules) -> Any:
    """The rule set of ``rulesets`` (a game's ``RULESETS``) that ``rules`` names, or ``rules`` itself
    when it is a rule set of their kind (such as a variant made with ``dataclasses.replace``); ``game``
    names the game in the message. Raises :class:`DealError`."""
    if isinstance(rules, tuple({type(r) for r in rulesets.values()})):
        return rules
    if isinstance(rules, str) and rules in rulesets:
        return rulesets[rules]
    raise DealError(f"no {game} rule set named {reprlib.repr(rules)} (rule sets: {', '.join(rulesets)})")


def player_names(players) -> tuple[str, ...]:
    """The players' names as a game keeps them (:func:`player_name`), each once, from a sequence of
    names in seat order. Every game's ``new_game`` and ``from_deal`` take their ``players`` through
    it. Raises :class:`DealError`."""
    if not isinstance(players, Sequence):
        raise DealError(f"players must be a list of names in seat order (or a text of one-letter names, "
                        f"such as 'abcd'), not {reprlib.repr(players)}")
    names = tuple(map(player_name, players))
    if len(set(names)) != len(names):
        raise DealError("player names must be unique")
    return names


def deal_random(seed) -> random.Random:
    """The random numbers that shuffle and deal a game seeded ``seed``, a whole number. Raises
    :class:`DealError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DealError(f"seed must be a whole number, not {reprlib.repr(seed)}")
    return random.Random(seed)


def deal_cards(where: str, cards) -> list[Card]:
    """The cards of ``where`` in a deal (a hand, the stock): ``cards`` is a list of cards or card
    texts (``["S9", "SK"]``) or one text of cards (``"S9 SK"``). Raises :class:`DealError` for
    anything else, and :class:`~cardlab.cards.CardError` for a text that is not a card."""
    if isinstance(cards, str):
        cards = cards.split()
    if not isinstance(cards, (list, tuple)):
        raise DealError(f"{where} must be a list of cards, such as ['S9', 'SK'], or a text such as "
                        f"'S9 SK', not {reprlib.repr(cards)}")
    dealt = []
    for c in cards:
        if isinstance(c, str):
            c = card(c)
        elif not isinstance(c, Card):
            raise DealError(f"{where}: {reprlib.repr(c)} is not a card")
        dealt.append(c)
    return dealt


def deal_hands(hands, players: tuple[str, ...]) -> dict[str, list[Card]]:
    """``hands`` of a deal, a mapping of players to their cards (as :func:`deal_cards` takes them;
    partial hands and players left out are fine), keyed by each name as the game keeps it
    (:func:`player_name`). Raises :class:`DealError` for anything else, or for a name that is not
    one of ``players`` or is given twice."""
    if not isinstance(hands, Mapping):
        raise DealError(f"hands must map players to their cards, such as {{{players[0]!r}: ['S9', 'SK']}}, "
                        f"not {reprlib.repr(hands)}")
    dealt: dict[str, list[Card]] = {}
    for p, cards in hands.items():
        name = player_name(p)
        if name not in players:
            raise DealError(f"hands names {name!r}, who is not a player")
        if name in dealt:
            raise DealError(f"hands names {name!r} twice")
        dealt[name] = deal_cards(f"the hand of {name}", cards)
    return dealt

"""Whole sets (jdf) and matches (yeeqia): game after game, ranks carried over, a record of each;
the next game of a set, how a game ended and its line of a score table."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import rule_set, rules_word
from ..i18n import Message, _, commas, p_
from .rules import RANK_TITLES, RULESETS, TITLES_READ, DaifugoRules
from .state import DaifugoState, _players, new_game


@dataclass(frozen=True)
class GameRecord:
    """What one game of a set or match decided, each part kept apart: the exchange that opened
    it, who went out and how, the places, and the points (yeeqia)."""

    number: int
    set_number: int
    blind: tuple
    previous_ranks: dict | None
    exchange: dict
    leader: str
    finished: tuple
    fouls: tuple
    demoted: str | None
    places: tuple
    ranks: dict
    points: dict


class Match:
    """A jdf set of four games (the same blind cards throughout) or a yeeqia match of three
    games, played ``sets`` times in a row. The first game of each set has no ranks and no
    exchange; every later game opens with the exchange by the previous game's ranks, and the
    previous 大貧民 leads. Every random choice comes from ``seed``.

    >>> match = Match("yeeqia", ["甲", "乙", "丙", "丁"], seed=3)
    >>> match.number, match.games, match.game.exchanging
    (1, 3, False)
    """

    def __init__(self, rules: DaifugoRules | str, players, seed: int = 0, sets: int = 1,
                 leader: str | None = None):
        if sets < 1:
            raise ValueError("a match has at least one set")
        self.rules = rule_set("daifugo", RULESETS, rules)
        self.players = _players(players)
        self.seed = seed
        self.sets = sets
        self._leader = leader
        self._rng = random.Random(seed)
        self.history: list[GameRecord] = []
        self.blind: tuple = ()
        self.game: DaifugoState = self._deal()

    @property
    def games(self) -> int:
        """How many games the whole match has."""
        return self.sets * self.rules.games_per_set

    @property
    def kind(self) -> Message:
        """What the match is called: ``"jdf set"`` for a set of four games, else ``"yeeqia match"``
        (read in the current language)."""
        if self.rules.games_per_set == 4:
            return _("{rules} set", rules="jdf")
        return _("{rules} match", rules=rules_word(self.rules))

    @property
    def number(self) -> int:
        """The number of the current game, from 1."""
        return len(self.history) + 1

    @property
    def set_number(self) -> int:
        return len(self.history) // self.rules.games_per_set + 1

    def _deal(self) -> DaifugoState:
        first_of_set = len(self.history) % self.rules.games_per_set == 0
        if first_of_set:
            candidates = [c for c in self.rules.deck if not c.is_wild]
            self.blind = tuple(self._rng.sample(candidates, self.rules.blind_cards))
        previous = None if first_of_set else self.history[-1].ranks
        return new_game(self.rules, self.players, seed=self._rng.getrandbits(64),
                        leader=self._leader if first_of_set else None, previous_ranks=previous,
                        blind=self.blind)

    def record(self) -> GameRecord:
        """The record of the current game, which must be over."""
        game = self.game
        if not game.is_over():
            raise ValueError("the current game is not over")
        return GameRecord(
            number=self.number, set_number=self.set_number, blind=game.blind,
            previous_ranks=dict(game.previous_ranks) if game.previous_ranks else None,
            exchange=dict(game.gives), leader=game.leader, finished=tuple(game.finished()),
            fouls=tuple(game.fouls), demoted=game.demoted, places=game.places,
            ranks=game.result(), points=game.points())

    def records(self) -> list[GameRecord]:
        """Every game decided so far, the current one included once it is over."""
        return self.history + ([self.record()] if self.game.is_over() else [])

    def next_game(self) -> DaifugoState:
        """Record the finished current game and deal the next one. Raises ``ValueError`` when
        the current game is not over or the match is."""
        if self.is_over():
            raise ValueError("the match is over")
        self.history.append(self.record())
        self.game = self._deal()
        return self.game

    def is_over(self) -> bool:
        return self.game.is_over() and self.number == self.games

    def totals(self) -> dict[str, int]:
        """Points so far, by player (all zero under a rule set without points)."""
        totals = dict.fromkeys(self.players, 0)
        for record in self.records():
            for p, v in record.points.items():
                totals[p] += v
        return totals

    def winners(self) -> list[str]:
        """Once over, under a rule set with points: the players with the highest total."""
        if not self.is_over() or self.rules.points is None:
            return []
        totals = self.totals()
        best = max(totals.values())
        return [p for p in self.players if totals[p] == best]


def new_match(rules: DaifugoRules | str, players, seed: int = 0) -> Match:
    """A table's match: one jdf set or yeeqia match (:class:`Match`), every deal from ``seed``."""
    return Match(rules, players, seed=seed)


def next_game(state: DaifugoState, seed: int = 0) -> DaifugoState:
    """The next game of the same set or match as ``state``: it opens with the exchange by this
    game's ranks, and the same blind cards. Raises ``ValueError`` while ``state`` is not over."""
    if not state.over:
        raise ValueError("the game is not over")
    return new_game(state.rules, state.players, seed=seed, previous_ranks=state.result(), blind=state.blind)


def outcome(state: DaifugoState) -> Message:
    points, ranks = state.points(), state.result()
    if points:
        return commas(_("{player} {title} {points}", player=p, title=TITLES_READ[ranks[p]],
                        points=format(points[p], "+d")) for p in state.places)
    return commas(_("{player} {title}", player=p, title=TITLES_READ[ranks[p]]) for p in state.places)


def score_line(state: DaifugoState) -> tuple[dict[str, Message], dict[str, int]]:
    """Each player's rank title (with the points under a rule set with points; 都落ち for the
    demoted 大富豪); the points."""
    points = state.points()
    cells = {}
    for p, r in state.result().items():
        title = RANK_TITLES[r]
        if points and p == state.demoted:
            cells[p] = _("{title} {points} (都落ち)", title=title, points=format(points[p], "+d"))
        elif points:
            cells[p] = _("{title} {points}", title=title, points=format(points[p], "+d"))
        elif p == state.demoted:
            cells[p] = _("{title} (都落ち)", title=title)
        else:
            cells[p] = title
    return cells, points or {}


def score_total(state: DaifugoState) -> Message | None:
    """Points, under a rule set with points (none for jdf)."""
    return None if state.rules.points is None else p_("score", "points")

"""Each registered game's spec (cardlab.game.Game) is complete: a title and a label for every verb
in every language of cardlab.languages, rule sets described, seats counted, reason codes declared,
scenario keys read and worded; its picture, checklist, rules of thumb and bots answer on random
positions."""

import random
from collections.abc import Mapping

import pytest

from cardlab.bots import make_bot, play
from cardlab.engine import REASON_CODES, State, View
from cardlab.game import Game
from cardlab.i18n import Message, language, translations, words
from cardlab.languages import LANGUAGES, SOURCE
from cardlab.registry import find_game
from cardlab.svg import state_svg

from .conformance_support import CASE_IDS, CASES, GAMES, candidates, names, positions

games = pytest.mark.parametrize("name", GAMES)
cases = pytest.mark.parametrize("name, rules, n", CASES, ids=CASE_IDS)
TAGS = [lang.tag for lang in LANGUAGES]


def translated(value, tag: str) -> bool:
    """Whether ``value`` (a title or a label: a mapping of tags to text, or a message) has its
    own text in the language ``tag`` (English: the source text)."""
    if isinstance(value, Mapping):
        return bool(value.get(tag))
    text = words(value)
    if tag == SOURCE.tag or not text.msgid:
        return bool(text.text_in(tag).strip())
    key = text.msgid if text.context is None else f"{text.context}\x04{text.msgid}"
    return bool(translations(tag)._catalog.get(key))


@games
@pytest.mark.parametrize("tag", TAGS)
def test_the_title_and_every_verb_s_label_are_in_every_language(name, tag):
    game = find_game(name)
    assert game.title and translated(game.title, tag), f"{name}'s title in {tag}"
    assert set(game.verbs) == set(game.state_class.VERBS)
    for verb in game.state_class.VERBS:
        spec = game.verb(verb)
        for part in ("label", "word", "move", "select"):
            if getattr(spec, part) is not None:
                assert translated(getattr(spec, part), tag), f"{name}'s verb {verb} ({part}) in {tag}"
        with language(tag):
            assert str(game.verb_label(verb)).strip()


@games
def test_the_spec_declares_its_rule_sets_seats_classes_and_reason_codes(name):
    game = find_game(name)
    assert isinstance(game, Game) and game.name == name and isinstance(game.order, int)
    assert issubclass(game.state_class, State) and issubclass(game.view_class, View)
    assert game.state_class.game == game.view_class.game == name
    assert game.rulesets and set(game.contract_rulesets) <= set(game.rulesets)
    for rules_name, rules in game.rulesets.items():
        assert rules.name == rules_name and isinstance(rules.description, str) and rules.description
        low, high = game.player_counts[rules_name]
        assert 1 < low <= high
    assert game.reason_codes and set(game.reason_codes) <= set(REASON_CODES)


@games
def test_every_scenario_key_is_read_and_worded(name):
    game = find_game(name)
    assert {"hands", "seed"} <= set(game.deal_keys)
    assert set(game.expectation_words) == set(game.expectations)
    rules = next(iter(game.rulesets))
    state = game.new_game(rules, seed=2)
    for key, (kind, read) in game.expectations.items():
        assert isinstance(kind, str) or callable(kind)
        value = read(state)
        assert str(game.expectation_words[key](value)).strip()


@cases
def test_a_fresh_deal_is_dealt_again_from_its_scenario_deal(name, rules, n):
    game = find_game(name)
    state = game.new_game(rules, names(n), seed=4)
    deal = game.deal_spec(state)
    assert set(deal) <= set(game.deal_keys)
    again = game.from_deal(rules, names(n), **deal)
    # The same position as far as the scenario contract writes it (Daifugo's cards dealt to nobody,
    # for which the contract has no key, are out of a scenario's example).
    assert again.hands == state.hands and again.legal_actions() == state.legal_actions()
    assert game.expect_spec(again) == game.expect_spec(state) and game.expect_spec(state)["over"] is False


@cases
def test_the_picture_checklist_and_hooks_answer_on_random_positions(name, rules, n):
    game = find_game(name)
    for state, rng in positions(game, rules, n, seed=6, games=1):
        if rng.random() > 0.05:
            continue
        seat = rng.choice(state.players)
        key = state.key()
        for svg in (state_svg(state), state_svg(state, view="player", seat=seat)):
            assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert "<svg" in game.html(state) and game.focus(state) in state.players
        assert sorted(game.hand_order(state, state.hands[seat])) == sorted(state.hands[seat])
        assert set(state.hands[seat]) <= set(game.known_cards(state, seat))
        legal = rng.choice(state.legal_actions())
        assert str(game.play_words(state, legal)) or not legal.cards
        for action in [legal] + candidates(state, rng, 4):
            answers = game.checklist(state, action)
            assert answers and all(isinstance(q, (str, Message)) and str(a) for q, a in answers)
            assert answers[-1] == game.verdict(state, action)
        assert isinstance(game.table_talk(state), list) and state.key() == key


@cases
def test_the_bots_play_a_game_to_its_end(name, rules, n):
    game = find_game(name)
    state = game.new_game(rules, names(n), seed=7)
    view = state.view(state.to_act()[0])
    action, reason = game.rule_of_thumb(view)
    assert action in view.legal_actions() and str(reason)
    for bot in ("random", "simple"):
        played = game.new_game(rules, names(n), seed=7)
        steps = list(play(played, bot, seed=7))
        assert played.is_over() and steps and sorted(played.standings()) == sorted(played.players)
    assert make_bot("simple").choose(view) == action


@games
def test_a_match_deals_game_after_game_where_the_game_has_matches(name):
    game = find_game(name)
    rules = next(iter(game.rulesets))
    match = game.new_match(rules, seed=1)
    assert type(match.game) is game.state_class
    rng = random.Random(1)
    while not match.game.is_over():
        match.game.apply(rng.choice(match.game.legal_actions()))
    assert str(game.outcome(match.game)) and isinstance(game.score_line(match.game), tuple)
    try:
        following = match.next_game()
    except NotImplementedError:
        return
    assert type(following) is game.state_class and not following.is_over()

"""Card notation (SCENARIOS.md, "Cards") and the named decks."""

import copy
import pickle

import pytest

from cardlab.cards import (ALL_CARDS, JOKERS, WILDS, Card, CardError, StandIn, card, deck,
                           format_cards, parse_cards, parse_token, plain, sort_cards)


@pytest.mark.parametrize("text, code, suit, rank", [
    ("S3", "S3", "S", 3),
    ("H10", "H10", "H", 10),
    ("HT", "H10", "H", 10),
    ("ht", "H10", "H", 10),
    ("dq", "DQ", "D", 12),
    ("Cj", "CJ", "C", 11),
    ("sK", "SK", "S", 13),
    ("♠A", "SA", "S", 14),
    ("♥2", "H2", "H", 2),
    ("♦t", "D10", "D", 10),
    ("♣9", "C9", "C", 9),
    ("♤Q", "SQ", "S", 12),
    ("♡6", "H6", "H", 6),
    ("  C7 ", "C7", "C", 7),
    ("BJ", "BJ", None, None),
    ("rj", "RJ", None, None),
    ("W1", "W1", None, None),
    ("w6", "W6", None, None),
])
def test_parse_one_card(text, code, suit, rank):
    c = card(text)
    assert (c.code, c.suit, c.rank) == (code, suit, rank)
    assert str(c) == repr(c) == code
    assert card(code) is c  # one shared object per card


def test_every_card_prints_as_text_that_parses_back_to_it():
    for c in ALL_CARDS:
        assert card(str(c)) is c
        assert parse_cards(format_cards([c])) == [c]


def test_symbols_and_names():
    assert card("S10").symbol == "10♠"
    assert card("hq").symbol == "Q♥"
    assert card("DA").symbol == "A♦"
    assert card("C6").symbol == "6♣"
    assert card("RJ").symbol == "RJ"
    assert card("S10").name == "ten of spades"
    assert card("HQ").name == "queen of hearts"
    assert card("BJ").name == "black joker"
    assert card("RJ").name == "red joker"
    assert card("W4").name == "wild card 4"
    for c in ALL_CARDS:
        if c.suit is not None:
            # the symbol form is also accepted as input, suit symbol first
            assert card(c.symbol[-1] + c.symbol[:-1]) is c


def test_joker_and_wild_flags():
    assert card("BJ").is_joker and card("RJ").is_joker
    assert card("BJ").is_wild and card("W3").is_wild
    assert not card("W3").is_joker
    assert not card("SA").is_wild and not card("SA").is_joker


def test_parse_cards_spaces_commas_and_lists():
    assert parse_cards("S3 h10, ♠A  dT") == [card("S3"), card("H10"), card("SA"), card("D10")]
    assert parse_cards(["S3", "ht"]) == [card("S3"), card("H10")]
    assert parse_cards("") == []
    assert format_cards(parse_cards("ht sq")) == "H10 SQ"


@pytest.mark.parametrize("text, base, suit, rank, printed", [
    ("RJ=H10", "RJ", "H", 10, "RJ=H10"),
    ("rj=ht", "RJ", "H", 10, "RJ=H10"),
    ("BJ=9", "BJ", None, 9, "BJ=9"),
    ("bj=q", "BJ", None, 12, "BJ=Q"),
    ("BJ=T", "BJ", None, 10, "BJ=10"),
    ("W3=♠A", "W3", "S", 14, "W3=SA"),
    ("W6 = 2", "W6", None, 2, "W6=2"),
])
def test_stand_ins(text, base, suit, rank, printed):
    token = parse_token(text)
    assert isinstance(token, StandIn)
    assert (token.card, token.suit, token.rank) == (card(base), suit, rank)
    assert str(token) == printed
    assert parse_token(printed) == token
    assert plain(token) is card(base)


def test_plain_card_is_its_own_physical_card():
    assert plain(card("S3")) is card("S3")
    assert parse_token("S3") is card("S3")


@pytest.mark.parametrize("text", [
    "", "   ", "S", "X5", "Z", "S1", "S11", "S0", "H1O", "10H", "QS", "SQQ", "J",
    "H10=S3", "SJ=9", "RJ=", "RJ=X9", "RJ=1", "BJ=11", "W7", "W0", "RJJ", "S 3", "♠", "♠1",
])
def test_bad_notation_raises_card_error_quoting_the_text(text):
    with pytest.raises(CardError) as info:
        parse_token(text)
    err = info.value
    assert err.text == text.strip()  # surrounding blanks are not part of the card
    assert repr(err.text) in str(err)
    assert err.reason and str(err.reason) in str(err)


@pytest.mark.parametrize("text", ["", "S1", "X5", "RJ=H10", "S 3", "W9"])
def test_card_refuses_bad_text_and_stand_ins(text):
    with pytest.raises(CardError) as info:
        card(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [5, None, 3.5, ["S3"]])
def test_non_text_is_a_card_error(value):
    with pytest.raises(CardError) as info:
        card(value)
    assert repr(value) in str(info.value)
    with pytest.raises(CardError):
        parse_token(value)


def test_parse_cards_reports_the_bad_token_not_the_whole_text():
    with pytest.raises(CardError) as info:
        parse_cards("S3 Q7 H4")
    assert info.value.text == "Q7"


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_cards_are_immutable_and_unique_objects():
    c = card("S3")
    with pytest.raises(AttributeError):
        c.rank = 4
    assert Card("s3") is c
    assert copy.copy(c) is c and copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert len({card("S3"), card("s3"), card("♠3")}) == 1


def test_sort_order_rank_then_suit_jokers_last():
    cards = parse_cards("RJ SA S2 H2 W1 D10 BJ")
    assert format_cards(sort_cards(cards)) == "S2 H2 D10 SA BJ RJ W1"
    assert card("S2") < card("H2") < card("S3")


@pytest.mark.parametrize("name, size", [("stripped36", 36), ("standard52", 52), ("jokers54", 54), ("jj58", 58)])
def test_deck_sizes_and_no_repeats(name, size):
    cards = deck(name)
    assert len(cards) == size == len(set(cards))


def test_deck_contents():
    durak = set(deck("stripped36"))
    assert {c.rank for c in durak} == set(range(6, 15))
    assert all(sum(c.suit == s for c in durak) == 9 for s in "SHDC")
    standard = set(deck("standard52"))
    assert durak < standard
    assert all(c.suit is not None for c in standard)
    assert set(deck("jokers54")) == standard | {card(j) for j in JOKERS}
    # JJ: the 52 ordinary cards, jokers removed, and the six wild cards
    assert set(deck("jj58")) == standard | {card(w) for w in WILDS}
    with pytest.raises(KeyError):
        deck("pinochle48")


def test_cards_written_as_learners_read_them_rank_first():
    assert card("9♠") == card("S9") and card("10♥") == card("H10") and card("Q♦") == card("DQ")
    assert parse_cards("RJ=10♥ BJ=9") == parse_cards("RJ=H10 BJ=9")
    with pytest.raises(CardError):
        card("1♠")

"""The Gan Deng Yan checklist (001 section 6: same type? exactly one higher? a 2 or bomb exception?
who draws? who leads next?) answers from the engine's own checks; the last answer is the verdict."""

from pathlib import Path

import pytest

from cardlab import gandengyan, referee
from cardlab.engine import NotationError
from cardlab.scenario import load, run

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "gandengyan"


def after(name, steps):
    result = run(load(FOLDER / name), keep_states=True)
    return result.outcomes[steps - 1].state if steps else result.start


def answers(state, action):
    replies = referee.ask(state, action)
    assert replies[-1][0] == "So, is it legal?"
    return dict(replies)


def test_table_talk_follows_the_rule_set_and_the_deal():
    talk = {name: dict(referee.table_talk(gandengyan.new_game(name, ["甲", "乙", "丙"], seed=2, dealer="乙")))
            for name in gandengyan.RULESETS}
    yiqi, single, jj = talk["yiqi"], talk["yiqi-single-draw"], talk["jj"]
    assert yiqi["How many cards, and which?"].startswith("54")
    assert jj["How many cards, and which?"].startswith("58") and "W1-W6" in jj["How many cards, and which?"]
    assert yiqi["Who deals and leads?"].startswith("乙 deals: 6 cards to the dealer, 5 cards to every other player")
    assert "(38 cards here)" in yiqi["Who deals and leads?"] and "(42 cards here)" in jj["Who deals and leads?"]
    assert yiqi["Who draws when a round ends?"].startswith("every player, 1 card each")
    assert single["Who draws when a round ends?"].startswith("only the player who takes the lead")
    assert yiqi["May a player pass when able to play?"].startswith("yes, except on their own lead")
    assert jj["May a player pass when able to play?"].startswith("no (有出必出)")
    assert "What may a joker do?" in yiqi and "What may a wild card do?" in jj
    assert "not described by the article and not implemented" in yiqi["How does the game end, and what is scored?"]
    assert yiqi["In what order do the ranks run?"].startswith("3 < 4 < 5")


def test_big_is_not_enough_in_questions():
    state = after("big_is_not_enough.yaml", 1)  # 丙 led 8♣
    ace = answers(state, "甲 play HA")
    assert ace["Is it the same type as the top?"] == "yes: a single card, like 8♣"
    assert ace["Is it exactly one rank higher?"] == "no: after 8♣ may come a single 9, a single 2 or a bomb"
    assert ace["Does a 2 or bomb exception apply?"] == "no"
    assert ace["So, is it legal?"].startswith("no: Not one rank higher.")
    two = answers(state, "甲 play S2")
    assert two["Does a 2 or bomb exception apply?"] == "yes: a single 2 beats any other single"
    assert two["So, is it legal?"] == "yes"
    bomb = answers(state, "甲 play S5 H5 D5")
    assert bomb["What do the cards make?"] == "three 5s (5♠ 5♥ 5♦), a bomb"
    assert bomb["Does a 2 or bomb exception apply?"] == "yes: a bomb beats any ordinary play"
    assert "Is it exactly one rank higher?" not in bomb


def test_who_draws_and_who_leads_after_a_play():
    state = after("three_player_round.yaml", 11)  # ... 乙 played the 7
    replies = answers(state, "丙 play D8")
    assert replies["Is it exactly one rank higher?"] == "yes"
    assert replies["Does it empty the hand?"] == "no: 丙 keeps 3 cards."
    assert replies["If everyone else passes it, who draws?"] == "丙, then 甲, then 乙, 1 card each."
    assert replies["And who leads next?"] == "丙, who played last, with any type."
    single = state.with_rules(gandengyan.RULESETS["yiqi-single-draw"])
    assert answers(single, "丙 play D8")["If everyone else passes it, who draws?"] == \
        "only 丙, who takes the lead: 1 card."


def test_a_pass_that_does_not_end_the_round_and_one_that_does():
    state = after("three_player_round.yaml", 13)  # 丙's 8 is on the table, 甲 to act
    first = answers(state, "甲 pass")
    assert first["Is there a play to follow?"] == "yes: 丙's single 8 (8♦)."
    assert first["Must 甲 play?"] == "no: under yiqi a player may pass even when able to play."
    assert first["Does this pass end the round?"].startswith("no: 乙 may still follow")
    second = answers(after("three_player_round.yaml", 14), "乙 pass")
    assert second["Does this pass end the round?"].startswith("yes")
    assert second["Who draws?"] == "丙, then 甲, then 乙, 1 card each."
    assert second["And who leads next?"] == "丙, who played last, with any type."


def test_must_play_and_the_short_stock():
    jj = after("jj_must_play.yaml", 1)
    replies = answers(jj, "乙 pass")
    assert replies["Must 乙 play?"].startswith("yes (有出必出): 乙 could play 6♥")
    assert replies["So, is it legal?"].startswith("no: You must play.")
    short = after("stock_runs_out.yaml", 3)
    assert answers(short, "甲 pass")["Who draws?"] == "乙, 1 card; the stock runs out before 丙 and 甲."


def test_the_last_card_and_the_lone_joker():
    state = after("lone_joker.yaml", 8)  # 乙 led 5-5, 丙 passed
    replies = answers(state, "甲 play C6 BJ")
    assert replies["What do the cards make?"] == "pair of 6s (6♣ BJ=6)"
    assert replies["Does it empty the hand?"] == "yes: 甲 wins at once; the game is over and nobody draws."
    lone = answers(after("lone_joker.yaml", 2), "甲 play BJ")
    assert lone["What do the cards make?"].startswith("no playable combination: BJ is a joker on its own")
    assert lone["So, is it legal?"].startswith("no: Not on its own.")


def test_a_bomb_that_is_too_small_and_an_empty_table():
    state = after("bomb_table.yaml", 6)  # four 3s on the table
    replies = answers(state, "丙 play S2 H2 D2")
    assert replies["Does a 2 or bomb exception apply?"].startswith("no: three 2s (2♠ 2♥ 2♦) do not beat four 3s")
    lead = answers(after("runs.yaml", 0), "乙 pass")
    assert lead["Is there a play to follow?"].startswith("no: the table is empty")
    assert lead["So, is it legal?"].startswith("no: No passing here.")
    start = answers(after("runs.yaml", 0), "乙 play S6 S7 S8")
    assert start["Is there a play to beat?"] == "no: the table is empty, so any type may lead."


def test_ambiguous_jokers_and_bad_input():
    state = after("joker_in_run.yaml", 0)
    replies = answers(state, "甲 play S8 H9 BJ")
    assert replies["What do the cards make?"].startswith("one of run 7-8-9")
    assert replies["So, is it legal?"].startswith("no: Not a combination.")
    assert referee.ask(state, "甲 attack S8")[-1][1].startswith("no: Not a move here. Gan Deng Yan has no attack")
    with pytest.raises(NotationError, match="no verb"):
        referee.ask(state, "甲 jump S8")


# --- what a move brings about is asked of the position it leaves -----------------------------------------

def test_a_refused_play_empties_no_hand_and_is_passed_by_nobody():
    state = after("big_is_not_enough.yaml", 1)  # 丙 led 8♣; an ace is not one rank higher
    replies = answers(state, "甲 play HA")
    assert replies["So, is it legal?"].startswith("no: Not one rank higher.")
    assert replies["Does it empty the hand?"] == f"no: the play is refused, so 甲 still holds {len(state.hands['甲'])} cards."
    assert "If everyone else passes it, who draws?" not in replies and "And who leads next?" not in replies
    # Out of turn with the last card: refused, so no win.
    game = gandengyan.from_deal("yiqi", ["甲", "乙", "丙"], hands={"甲": "H5", "乙": "S9 D3", "丙": "C4 C7"},
                                leader="乙")
    game.apply(game.parse_action("乙 play S9"))  # 丙 is to act, not 甲
    last = answers(game, "甲 play H5")
    assert last["So, is it legal?"].startswith("no: Not your turn.")
    assert last["Does it empty the hand?"] == "no: the play is refused, so 甲 still holds 1 card."


def test_a_refused_pass_ends_no_round():
    replies = answers(after("jj_must_play.yaml", 1), "乙 pass")
    assert replies["So, is it legal?"].startswith("no: You must play.")
    assert replies["Does this pass end the round?"] == "no: the pass is refused, so the round goes on as it stands."
    assert "Who draws?" not in replies and "And who leads next?" not in replies

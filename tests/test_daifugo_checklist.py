"""The Daifugo referee: what to agree before play, and the federation article's checklist for a
play (same shape? revolution? lock? does it clear? forbidden if last?), answered by the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardlab import daifugo, referee
from cardlab.daifugo import checklist
from cardlab.registry import find_game
from cardlab.scenario import load

DAIFUGO = find_game("daifugo")

SCENARIOS = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "daifugo"
P = ["甲", "乙", "丙", "丁"]
FINISH = "Would it be a forbidden finish (反則上がり) if these were {}'s last cards?"


def after(name: str, steps: int):
    """The position after the first ``steps`` steps of a worked example (refused steps change nothing)."""
    scenario = load(SCENARIOS / name)
    state = scenario.start()
    for step in scenario.steps[:steps]:
        if step.action is not None and step.reject is None:
            state.apply(step.action)
    return state


def answers(state, move: str) -> dict[str, str]:
    return dict(referee.ask(state, move))


def kinds_text(events, kind: str) -> str:
    return next(e.text for e in events if e.kind == kind)


def questions(state, move: str) -> list[str]:
    return [q for q, _ in referee.ask(state, move)]


# --- before the first card -------------------------------------------------------------------------

def test_table_talk_answers_for_the_rule_set():
    jdf = dict(DAIFUGO.table_talk(daifugo.new_game("jdf", P, seed=4)))
    web = dict(DAIFUGO.table_talk(daifugo.new_game("yeeqia", P, seed=4)))
    # The same questions (in English: in Japanese each rule set asks in its own words, 単騎 or 1枚出し).
    assert list(map(str, jdf)) == list(map(str, web)) and len(jdf) == 11
    assert jdf["Which cards, and how many each?"].startswith("54: the standard pack and both jokers; 13 each")
    assert web["Which cards, and how many each?"].startswith("52: the standard pack, no jokers; 13 each")
    assert jdf["Are any cards set aside unseen (blind cards)?"].startswith("yes: 2 cards, never a joker")
    assert "this deal has set aside 2 cards" in jdf["Are any cards set aside unseen (blind cards)?"]
    assert "the other cards are shuffled and dealt afresh for each game" in jdf["Are any cards set aside unseen (blind cards)?"]
    assert web["Are any cards set aside unseen (blind cards)?"].startswith("no")
    assert jdf["Who leads?"].startswith("甲, the first seat listed")
    for question in ("Which last plays are forbidden (反則上がり, forbidden finish)?",
                     "Is there a suit lock (スート縛り)?",
                     "Does the spade 3 answer a lone joker (スペ3返し, spade-3 return)?",
                     "Can the previous 大富豪 (daifugo) fall (都落ち, miyako-ochi)?"):
        assert web[question].startswith(("no", "none")), question
        assert not jdf[question].startswith(("no", "none")), question
    assert jdf["Are points kept?"].startswith("no") and web["Are points kept?"].startswith("yes")
    assert "大富豪 (daifugo) +3, 富豪 (fugo) +1, 平民 (heimin) −1, 大貧民 (daihinmin) −3" in web["Are points kept?"]
    assert "A sequence holding an 8 does not cut" in jdf["Which plays cut the table (8切, 8-cut)?"]
    assert web["Which plays cut the table (8切, 8-cut)?"].startswith("any legal play holding an 8, a sequence too")
    forbidden = jdf["Which last plays are forbidden (反則上がり, forbidden finish)?"]
    assert "a play holding a 2, outside a revolution" in forbidden
    assert "any other play holding a 3, during a revolution" in forbidden
    assert "a play holding a joker, always" in forbidden and "cuts with 8 (8切), always" in forbidden
    assert "jokers may make up the number" in jdf["What starts a revolution (革命)?"]
    assert "jokers" not in web["What starts a revolution (革命)?"]


def test_table_talk_answers_for_the_deal():
    second = dict(DAIFUGO.table_talk(after("jdf_exchange.yaml", 0)))
    assert second["Who leads?"] == "丁, the previous 大貧民 (daihinmin), once the exchange is done."
    assert ("丁, the 大貧民 (daihinmin), and 甲, the 大富豪 (daifugo), trade 2 cards; "
            "丙, the 貧民 (hinmin), and 乙, the 富豪 (fugo), trade 1 card") in \
        second["Is there a card exchange before play?"]
    assert second["Can the previous 大富豪 (daifugo) fall (都落ち, miyako-ochi)?"].endswith("Here that is 甲.")
    assert "uses only 13 of the 54 cards" in second["Which cards, and how many each?"]
    first = dict(DAIFUGO.table_talk(after("jdf_eight_cut.yaml", 0)))
    assert first["Is there a card exchange before play?"].startswith("not in this game")
    assert first["Who leads?"].startswith("甲, the first seat listed")
    assert dict(DAIFUGO.table_talk(after("jdf_last_play_four_threes.yaml", 0)))["Who leads?"].startswith(
        "丁, as this worked example sets it (by the rule it would be 甲")
    rule = second["Can the previous 大富豪 (daifugo) fall (都落ち, miyako-ochi)?"]
    assert ("ranks below every other player except those who go out by a forbidden finish: 大貧民 "
            "(daihinmin) when nobody does, one place higher for each who does") in rule
    assert "only forbidden finishers rank lower" not in rule
    fallen = dict(DAIFUGO.table_talk(after("jdf_miyako_ochi.yaml", 13)))
    assert fallen["Can the previous 大富豪 (daifugo) fall (都落ち, miyako-ochi)?"].endswith("It has happened: 甲 was 大富豪 (daifugo) and fell.")
    assert dict(DAIFUGO.table_talk(after("jdf_revolution.yaml", 1)))["What starts a revolution (革命)?"].endswith(
        "A revolution is in force now.")


# --- the checklist for a play, in the article's order ------------------------------------------------

def test_questions_come_in_the_articles_order_and_end_with_the_verdict():
    state = after("jdf_suit_lock.yaml", 2)
    assert questions(state, "丙 play S10") == [
        checklist.SAME_SHAPE, checklist.ORDER_NOW, checklist.LOCK, checklist.CLEARS,
        FINISH.format("丙"), "So, is it legal?"]
    for move in ("丙 play S10", "丙 play H9", "丙 pass", "甲 play D6", "丙 play S10 H9"):
        assert referee.ask(state, move)[-1] == DAIFUGO.verdict(state, state.parse_action(move))


def test_a_revolution_position():
    state = after("jdf_revolution.yaml", 1)  # four 9s have started a revolution
    refused = answers(state, "乙 play SJ HJ DJ CJ")
    assert refused[checklist.SAME_SHAPE].startswith("yes: J♠ J♥ J♦ J♣ is four of a kind")
    assert refused[checklist.ORDER_NOW].startswith("yes (革命, revolution): the reversed order applies, 2 < A < K")
    assert "four Js does not beat four 9s" in refused[checklist.ORDER_NOW]
    assert refused["So, is it legal?"].startswith("no: Not stronger.")
    state = after("jdf_revolution.yaml", 3)
    sevens = answers(state, "丙 play S7 H7 D7 C7")
    assert "four 7s beats four 9s" in sevens[checklist.ORDER_NOW]
    assert "turns the order back (a counter-revolution, 革命返し)" in sevens[checklist.ORDER_NOW]
    assert sevens["So, is it legal?"] == "yes"
    lead = answers(after("jdf_revolution.yaml", 0), "甲 play S9 H9 D9 C9")
    assert lead[checklist.SAME_SHAPE].startswith("nothing to beat: the table is empty, so 甲 leads")
    assert lead[checklist.ORDER_NOW].startswith("no: the normal order applies, 3 < 4")
    assert lead[checklist.ORDER_NOW].endswith("Once played, four 9s starts a revolution: it is 4 or more cards of one rank.")
    three = answers(after("jdf_forbidden_three.yaml", 0), "甲 play S3")
    assert "starts a revolution" not in three[checklist.ORDER_NOW]


def test_a_lock_position():
    state = after("jdf_suit_lock.yaml", 2)  # 5♥ then 7♥: hearts are locked
    broken = answers(state, "丙 play S10")
    assert broken[checklist.LOCK].startswith("yes, ♥, and 10♠ breaks it")
    assert "single 10 beats single 7" in broken[checklist.ORDER_NOW]  # stronger, but of the wrong suit
    assert broken["So, is it legal?"].startswith("no: The suits are locked.")
    kept = answers(state, "丙 play H9")
    assert kept[checklist.LOCK] == "yes, ♥, and the play keeps to it."
    assert kept["So, is it legal?"] == "yes"
    starting = answers(after("jdf_suit_lock.yaml", 1), "乙 play H7")
    assert starting[checklist.LOCK].startswith("no lock is in force yet, but this play starts one.")
    assert answers(after("jdf_suit_lock.yaml", 1), "乙 play SJ")[checklist.LOCK] == "no lock is in force."
    returned = answers(after("jdf_spade_three_return.yaml", 6), "丙 play S3")
    assert returned[checklist.LOCK] == "yes, ♥; the lone 3♠ answers the lone joker even so."
    assert returned[checklist.CLEARS].startswith("yes, though not by an 8: Spade-3 return")
    web = answers(after("yeeqia_sequence_eight_cut.yaml", 1), "乙 play H7 H8 H9")
    assert web[checklist.LOCK] == "no: yeeqia has no suit lock."


def test_an_eight_cut():
    cut = answers(after("jdf_eight_cut.yaml", 1), "乙 play D8")
    assert cut[checklist.CLEARS] == "yes: 8-cut (8切): single 8 clears the table at once; 乙 leads again."
    assert cut[FINISH.format("乙")].startswith("yes: it cuts with 8 (8切).")
    assert cut[FINISH.format("乙")].endswith("(乙 would still hold 3 cards.)")
    too_low = answers(after("jdf_eight_cut_must_beat.yaml", 1), "乙 play D8")
    assert too_low[checklist.CLEARS] == "no: the play is refused, so it clears nothing; an 8 cuts only as a legal play."
    assert too_low[FINISH.format("乙")] == "no: the play is refused, so it is no finish at all."
    assert too_low["So, is it legal?"].startswith("no: Not stronger.")
    sequence = answers(after("jdf_last_play_sequence_with_eight.yaml", 0), "丙 play H7 H8 H9")
    assert sequence[checklist.CLEARS].startswith("no: under jdf only a single 8 or a group of 8s cuts")
    web = answers(after("yeeqia_sequence_eight_cut.yaml", 1), "乙 play H7 H8 H9")
    assert web[checklist.CLEARS].startswith("yes: 8-cut (8切): sequence ♥7-8-9 clears the table")


def test_a_forbidden_last_play():
    two = answers(after("jdf_forbidden_two.yaml", 0), "甲 play S2 H2")
    assert two[FINISH.format("甲")].startswith("yes: it holds a 2 outside a revolution. They are 甲's last cards")
    assert "Ranked from the bottom, 甲 is 大貧民" in two[FINISH.format("甲")]
    assert two["So, is it legal?"] == "yes"  # forbidden as a finish, legal as a play
    late = answers(after("jdf_forbidden_two.yaml", 11), "丙 play C2")
    assert late[FINISH.format("丙")].startswith("no: during the revolution")
    assert late[FINISH.format("丙")].endswith("丙 goes out and is 大富豪 (daifugo).")
    joker = answers(after("jdf_forbidden_joker.yaml", 0), "甲 play S9 BJ")
    assert joker[checklist.SAME_SHAPE].startswith("nothing to beat") and "9♠ BJ=9 is a pair" in joker[checklist.SAME_SHAPE]
    assert joker[FINISH.format("甲")].startswith("yes: it holds a joker.")
    spade = answers(after("jdf_spade_three_last_card.yaml", 1), "乙 play S3")
    assert spade[FINISH.format("乙")].startswith("yes: it is the single spade 3 outside a revolution.")
    clean = answers(after("jdf_last_play_sequence_with_eight.yaml", 0), "丙 play H7 H8 H9")
    assert clean[FINISH.format("丙")].startswith("no: outside a revolution")
    assert clean[FINISH.format("丙")].endswith("丙 goes out and is 大富豪 (daifugo).")
    fours = answers(after("jdf_last_play_four_threes.yaml", 0), "丁 play S3 H3 D3 C3")
    assert fours[FINISH.format("丁")].startswith("no: outside a revolution")  # judged before the play
    fall = answers(after("jdf_miyako_ochi.yaml", 12), "丙 play H6")
    assert "Miyako-ochi (都落ち): 丙 went out first with a clean finish, so 甲" in fall[FINISH.format("丙")]
    web = answers(after("yeeqia_points.yaml", 1), "乙 play S2")
    assert web[FINISH.format("乙")].startswith("no: yeeqia has no forbidden finishes")


def test_a_refused_play():
    wrong_shape = answers(after("jdf_revolution.yaml", 4), "丁 play C8")
    assert wrong_shape[checklist.SAME_SHAPE].startswith("no: Four of a kind is beaten only by a stronger four of a kind")
    assert wrong_shape[checklist.CLEARS] == "no: the play is refused, so it clears nothing; an 8 cuts only as a legal play."
    assert wrong_shape["So, is it legal?"].startswith("no: Not the same kind of play.")
    nothing = referee.ask(after("jdf_eight_cut.yaml", 0), "甲 play S6 DK")
    assert [q for q, _ in nothing] == [checklist.SAME_SHAPE, "So, is it legal?"]
    assert nothing[0][1].startswith("no: 6♠ K♦ is no combination")
    assert nothing[1][1].startswith("no: Not a combination.")
    equal = answers(after("jdf_pass.yaml", 2), "乙 play H9")  # 乙 holds no 9♥, and a 9 only equals a 9
    assert "an equal rank never beats" in equal[checklist.ORDER_NOW]
    assert equal["So, is it legal?"].startswith("no: Not in the hand.")
    exchange = referee.ask(after("jdf_exchange.yaml", 0), "丁 play C3")
    assert exchange[0] == (checklist.EXCHANGE_FIRST, "no: nobody plays until every give is in (waiting for 甲, 乙, 丙, 丁).")
    assert exchange[1][1].startswith("no: Not a move here.")
    over = after("yeeqia_points.yaml", 6)
    assert referee.ask(over, "丁 play D7") == [("So, is it legal?", "no: The game is over. The game has ended: every place is decided.")]


def test_jokers_that_could_stand_for_different_cards():
    state = daifugo.from_deal("jdf", P, hands={"甲": "S5 S6 BJ", "乙": "C4", "丙": "D4", "丁": "H4"})
    result = referee.ask(state, "甲 play S5 S6 BJ")
    assert result[0][0] == "What do the jokers stand for?"
    assert "9" not in result[0][1] and "BJ=4♠" in result[0][1] and "BJ=7♠" in result[0][1]
    assert result[-1][1].startswith("no: Not a combination.")


# --- a pass and a give ----------------------------------------------------------------------------------

def test_a_pass():
    state = after("jdf_pass.yaml", 4)  # 甲 went out on 9♠, 乙 passed, 丙 played K♥
    result = answers(state, "丁 pass")
    assert result["Is there a play to beat?"] == "yes: single K (K♥) by 丙; a pass keeps 丁 out until the table is cleared."
    assert result["Who has passed since the table was last cleared?"] == "乙"
    assert result["If everyone else still in passes too, who leads after the clear?"] == (
        "nobody else needs to pass: this pass clears the table. Everyone else still in has passed: the table is "
        "cleared and 丙, who played last, leads.")  # 甲 is out and 乙 passed: 丁's pass is the last one needed
    assert answers(state, "乙 pass")["If everyone else still in passes too, who leads after the clear?"] == \
        "as things stand, since the move is refused: 丙, who played last."
    gone = answers(after("jdf_pass.yaml", 3), "丙 pass")  # 甲 went out on 9♠, 乙 passed
    assert gone["If everyone else still in passes too, who leads after the clear?"] == \
        "乙, the first player still in on 甲's left (甲 is out)."
    empty = referee.ask(after("jdf_pass.yaml", 0), "甲 pass")
    assert empty[0] == ("Is there a play to beat?", "no: the table is empty, so 甲 leads and must play.")
    assert empty[1][1].startswith("no: No passing here.")


def test_a_give():
    state = after("jdf_exchange.yaml", 0)
    low = answers(state, "丁 give RJ SA")
    assert low["Who gives whom, and how many?"] == "丁, the 大貧民 (daihinmin), gives 甲, the 大富豪 (daifugo), 2 cards."
    assert low["Which cards must they be?"].endswith("the joker, a 2, that is RJ 2♠.")
    assert low["So, is it legal?"].startswith("no: Give the strongest cards.")
    high = answers(state, "甲 give S4 S5")
    assert high["Which cards must they be?"].startswith("any 2 cards of 甲's own choice")
    assert high["Who leads once the exchange is done?"] == "丁, the previous 大貧民 (daihinmin)."
    tie = daifugo.from_deal("jdf", P, previous_ranks={"甲": "daifugo", "乙": "fugo", "丙": "hinmin", "丁": "daihinmin"},
                            hands={"甲": "S4 S5", "乙": "D4", "丙": "HK DK C5", "丁": "S2 H2 D2 C3"})
    assert answers(tie, "丙 give HK")["Which cards must they be?"].endswith(
        "丙 chooses among K♥ K♦, as only the suit of a tied rank is free.")
    assert answers(tie, "丁 give S2 C3")["Which cards must they be?"].startswith(
        "丁's strongest 2 cards in the normal order (joker, 2, A, K, … 3): a 2, a 2;")
    # 丁 has given: after 甲's give, 乙 and 丙 are still to give (甲 is no longer waited for).
    assert "(still waiting for 乙, 丙)" in answers(after("jdf_exchange.yaml", 4), "甲 give S4 S5")["When do the cards change hands?"]
    last = answers(after("jdf_exchange.yaml", 11), "甲 give S4 S5")["When do the cards change hands?"]
    assert last.startswith("now: this is the last give, so the cards change hands at once. 丁 (大貧民) and 甲 (大富豪) "
                           "trade 2 cards: 丁 gets 4♠ 5♠, 甲 gets RJ 2♠.")
    refused = answers(after("jdf_exchange.yaml", 4), "甲 give S4")
    assert refused["When do the cards change hands?"].startswith(
        "as things stand, since the move is refused: all together, once every give is in (still waiting for 甲, 乙, 丙)")
    done = referee.ask(after("jdf_exchange.yaml", 12), "丁 give C3")
    assert done == [("So, is it legal?", "no: Not a move here. There is nothing to give: the exchange of this game is over.")]


# --- the answers agree with what the engine then does ----------------------------------------------------

@pytest.mark.parametrize("rules", ["jdf", "yeeqia"])
def test_answers_agree_with_what_happens(rules):
    """On random positions, for every legal play: the clear, revolution, lock and finish answers
    say "yes" exactly when performing the play does that."""
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        state = daifugo.new_game(rules, P, seed=seed)
        while not state.is_over():
            actions = state.legal_actions()
            for action in actions:
                if action.verb != "play":
                    continue
                result = dict(DAIFUGO.checklist(state, action))
                events = state.copy().apply(action)
                kinds = {e.kind for e in events}
                assert result["So, is it legal?"] == "yes"
                assert not result[checklist.SAME_SHAPE].startswith("no:")
                assert "breaks it" not in result[checklist.LOCK]
                if "clear" in kinds:
                    assert result[checklist.CLEARS].startswith(("yes", "not by an 8"))
                    assert kinds_text(events, "clear") in result[checklist.CLEARS]
                elif "game_over" not in kinds:
                    assert result[checklist.CLEARS].startswith("no:")
                flips = "revolution" in kinds
                assert ("Once played" in result[checklist.ORDER_NOW]) == flips
                assert result[checklist.LOCK].endswith(("keeps to it.", "even so.")) == bool(state.lock)
                assert ("starts one" in result[checklist.LOCK]) == ("lock" in kinds)
                finish = result[FINISH.format(action.player)]
                if "foul" in kinds:
                    assert finish.startswith("yes") and "They are" in finish
                elif "out" in kinds:
                    assert finish.startswith("no") and "They are" in finish
                checked += 1
            state.apply(rng.choice(actions))
    assert checked > 500


# --- the shared referee and its widget ---------------------------------------------------------------

def test_the_hooks_are_the_checklist():
    state = after("jdf_suit_lock.yaml", 2)
    action = state.parse_action("丙 play S10")
    assert DAIFUGO.checklist(state, action) == checklist.ask(state, action)
    assert DAIFUGO.table_talk(state) == checklist.table_talk(state)


def test_referee_widget_works_for_daifugo():
    pytest.importorskip("ipywidgets")
    from cardlab.widgets import Referee

    ref = Referee(SCENARIOS)
    text = ref.ask("jdf_suit_lock.yaml", 2, "C play S10")
    lines = text.splitlines()
    assert lines[0].startswith(checklist.SAME_SHAPE + "  yes: 10♠ is a single card")
    assert "played by 乙 (B)" in lines[0]
    assert lines[2].startswith(checklist.LOCK + "  yes, ♥, and 10♠ breaks it")
    assert lines[-1].startswith("So, is it legal?  no: The suits are locked.")
    assert "S10" not in text
    view = ref.widget
    assert "breaks it" in ref._output.value and "cardlab-referee" in view._dom_classes


def test_table_talk_text_reads_as_a_learner_reads():
    text = checklist.table_talk_text(after("jdf_exchange.yaml", 0))
    lines = text.splitlines()
    assert len(lines) == 11 and lines[0].startswith("Which cards, and how many each?  54:")
    assert "Who leads?  丁 (D), the previous 大貧民 (daihinmin)" in text
    assert "cards held now: 甲 (A) 4, 乙 (B) 2, 丙 (C) 3, 丁 (D) 4" in text


# --- what a play brings about is asked of the position it leaves -----------------------------------------

def test_a_refused_eight_under_a_lock_neither_cuts_nor_finishes():
    """Lesson 7's example: 丙's 8♣ under the heart lock is refused, so it clears nothing and is no
    finish; the answers agree with each other and with the verdict."""
    refused = answers(after("jdf_referee_round.yaml", 2), "丙 play C8")
    assert refused["So, is it legal?"].startswith("no: The suits are locked.")
    assert refused[checklist.CLEARS] == "no: the play is refused, so it clears nothing; an 8 cuts only as a legal play."
    assert refused[FINISH.format("丙")] == "no: the play is refused, so it is no finish at all."
    legal = answers(after("jdf_referee_round.yaml", 8), "丙 play C8")  # the same 8 leading an empty table
    assert legal[checklist.CLEARS].startswith("yes: 8-cut (8切)")
    assert legal[FINISH.format("丙")].startswith("yes: it cuts with 8 (8切).")


def test_a_refused_play_starts_no_revolution():
    refused = answers(after("jdf_revolution.yaml", 1), "乙 play SJ HJ DJ CJ")
    assert refused["So, is it legal?"].startswith("no: Not stronger.")
    assert "turns the order back" not in refused[checklist.ORDER_NOW]
    assert refused[checklist.ORDER_NOW].endswith("in it, four Js does not beat four 9s.")


def test_a_cut_that_ends_the_game_clears_no_table():
    state = daifugo.from_deal("jdf", P, hands={"甲": "S3", "乙": "S4", "丙": "S8", "丁": "D9 H9"})
    for move in ("甲 play S3", "乙 play S4"):  # both go out: 丙 and 丁 are left
        state.apply(state.parse_action(move))
    result = answers(state, "丙 play S8")
    assert result["So, is it legal?"] == "yes"
    assert result[checklist.CLEARS] == "no: this play ends the game, so no table is left to clear."
    assert result[FINISH.format("丙")].startswith("yes: it cuts with 8 (8切). They are 丙's last cards.")
    assert state.copy().apply(state.parse_action("丙 play S8"))[-1].kind == "game_over"

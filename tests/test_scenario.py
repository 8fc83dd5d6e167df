"""The scenario loader is strict (SCENARIOS.md) and run() reports the first step that does not hold."""

import textwrap

import pytest

from cardlab import durak, registry
from cardlab.scenario import (NotImplementedGame, Scenario, ScenarioError, check_paths, json_records, load, loads,
                              run, transcript)

from scenario_texts import durak_text

BASE = durak_text()
# line numbers in BASE
L_TITLE, L_GAME, L_RULES, L_PLAYERS, L_DEAL, L_TRUMP, L_ATTACKER, L_HANDS, L_JIA, L_YI, L_STEPS = range(1, 12)


def with_steps(*lines):
    return BASE + "".join(f"  {line}\n" for line in lines)


def load_error(text, path="lesson.yaml"):
    with pytest.raises(ScenarioError) as info:
        loads(text, path)
    err = info.value
    assert str(err).startswith(path)
    return err


def test_base_scenario_loads_and_runs():
    s = loads(BASE, "base.yaml")
    assert isinstance(s, Scenario)
    assert (s.title, s.game, s.rules, s.players) == ("Base", "durak", durak.RULESETS["podkidnoy"], ("甲", "乙"))
    assert [step.number for step in s.steps] == [1, 2]
    result = run(s)
    assert result.ok and len(result.outcomes) == 2


# --- unknown keys -------------------------------------------------------------------------------------

def test_unknown_top_key():
    err = load_error(BASE + "author: me\n")
    assert "unknown key 'author'" in err.fault and err.line == 14


def test_missing_required_key():
    err = load_error(BASE.replace("title: Base\n", ""))
    assert "missing required key 'title'" in err.fault


def test_unknown_deal_key():
    err = load_error(BASE.replace("  trump: H\n", "  trumps: H\n"))
    assert "unknown deal key 'trumps'" in err.fault and err.line == L_TRUMP


def test_deal_key_of_another_game():
    err = load_error(BASE.replace("  trump: H\n", "  trump: H\n  leader: 甲\n"))
    assert "leader" in err.fault and err.line == L_TRUMP + 1


def test_unknown_step_key():
    err = load_error(with_steps("- do: 甲 attack D8", "  expected: {over: false}"))
    assert "unknown step key 'expected'" in err.fault
    assert err.step == 3 and err.line == 15
    assert "(line 15, step 3)" in str(err)


@pytest.mark.parametrize("key", ["turn", "top", "winner", "revolution", "bogus"])
def test_unknown_or_foreign_expectation_key(key):
    err = load_error(with_steps("- expect:", f"    {key}: 1"))
    assert f"unknown expectation {key!r}" in err.fault and err.step == 3 and err.line == 15


# --- unknown names ------------------------------------------------------------------------------------

def test_unknown_game():
    err = load_error(BASE.replace("game: durak", "game: poker"))
    assert "unknown game 'poker'" in err.fault and err.line == L_GAME


def test_unknown_rule_set():
    err = load_error(BASE.replace("rules: podkidnoy", "rules: jdf"))
    assert "unknown rule set 'jdf' for durak" in err.fault and err.line == L_RULES


def test_game_not_built_yet(monkeypatch):
    # Every game of the contract is built now; a game whose module cannot be found must still be
    # reported as "not implemented", never as an unknown game or a traceback.
    from importlib.metadata import EntryPoint

    monkeypatch.setattr(registry, "_games", {name: game for name, game in registry._games.items()
                                             if name != "gandengyan"})
    monkeypatch.setitem(registry._known(), "gandengyan",
                        EntryPoint("gandengyan", "cardlab.no_such_game:GAME", registry.GROUP).load)
    text = BASE.replace("game: durak", "game: gandengyan").replace("rules: podkidnoy", "rules: yiqi")
    with pytest.raises(NotImplementedGame) as info:
        loads(text, "gdy.yaml")
    assert "not implemented yet" in str(info.value) and info.value.line == L_GAME
    assert str(info.value).startswith("gdy.yaml")
    assert isinstance(info.value, ScenarioError)


def test_unknown_player_in_an_action():
    err = load_error(with_steps("- 丙 attack D8"))
    assert "no player named '丙'" in err.fault and err.step == 3 and err.line == 14


def test_unknown_player_in_deal():
    err = load_error(BASE.replace("    乙: [SQ", "    丙: [SQ"))
    assert "'丙' is not a player" in err.fault and err.line == L_YI
    err = load_error(BASE.replace("attacker: 甲", "attacker: 丁"))
    assert "丁" in err.fault and err.line == L_ATTACKER


def test_unknown_player_in_an_expectation():
    err = load_error(with_steps("- expect: {hand_sizes: {丙: 5}}"))
    assert "'丙' is not a player" in err.fault and err.line == 14


def test_unknown_verb():
    err = load_error(with_steps("- 甲 jump D8"))
    assert "no verb 'jump'" in err.fault and err.step == 3 and err.line == 14


def test_wrong_number_of_cards_in_an_action():
    err = load_error(with_steps("- 乙 defend S8"))
    assert "takes 2 cards, got 1" in err.fault and err.step == 3


def test_unknown_reason_code():
    err = load_error(with_steps("- do: 甲 attack D6", "  reject: wrong_rank"))
    assert "unknown reason code 'wrong_rank'" in err.fault and err.step == 3 and err.line == 15
    err = load_error(with_steps("- expect:", "    illegal: {甲 attack D6: wrong_rank}"))
    assert "wrong_rank" in err.fault and err.step == 3


def test_reject_without_do():
    err = load_error(with_steps("- reject: not_allowed"))
    assert "reject needs the action" in err.fault and err.step == 3


# --- cards and deals ----------------------------------------------------------------------------------

def test_bad_card_in_a_hand():
    err = load_error(BASE.replace("D6, C10", "D6, C1O"))
    assert "bad card 'C1O'" in err.fault and err.line == L_JIA


def test_bad_card_in_an_action():
    err = load_error(with_steps("- 甲 attack Q8"))
    assert "Q8" in err.fault and err.step == 3 and err.line == 14


def test_stand_in_is_not_a_dealt_card():
    err = load_error(BASE.replace("SK]", "RJ=SK]"))
    assert "stand-in" in err.fault and err.line == L_JIA


def test_card_not_in_the_deck():
    err = load_error(BASE.replace("D6, C10", "D5, C10"))
    assert "impossible deal" in err.fault and "D5 is not in this deck" in err.fault and err.line == L_DEAL + 1  # the first line of the deal
    err = load_error(with_steps("- 甲 attack S2"))
    assert "S2 is not in the podkidnoy deck" in err.fault and err.step == 3


def test_duplicate_card():
    err = load_error(BASE.replace("乙: [SQ", "乙: [S8"))
    assert "impossible deal" in err.fault and "S8 appears twice" in err.fault and err.line == L_DEAL + 1  # the first line of the deal
    err = load_error(BASE.replace("  trump: H\n", "  stock: [SQ, HA]\n"))
    assert "SQ appears twice" in err.fault


def test_trump_disagreeing_with_the_face_up_card():
    err = load_error(BASE.replace("  trump: H\n", "  trump: H\n  stock: [C9, SA]\n"))
    assert "impossible deal" in err.fault and "face-up card SA" in err.fault and err.line == L_DEAL + 1  # the first line of the deal


def test_empty_stock_needs_a_trump():
    err = load_error(BASE.replace("  trump: H\n", "  stock: []\n"))
    assert "give trump" in err.fault


def test_duplicate_yaml_key():
    err = load_error(BASE.replace("rules: podkidnoy\n", "rules: podkidnoy\nrules: perevodnoy\n"))
    assert "'rules' appears twice" in err.fault and err.line == L_RULES + 1
    err = load_error(BASE.replace("    乙: [SQ", "    甲: [SQ"))
    assert "'甲' appears twice" in err.fault and err.line == L_YI


@pytest.mark.parametrize("players", ["[甲]", "[a, b, c, d, e, f, g]"])
def test_wrong_player_count(players):
    text = BASE.replace("players: [甲, 乙]", f"players: {players}").replace("    乙: [SQ, H7, CK, D7, C6, DA]\n", "")
    err = load_error(text)
    assert "podkidnoy is for 2 to 6 players" in err.fault and err.line == L_PLAYERS


def test_player_listed_twice_or_with_spaces():
    assert "listed twice" in load_error(BASE.replace("[甲, 乙]", "[甲, 甲]")).fault
    assert "without spaces" in load_error(BASE.replace("[甲, 乙]", "[甲, 'a b']")).fault


@pytest.mark.parametrize("text, words", [
    ("title: [\n", "not valid YAML"),
    ("- a list\n", "a scenario is a mapping"),
    ("", "a scenario is a mapping"),
    ("!!python/object/apply:os.system [ls]\n", "not valid YAML"),
])
def test_not_a_scenario(text, words):
    assert words in load_error(text).fault


def test_multi_line_title():
    assert "one line" in load_error(BASE.replace("title: Base", "title: \"Base\\nmore\"")).fault


def test_load_reads_files_and_names_them(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text(BASE, encoding="utf-8")
    assert load(f).path == str(f)
    with pytest.raises(ScenarioError) as info:
        load(tmp_path / "missing.yaml")
    assert "cannot read" in str(info.value) and "missing.yaml" in str(info.value)
    bad = tmp_path / "latin.yaml"
    bad.write_bytes(b"title: \xe9\n")
    with pytest.raises(ScenarioError) as info:
        load(bad)
    assert "UTF-8" in str(info.value)


def test_check_paths_finds_yaml_and_yml(tmp_path):
    (tmp_path / "sub").mkdir()
    for name in ("b.yaml", "sub/a.yml", "notes.txt"):
        (tmp_path / name).write_text(BASE, encoding="utf-8")
    found = check_paths([tmp_path])
    assert sorted(p.name for p in found) == ["a.yml", "b.yaml"]


# --- run ----------------------------------------------------------------------------------------------

def first_failure(text):
    result = run(loads(text, "t.yaml"))
    assert not result.ok
    return result.failure


def test_reject_with_the_wrong_code():
    f = first_failure(with_steps("- do: 甲 attack D6", "  reject: attack_limit"))
    assert f.step.number == 3
    assert "refused with rank_not_on_table" in f.failure and "expected attack_limit" in f.failure


def test_reject_of_an_accepted_action():
    f = first_failure(with_steps("- do: 甲 attack D8", "  reject: rank_not_on_table"))
    assert f.step.number == 3 and "was accepted" in f.failure


def test_a_refused_step_string_is_a_failure_not_an_error():
    f = first_failure(with_steps("- 甲 attack D6", "- 甲 attack D8"))
    assert f.step.number == 3
    assert "甲 attack D6 was refused: rank_not_on_table" in f.failure
    assert f.refusal.code == "rank_not_on_table"


def test_run_stops_at_the_first_failure():
    result = run(loads(with_steps("- 甲 attack D6", "- 甲 attack D8"), "t.yaml"))
    assert [o.step.number for o in result.outcomes] == [1, 2, 3]


def test_a_rejected_step_passes_and_leaves_the_position():
    result = run(loads(with_steps("- do: 甲 attack D6", "  reject: rank_not_on_table",
                                  "- expect: {hand_sizes: {甲: 5}}"), "t.yaml"))
    assert result.ok
    assert result.outcomes[2].refusal.code == "rank_not_on_table"


# after BASE's two steps: 甲 holds D8 CQ D6 C10 SK, 乙 holds H7 CK D7 C6 DA, table S8 SQ
RIGHT = {
    "hands": "{甲: [D8, CQ, D6, C10, SK]}",
    "hand_sizes": "{甲: 5, 乙: 5}",
    "finished": "[]",
    "over": "false",
    "legal": "[甲 attack D8, 甲 done, 甲 attack CQ]",
    "illegal": "[甲 attack D6, 乙 take]",
    "stock_size": "24",
    "trump": "H",
    "attacker": "甲",
    "defender": "乙",
    "table": "[SQ, S8]",
    "discard_size": "0",
    "loser": "null",
    "draw": "false",
    "attack_limit": "6",
}
WRONG = [
    ("hands", "{甲: [D8, CQ, D6, C10]}", "hands: 甲 has"),
    ("hand_sizes", "{乙: 6}", "hand_sizes: 乙 has 5, expected 6"),
    ("finished", "[甲]", "finished is [], expected [甲]"),
    ("over", "true", "over is false, expected true"),
    ("legal", "[甲 attack D6]", "legal: 甲 attack D6 is refused: rank_not_on_table"),
    ("illegal", "[甲 attack D8]", "illegal: 甲 attack D8 would be accepted"),
    ("illegal", "{甲 attack D6: cannot_beat}", "refused with rank_not_on_table, expected cannot_beat"),
    ("stock_size", "23", "stock_size is 24, expected 23"),
    ("trump", "S", "trump is H, expected S"),
    ("attacker", "乙", "attacker is 甲, expected 乙"),
    ("defender", "甲", "defender is 乙, expected 甲"),
    ("table", "[S8]", "table is [S8 SQ], expected [S8]"),
    ("discard_size", "2", "discard_size is 0, expected 2"),
    ("loser", "甲", "loser is null, expected 甲"),
    ("draw", "true", "draw is false, expected true"),
    ("attack_limit", "5", "attack_limit is 6, expected 5"),
]


def test_right_expectations_of_every_key_hold():
    lines = ["- expect:"] + [f"    {k}: {v}" for k, v in RIGHT.items()]
    result = run(loads(with_steps(*lines), "t.yaml"))
    assert result.ok, result.failure and result.failure.failure


@pytest.mark.parametrize("key, value, message", WRONG)
def test_failing_expectation_of_every_key(key, value, message):
    f = first_failure(with_steps(f"- expect: {{{key}: {value}}}"))
    assert f.step.number == 3
    assert message in f.failure


def test_every_expectation_key_is_covered():
    assert set(RIGHT) == {k for k, _, _ in WRONG} == set(durak.EXPECTATIONS) | {
        "hands", "hand_sizes", "finished", "over", "legal", "illegal"}


def test_expectation_after_an_action_in_the_same_step():
    f = first_failure(with_steps("- do: 甲 attack D8", "  expect: {table: [S8, SQ]}"))
    assert f.step.number == 3 and "table is [D8 S8 SQ]" in f.failure


def test_bad_expectation_values_are_load_errors():
    assert "whole numbers" in load_error(with_steps("- expect: {stock_size: -1}")).fault
    assert "true or false" in load_error(with_steps("- expect: {over: 1}")).fault
    assert "suit letter" in load_error(with_steps("- expect: {trump: X}")).fault
    assert "list of actions" in load_error(with_steps("- expect: {legal: 甲 done}")).fault


def test_transcript_and_json_records():
    result = run(loads(with_steps("- do: 甲 attack D6", "  reject: rank_not_on_table", "  note: Only 8 and Q."),
                       "t.yaml"), keep_states=True)
    text = transcript(result)
    assert "step 3: 甲 attack D6  -> refused" in text
    assert "note: Only 8 and Q." in text and "rank_not_on_table" in text
    records = list(json_records(result))
    assert records[0]["title"] == "Base" and records[0]["rules"] == "podkidnoy"
    assert [r["step"] for r in records[1:]] == [1, 2, 3]
    assert records[3]["outcome"] == "refused" and records[3]["code"] == "rank_not_on_table"
    assert result.outcomes[0].state.attacks and "Only 8 and Q." in result.outcomes[2].narration


def test_start_is_fresh_every_time():
    s = loads(BASE, "t.yaml")
    a = s.start()
    a.act("甲 attack S8")
    assert s.start().attacks == []


def test_durak_scenarios_in_the_lessons_all_hold():
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "durak"
    files = check_paths([folder])
    assert files
    for f in files:
        result = run(load(f))
        assert result.ok, f"{f}: step {result.failure.step.number}: {result.failure.failure}"


def test_empty_steps_and_flow_style_deal():
    s = loads(textwrap.dedent("""\
        title: T
        game: durak
        rules: perevodnoy
        players: [a, b]
        deal: {trump: S, stock: [], hands: {a: [S6], b: [S7]}}
        steps:
        """))
    assert s.steps == []
    assert run(s).ok
    assert s.start().trump == "S" and s.start().stock == []


def test_faults_inside_an_expectation_name_their_step():
    text = """
title: t
game: durak
rules: podkidnoy
players: [甲, 乙]
deal: {trump: H, attacker: 甲, hands: {甲: [S8], 乙: [SQ]}}
steps:
  - 甲 attack S8
  - expect: {hand_sizes: {丙: 1}}
  - expect: {table: [S8, XX]}
"""
    with pytest.raises(ScenarioError) as err:
        loads(text, "f.yaml")
    assert err.value.step == 2 and err.value.line == 9 and "'丙' is not a player" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        loads(text.replace("  - expect: {hand_sizes: {丙: 1}}\n", ""), "f.yaml")
    assert err.value.step == 2 and "XX" in str(err.value)


def test_every_expectation_of_the_contract_reads_as_words():
    from cardlab.scenario import _EXPECTATION_WORDS as COMMON, expectation_words

    # The words of the keys every game has, and of each game's own keys (Game.expectation_words).
    _EXPECTATION_WORDS = {**COMMON, **{key: words for game in registry.all_games()
                                       for key, words in game.expectation_words.items()}}

    contract = {"hands", "hand_sizes", "stock_size", "turn", "top", "finished", "over", "legal", "illegal",
                "revolution", "lock", "fouls", "demoted", "result", "points", "winner", "trump", "attacker",
                "defender", "table", "discard_size", "loser", "draw"}
    assert contract <= set(_EXPECTATION_WORDS)
    assert expectation_words("hand_sizes", {"乙": 5, "甲": 1}) == "乙 has 5 cards; 甲 has 1 card"
    assert expectation_words("table", frozenset()) == "the table is empty"
    assert expectation_words("lock", {"H"}) == "locked to ♥"
    assert expectation_words("points", {"甲": 3, "乙": -1}) == "甲 scores +3; 乙 scores -1"
    assert expectation_words("new_key", 3) == "new_key: 3"



# --- expected card lists (issue 19) ---------------------------------------------------------------

GDY_HEAD = """\
title: t
game: gandengyan
rules: RULES
players: [A, B, C]
deal:
  stock: []
  hands:
    A: [S8, S3, BJ]
    B: [H9, HJ, D4]
    C: [C9, CJ, C4]
steps:
  - A play S8
"""
GDY = GDY_HEAD.replace("RULES", "yiqi")
JJ = GDY_HEAD.replace("RULES", "jj").replace("BJ]", "W2]")
DAIFUGO = """\
title: t
game: daifugo
rules: jdf
players: [A, B, C, D]
deal:
  hands:
    A: [S9, RJ, S3]
    B: [H4, HJ]
    C: [C4, CJ]
    D: [D4, DJ]
steps:
  - A play S9 RJ=9
"""
L_NEXT = 13  # the line of a step added after the first one of GDY, JJ or DAIFUGO


def step_error(text, line, step, *words):
    """The file is unusable, and the message names the file, the line, the step and says ``words``."""
    err = load_error(text, "t.yaml")
    assert (err.line, err.step) == (line, step), str(err)
    assert f"t.yaml (line {line}, step {step})" in str(err)
    for w in words:
        assert w in err.fault, str(err)
    return err


@pytest.mark.parametrize("text, line, step, card", [
    (GDY + "  - expect: {hands: {A: [S3, BJ, S3]}}\n", L_NEXT, 2, "S3"),  # A holds S3 BJ
    (GDY + "  - expect: {top: [S8, S8]}\n", L_NEXT, 2, "S8"),             # the top is S8
    (GDY + "  - expect:\n      hands:\n        B: [H9, HJ,\n            D4, HJ]\n", L_NEXT + 3, 2, "HJ"),
    (DAIFUGO + "  - expect: {top: [S9, RJ, RJ=9]}\n", L_NEXT, 2, "RJ"),   # with and without stand-in
    (DAIFUGO + "  - expect: {top: [S9, RJ=9, RJ=8]}\n", L_NEXT, 2, "RJ"),
    (JJ + "  - expect: {hands: {A: [S3, W2, W2]}}\n", L_NEXT, 2, "W2"),
    (with_steps("- expect: {table: [S8, SQ, S8]}"), 14, 3, "S8"),
    (with_steps("- expect: {hands: {乙: [H7, CK, D7, C6, DA, DA]}}"), 14, 3, "DA"),
])
def test_a_card_listed_twice_in_an_expectation_makes_the_file_unusable(text, line, step, card):
    step_error(text, line, step, f"{card} is listed twice")


@pytest.mark.parametrize("text, card, deck", [
    (GDY + "  - expect: {hands: {A: [S3, W1]}}\n", "W1", "yiqi"),
    (GDY_HEAD.replace("RULES", "yiqi-single-draw") + "  - expect: {top: [W1]}\n", "W1", "yiqi-single-draw"),
    (JJ + "  - expect: {hands: {A: [S3, BJ]}}\n", "BJ", "jj"),
    (JJ + "  - expect: {top: [BJ]}\n", "BJ", "jj"),
    (JJ + "  - expect: {top: [S8, RJ=8]}\n", "RJ", "jj"),
    (with_steps("- expect: {table: [S8, SQ, S5]}"), "S5", "podkidnoy"),
    (with_steps("- expect: {hands: {甲: [D8, CQ, D6, C10, S5]}}"), "S5", "podkidnoy"),
])
def test_a_card_the_deck_lacks_in_an_expectation_makes_the_file_unusable(text, card, deck):
    line, step = (14, 3) if text.startswith(BASE) else (L_NEXT, 2)
    step_error(text, line, step, f"{card} is not in the {deck} deck")


@pytest.mark.parametrize("head, expect, card, deck", [
    (GDY, "{legal: [A play W1]}", "W1", "yiqi"),
    (GDY, "{illegal: {B play W1: not_in_hand}}", "W1", "yiqi"),
    (JJ, "{illegal: [B play H9 BJ]}", "BJ", "jj"),
    (JJ, "{illegal: [B play H9 RJ=9]}", "RJ", "jj"),
    (DAIFUGO.replace("jdf", "yeeqia").replace("RJ", "S10").replace("S10=9", "H9"), "{illegal: [B play RJ]}",
     "RJ", "yeeqia"),
])
def test_a_card_the_deck_lacks_in_an_expected_action_makes_the_file_unusable(head, expect, card, deck):
    step_error(head + f"  - expect: {expect}\n", L_NEXT, 2, f"{card} is not in the {deck} deck")


def test_a_card_the_deck_lacks_in_an_expected_durak_action_makes_the_file_unusable():
    step_error(with_steps("- expect: {illegal: [甲 attack S5]}"), 14, 3, "S5 is not in the podkidnoy deck")
    step_error(with_steps("- expect: {legal: [乙 defend S8 S2]}"), 14, 3, "S2 is not in the podkidnoy deck")


@pytest.mark.parametrize("expect, holds", [
    ("{top: [S9, RJ]}", True),        # a bare joker matches whatever it stands for
    ("{top: [RJ, S9]}", True),
    ("{top: [S9, RJ=9]}", True),
    ("{top: [S9, RJ=8]}", False),
    ("{top: [S9]}", False),
    ("{top: [S9, RJ, S3]}", False),
    ("{hands: {A: [S3]}}", True),
])
def test_a_bare_joker_in_an_expected_daifugo_top_matches_whatever_it_stands_for(expect, holds):
    result = run(loads(DAIFUGO + f"  - expect: {expect}\n", "t.yaml"))
    assert result.ok is holds, result.failure and result.failure.failure


@pytest.mark.parametrize("expect, holds", [
    ("{top: [S3, BJ]}", True),
    ("{top: [BJ, S3]}", True),
    ("{top: [S3, BJ=3]}", True),
    ("{top: [S3, BJ=4]}", False),
    ("{hands: {A: [S8]}}", True),
])
def test_a_bare_joker_in_an_expected_gandengyan_top_matches_whatever_it_stands_for(expect, holds):
    text = GDY.replace("A play S8", "A play S3 BJ=3") + f"  - expect: {expect}\n"
    result = run(loads(text, "t.yaml"))
    assert result.ok is holds, result.failure and result.failure.failure


def test_a_bare_joker_or_wild_card_in_an_expected_hand_matches_it():
    assert run(loads(GDY + "  - expect: {hands: {A: [BJ, S3]}}\n", "t.yaml")).ok
    assert run(loads(JJ + "  - expect: {hands: {A: [W2, S3]}}\n", "t.yaml")).ok


# --- reason codes: the two precisions (issue 19) ---------------------------------------------------

GDY_FOLLOW = """\
title: t
game: gandengyan
rules: yiqi
players: [A, B]
deal:
  stock: []
  hands:
    A: [{top}, D3]
    B: [{answer}, C3]
steps:
  - A play {top}
  - do: B play {answer}
    reject: {code}
"""


@pytest.mark.parametrize("top, answer, code", [
    ("S8", "H7", "not_one_higher"),                          # lower
    ("S8", "H8", "not_one_higher"),                          # equal
    ("S8", "H10", "not_one_higher"),                         # higher by more than one rank
    ("S2", "H2", "not_one_higher"),                          # a 2 on a 2
    ("S8, C8", "H7, D7", "not_one_higher"),
    ("S8, C8", "H8, D8", "not_one_higher"),
    ("S8, C8", "H10, D10", "not_one_higher"),
    ("S2, C2", "H2, D2", "not_one_higher"),
    ("S5, S6, S7", "H4, H5, H6", "not_one_higher"),
    ("S5, S6, S7", "H5, H6, H7", "not_one_higher"),
    ("S5, S6, S7", "H7, H8, H9", "not_one_higher"),
    ("S5, C5, S6, C6", "H4, D4, H5, D5", "not_one_higher"),
    ("S5, C5, S6, C6", "H5, D5, H6, D6", "not_one_higher"),
    ("S5, C5, S6, C6", "H8, D8, H9, D9", "not_one_higher"),
    ("S9, C9, D9", "S4, C4, D4", "not_stronger"),            # a weaker bomb on a bomb
    ("S9, C9, D9, H9", "S4, C4, D4, H4", "not_stronger"),
    ("BJ, RJ", "S4, C4, D4, H4", "not_stronger"),
])
def test_gandengyan_refuses_a_follow_of_the_same_kind_as_the_contract_says(top, answer, code):
    text = GDY_FOLLOW.format(top=top, answer=answer, code=code)
    text = text.replace(f"A play {top}", f"A play {top.replace(',', '')}")
    text = text.replace(f"B play {answer}", f"B play {answer.replace(',', '')}")
    result = run(loads(text, "t.yaml"))
    assert result.ok, result.failure and result.failure.failure
    assert result.outcomes[-1].refusal.code == code


FOREIGN_VERBS = [
    (GDY, "A attack S3", "Gan Deng Yan has no attack"),
    (GDY, "A defend S8 S3", "Gan Deng Yan has no defend"),
    (GDY, "A take", "Gan Deng Yan has no take"),
    (GDY, "A done", "Gan Deng Yan has no done"),
    (GDY, "A transfer S3", "Gan Deng Yan has no transfer"),
    (GDY, "A swap", "Gan Deng Yan has no swap"),
    (GDY, "A give S3", "Gan Deng Yan has no give"),
    (DAIFUGO, "B attack H4", "Daifugo has no attack"),
    (DAIFUGO, "B defend H4 HJ", "Daifugo has no defend"),
    (DAIFUGO, "B take", "Daifugo has no take"),
    (DAIFUGO, "B done", "Daifugo has no done"),
    (DAIFUGO, "B transfer H4", "Daifugo has no transfer"),
    (DAIFUGO, "B swap", "Daifugo has no swap"),
    (BASE, "甲 play D8", "Durak has no play"),
    (BASE, "乙 pass", "Durak has no pass"),
    (BASE, "甲 give D8", "Durak has no give"),
]


@pytest.mark.parametrize("head, action, words", FOREIGN_VERBS)
def test_a_verb_of_the_contract_that_the_game_lacks_is_refused_with_not_allowed(head, action, words):
    result = run(loads(head + f"  - do: {action}\n    reject: not_allowed\n"
                       f"  - expect: {{illegal: {{{action}: not_allowed}}}}\n", "t.yaml"))
    assert result.ok, result.failure and result.failure.failure
    explanation = result.outcomes[-2].refusal.explanation
    assert explanation.startswith(words + ":"), explanation  # names the rule: what the players do instead
    assert len(explanation.split(": ", 1)[1]) > 10


@pytest.mark.parametrize("head, action, words", FOREIGN_VERBS)
def test_a_step_string_with_a_verb_the_game_lacks_is_a_failure_not_an_unusable_file(head, action, words):
    result = run(loads(head + f"  - {action}\n", "t.yaml"))
    failure = result.failure
    assert failure is not None and failure.refusal.code == "not_allowed"
    assert f"{action} was refused: not_allowed: {words}" in failure.failure


def test_a_verb_the_game_lacks_leaves_the_position_and_comes_after_game_over():
    from cardlab import gandengyan

    game = gandengyan.from_deal("yiqi", ["A", "B"], hands={"A": ["S8"], "B": ["H9"]}, stock=[])
    before = game.key()
    refusal = game.check(game.parse_action("A attack S8"))
    assert refusal.code == "not_allowed" and game.key() == before
    game.act("A play S8")
    assert game.check(game.parse_action("B attack H9")).code == "game_over"


@pytest.mark.parametrize("head, action", [(GDY, "A jump S3"), (DAIFUGO, "B atack H4"), (BASE, "甲 fold")])
def test_a_word_that_is_no_verb_of_the_contract_makes_the_file_unusable(head, action):
    line, step = (14, 3) if head is BASE else (L_NEXT, 2)
    step_error(head + f"  - {action}\n", line, step, f"no verb '{action.split()[1]}'")


# --- title and note in several languages (SCENARIOS.md, "Top level") ------------------------------

from cardlab.scenario import LANGUAGES, Text  # noqa: E402

# BASE with its title and two of three notes (on a do: step, an expect: step and a do: step with
# expect) in several languages.
MANY = BASE.replace("title: Base\n", "title: {en: Base, zh-TW: 基本, ja: 基本形}\n") + """\
  - do: 甲 attack D6
    reject: rank_not_on_table
    note:
      en: Only 8 and Q.
      ja: 場に出ている 8 と Q だけ。
  - expect: {table: [S8, SQ]}
    note: {en: Two cards on the table., zh-TW: 桌上兩張牌。}
  - do: 甲 attack D8
    expect: {table: [S8, SQ, D8]}
    note: Plain English.
"""
L_NOTE = 16  # the line of "note:" in a third step "- do: ...", "  reject: ...", "  note: ..." after BASE


def test_title_and_notes_in_several_languages_load_and_run():
    s = loads(MANY, "many.yaml")
    assert run(s).ok
    assert s.title == "Base"  # the English text, as before, for every existing caller
    assert [step.note for step in s.steps] == [None, None, "Only 8 and Q.", "Two cards on the table.",
                                              "Plain English."]
    assert (s.title_in("en"), s.title_in("zh-TW"), s.title_in("ja")) == ("Base", "基本", "基本形")
    do_note, expect_note, plain_note = s.steps[2:]
    assert do_note.note_in("ja") == "場に出ている 8 と Q だけ。"
    assert expect_note.note_in("zh-TW") == "桌上兩張牌。"
    assert do_note.note_text == Text({"en": "Only 8 and Q.", "ja": "場に出ている 8 と Q だけ。"})
    assert plain_note.note_text == Text("Plain English.") and s.title_text.languages == LANGUAGES


def test_a_language_the_file_does_not_give_falls_back_to_english():
    s = loads(MANY, "many.yaml")
    do_note, expect_note, plain_note = s.steps[2:]
    assert do_note.note_in("zh-TW") == "Only 8 and Q."
    assert expect_note.note_in("ja") == "Two cards on the table."
    assert plain_note.note_in("ja") == plain_note.note_in("zh-TW") == "Plain English."
    assert s.steps[0].note_in("ja") is None  # a step without a note has none in any language
    plain = loads(BASE, "base.yaml")  # the string form: English in every language
    assert [plain.title_in(lang) for lang in LANGUAGES] == ["Base"] * 3
    text = Text({"en": "Trumps", "ja": "切り札"})
    assert (text.get(), text.get("ja"), text.get("zh-TW"), str(text)) == ("Trumps", "切り札", "Trumps", "Trumps")


def test_asking_for_a_language_that_is_not_a_tag_is_an_error():
    s = loads(MANY, "many.yaml")
    for lang in ("fr", "zh-tw", "JA", None):
        with pytest.raises(ValueError, match="unknown language tag"):
            s.title_in(lang)
        with pytest.raises(ValueError, match="unknown language tag"):
            s.steps[2].note_in(lang)
    with pytest.raises(ValueError, match="must hold en"):
        Text({"ja": "切り札"})


def test_replay_and_json_records_keep_english():
    result = run(loads(MANY, "many.yaml"))
    text = transcript(result)
    assert text.startswith("Base  [durak, podkidnoy]") and "note: Only 8 and Q." in text
    assert "基本" not in text and "桌上" not in text and "だけ" not in text
    records = list(json_records(result))
    assert records[0]["title"] == "Base" and records[3]["note"] == "Only 8 and Q."
    assert "Two cards on the table." in result.outcomes[3].narration


@pytest.mark.parametrize("old, new, line, words", [
    ("title: Base", "title: {ja: 基本}", L_TITLE, ["title has no en text", "it has: ja"]),
    ("title: Base", "title:\n  en: Base\n  fr: Base", L_TITLE + 2, ["title: unknown language tag 'fr'",
                                                                    "tags: en, zh-TW, ja"]),
    ("title: Base", "title: {en: Base, zh-tw: 基本}", L_TITLE, ["unknown language tag 'zh-tw'", "write it zh-TW"]),
    ("title: Base", "title: {en: Base, true: x}", L_TITLE, ["unknown language tag true"]),
    ("title: Base", "title: {en: Base, ja: 3}", L_TITLE, ["title in ja must be one line of text, not the number 3"]),
    ("title: Base", "title: {en: Base, ja: }", L_TITLE, ["title in ja must be one line of text, not null"]),
    ("title: Base", "title:\n  en: [Base]", L_TITLE + 1, ["title in en must be one line of text, not a list"]),
    ("title: Base", "title: {}", L_TITLE, ["title is an empty mapping", "{en: ...}"]),
    ("title: Base", "title: {en: Base, ja: ' '}", L_TITLE, ["title in ja is empty", "leave the language out"]),
    ("title: Base", 'title: {en: Base, ja: "a\\nb"}', L_TITLE, ["title in ja must be one line of text"]),
    ("title: Base", 'title: {en: "Base\\x07"}', L_TITLE, ["title in en holds a control character"]),
    ("title: Base", "title: 3", L_TITLE, ["title must be one line of text, or a mapping from language tags"]),
])
def test_a_bad_title_mapping_is_an_unusable_file(old, new, line, words):
    err = load_error(BASE.replace(old, new), "t.yaml")
    assert err.line == line and err.step is None, str(err)
    assert str(err).startswith(f"t.yaml (line {line}): ")
    for w in words:
        assert w in err.fault, str(err)


@pytest.mark.parametrize("note, line, words", [
    ("{ja: だけ}", L_NOTE, ["note has no en text", "it has: ja"]),
    ("\n      en: Only 8.\n      de: Nur 8.", L_NOTE + 2, ["note: unknown language tag 'de'"]),
    ("{en: Only 8., ja: [だけ]}", L_NOTE, ["note in ja must be text, not a list"]),
    ("{en: Only 8., zh-TW: null}", L_NOTE, ["note in zh-TW must be text, not null"]),
    ("{en: Only 8., ja: 8}", L_NOTE, ["note in ja must be text, not the number 8"]),
    ("{}", L_NOTE, ["note is an empty mapping"]),
    ("{en: Only 8., ja: ''}", L_NOTE, ["note in ja is empty"]),
    ("[Only 8.]", L_NOTE, ["note must be text, or a mapping from language tags (en, zh-TW, ja) to text"]),
])
def test_a_bad_note_mapping_is_an_unusable_file(note, line, words):
    text = with_steps("- do: 甲 attack D6", "  reject: rank_not_on_table", f"  note: {note}")
    step_error(text, line, 3, *words)


def test_a_bad_note_mapping_on_an_expect_step_names_its_line_and_step():
    text = with_steps("- expect: {over: false}", "  note:", "    en: Over?", "    jp: 終わり?")
    step_error(text, 17, 3, "note: unknown language tag 'jp'")

"""Bad input of every kind (issue 8): the engine and the loader refuse it with one clear message,
never a hang or a traceback."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import daifugo, durak, gandengyan, referee, yamlfile
from cardlab.cards import ALL_CARDS, CardError, StandIn, card, parse_token
from cardlab.engine import Action, DealError, IllegalAction, IncompatibleRules, NotationError, Refusal
from cardlab.cli import main
from cardlab.scenario import MAX_BYTES, ScenarioError, load, loads, run
from cardlab.widgets import Compare

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "lessons" / "scenarios" / "durak" / "route_a.yaml").read_text(encoding="utf-8")


def python(*args, env=None):
    """``python ARGS`` in a fresh interpreter, stopped after 20 s so that a hang fails the test."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, *map(str, args)], cwd=ROOT, env=env, capture_output=True, timeout=20)


def cardlab(*args, env=None):
    return python("-m", "cardlab.cli", *args, env=env)


@pytest.fixture(params=["libyaml", "pure Python"])
def yaml_loader(request, monkeypatch):
    """Each loader PyYAML may have: libyaml's where it was built with it, and its own."""
    if request.param == "libyaml":
        if not hasattr(yaml, "CSafeLoader"):
            pytest.skip("PyYAML was built without libyaml")
        monkeypatch.setattr(yamlfile, "YAML_LOADER", yaml.CSafeLoader)
    else:
        monkeypatch.setattr(yamlfile, "YAML_LOADER", yaml.SafeLoader)


# --- YAML alias bombs (point 1) ------------------------------------------------------------------

BOMB = "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}' if i else 'lol'] * 10)}]\n" for i in range(10))


def test_an_alias_bomb_is_refused_at_once_and_the_folder_is_still_checked(tmp_path):
    (tmp_path / "bomb.yaml").write_text(BOMB, encoding="utf-8")
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    done = cardlab("check", tmp_path)
    assert done.returncode == 2 and done.stderr == b""
    assert done.stdout.decode().splitlines() == [
        f"ERROR  {tmp_path / 'bomb.yaml'} (line 6): this value, its YAML aliases (*name) written out, holds "
        "more than 1,000,000 values: far too many for a scenario",
        f"ok  {tmp_path / 'good.yaml'}"]


def test_an_alias_bomb_takes_well_under_a_second():
    timed = ("import sys, time; from cardlab.scenario import ScenarioError, loads\n"
             "start = time.perf_counter()\n"
             "try:\n    loads(sys.argv[1], 'bomb.yaml')\nexcept ScenarioError:\n    pass\n"
             "print(time.perf_counter() - start)")
    done = python("-c", timed, BOMB)
    assert done.stderr == b"" and float(done.stdout) < 0.2


@pytest.mark.parametrize("text, line", [("a: &a [*a]\n", 1), ("a: [1, &b {c: [2, *b]}]\n", 1),
                                        ("a: 1\nb:\n  &b [1, *b]\n", 3)])
def test_an_alias_inside_the_value_it_names_is_refused(yaml_loader, text, line):
    with pytest.raises(ScenarioError, match="a YAML alias \\(\\*name\\) inside the value it names makes it "
                                            "endless") as info:
        loads(text, "endless.yaml")
    assert info.value.line == line


def test_aliases_that_stay_small_are_yaml_like_any_other(yaml_loader):
    text = (GOOD.replace("甲: [S8, D8, CQ, D6, C10, SK]", "甲: &hand [S8, D8, CQ, D6, C10, SK]")
            .replace("steps:\n", "steps:\n  - expect: {hands: {甲: *hand}}\n", 1))
    assert "*hand" in text and run(loads(text, "aliases.yaml")).ok


def test_a_key_given_twice_is_refused_with_its_line(yaml_loader):
    with pytest.raises(ScenarioError, match="the key 'b' appears twice") as info:
        loads("a:\n  b: 1\n  c: [1, 2]\n  b: 3\n", "twice.yaml")
    assert info.value.line == 4


# --- special and huge files (point 2) ------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_not_a_scenario():
    done = cardlab("check", "/dev/zero")
    assert (done.returncode, done.stderr) == (2, b"")
    assert done.stdout.decode() == ("ERROR  /dev/zero: not a regular file but a device or other special "
                                    "file; a scenario is a YAML text file\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    done = cardlab("replay", fifo)
    assert (done.returncode, done.stderr) == (2, b"")
    assert done.stdout.decode() == (f"ERROR  {fifo}: not a regular file but a named pipe; a scenario is a YAML "
                                    "text file\n")


def test_a_file_over_the_size_limit_is_refused(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text(GOOD + "#" * (MAX_BYTES - len(GOOD.encode()) + 1), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"big.yaml: larger than 1 MB"):
        load(big)
    just_fits = tmp_path / "fits.yaml"
    just_fits.write_text(GOOD + "#" * (MAX_BYTES - len(GOOD.encode())), encoding="utf-8")
    assert load(just_fits).title


def test_text_that_is_not_utf8_names_its_line(tmp_path):
    f = tmp_path / "latin1.yaml"
    f.write_bytes("title: Durak\nsource: café\n".encode("latin-1"))
    with pytest.raises(ScenarioError, match=r"latin1.yaml \(line 2\): not a UTF-8 text file"):
        load(f)


# --- Action objects however built ----------------------------------------------------------------


def positions():
    """A few positions of each game: the start, mid-game, the daifugo exchange, a finished game."""
    durak_start = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": ["S8", "D8"], "乙": ["SQ", "H7"]},
                                  trump="H", attacker="甲")
    durak_mid = durak_start.copy()
    durak_mid.act("甲 attack S8")
    jdf = daifugo.from_deal("jdf", "abcd", hands={"a": "S9 H9 RJ", "b": "SJ BJ", "c": "D4", "d": "C5"})
    jdf_mid = jdf.copy()
    jdf_mid.act("a play S9 H9")
    exchange = daifugo.from_deal("yeeqia", "abcd", hands={"a": "S4 S5 S6 H7", "b": "D4 D9", "c": "HA C5 D6",
                                                          "d": "S3 S2 SA C3"},
                                 previous_ranks={"a": "daifugo", "b": "fugo", "c": "heimin", "d": "daihinmin"})
    over = durak.from_deal("podkidnoy", ["甲", "乙"], hands={"甲": ["S8"], "乙": ["SQ"]}, stock=[], trump="H",
                           attacker="甲")
    over.act("甲 attack S8")
    over.act("乙 defend S8 SQ")
    yiqi = gandengyan.from_deal("yiqi", ["甲", "乙", "丙"], hands={"甲": "S8 H8 D9 BJ", "乙": "S9 C10", "丙": "D2 RJ"},
                                stock=["C3", "C4"])
    yiqi_mid = yiqi.copy()
    yiqi_mid.act("甲 play S8 H8")
    jj = gandengyan.new_game("jj", ["甲", "乙", "丙"], seed=2)
    return [durak_start, durak_mid, jdf, jdf_mid, exchange, over, yiqi, yiqi_mid, jj]


POSITIONS = positions()
JUNK = st.one_of(st.none(), st.integers(), st.text(max_size=3), st.lists(st.integers(), max_size=2))
stand_ins = st.builds(StandIn, st.sampled_from(ALL_CARDS), st.sampled_from([None, *"SHDC"]),
                      st.integers(min_value=2, max_value=14))
tokens = st.one_of(st.sampled_from(ALL_CARDS), stand_ins, JUNK)
VERBS = sorted({*durak.State.VERBS, *daifugo.State.VERBS, *gandengyan.State.VERBS, "fly"})


MADE_UP = (st.one_of(st.sampled_from(["甲", "乙", "丙", "a", "e"]), JUNK),
           st.one_of(st.sampled_from(VERBS), JUNK),
           st.one_of(st.lists(tokens, max_size=4).map(tuple), JUNK))


@settings(max_examples=600, deadline=None)
@given(index=st.integers(min_value=0, max_value=len(POSITIONS) - 1), data=st.data())
def test_any_action_is_refused_or_applied_never_anything_else(index, data):
    """Each part of the action is, two times in three, that part of a legal action of the
    position, else made up: near-legal actions (a legal verb with a wrong number of cards ...)
    come up often, and so do legal ones."""
    state = POSITIONS[index].copy()
    legal = state.legal_actions() or [Action("甲", "attack", (card("S8"),))]
    player, verb, cards = (data.draw(st.sampled_from([a[i] for a in legal]) if data.draw(st.integers(0, 2))
                                     else made_up) for i, made_up in enumerate(MADE_UP))
    action = Action(player, verb, cards)
    try:
        refusal = state.check(action)
    except NotationError:
        with pytest.raises(NotationError):
            state.apply(action)
        return
    before = state.key()
    if refusal is None:
        assert isinstance(state.apply(action), list)
    else:
        assert isinstance(refusal, Refusal)
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.key() == before


@pytest.mark.parametrize("action, reason", [
    (Action("甲", "attack", ()), "'attack' takes 1 card, got 0"),
    (Action("乙", "defend", (card("S8"),)), "'defend' takes 2 cards, got 1"),
    (Action("乙", "take", (card("S8"),)), "'take' takes 0 cards, got 1"),
    (Action("甲", "done", (card("D8"),)), "'done' takes 0 cards, got 1"),
    (Action("甲", "swap", (card("H6"),)), "'swap' takes 0 cards, got 1"),
    (Action("甲", "attack", (card("RJ"),)), "RJ is not in the podkidnoy deck"),
    (Action("甲", "attack", ("S8",)), "'S8' is not a card"),
    (Action("甲", "attack", [card("S8")]), "the cards a tuple"),
    (("甲", "attack"), "an action is (player, verb, cards)"),
])
def test_durak_refuses_actions_with_the_wrong_cards(action, reason):
    state = POSITIONS[1]
    with pytest.raises(NotationError) as info:
        state.check(action)
    assert info.value.reason.endswith(reason)
    with pytest.raises(NotationError):
        state.apply(action)


def test_daifugo_refuses_pass_with_cards_and_impossible_stand_ins():
    state = POSITIONS[3]
    with pytest.raises(NotationError, match="'pass' takes 0 cards, got 1"):
        state.check(Action("b", "pass", (card("SJ"),)))
    with pytest.raises(NotationError, match="W1 is not in the jdf deck"):
        state.check(Action("b", "play", (StandIn(card("W1"), None, 10),)))


@pytest.mark.parametrize("fields", [(card("BJ"), "X", 9), (card("BJ"), None, 99), (card("BJ"), "H", True),
                                    ("BJ", None, 9), (card("BJ"), ["H"], 9)])
def test_a_stand_in_that_cannot_be_written_cannot_be_built(fields):
    with pytest.raises(CardError, match="a stand-in is a card, a suit letter or None, and a rank"):
        StandIn(*fields)


def test_unknown_players_and_verbs_keep_their_reason_codes():
    state = POSITIONS[1]
    assert state.check(Action("丙", "take", ())).code == "not_your_turn"
    assert state.check(Action("乙", "fly", (card("S8"),))).code == "not_allowed"


def test_the_referee_refuses_a_malformed_action_before_its_checklist():
    with pytest.raises(NotationError, match="'defend' takes 2 cards"):
        referee.ask(POSITIONS[1], Action("乙", "defend", (card("SQ"),)))


# --- deals built in Python: new_game and from_deal with arguments of the wrong kind ---------------

TABLES = {"durak": (durak, "podkidnoy", ["甲", "乙"]), "daifugo": (daifugo, "jdf", ["甲", "乙", "丙", "丁"]),
          "gandengyan": (gandengyan, "yiqi", ["甲", "乙"])}


@pytest.mark.parametrize("game", TABLES)
@pytest.mark.parametrize("deal, message", [
    (lambda m, rules, players: m.new_game(rules, None), "players must be a list of names in seat order"),
    (lambda m, rules, players: m.new_game(rules, 2), "players must be a list of names .*, not 2$"),
    (lambda m, rules, players: m.new_game(rules, dict.fromkeys(players)), "players must be a list of names"),
    (lambda m, rules, players: m.new_game(None, players), "rule set named None"),
    (lambda m, rules, players: m.new_game("nope", players), "rule set named 'nope'"),
    (lambda m, rules, players: m.new_game([rules], players), "rule set named \\['"),
    (lambda m, rules, players: m.new_game(rules, players, seed="abc"), "seed must be a whole number, not 'abc'"),
    (lambda m, rules, players: m.from_deal(rules, players, seed=[1]), "seed must be a whole number"),
    (lambda m, rules, players: m.from_deal(rules, players, hands=["S9"]), "hands must map players to their cards"),
    (lambda m, rules, players: m.from_deal(rules, players, hands=5), "hands must map players .*, not 5$"),
    (lambda m, rules, players: m.from_deal(rules, players, hands={"甲": 5}),
     "the hand of 甲 must be a list of cards, .*, not 5$"),
    (lambda m, rules, players: m.from_deal(rules, players, hands={"甲": None}), "the hand of 甲 .*, not None$"),
    (lambda m, rules, players: m.from_deal(rules, players, hands={"甲": {"S9"}}), "the hand of 甲 must be a list"),
    (lambda m, rules, players: m.from_deal(rules, players, hands={"甲": ["S9", 5]}),
     "the hand of 甲: 5 is not a card"),
    (lambda m, rules, players: m.from_deal(rules, players, hands={"甲": [["S9"]]}), "\\['S9'\\] is not a card"),
    (lambda m, rules, players: m.from_deal(rules, players, hands={7: ["S9"]}), "player 7 must be a name"),
    (lambda m, rules, players: m.from_deal(rules, ["\u00e9", *players[1:]],
                                           hands={"e\u0301": ["S9"], "\u00e9": ["SK"]}),
     "hands names 'é' twice"),
])
def test_a_deal_of_the_wrong_kind_is_refused_in_one_sentence(game, deal, message):
    module, rules, players = TABLES[game]
    with pytest.raises(DealError, match=message):
        deal(module, rules, players)


@pytest.mark.parametrize("game", ["durak", "gandengyan"])
@pytest.mark.parametrize("stock, message", [(5, "stock must be a list of cards, .*, not 5$"),
                                            (None, None), ({"C7"}, "stock must be a list of cards"),
                                            (["C7", 7], "stock: 7 is not a card")])
def test_a_stock_of_the_wrong_kind_is_refused_in_one_sentence(game, stock, message):
    module, rules, players = TABLES[game]
    if message is None:  # left out: the cards in no hand, shuffled
        state = module.from_deal(rules, players, hands={"甲": "S9", "乙": "SK"}, stock=stock)
        assert len(state.stock) > 0
        return
    with pytest.raises(DealError, match=message):
        module.from_deal(rules, players, hands={"甲": "S9", "乙": "SK"}, stock=stock)


@pytest.mark.parametrize("deal, message", [
    (dict(hands={"a": "S3", "b": "S4", "c": "S5", "d": "S6"}, previous_ranks=["a", "b", "c", "d"]),
     "previous_ranks must map every player to their rank"),
    (dict(blind=5), "blind must be a list of cards"),
    (dict(blind=["S3", None]), "blind: None is not a card"),
])
def test_daifugo_refuses_ranks_and_blind_cards_of_the_wrong_kind(deal, message):
    make = daifugo.from_deal if "hands" in deal else daifugo.new_game
    with pytest.raises(DealError, match=message):
        make("jdf", "abcd", **deal)


NAMES = st.one_of(st.none(), st.integers(), st.text(max_size=3), st.sampled_from(["甲", "乙"]))
HANDS = st.one_of(JUNK, st.dictionaries(NAMES, st.one_of(JUNK, st.lists(st.one_of(JUNK, st.sampled_from(
    ["S9", "SK", "RJ"])), max_size=3)), max_size=3))


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(sorted(TABLES)), players=st.one_of(JUNK, st.lists(NAMES, max_size=4)), hands=HANDS,
       stock=st.one_of(JUNK, st.lists(JUNK, max_size=2)))
def test_any_deal_is_dealt_or_refused_with_a_deal_error(game, players, hands, stock):
    module, rules, seated = TABLES[game]
    extra = {} if game == "daifugo" else {"stock": stock}
    for deal in (dict(players=players), dict(players=seated, hands=hands), dict(players=seated, hands={}, **extra)):
        try:
            module.from_deal(rules, **deal)
        except (DealError, CardError):
            pass


# --- Compare across rule sets (point 7) ----------------------------------------------------------

DAIFUGO = Path(__file__).resolve().parent.parent / "lessons" / "scenarios" / "daifugo"
NO_JOKERS = r"^yeeqia has no jokers: this position cannot be played under it\.$"


@pytest.mark.parametrize("source", [DAIFUGO / "jdf_exchange.yaml", load(DAIFUGO / "jdf_exchange.yaml").start()])
def test_compare_refuses_a_joker_under_yeeqia_in_one_sentence(source):
    with pytest.raises(IncompatibleRules, match=NO_JOKERS):
        Compare(source, "jdf", "yeeqia")


def test_compare_carries_an_exchange_over_by_place():
    compare = Compare(load(DAIFUGO / "yeeqia_exchange.yaml").start(), "yeeqia", "jdf")
    assert compare.summary() == "Only under yeeqia: nothing\nOnly under jdf: nothing"
    assert compare.states[1].previous_ranks["丙"] == "hinmin"


def test_compare_refuses_a_deal_written_for_the_other_rule_set():
    with pytest.raises(IncompatibleRules, match=r"yeeqia_exchange.yaml cannot be set up under jdf: previous_ranks "):
        Compare(DAIFUGO / "yeeqia_exchange.yaml", "yeeqia", "jdf")


# --- text that cannot be printed, look-alike names (points 3 and 9) ------------------------------

def scenario_text(players="[甲, 乙]", title='"Route A"', first="甲", second="乙", step="甲 attack S8"):
    return (f"title: {title}\ngame: durak\nrules: podkidnoy\nplayers: {players}\ndeal:\n  trump: H\n"
            f"  attacker: {first}\n  hands:\n    {first}: [S8, D8]\n    {second}: [SQ, H7]\n"
            f"steps:\n  - {step}\n  - expect: {{hand_sizes: {{{first}: 1}}}}\n")


def refused(text):
    with pytest.raises(ScenarioError) as info:
        loads(text, "f.yaml")
    return info.value


def test_the_base_scenario_text_loads():
    assert loads(scenario_text(), "f.yaml").players == ("甲", "乙")


def test_a_lone_surrogate_in_a_title_is_refused_by_either_loader(yaml_loader):
    error = refused(scenario_text(title='"\\ud800 Route A"'))
    assert error.line == 1 and ("lone surrogate (#xd800)" in error.fault or "invalid Unicode" in error.fault)


def test_a_lone_surrogate_passed_in_as_text_is_refused(yaml_loader):
    error = refused(scenario_text().replace("Route A", "\ud800 Route A"))
    assert error.line == 1 and "#xd800" in error.fault


@pytest.mark.parametrize("text, fault, line", [
    (scenario_text(title='"\\e[2J Route A"'), "title holds a control character (#x001b)", 1),
    (scenario_text(title='"Route A"\nsource: "004\\x9b"'), "source holds a control character (#x009b)", 2),
    (scenario_text(step='{do: 甲 attack S8, note: "\\a Beep"}'), "note holds a control character (#x0007)", 12),
    (scenario_text(step='"甲\\x0battack S8"'), "the action holds a control character (#x000b)", 12),
    (scenario_text(players='["\\udc00x", 乙]', first='"\\udc00x"'), "holds an invisible character, U+DC00", 4),
])
def test_text_that_cannot_be_printed_is_refused(text, fault, line, monkeypatch):
    monkeypatch.setattr(yamlfile, "YAML_LOADER", yaml.SafeLoader)  # libyaml refuses surrogate escapes itself
    error = refused(text)
    assert fault in error.fault and error.line == line


def test_a_name_with_an_invisible_character_is_refused(yaml_loader):
    error = refused(scenario_text(players='[甲, "甲\\u200b"]'))
    assert error.line == 4 and error.fault == ("player '甲\\u200b' must be a name without spaces or invisible "
                                               "characters; it holds an invisible character, ZERO WIDTH SPACE")


def test_names_typed_two_ways_are_one_name(yaml_loader):
    error = refused(scenario_text(players='["\\u00e9", "e\\u0301"]'))
    assert error.line == 4 and error.fault == "player é is listed twice"
    loaded = loads(scenario_text(players="[e\u0301, 乙]", first="\u00e9", step="e\u0301 attack S8"), "f.yaml")
    assert loaded.players == ("\u00e9", "乙") and run(loaded).ok


@pytest.mark.parametrize("players, first, line, what", [
    ("[yes, no]", "'yes'", 4, "player true"),
    ("['yes', 'no']", "yes", 7, "deal.attacker true"),
])
def test_a_bare_yes_or_no_is_explained(yaml_loader, players, first, line, what):
    error = refused(scenario_text(players=players, first=first, second="'no'"))
    assert error.line == line and error.fault == (
        f"{what} is not a name: YAML reads a bare yes, no, on, off, true or false as true or false, "
        "so write such a name in quotes, like 'yes'")


@pytest.mark.parametrize("new_game", [lambda players: durak.new_game("podkidnoy", players),
                                      lambda players: daifugo.new_game("jdf", players + ["丙", "丁"])])
def test_engine_constructors_normalise_and_refuse_names_the_same_way(new_game):
    assert new_game(["e\u0301", "乙"]).players[0] == "\u00e9"
    with pytest.raises(DealError, match="player names must be unique"):
        new_game(["\u00e9", "e\u0301"])
    with pytest.raises(DealError, match="ZERO WIDTH SPACE"):
        new_game(["甲", "甲\u200b"])
    with pytest.raises(DealError, match="U\\+D800"):
        new_game(["\ud800", "乙"])


def test_from_deal_and_parse_action_find_a_name_however_it_is_typed():
    game = durak.from_deal("podkidnoy", ["\u00e9", "乙"], hands={"e\u0301": ["S8"], "乙": ["SQ"]}, trump="H",
                           attacker="e\u0301")
    assert game.attacker == "\u00e9" and game.hands["\u00e9"] == [card("S8")]
    assert game.parse_action("e\u0301 attack S8") == Action("\u00e9", "attack", (card("S8"),))
    jdf = daifugo.from_deal("jdf", ["\u00e9", "b", "c", "d"],
                            hands={"e\u0301": "S3 H3", "b": "S4", "c": "S5", "d": "S6 H6"},
                            previous_ranks={"e\u0301": "daifugo", "b": "fugo", "c": "hinmin", "d": "daihinmin"},
                            leader="e\u0301")
    assert jdf.previous_ranks["\u00e9"] == "daifugo" and jdf.leader == "\u00e9"


# --- a terminal that is not UTF-8, names that cannot be printed as they are (points 3 and 4) -----

ROUTE_A = ROOT / "lessons" / "scenarios" / "durak" / "route_a.yaml"
CP1252 = {"PYTHONIOENCODING": "cp1252"}


def test_replay_on_a_cp1252_terminal_escapes_what_it_cannot_show():
    done = cardlab("replay", ROUTE_A, env=CP1252)
    assert (done.returncode, done.stderr) == (0, b"")
    out = done.stdout.decode("cp1252")
    assert "trump \\u2665 hearts" in out and "\\u7532: D6 S8 D8 C10 CQ SK" in out


def test_fail_and_error_lines_naming_a_player_on_a_cp1252_terminal(tmp_path):
    failing = tmp_path / "failing.yaml"
    failing.write_text(scenario_text().replace("{甲: 1}", "{甲: 5}"), encoding="utf-8")
    unusable = tmp_path / "unusable.yaml"
    unusable.write_text(scenario_text(first="丙"), encoding="utf-8")
    done = cardlab("check", failing, unusable, env=CP1252)
    assert (done.returncode, done.stderr) == (2, b"")
    assert done.stdout.decode("cp1252").splitlines() == [
        f"FAIL  {failing}: step 2: hand_sizes: \\u7532 has 1, expected 5",
        f"ERROR  {unusable} (line 7): deal.attacker '\\u4e19' is not a player (players: \\u7532, \\u4e59)"]


def test_replay_json_stays_utf8_on_a_cp1252_terminal():
    done = cardlab("replay", "--json", ROUTE_A, env=CP1252)
    assert (done.returncode, done.stderr) == (0, b"")
    records = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert records[0]["players"] == ["甲", "乙"] and "trump ♥ hearts" in records[0]["position"]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs file names that are not UTF-8")
def test_a_file_name_that_is_not_utf8_is_printed_escaped(tmp_path):
    odd = tmp_path / os.fsdecode(b"\xff.yaml")
    odd.write_text(GOOD, encoding="utf-8")
    done = cardlab("check", tmp_path, env={"PYTHONIOENCODING": "utf-8"})
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout == f"ok  {tmp_path}/\\udcff.yaml\n".encode()
    done = cardlab("replay", "--json", odd)
    assert json.loads(done.stdout.splitlines()[0])["title"].startswith("Route A")


# --- deep folders and what a folder walk cannot search (point 5) ----------------------------------

@pytest.fixture
def deep_folder(tmp_path):
    """A folder 1,000 levels deep with a scenario at the bottom. Removed here, from the bottom up:
    shutil.rmtree, which pytest uses on old temporary folders, recurses and would fail on it."""
    deep = tmp_path
    for _ in range(1000):
        deep = deep / "d"
        deep.mkdir()
    (deep / "bottom.yaml").write_text(GOOD, encoding="utf-8")
    yield deep
    (deep / "bottom.yaml").unlink()
    while deep != tmp_path:
        deep.rmdir()
        deep = deep.parent


def test_a_folder_a_thousand_levels_deep_is_searched(tmp_path, deep_folder, capsys):
    assert main(["check", str(tmp_path)]) == 0
    assert capsys.readouterr().out == f"ok  {deep_folder / 'bottom.yaml'}\n"


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32", reason="needs symbolic links")
def test_links_that_loop_or_lead_nowhere_are_each_reported(tmp_path, capsys):
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    os.symlink("..", tmp_path / "sub" / "up")
    os.symlink("gone.yaml", tmp_path / "dangling.yaml")
    os.symlink("loop_b", tmp_path / "loop_a")
    os.symlink("loop_a", tmp_path / "loop_b")
    (tmp_path / "linked").symlink_to(tmp_path / "sub")
    assert main(["check", str(tmp_path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"ERROR  {tmp_path / 'dangling.yaml'}: skipped: a symbolic link to nothing (what it pointed to is gone)",
        f"ok  {tmp_path / 'good.yaml'}",  # linked/ is sub/, searched once, under its own name
        f"ERROR  {tmp_path / 'loop_a'}: skipped: a symbolic link in a loop of links",
        f"ERROR  {tmp_path / 'loop_b'}: skipped: a symbolic link in a loop of links",
        f"ERROR  {tmp_path / 'sub' / 'up'}: skipped: a symbolic link to a folder it is in, which would loop forever",
    ]


def test_a_folder_that_cannot_be_read_is_reported(tmp_path, capsys, monkeypatch):
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text(GOOD, encoding="utf-8")
    scandir = os.scandir

    def refuse_locked(path):  # as root a chmod would not stop the walk, so the refusal is simulated
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refuse_locked)
    assert main(["check", str(tmp_path)]) == 2
    assert capsys.readouterr().out.splitlines() == [
        f"ok  {tmp_path / 'good.yaml'}",
        f"ERROR  {locked}: skipped: cannot read this folder (Permission denied)",
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_a_folder_is_reported_not_skipped(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    done = cardlab("check", tmp_path)
    assert (done.returncode, done.stderr) == (2, b"")
    assert done.stdout.decode() == (f"ERROR  {tmp_path / 'pipe.yaml'}: not a regular file but a named pipe; "
                                    "a scenario is a YAML text file\n")


# --- messages that say what is wrong and how long (issue 19, point 5) -----------------------------

def gdy_text(rules="yiqi", step="A play S8", seed=None):
    seed = f"  seed: {seed}\n" if seed is not None else ""
    return (f"title: t\ngame: gandengyan\nrules: {rules}\nplayers: [A, B, C]\ndeal:\n{seed}  stock: []\n"
            f"  hands:\n    A: [S8, S3]\n    B: [H9, HJ]\n    C: [C9, CJ]\nsteps:\n  - {step}\n")


@pytest.mark.parametrize("state, action", [
    (gandengyan.from_deal("yiqi", "ABC", hands={"A": ["S3"], "B": ["H9"], "C": ["C9"]}, stock=[]),
     "A play " + " ".join(["S3"] * 20000)),
    (daifugo.from_deal("jdf", "ABCD", hands={"A": ["S3"], "B": ["H9"], "C": ["C9"], "D": ["D9"]}),
     "A play " + " ".join(["S3"] * 20000)),
    (daifugo.from_deal("jdf", "ABCD", hands={"A": ["S3"], "B": ["H9"], "C": ["C9"], "D": ["D9"]}),
     "A give " + " ".join(["S3"] * 100)),
])
def test_too_many_cards_in_an_action_says_the_limit_and_does_not_echo_it_all(state, action):
    verb, count = action.split()[1], len(action.split()) - 2
    with pytest.raises(NotationError) as info:
        state.parse_action(action)
    assert info.value.reason == f"'{verb}' takes at most 99 cards, got {count}"
    assert len(str(info.value)) < 200 and "…" in str(info.value)


def test_too_many_cards_in_a_scenario_step_says_the_limit_and_does_not_echo_it_all():
    error = refused(gdy_text(step="A play " + " ".join(["S3"] * 20000)))
    assert "'play' takes at most 99 cards, got 20000" in error.fault
    assert len(str(error)) < 200 and "…" in error.fault and (error.line, error.step) == (12, 1)


def test_too_few_cards_in_an_action_says_at_least_in_good_english():
    state = gandengyan.from_deal("yiqi", ["A", "B"], hands={"A": ["S3"], "B": ["H9"]}, stock=[])
    with pytest.raises(NotationError) as info:
        state.parse_action("A play")
    assert info.value.reason == "'play' takes at least 1 card, got 0"


def test_a_number_too_long_for_python_names_its_line(yaml_loader):
    error = refused(gdy_text(seed="1" * 5000))
    assert error.line == 6 and "too long" in error.fault and "5,000 digits" in error.fault
    assert "set_int_max_str_digits" not in str(error) and len(str(error)) < 200


def test_a_number_too_long_anywhere_names_its_line(yaml_loader):
    error = refused(gdy_text().replace("steps:\n", "steps:\n  - expect: {hand_sizes: {A: " + "9" * 4301 + "}}\n"))
    assert error.line == 12 and "too long" in error.fault


def test_a_long_number_python_can_read_is_read(yaml_loader):
    assert run(loads(gdy_text(seed="7" * 4300), "f.yaml")).ok


@pytest.mark.parametrize("token", ["BJ=BJ", "BJ=W1", "BJ=RJ", "RJ=rj", "W3=BJ", "W3=W4", "BJ=W7"])
def test_a_joker_standing_for_a_joker_or_wild_card_is_explained(token):
    with pytest.raises(CardError) as info:
        parse_token(token)
    assert "is not a suit" not in info.value.reason
    assert "stands for an ordinary card" in info.value.reason
    assert "never for another joker or wild card" in info.value.reason
    error = refused(gdy_text(rules="jj", step=f"A play S8 {token}"))
    assert "never for another joker or wild card" in error.fault and error.line == 12


@pytest.mark.parametrize("token", ["W7", "W0", "w9", "W12"])
def test_a_wild_card_out_of_range_is_explained(token):
    with pytest.raises(CardError) as info:
        card(token)
    assert info.value.reason.startswith("the wild cards are W1 to W6")
    error = refused(gdy_text(rules="jj", step=f"A play S8 {token}"))
    assert "the wild cards are W1 to W6" in error.fault and "not a suit" not in error.fault
    error = refused(gdy_text(rules="jj").replace("[S8, S3]", f"[S8, {token}]"))
    assert "the wild cards are W1 to W6" in error.fault and error.line == 8

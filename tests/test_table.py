"""The game table (cardlab.widgets.Table), driven through its Python API and through its ipywidgets
controls (no browser): the learner's seat against bots, matches with a score table, and every
game saved as a scenario that replays and checks ok."""

from __future__ import annotations

import io
import re

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab.bots import make_bot  # noqa: E402
from cardlab.cli import check  # noqa: E402
from cardlab.scenario import load, loads, run  # noqa: E402
from cardlab.svg import BACK_LABEL  # noqa: E402
from cardlab.widgets import Table  # noqa: E402
from cardlab.widgets import RUN_ME, Stepper  # noqa: E402

from test_widgets import buttons, html_values  # noqa: E402

RULE_SETS = [("durak", "podkidnoy", 2), ("durak", "throw-in-fool", 3), ("durak", "perevodnoy", 4),
             ("gandengyan", "yiqi", 3), ("gandengyan", "yiqi-single-draw", 2), ("gandengyan", "jj", 3),
             ("daifugo", "jdf", 4), ("daifugo", "yeeqia", 4)]


def learner_move(table: Table, me) -> str:
    """The learner's seat plays what ``me`` (a bot) chooses, through select and press."""
    action = me.choose(table.view())
    table.select(*action.cards)
    return table.press(action.verb)


def play_game(table: Table, seed: int = 7) -> None:
    me = make_bot("simple", seed=seed)
    table.bots_move()
    while not table.state.is_over():
        assert table.seat in table.state.to_act()
        learner_move(table, me)


def test_bots_wait_for_bots_move_then_stop_at_the_learners_turn():
    table = Table("durak", "podkidnoy", seed=1)
    assert repr(table) == "<Table durak (podkidnoy), 2 players, you: 甲, game 1, steps: 0, to act: 乙>"
    text = table.bots_move()
    assert text.startswith("Step 1: 乙 (B) attack")
    assert text.endswith("Your turn, 甲 (A): you may defend or take.")
    assert table.seat in table.state.to_act()
    assert table.bots_move() == "Your turn, 甲 (A): you may defend or take."
    assert repr(table) == repr(Table("durak", "podkidnoy", seed=1)).replace("steps: 0", "steps: 3").replace(
        "乙>", "甲>")


def test_an_accepted_press_lets_the_bots_answer_and_a_refused_one_changes_nothing():
    table = Table("durak", "podkidnoy", seed=1)
    table.bots_move()
    before = table.state.key()
    table.select("DA")
    text = table.press("take")  # take needs no cards: accepted whatever is selected
    assert "Step 4: 甲 (A) take" in text
    table2 = Table("durak", "podkidnoy", seed=1)
    table2.bots_move()
    table2.select("D8", "C10")
    refused = table2.press("defend")
    assert refused.startswith("Step 4: 甲 (A) defend 8♦ 10♣ (refused)\nDoes not beat it: ")
    assert refused.endswith("(code: cannot_beat)")
    assert table2.state.key() == before
    assert table2.selected  # the selection is kept after a refusal
    assert table2.scenario()["steps"][3] == {"do": "甲 defend D8 C10", "reject": "cannot_beat"}
    assert table2.press("fly").startswith("Not an action")
    assert "(refused)" in table2.narration


def test_the_learner_sees_only_their_own_cards():
    table = Table("gandengyan", "yiqi", seed=2)
    table.bots_move()
    assert BACK_LABEL in table.picture()
    play_game(table)
    others = {c for p in table.players if p != table.seat for c in table.state.hands[p]}
    draws = [line for line in table.narration.splitlines() if " draws " in line]
    assert draws and any("a hidden card" in line for line in draws)
    for line in draws:
        if not line.startswith("甲"):
            assert not any(c.symbol in line for c in others)
    assert BACK_LABEL not in table.picture()  # once the game is over, every hand is face up
    shown = table.show_all_hands()
    assert shown.startswith("All hands face up:")
    assert BACK_LABEL not in table.picture()
    assert "a hidden card" not in table.narration
    assert table.show_all_hands(False) == "Only your own hand is face up again."
    assert "a hidden card" in table.narration


def test_the_daifugo_exchange_hides_the_other_pairs_cards_and_the_learner_chooses_what_to_give():
    table = Table("daifugo", "jdf", seed=1, match=True)
    play_game(table)
    assert table.next_game().startswith("Game 1: 甲 (A) ")
    text = table.bots_move()
    assert "gives 2 hidden cards" in text or "gives 1 hidden card" in text
    assert table.status() == "Your turn, 甲 (A): you may give."
    gives = table.view().legal_actions()
    assert {a.verb for a in gives} == {"give"}
    table.select(*gives[-1].cards)
    text = table.press("give")
    assert "The exchange is done" in text
    assert "gets a hidden card" in text or "gets 2 hidden cards" in text or "甲 (A) (大" in text


def test_hint_asks_the_montecarlo_bot():
    table = Table("gandengyan", "yiqi", seed=2)
    table.bots_move()
    hint = table.hint()
    assert hint.startswith("Hint: 甲 (A) leads ") and "(montecarlo: " in hint
    assert hint == Table("gandengyan", "yiqi", seed=2).hint()  # the same on every run
    durak = Table("durak", "podkidnoy", seed=1)
    assert durak.hint().startswith("Nothing for you to do now. Waiting for 乙 (B).")


@pytest.mark.parametrize("game, rules, players", RULE_SETS)
def test_a_played_game_saved_as_a_scenario_replays_and_checks_ok(tmp_path, game, rules, players):
    table = Table(game, rules, players=players, seed=4, bots="random")
    table.bots_move()
    me = make_bot("simple", seed=2)
    table.select("S3", "H3", "D3", "C3", "S4")  # very likely refused: a refusal is a step too
    table.press("play" if game != "durak" else "attack")
    while not table.state.is_over():
        learner_move(table, me)
    path = tmp_path / f"{game}_{rules}.yaml"
    message = table.save_scenario(path)
    assert message == f"Saved game 1 ({len(table.scenario()['steps']) - 1} steps) as {path}; check it with: cardlab check {path}"
    scenario = load(path)
    assert scenario.players == table.players
    result = run(scenario)
    assert result.ok, result.failure.failure
    assert result.outcomes[-1].step.expect["over"] is True
    out = io.StringIO()
    assert check([str(path)], out=out) == 0, out.getvalue()
    stepper = Stepper(path)
    assert stepper.total == len(table.scenario()["steps"]) - 1


def test_a_game_saved_half_way_checks_ok_too():
    table = Table("durak", "perevodnoy", players=3, seed=5)
    table.bots_move()
    learner_move(table, make_bot("simple"))
    scenario = loads(table.scenario_text())
    assert run(scenario).ok
    assert scenario.steps[-1].expect["over"] is False


def test_a_jdf_set_is_four_games_with_the_exchange_and_a_score_table():
    table = Table("daifugo", "jdf", seed=3, match=True)
    assert table.next_game() == "The game is not over yet."
    for number in range(1, 5):
        assert table.number == number
        play_game(table, seed=number)
        assert run(loads(table.scenario_text())).ok
        if number > 1:
            assert "previous_ranks" in table.scenario()["deal"]
            assert table.scenario()["steps"][0].split()[1] == "give"
        if number < 4:
            assert table.next_game().startswith("Game 1: ")
    assert table.next_game().startswith("The match is over.\nGame 1: ")
    lines = table.score_table().splitlines()
    assert [line.split(":")[0] for line in lines] == ["Game 1", "Game 2", "Game 3", "Game 4"]
    assert "大富豪" in lines[0]


def test_a_yeeqia_match_is_three_games_with_points():
    table = Table("daifugo", "yeeqia", seed=3, match=True)
    for number in range(1, 4):
        play_game(table, seed=number)
        if number < 3:
            table.next_game()
    lines = table.score_table().splitlines()
    assert len(lines) == 4 and lines[-1].startswith("Total points: 甲 (A) ")
    totals = [int(part.rsplit(" ", 1)[1]) for part in lines[-1].split(": ", 1)[1].split(", ")]
    assert sum(totals) == 0
    assert table.next_game().startswith("The match is over.")


def test_gan_deng_yan_the_winner_deals_next_and_durak_the_loser():
    table = Table("gandengyan", "yiqi", seed=2, match=True)
    play_game(table)
    winner = table.state.winner
    text = table.next_game()
    assert text.startswith(f"Game 1: ") and "Total wins" in text
    assert table.state.dealer == winner and table.scenario()["deal"]["leader"] == winner
    durak = Table("durak", "podkidnoy", players=3, seed=1, match=True)
    play_game(durak)
    loser = durak.state.loser
    durak.next_game()
    players = durak.players
    if loser is not None:
        assert durak.state.attacker == players[(players.index(loser) + 1) % len(players)]
    assert "Total times durak" in durak.score_table()
    single = Table("durak", "podkidnoy", seed=1)
    assert single.next_game().startswith("This table plays one game")


def test_bad_arguments_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="no game named"):
        Table("poker", "texas")
    with pytest.raises(ValueError, match="no rule set"):
        Table("durak", "jdf")
    with pytest.raises(ValueError, match="4 players"):
        Table("daifugo", "jdf", players=3)
    with pytest.raises(ValueError, match="not a player"):
        Table("durak", "podkidnoy", seat="丙")
    with pytest.raises(ValueError, match="no bot named"):
        Table("durak", "podkidnoy", bots="clever")
    assert Table("durak", "podkidnoy", players=["Ann", "Bo"], seat="B").seat == "Bo"


def test_the_view_plays_through_its_buttons(tmp_path):
    table = Table("durak", "podkidnoy", seed=1)
    box = table.widget  # no event loop here: the bots' first moves are played at once
    found = buttons(box)
    for name in ("Hint", "Show all hands", "Next game", "Save as scenario", "Defend", "Take", "New table"):
        assert name in found
    assert table.seat in table.state.to_act()
    assert any("Your turn" in v for v in html_values(box))
    assert found["Undo"].disabled  # nothing of the learner's to take back
    found["Take"].click()
    assert "take" in table.narration
    assert found["Undo"].disabled  # the bots have answered: the take stands
    found = buttons(box)
    backs = table._picture.svg.count(BACK_LABEL)  # the other hand, and the stock
    found["Show all hands"].value = True
    assert table.all_hands and table._picture.svg.count(BACK_LABEL) < backs
    found["Hint"].click()
    assert "Hint: " in table.message or "Nothing for you to do now" in table.message
    table._path.value = str(tmp_path / "played.yaml")
    found["Save as scenario"].click()
    assert "Saved game 1 (" in table.message
    assert run(load(tmp_path / "played.yaml")).ok


def test_the_view_paces_the_bots_one_move_at_a_time(monkeypatch):
    pending = []
    table = Table("gandengyan", "yiqi", players=4, seed=3)
    monkeypatch.setattr(table, "_later", lambda callback: pending.append(callback) or True)
    box = table.widget
    me = make_bot("simple")
    for _ in range(4):
        while pending:
            assert all(b.disabled for b in table._verb_row.children)
            assert "cardlab-waiting" in table._verdict_html.value
            steps = len(table._steps)
            pending.pop(0)()
            assert len(table._steps) == steps + 1  # one bot move a tick, drawn and narrated
            assert table.message.splitlines()[-1] != "" and table._picture.svg
        if table.state.is_over():
            break
        assert table.seat in table.state.to_act()
        assert not any(b.disabled for b in table._verb_row.children)
        assert table.message.endswith("Your turn, 甲 (A): you may play.") or table.message.endswith("play or pass.")
        action = me.choose(table.view())
        table.select(*action.cards)
        buttons(box)[action.verb.capitalize()].click()
        assert pending or table.state.is_over()


def test_new_table_from_the_menus_and_the_still_picture():
    table = Table("durak", "podkidnoy", seed=1)
    box = table.widget
    table._game_menu.value = "daifugo"
    assert table._rules_menu.value == "jdf" and list(table._count_menu.options) == [4]
    buttons(box)["New table"].click()
    assert table.game == "daifugo" and len(table.players) == 4 and table.seat == "甲"
    assert "Give" in buttons(box) or "Play" in buttons(box)
    text = table.choose("gandengyan", players=5)
    assert text.startswith("A game of Gan Deng Yan (yiqi), 5 players. You play 甲 (A); ")
    html = table.static_html()
    assert RUN_ME in html and "<img" in html


def test_a_new_table_stops_the_bots_of_the_old_game(monkeypatch):
    pending = []
    table = Table("durak", "podkidnoy", seed=1)
    monkeypatch.setattr(table, "_later", lambda callback: pending.append(callback) or True)
    table.widget
    assert len(pending) == 1 and all(b.disabled for b in table._verb_row.children)
    table.choose("gandengyan", "jj")
    steps = len(table._steps)
    pending.pop()()  # the old game's next bot move, due after the pause: it does nothing now
    assert len(table._steps) == steps and table.game == "gandengyan"


def test_the_learner_gives_in_the_exchange_by_clicking_the_cards_and_give():
    table = Table("daifugo", "yeeqia", seed=3, match=True)
    play_game(table)
    table.next_game()
    box = table.widget  # no event loop here: the bots give at once
    assert table.status() == "Your turn, 甲 (A): you may give."
    assert set(buttons(box)) >= {"Give", "Hint"} and "Play" not in buttons(box)
    give = table.view().legal_actions()[0]
    for c in give.cards:
        table._picture.set_state({"selected": [*table._picture.selected, c.code]})  # clicked in the page
    assert table.selected == give.cards
    buttons(box)["Give"].click()
    assert "The exchange is done" in table.narration
    assert "Play" in buttons(box)


# --- taking a move back ----------------------------------------------------------------------------

def _paced(monkeypatch, table: Table) -> list:
    """The table's view with its bot moves held: each waits in the returned list until called."""
    pending = []
    monkeypatch.setattr(table, "_later", lambda callback: pending.append(callback) or True)
    table.widget
    while pending:  # the bots' moves of the deal, up to the learner's turn
        pending.pop(0)()
    return pending


def test_the_learner_takes_back_their_move_before_any_bot_answers_it(monkeypatch):
    table = Table("gandengyan", "yiqi", players=3, seed=3)
    pending = _paced(monkeypatch, table)
    before, steps = table.state.copy(), list(table._steps)
    undo = buttons(table.widget)["Undo"]
    assert undo.disabled and "Nothing to take back" in str(table.undo())
    action = make_bot("simple").choose(table.view())
    table.select(*action.cards)
    buttons(table.widget)[action.verb.capitalize()].click()
    assert pending and table.state != before and not undo.disabled  # the bots wait, Undo is offered
    said = table.undo()
    assert table.state == before and table._steps == steps and table.seat in table.state.to_act()
    assert f"You took back your move {table.state.learner_text(str(action))}." in str(said)
    assert str(said).endswith(str(table.status())) and "You took back your move" in str(table.narration)
    assert undo.disabled and not table._thinking and not any(b.disabled for b in table._verb_row.children)
    pending.pop(0)()  # the bot's answer that was waiting does nothing now
    assert table.state == before and table._steps == steps
    assert run(loads(table.scenario_text())).ok  # the game's scenario lost the move


def test_a_move_a_bot_has_answered_is_not_taken_back(monkeypatch):
    table = Table("durak", "podkidnoy", seed=1)
    pending = _paced(monkeypatch, table)
    table.press("take")  # through the API: the bots answer at once
    assert not pending and not table.can_undo()
    steps = list(table._steps)
    assert str(table.undo()).startswith("Nothing to take back: you may take back your own last move only until")
    assert table._steps == steps and buttons(table.widget)["Undo"].disabled


def test_the_learners_refused_tries_after_the_move_go_with_it(monkeypatch):
    table = Table("gandengyan", "yiqi", players=3, seed=3)
    pending = _paced(monkeypatch, table)
    steps = list(table._steps)
    action = make_bot("simple").choose(table.view())
    table.select(*action.cards)
    buttons(table.widget)[action.verb.capitalize()].click()
    table._thinking = False  # a refused try while the bots wait, as typed into the API
    table.type_move(f"{table.seat} play S3 S3")
    table.undo()
    assert table._steps == steps and pending


def test_a_match_keeps_playing_the_position_taken_back_to(monkeypatch):
    table = Table("durak", "podkidnoy", seed=1, match=True)
    pending = _paced(monkeypatch, table)
    before = table.state.copy()
    action = make_bot("simple").choose(table.view())
    table.select(*action.cards)
    buttons(table.widget)[action.verb.capitalize()].click()
    table.undo()
    assert table.state == before and table._match.game is table.state and pending


def test_the_bots_first_answer_to_the_learners_move_waits_long_enough_to_take_it_back(monkeypatch):
    from cardlab.widgets import play

    waits = []

    class Loop:
        def call_later(self, delay, callback):
            waits.append(delay)

    monkeypatch.setattr(play.asyncio, "get_running_loop", lambda: Loop())
    table = Table("durak", "podkidnoy", seed=1, pause=0.2)
    table.bots_move()
    table._start_bots()
    assert waits == []  # the learner's turn: nothing to wait for
    table.select("DJ", "D8")
    table._on_verb("defend")
    assert waits == [play.TAKE_BACK]
    table._run += 1  # as if that answer were played: the bots' own moves are paced as usual
    table._undo_point = None
    table._thinking = False
    table._start_bots()
    assert waits == [play.TAKE_BACK, 0.2]


# --- the account of the game keeps its end in view -----------------------------------------------

def test_the_account_of_the_last_moves_and_the_log_scroll_to_show_their_end():
    table = Table("daifugo", "jdf", seed=2)
    box = table.widget
    play_game(table)
    account = table._verdict_html.value
    assert account.startswith('<div class="cardlab-latest cardlab-scrolls" style="max-height:229px"><div>')
    assert "The game is over:" in account
    assert '<div class="cardlab-latest cardlab-scrolls" style="max-height:229px"><div><pre>' in table._log_html.value
    buttons(box)["Projector size"].value = True
    assert 'style="max-height:302px"' in table._verdict_html.value  # about half the table's height


def _header(svg: str) -> str:
    """The picture's header: its first text."""
    return re.search(r"<text [^>]*>[^<]*</text>", svg).group(0)


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_header_of_the_table_at_game_over_stands_whole_in_the_picture(size):
    """Game over, the Durak table's header says so after the round and the trump: longer than the
    picture is wide, it is drawn narrower (textLength), never cut at the picture's edge."""
    table = Table("durak", "podkidnoy", seed=0, size=size)
    play_game(table)
    width = float(re.search(r'<svg [^>]*width="([0-9.]+)"', table.picture()).group(1))
    header = _header(table.picture())
    assert "game over" in header
    room = float(re.search(r'textLength="([0-9.]+)"', header).group(1))
    assert room <= width - 2 * float(re.search(r' x="([0-9.]+)"', header).group(1)) + 0.01
    # A header that fits is drawn as it is.
    assert "textLength" not in _header(Table("durak", "podkidnoy", seed=0, size=size).picture())


def test_at_game_over_no_verb_is_drawn_as_the_one_enter_plays():
    table = Table("durak", "podkidnoy", seed=0)
    table.widget
    play_game(table)
    assert table.enter_verb is None
    assert all(b.disabled and b.button_style == "" for b in table._verb_row.children if b.description in table.verbs)


# --- where a saved game goes ------------------------------------------------------------------------

def test_a_saved_game_goes_into_the_learners_own_folder_and_says_where(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = Table("durak", "podkidnoy", seed=1)
    box = table.widget  # no event loop here: the bots' first moves are played at once
    said = str(table.save_scenario())
    target = tmp_path / "my-games" / "durak_podkidnoy_game1.yaml"
    assert said == (f"Saved game 1 (3 steps) in my-games, the folder for your own files: {target}; "
                    f"check it with: cardlab check {target}")
    assert run(load(target)).ok and sorted(p.name for p in tmp_path.iterdir()) == ["my-games"]
    table._path.value = "mine.yaml"  # a name alone, typed in the box
    buttons(box)["Save as scenario"].click()
    assert (tmp_path / "my-games" / "mine.yaml").is_file()
    elsewhere = tmp_path / "elsewhere.yaml"
    assert str(table.save_scenario(elsewhere)).startswith(f"Saved game 1 (3 steps) as {elsewhere};")
    assert table._path.placeholder == "my-games/durak_podkidnoy_game1.yaml"


def test_the_learners_folder_made_for_a_file_that_could_not_be_written_is_taken_away(tmp_path, monkeypatch):
    from cardlab.widgets import SaveError

    monkeypatch.chdir(tmp_path)
    table = Table("durak", "podkidnoy", seed=1)
    with pytest.raises(SaveError, match="the name is too long"):
        table.save_scenario("x" * 300 + ".yaml")
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "my-games").write_text("not a folder", encoding="utf-8")
    with pytest.raises(SaveError, match="Not saved: there is no folder "):
        table.save_scenario()

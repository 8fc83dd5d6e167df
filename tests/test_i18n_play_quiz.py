"""Issue 23: what the game table, the quiz and the scenario runner say to a learner is translatable.

Under the pseudo-language (tests/pseudo_i18n.py) every message comes out in full-width letters, so
an ordinary English word left in what a learner reads is text that was never wrapped. What other
parts of cardlab say inside these texts (the games' event texts and refusal explanations, their
outcomes and positions, the bots' reasons) is gathered separately and allowed here: once those are
translated too, it holds no English word and these checks are strict.

Also: the table keeps its account of the game as messages, so a language switch shows the moves
made before it in the new language; quiz files write their texts in several languages, as a
scenario's title and notes are; titles and notes read in the current language in the stepper and
in ``cardlab replay`` (CARDLAB_LANG / LANG).
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from cardlab.bots import make_bot  # noqa: E402
from cardlab.i18n import Message, language  # noqa: E402
from cardlab.registry import game_of  # noqa: E402
from cardlab.scenario import Lines, Text, expectation_words, load, loads, run, transcript  # noqa: E402
from cardlab.widgets import Quiz, SaveError, Stepper, Table  # noqa: E402
from cardlab.widgets import play  # noqa: E402

from pseudo_i18n import english_words, pseudo_language  # noqa: E402
from scenario_texts import STEPS, durak_text  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "lessons" / "scenarios"
ROUTE_A = SCENARIOS / "durak" / "route_a.yaml"
# Names that read the same in every language: games and rule sets as the files write them, the
# bots' names, and the code words of a command or argument quoted to the learner.
NAMES = {"durak", "daifugo", "gandengyan", "podkidnoy", "throw-in-fool", "perevodnoy", "yiqi",
         "yiqi-single-draw", "jj", "jdf", "yeeqia", "simple", "random", "montecarlo",
         "cardlab", "check", "overwrite", "match", "True",
         "fugo", "heimin", "hinmin", "daihinmin"}  # and the Daifugo places as scenario files name them


def path_words(*paths) -> set[str]:
    """The words of file paths quoted to the learner (which read the same in every language)."""
    return {w for path in paths for w in re.findall(r"[A-Za-z][A-Za-z_'-]+", str(path))}


def words_of(texts) -> set[str]:
    """The English words left in ``texts`` as they read now (in the pseudo-language: what other
    parts of cardlab have not translated yet)."""
    return set(english_words("\n".join(str(t) for t in texts)))


def plain_text(value: str) -> str:
    """The text of an HTML value, without its tags and attributes."""
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


# --- the game table -----------------------------------------------------------------------------

def others_say(table: Table) -> list:
    """What other parts of cardlab say in the table's current game: the events and refusals of
    its steps (replayed from the table's scenario), its positions, and how it ended."""
    result = run(loads(table.scenario_text(), "played.yaml"))
    assert result.ok, result.failure.failure
    texts = [result.start.describe(), table.state.describe()]
    for outcome in result.outcomes:
        texts += [e.text for e in outcome.events]
        if outcome.refusal is not None:
            texts.append(outcome.refusal.refusal.text())
    if table.state.is_over():
        spec = game_of(table.state)
        cells, _score = spec.score_line(table.state)
        texts += [spec.outcome(table.state), *cells.values()]
    return texts


def refused_move(table: Table) -> str | None:
    """A move the learner's seat may not make now (written as the learner types it)."""
    state = table.state
    for verb in state.verbs():
        for card in [None, *state.hands[table.seat]]:
            text = f"{table.seat} {verb}" + (f" {card}" if card is not None else "")
            try:
                action = state.parse_action(text)
            except ValueError:
                continue
            if state.check(action) is not None:
                return text
    return None


def spy_on_hints(monkeypatch) -> list:
    """Keep what the bots explain (a hint is the montecarlo bot's reason, the bots' text)."""
    explained = []
    make = play._bot

    def spying(name, seed):
        bot = make(name, seed)
        advise = bot.advise
        bot.advise = lambda view: explained.extend(advise(view)) or tuple(explained[-2:])
        return bot

    monkeypatch.setattr(play, "_bot", spying)
    return explained


def play_through(table: Table, said: list, seed: int = 3) -> None:
    """The learner's seat plays a simple bot's moves to the end of the game; what the table says
    is kept in ``said``."""
    me = make_bot("simple", seed=seed)
    said.append(table.bots_move())
    while not table.state.is_over():
        if table.learner_out():
            said.append(table.play_rest())
            break
        action = me.choose(table.view())
        table.select(*action.cards)
        said.append(table.press(action.verb))


@pytest.mark.parametrize("game, rules, players", [("durak", "podkidnoy", 2), ("gandengyan", "yiqi", 3),
                                                  ("daifugo", "jdf", 4)])
def test_a_whole_game_at_the_table_reads_in_the_pseudo_language(game, rules, players, tmp_path, monkeypatch):
    explained = spy_on_hints(monkeypatch)
    table = Table(game, rules, players=players, seed=2, match=True)
    said = [table.status(), table.bots_move()]  # waiting for the bots, then the learner's turn
    other = next(p for p in table.players if p != table.seat)
    said += [table.type_move("nonsense"), table.type_move(f"{other} pass"), table.hint()]
    refused = refused_move(table)
    assert refused is not None
    said.append(table.type_move(refused))
    said += [table.show_all_hands(), table.show_all_hands(False), table.undo(), table.next_game(),
             table.play_rest()]
    seen = [table.state.describe()]
    play_through(table, said)
    said += [table.status(), table.score_table(), table.message, table.narration]
    table.all_hands = True
    said.append(table.narration)  # the account as it was, every card named
    table.all_hands = False
    for path in (tmp_path / "missing" / "game.yaml", tmp_path, tmp_path / "game.yaml", tmp_path / "game.yaml"):
        try:
            said.append(table.save_scenario(path))
        except SaveError as refused:
            said.append(refused.args[0])
    others = others_say(table) + seen
    said.append(table.next_game())  # the score table and the opening of game 2
    said.append(table.bots_move())  # a Daifugo exchange: what the others give is hidden
    others += others_say(table) + explained + [table._match.kind, game_of(table.state).score_total(table.state) or ""]
    # What the learner typed is echoed as typed ('nonsense').
    allowed = NAMES | {"nonsense'"} | path_words(tmp_path / "missing" / "game.yaml", tmp_path / table._default_path())
    assert all(isinstance(text, Message) for text in said)
    with pseudo_language():  # everything above was said in English, and is read now
        allowed |= words_of(others)
        for text in said:
            assert english_words(text, allowed=allowed) == [], str(text)
        title = re.search(r"<b>(.*?)</b>", table.static_html()).group(1)
        assert title.startswith("Ｐｌａｙ") and english_words(title, allowed=NAMES) == []
        assert "Ｓｔｅｐ 1:" in table.narration or "Ｓｔｅｐ 1:" in str(said[1])
        assert str(table.status()).startswith(("Ｙｏｕｒ ｔｕｒｎ", "Ｗａｉｔｉｎｇ ｆｏｒ"))
    assert str(table.status()).startswith(("Your turn", "Waiting for"))  # and back in English


def test_the_account_of_the_game_changes_language_with_the_learner():
    table = Table("gandengyan", "yiqi", players=3, seed=2)
    play_through(table, [])
    english = table.narration
    with pseudo_language():
        pseudo = table.narration
        assert "ａ ｈｉｄｄｅｎ ｃａｒｄ" in pseudo or "ｈｉｄｄｅｎ ｃａｒｄｓ" in pseudo  # another player's draw
        assert "Ｓｔｅｐ 1:" in pseudo and "Step 1:" not in pseudo
        table.show_all_hands()
        assert "ｈｉｄｄｅｎ" not in table.narration
        table.show_all_hands(False)
    assert table.narration == english and "Step 1:" in english and "hidden card" in english
    with language("ja"):
        assert "甲 (A)" not in table.narration and "甲" in table.narration  # no seat letter in ja


def test_the_table_view_reads_in_the_language_of_the_moment(tmp_path):
    table = Table("durak", "podkidnoy", seed=1, match=True)
    box = table.widget  # built in English; no event loop: the bots' first moves are played at once
    table._path.value = str(tmp_path / "game.yaml")
    table._on_save()
    table._on_save()  # the file exists now: the table asks before replacing it
    assert table._confirm.layout.display is None
    controls = [table._hint, table._game_menu, table._rules_menu, table._count_menu, table._new, table._all,
                table._next, table._rest, table._path, table._save, table._replace, table._keep]
    english = [(c.description, c.tooltip) for c in controls]
    assert ("Hint", "what the montecarlo bot would do in your seat") in english
    allowed = NAMES | path_words(tmp_path / "game.yaml")
    with pseudo_language():
        allowed |= words_of(others_say(table))
        table._refresh()
        for control in controls:
            assert english_words(f"{control.description} {control.tooltip or ''}", allowed=allowed) == []
        for part in (table._log_html, table._score, table._aside_html, table._confirm_text, table._verdict_html):
            assert english_words(plain_text(part.value), allowed=allowed) == [], part.value
        assert "Ｔｈｅ ｇａｍｅ ｓｏ ｆａｒ" in table._log_html.value
    table._refresh()
    assert [(c.description, c.tooltip) for c in controls] == english
    assert box is table.widget


# --- quizzes ------------------------------------------------------------------------------------

MANY_LANGUAGES = """\
- question: {en: "May 甲 add the king of spades now?", zh-TW: 甲現在可以加黑桃K嗎？}
  choices: [{en: "Yes", zh-TW: 可以}, {en: "No", zh-TW: 不可以}]
  answer: "Yes"
  explanation:
    en: A king is on the table.
    zh-TW: 桌上有一張K。
  position: {scenario: ROUTE, step: 7}
- question: Which suit is trump?
  choices: [♥, {en: spades, ja: スペード}]
  answer: {index: 0}
"""


def quiz_file(tmp_path, text: str, name: str = "quiz.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text.replace("ROUTE", str(ROUTE_A)), encoding="utf-8")
    return path


def test_a_quiz_file_in_several_languages_reads_in_the_current_one(tmp_path):
    quiz = Quiz.from_file(quiz_file(tmp_path, MANY_LANGUAGES))
    assert [q["answer"] for q in quiz.questions] == ["Yes", "♥"]  # the English text names the answer
    with language("zh-TW"):
        text = str(quiz.text())
        assert "1. 甲現在可以加黑桃K嗎？" in text and "可以 / 不可以" in text and "May 甲" not in text
        assert "♥ / spades" in text  # no zh-TW text: the English one
        assert "桌上有一張K。" in str(quiz.answer(0, "可以"))  # a choice as the learner reads it
    with language("ja"):  # the file has no Japanese for question 1: English, without seat letters
        text = str(quiz.text())
        assert "1. May 甲 add the king of spades now?" in text and "Yes / No" in text
        assert "♥ / スペード" in text
        assert "A king is on the table." in str(quiz.feedback(0)) and "桌上" not in str(quiz.feedback(0))
        assert str(quiz.answer(1, "スペード")).count("♥") == 1
    assert quiz.right == 1 and quiz.score == "1 of 2"
    assert quiz.feedback(1) == "Not quite: the answer is ♥."
    assert "1. May 甲 (A) add the king of spades now?" in str(quiz.text())


def test_quiz_words_and_legality_questions_read_in_the_pseudo_language(tmp_path):
    path = quiz_file(tmp_path, """\
- question: {en: "Which card beats K♦?", ja: K♦に勝てるのは？}
  choices: [{en: A♠, ja: スペードのA}, {en: 7♥, ja: ハートの7}]
  answer: 7♥
  explanation: {en: Any trump beats a card of another suit., ja: 切り札はほかのスートのどのカードにも勝つ。}
- question: {en: "Is a trump a trump?", ja: 切り札は切り札？}
  choices: [{en: "Yes", ja: はい}, {en: "No", ja: いいえ}]
  answer: {index: 0}
""")
    written, legality = Quiz.from_file(path), Quiz.from_scenario(ROUTE_A)
    said = [written.answer(0, 0), written.answer(1, 0), written.score, written.text(),
            legality.text(), legality.score, *(legality.answer(i, 0) for i in range(len(legality.questions)))]
    assert all(isinstance(text, Message) for text in said)
    others = []
    with language("en"):
        asked = [re.search(r"Is '(.+)' legal here\?", str(q["question"])).group(1) for q in legality.questions]
    with pseudo_language():
        for q, action in zip(legality.questions, asked):
            state = q["state"]
            refusal = state.check(state.parse_action(action))
            others += ([refusal.explanation] if refusal is not None
                       else [e.text for e in state.copy().apply(state.parse_action(action))])
        allowed = NAMES | words_of(others) | words_of(q["state"].describe() for q in legality.questions)
        for text in said:
            assert english_words(text, allowed=allowed) == [], str(text)
        assert str(written.answer(0, 1)).startswith("Ｎｏｔ ｑｕｉｔｅ: ") and "ハートの7" in str(written.feedback(0))
        assert str(legality.questions[0]["choices"][0]) == "Ｌｅｇａｌ"
    assert str(said[0]) == "Not quite: the answer is 7♥. Any trump beats a card of another suit."


def test_the_quiz_view_reads_in_the_language_of_the_moment(tmp_path):
    quiz = Quiz.from_file(quiz_file(tmp_path, MANY_LANGUAGES))
    box = quiz.widget
    buttons = quiz._choice_buttons
    assert [b.description for b in buttons[0]] == ["Yes", "No"] and quiz._again.description == "Try again"
    buttons[0][1].click()
    with language("zh-TW"):
        quiz._refresh()
        assert [b.description for b in buttons[0]] == ["可以", "不可以"]
        assert "甲現在可以加黑桃K嗎？" in quiz._question_html[0].value and "桌上有一張K。" in quiz._feedback[0].value
        assert buttons[0][1].button_style == "danger" and buttons[0][0].disabled
    # The file's own text, in English where it has no Japanese (the pseudo-language is ja).
    written = words_of(t.en for q in quiz.questions for t in [q["question"], q["explanation"], *q["choices"]])
    with pseudo_language():
        quiz._refresh()
        for value in (quiz._score.value, quiz._feedback[0].value, quiz._again.description, quiz._again.tooltip):
            assert english_words(plain_text(value), allowed=NAMES | written) == [], value
        assert quiz._feedback[0].value.count("Ｎｏｔ ｑｕｉｔｅ") == 1
        assert "Ｓｃｏｒｅ: 0 ｏｆ 2" in quiz._score.value
    quiz._refresh()
    assert "Score: 0 of 2" in quiz._score.value and box is quiz.widget


@pytest.mark.parametrize("text, line, fault", [
    ("- question: {en: Why, jp: なぜ}\n  choices: [a, b]\n  answer: a\n", 4, "unknown language tag 'jp'"),
    ("- question: {en: Why, JA: なぜ}\n  choices: [a, b]\n  answer: a\n", 4, "write it ja"),
    ("- question: {ja: なぜ}\n  choices: [a, b]\n  answer: a\n", 4, "the question has no en text"),
    ("- question: Why?\n  choices: [a, {en: b, ja: ''}]\n  answer: a\n", 5, "choice 2 in ja is empty"),
    ("- question: Why?\n  choices: {en: [a, b], ja: [あ, い]}\n  answer: a\n", 5, "choices is a list"),
    ("- question: Why?\n  choices: [{en: a, ja: あ}, b]\n  answer: あ\n", 6, "name it by its English text"),
    ("- question: Why?\n  choices: [{en: a, ja: あ}, {en: b, ja: あ}]\n  answer: a\n", 5,
     "two choices read 'あ' in ja"),
    ("- question: Why?\n  choices: [a, {en: a, ja: あ}]\n  answer: a\n", 5, "the choice 'a' is given twice"),
    ("- question: Why?\n  choices: [a, b]\n  answer: a\n  explanation: {en: Because., ja: [x]}\n", 7,
     "the explanation in ja must be text"),
])
def test_a_quiz_file_in_several_languages_is_checked_with_one_clear_message(tmp_path, text, line, fault):
    path = quiz_file(tmp_path, "- question: Fine?\n  choices: [yes, no]\n  answer: yes\n" + text, "bad.yaml")
    with pytest.raises(ValueError) as caught:
        Quiz.from_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path} (line {line}, question 2): ") and fault in message and "\n" not in message


# --- scenario titles and notes, the stepper's checks, cardlab replay --------------------------------

MANY = durak_text("{en: Base, zh-TW: 基本, ja: 基本形}", steps=STEPS + """\
- do: 甲 attack D6
  reject: rank_not_on_table
  note: {en: Only 8 and Q., ja: 場に出ている 8 と Q だけ。}
- expect: {table: [S8, SQ]}
  note: {en: Two cards on the table., zh-TW: 桌上兩張牌。}
""")


def test_a_title_and_notes_in_several_languages_read_in_the_current_language():
    scenario = loads(MANY, "many.yaml")
    outcomes = run(scenario).outcomes
    with language("ja"):
        assert scenario.title_text.get() == "基本形" and str(scenario.title_text.shown()) == "基本形"
        assert "場に出ている 8 と Q だけ。" in outcomes[2].narration
        assert str(outcomes[3].narration) == "Two cards on the table."  # no ja text: the English
        stepper = Stepper(scenario)
        assert "基本形" in stepper.narration and "Base" not in stepper.narration
        stepper.goto(3)
        assert "場に出ている 8 と Q だけ。" in stepper.narration
    with language("zh-TW"):
        assert "基本" in stepper.transcript() and "桌上兩張牌。" in stepper.transcript()
        assert "Only 8 and Q." in str(outcomes[2].narration)
    assert scenario.title_text.get() == scenario.title == "Base" and str(scenario.title_text) == "Base"
    text = Text({"en": "Trumps", "ja": "切り札"})
    with language("ja"):
        assert (text.get(), text.get("en"), str(text), scenario.title_in("zh-TW")) == ("切り札", "Trumps", "Trumps",
                                                                                      "基本")


def all_scenarios() -> list[Path]:
    return sorted(SCENARIOS.rglob("*.yaml"))


def test_what_the_stepper_reads_of_every_lesson_scenario_is_translatable():
    """The narration the runner makes (a refusal's heading, the notes) and what each scenario's
    checks confirm, in words: nothing but other parts' words, the notes written in the files,
    names, actions and reason codes left in English."""
    checked = 0
    for path in all_scenarios():
        scenario = load(path)
        result = run(scenario)
        with pseudo_language():
            for outcome in result.outcomes:
                others = [e.text for e in outcome.events] + [outcome.step.note or ""]
                if outcome.refusal is not None:
                    others.append(outcome.refusal.explanation)
                allowed = words_of(others) | NAMES
                assert english_words(outcome.narration, allowed=allowed) == [], (path, outcome.step.number)
                for key, value in outcome.step.expect.items():
                    words = expectation_words(key, value)
                    assert english_words(words, allowed=allowed) == [], (path, key, str(words))
                    checked += 1
    assert checked > 300
    with pseudo_language():
        every = [expectation_words(key, value) for key, value in [
            ("hands", {"甲": frozenset()}), ("stock_size", 0), ("stock_size", 1), ("turn", None), ("top", ()),
            ("finished", []), ("over", False), ("revolution", False), ("lock", set()), ("fouls", []),
            ("demoted", None), ("result", {}), ("points", {}), ("winner", None), ("table", ()), ("loser", None),
            ("draw", True), ("attack_limit", 1), ("discard_size", 2)]]
        assert [w for text in every for w in english_words(text)] == []
    assert str(expectation_words("hand_sizes", {"乙": 5, "甲": 1})) == "乙 has 5 cards; 甲 has 1 card"


def test_a_refusal_in_the_narration_reads_in_the_pseudo_language():
    outcome = run(loads(MANY, "many.yaml")).outcomes[2]
    narration = outcome.narration  # made in English
    with pseudo_language():
        assert str(narration).startswith("Ｒｅｆｕｓｅｄ: Ｔｈａｔ ｒａｎｋ ｉｓ ｎｏｔ ｏｎ ｔｈｅ ｔａｂｌｅ. ")
    assert str(narration).startswith("Refused: That rank is not on the table. ")
    assert "rank_not_on_table" not in str(narration)  # the code is for teachers
    assert isinstance(narration, Lines)


def replay(tmp_path, *args, **environ) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if k not in ("CARDLAB_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(environ, PYTHONUTF8="1", PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]))
    path = tmp_path / "many.yaml"
    path.write_text(MANY, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "cardlab", *args, str(path)], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120)


def test_cardlab_replay_prints_titles_and_notes_in_the_language_of_the_command_line(tmp_path):
    ja = replay(tmp_path, "replay", CARDLAB_LANG="ja")
    assert ja.returncode == 0, ja.stderr
    assert ja.stdout.startswith("基本形　［durak、podkidnoy］") and "  解説：場に出ている 8 と Q だけ。" in ja.stdout
    assert "  解説：Two cards on the table." in ja.stdout  # no ja text: the English one
    assert "3手目：甲 attack D6　→ 認められない" in ja.stdout  # the step as the file writes it
    zh = replay(tmp_path, "replay", LANG="zh_TW.UTF-8")
    assert zh.stdout.startswith("基本　［durak") and "桌上兩張牌。" in zh.stdout and "Only 8 and Q." in zh.stdout
    records = [json.loads(line) for line in replay(tmp_path, "replay", "--json", CARDLAB_LANG="ja").stdout.splitlines()]
    assert records[0]["title"] == "基本形" and records[3]["note"] == "場に出ている 8 と Q だけ。"
    english = replay(tmp_path, "replay", CARDLAB_LANG="en", LANG="ja_JP.UTF-8")
    assert english.stdout.startswith("Base  [durak") and "場に" not in english.stdout
    checked = replay(tmp_path, "check", CARDLAB_LANG="ja")
    assert checked.returncode == 0 and checked.stdout.startswith("ok  ")
    with language("ja"):
        assert transcript(run(loads(MANY, "many.yaml"))).startswith("基本形　［durak、podkidnoy］")

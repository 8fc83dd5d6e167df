"""The 繁體中文 and 日本語 editions speak their language wherever a learner looks, clicks or types.

Every lesson of both editions is run here (its code cells, in its folder) and every widget it
shows is walked: each step of an example, each button of a try-it table pressed with and without a
card, a move typed wrong, each choice of each quiz question, each worked example of the referee,
and what is folded or printed. No text a learner reads there holds a Latin word but card notation
and the few names allowed (tests/lesson_walk.py: cardlab, keys, JupyterLab's menu, the articles'
own names). A whole game of each game and rule set is then played at the play table typing only the
language's words, and read the same way; the English verbs keep working in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlab import i18n
from cardlab.bots import make_bot
from cardlab.i18n import _

from lesson_walk import latin_words, learner_texts, run_lesson, view_texts

pytest.importorskip("ipywidgets")

from cardlab.widgets import Table  # noqa: E402

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
EDITION_LESSONS = sorted(p for tag in ("zh-TW", "ja") for p in (LESSONS / tag).rglob("*.ipynb")
                         if ".ipynb_checkpoints" not in p.parts and p.name not in (
                             "index.ipynb", "teachers.ipynb", "simulation_lab.ipynb"))
# teachers.ipynb teaches writing scenario files (their keys and verbs are the contract's) and
# simulation_lab.ipynb writing Python: their code is what they teach. The indexes hold no code.


def _lang(path: Path) -> str:
    return path.relative_to(LESSONS).parts[0]


def code_tip_pattern() -> re.Pattern:
    """The tooltip giving a refusal's reason code to a teacher, in the current language: the one
    place a code may stand (issue 31: "the code stays for teachers (a tooltip ...)")."""
    tip = str(_("the reason code of the scenario contract: {code}", code="\0"))
    before, after = (re.escape(part) for part in tip.split("\0"))
    return re.compile(before + r"[a-z_]+" + after)


# A scenario file as saved and printed (play.ipynb's "Save as scenario", checked): its keys, verbs
# and cards are the scenario contract's (SCENARIOS.md), the same in every language.
SCENARIO_FILE = re.compile(r"^title: .*?^steps:\n(?:[- ].*(?:\n|$))*", re.M | re.S)
# A file name the learner may type or keep (the play table's saved game, my-games/…yaml): a name, not words.
FILE_NAME = re.compile(r"[\w./-]+\.ya?ml\b")


def faults(texts, lang: str) -> list[str]:
    tip = code_tip_pattern()
    found = []
    for text in texts:
        words = latin_words(FILE_NAME.sub(" ", SCENARIO_FILE.sub(" ", tip.sub(" ", str(text)))), lang)
        if words:
            found.append(f"{sorted(set(words))} in {str(text)[:160]!r}")
    return sorted(set(found))


@pytest.mark.parametrize("path", EDITION_LESSONS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_every_widget_of_an_edition_lesson_speaks_its_language(path):
    lang = _lang(path)
    shown, printed = run_lesson(path)
    with i18n.language(lang):
        found = faults(learner_texts(shown) + [printed], lang)
    assert not found, f"{len(found)} texts with Latin words:\n" + "\n".join(found[:30])


def test_the_check_finds_what_a_learner_should_not_read():
    """The walk's own check: the notation's verbs, codes and rule-set ids are found; card
    notation, a typed example's seat letter and the allowed names are not."""
    assert latin_words("輪到你了，甲：你可以 defend或take。", "zh-TW") == ["defend", "take"]
    assert latin_words("被拒絕（rank_not_on_table）", "zh-TW") == ["rank_not_on_table"]
    assert latin_words("yiqi | yiqi-single-draw", "zh-TW") == ["yiqi", "yiqi-single-draw"]
    assert latin_words("第3步：乙 attack 8♦", "ja") == ["attack"]
    assert latin_words("「B 防守 S9 SJ」 RJ=H10 J-Q-K 10♠ cardlab Durak（Podkidnoy版）", "zh-TW") == []
    assert latin_words("Durak", "ja") == ["Durak"]  # the ja edition has no Durak article
    with i18n.language("zh-TW"):
        tip = str(_("the reason code of the scenario contract: {code}", code="not_stronger"))
        assert faults([tip], "zh-TW") == [] and faults(["壓不過（not_stronger）"], "zh-TW")


# --- a whole game at the play table, typed in the learner's words ---------------------------------

# The words a learner types for each verb, as the glossaries and the buttons name them (issue 31):
# never the notation's verbs.
TYPED = {
    "zh-TW": {"durak": {"attack": "攻擊", "defend": "防守", "take": "接牌", "done": "停止追加", "transfer": "轉移",
                        "swap": "換"},
              "daifugo": {"play": "出牌", "pass": "不出", "give": "交出"},
              "gandengyan": {"play": "出牌", "pass": "不出"}},
    "ja": {"durak": {"attack": "攻撃", "defend": "防ぐ", "take": "引き取る", "done": "見送る", "transfer": "受け流す",
                     "swap": "交換"},
           "daifugo": {"play": "出す", "pass": "パス", "give": "渡す"},
           "gandengyan": {"play": "出す", "pass": "パス"}},
}
ENGLISH = {game: {verb: verb for verb in verbs} for game, verbs in TYPED["zh-TW"].items()}
TABLES = [("durak", "podkidnoy", 2), ("durak", "perevodnoy", 3), ("durak", "throw-in-fool", 2),
          ("daifugo", "jdf", 4), ("daifugo", "yeeqia", 4), ("gandengyan", "yiqi", 3), ("gandengyan", "jj", 3)]


def play_typing(table: Table, words: dict[str, str], seed: int) -> tuple[int, list[str]]:
    """Play ``table``'s game to its end, the learner's moves (a simple bot's choice) typed into
    the move box with ``words`` for the verbs; returns how many moves were typed and every text
    the table showed on the way."""
    chooser, typed = make_bot("simple", seed=seed), 0
    texts = [str(table.bots_move())] + view_texts(table.widget)
    while not table.state.is_over():
        if table.learner_out():
            texts += [str(table.play_rest())] + view_texts(table.widget)
            break
        action = chooser.choose(table.state.view(table.seat))
        move = " ".join([words[action.verb], *(str(c) for c in action.cards)])
        before = len(table.scenario()["steps"]) - 1
        texts += [str(table.type_move(move))] + view_texts(table.widget)
        steps = table.scenario()["steps"]
        assert len(steps) > before + 1 and steps[before] == str(action), \
            f"typing {move!r} did not play {action}: {table.message}"
        typed += 1
        assert typed < 500, "the game does not end"
    return typed, texts


@pytest.mark.parametrize("lang", ["zh-TW", "ja"])
@pytest.mark.parametrize("game, rules, players", TABLES)
def test_a_whole_game_is_played_typing_only_the_language_s_words(lang, game, rules, players):
    with i18n.language(lang):
        table = Table(game, rules, players=players, seed=3)
        typed, texts = play_typing(table, TYPED[lang][game], seed=3)
        assert table.state.is_over() and typed > 0
        found = faults(texts + [str(table.status())], lang)
    assert not found, f"{len(found)} texts with Latin words:\n" + "\n".join(found[:30])


@pytest.mark.parametrize("lang", ["en", "zh-TW", "ja"])
@pytest.mark.parametrize("game, rules, players", TABLES[::3])
def test_the_english_verbs_keep_working_in_every_language(lang, game, rules, players):
    with i18n.language(lang):
        table = Table(game, rules, players=players, seed=4)
        typed, _texts = play_typing(table, ENGLISH[game], seed=4)
        assert table.state.is_over() and typed > 0


@pytest.mark.parametrize("lang, word", [("zh-TW", "攻擊"), ("ja", "攻撃")])
def test_a_word_of_another_game_is_refused_with_the_words_of_this_one(lang, word):
    """Typing Durak's attack at a Gan Deng Yan table is refused, the refusal listing the words of
    the language (none of them a notation verb)."""
    with i18n.language(lang):
        table = Table("gandengyan", "yiqi", players=3, seed=1)
        table.bots_move()
        said = str(table.type_move(f"{word} S3"))
        for typed in TYPED[lang]["gandengyan"].values():
            assert typed in said
        assert latin_words(said, lang) == [], said


def test_no_quiz_or_scenario_text_names_a_reason_code_in_any_language():
    """A refusal in a quiz's explanation or a scenario's note reads by its title (issue 31: the
    code stays for teachers, in a tooltip and a scenario's ``reject``)."""
    from cardlab.engine import REASON_CODES

    code = re.compile(r"[(（](" + "|".join(sorted(REASON_CODES, key=len, reverse=True)) + r")[)）]")
    found = []
    for path in sorted(LESSONS.glob("*/quizzes/*.yaml")) + sorted(LESSONS.glob("scenarios/*/*.yaml")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith(("reject:", "- reject")) and code.search(line):
                found.append(f"{path.relative_to(LESSONS)}:{number}: {code.search(line).group()}")
    assert not found, found

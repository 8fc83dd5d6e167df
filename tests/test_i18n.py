"""cardlab's languages (cardlab.i18n): the catalogs are complete and up to date, the language
follows CARDLAB_LANG and the locale, and a message made before a switch reads in the new language."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from cardlab import durak, i18n
from cardlab.i18n import _, default_language, get_language, join, language, n_, placeholders, set_language
from cardlab.languages import BY_TAG, LANGUAGES

babel_messages = pytest.importorskip("babel.messages", reason="the catalog checks need Babel: pip install -e '.[test]'")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "cardlab" / "locale"
CATALOGS = {row.tag: row.catalog for row in LANGUAGES if row.catalog}
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "np_": ((1, "c"), 2, 3), "folding": None}


def _po(lang: str):
    with open(LOCALE / CATALOGS[lang] / "LC_MESSAGES" / "cardlab.po", "rb") as f:
        return read_po(f)


def _key(message) -> tuple:
    msgid = message.id if isinstance(message.id, str) else tuple(message.id)
    return message.context, msgid


def _in_code() -> set[tuple]:
    found = set()
    import sys

    sys.path.insert(0, str(ROOT))  # tools/babel_notebooks.py, the lessons' extractor
    method_map = [("cardlab/**.py", "python")] + [(f"lessons/{folder}*.ipynb", "tools.babel_notebooks:extract")
                                                  for folder in ("", "durak/", "daifugo/", "daifugo-web/", "gandengyan/")]
    for _file, _line, msgid, _comments, context in extract_from_dir(str(ROOT), method_map=method_map,
                                                                     keywords=KEYWORDS):
        found.add((context, msgid if isinstance(msgid, str) else tuple(msgid)))
    return found


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_every_message_of_the_code_is_in_the_catalog_and_nothing_else(lang):
    """`make messages` was run after the last change of text in the code."""
    in_code = _in_code()
    in_catalog = {_key(m) for m in _po(lang) if m.id}
    assert not in_code - in_catalog, f"run `make messages`: new in the code: {sorted(in_code - in_catalog)[:5]}"
    assert not in_catalog - in_code, f"run `make messages`: gone from the code: {sorted(in_catalog - in_code)[:5]}"


def test_every_message_written_in_the_code_was_extracted():
    """Babel's extractor skips a message written inside another call inside ``_()`` (and any in an
    f-string): read the code's own syntax tree for every ``_``, ``n_``, ``p_``, ``np_`` and ``N_``
    call with a written text, and find each in the catalog; a call whose text is not written
    (``_(title)``) must read a text marked with ``N_`` where it is written."""
    import ast

    in_catalog = {m.id if isinstance(m.id, str) else m.id[0] for m in _po("zh-TW") if m.id}
    missed = []
    for path in sorted((ROOT / "cardlab").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS:
                first = 1 if node.func.id in ("p_", "np_") else 0
                if len(node.args) > first and isinstance(node.args[first], ast.Constant):
                    text = node.args[first].value
                    if isinstance(text, str) and text and text not in in_catalog:
                        missed.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    assert not missed, "not extracted (write the message outside the other call): " + "; ".join(missed[:5])


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_every_message_is_translated_with_the_same_placeholders(lang):
    untranslated, mismatched = [], []
    for message in _po(lang):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        texts = [message.string] if isinstance(message.string, str) else list(message.string)
        if not all(texts) or message.fuzzy:
            untranslated.append(english)
            continue
        for text in texts:
            if placeholders(text) != placeholders(english):
                mismatched.append((english, text))
    assert not untranslated, f"{len(untranslated)} untranslated in {lang}, e.g. {untranslated[:5]}"
    assert not mismatched, f"placeholders differ in {lang}: {mismatched[:5]}"


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_the_compiled_catalog_is_the_po_compiled(lang):
    """`make messages` compiled the .mo after the last change of the .po."""
    compiled = io.BytesIO()
    write_mo(compiled, _po(lang), use_fuzzy=True)
    committed = LOCALE / CATALOGS[lang] / "LC_MESSAGES" / "cardlab.mo"
    fresh = gettext.GNUTranslations(io.BytesIO(compiled.getvalue()))
    with open(committed, "rb") as f:
        assert gettext.GNUTranslations(f)._catalog == fresh._catalog, "run `make messages`"


@pytest.mark.parametrize("environ, expected", [
    ({}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "zh_TW.UTF-8"}, "zh-TW"),
    ({"LANG": "zh_HK.UTF-8"}, "zh-TW"),
    ({"LANG": "zh_CN.UTF-8"}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_GB.UTF-8", "LANGUAGE": "ja:en"}, "ja"),
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "fr:zh_TW"}, "zh-TW"),
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "zh_TW.UTF-8"}, "ja"),
    ({"CARDLAB_LANG": "en", "LANG": "ja_JP.UTF-8"}, "en"),
    ({"CARDLAB_LANG": "zh-TW", "LANG": "ja_JP.UTF-8"}, "zh-TW"),
    ({"CARDLAB_LANG": "klingon", "LANG": "ja_JP.UTF-8"}, "ja"),
])
def test_the_language_comes_from_cardlab_lang_then_the_locale_then_english(environ, expected):
    assert default_language(environ) == expected


def test_set_language_takes_the_three_tags_and_refuses_anything_else():
    for tag in ("zh-TW", "ja", "en"):
        set_language(tag)
        assert get_language() == tag
    set_language("ja_JP.UTF-8")
    assert get_language() == "ja"
    for bad in ("fr", "zh-CN", "", None, 42):
        with pytest.raises(ValueError, match="cardlab speaks en, zh-TW, ja"):
            set_language(bad)
    assert get_language() == "ja"


def test_the_language_is_set_for_cardlab_as_a_whole():
    import cardlab

    cardlab.set_language("zh-TW")
    assert i18n.get_language() == cardlab.get_language() == "zh-TW"


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_a_refusal_made_in_english_explains_itself_in_the_language_chosen_later(lang):
    game = durak.new_game("podkidnoy", ["甲", "乙"], seed=1)
    refusal = game.check(game.parse_action(f"{game.attacker} take"))
    english = str(refusal.text())
    set_language(lang)
    translated = str(refusal.text())
    assert translated != english and refusal.code in translated
    assert str(refusal.title) == i18n.translations(lang).gettext("Only the defender may do this")
    set_language("en")
    assert str(refusal.text()) == english


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_plurals_lists_and_seat_labels_follow_the_language(lang):
    cards = n_("{count} card", "{count} cards", 3)
    listing = join(["9♠", "10♠", "J♠"])
    game = durak.new_game("podkidnoy", ["甲", "乙"], seed=1)
    assert (str(cards), str(listing), game.seat_label("甲")) == ("3 cards", "9♠, 10♠ and J♠", "甲 (A)")
    with language(lang):
        assert "3" in str(cards) and "cards" not in str(cards)
        assert str(listing).startswith("9♠") and "and" not in str(listing) and "J♠" in str(listing)
        assert game.seat_label("甲") == "甲"
    assert get_language() == "en"


def test_a_message_is_read_like_the_string_it_renders_to():
    text = _("{player} does not hold {card}.", player="乙", card="9♠")
    assert text == "乙 does not hold 9♠." and "9♠" in text and text.startswith("乙")
    assert f"[{text}]" == "[乙 does not hold 9♠.]" and len(text) == len("乙 does not hold 9♠.")
    assert {text: 1}["乙 does not hold 9♠."] == 1
    import pickle

    assert pickle.loads(pickle.dumps(text)) == text


def test_make_lab_opens_the_lessons_in_the_machines_language_or_the_one_chosen():
    import runpy

    plan = runpy.run_path(str(ROOT / "tools" / "open_lab.py"))["plan"]
    lang, index, env = plan("", {"LANG": "ja_JP.UTF-8"})
    assert lang == "ja" and env["CARDLAB_LANG"] == "ja"
    assert index in (ROOT / "lessons" / "ja" / "index.ipynb", ROOT / "lessons" / "index.ipynb") and index.is_file()
    setting = Path(env["JUPYTERLAB_SETTINGS_DIR"], "@jupyterlab", "translation-extension",
                   "plugin.jupyterlab-settings")
    assert '"ja_JP"' in setting.read_text()
    lang, index, env = plan("zh-TW", {"LANG": "ja_JP.UTF-8", "CARDLAB_LANG": "ja"})
    assert lang == "zh-TW" and env["CARDLAB_LANG"] == "zh-TW"
    assert plan("", {"LANG": "C.UTF-8"})[1] == ROOT / "lessons" / "index.ipynb"
    with pytest.raises(ValueError, match="the lessons are in en, zh-TW, ja"):
        plan("fr", {})


SCENARIOS = sorted((ROOT / "lessons" / "scenarios").rglob("*.yaml"))
# Latin words an article itself uses in its language, which cardlab's text follows: the federation's
# Daifugo rules in 繁體中文 write "Pass" (Pass後，要等清場才能再出); the Durak rules name the game
# Durak (Durak傻瓜牌規則) and keep the variant's name "Throw-in Fool".
# Gan Deng Yan's rules call the joker-free deck with wild cards the JJ version (JJ版).
ARTICLE_WORDS = {"zh-TW": {"Pass", "Durak", "Podkidnoy", "Perevodnoy", "Throw-in", "Fool", "JJ"}, "ja": {"Throw-in", "Fool", "JJ"}}
# JupyterLab's own menu, quoted as it reads in English too (the learner's JupyterLab may be in
# English, and the 繁體中文 language pack leaves the menu bar in English).
MENU_WORDS = {"Run", "All", "Cells"}


@pytest.mark.parametrize("lang", list(CATALOGS))
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_scenario_replayed_in_chinese_or_japanese_has_no_english_word(path, lang):
    """`cardlab replay` in zh-TW and ja: every word is in that language but the card notation,
    the players' names, the steps as the file writes them, reason codes, the game's and rule set's
    names, the file's `source` (the article's title as the file cites it) and a title or note the
    file gives in English only."""
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from pseudo_i18n import english_words

    from cardlab.cli import replay
    from cardlab.scenario import load

    scenario = load(path)
    from test_i18n_play_quiz import NAMES

    allowed = {*scenario.players, scenario.game, scenario.rules.name, *ARTICLE_WORDS.get(lang, set()), *NAMES}
    out = io.StringIO()
    with language(lang):
        assert replay(str(path), out=out) == 0
    left = []
    for line in out.getvalue().splitlines():
        # A title or note the file gives in English only reads in English (the Durak and Gan
        # Deng Yan files have no ja text); every other word is cardlab's and must be translated.
        for text in [scenario.title_text, *(step.note_text for step in scenario.steps)]:
            if text is not None and text.get(lang) == text.get("en") and text.get("en") in line:
                line = line.replace(text.get("en"), " ")
        for step in scenario.steps:  # the steps as written: notation
            if step.text and step.text in line:
                line = line.replace(step.text, " ")
        if scenario.source:  # the article's title and section, quoted as the article writes them
            for cited in {scenario.source, scenario.source_text.get(lang)}:
                line = line.replace(cited, " ")
        left += [(word, line) for word in english_words(line, allowed)]
    assert not left, f"English in the {lang} replay of {path.name}: {left[:5]}"


GAMES = [("durak", "podkidnoy", 2, "zh-TW"), ("durak", "perevodnoy", 3, "zh-TW"),
         ("gandengyan", "yiqi", 3, "zh-TW"), ("gandengyan", "jj", 3, "zh-TW"),
         ("daifugo", "jdf", 4, "zh-TW"), ("daifugo", "yeeqia", 4, "zh-TW"),
         ("daifugo", "jdf", 4, "ja"), ("daifugo", "yeeqia", 4, "ja")]


@pytest.mark.parametrize("game, rules, players, lang", GAMES)
def test_a_whole_game_at_the_play_table_reads_only_in_the_learners_language(game, rules, players, lang, tmp_path):
    """A learner with CARDLAB_LANG=zh-TW (ja: Daifugo) plays a whole game against the bots and
    reads nothing in English: the table's status, every move's account, hints, refusals, the
    picture's words, the score table and the next game's opening."""
    import html
    import re
    import sys

    pytest.importorskip("ipywidgets")
    sys.path.insert(0, str(ROOT / "tests"))
    from pseudo_i18n import english_words
    from test_i18n_play_quiz import NAMES, play_through, refused_move

    from cardlab.widgets import Table

    with language(lang):
        table = Table(game, rules, players=players, seed=5, match=True)
        said = [table.status(), table.bots_move(), table.hint()]
        refused = refused_move(table)
        # What the learner typed is echoed as typed.
        said += [table.type_move(refused), str(table.type_move("nonsense")).replace("'nonsense'", " ")]
        play_through(table, said, seed=5)
        said += [table.status(), table.score_table(), table.narration, table.next_game(), table.bots_move()]
        picture = html.unescape(re.sub(r"<[^>]*>", " ", table.picture()))
        texts = [str(text) for text in said] + [picture]
        allowed = NAMES | set(table.players) | ARTICLE_WORDS[lang]
        left = {word for text in texts for word in english_words(text, allowed)}
        assert not left, f"English at the {lang} play table: {sorted(left)[:10]}"


STILLS = [("durak/route_a.yaml", "zh-TW"), ("gandengyan/one_higher_single.yaml", "zh-TW"),
          ("daifugo/jdf_revolution.yaml", "zh-TW"), ("daifugo/yeeqia_eight_cut.yaml", "zh-TW"),
          ("daifugo/jdf_revolution.yaml", "ja"), ("daifugo/yeeqia_eight_cut.yaml", "ja")]


@pytest.mark.parametrize("scenario, lang", STILLS)
def test_the_still_pictures_of_a_stepper_and_a_try_it_table_are_in_the_learners_language(scenario, lang):
    """What a lesson shows before it is run (each widget's still picture: title, narration,
    picture, as saved in the notebook) in zh-TW and ja, for one scenario of each game."""
    import html
    import re
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from pseudo_i18n import english_words
    from test_i18n_play_quiz import NAMES

    from cardlab.scenario import load
    from cardlab.widgets import Stepper, TryIt

    path = ROOT / "lessons" / "scenarios" / scenario
    players = set(load(path).players)
    with language(lang):
        stepper = Stepper(str(path))
        stepper.step()
        for widget in (stepper, TryIt(str(path), at_step=1)):
            text = html.unescape(re.sub(r"<[^>]*>", " ", widget.static_html()))
            left = english_words(text, players | NAMES | ARTICLE_WORDS[lang] | MENU_WORDS)
            assert not left, f"English in the {lang} still picture of {type(widget).__name__}: {left[:10]}"


STEPPED = [(path, lang) for lang in CATALOGS for path in SCENARIOS if lang == "zh-TW" or path.parent.name == "daifugo"]


@pytest.mark.parametrize("path, lang", STEPPED, ids=lambda v: v if isinstance(v, str) else f"{v.parent.name}/{v.stem}")
def test_a_learner_steps_through_every_worked_example_reading_only_their_language(path, lang):
    """What a learner with CARDLAB_LANG=zh-TW reads stepping through every worked example (and with
    ja, every Daifugo one): the stepper's whole narration, title, notes and what each step
    confirms included, has no English word but the moves as typed, names and the article's terms."""
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from pseudo_i18n import english_words
    from test_i18n_play_quiz import NAMES

    from cardlab.scenario import load
    from cardlab.widgets import Stepper

    scenario = load(path)
    with language(lang):
        text = Stepper(str(path)).transcript()
    if scenario.source:  # the article's title and section, quoted as the article writes them
        text = text.replace(scenario.source_text.get(lang), " ")
    left = english_words(text, {*scenario.players, *NAMES, *ARTICLE_WORDS.get(lang, set())})
    assert not left, f"English in the {lang} stepper of {path.name}: {sorted(set(left))[:10]}"


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_a_chart_in_chinese_or_japanese_draws_every_character(lang):
    """matplotlib falls back on a CJK font for the chart's words (none missing, no boxes), where
    the machine has one (fonts-noto-cjk; .ci/run installs it)."""
    import warnings

    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from cardlab.charts import bar_figure, font_families

    with language(lang):
        families = font_families()
        if not set(families) & set(BY_TAG[lang].fonts):
            pytest.skip("no CJK font on this machine: apt-get install fonts-noto-cjk")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            figure = bar_figure(["甲", "乙"], [0.4, 0.6], title="Durak: chance of losing", ylabel="chance of losing")
            figure.canvas.draw()
    assert not [w for w in caught if "missing from font" in str(w.message)]
    assert families[0] == "DejaVu Sans"


def test_a_message_read_in_a_rule_sets_words_reads_their_entries_and_its_own_elsewhere():
    """Worded: each message in it that the catalog holds for the words (the context "yeeqia", or
    "yeeqia picture" beside a context of its own) reads so, every other as usual, nested ones too;
    English reads the same; outside it the federation's words come back."""
    from cardlab.i18n import Worded, p_

    line = _("{player} plays {play}.", player="甲", play=_("single {rank}", rank="9"))
    label = p_("picture", "game over")
    with language("ja"):
        assert str(Worded(line, "yeeqia")) == "甲が9の単騎を出します。"
        assert str(line) == "甲が9の1枚出しを出します。"
        assert str(Worded(label, "yeeqia")) == "局終了" and str(label) == "ゲーム終了"
        assert str(Worded(_("Not your turn"), "yeeqia")) == str(_("Not your turn"))
    with language("en"):
        assert str(Worded(line, "yeeqia")) == str(line) == "甲 plays single 9."


def test_every_message_in_a_rule_sets_words_is_a_message_the_code_writes():
    """A message listed with the context "yeeqia" (cardlab.daifugo.words.YEEQIA_WORDS) is read in
    place of the same message written without it: a list entry whose message the code no longer
    writes would never be read."""
    in_code = _in_code()
    worded = {(context, msgid) for context, msgid in in_code if context and context.split()[0] == "yeeqia"}
    assert worded, "no message has the web rules' words"
    orphans = [msgid for context, msgid in worded
               if ((context.split(" ", 1)[1] if " " in context else None), msgid) not in in_code]
    assert not orphans, f"listed in YEEQIA_WORDS but written nowhere without the context: {orphans[:3]}"

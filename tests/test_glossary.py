"""The glossaries enforced: each of cardlab/locale/GLOSSARY.zh-TW.md and GLOSSARY.ja.md ends with a
block of YAML (under "Enforced terms") listing each chosen term, the variants it replaces and where it
holds: everywhere, in one game, or under one rule set. These tests read every text a learner reads in
that language, the catalog's translations, the lessons' markdown and the scenario and quiz files'
texts, and name each place a replaced variant is written.

Where a text holds: a lesson by its folder (lessons/zh-TW/durak/...: Durak; daifugo/: Daifugo under
the federation's rules, jdf; daifugo-web/: under the web rules, yeeqia); a scenario file by its
``game`` and ``rules``; a quiz file by its lesson's folder; a catalog entry by its context (``jdf``,
``yeeqia``) or else by where the code uses it: a message of one game's package (cardlab/durak/...)
holds in that game, of several games' packages in each of them, and a message of the shared code
(cardlab/engine.py, the widgets) only where a term holds everywhere, since the same words may be right
in one game and wrong in another. A page of no one game (the index, the play table's notebook) gets
the terms that hold everywhere.

A variant may be right inside a phrase that is not ours to change (an article's title, quoted): an
entry's ``except`` lists such phrases. A term's original (the Japanese word of a Chinese term, such as
スート縛り for 花色綁定) is written only in a lesson, once, beside the term it glosses (in brackets after
it, or in the same row of a table): never used in place of the term. Quoted (「スート縛り」) it is
named, not used: a source's heading may quote it.

The same texts are read for ASCII punctuation inside Chinese or Japanese text (write ，。：；（）！？ in
zh-TW, 、。：（）！？ in ja), outside code, card notation, links and English.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from cardlab.languages import BY_TAG

babel_messages = pytest.importorskip("babel.messages", reason="the catalog checks need Babel: pip install -e '.[test]'")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
LOCALE = ROOT / "cardlab" / "locale"
LANGS = ("zh-TW", "ja")

GAMES = ("durak", "gandengyan", "daifugo")
RULE_SETS = {"jdf": "daifugo", "yeeqia": "daifugo"}  # rule sets whose words differ from the game's other one
SCOPES = ("all", *GAMES, *RULE_SETS)
# Each series' folder (lessons/<folder>, lessons/<lang>/<folder>) and where its texts hold.
SERIES = {"durak": {"durak"}, "gandengyan": {"gandengyan"}, "daifugo": {"daifugo", "jdf"},
          "daifugo-web": {"daifugo", "yeeqia"}}
# Lessons that set two rule sets side by side: the words of each rule set are right in them.
SIDE_BY_SIDE = {"daifugo/08_jdf_and_yeeqia.ipynb": {"daifugo"}}
LANGUAGE_KEYS = {"en", *LANGS}


@dataclass(frozen=True)
class Text:
    """A text a learner reads: where it is (file and place), its words, the scopes it holds in
    ("all" always, then its games and rule sets) and whether it is a lesson's markdown."""

    where: str
    text: str
    scopes: frozenset
    lesson: bool = False
    code: bool = False  # a line of a fenced block of code in a lesson (a scenario file shown)


@dataclass(frozen=True)
class Rule:
    term: str
    replaces: tuple
    scopes: frozenset
    excepted: tuple


@dataclass(frozen=True)
class Original:
    original: str
    term: str
    excepted: tuple


@functools.cache
def glossary(lang: str) -> dict:
    """The YAML block of the glossary of ``lang``: the fenced block right under the heading
    "Enforced terms"."""
    text = (LOCALE / f"GLOSSARY.{lang}.md").read_text(encoding="utf-8")
    found = re.search(r"^## Enforced terms.*?^```yaml\n(.*?)^```", text, re.S | re.M)
    assert found, f"GLOSSARY.{lang}.md has no ```yaml block under a heading '## Enforced terms'"
    return yaml.safe_load(found.group(1))


def _scopes(value) -> frozenset:
    scopes = frozenset([value] if isinstance(value, str) else value)
    assert scopes <= set(SCOPES), f"unknown scopes {sorted(scopes - set(SCOPES))}: write one of {SCOPES}"
    return scopes


def rules(lang: str) -> list[Rule]:
    made = []
    for entry in glossary(lang)["terms"]:
        made.append(Rule(entry["term"], tuple(entry["replaces"]), _scopes(entry.get("scope", "all")),
                         tuple(entry.get("except", ()))))
    return made


def originals(lang: str) -> list[Original]:
    """The originals of the glossary; each may also be quoted (「都落ち」, 『都落ち』): a quotation,
    such as a source's heading, names the word without using it."""
    return [Original(e["original"], e["term"], (f"「{e['original']}」", f"『{e['original']}』", *e.get("except", ())))
            for e in glossary(lang).get("originals", ())]


# --- the texts ------------------------------------------------------------------------------------

def _catalog_scopes(message) -> frozenset:
    if message.context in RULE_SETS:
        return frozenset({"all", RULE_SETS[message.context], message.context})
    games = set()
    for path, _line in message.locations:
        parts = Path(path).parts
        if parts[0] == "cardlab" and len(parts) > 2 and parts[1] in GAMES:
            games.add(parts[1])
        elif parts[0] == "lessons" and len(parts) > 2 and parts[1] in SERIES:
            games |= SERIES[parts[1]] - set(RULE_SETS)
        else:  # shared code: its words must hold in every game
            return frozenset({"all"})
    return frozenset({"all", *games})


def catalog_texts(lang: str) -> list[Text]:
    catalog = BY_TAG[lang].catalog
    path = LOCALE / catalog / "LC_MESSAGES" / "cardlab.po"
    with open(path, "rb") as f:
        po = read_po(f)
    texts = []
    for message in po:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for string in strings:
            texts.append(Text(f"{path.relative_to(ROOT)}:{message.lineno} (msgid {msgid[:50]!r})", string,
                              _catalog_scopes(message)))
    return texts


def _lesson_scopes(relative: Path) -> frozenset:
    """Where a lesson of an edition holds, from its path inside the edition."""
    key = relative.as_posix()
    if key in SIDE_BY_SIDE:
        return frozenset({"all", *SIDE_BY_SIDE[key]})
    return frozenset({"all", *SERIES.get(relative.parts[0], ())}) if len(relative.parts) > 1 else frozenset({"all"})


def lesson_texts(lang: str) -> list[Text]:
    """The markdown of each lesson of the edition, one text a lesson (cell and line named per fault)."""
    texts = []
    for path in sorted((LESSONS / lang).rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        notebook = json.loads(path.read_text(encoding="utf-8"))
        scopes = _lesson_scopes(path.relative_to(LESSONS / lang))
        where = str(path.relative_to(ROOT))
        for number, cell in enumerate(notebook["cells"]):
            if cell["cell_type"] != "markdown":
                continue
            fenced = False
            for i, line in enumerate("".join(cell["source"]).splitlines(), 1):
                if line.lstrip().startswith("```"):
                    fenced = not fenced
                    continue
                texts.append(Text(f"{where} cell {number} line {i}", line, scopes, lesson=True, code=fenced))
    return texts


def _file_scopes(path: Path, data) -> frozenset:
    relative = path.relative_to(LESSONS)
    if relative.parts[0] == "scenarios" and isinstance(data, dict):
        game, rule_set = data.get("game"), data.get("rules")
        return frozenset({"all", game, *([rule_set] if rule_set in RULE_SETS else [])})
    return frozenset({"all", *SERIES.get(relative.parts[0], ())})


def _language_strings(node, lang: str, place: str = ""):
    """``(place, text, line)`` for each text of ``lang`` in a YAML node tree: the ``lang`` entry
    of every mapping that gives a text per language (title, note, question, choices, explanation,
    source)."""
    if isinstance(node, yaml.MappingNode):
        keys = {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}
        if lang in keys and "en" in keys and set(keys) <= LANGUAGE_KEYS:
            value = keys[lang]
            if isinstance(value, yaml.ScalarNode):
                yield f"{place}.{lang}", value.value, value.start_mark.line + 1
            return
        for key, value in node.value:
            yield from _language_strings(value, lang, f"{place}.{getattr(key, 'value', '?')}")
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            yield from _language_strings(value, lang, f"{place}[{i}]")


def file_texts(lang: str) -> list[Text]:
    """The texts of ``lang`` in the scenario and quiz files under lessons/."""
    texts = []
    for path in sorted(LESSONS.rglob("*.yaml")):
        source = path.read_text(encoding="utf-8")
        scopes = _file_scopes(path, yaml.safe_load(source))
        for place, text, line in _language_strings(yaml.compose(source), lang):
            texts.append(Text(f"{path.relative_to(ROOT)}:{line} ({place.lstrip('.')})", text, scopes))
    return texts


@functools.cache
def all_texts(lang: str) -> list[Text]:
    return catalog_texts(lang) + lesson_texts(lang) + file_texts(lang)


def _without(text: str, phrases) -> str:
    """``text`` with each of ``phrases`` blanked out (a variant inside one is right); a phrase
    beginning with "re:" is a regular expression."""
    for phrase in phrases:
        if phrase.startswith("re:"):
            text = re.sub(phrase[3:], lambda found: "\0" * len(found.group()), text)
        else:
            text = text.replace(phrase, "\0" * len(phrase))
    return text


def _find(variant: str, text: str) -> tuple[int, str] | None:
    """Where ``variant`` is first written in ``text`` and as what: a variant beginning with "re:"
    is a regular expression."""
    if variant.startswith("re:"):
        found = re.search(variant[3:], text)
        return (found.start(), found.group()) if found else None
    at = text.find(variant)
    return (at, variant) if at >= 0 else None


def _excerpt(text: str, at: int, size: int) -> str:
    return text[max(0, at - 12):at + size + 12]


# --- the tests ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_block_reads(lang):
    """Every entry names a term, its variants and a known scope; no variant is its own term."""
    for rule in rules(lang):
        assert rule.term and rule.replaces, rule
        assert rule.term not in rule.replaces, f"{rule.term!r} replaces itself"
    for original in originals(lang):
        assert original.original and original.term, original


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_writes_a_variant_the_glossary_replaces(lang):
    faults = []
    entries = rules(lang)
    for text in all_texts(lang):
        for rule in entries:
            if not rule.scopes & text.scopes:
                continue
            shown = _without(text.text, rule.excepted)
            for variant in rule.replaces:
                found = _find(variant, shown)
                if found:
                    at, written = found
                    faults.append(f"{text.where}: {written!r} where the glossary writes {rule.term!r} "
                                  f"(in {'/'.join(sorted(rule.scopes))}): …{_excerpt(text.text, at, len(written))}…")
    assert not faults, f"{len(faults)} variants:\n" + "\n".join(faults)


@pytest.mark.parametrize("lang", [lang for lang in LANGS])
def test_an_original_is_written_only_in_a_lesson_once_beside_its_term(lang):
    """In the program's messages and the scenario and quiz files never; in a lesson once, on the
    line that introduces its term (in brackets after it, or in the same row of a table)."""
    faults = []
    lessons: dict[str, list[Text]] = {}
    for text in all_texts(lang):
        if text.lesson:
            lessons.setdefault(text.where.split(" cell ")[0], []).append(text)
            continue
        for original in originals(lang):
            if original.original in _without(text.text, original.excepted):
                faults.append(f"{text.where}: {original.original!r}: write {original.term!r} (the original only in "
                              f"a lesson, at the term's first mention)")
    for lesson, texts in lessons.items():
        for original in originals(lang):
            seen = [(t, _without(t.text, original.excepted)) for t in texts]
            found = [(t, shown) for t, shown in seen if original.original in shown]
            count = sum(shown.count(original.original) for _t, shown in found)
            if count > 1:
                faults.append(f"{lesson}: {original.original!r} written {count} times: once is enough, beside "
                              f"{original.term!r}")
            elif count == 1 and original.term not in found[0][1]:
                faults.append(f"{found[0][0].where}: {original.original!r} without its term {original.term!r} beside it")
    assert not faults, f"{len(faults)} originals:\n" + "\n".join(faults)


ASCII_MARKS = ",.:;()!?"
CJK_LETTER = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]"
ASCII_IN_CJK = re.compile(rf"(?<={CJK_LETTER})[{re.escape(ASCII_MARKS)}]|[{re.escape(ASCII_MARKS)}](?={CJK_LETTER})")
NOT_PROSE = re.compile(r"`[^`]*`|\]\([^)]*\)|<[^>]*>|https?://\S+|\{[a-z_]+\}")  # code, link targets, tags, URLs


@pytest.mark.parametrize("lang", LANGS)
def test_chinese_and_japanese_text_has_no_ascii_punctuation(lang):
    """A comma, full stop, colon, semicolon, bracket, exclamation or question mark beside a Chinese or
    Japanese character is written full-width; code, links and the "English:" line are not prose."""
    faults = []
    for text in all_texts(lang):
        if text.code or text.text.startswith("English:"):
            continue
        prose = NOT_PROSE.sub(lambda m: "\0" * len(m.group()), text.text)
        for found in ASCII_IN_CJK.finditer(prose):
            faults.append(f"{text.where}: ASCII {found.group()!r}: …{_excerpt(text.text, found.start(), 1)}…")
    assert not faults, f"{len(faults)} ASCII marks:\n" + "\n".join(faults)


DAIFUGO_SCENARIOS = sorted((LESSONS / "scenarios" / "daifugo").glob("*.yaml"))


@pytest.mark.parametrize("path", DAIFUGO_SCENARIOS, ids=lambda p: p.stem)
def test_what_the_engine_says_under_a_daifugo_rule_set_speaks_its_words_in_japanese(path):
    """ja: under the web rules the engine says the page's words (単騎, スリーカード, フォーカード,
    帰京, 局), under the federation's its (1枚出し, 3枚組, 4枚組, カード交換, ゲーム): every step of each
    worked example as a learner reads it (the events, refusals, positions and what the example
    confirms), and the referee's answers before the first card."""
    pytest.importorskip("ipywidgets")
    from cardlab.i18n import language
    from cardlab.registry import game_of
    from cardlab.widgets import Stepper

    rule_set = yaml.safe_load(path.read_text(encoding="utf-8"))["rules"]
    scopes = frozenset({"all", "daifugo", rule_set})
    with language("ja"):
        stepper = Stepper(path)
        said = [stepper.transcript()]
        start = stepper.result.start
        said += [f"{q} {a}" for q, a in game_of(start).table_talk(start)]
        faults = []
        for rule in rules("ja"):
            if rule.scopes & scopes:
                for text in said:
                    for line in text.splitlines():
                        found = _find_any(rule, line)
                        if found:
                            faults.append(f"{found!r} where the glossary writes {rule.term!r}: …{line[:80]}…")
    assert not faults, f"{path.name} under {rule_set}:\n" + "\n".join(faults)


def _find_any(rule: Rule, text: str) -> str | None:
    shown = _without(text, rule.excepted)
    for variant in rule.replaces:
        found = _find(variant, shown)
        if found:
            return found[1]
    return None


POLITE = re.compile(r"(です|ます|ません|ました|でした|ください)$")
PLAIN_VERB = re.compile(r"(?<![まで])(ない|なかった|[っしいえれ]た|だ|である|いる|ある|する|なる|れる)$")


def _clauses(line: str) -> list[str]:
    """The clauses of a line of sentences (split at 。 and ；), each without a bracketed aside at
    its end (「…ません（not_stronger）」) or a closing quotation mark."""
    clauses = []
    for part in re.split(r"[。；]", line):
        part = re.sub(r"（[^（）]*）$", "", part.strip()).rstrip("」』")
        if part:
            clauses.append(part)
    return clauses


@pytest.mark.parametrize("path", DAIFUGO_SCENARIOS, ids=lambda p: p.stem)
def test_the_engine_speaks_japanese_in_one_register(path):
    """ja: です・ます throughout what the engine says in a worked example: no sentence ends in a
    plain form (終了した, ではない, にない), and every fact of the 「いま：」 line is a polite sentence
    (「場は空です；乙の番です。」), as the notes around them are."""
    pytest.importorskip("ipywidgets")
    from cardlab.i18n import language
    from cardlab.registry import game_of
    from cardlab.widgets import Stepper

    with language("ja"):
        lines = Stepper(path).transcript().splitlines()
    faults = []
    for line in lines:
        if line.startswith("いま："):
            faults += [f"{line}: {c!r}" for c in _clauses(line.removeprefix("いま：")) if not POLITE.search(c)]
        elif line.endswith("。"):
            faults += [f"{line}: {c!r}" for c in _clauses(line) if PLAIN_VERB.search(c)]
    assert not faults, f"{path.name}, plain forms:\n" + "\n".join(faults)

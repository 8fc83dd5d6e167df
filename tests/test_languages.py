"""The table of languages (cardlab.languages): every part of cardlab that differs by language reads
it, the files it cannot read it from (the catalogs, the language packs' pins, the editions'
folders) agree with it, and a language more is a row more."""

from __future__ import annotations

import ast
import dataclasses
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cardlab import durak, languages
from cardlab.display import Seats
from cardlab.i18n import get_language, language
from cardlab.languages import LANGUAGES, SOURCE, editions, find, suggestion

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "cardlab" / "languages.py"


@pytest.mark.parametrize("row", LANGUAGES, ids=lambda row: row.tag)
def test_a_languages_tag_and_each_of_its_locale_names_choose_it(row):
    assert find(row.tag) is row and find(row.tag.upper()) is row
    for name in row.locales:
        assert find(name) is row and find(name + "_XX.UTF-8") is row and find(name.upper() + ".UTF-8@euro") is row
    for mistake in row.mistakes:
        assert find(mistake) is None and suggestion(mistake) is row
    with language(row.tag):
        assert get_language() == row.tag
    assert row.edition is None or row is SOURCE or row.edition.startswith(SOURCE.edition + "/")


def test_the_c_locale_is_the_source_language_and_other_languages_are_none():
    assert find("C.UTF-8") is find("POSIX") is SOURCE and SOURCE.catalog is None and SOURCE.tag == "en"
    assert find("zh_CN.UTF-8") is None and find("fr") is None and find("c_xx") is None
    assert suggestion("klingon") is None


def test_the_catalogs_on_disk_are_the_tables():
    on_disk = {po.parent.parent.name for po in (ROOT / "cardlab" / "locale").glob("*/LC_MESSAGES/cardlab.po")}
    assert on_disk == {row.catalog for row in LANGUAGES if row.catalog}


def test_each_folder_of_lessons_with_an_index_of_its_own_is_an_edition_in_the_table():
    lessons = ROOT / SOURCE.edition
    with_index = {folder.name for folder in lessons.iterdir() if (folder / "index.ipynb").is_file()}
    assert with_index == set(editions()) and (lessons / "index.ipynb").is_file()
    assert all(editions()[folder].tag == folder for folder in with_index)


def test_jupyterlabs_language_packs_are_the_tables_everywhere_they_are_installed():
    """`make lab` (pyproject's lab extra), Binder and the offline site install the language pack of
    every language but English (JupyterLab's own)."""
    packs = {row.language_pack for row in LANGUAGES if row.language_pack}
    assert packs == {"jupyterlab-language-pack-zh-TW", "jupyterlab-language-pack-ja-JP"}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lab = project["optional-dependencies"]["lab"]
    assert {name for name in lab if name.startswith("jupyterlab-language-pack-")} == packs
    binder = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert {line.split("==")[0] for line in binder if line.startswith("jupyterlab-language-pack-")} == packs
    site = tomllib.loads((ROOT / "tools" / "site.toml").read_text(encoding="utf-8"))
    assert set(site["language-packs"]) == packs


def test_the_table_needs_nothing_but_the_standard_library():
    """The Makefile reads it with the system's python3, before the venv exists."""
    tree = ast.parse(TABLE.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module}
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]
    assert imported <= sys.stdlib_module_names | {"__future__"}, imported
    done = subprocess.run([sys.executable, "-I", str(TABLE), "catalog"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.split() == [row.catalog for row in LANGUAGES if row.catalog]
    done = subprocess.run([sys.executable, "-I", str(TABLE), "fonts"], capture_output=True, text=True, cwd=ROOT)
    assert (done.returncode, done.stdout) == (2, "") and done.stderr.startswith("usage: python3 cardlab/languages.py {")


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_messages_updates_the_catalog_of_every_language_in_the_table(tmp_path):
    done = subprocess.run(["make", "-n", "messages", f"VENV={tmp_path}", "-o", f"{tmp_path}/.installed"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    catalogs = " ".join(row.catalog for row in LANGUAGES if row.catalog)
    assert f"for l in {catalogs}; do" in done.stdout


def test_seat_letters_beside_names_follow_the_table(monkeypatch):
    """What State.seat_label and Seats.label ask of a language: whether 甲 is followed by (A)."""
    game = durak.new_game("podkidnoy", ["甲", "乙"], seed=1)
    seats = Seats(["甲", "乙"])
    for row in LANGUAGES:
        with language(row.tag):
            expected = ("甲 (A)", "乙 (B)") if row.seat_letters else ("甲", "乙")
            assert (game.seat_label("甲"), seats.label(1)) == expected
            assert game.seat_label("Ann") == "Ann"
    flipped = {row.tag: dataclasses.replace(row, seat_letters=not row.seat_letters) for row in LANGUAGES}
    monkeypatch.setattr(languages, "BY_TAG", flipped)
    with language("ja"):
        assert (game.seat_label("甲"), seats.label(0)) == ("甲 (A)", "甲 (A)")
    with language("en"):
        assert (game.seat_label("甲"), seats.label(0)) == ("甲", "甲")


# A fifth language, added as one row of the table, that reads ja's catalog (standing for its own)
# and, unlike ja, shows seat letters. The program runs in a fresh interpreter whose table is
# cardlab/languages.py with that row more, before anything of cardlab is imported.
FIFTH_ROW = ('Language(tag="xx", name="Pseudo", catalog="ja", locales=("xx",), seat_letters=True, jupyterlab="fr_FR", '
             'edition="lessons/xx", html="xx", fonts=("Pseudo Sans",), mistakes=("pseudo",)),')
FIFTH = """
import importlib.util, json, runpy, sys
source = open(sys.argv[1], encoding="utf-8").read()
assert source.count("\\n)\\nSOURCE = ") == 1
source = source.replace("\\n)\\nSOURCE = ", "\\n    " + sys.argv[2] + "\\n)\\nSOURCE = ")
spec = importlib.util.spec_from_loader("cardlab.languages", loader=None)
table = importlib.util.module_from_spec(spec)
sys.modules["cardlab.languages"] = table
exec(compile(source, sys.argv[1], "exec"), table.__dict__)

import cardlab
from cardlab import durak, i18n, lessondata, scenario
from cardlab.display import Seats

said = {}
try:
    cardlab.set_language("fr")
except ValueError as exc:
    said["refused"] = str(exc)
try:
    cardlab.set_language("pseudo")
except ValueError as exc:
    said["suggested"] = str(exc)
said["from the locale"] = i18n.default_language({"LANG": "xx_YY.UTF-8"})
game = durak.new_game("podkidnoy", ["甲", "乙"], seed=1)
refusal = game.check(game.parse_action(f"{game.attacker} take"))
with i18n.language("ja"):
    said["ja"] = [str(refusal.text()), game.seat_label("甲")]
cardlab.set_language("xx_XX.UTF-8")
said["xx"] = [cardlab.get_language(), str(refusal.text()), game.seat_label("甲"), Seats(["甲", "乙"]).label(1),
              list(i18n.current_language().fonts)]
said["scenario"] = [list(scenario.LANGUAGES), scenario.Text({"en": "Trumps", "xx": "Xx"}).get()]
said["editions"] = list(lessondata.EDITIONS)
lang, index, env = runpy.run_path(sys.argv[3] + "/tools/open_lab.py")["plan"]("xx", {})
settings = env["JUPYTERLAB_SETTINGS_DIR"] + "/@jupyterlab/translation-extension/plugin.jupyterlab-settings"
said["lab"] = [lang, index, env["CARDLAB_LANG"], json.load(open(settings))["locale"]]
said["edition tool"] = list(runpy.run_path(sys.argv[3] + "/tools/edition.py")["EDITIONS"])
print(json.dumps(said, ensure_ascii=False, default=str))
"""


def test_a_fifth_language_is_one_row_of_the_table(tmp_path):
    """Given one row more (and a catalog: here ja's), cardlab speaks it when asked or when the
    locale says so, names it among its languages, reads its catalog and its seat-letter choice,
    takes its texts in scenario files, knows its lessons' folder and opens JupyterLab in it."""
    import json

    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", FIFTH, str(TABLE), FIFTH_ROW, str(ROOT)], capture_output=True,
                          text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    said = json.loads(done.stdout)
    assert said["refused"] == "cardlab speaks en, zh-TW, ja, xx; not 'fr'"
    assert said["suggested"].endswith("(did you mean xx?)")
    assert said["from the locale"] == "xx"
    ja_text, ja_seat = said["ja"]
    assert ja_seat == "甲" and "not_defender" in ja_text
    assert said["xx"] == ["xx", ja_text, "甲 (A)", "乙 (B)", ["Pseudo Sans"]]
    assert said["scenario"] == [["en", "zh-TW", "ja", "xx"], "Xx"]
    assert said["editions"] == ["zh-TW", "ja", "xx"]
    # No lessons/xx/index.ipynb: the English lessons open, with cardlab and JupyterLab in xx.
    assert said["lab"] == ["xx", str(ROOT / "lessons" / "index.ipynb"), "xx", "fr_FR"]
    assert said["edition tool"] == ["zh-TW", "ja", "xx"]

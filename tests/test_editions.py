"""The lessons' translated editions: lessons/zh-TW/ (繁體中文) and lessons/ja/ (日本語) mirror the
English tree (same folders and file names). Each lesson of an edition runs its English original's
code cells, with one code cell more, first, that sets the language; so the two cannot drift. Every
edition lesson links back to its original, every link in it leads to a file, and the English index
links each edition's index (its language line)."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from urllib.parse import unquote

import nbformat
import pytest

from cardlab.languages import editions
from cardlab.lessondata import EDITIONS

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
EDITION_NOTEBOOKS = sorted(p for tag in EDITIONS for p in (LESSONS / tag).rglob("*.ipynb")
                           if ".ipynb_checkpoints" not in p.parts)
LINK = re.compile(r"\]\(([^)\s]+?\.ipynb)(?:#[^)]*)?\)")


def language_cell(tag: str) -> str:
    """The one code cell an edition's lesson adds, before every other code cell."""
    return f'import cardlab\ncardlab.set_language("{tag}")'


def _edition(path: Path) -> tuple[str, Path]:
    """The language tag of an edition's lesson and its English original."""
    relative = path.relative_to(LESSONS)
    return editions()[relative.parts[0]].tag, LESSONS.joinpath(*relative.parts[1:])


def _code(notebook) -> list[str]:
    return [cell.source.strip() for cell in notebook.cells if cell.cell_type == "code"]


def _markdown(notebook) -> str:
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


@pytest.mark.parametrize("path", EDITION_NOTEBOOKS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_an_edition_lesson_runs_its_originals_code_with_the_language_set_first(path):
    tag, original = _edition(path)
    assert original.is_file(), f"{path.relative_to(LESSONS)} has no English original at {original.relative_to(LESSONS)}"
    code, theirs = _code(nbformat.read(path, as_version=4)), _code(nbformat.read(original, as_version=4))
    if not theirs:  # a page of text only (the index): nothing runs, no language to set
        assert not code, "the original has no code cells"
        return
    assert code and code[0] == language_cell(tag), f"the first code cell must be exactly {language_cell(tag)!r}"
    assert code[1:] == theirs, "the code cells differ from the original's"


@pytest.mark.parametrize("path", EDITION_NOTEBOOKS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_an_edition_lesson_links_back_to_its_original_and_every_link_leads_to_a_file(path):
    _tag, original = _edition(path)
    targets = [(path.parent / unquote(link)).resolve() for link in LINK.findall(_markdown(nbformat.read(path, as_version=4)))]
    assert original.resolve() in targets, f"no link back to the English original {original.relative_to(LESSONS)}"
    missing = [str(t) for t in targets if not t.is_file()]
    assert not missing, f"links to no file: {missing}"


@pytest.mark.parametrize("tag", [tag for tag in EDITIONS if (LESSONS / tag / "index.ipynb").is_file()])
def test_the_english_index_opens_with_a_line_to_each_edition(tag):
    index = nbformat.read(LESSONS / "index.ipynb", as_version=4)
    first = index.cells[0].source
    assert f"{tag}/index.ipynb" in first, f"the index's first cell has no link to {tag}/index.ipynb"


def test_every_edition_mirrors_only_lessons_that_exist_in_english():
    """An edition holds notebooks only (its data are the English tree's, cardlab.lessondata)."""
    for tag in EDITIONS:
        for path in (LESSONS / tag).rglob("*"):
            if path.is_file() and ".ipynb_checkpoints" not in path.parts:
                assert path.suffix == ".ipynb", f"{path.relative_to(LESSONS)}: an edition holds notebooks only"


SERIES_LESSONS = sorted(p for root in [LESSONS, *(LESSONS / tag for tag in EDITIONS)]
                        for p in root.glob("*/[0-9]*.ipynb") if ".ipynb_checkpoints" not in p.parts)
NUMBERED = re.compile(r"\d+ · .*$")


def _title(path: Path) -> str:
    """A lesson's title as its first heading gives it after the series' name: "6 · The exchange ..."."""
    heading = next(line for line in _markdown(nbformat.read(path, as_version=4)).splitlines() if line.startswith("# "))
    return NUMBERED.search(heading).group().strip()


def _short(title: str) -> str:
    """The title up to its first colon or bracket: "1 · Four players" for "1 · Four players: the deal ..."."""
    return re.split(r"[:：]| \(|（", title, maxsplit=1)[0].strip()


@pytest.mark.parametrize("path", SERIES_LESSONS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_a_lesson_is_linked_by_its_own_title(path):
    """The index and the lesson before it ("Next: ...") name a lesson as its heading does: its
    whole title, or the title up to its first colon or bracket; never another wording."""
    title = _title(path)
    root = path.parent.parent
    links = []
    for page in [root / "index.ipynb", *sorted(path.parent.glob("*.ipynb"))]:
        for text, target in re.findall(r"\[([^\]]+)\]\(([^)#\s]+)", _markdown(nbformat.read(page, as_version=4))):
            if NUMBERED.fullmatch(text) and (page.parent / unquote(target)).resolve() == path.resolve():
                links.append((page.name, text))
    wrong = [f"{page}: {text!r}" for page, text in links if text not in (title, _short(title))]
    assert not wrong, f"the lesson is titled {title!r}, but linked as " + ", ".join(wrong)



MARKUP = runpy.run_path(str(LESSONS.parent / "tools" / "lesson_markup.py"))


def test_the_asterisk_check_finds_bold_that_does_not_render():
    literal_bold = MARKUP["literal_bold"]
    assert literal_bold("乙として**2♣**を選び、**出す**を押します") == ["**2♣**"]
    assert literal_bold("- **發牌：**莊家6張") == ["**發牌：**"]
    assert literal_bold("press **Pass** now, 「**2♣**」 and <b>2♣</b>を") == []


ALL_NOTEBOOKS = sorted(p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_a_lesson_s_markup_is_what_its_learner_should_see(path):
    """tools/lesson_markup.py finds nothing to change: nbval's marker is a cell tag, not an English
    comment over the code; an edition's code cell with English a learner would read is folded
    away; no bold shows its asterisks."""
    changes = MARKUP["fix"](path, write=False)
    assert not changes, f"run tools/lesson_markup.py: {changes}"

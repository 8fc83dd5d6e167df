"""A lesson that sends the reader to another lesson's section names that section as it is written.
The web rules' lesson 7 answers the rules page's questions with a table of places ("lesson 1, The
rules: the cards"; 「第1課「規則」的「用牌」」): each cited heading must be a heading of that lesson,
and each cited part one of the bold lead words of that section ("**The cards.**", 「**用牌。**」), in
every edition, or a newcomer looks for a part that is not there."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
QA = "daifugo-web/07_strategy_tips.ipynb"
EDITIONS = ("", "zh-TW", "ja")
# Where an edition's answer column names a lesson: its number, then the rest of the cell.
LESSON_NUMBER = {"": re.compile(r"^lesson (\d+), (.*)$"), "zh-TW": re.compile(r"^第(\d+)課(.*)$"),
                 "ja": re.compile(r"^レッスン(\d+)(.*)$")}


def _sections(path: Path) -> dict[str, set[str]]:
    """Each "## " heading of a lesson and the bold lead words of the paragraphs under it, without
    their closing stop ("**The cards.**", 「**用牌。**」)."""
    sections: dict[str, set[str]] = {}
    current = None
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for line in cell.source.splitlines():
            if line.startswith("## "):
                current = line[3:].strip()
                sections[current] = set()
            elif current is not None:
                lead = re.match(r"\*\*(.+?)[.。]\*\*", line)
                if lead:
                    sections[current].add(lead.group(1).strip().lower())
    return sections


def _cited(edition: str, rest: str) -> tuple[str, list[str]]:
    """The heading and the parts an answer cites, from the text after the lesson's number."""
    if edition:
        quoted = re.findall(r"「([^」]+)」", rest)
        return quoted[0], quoted[1:]
    place = re.split(r" \(| and worked example|, and worked example", rest)[0]
    heading, _, parts = place.partition(":")
    return heading.strip(), [p.strip() for p in re.split(r" and ", parts) if p.strip()]


def _answers(path: Path) -> list[str]:
    """The answer column of the lesson's question table: the last cell of each row."""
    rows = [line for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown"
            for line in cell.source.splitlines() if line.startswith("|") and not line.startswith("|---")]
    return [row.strip().strip("|").split("|")[-1].strip() for row in rows[1:]]


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e or "en")
def test_the_question_table_cites_headings_and_parts_that_exist(edition):
    path = LESSONS / edition / QA
    checked, wrong = 0, []
    for answer in _answers(path):
        found = LESSON_NUMBER[edition].match(answer)
        if not found:
            continue  # "not a rule: ..." names no lesson
        number, rest = found.groups()
        target = next(path.parent.glob(f"{int(number):02d}_*.ipynb"))
        sections = _sections(target)
        heading, parts = _cited(edition, rest)
        if heading not in sections:
            wrong.append(f"{answer!r}: {target.name} has no heading {heading!r} (it has {sorted(sections)})")
            continue
        for part in parts:
            checked += 1
            if part.lower() not in sections[heading]:
                wrong.append(f"{answer!r}: {target.name} {heading!r} has no part {part!r} "
                             f"(it has {sorted(sections[heading])})")
    assert not wrong, "\n".join(wrong)
    assert checked >= 5, f"only {checked} cited parts found: the table's form changed"

"""Bring the lessons' markup to what a learner of each edition should see, and say what changed:

    python tools/lesson_markup.py            # fix every notebook under lessons/
    python tools/lesson_markup.py --check    # list what it would change; exit 1 if anything

1. nbval's marker for a cell whose output it does not compare is the cell tag
   ``nbval-ignore-output``, not a ``# NBVAL_IGNORE_OUTPUT`` comment a learner reads above the code.
2. In the 繁體中文 and 日本語 editions, a code cell carrying English a learner would read (a comment,
   the label of ``folding("...")``: its output shows the label in the language) has its source
   folded away (JupyterLab's ``source_hidden``); the code stays the English original's, as
   tests/test_editions.py requires. Pages about writing code (teachers, simulation_lab) keep theirs.
3. **bold** that CommonMark would show with its asterisks (「を**2♣**で」: in CJK text with no spaces
   a closing ``**`` after a symbol and before a letter closes nothing) is written ``<b>...</b>``.

Only markup changes: no cell is run (tools/run_lessons.py runs them).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
EDITIONS = ("zh-TW", "ja")
CODE_PAGES = ("teachers.ipynb", "simulation_lab.ipynb")
IGNORE_OUTPUT = "# NBVAL_IGNORE_OUTPUT"
IGNORE_TAG = "nbval-ignore-output"
ENGLISH_IN_CODE = re.compile(r'#|folding\("')
BOLD = re.compile(r"(?<![*\\])\*\*(?!\*)([^*]+?)(?<!\*)\*\*(?!\*)")


def _punctuation(char: str) -> bool:
    """Punctuation as CommonMark reads it: a Unicode punctuation mark or symbol (♣, ：)."""
    return unicodedata.category(char)[0] in "PS"


def _flanks(text: str, start: int, end: int) -> tuple[bool, bool]:
    """Whether the run text[start:end] may open and may close emphasis (CommonMark's left- and
    right-flanking rules, which JupyterLab's renderer follows)."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    opens = not after.isspace() and (not _punctuation(after) or before.isspace() or _punctuation(before))
    closes = not before.isspace() and (not _punctuation(before) or after.isspace() or _punctuation(after))
    return opens, closes


def literal_bold(markdown: str) -> list[str]:
    """Each **bold** span of ``markdown`` a reader would see with its asterisks."""
    found = []
    for match in BOLD.finditer(markdown):
        opens, _ = _flanks(markdown, match.start(), match.start() + 2)
        _, closes = _flanks(markdown, match.end() - 2, match.end())
        if not (opens and closes):
            found.append(match.group())
    return found


def _html_bold(markdown: str) -> str:
    broken = set(literal_bold(markdown))
    return BOLD.sub(lambda m: f"<b>{m.group(1)}</b>" if m.group() in broken else m.group(), markdown)


def in_edition(path: Path) -> bool:
    return path.relative_to(LESSONS).parts[0] in EDITIONS


def fix(path: Path, write: bool = True) -> list[str]:
    """Fix the notebook at ``path`` (on disk unless ``write`` is false); returns what changed (or
    would), one line each."""
    notebook = nbformat.read(path, as_version=4)
    changes = []
    for number, cell in enumerate(notebook.cells, 1):
        if cell.cell_type == "markdown" and "```" not in cell.source:
            fixed = _html_bold(cell.source)
            if fixed != cell.source:
                changes.append(f"cell {number}: bold as <b> ({', '.join(literal_bold(cell.source))})")
                cell.source = fixed
        if cell.cell_type != "code":
            continue
        lines = cell.source.split("\n")
        if lines[0].strip() == IGNORE_OUTPUT:
            cell.source = "\n".join(lines[1:])
            tags = cell.metadata.setdefault("tags", [])
            if IGNORE_TAG not in tags:
                tags.append(IGNORE_TAG)
            changes.append(f"cell {number}: {IGNORE_OUTPUT} as the tag {IGNORE_TAG}")
        hidden = cell.metadata.get("jupyter", {}).get("source_hidden", False)
        if in_edition(path) and path.name not in CODE_PAGES and not hidden and ENGLISH_IN_CODE.search(cell.source):
            cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
            changes.append(f"cell {number}: English in its code, folded away")
    if changes and write:
        nbformat.write(notebook, path)
    return changes


def main(argv: list[str]) -> int:
    check = "--check" in argv
    found = 0
    for path in sorted(p for p in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts):
        changes = fix(path, write=not check)
        for change in changes:
            print(f"{path.relative_to(ROOT)} {change}")
        found += len(changes)
    return 1 if check and found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Start a translated edition of lessons: ``python tools/edition.py zh-TW lessons/durak/02_....ipynb``
copies each English lesson to ``lessons/zh-TW/durak/02_....ipynb`` (the same place under the
edition's folder) with one code cell more, first among the code cells, that sets the language
(tests/test_editions.py checks that the edition keeps its original's code cells). A translator then
translates its markdown cells; the code stays the English lesson's. An existing edition lesson is
left as it is."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from cardlab.languages import LANGUAGES, SOURCE  # noqa: E402

LESSONS = ROOT / SOURCE.edition

# The languages whose lessons have a folder of their own, by tag.
EDITIONS = {language.tag: language for language in LANGUAGES if language is not SOURCE and language.edition}


def start(tag: str, original: Path) -> Path:
    relative = original.resolve().relative_to(LESSONS)
    target = ROOT / EDITIONS[tag].edition / relative
    if target.exists():
        return target
    notebook = nbformat.read(original, as_version=4)
    first_code = next(i for i, cell in enumerate(notebook.cells) if cell.cell_type == "code")
    notebook.cells.insert(first_code, nbformat.v4.new_code_cell(f'import cardlab\ncardlab.set_language("{tag}")'))
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, target)
    return target


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in EDITIONS:
        print(f"usage: python tools/edition.py {{{','.join(EDITIONS)}}} lessons/FOLDER/LESSON.ipynb ...", file=sys.stderr)
        return 2
    for name in argv[1:]:
        print(start(argv[0], Path(name)).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

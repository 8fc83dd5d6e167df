"""What to try at a try-it table (``TryIt(..., instructions=...)``), shown beside it.

Instructions are a text, a mapping from language tags to texts (``{"en": ..., "zh-TW": ...}``,
holding ``en``, as a scenario's notes), or the path of a YAML file holding such a mapping. A
lesson keeps its try-it table's instructions in a file beside it, ``try_it/NN.yaml``: the
lesson's code, the same in every edition (``tests/test_editions.py``), names the file, and the
file holds the text in every language, read in the language current when the table is drawn.
A file is read as a scenario or quiz file is (:mod:`cardlab.yamlfile`), from the English tree
for a translated edition and from the offline site's package where the disk has none
(:mod:`cardlab.lessondata`).

The text is written as the lessons write Markdown, in a small part of it: paragraphs apart by an
empty line, list items (``- `` or ``1. ``, continued on indented lines), ``**bold**`` and
```code```; :func:`instructions_html` draws it.
"""

from __future__ import annotations

import os
import re
from html import escape
from pathlib import Path

from .. import yamlfile
from ..i18n import shown
from ..languages import TAGS
from ..scenario import Text
from .args import WidgetError

FILE_SUFFIXES = (".yaml", ".yml")


def instructions_of(value) -> Text | None:
    """``value`` (``None``, a :class:`~cardlab.scenario.Text`, a text, a mapping from language
    tags to texts, or the path of a YAML file holding one) as a :class:`~cardlab.scenario.Text`.
    A text counts as a file's path when it is one line ending in ``.yaml`` or ``.yml``. Raises
    :class:`WidgetError` saying what is wrong, naming the file and line for a file."""
    if value is None or isinstance(value, Text):
        return value
    if isinstance(value, os.PathLike) or (isinstance(value, str) and "\n" not in value
                                          and value.strip().lower().endswith(FILE_SUFFIXES)):
        return _from_file(os.fspath(value))
    if isinstance(value, str):
        return Text(value)
    if isinstance(value, dict):
        return _texts(value, "instructions")
    raise WidgetError(f"instructions are a text, a mapping from language tags ({', '.join(TAGS)}) to "
                      f"texts, or a YAML file's path, not {shown(value)}")


def _texts(value: dict, where: str) -> Text:
    for lang, text in value.items():
        if lang not in TAGS:
            raise WidgetError(f"{where}: unknown language tag {shown(lang)} (tags: {', '.join(TAGS)})")
        if not isinstance(text, str) or not text.strip():
            raise WidgetError(f"{where}: the {lang} instructions must be a text, not {shown(text)}")
    if "en" not in value:
        raise WidgetError(f"{where}: the instructions must hold an English text (en)")
    return Text({lang: text.strip() for lang, text in value.items()})


def _from_file(path: str) -> Text:
    text = None
    try:
        text = yamlfile.read_text(path, "file of instructions")
        data, root = yamlfile.parse(text, path, "file of instructions")
    except yamlfile.YAMLFileError as exc:
        raise WidgetError(str(exc)) from None
    if not isinstance(data, dict):
        line = yamlfile.line_of(root) if root is not None else None
        place = f"{path} (line {line})" if line is not None else path
        raise WidgetError(f"{place}: a file of instructions is a mapping from language tags "
                          f"({', '.join(TAGS)}) to texts")
    return _texts(data, str(Path(path)))


_ITEM = re.compile(r"^(?:[-*]|\d+\.)\s+")
_MARKS = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")


def _inline(text: str) -> str:
    """One paragraph's or item's text as HTML: ``**bold**`` and ```code``` marked, the rest escaped."""
    out, at = [], 0
    for mark in _MARKS.finditer(text):
        out.append(escape(text[at:mark.start()]))
        bold, code = mark.groups()
        out.append(f"<b>{escape(bold)}</b>" if bold is not None else f"<code>{escape(code)}</code>")
        at = mark.end()
    out.append(escape(text[at:]))
    return "".join(out)


def instructions_html(text: str) -> str:
    """``text`` (the small Markdown of the module's docstring) as HTML: paragraphs, lists of the
    kind their first item opens (numbered or not), bold and code."""
    blocks: list[tuple[str, list[str]]] = []  # ("p", lines) or ("ul"/"ol", items)
    for line in text.splitlines():
        item = _ITEM.match(line)
        if not line.strip():
            blocks.append(("", []))
        elif item:
            kind = "ol" if item.group(0)[0].isdigit() else "ul"
            if not blocks or blocks[-1][0] != kind:
                blocks.append((kind, []))
            blocks[-1][1].append(line[item.end():].strip())
        elif blocks and blocks[-1][0] in ("ul", "ol") and line[:1].isspace():
            blocks[-1][1][-1] += " " + line.strip()
        elif blocks and blocks[-1][0] == "p":
            blocks[-1][1].append(line.strip())
        else:
            blocks.append(("p", [line.strip()]))
    html = []
    for kind, parts in blocks:
        if kind == "p":
            html.append(f"<p>{_inline(' '.join(parts))}</p>")
        elif kind:
            items = "".join(f"<li>{_inline(item)}</li>" for item in parts)
            html.append(f"<{kind}>{items}</{kind}>")
    return "".join(html)

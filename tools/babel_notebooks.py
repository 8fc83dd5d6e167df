"""Babel's extractor for the lessons' notebooks (tools/babel.cfg): the messages written in their
code cells, ``_("...")`` and the labels given to ``folding("...")``, for the catalogs, so that a
translated edition of a lesson (lessons/zh-TW/...) runs the same code and reads them translated.
The English lessons are the source; an edition's notebooks hold the same code."""

from __future__ import annotations

import io
import json

from babel.messages.extract import extract_python


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method: each code cell's code, as Python, through Babel's own Python
    extractor; line numbers count from the first line of the notebook's first code cell."""
    notebook = json.loads(fileobj.read().decode("utf-8"))
    offset = 0
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = "".join(cell.get("source", []))
        # IPython's own syntax (!command, %magic) is not Python: such lines are left out.
        code = "\n".join("" if line.lstrip().startswith(("!", "%")) else line for line in source.splitlines())
        for lineno, funcname, messages, comments in extract_python(
                io.BytesIO(code.encode("utf-8")), keywords, comment_tags, options):
            yield lineno + offset, funcname, messages, comments
        offset += len(source.splitlines()) + 1

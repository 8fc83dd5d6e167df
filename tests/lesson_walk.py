"""Run a lesson's code cells in this process, as its kernel would, and read every text a learner
sees in what it shows: each widget's labels, tooltips, placeholders, options, its HTML and its
card table's picture, walked through its steps, buttons, questions and choices; folded and
printed text. For the editions' tests (tests/test_editions_widgets.py)."""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from unittest import mock

import nbformat

from cardlab import i18n

NS = "{http://www.w3.org/2000/svg}"
# Attributes whose text a reader sees or hears (a tooltip, a screen reader's label).
_READ_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")


class _Reader(HTMLParser):
    """The text of an HTML fragment as a reader meets it: its text and its read attributes,
    without style sheets and scripts."""

    def __init__(self):
        super().__init__()
        self.texts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("style", "script")
        self.texts += [value for name, value in attrs if name in _READ_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        self._skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.texts.append(data)


def html_texts(html: str) -> list[str]:
    reader = _Reader()
    reader.feed(str(html))
    return reader.texts


def svg_texts(svg: str) -> list[str]:
    """Every text of a picture a reader sees or hears: its text nodes, labels and titles."""
    if not svg:
        return []
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
    texts += [e.get("aria-label") for e in root.iter() if e.get("aria-label")]
    texts += [t.text or "" for t in root.iter(f"{NS}title")]
    return texts


def controls(box) -> list:
    found, stack = [], [box]
    while stack:
        w = stack.pop()
        found.append(w)
        stack.extend(getattr(w, "children", ()))
    return found


def labels(box) -> list[str]:
    """Every label, tooltip, placeholder and option text under an ipywidgets container."""
    texts = []
    for w in controls(box):
        for trait in ("description", "tooltip", "placeholder"):
            value = getattr(w, trait, None)
            if isinstance(value, str) and value:
                texts.append(value)
        texts += list(getattr(w, "_options_labels", ()))
    return texts


def view_texts(box) -> list[str]:
    """Every text under an ipywidgets container: labels, tooltips, placeholders, options, the
    HTML shown and the card table's picture (what the learner typed into a box is theirs)."""
    import ipywidgets as ipw

    texts = labels(box)
    for w in controls(box):
        if isinstance(w, (ipw.HTML, ipw.HTMLMath)):
            texts += html_texts(w.value)
        elif isinstance(w, ipw.Label):
            texts.append(w.value)
        svg = getattr(w, "svg", None)
        if isinstance(svg, str):
            texts += svg_texts(svg)
    return texts


def run_lesson(path: Path) -> tuple[list, str]:
    """Run the code cells of the lesson at ``path`` in its folder; returns what the cells show
    (each displayed object, in order) and what they print. The language the lesson sets is set
    back afterwards."""
    shown, printed = [], io.StringIO()
    namespace: dict = {"__name__": "__lesson__"}
    notebook = nbformat.read(path, as_version=4)
    before, here = i18n.get_language(), os.getcwd()
    os.chdir(path.parent)
    try:
        with mock.patch("IPython.display.display", lambda *objects, **_kw: shown.extend(objects)), \
                contextlib.redirect_stdout(printed):
            for cell in notebook.cells:
                if cell.cell_type != "code":
                    continue
                tree = ast.parse(cell.source)
                last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
                exec(compile(tree, f"{path.name}", "exec"), namespace)
                if last is not None:
                    value = eval(compile(ast.Expression(last.value), f"{path.name}", "eval"), namespace)
                    if value is not None:
                        shown.append(value)
    finally:
        os.chdir(here)
        i18n.set_language(before)
    return shown, printed.getvalue()


def _static(widget) -> list[str]:
    return html_texts(widget.static_html()) + view_texts(widget.widget)


def _walk_stepper(stepper) -> list[str]:
    texts = []
    for index in range(stepper.total):
        stepper.goto(index)
        texts += _static(stepper) + [stepper.transcript()]
    return texts


def _walk_acting(table) -> list[str]:
    """Each verb pressed with nothing selected and with a card selected, a move typed wrong."""
    texts = _static(table)
    for verb in table.state.verbs():
        texts.append(str(table.press(verb)))
        texts += view_texts(table.widget)
        if table.selectable():
            table.select(table.selectable()[0])
            texts.append(str(table.press(verb)))
            texts += view_texts(table.widget)
    texts.append(str(table.type_move("9")))
    return texts + _static(table)


def _walk_quiz(quiz) -> list[str]:
    texts = _static(quiz) + [str(quiz.text())]
    for index, question in enumerate(quiz.questions):
        for choice in range(len(question["choices"])):
            quiz.reset()
            texts.append(str(quiz.answer(index, choice)))
            texts += view_texts(quiz.widget)
    quiz.reset()
    return texts


def _walk_referee(referee) -> list[str]:
    texts = _static(referee)
    for file in referee.files:
        referee.show(file, 0)
        texts += view_texts(referee.widget) + [referee.suggestion]
        texts += [str(referee.ask(file, 0, move)) for move in (referee.suggestion, "9")]
        texts += view_texts(referee.widget)
    return texts


def learner_texts(objects) -> list[str]:
    """Every text a learner reads in ``objects`` (what a lesson shows), each widget walked."""
    from cardlab.display import Folded
    from cardlab.widgets import Quiz, Referee, Stepper
    from cardlab.widgets.acting import ActingTable
    from cardlab.widgets.base import Widget

    texts = []
    for obj in objects:
        if isinstance(obj, Stepper):
            texts += _walk_stepper(obj)
        elif isinstance(obj, ActingTable):
            texts += _walk_acting(obj)
        elif isinstance(obj, Quiz):
            texts += _walk_quiz(obj)
        elif isinstance(obj, Referee):
            texts += _walk_referee(obj)
        elif isinstance(obj, Widget):
            texts += _static(obj)
        elif isinstance(obj, Folded):
            texts += [str(obj.summary), str(obj.text)]
        elif hasattr(obj, "_repr_html_"):
            texts += html_texts(obj._repr_html_())
        elif hasattr(obj, "_repr_svg_"):
            texts += svg_texts(obj._repr_svg_())
        else:
            texts.append(str(obj))
    return [t for t in texts if t and re.search(r"\S", t)]


# Latin words a learner of the 繁體中文 or 日本語 edition may read, each for a reason:
# cardlab's own name; JOKER, printed on a joker's face as on real cards; the keys printed on a
# keyboard, as a tooltip names them; JupyterLab's menus as they appear on screen (its zh-TW and ja
# packs leave the menu bar in English), in the line asking to run all cells; the web rules'
# site, cited by its address as article 002 gives it.
ALLOWED_EVERYWHERE = {"cardlab", "JOKER", "Home", "End", "Enter", "Esc"}
_MENU_PATH = re.compile(r"Run\s*→\s*(?:Run All Cells)?")
_SITE = re.compile(r"daifugo\.yeeqia\.com")
# The names the source articles write in Latin letters, in the language they are written in: the
# Durak article (004: Durak, its rule sets Podkidnoy, Perevodnoy, Throw-in Fool, the sources
# Pagat and Crazy Panda), the Gan Deng Yan article (001: JJ, a publisher's rule set) and the
# federation's Daifugo article (000: Pass, its button and word; the ja edition quotes its
# headings in the original after their Japanese rendering). The ja glossary keeps the names of
# Durak's sources as they are (Pagat, Crazy Panda's Throw-in Fool).
SOURCE_NAMES = {"Throw-in", "Fool", "Pagat", "Crazy", "Panda", "JJ"}
ARTICLE_NAMES = {
    "zh-TW": SOURCE_NAMES | {"Durak", "Podkidnoy", "Perevodnoy", "Pass"},
    "ja": SOURCE_NAMES | {"Pass"},
}
_NOTATION = re.compile(r"(?<![A-Za-z0-9_=])(?:(?:RJ|BJ|W[1-6])(?:=[SHDC]?(?:10|[2-9TJQKA]))?|[SHDC](?:10|[2-9TJQKA]))"
                       r"(?![A-Za-z0-9_])")
_RANK_RUN = re.compile(r"(?<![A-Za-z0-9_])(?:10|[2-9JQKA])(?:-(?:10|[2-9JQKA]))+(?![A-Za-z0-9_])")


def latin_words(text: str, lang: str) -> list[str]:
    """The words of two or more Latin letters in ``text`` a learner reading ``lang`` should not
    meet: all but card notation (S9, RJ=H7, J-Q-K) and the allowed names."""
    text = _SITE.sub(" ", _MENU_PATH.sub(" ", _RANK_RUN.sub(" ", _NOTATION.sub(" ", str(text)))))
    allowed = ALLOWED_EVERYWHERE | ARTICLE_NAMES[lang]
    return [w for w in re.findall(r"[A-Za-z][A-Za-z_'-]+", text) if w not in allowed]

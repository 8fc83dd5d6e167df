"""The site's own pages and texts, in each language of the lessons: the lessons' indexes as pages
of their own, the page saying how to serve the folder, the one on what works without a service
worker, the one that fills a computer's cache before class, KEEPING-YOUR-WORK.md beside each
index, and the site's copies of the notebooks. Every text a learner or teacher reads is in
templates/messages.json, one table per language."""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from string import Template

from .common import ROOT, TEMPLATES



def _languages():
    """cardlab's table of languages (cardlab/languages.py: the standard library only, read here
    without importing cardlab, which the build's venv does not have)."""
    spec = importlib.util.spec_from_file_location("cardlab_languages", ROOT / "cardlab" / "languages.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


# The lessons' languages in the site, from cardlab's table: each edition's folder under lessons/
# ("" for the English lessons), its pages' language, and JupyterLab's locale for it.
_TABLE = _languages()
EDITIONS = {language.tag: {"folder": f"{language.edition}/".removeprefix(f"{_TABLE.SOURCE.edition}/"),
                           "html": language.html, "jupyterlab": language.jupyterlab}
            for language in _TABLE.LANGUAGES if language.edition}
LANDING = "lessons/index.ipynb"
SERVE_FOLDER = "serve-this-folder"
NEEDS_HTTPS = "needs-https"
PREPARE = "prepare"
LESSONS = "lessons"
NOTE_NAME = "KEEPING-YOUR-WORK.md"

SITE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
# ... and the language_info its kernel reports (jupyterlite-pyodide-kernel 0.8.6), as it is.
SITE_LANGUAGE_INFO = {"codemirror_mode": {"name": "python", "version": 3}, "file_extension": ".py",
                      "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                      "pygments_lexer": "ipython3", "version": "3.8"}


def page_name(stem: str, lang: str) -> str:
    """``lessons.html``, ``lessons.zh-TW.html``: a page of the site in one language."""
    return f"{stem}.html" if lang == "en" else f"{stem}.{lang}.html"


def load_messages() -> dict[str, dict[str, str]]:
    messages = json.loads((TEMPLATES / "messages.json").read_text(encoding="utf-8"))
    english = set(messages["en"])
    for lang in EDITIONS:
        if set(messages.get(lang, {})) != english:
            sys.exit(f"[site] templates/messages.json: {lang} does not have the same texts as en")
    return messages


def template(name: str, **values: str) -> str:
    return Template((TEMPLATES / name).read_text(encoding="utf-8")).substitute(values)


def file_redirect(target: str) -> str:
    return template("file-redirect.html", target=target)


def page(lang: str, title: str, body: str, head: str = "", fonts: dict | None = None) -> str:
    """A page of the site in ``lang``; ``fonts``: each CJK edition's CSS for its font (fonts.py)."""
    font = (fonts or {}).get(lang)
    head = f"{head}\n<style>{font}</style>" if font else head
    return template("page.html", lang=EDITIONS[lang]["html"], title=html.escape(title), body=body, head=head)


def edition_of(path: str) -> str:
    """The language of a notebook or file by its path under ``lessons/`` (or in the site)."""
    parts = Path(path).parts
    for lang, edition in EDITIONS.items():
        if edition["folder"] and edition["folder"].rstrip("/") in parts[:3]:
            return lang
    return "en"


# --- the site's copies of the notebooks --------------------------------------------------------

def join_lines(notebook: Path) -> None:
    """Write a notebook with each multi-line text as one string, as a Jupyter server hands it to
    JupyterLab. The same notebook: nbformat allows both forms, but JupyterLite passes the file as
    it is, and JupyterLab then shows a saved output stored as a list of lines with commas between
    them."""
    import nbformat

    node = nbformat.read(notebook, as_version=nbformat.NO_CONVERT)  # reading joins the lines
    # The site's kernel, as JupyterLite writes it when it opens the notebook: a notebook saved
    # with `python3` (ipykernel) would be marked modified as soon as it is opened.
    node.metadata["kernelspec"] = dict(SITE_KERNELSPEC)
    node.metadata["language_info"] = json.loads(json.dumps(SITE_LANGUAGE_INFO))
    notebook.write_text(json.dumps(node, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def add_site_note(index: Path, text: str) -> None:
    """The site's copy of a lessons' index begins with how work is kept on the site."""
    import nbformat

    node = nbformat.read(index, as_version=nbformat.NO_CONVERT)
    cell = nbformat.v4.new_markdown_cell(text)
    if node.nbformat_minor < 5:
        cell.pop("id", None)
    node.cells.insert(1 if node.cells and node.cells[0].cell_type == "markdown" else 0, cell)
    index.write_text(json.dumps(node, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def site_contents(lessons: Path, messages: dict) -> None:
    """The site's copy of ``lessons/`` (under the site's contents), made ready: every notebook
    written as JupyterLab reads it (:func:`join_lines`), and each edition's index beginning with
    how work is kept, beside its own KEEPING-YOUR-WORK.md."""
    for notebook in lessons.rglob("*.ipynb"):
        join_lines(notebook)
    for lang, edition in EDITIONS.items():
        index = lessons / edition["folder"] / "index.ipynb"
        if index.is_file():
            (index.parent / NOTE_NAME).write_text(
                (TEMPLATES / f"keeping-your-work.{lang}.md").read_text(encoding="utf-8"), encoding="utf-8")
            add_site_note(index, messages[lang]["index.site_note"])


# --- the lessons' indexes as pages of their own ------------------------------------------------

def lessons_pages(lessons: Path, site: Path, messages: dict | None = None, teachers: dict | None = None,
                  fonts: dict | None = None) -> None:
    """Every index of the lessons under ``lessons`` (one per edition, those that exist) as its page
    in ``site`` (:func:`lessons_page`); ``teachers``: the figures the teachers' sentence gives
    (``size``, ``seconds``), or None for no such sentence."""
    messages = messages or load_messages()
    for lang, edition in EDITIONS.items():
        index = lessons / edition["folder"] / "index.ipynb"
        if index.is_file():
            lessons_page(index, site / page_name(LESSONS, lang), lang, lessons, messages, teachers, fonts)


def lessons_page(index: Path, target: Path, lang: str = "en", lessons: Path | None = None,
                 messages: dict | None = None, teachers: dict | None = None, fonts: dict | None = None) -> None:
    """The lessons' index (``index``, a notebook of Markdown cells only) as a web page of its own,
    each link to a notebook or file of the lessons opening it in the lab, and each link to an
    edition's index going to its page: the site opens on it, so a learner's first page starts no
    kernel. Opened as a file, it leaves for the page saying how to serve the folder. Raises
    SystemExit if the index holds code."""
    import mistune
    import nbformat

    messages = messages or load_messages()
    lessons = index.parent if lessons is None else lessons
    node = nbformat.read(index, as_version=4)
    if any(cell.cell_type != "markdown" for cell in node.cells):
        sys.exit(f"[site] {index} holds code: its page would leave it out")
    body = mistune.html("\n\n".join(cell.source for cell in node.cells))
    folder = index.parent.relative_to(lessons)
    indexes = {f"{edition['folder']}index.ipynb": page_name(LESSONS, other) for other, edition in EDITIONS.items()}

    def to_lab(match: re.Match) -> str:
        target_ = html.unescape(match.group(1))
        if "://" in target_ or target_.startswith(("#", "/", "mailto:")):
            return match.group(0)
        under = Path(os.path.normpath(folder / target_)).as_posix()  # the target's path under lessons/
        if under in indexes:
            return f'href="./{indexes[under]}"'
        path = f"{Path(LANDING).parent.as_posix()}/{under}"
        return f'href="./lab/index.html?path={html.escape(path, quote=True)}"'

    body = re.sub(r'href="([^"]*)"', to_lab, body)
    if teachers is not None:
        sentence = messages[lang]["index.teachers"].format(prepare=f"./{page_name(PREPARE, lang)}", **teachers)
        body += f'\n<div class="cardlab-teachers">{mistune.html(sentence)}</div>'
    heading = next((line[2:].strip() for cell in node.cells for line in cell.source.splitlines()
                    if line.startswith("# ")), "cardlab")
    target.write_text(page(lang, heading, body, head=file_redirect(f"./{page_name(SERVE_FOLDER, lang)}"), fonts=fonts),
                      encoding="utf-8")


# --- the site's other pages ---------------------------------------------------------------------

def help_pages(site: Path, messages: dict, fonts: dict | None = None) -> None:
    """In each language: how to serve the folder, and what works without a service worker."""
    for lang in EDITIONS:
        text = messages[lang]
        needs_https = page_name(NEEDS_HTTPS, lang)
        serve = (f"<h1>{text['page.serve_h1']}</h1>\n<p>{text['page.serve_p1']}</p>\n<p>{text['page.serve_p2']}</p>\n"
                 "<pre>python3 serve.pyz</pre>\n"
                 f"<p>{text['page.serve_p3']}</p>\n<p>{text['page.serve_p4'].format(needs_https=needs_https)}</p>")
        (site / page_name(SERVE_FOLDER, lang)).write_text(page(lang, text["page.title_serve"], serve, fonts=fonts),
                                                          encoding="utf-8")
        https = (f"<h1>{text['page.https_h1']}</h1>\n<p>{text['page.https_p1']}</p>\n<p>{text['page.https_p2']}</p>\n"
                 f"<p>{text['page.https_p3']}</p>\n"
                 f"<p><a href=\"./{page_name(LESSONS, lang)}\">{text['page.open_lessons']}</a></p>")
        (site / needs_https).write_text(page(lang, text["page.title_https"], https, fonts=fonts), encoding="utf-8")


def prepare_pages(site: Path, messages: dict, prepare_script: str, fonts: dict | None = None) -> None:
    """In each language: the page that fills this computer's cache with every file of the site
    (``prepare_script``: its script, which lists them)."""
    for lang in EDITIONS:
        text = messages[lang]
        strings = {key.split(".", 1)[1]: value for key, value in text.items() if key.startswith("page.prepare_")}
        prepare = (f"<h1>{text['page.prepare_h1']}</h1>\n<p>{text['page.prepare_p1']}</p>\n"
                   '<p><progress class="cardlab-prepare-bar" max="1" value="0"></progress></p>\n'
                   '<p class="cardlab-prepare-status" role="status"></p>\n'
                   f"<p><a href=\"./{page_name(LESSONS, lang)}\">{text['page.open_lessons']}</a></p>\n"
                   f"<script>window.cardlabPrepare = {json.dumps(strings, ensure_ascii=False)};</script>\n"
                   f'<script src="./{prepare_script}"></script>')
        (site / page_name(PREPARE, lang)).write_text(
            page(lang, text["page.title_prepare"], prepare, head=file_redirect(f"./{page_name(SERVE_FOLDER, lang)}"),
                 fonts=fonts),
            encoding="utf-8")

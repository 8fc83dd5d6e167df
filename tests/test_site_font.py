"""The 繁體中文 and 日本語 editions of the offline site carry their own font (tools/sitebuild/fonts.py):
each edition's face of Noto Sans CJK cut to the characters the site's texts use, so that a computer
without a CJK font shows no boxes. Here, without building a site: every character that the
lessons (Markdown and outputs), the catalogs' translations, the scenario and the quiz files use
is in each edition's subset, as fontTools reads the woff2 back; and the site's pages and the lab's
helper use the subset in the CJK editions only. tests/test_site_room.py checks the built site in
Chromium."""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from sitebuild import common, fonts, pages  # noqa: E402

CJK_FROM = 0x2E80  # CJK radicals onwards: punctuation, kana, ideographs, full-width forms


def _texts_of_a_notebook(path: Path):
    node = json.loads(path.read_text(encoding="utf-8"))
    for cell in node["cells"]:
        if cell["cell_type"] == "markdown":
            yield "".join(cell["source"])
        for output in cell.get("outputs", []):
            yield "".join(output.get("text", ""))
            for kind, value in output.get("data", {}).items():
                if kind.startswith("text/") or kind == "image/svg+xml":
                    yield "".join(value)


def _characters_used() -> set[str]:
    """Collected here on their own (Babel reads the catalogs), not with the builder's collector."""
    from babel.messages.pofile import read_po

    texts = []
    for path in ROOT.glob("lessons/**/*.ipynb"):
        if ".ipynb_checkpoints" not in path.parts:
            texts += _texts_of_a_notebook(path)
    for path in ROOT.glob("cardlab/locale/*/LC_MESSAGES/*.po"):
        with path.open("rb") as po:
            for message in read_po(po):
                texts += [message.string] if isinstance(message.string, str) else list(message.string or ())
    for pattern in ("lessons/scenarios/**/*", "lessons/*/quizzes/**/*"):
        texts += [p.read_text(encoding="utf-8") for p in ROOT.glob(pattern) if p.is_file()]
    return {c for text in texts for c in text if c.isprintable() and not c.isspace()}


@pytest.fixture(scope="module")
def subsets(tmp_path_factory):
    """Each edition's subset as the build makes it (its cache in a temporary folder)."""
    pytest.importorskip("fontTools", reason="the site's font needs fontTools (pip install -e '.[site]')")
    pytest.importorskip("brotli", reason="woff2 needs brotli (pip install -e '.[site]')")
    pins = common.load_pins()
    try:
        fonts.find_collection(pins["font"]["collection"])
    except SystemExit:
        pytest.skip(f"the site's font is cut from {pins['font']['collection']}: apt-get install fonts-noto-cjk")
    tmp = tmp_path_factory.mktemp("fonts")
    cache, common.CACHE = common.CACHE, tmp / "cache"
    try:
        made = fonts.build_fonts(tmp / "site", pins)
    finally:
        common.CACHE = cache
    return {edition: tmp / "site" / entry["file"] for edition, entry in made.items()}, pins


def test_each_cjk_editions_font_holds_every_character_the_site_uses(subsets):
    from fontTools.ttLib import TTCollection, TTFont

    made, pins = subsets
    assert set(made) == set(pins["font"]["faces"]) == {tag for tag in pages.EDITIONS if tag != "en"}
    used = _characters_used()
    assert {"甲", "乙", "出", "パ", "ス", "。", "、"} <= used
    collection = fonts.find_collection(pins["font"]["collection"])
    for edition, path in made.items():
        font = TTFont(str(path))
        assert font.flavor == "woff2"
        held = {chr(c) for c in font.getBestCmap()}
        (source,) = [f for f in TTCollection(str(collection), lazy=True).fonts
                     if f["name"].getDebugName(1) == pins["font"]["faces"][edition]]
        drawn = {chr(c) for c in source.getBestCmap()}
        missing = used - held
        # Everything the face draws is in the subset; what it does not draw (a few symbols) is
        # no Chinese or Japanese character, and the Latin fonts before it in the CSS draw it.
        assert missing == used - drawn, "".join(sorted(missing - (used - drawn)))
        assert not [c for c in missing if ord(c) >= CJK_FROM], [unicodedata.name(c, hex(ord(c))) for c in missing]
        print(f"{edition}: {path.name}, {path.stat().st_size / 1e6:.2f} MB, {len(held)} characters; "
              f"{len(used)} used, left to the Latin fonts: {''.join(sorted(missing))}")


def test_the_cjk_editions_pages_use_their_font_and_the_english_ones_do_not(tmp_path):
    """The indexes, help and prepare pages of 繁體中文 and 日本語 name the subset after the Latin
    fonts; the lab's helper puts JupyterLab's fonts and the cards' pictures on it for a CJK
    edition's lesson."""
    css = {"zh-TW": fonts.page_css("./static/cardlab/fonts/TC.0123456789.woff2"),
           "ja": fonts.page_css("./static/cardlab/fonts/JP.0123456789.woff2")}
    messages = pages.load_messages()
    pages.help_pages(tmp_path, messages, css)
    index = tmp_path / "lessons" / "index.ipynb"
    index.parent.mkdir()
    index.write_text(json.dumps({"cells": [{"cell_type": "markdown", "id": "title", "metadata": {}, "source": "# 課程"}],
                                 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    pages.lessons_page(index, tmp_path / "lessons.zh-TW.html", "zh-TW", fonts=css)
    pages.lessons_page(index, tmp_path / "lessons.html", "en", fonts=css)
    for name, url in (("serve-this-folder.zh-TW.html", "TC"), ("needs-https.ja.html", "JP"),
                      ("lessons.zh-TW.html", "TC")):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert f'src: url("./static/cardlab/fonts/{url}.0123456789.woff2") format("woff2")' in text, name
        assert f'arial, "{fonts.FAMILY}", sans-serif' in text, name
    for name in ("serve-this-folder.html", "needs-https.html", "lessons.html"):
        assert "@font-face" not in (tmp_path / name).read_text(encoding="utf-8"), name
    lab = fonts.lab_css("../static/cardlab/fonts/TC.0123456789.woff2")
    for variable in ("--jp-ui-font-family", "--jp-content-font-family", "--jp-code-font-family"):
        assert "html:root {" in lab and f"{variable}: " in lab
    assert f'.jp-OutputArea svg text {{ font-family: "DejaVu Sans", "Segoe UI", Arial, "{fonts.FAMILY}"' in lab


def test_the_builds_collector_finds_what_the_test_finds():
    """The builder collects the characters its own way (and a few sources more): it misses none."""
    assert _characters_used() <= fonts.used_characters()

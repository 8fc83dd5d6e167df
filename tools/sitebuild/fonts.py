"""The site's own Chinese and Japanese font: a computer without a CJK font shows every Chinese and
Japanese character as a box, so the 繁體中文 and 日本語 editions carry a web font holding exactly
the characters the site's texts use (the lessons, the catalogs, the scenario and quiz files, the
site's own pages), cut with fontTools from Noto Sans CJK (SIL Open Font License 1.1) at build
time: the Traditional Chinese face for the 繁體中文 edition, the Japanese face for the 日本語 one
(the same characters, each drawn as its readers write them). The source is the font collection
that Debian's ``fonts-noto-cjk`` installs (tools/site.toml, [font]); each subset is kept in
.site-cache/fonts/ by the digest of what it was made from."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import common
from .common import ROOT, TEMPLATES, log, mb

FOLDER = "static/cardlab/fonts"  # in the site
FAMILY = "Cardlab Noto Sans CJK"  # the name the site's CSS knows the subset by
# Where a font collection is looked for when fontconfig cannot say (macOS, Windows, a bare Linux).
FONT_DIRS = ["/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts",
             "/Library/Fonts", "~/Library/Fonts", "/System/Library/Fonts", r"C:\Windows\Fonts"]


# --- the characters the site's texts use -------------------------------------------------------

def _notebook_texts(path: Path):
    node = json.loads(path.read_text(encoding="utf-8"))
    for cell in node.get("cells", []):
        yield "".join(cell.get("source", ""))
        for output in cell.get("outputs", []):
            yield "".join(output.get("text", ""))
            for kind, value in output.get("data", {}).items():
                if kind.startswith("text/") or kind.endswith(("+xml", "json")):
                    yield value if isinstance(value, str) else "".join(value) if isinstance(value, list) \
                        else json.dumps(value, ensure_ascii=False)


def _msgstrs(path: Path):
    """The translations of a gettext catalog (msgstr and its continuation lines)."""
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgstr"):
            inside = True
            yield line.split(" ", 1)[1] if " " in line else ""
        elif inside and line.startswith('"'):
            yield line
        else:
            inside = False


def source_texts(root: Path = ROOT):
    """Every text a learner or teacher may read on the site, one string at a time: the lessons'
    notebooks (cells and outputs), the catalogs' translations, the scenario and quiz files, the
    site's own pages and notes, and cardlab's source (the few words it does not translate)."""
    for path in sorted(root.glob("lessons/**/*.ipynb")):
        if not common.SKIP_PARTS.intersection(path.parts):
            yield from _notebook_texts(path)
    for path in sorted(root.glob("cardlab/locale/*/LC_MESSAGES/*.po")):
        yield from _msgstrs(path)
    data = [*root.glob("lessons/scenarios/**/*"), *root.glob("lessons/*/quizzes/**/*"),
            *root.glob("lessons/**/*.md"), *root.glob("cardlab/**/*.py"),
            *TEMPLATES.glob("*.json"), *TEMPLATES.glob("*.md")]
    for path in sorted(data):
        if path.is_file() and not common.SKIP_PARTS.intersection(path.parts):
            yield path.read_text(encoding="utf-8")


def used_characters(root: Path = ROOT) -> set[str]:
    return {c for text in source_texts(root) for c in text if c.isprintable() and not c.isspace()} | {" "}


# --- the source font and its subsets -----------------------------------------------------------

def find_collection(name: str) -> Path:
    """The font collection ``name`` (NotoSansCJK-Regular.ttc), through fontconfig or in the usual
    font folders; SystemExit with what to install when the computer has none."""
    try:
        found = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True, timeout=60)
        for line in found.stdout.splitlines():
            if Path(line).name == name:
                return Path(line)
    except (OSError, subprocess.SubprocessError):
        pass
    for folder in FONT_DIRS:
        folder = Path(os.path.expanduser(folder))
        if folder.is_dir():
            for path in folder.rglob(name):
                return path
    sys.exit(f"[site] the site's Chinese and Japanese font is cut from {name} (Noto Sans CJK), which "
             "this computer lacks: install fonts-noto-cjk (Debian, Ubuntu) or Noto Sans CJK from its "
             "releases, then build again")


def _face(collection: Path, family: str):
    from fontTools.ttLib import TTCollection

    fonts = TTCollection(str(collection), lazy=True).fonts
    for font in fonts:
        if font["name"].getDebugName(1) == family:
            return font
    sys.exit(f"[site] {collection} has no face {family!r} (tools/site.toml, [font])")


def subset(collection: Path, family: str, characters: set[str], target: Path) -> set[int]:
    """``family`` of ``collection`` cut to ``characters`` (those it draws), as woff2 at ``target``;
    returns the code points the subset maps."""
    from fontTools import subset as fontsubset

    font = _face(collection, family)
    options = fontsubset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]  # vertical forms, proportional punctuation, ...
    options.name_IDs = ["*"]  # the licence and the font's names stay with it
    options.notdef_outline = True
    subsetter = fontsubset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in characters])
    subsetter.subset(font)
    font.recalcTimestamp = False  # the same characters, the same bytes: the same name in the site
    target.parent.mkdir(parents=True, exist_ok=True)
    fontsubset.save_font(font, str(target), options)
    return set(font.getBestCmap())


def build_fonts(site: Path, pins: dict, root: Path = ROOT) -> dict[str, dict]:
    """Each CJK edition's subset in the site's ``FOLDER``, named after its content: {edition:
    {"file": its path in the site, "family": FAMILY, "characters": how many}}."""
    import fontTools

    settings = pins["font"]
    characters = used_characters(root)
    collection = find_collection(settings["collection"])
    cache = common.CACHE / "fonts"
    made = {}
    for edition, family in settings["faces"].items():
        key = hashlib.sha256(json.dumps([sorted(characters), family, collection.stat().st_size,
                                         fontTools.version]).encode()).hexdigest()[:16]
        cached = cache / f"{key}.woff2"
        if not cached.exists():
            log(f"cutting {family} to the {len(characters)} characters the site uses")
            subset(collection, family, characters, cached.with_suffix(".part"))
            cached.with_suffix(".part").rename(cached)
        name = f"{FOLDER}/{family.replace(' ', '')}.{common.short_hash(cached.read_bytes())}.woff2"
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(cached, site / name)
        made[edition] = {"file": name, "family": FAMILY, "characters": len(characters)}
        log(f"{edition}: {name} ({mb(cached.stat().st_size)})")
    return made


# --- the CSS that uses them ---------------------------------------------------------------------

# JupyterLab's own font lists (its theme's), with the subset after the Latin fonts: Latin text
# looks as in JupyterLab anywhere, Chinese and Japanese come from the subset, whatever the
# computer has; the cards' pictures (cardlab/svg.py) likewise.
UI = 'system-ui, -apple-system, blinkmacsystemfont, "Segoe UI", helvetica, arial, "{family}", sans-serif, ' \
     '"Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"'
CODE = 'menlo, consolas, "DejaVu Sans Mono", "{family}", monospace'
PICTURES = '"DejaVu Sans", "Segoe UI", Arial, "{family}", sans-serif'


def font_face(url: str, family: str = FAMILY) -> str:
    return (f'@font-face {{ font-family: "{family}"; src: url("{url}") format("woff2"); '
            "font-display: swap; }")


def lab_css(url: str) -> str:
    """For the lab's page of a CJK edition (``url``: the subset's, from the page): JupyterLab's
    font variables (``html:root`` outweighs the theme's ``:root``) and the cards' pictures."""
    ui, code, pictures = (s.format(family=FAMILY) for s in (UI, CODE, PICTURES))
    return (f"{font_face(url)}\nhtml:root {{ --jp-ui-font-family: {ui}; --jp-content-font-family: {ui}; "
            f"--jp-code-font-family: {code}; }}\n.jp-OutputArea svg text {{ font-family: {pictures}; }}")


def page_css(url: str) -> str:
    """For a page of the site in a CJK edition (its indexes and help pages): ``html body``
    outweighs the page's own ``body``."""
    return f"{font_face(url)}\nhtml body {{ font-family: {UI.format(family=FAMILY)}; }}"

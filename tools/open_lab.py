"""Open the lessons in JupyterLab in one language: ``make lab`` (the machine's language, from
CARDLAB_LANG or the locale, when cardlab has it) or ``make lab LESSONS=zh-TW`` (or ja, en).

It opens that language's index (lessons/<lang>/index.ipynb, the English one where the language has
no lessons of its own yet), has cardlab speak the language in every kernel (CARDLAB_LANG), and sets
JupyterLab's own menus to it (its language packs, installed by `make lab`; Settings → Language
changes them afterwards). Every other argument goes to `jupyter lab`."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from cardlab.i18n import LANGUAGES, default_language
from cardlab.languages import BY_TAG, SOURCE

ROOT = Path(__file__).resolve().parent.parent
ENGLISH_INDEX = ROOT / SOURCE.edition / "index.ipynb"


def plan(lessons: str, environ) -> tuple[str, Path, dict]:
    """The language, the index to open and the environment for ``LESSONS=lessons`` (empty: the
    machine's language). Raises ValueError for a language the lessons are not in."""
    if lessons and lessons not in LANGUAGES:
        raise ValueError(f"LESSONS={lessons}: the lessons are in {', '.join(LANGUAGES)}")
    lang = lessons or default_language(environ)
    language = BY_TAG[lang]
    index = ROOT / (language.edition or SOURCE.edition) / "index.ipynb"
    if not index.is_file():
        index = ENGLISH_INDEX
    settings = Path(tempfile.mkdtemp(prefix="cardlab-lab-settings-"))
    plugin = settings / "@jupyterlab" / "translation-extension"
    plugin.mkdir(parents=True)
    (plugin / "plugin.jupyterlab-settings").write_text(json.dumps({"locale": language.jupyterlab}))
    return lang, index, dict(environ, CARDLAB_LANG=lang, JUPYTERLAB_SETTINGS_DIR=str(settings))


def main(argv: list[str]) -> int:
    try:
        lang, index, env = plan(os.environ.get("LESSONS", "").strip(), os.environ)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if lang != SOURCE.tag and index == ENGLISH_INDEX:
        print(f"The lessons have no {lang} edition yet: the English lessons open, and cardlab's "
              f"tables and messages speak {lang}.")
    jupyter = Path(sys.executable).with_name("jupyter")
    args = [str(jupyter), "lab", *argv, str(index.relative_to(ROOT))]
    os.chdir(ROOT)
    os.execve(args[0], args, env)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

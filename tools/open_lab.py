"""Open the lessons in JupyterLab in one language: ``make lab`` (the machine's language, from
CARDLAB_LANG or the locale, when cardlab has it) or ``make lab LESSONS=zh-TW`` (or ja, en).

JupyterLab serves the whole lessons folder, so that every edition's links to the others work, and
opens on that language's index (lessons/<lang>/index.ipynb, the English one where the language has
no lessons of its own yet): the browser it opens and the URL it prints both land there. cardlab
speaks the language in every kernel (CARDLAB_LANG), and JupyterLab's own menus are set to it (its
language packs, installed by `make lab`; Settings → Language changes them afterwards).

``PORT=8890`` serves on that port (else JupyterLab's own choice, 8888 or the next free one);
``BROWSER=no`` opens no browser (any other BROWSER names the browser to open, as for Python's
webbrowser module). Every argument goes to `jupyter lab`.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

from cardlab.i18n import LANGUAGES, default_language
from cardlab.languages import BY_TAG, SOURCE

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / SOURCE.edition  # what JupyterLab serves: every edition is inside it
ENGLISH_INDEX = LESSONS / "index.ipynb"


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


def lab_arguments(index: Path, environ) -> list[str]:
    """The `jupyter lab` options that serve the lessons folder and land on ``index``, with the
    port and browser that PORT and BROWSER ask for. Raises ValueError for a PORT that is not one."""
    landing = "/lab/tree/" + quote(index.relative_to(LESSONS).as_posix())
    arguments = [f"--ServerApp.root_dir={LESSONS}", f"--LabApp.default_url={landing}"]
    port = environ.get("PORT", "").strip()
    if port:
        if not (port.isdigit() and 1 <= int(port) <= 65535):
            raise ValueError(f"PORT={port[:20]}: a port is a whole number from 1 to 65535")
        arguments.append(f"--ServerApp.port={int(port)}")
    if environ.get("BROWSER", "").strip().lower() == "no":
        arguments.append("--no-browser")
    return arguments


def main(argv: list[str]) -> int:
    try:
        lang, index, env = plan(os.environ.get("LESSONS", "").strip(), os.environ)
        arguments = lab_arguments(index, env)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if lang != SOURCE.tag and index == ENGLISH_INDEX:
        print(f"The lessons have no {lang} edition yet: the English lessons open, and cardlab's "
              f"tables and messages speak {lang}.")
    if "--no-browser" in arguments:
        env.pop("BROWSER")  # an answer for this script, not a browser for Python's webbrowser module
    jupyter = Path(sys.executable).with_name("jupyter")
    args = [str(jupyter), "lab", *arguments, *argv]
    os.execve(args[0], args, env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""JupyterLab's own menus and dialogs in the lessons' languages, from the pinned language packs."""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from pathlib import Path

def translations_api(packs: list[Path], site: Path) -> None:
    """JupyterLab's menus and dialogs in the languages of these language-pack wheels (Settings →
    Language): ``site/api/translations/`` as JupyterLite's translation addon writes it from the
    packs installed where the build runs, which ``--ignore-sys-prefix`` keeps it from reading.
    ``all.json`` names each language (English too) in English and in itself, as
    ``jupyterlab_server.translation_utils.get_language_packs`` does; ``<locale>.json`` holds its
    messages, one entry per JSON file of the pack, by the file's name, as ``get_language_pack``
    reads an installed pack (no lab extension of the site has messages of its own to merge in)."""
    from importlib.metadata import PathDistribution

    from jupyterlab_server.translation_utils import (DEFAULT_LOCALE, JUPYTERLAB_LANGUAGEPACK_ENTRY,
                                                     get_display_name, is_valid_locale)
    messages: dict[str, dict] = {DEFAULT_LOCALE: {}}
    for wheel in packs:
        with zipfile.ZipFile(wheel) as zf:
            names = sorted(zf.namelist())
            (info,) = {n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info")}
            packs_here = PathDistribution(zipfile.Path(zf, info + "/")).entry_points.select(
                group=JUPYTERLAB_LANGUAGEPACK_ENTRY)
            if not packs_here:
                sys.exit(f"[site] {wheel.name} is no JupyterLab language pack "
                         f"(no {JUPYTERLAB_LANGUAGEPACK_ENTRY} entry point)")
            for pack in packs_here:
                if not is_valid_locale(pack.name) or pack.name in messages:
                    sys.exit(f"[site] {wheel.name}: locale {pack.name!r} is not valid or comes twice")
                folder = pack.module.replace(".", "/") + "/"
                messages[pack.name] = {Path(n).stem: json.loads(zf.read(n)) for n in names
                                       if n.startswith(folder) and n.endswith(".json")}
    api = site / "api" / "translations"  # where JupyterLite's translation addon writes them, as it does
    shutil.rmtree(api, ignore_errors=True)
    api.mkdir(parents=True)
    languages = {locale: {"displayName": get_display_name(locale, DEFAULT_LOCALE),
                          "nativeName": get_display_name(locale, locale)} for locale in messages}
    (api / "all.json").write_text(json.dumps({"data": languages, "message": ""}, sort_keys=True, indent=2),
                                  encoding="utf-8")
    for locale, data in messages.items():
        (api / f"{locale}.json").write_text(json.dumps({"data": data, "message": ""}, sort_keys=True, indent=2),
                                            encoding="utf-8")


"""tools/build_site.py without building: a damaged or stale site/ is detected (and `--check` says
what is wrong, exit 1), the site's settings keep the lessons out of the browser's storage, the
site's copies of the notebooks name the site's kernel, JupyterLab's languages are written from the
language packs as JupyterLab serves them, and the site's cardlab wheel carries its catalogs."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def build_site():
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def site(tmp_path, build_site, monkeypatch):
    """A small stand-in for site/, stamped as the build stamps it."""
    out = tmp_path / "site"
    (out / "static" / "pyodide").mkdir(parents=True)
    (out / "index.html").write_text("<html></html>", encoding="utf-8")
    (out / "static" / "pyodide" / "cardlab-0.1-py3-none-any.whl").write_bytes(b"wheel")
    stamp = {"sources": build_site.sources_digest(), "files": build_site.file_list(out)}
    (out / build_site.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    monkeypatch.setattr(build_site, "OUT", out)
    return out


def test_a_whole_site_is_up_to_date(build_site, site, capsys):
    assert build_site.damage(site) == []
    assert build_site.main(["--check"]) == 0
    assert "whole and up to date" in capsys.readouterr().out


def test_a_missing_wheel_is_damage(build_site, site, capsys):
    (site / "static" / "pyodide" / "cardlab-0.1-py3-none-any.whl").unlink()
    assert build_site.damage(site) == ["missing: site/static/pyodide/cardlab-0.1-py3-none-any.whl"]
    assert build_site.main(["--check"]) == 1
    assert "missing: site/static/pyodide/cardlab-0.1-py3-none-any.whl" in capsys.readouterr().out


def test_a_truncated_file_is_damage(build_site, site):
    (site / "index.html").write_text("<ht", encoding="utf-8")
    assert [p.split(" (")[0] for p in build_site.damage(site)] == ["changed: site/index.html"]


def test_no_stamp_or_old_stamp_is_damage(build_site, site):
    stamp = site / build_site.STAMP
    stamp.write_text(json.dumps({"sources": build_site.sources_digest()}), encoding="utf-8")
    assert "lists no files" in build_site.damage(site)[0]
    stamp.unlink()
    assert "missing" in build_site.damage(site)[0]
    assert build_site.main(["--check"]) == 1


def test_lessons_stay_out_of_the_browsers_storage(build_site):
    data = build_site.lite_config(["cardlab"])["jupyter-config-data"]
    assert data["enableMemoryStorage"] is True
    assert data["contentsStorageDrivers"] == ["memoryStorageDriver"]


def test_site_copies_name_the_sites_kernel(build_site, tmp_path):
    notebook = tmp_path / "lesson.ipynb"
    notebook.write_bytes((ROOT / "lessons" / "durak" / "01_durak_setting_up.ipynb").read_bytes())
    build_site.join_lines(notebook)
    node = json.loads(notebook.read_text(encoding="utf-8"))
    assert node["metadata"]["kernelspec"] == {"display_name": "Python (Pyodide)",
                                              "language": "python", "name": "python"}


def test_the_kernel_answers_an_offline_install_in_one_line(build_site, tmp_path):
    """The site's pyodide_kernel wheel carries the hook (its RECORD updated to match)."""
    import base64
    import hashlib
    import sys
    import zipfile

    shims = Path(sys.prefix) / "share/jupyter/labextensions" / build_site.KERNEL_EXTENSION / "static/pypi"
    wheels = sorted(shims.glob("pyodide_kernel-*.whl"))
    if not wheels:
        pytest.skip("jupyterlite-pyodide-kernel is not installed here")
    patched = build_site.offline_install_message(wheels[0], tmp_path)
    with zipfile.ZipFile(patched) as zf:
        init = zf.read("pyodide_kernel/__init__.py")
        (record,) = [n for n in zf.namelist() if n.endswith(".dist-info/RECORD")]
        lines = zf.read(record).decode().splitlines()
        assert len(zf.namelist()) == len(zipfile.ZipFile(wheels[0]).namelist())
    assert init.decode().endswith(build_site.OFFLINE_HOOK)
    compile(init, "__init__.py", "exec")
    digest = base64.urlsafe_b64encode(hashlib.sha256(init).digest()).rstrip(b"=").decode()
    assert f"pyodide_kernel/__init__.py,sha256={digest},{len(init)}" in lines


def _wheel(path: Path, files: dict[str, str]) -> Path:
    import zipfile

    with zipfile.ZipFile(path, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return path


def test_the_sites_translations_are_the_language_packs_messages(build_site, tmp_path):
    """api/translations/ as JupyterLite's translation API serves it: all.json names every language,
    each <locale>.json holds the pack's JSON files by name (the addon's English placeholder goes)."""
    menu = {"": {"domain": "jupyterlab", "language": "fr-FR"}, "menu\u0004File": ["Fichier"]}
    pack = _wheel(tmp_path / "jupyterlab_language_pack_fr_FR-1.0-py3-none-any.whl", {
        "jupyterlab_language_pack_fr_FR/__init__.py": "",
        "jupyterlab_language_pack_fr_FR/locale/fr_FR/LC_MESSAGES/jupyterlab.json": json.dumps(menu),
        "jupyterlab_language_pack_fr_FR/locale/fr_FR/LC_MESSAGES/jupyterlab.mo": "",
        "jupyterlab_language_pack_fr_FR/locale/fr_FR/LC_MESSAGES/nbdime.json": "{}",
        "jupyterlab_language_pack_fr_FR-1.0.dist-info/entry_points.txt":
            "[jupyterlab.languagepack]\nfr_FR = jupyterlab_language_pack_fr_FR\n",
    })
    api = tmp_path / "site" / "api" / "translations"
    api.mkdir(parents=True)
    (api / "en.json").write_text('{"data": {}, "message": "Language pack \'en\' not installed!"}')
    build_site.translations_api([pack], tmp_path / "site")

    def read(name):
        return json.loads((api / name).read_text(encoding="utf-8"))

    assert sorted(p.name for p in api.iterdir()) == ["all.json", "en.json", "fr_FR.json"]
    assert read("all.json") == {"data": {"en": {"displayName": "English", "nativeName": "English"},
                                         "fr_FR": {"displayName": "French (France)",
                                                   "nativeName": "Français (France)"}},
                                "message": ""}
    assert read("fr_FR.json") == {"data": {"jupyterlab": menu, "nbdime": {}}, "message": ""}
    assert read("en.json") == {"data": {}, "message": ""}
    other = _wheel(tmp_path / "other-1.0-py3-none-any.whl", {"other-1.0.dist-info/METADATA": ""})
    with pytest.raises(SystemExit, match="no JupyterLab language pack"):
        build_site.translations_api([other], tmp_path / "site")


def test_the_pinned_language_packs_give_what_jupyterlab_serves(build_site, tmp_path):
    """On the pinned wheels (from .site-cache/), the site's translations are those JupyterLab's
    server gives for the same packs installed here (`make lab` installs them)."""
    import importlib.metadata

    translation_utils = pytest.importorskip("jupyterlab_server.translation_utils")
    pins = build_site.load_pins()["language-packs"]
    packs = [build_site.cached_wheel(build_site.CACHE / "wheels", n, v) for n, v in pins.items()]
    if None in packs:
        pytest.skip("the language packs are not in .site-cache/ yet (make site downloads them)")
    for name, version in pins.items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            pytest.skip(f"{name} {version} is not the one installed here ({installed})")
    build_site.translations_api(packs, tmp_path)
    api = tmp_path / "api" / "translations"
    languages = json.loads((api / "all.json").read_text(encoding="utf-8"))["data"]
    assert sorted(languages) == ["en", "ja_JP", "zh_TW"]
    served = translation_utils.get_language_packs()[0]
    assert languages == {locale: served[locale] for locale in languages}
    for locale in languages:
        data = json.loads((api / f"{locale}.json").read_text(encoding="utf-8"))
        assert data == {"data": translation_utils.get_language_pack(locale)[0], "message": ""}
    zh_tw = json.loads((api / "zh_TW.json").read_text(encoding="utf-8"))["data"]["jupyterlab"]
    assert zh_tw["menu\u0004Language"] == ["語言"]


def test_the_sites_cardlab_wheel_carries_the_catalogs(build_site, tmp_path):
    """cardlab as the site's kernel gets it speaks every language of the checkout: each compiled
    catalog is in the wheel, byte for byte."""
    import zipfile

    catalogs = {p.relative_to(ROOT).as_posix(): p.read_bytes()
                for p in sorted((ROOT / "cardlab" / "locale").glob("*/LC_MESSAGES/cardlab.mo"))}
    assert {name.split("/")[2] for name in catalogs} == {"ja", "zh_TW"}
    with zipfile.ZipFile(build_site.build_cardlab_wheel(tmp_path / "cardlab")) as zf:
        in_wheel = {n: zf.read(n) for n in zf.namelist() if n.endswith(".mo")}
    assert in_wheel == catalogs


def test_each_index_of_the_lessons_is_a_page_linking_the_others(build_site, tmp_path):
    """The English index and each edition's (lessons/zh-TW/index.ipynb ...) become pages of their own;
    a link between indexes goes to the other page, a link to a lesson opens it in the lab."""
    import nbformat

    lessons = tmp_path / "lessons"
    (lessons / "zh-TW").mkdir(parents=True)
    english = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        "# cardlab lessons\n\nEnglish · [繁體中文](zh-TW/index.ipynb)\n\n[1 · Setting up](durak/01.ipynb)")])
    chinese = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        "# cardlab 課程\n\nEnglish: [cardlab lessons](../index.ipynb)\n\n[1 · 開局準備](durak/01.ipynb)")])
    nbformat.write(english, lessons / "index.ipynb")
    nbformat.write(chinese, lessons / "zh-TW" / "index.ipynb")
    site = tmp_path / "site"
    site.mkdir()
    build_site.lessons_pages(lessons, site)
    en = (site / "lessons.html").read_text(encoding="utf-8")
    zh = (site / "lessons.zh-TW.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in en and 'href="./lessons.zh-TW.html"' in en
    assert 'href="./lab/index.html?path=lessons/durak/01.ipynb"' in en
    assert '<html lang="zh-Hant-TW">' in zh and "<title>cardlab 課程</title>" in zh
    assert 'href="./lessons.html"' in zh and 'href="./lab/index.html?path=lessons/zh-TW/durak/01.ipynb"' in zh
    assert not (site / "lessons.ja.html").exists()

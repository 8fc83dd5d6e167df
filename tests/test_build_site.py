"""The site's builder (tools/sitebuild/) without building a site: a damaged or stale site/ is
detected; every patch of third-party code is written for the version tools/site.toml pins and
still applies to that version's own files (fetched once from PyPI, seconds); the kernel's lockfile,
its wheels' names and its start-up extension; the site's pages in each language; the compressed
copies; and the room's server (site/serve.pyz) answering as a class needs."""

from __future__ import annotations

import email.utils
import re
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from sitebuild import build, common, compress, kernel, pages, patches, server, stamp  # noqa: E402
from sitebuild import translations  # noqa: E402


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A small stand-in for site/, stamped as the build stamps it."""
    out = tmp_path / "site"
    (out / "static" / "pyodide").mkdir(parents=True)
    (out / "index.html").write_text("<html></html>", encoding="utf-8")
    (out / "static" / "pyodide" / "cardlab-0.1-py3-none-any.whl").write_bytes(b"wheel")
    built = {"sources": stamp.sources_digest(), "files": stamp.file_list(out)}
    (out / common.STAMP).write_text(json.dumps(built), encoding="utf-8")
    monkeypatch.setattr(common, "OUT", out)
    return out


def test_a_whole_site_is_up_to_date(site, capsys):
    assert stamp.damage(site) == []
    assert build.main(["--check"]) == 0
    assert "whole and up to date" in capsys.readouterr().out


def test_a_missing_wheel_is_damage(site, capsys):
    (site / "static" / "pyodide" / "cardlab-0.1-py3-none-any.whl").unlink()
    assert stamp.damage(site) == ["missing: site/static/pyodide/cardlab-0.1-py3-none-any.whl"]
    assert build.main(["--check"]) == 1
    assert "missing: site/static/pyodide/cardlab-0.1-py3-none-any.whl" in capsys.readouterr().out


def test_a_truncated_file_is_damage(site):
    (site / "index.html").write_text("<ht", encoding="utf-8")
    assert [p.split(" (")[0] for p in stamp.damage(site)] == ["changed: site/index.html"]


def test_no_stamp_or_old_stamp_is_damage(site):
    path = site / common.STAMP
    path.write_text(json.dumps({"sources": stamp.sources_digest()}), encoding="utf-8")
    assert "lists no files" in stamp.damage(site)[0]
    path.unlink()
    assert "missing" in stamp.damage(site)[0]
    assert build.main(["--check"]) == 1


def test_the_builders_own_files_are_its_sources():
    """A change to any module or template of the builder makes site/ out of date."""
    sources = {p.relative_to(ROOT).as_posix() for p in stamp.source_files()}
    assert {"tools/sitebuild/build.py", "tools/sitebuild/templates/lab.js", "tools/site.toml"} <= sources


def test_no_module_of_the_builder_is_over_800_lines():
    for path in (ROOT / "tools" / "sitebuild").glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 800, path.name


# --- settings --------------------------------------------------------------------------------------

def test_lessons_stay_out_of_the_browsers_storage():
    data = build.lite_config({})["jupyter-config-data"]
    assert data["enableMemoryStorage"] is True
    assert data["contentsStorageDrivers"] == ["memoryStorageDriver"]
    assert data["exposeAppInBrowser"] is True


def test_a_markdown_file_opens_rendered(tmp_path, monkeypatch):
    """KEEPING-YOUR-WORK.md opens as a rendered page: JupyterLab's default viewer for Markdown,
    beside the settings installing cardlab brings (lab/overrides.d/), in the overrides.json
    JupyterLite's build reads."""
    settings = json.loads(build.site_overrides(tmp_path).read_text(encoding="utf-8"))
    assert settings["@jupyterlab/docmanager-extension:plugin"] == {"autosave": False,
                                                                    "defaultViewers": {"markdown": "Markdown Preview"}}
    installed = json.loads((ROOT / "lab" / "overrides.d" / "cardlab.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in settings.items() if k != "@jupyterlab/docmanager-extension:plugin"} == {
        k: v for k, v in installed.items() if k != "@jupyterlab/docmanager-extension:plugin"}


def test_the_kernel_loads_its_packages_while_pyodide_starts_and_its_profile():
    lock = {"info": {"python": "3.14.2"}, "packages": {"cardlab": {}, "ipython": {}}}
    settings = kernel.kernel_settings("static/pyodide-314.0.7", lock)
    options = settings["loadPyodideOptions"]
    assert options["packages"] == ["cardlab", "ipython"]
    assert options["lockFileURL"] == f"./static/pyodide-314.0.7/{kernel.lockfile_name(lock)}"
    assert options["env"] == {"IPYTHONDIR": "/lib/python3.14/site-packages/cardlab_site/ipython"}
    assert settings["pyodideUrl"] == "./static/pyodide-314.0.7/pyodide.mjs"


# --- the kernel's wheels and lockfile -----------------------------------------------------------------

def _wheel(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return path


def _dist(tmp_path, name, version, requires=()):
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires)
    module = name.replace("-", "_")
    return _wheel(tmp_path / f"{module}-{version}-py3-none-any.whl",
                  {f"{module}/__init__.py": "", f"{module}-{version}.dist-info/METADATA": meta})


def test_the_lockfile_leaves_out_what_site_toml_says_and_nothing_else(tmp_path):
    ipython = _dist(tmp_path, "ipython", "9.18.1", ["jedi>=0.18", "pygments", 'psutil; sys_platform != "emscripten"'])
    pygments = _dist(tmp_path, "pygments", "2.20.0")
    lock = kernel.kernel_lockfile([ipython, pygments], {"info": {"python": "3.14.2"}}, set(), {"jedi"})
    assert lock["packages"]["ipython"]["depends"] == ["pygments"]
    with pytest.raises(SystemExit, match="needs jedi"):
        kernel.kernel_lockfile([ipython, pygments], {"info": {}}, set(), set())


def test_pins_and_left_out_packages_agree():
    """No requirement is both loaded and left out, and each left-out one says why."""
    pins = common.load_pins()
    assert not set(map(common.normalize, pins["left-out"])) & set(map(common.normalize, pins["kernel"]))
    assert all(len(why) > 20 for why in pins["left-out"].values())


def test_a_wheel_built_from_changing_sources_is_named_after_its_content(tmp_path):
    first = kernel.build_site_wheel(tmp_path / "a", "0.1.0", pages.load_messages())
    again = kernel.build_site_wheel(tmp_path / "b", "0.1.0", pages.load_messages())
    assert first.name == again.name and first.read_bytes() == again.read_bytes()
    messages = pages.load_messages()
    messages["en"]["kernel.offline_install"] += " "
    other = kernel.build_site_wheel(tmp_path / "c", "0.1.0", messages)
    assert other.name != first.name
    name, version, build_tag = other.name.split("-")[:3]
    assert (name, version) == ("cardlab_site", "0.1.0") and build_tag[0].isdigit()
    packaging_utils = pytest.importorskip("packaging.utils")
    assert packaging_utils.parse_wheel_filename(other.name)[0] == "cardlab-site"


def test_the_kernels_start_up_extension_answers_an_offline_install_in_the_learners_language(tmp_path, capsys):
    """cardlab_site, loaded by IPython from its profile: `%pip install` of a package the site does
    not carry ends in one line in the learner's language; other errors keep their traceback."""
    from cardlab.i18n import language

    wheel = kernel.build_site_wheel(tmp_path, "0.1.0", pages.load_messages())
    with zipfile.ZipFile(wheel) as zf:
        config = zf.read("cardlab_site/ipython/profile_default/ipython_config.py").decode()
        source = zf.read("cardlab_site/__init__.py").decode()
        assert any(n.endswith(".dist-info/RECORD") for n in zf.namelist())
    assert 'c.InteractiveShellApp.extensions = ["cardlab_site"]' in config
    extension: dict = {"__name__": "cardlab_site"}
    exec(compile(source, "cardlab_site/__init__.py", "exec"), extension)

    def failure(filename: str):
        try:
            exec(compile("raise ValueError('Can\\'t find a pure Python 3 wheel for: pandas')", filename, "exec"))
        except ValueError as error:
            return error

    class Shell:
        shown = []

        def showtraceback(self, exc_tuple, tb_offset=None):
            self.shown.append(exc_tuple[0])

    import cardlab  # noqa: F401 (the extension asks cardlab for the learner's language)
    for lang, words in [("en", "This site is offline"), ("zh-TW", "這個網站是離線的"), ("ja", "このサイトはオフラインです")]:
        error = failure("/lib/python3.14/site-packages/micropip/install.py")
        with language(lang):
            assert extension["_offline_install"](Shell(), ValueError, error, error.__traceback__) is None
        said = capsys.readouterr().err.strip()
        assert said.startswith(words) and "\n" not in said and "pandas" in said
    error = failure("<cell>")
    extension["_offline_install"](Shell(), ValueError, error, error.__traceback__)
    assert Shell.shown == [ValueError] and capsys.readouterr().err == ""


# --- patches of third-party code ------------------------------------------------------------------

@pytest.fixture(scope="module")
def pinned_wheels(tmp_path_factory):
    """The wheels of the packages the patches change, at the pinned versions: from .site-cache/
    when a build fetched them, else from PyPI into a temporary folder."""
    pins = common.load_pins()["build"]
    found = {}
    folder = tmp_path_factory.mktemp("pinned")
    for name in {patch.package for patch in patches.PATCHES}:
        wheel = common.cached_wheel(common.CACHE / "wheels", name, pins[name])
        if wheel is None:
            fetched = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                      "--only-binary=:all:", "-d", str(folder), f"{name}=={pins[name]}"],
                                     capture_output=True, text=True)
            wheel = common.cached_wheel(folder, name, pins[name])
            if wheel is None:
                pytest.skip(f"{name}=={pins[name]} is not in .site-cache/ and PyPI did not give it: "
                            f"{fetched.stderr.strip()[-200:]}")
        found[name] = wheel
    return found


@pytest.mark.parametrize("patch", patches.PATCHES, ids=lambda p: p.name)
def test_each_patch_is_written_for_the_pinned_version(patch):
    """A version bump in tools/site.toml fails here, naming the patch to check."""
    pins = common.load_pins()
    assert pins["build"][patch.package] == patch.version, (
        f"patch {patch.name!r} was written for {patch.package} {patch.version}: check it against "
        f"{pins['build'][patch.package]} (tests below), then set its version")


def test_the_build_stops_on_a_patch_written_for_another_version():
    pins = common.load_pins()
    patches.check_pins(pins)
    pins["build"]["jupyterlite-core"] = "0.0.1"
    with pytest.raises(SystemExit, match="'site-opens-on-the-lessons' was written for jupyterlite-core 0.8.6"):
        patches.check_pins(pins)


@pytest.mark.parametrize("patch", patches.PATCHES, ids=lambda p: p.name)
def test_each_patch_changes_the_pinned_versions_files_once(patch, pinned_wheels, tmp_path):
    folder = patches.pristine_files(patch, pinned_wheels[patch.package], tmp_path)
    before = {p: p.read_text(encoding="utf-8") for p in folder.glob(patch.files)}
    context = {"landing_script": "<script>/*landing*/</script>", "lab_scripts": "<script>/*lab*/</script>"}
    changed = patch.apply_in(folder, context)
    assert changed and all(Path(folder / name).read_text(encoding="utf-8") != before[folder / name] for name in changed)
    for name in changed:  # applied once: a second time finds nothing left to change in the workers
        text = (folder / name).read_text(encoding="utf-8")
        if patch in patches.KERNEL_PATCHES:
            assert patch.apply(text)[1] == 0
        else:
            assert text.index("/*") < text.index("jupyter-config-data")  # first in <head>


def test_the_kernel_patches_say_what_they_promise(pinned_wheels, tmp_path):
    folder = patches.pristine_files(patches.KERNEL_CWD, pinned_wheels["jupyterlite-pyodide-kernel"], tmp_path)
    for patch in patches.KERNEL_PATCHES:
        patch.apply_in(folder)
    for worker in folder.glob("*worker*.js"):
        code = worker.read_text(encoding="utf-8")
        assert '"pyodide-kernel","ipython"]' in code and '"jedi"' not in code
        assert 'os.makedirs("/drive/${this._localPath}",exist_ok=True)' in code


def test_a_patch_that_finds_nothing_stops_the_build(tmp_path):
    (tmp_path / "comlink.worker.0.js").write_text("nothing to see", encoding="utf-8")
    with pytest.raises(patches.PatchError, match="kernel-does-without-jedi"):
        patches.KERNEL_NO_JEDI.apply_in(tmp_path)
    (tmp_path / "comlink.worker.0.js").write_text('["ipykernel","comm","pyodide-kernel","jedi","ipython"]' * 2)
    with pytest.raises(patches.PatchError, match="found 2 places"):
        patches.KERNEL_NO_JEDI.apply_in(tmp_path)


# --- languages and pages ----------------------------------------------------------------------------

def test_the_sites_languages_are_cardlabs_editions():
    from cardlab.languages import LANGUAGES, editions

    assert [tag for tag in pages.EDITIONS if tag != "en"] == list(editions())
    assert {tag: (e["jupyterlab"], e["html"]) for tag, e in pages.EDITIONS.items()} == {
        language.tag: (language.jupyterlab, language.html) for language in LANGUAGES if language.edition}
    assert {tag: e["folder"] for tag, e in pages.EDITIONS.items()} == {"en": "", "zh-TW": "zh-TW/", "ja": "ja/"}


def test_every_text_of_the_site_is_in_every_language():
    messages = pages.load_messages()
    assert set(messages) == set(pages.EDITIONS)
    for lang, table in messages.items():
        for key, text in table.items():
            assert text.strip(), (lang, key)
            placeholders = sorted(part.split("}")[0] for part in messages["en"][key].split("{")[1:])
            assert sorted(part.split("}")[0] for part in text.split("{")[1:]) == placeholders, (lang, key)
            if lang != "en":
                assert text != messages["en"][key], (lang, key)


def test_the_site_copies_name_the_sites_kernel(tmp_path):
    notebook = tmp_path / "lesson.ipynb"
    notebook.write_bytes((ROOT / "lessons" / "durak" / "01_durak_setting_up.ipynb").read_bytes())
    pages.join_lines(notebook)
    node = json.loads(notebook.read_text(encoding="utf-8"))
    assert node["metadata"]["kernelspec"] == {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}


def test_each_editions_index_says_how_work_is_kept_beside_its_own_note(tmp_path):
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons, ignore=shutil.ignore_patterns("*.ipynb", "scenarios"))
    for lang, edition in pages.EDITIONS.items():
        shutil.copy2(ROOT / "lessons" / edition["folder"] / "index.ipynb", lessons / edition["folder"] / "index.ipynb")
    messages = pages.load_messages()
    pages.site_contents(lessons, messages)
    for lang, edition in pages.EDITIONS.items():
        index = json.loads((lessons / edition["folder"] / "index.ipynb").read_text(encoding="utf-8"))
        assert "".join(index["cells"][1]["source"]) == messages[lang]["index.site_note"]
        note = (lessons / edition["folder"] / pages.NOTE_NAME).read_text(encoding="utf-8")
        assert note.startswith("# ") and "File" in note or "ファイル" in note


def test_each_index_of_the_lessons_is_a_page_linking_the_others(tmp_path):
    """The English index and each edition's become pages of their own; a link between indexes
    goes to the other page, a link to a lesson opens it in the lab; each page says to teachers how
    long a class waits, and, opened as a file, leaves for the page saying how to serve the folder."""
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
    pages.lessons_pages(lessons, site, teachers={"size": "11", "seconds": "26"})
    en = (site / "lessons.html").read_text(encoding="utf-8")
    zh = (site / "lessons.zh-TW.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in en and 'href="./lessons.zh-TW.html"' in en
    assert 'href="./lab/index.html?path=lessons/durak/01.ipynb"' in en
    assert '<html lang="zh-Hant-TW">' in zh and "<title>cardlab 課程</title>" in zh
    assert 'href="./lessons.html"' in zh and 'href="./lab/index.html?path=lessons/zh-TW/durak/01.ipynb"' in zh
    assert "up to 11 MB" in en and "about 26 s" in en and 'href="./prepare.html"' in en
    assert "約需等待 26 秒" in zh and 'href="./prepare.zh-TW.html"' in zh
    assert 'window.location.replace("./serve-this-folder.html")' in en
    assert 'window.location.replace("./serve-this-folder.zh-TW.html")' in zh
    assert en.index('window.location.protocol === "file:"') < en.index("<body>")
    assert not (site / "lessons.ja.html").exists()


def test_the_help_pages_speak_each_language_and_give_one_command(tmp_path):
    pages.help_pages(tmp_path, pages.load_messages())
    pages.prepare_pages(tmp_path, pages.load_messages(), "static/cardlab/prepare.0.js")
    for lang, edition in pages.EDITIONS.items():
        serve = (tmp_path / pages.page_name(pages.SERVE_FOLDER, lang)).read_text(encoding="utf-8")
        assert f'<html lang="{edition["html"]}">' in serve and "<pre>python3 serve.pyz</pre>" in serve
        assert "py serve.pyz" in serve
        https = (tmp_path / pages.page_name(pages.NEEDS_HTTPS, lang)).read_text(encoding="utf-8")
        assert "storage as usual" not in https and "python3 serve.pyz" in https
        prepare = (tmp_path / pages.page_name(pages.PREPARE, lang)).read_text(encoding="utf-8")
        assert 'src="./static/cardlab/prepare.0.js"' in prepare and "cardlabPrepare" in prepare


@pytest.mark.skipif(shutil.which("node") is None, reason="checking the site's scripts needs node")
@pytest.mark.parametrize("template, marker, value", [("lab.js", "/*@CONFIG@*/null", {"editions": {}, "messages": {}, "python": [], "note": "x.md"}),
                                                     ("prepare.js", "/*@FILES@*/[]", [["a.js", 1]])])
def test_the_sites_scripts_are_valid_javascript(tmp_path, template, marker, value):
    name = build.helper(tmp_path, template, marker, value)
    assert name.startswith("static/cardlab/") and server_immutable(f"/{name}")
    checked = subprocess.run(["node", "--check", str(tmp_path / name)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


# --- JupyterLab's own languages -------------------------------------------------------------------------

def test_the_sites_translations_are_the_language_packs_messages(tmp_path):
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
    translations.translations_api([pack], tmp_path / "site")

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
        translations.translations_api([other], tmp_path / "site")


def test_the_pinned_language_packs_give_what_jupyterlab_serves(tmp_path):
    """On the pinned wheels (from .site-cache/), the site's translations are those JupyterLab's
    server gives for the same packs installed here (`make lab` installs them)."""
    import importlib.metadata

    translation_utils = pytest.importorskip("jupyterlab_server.translation_utils")
    pins = common.load_pins()["language-packs"]
    packs = [common.cached_wheel(common.CACHE / "wheels", n, v) for n, v in pins.items()]
    if None in packs:
        pytest.skip("the language packs are not in .site-cache/ yet (make site downloads them)")
    for name, version in pins.items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            pytest.skip(f"{name} {version} is not the one installed here ({installed})")
    translations.translations_api(packs, tmp_path)
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


def test_the_sites_cardlab_wheel_carries_the_catalogs(tmp_path):
    """cardlab as the site's kernel gets it speaks every language of the checkout: each compiled
    catalog is in the wheel, byte for byte."""
    from sitebuild import fetch

    catalogs = {p.relative_to(ROOT).as_posix(): p.read_bytes()
                for p in sorted((ROOT / "cardlab" / "locale").glob("*/LC_MESSAGES/cardlab.mo"))}
    assert {name.split("/")[2] for name in catalogs} == {"ja", "zh_TW"}
    with zipfile.ZipFile(kernel.restamp(fetch.build_cardlab_wheel(tmp_path / "cardlab"), tmp_path / "ours")) as zf:
        in_wheel = {n: zf.read(n) for n in zf.namelist() if n.endswith(".mo")}
    assert in_wheel == catalogs


# --- what the site carries, and how it is compressed ----------------------------------------------

def test_files_no_page_asks_for_are_left_out(tmp_path):
    for name in ["rspack.config.js", "rspack.config.watch.js", "package.json", "overrides.json",
                 "build/fa-solid-900.eot", "build/fa-solid-900.ttf", "build/fa-solid-900.svg", "build/fa-solid-900.woff",
                 "build/fa-solid-900.woff2", "build/MathJax_Main-Regular.woff", "lab/package.json", "build/icon.svg"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    removed = compress.prune(tmp_path)
    assert removed == ["build/fa-solid-900.eot", "build/fa-solid-900.svg", "build/fa-solid-900.ttf",
                       "build/fa-solid-900.woff", "overrides.json", "package.json", "rspack.config.js",
                       "rspack.config.watch.js"]
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [
        "MathJax_Main-Regular.woff", "fa-solid-900.woff2", "icon.svg", "package.json"]


def test_compressed_copies_are_written_where_worth_it_and_kept_in_the_cache(tmp_path, monkeypatch):
    pytest.importorskip("brotli", reason="the .br copies need brotli (pip install -e '.[site]')")
    monkeypatch.setattr(common, "CACHE", tmp_path / "cache")
    site = tmp_path / "site"
    (site / "static").mkdir(parents=True)
    (site / "static" / "big.js").write_text("let a = 1;\n" * 500)
    (site / "static" / "tiny.js").write_text("let a = 1;\n")
    (site / "static" / "noise.wasm").write_bytes(os.urandom(4000))
    (site / "static" / "lesson.whl").write_bytes(b"PK" * 2000)
    compress.precompress(site, workers=1)
    assert sorted(p.name for p in (site / "static").iterdir()) == [
        "big.js", "big.js.br", "big.js.gz", "lesson.whl", "noise.wasm", "tiny.js"]
    import gzip

    assert gzip.decompress((site / "static" / "big.js.gz").read_bytes()) == (site / "static" / "big.js").read_bytes()
    cached = sorted(p.name for p in (tmp_path / "cache" / "compressed").iterdir())
    assert len(cached) == 4  # big.js and noise.wasm, each as br and gz
    size = compress.site_size(site)
    assert size["files"] == 4 and size["gzip_bytes"] < size["bytes"]


# --- the room's server -------------------------------------------------------------------------------

def server_immutable(url: str) -> bool:
    import importlib.util

    spec = importlib.util.spec_from_file_location("site_serve", ROOT / "tools" / "sitebuild" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.immutable("", url)


def test_files_named_after_their_content_are_kept_for_good_and_the_rest_asked_about():
    assert server_immutable("/static/pyodide-314.0.7/pyodide.asm.wasm")
    assert server_immutable("/static/cardlab/lab.0123456789.js")
    assert server_immutable("/build/jlab_core.a86436d.js") and server_immutable("/build/4680.34db628.js")
    assert server_immutable("/extensions/anywidget/static/remoteEntry.698dcaf7.js")
    for changing in ["/lab/index.html", "/jupyter-lite.json", "/build/lab/bundle.js", "/config-utils.js",
                     "/files/lessons/durak/02_defending_and_adding.ipynb", "/api/contents/all.json", "/lessons.html"]:
        assert not server_immutable(changing), changing


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def serve_pyz(tmp_path_factory):
    """serve.pyz, built from the pinned wheels (.site-cache/, else PyPI)."""
    pins = common.load_pins()["server"]
    folder = tmp_path_factory.mktemp("server")
    wheels = []
    for name, version in pins.items():
        wheel = common.cached_wheel(common.CACHE / "wheels", name, version)
        if wheel is None:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                            "-d", str(folder), f"{name}=={version}"], capture_output=True)
            wheel = common.cached_wheel(folder, name, version)
            if wheel is None:
                pytest.skip(f"{name}=={version} is not in .site-cache/ and PyPI did not give it")
        wheels.append(wheel)
    return server.write_server(folder / server.SERVER, wheels)


@pytest.fixture
def room(tmp_path, serve_pyz):
    """A small site served by serve.pyz on a free port: (port, site folder)."""
    import gzip

    site = tmp_path / "site"
    (site / "lab").mkdir(parents=True)
    (site / "static" / "pyodide-1").mkdir(parents=True)
    (site / "lessons.html").write_text("<html>lessons</html>")
    (site / "index.html").write_text("<html>index</html>")
    (site / "lab" / "index.html").write_text("<html>lab</html>")
    script = "console.log('cardlab');\n" * 200
    (site / "static" / "pyodide-1" / "pyodide.asm.wasm").write_bytes(b"\0asm" + b"\0" * 4000)
    (site / "app.js").write_text(script)
    (site / "app.js.gz").write_bytes(gzip.compress(script.encode()))
    (site / "app.js.br").write_bytes(b"not really brotli")
    port = _free_port()
    process = subprocess.Popen([sys.executable, str(serve_pyz), "--root", str(site), "--bind", "127.0.0.1",
                                "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"serve.pyz did not start: {process.stdout.read()}")
            time.sleep(0.1)
    try:
        yield port, site
    finally:
        process.terminate()
        process.wait(timeout=20)


def _get(connection, path, **headers):
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return response, response.read()


def test_the_server_sends_compressed_copies_types_and_caching_as_a_class_needs(room):
    port, site = room
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    # One connection for every request (HTTP/1.1 keep-alive).
    response, body = _get(connection, "/app.js", **{"Accept-Encoding": "gzip, deflate"})
    assert response.version == 11 and response.getheader("Content-Encoding") == "gzip"
    assert body == (site / "app.js.gz").read_bytes() and response.getheader("Vary") == "Accept-Encoding"
    assert response.getheader("Cache-Control") == "no-cache"
    response, body = _get(connection, "/app.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert response.getheader("Content-Encoding") == "br" and body == b"not really brotli"
    response, body = _get(connection, "/app.js")
    assert response.getheader("Content-Encoding") is None and body == (site / "app.js").read_bytes()
    etag = response.getheader("ETag")
    response, body = _get(connection, "/app.js", **{"If-None-Match": etag})
    assert response.status == 304 and body == b""
    response, body = _get(connection, "/static/pyodide-1/pyodide.asm.wasm")
    assert response.getheader("Content-Type") == "application/wasm"
    assert "immutable" in response.getheader("Cache-Control") and "max-age=315360000" in response.getheader("Cache-Control")
    response, body = _get(connection, "/lab/index.html?path=lessons/durak/02.ipynb")  # no redirect: the query stays
    assert response.status == 200 and body == b"<html>lab</html>"
    response, body = _get(connection, "/")
    assert response.status == 200 and body == b"<html>index</html>"
    response, body = _get(connection, "/lab?path=x")
    assert response.status == 301 and response.getheader("Location") == "lab/?path=x"
    response, body = _get(connection, "/../site/lessons.html")
    assert response.status == 404
    connection.close()


def test_a_teachers_replaced_file_is_served_as_it_is_now(room):
    """A lesson replaced on the server: its compressed copies, older than it, are left aside."""
    port, site = room
    later = time.time() + 5
    (site / "app.js").write_text("console.log('fixed');\n")
    os.utime(site / "app.js", (later, later))
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    response, body = _get(connection, "/app.js", **{"Accept-Encoding": "gzip, br"})
    assert response.getheader("Content-Encoding") is None and body == b"console.log('fixed');\n"
    assert email.utils.parsedate_to_datetime(response.getheader("Last-Modified")).timestamp() == int(later)
    connection.close()


def test_the_server_says_in_one_line_what_stops_it(room, serve_pyz, tmp_path):
    port, site = room
    busy = subprocess.run([sys.executable, str(serve_pyz), "--root", str(site), "--bind", "127.0.0.1",
                           "--port", str(port)], capture_output=True, text=True, timeout=60)
    assert busy.returncode == 2 and busy.stderr.count("\n") == 1
    assert f"cannot listen on 127.0.0.1:{port}" in busy.stderr and f"--port {port + 1}" in busy.stderr
    elsewhere = subprocess.run([sys.executable, str(serve_pyz), "--root", str(tmp_path)],
                               capture_output=True, text=True, timeout=60)
    assert elsewhere.returncode == 2 and "is not the lessons' site" in elsewhere.stderr
    assert "Traceback" not in busy.stderr + elsewhere.stderr


def test_pyproject_names_the_servers_and_the_fonts_libraries_as_the_site_extra():
    import tomllib

    from packaging.requirements import Requirement

    extra = {Requirement(r).name: Requirement(r) for r in
             tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["site"]}
    pins = common.load_pins()
    for name, version in {**pins["server"], "brotli": pins["build-support"]["brotli"],
                          "fonttools": pins["build-support"]["fonttools"]}.items():
        assert extra[name].specifier.contains(version), name


def test_what_a_lesson_imports_is_compiled_by_the_sites_own_python(tmp_path, monkeypatch):
    """With the site's Pyodide (in Node): a module a lesson imports is compiled, in place of its
    source for a third-party package and beside it for cardlab; a module nobody imports stays
    source; each wheel is named after its content and lists what it holds."""
    from sitebuild import pyc

    pyodide = common.CACHE / "npm" / f"pyodide-{common.load_pins()['npm']['pyodide']}"
    if shutil.which("node") is None or not (pyodide / "pyodide.mjs").is_file():
        pytest.skip("needs node and the pinned Pyodide in .site-cache/ (make site fetches it)")
    monkeypatch.setattr(common, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(pyc, "IMPORTS", ["thirdparty.used", "cardlab_demo"])
    third = _wheel(tmp_path / "thirdparty-1.0-py3-none-any.whl", {
        "thirdparty/__init__.py": "", "thirdparty/used.py": "X = 1\n", "thirdparty/unused.py": "Y = 2\n",
        "thirdparty-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: thirdparty\nVersion: 1.0\n",
        "thirdparty-1.0.dist-info/RECORD": ""})
    ours = _wheel(tmp_path / "cardlab-0.1.0-py3-none-any.whl", {
        "cardlab_demo.py": "Z = 3\n",
        "cardlab-0.1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: cardlab\nVersion: 0.1.0\n",
        "cardlab-0.1.0.dist-info/RECORD": ""})
    compiled_third, compiled_ours = pyc.precompile([third, ours], pyodide, tmp_path / "out")
    names = set(zipfile.ZipFile(compiled_third).namelist())
    assert {"thirdparty/used.pyc", "thirdparty/__init__.pyc", "thirdparty/unused.py"} <= names
    assert "thirdparty/used.py" not in names and "thirdparty/unused.pyc" not in names
    ours_names = set(zipfile.ZipFile(compiled_ours).namelist())
    assert "cardlab_demo.py" in ours_names and "__pycache__/cardlab_demo.cpython-314.pyc" in ours_names
    record = zipfile.ZipFile(compiled_third).read("thirdparty-1.0.dist-info/RECORD").decode()
    assert "thirdparty/used.pyc,sha256=" in record and "thirdparty/used.py," not in record
    assert compiled_third.name.startswith("thirdparty-1.0-0") and compiled_third.name != third.name


def test_the_sites_markdown_renders_in_every_language():
    """No emphasis left as asterisks: in Chinese and Japanese a closing ** after full-width
    punctuation and before a letter does not close (CommonMark), so the colon goes outside."""
    mistune = pytest.importorskip("mistune")
    messages = pages.load_messages()
    for lang in pages.EDITIONS:
        texts = [(common.TEMPLATES / f"keeping-your-work.{lang}.md").read_text(encoding="utf-8"),
                 messages[lang]["index.site_note"], messages[lang]["index.teachers"]]
        for text in texts:
            rendered = mistune.html(text)
            assert "*" not in re.sub(r"<code>.*?</code>", "", rendered), (lang, rendered[:200])

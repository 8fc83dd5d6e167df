"""The build itself: every part in order, from the pins to site/ and its stamp."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from . import common, compress, fetch, fonts, kernel, pages, patches, pyc, server, stamp, translations
from .common import KERNEL_EXTENSION, ROOT, STAMP, TEMPLATES, log, mb, normalize, short_hash

# JupyterLab settings that installing cardlab brings too (no news, no update check, no autosave...).
OVERRIDES = ROOT / "lab" / "overrides.d" / "cardlab.json"
# ... and the site's own: a Markdown file (KEEPING-YOUR-WORK.md) opens rendered.
SITE_OVERRIDES = {"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}}}
# Files of the npm package that the site does not need.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
HELPERS = "static/cardlab"  # the site's own scripts, each named after its content
CLASS, LINK_MBIT = 30, 100  # the class the teachers' sentence on the index speaks of


def lite_config(kernel_settings: dict) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "cardlab lessons",
            "defaultKernelName": "python",
            # Shared computers: the lessons are kept in the page's memory only, never in the
            # browser's storage, so every visit opens the lessons as they are on the server (a
            # teacher's fix arrives at the next visit, nobody sees the previous learner's edits).
            # A learner keeps their work with File > Download (KEEPING-YOUR-WORK.md).
            "enableMemoryStorage": True,
            "contentsStorageDrivers": ["memoryStorageDriver"],
            # window.jupyterapp, for the site's helper on the lab's page (templates/lab.js).
            "exposeAppInBrowser": True,
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel_settings},
        },
    }


def site_overrides(lite_dir: Path) -> Path:
    """overrides.json in JupyterLite's folder, where its settings addon finds it and writes it
    into jupyter-lite.json's settingsOverrides."""
    settings = json.loads(OVERRIDES.read_text(encoding="utf-8")) if OVERRIDES.is_file() else {}
    for plugin, values in SITE_OVERRIDES.items():
        settings[plugin] = {**settings.get(plugin, {}), **values}
    path = lite_dir / "overrides.json"
    path.write_text(json.dumps(settings, indent=2), encoding="utf-8")
    return path


def helper(site: Path, template: str, marker: str, value) -> str:
    """One of the site's scripts (templates/``template``) with ``value`` written in at ``marker``,
    saved as static/cardlab/<name>.<digest>.js; returns its path in the site."""
    source = (TEMPLATES / template).read_text(encoding="utf-8")
    if source.count(marker) != 1:
        sys.exit(f"[site] templates/{template} has no single {marker} to fill in")
    code = source.replace(marker, json.dumps(value, ensure_ascii=False, separators=(",", ":")))
    name = f"{HELPERS}/{Path(template).stem}.{short_hash(code.encode())}.js"
    (site / name).parent.mkdir(parents=True, exist_ok=True)
    (site / name).write_text(code, encoding="utf-8")
    return name


def asked_as(site: Path) -> dict[str, str]:
    """The URLs (relative to the site) by which the lab asks for some of its files: JupyterLite
    asks for its bundle and configuration script with a version in the query, which the
    browser's cache keeps apart from the bare name."""
    lab = (site / "lab" / "index.html").read_text(encoding="utf-8")
    return {name: name + query for name, query in re.findall(r"\.\./([^\"'?]+)(\?_=\w+)", lab)}


def gzip_weight(site: Path, names: list[str]) -> int:
    return sum(compress.gzip_size((site / name).read_bytes()) for name in names)


def build(out: Path | None = None) -> dict:
    out = common.OUT if out is None else out
    started = time.monotonic()
    pins = common.load_pins()
    patches.check_pins(pins)
    fetch.ensure_build_tools(pins)
    messages = pages.load_messages()
    labextensions = pins.get("labextensions", {})

    pyodide_npm = fetch.fetch_pyodide(pins["npm"]["pyodide"])
    wheels = fetch.fetch_wheels(pins["kernel"], common.CACHE / "wheels")
    frontend_wheels = fetch.fetch_wheels(labextensions, common.CACHE / "wheels")
    language_packs = fetch.fetch_wheels(pins["language-packs"], common.CACHE / "wheels")
    server_wheels = fetch.fetch_wheels(pins["server"], common.CACHE / "wheels")
    fetch.fetch_wheels(pins["build"], common.CACHE / "wheels")  # the files patches.py is tested against
    wheels += fetch.build_sdist_wheels(pins.get("sdist", {}), common.CACHE / "built")
    cardlab = fetch.build_cardlab_wheel(common.CACHE / "cardlab")
    version = common.wheel_name_version(cardlab)[1]
    ours = common.CACHE / "ours"
    shutil.rmtree(ours, ignore_errors=True)
    wheels += [kernel.restamp(cardlab, ours), kernel.build_lessons_wheel(ours, version),
               kernel.build_site_wheel(ours, version, messages)]
    extension = fetch.kernel_extension()
    wheels += fetch.kernel_shims(extension)
    wheels = pyc.precompile(wheels, pyodide_npm, ours / "compiled")

    stage = common.CACHE / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    # The runtime's folder is the site's own, added once JupyterLite has built the rest (left out
    # of its lite folder, its Pyodide addon leaves the kernel's settings as they are).
    runtime = f"static/pyodide-{pins['npm']['pyodide']}"
    folder = common.CACHE / "runtime" / runtime
    shutil.rmtree(folder.parent.parent, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_npm / name, folder / name)
    for wheel in wheels:
        shutil.copy2(wheel, folder / wheel.name)
    npm_lock = json.loads((pyodide_npm / "pyodide-lock.json").read_text(encoding="utf-8"))
    left_out = {normalize(name) for name in pins.get("left-out", {})}
    lock = kernel.kernel_lockfile(wheels, npm_lock, {normalize(n) for n in labextensions}, left_out)
    (folder / kernel.lockfile_name(lock)).write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    settings = kernel.kernel_settings(runtime, lock)
    (stage / "jupyter-lite.json").write_text(json.dumps(lite_config(settings), indent=2), encoding="utf-8")
    site_overrides(stage)
    contents = stage / "contents"
    shutil.copytree(ROOT / "lessons", contents / "lessons", ignore=shutil.ignore_patterns(*common.SKIP_PARTS))
    pages.site_contents(contents / "lessons", messages)

    building = stage / "site"
    log("running jupyter lite build")
    lite = subprocess.run(
        [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage),
         "--output-dir", str(building), "--contents", str(contents), "--apps", "lab",
         "--no-sourcemaps", "--no-unused-shared-packages", "--ignore-sys-prefix",
         f"--LiteBuildConfig.federated_extensions={extension}",
         *[f"--LiteBuildConfig.federated_extensions={w}" for w in frontend_wheels]],
        cwd=stage, capture_output=True, text=True)
    if lite.returncode != 0:  # its task list is long: shown only when it fails
        sys.exit(f"[site] jupyter lite build failed:\n{(lite.stdout + lite.stderr)[-6000:]}")

    shutil.copytree(folder, building / runtime)
    removed = compress.prune(building)
    cjk = fonts.build_fonts(building, pins)
    page_fonts = {tag: fonts.page_css(f"./{made['file']}") for tag, made in cjk.items()}
    python_files = [f"{runtime}/{p.name}" for p in sorted(folder.iterdir())]
    lab = helper(building, "lab.js", "/*@CONFIG@*/null", {
        "editions": {tag: {"folder": e["folder"], "jupyterlab": e["jupyterlab"],
                           "font": {"family": cjk[tag]["family"], "css": fonts.lab_css(f"../{cjk[tag]['file']}")}
                           if tag in cjk else None} for tag, e in pages.EDITIONS.items()},
        "messages": {tag: {k: v for k, v in table.items() if k.startswith("lab.")} for tag, table in messages.items()},
        "python": [[name, (building / name).stat().st_size] for name in python_files],
        "note": pages.NOTE_NAME,
    })
    patches.apply_all(building, {
        "landing_script": pages.template("landing.html", serve_folder=pages.page_name(pages.SERVE_FOLDER, "en"),
                                         lessons_page=pages.page_name(pages.LESSONS, "en")),
        "lab_scripts": pages.template("lab-head.html", lab=f"../{lab}", serve_folder=pages.SERVE_FOLDER,
                                      editions="|".join(tag for tag in pages.EDITIONS if tag != "en")),
    })
    front_end = [p.relative_to(building).as_posix() for p in building.rglob("*")
                 if p.suffix in (".js", ".css") and p.parts[len(building.parts)] in ("build", "extensions")]
    first_visit = gzip_weight(building, python_files + front_end)
    teachers = {"size": f"{first_visit / 1e6:.0f}", "seconds": f"{CLASS * first_visit * 8 / (LINK_MBIT * 1e6):.0f}"}
    pages.lessons_pages(contents / "lessons", building, messages, teachers, page_fonts)
    translations.translations_api(language_packs, building)
    (building / ".nojekyll").touch()  # GitHub Pages: serve every file as it is
    server.write_server(building / server.SERVER, server_wheels)
    pages.help_pages(building, messages, page_fonts)
    everything = sorted(p.relative_to(building).as_posix() for p in building.rglob("*")
                        if p.is_file() and p.name not in (server.SERVER, ".nojekyll"))
    queries = asked_as(building)
    prepare = helper(building, "prepare.js", "/*@FILES@*/[]",
                     [[queries.get(name, name), (building / name).stat().st_size] for name in everything])
    pages.prepare_pages(building, messages, prepare, page_fonts)
    check_local_only(building, runtime)
    log("compressing")
    compress.precompress(building)

    size = compress.site_size(building)
    built = {"sources": stamp.sources_digest(), "pins": pins, "size": size, "removed": removed,
             "first_visit_gzip_bytes": first_visit, "fonts": cjk,
             "kernel_packages": {k: v["version"] for k, v in lock["packages"].items()},
             "files": stamp.file_list(building)}
    (building / STAMP).write_text(json.dumps(built, indent=2, sort_keys=True), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    building.rename(out)
    shutil.rmtree(stage)  # the cache keeps downloads (and compressed copies) only
    shutil.rmtree(folder.parent.parent)
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} in "
        f"{time.monotonic() - started:.0f} s: {compress.describe(size)}; a lesson's first visit is at most "
        f"{mb(first_visit)}; serve it with `make serve-site` (or `python3 serve.pyz` in the folder)")
    return built


def check_local_only(site: Path, runtime: str) -> None:
    """The kernel's settings and lockfile point only at files inside the site."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][f"{KERNEL_EXTENSION}:kernel"]
    options = settings["loadPyodideOptions"]
    urls = [settings["pyodideUrl"], options["lockFileURL"], *settings.get("pipliteUrls", [])]
    lock = json.loads((site / options["lockFileURL"]).read_text(encoding="utf-8"))
    for package in lock["packages"].values():
        urls.append(package["file_name"])
        if not (site / runtime / package["file_name"]).is_file():
            sys.exit(f"[site] the lockfile names {package['file_name']}, which is not in the site")
    remote = [u for u in urls if "://" in u or u.startswith("//")]
    if remote or not settings["pyodideUrl"].startswith("./"):
        sys.exit(f"[site] the site would load from elsewhere: {remote or settings['pyodideUrl']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the lessons as an offline website in site/.")
    parser.add_argument("--force", action="store_true", help="build even when site/ is up to date")
    parser.add_argument("--check", action="store_true",
                        help="only say whether site/ is whole and up to date (exit 1 if not)")
    parser.add_argument("--install-tools", action="store_true",
                        help="only install the build tools of tools/site.toml into this venv")
    args = parser.parse_args(argv)
    if args.install_tools:
        fetch.ensure_build_tools(common.load_pins())
        return 0
    problems = stamp.damage()
    if args.check:
        for problem in problems[:50]:
            log(problem)
        if len(problems) > 50:
            log(f"... and {len(problems) - 50} more")
        if not problems:
            log("site/ is whole and up to date")
        return 1 if problems else 0
    if not args.force and not problems:
        log("site/ is up to date with the sources (--force builds it again)")
        return 0
    for problem in problems[:10]:
        log(f"rebuilding: {problem}")
    build()
    return 0

"""tools/build_site.py without building: a damaged or stale site/ is detected (and `--check` says
what is wrong, exit 1), the site's settings keep the lessons out of the browser's storage, and the
site's copies of the notebooks name the site's kernel."""

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

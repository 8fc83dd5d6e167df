"""What every part of the build shares: where things are, the pins, logging, running pip, and
writing a wheel."""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PINS = ROOT / "tools" / "site.toml"
CACHE = ROOT / ".site-cache"
OUT = ROOT / "site"
TEMPLATES = Path(__file__).resolve().parent / "templates"
STAMP = ".cardlab-site.json"  # in site/: what it was built from, and its size
SKIP_PARTS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache"}
# The kernel's JupyterLab extension, whose worker starts Pyodide, and its own shim wheels.
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"

_STARTED = time.monotonic()


def log(message: str) -> None:
    print(f"[site {time.monotonic() - _STARTED:4.0f} s] {message}", flush=True)


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def load_pins() -> dict:
    return tomllib.loads(PINS.read_text(encoding="utf-8"))


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def short_hash(data: bytes, length: int = 10) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


def run(cmd: list[str], **kwargs) -> None:
    subprocess.run(cmd, check=True, **kwargs)


def pip(*args: str, **kwargs) -> None:
    run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args], **kwargs)


def wheel_name_version(path: Path) -> tuple[str, str]:
    parts = path.name[:-len(".whl")].split("-")
    return normalize(parts[0]), parts[1]


def cached_wheel(folder: Path, name: str, version: str) -> Path | None:
    for path in sorted(folder.glob("*.whl")):
        if wheel_name_version(path) == (normalize(name), version):
            return path
    return None


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(path: Path, files: dict[str, bytes]) -> Path:
    """A wheel of ``files`` (name in the archive: bytes) with its RECORD written last, the same
    bytes on every build (fixed dates and modes). ``files`` holds the .dist-info's METADATA and
    WHEEL; any RECORD in it is replaced."""
    (info,) = {name.split("/")[0] for name in files if name.split("/")[0].endswith(".dist-info")}
    record = f"{info}/RECORD"
    body = {name: data for name, data in files.items() if name != record}
    lines = [record_line(name, data) for name, data in body.items()] + [f"{record},,"]
    body[record] = ("\n".join(lines) + "\n").encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in body.items():
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            zf.writestr(entry, data)
    return path


def read_wheel(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {name: zf.read(name) for name in zf.namelist() if not name.endswith("/")}

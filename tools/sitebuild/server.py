"""``site/serve.pyz``: the room's server (serve.py) with WhiteNoise and Waitress packed beside it,
from their wheels pinned in tools/site.toml [server], so that any Python 3.9 or later on Linux,
macOS or Windows serves the site with one command and nothing to install."""

from __future__ import annotations

import zipfile
from pathlib import Path

from .common import read_wheel

SERVER = "serve.pyz"
_MAIN = Path(__file__).with_name("serve.py")


def write_server(target: Path, wheels: list[Path]) -> Path:
    """The zip application: serve.py as __main__.py, each wheel's packages, and each wheel's
    licence under LICENSES/ (the same bytes on every build)."""
    files = {"__main__.py": _MAIN.read_bytes()}
    for wheel in wheels:
        contents = read_wheel(wheel)
        for name, data in contents.items():
            top = name.split("/")[0]
            if top.endswith(".dist-info"):
                if Path(name).name.upper().startswith(("LICEN", "COPYING")):
                    files[f"LICENSES/{top.split('-')[0]}-{Path(name).name}"] = data
            elif not top.endswith(".data") and name.endswith(".py"):
                files[name] = data
    with open(target, "wb") as out:
        out.write(b"#!/usr/bin/env python3\n")  # as the zipapp module writes it: ./serve.pyz runs where allowed
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for name in sorted(files):
                entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16
                zf.writestr(entry, files[name])
    target.chmod(0o755)
    return target

"""Is site/ whole and up to date? The build's stamp (site/.cardlab-site.json) records the digest of
every source it was built from and every file it wrote, with its size."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from . import common
from .common import ROOT, SKIP_PARTS, STAMP

# What the site is built from: a change to any of these makes site/ out of date.
SOURCES = ["tools/build_site.py", "tools/sitebuild", "tools/site.toml", "pyproject.toml", "README.md",
           "cardlab", "lessons", "lab"]


def source_files() -> list[Path]:
    files = []
    for name in SOURCES:
        path = ROOT / name
        if not path.exists():
            continue
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        files += [p for p in candidates if not SKIP_PARTS.intersection(p.relative_to(ROOT).parts)
                  and p.suffix != ".pyc"]
    return files


def sources_digest() -> str:
    digest = hashlib.sha256()
    for path in source_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def damage(out: Path | None = None) -> list[str]:
    """What is wrong with site/, one line each: nothing when it is whole and up to date with its
    sources. Every file the build wrote is listed in its stamp with its size."""
    out = common.OUT if out is None else out
    try:
        stamp = json.loads((out / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return [f"{out.name}/ is missing or was not built by tools/build_site.py (no {STAMP})"]
    problems = []
    if stamp.get("sources") != sources_digest():
        problems.append(f"{out.name}/ is older than its sources")
    listed = stamp.get("files")
    if not isinstance(listed, dict):
        return problems + [f"{out.name}/{STAMP} lists no files (built by an older build_site.py)"]
    for name, size in sorted(listed.items()):
        path = out / name
        if not path.is_file():
            problems.append(f"missing: {out.name}/{name}")
        elif path.stat().st_size != size:
            problems.append(f"changed: {out.name}/{name} ({path.stat().st_size} bytes, built {size})")
    return problems


def up_to_date(out: Path | None = None) -> bool:
    return not damage(out)


def file_list(out: Path) -> dict[str, int]:
    return {p.relative_to(out).as_posix(): p.stat().st_size
            for p in sorted(out.rglob("*")) if p.is_file() and p.name != STAMP}

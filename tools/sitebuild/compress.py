"""What the site carries, and in what form: files no page ever asks for are left out, and beside
every file that compresses well the build writes its .br and .gz copies, which the room's server
(serve.py, or nginx/Apache as the README says) sends to a browser that asks for them. Chromium
asks for brotli over https and localhost, for gzip over plain http: a classroom's server gets
gzip."""

from __future__ import annotations

import gzip
import hashlib
import re
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import common
from .common import log, mb

# Left out of the site: JupyterLite's build configuration, its package description and the
# settings it has written into jupyter-lite.json (overrides.json), and the
# old formats of Font Awesome's fonts (its CSS lists woff2 first among the formats a browser picks
# from, and every browser that runs the lessons reads woff2).
UNUSED = re.compile(r"^rspack\.config(\.\w+)?\.js$|^package\.json$|^jupyterlite\.schema\.v0\.json$|^overrides\.json$"
                    r"|^build/fa-[\w-]+\.(eot|ttf|svg|woff)$")
COMPRESSIBLE = {".js", ".mjs", ".css", ".html", ".json", ".ipynb", ".svg", ".wasm", ".md", ".txt",
                ".yaml", ".yml", ".ico", ".webmanifest", ".py", ".map"}
SMALLEST = 1024     # bytes: smaller files go as they are
GAIN = 0.95         # a compressed copy is kept when at most 95% of the file's size
# brotli at its best for all but the largest files, where its best takes most of a build's time
# (45 s for Pyodide's 9.6 MB runtime on one core) for a tenth less on the wire; only browsers over
# https or on localhost ask for brotli at all.
BROTLI_QUALITY, BROTLI_QUALITY_LARGE, LARGE = 11, 9, 1_000_000


def prune(site: Path) -> list[str]:
    removed = []
    for path in sorted(site.rglob("*")):
        name = path.relative_to(site).as_posix()
        if path.is_file() and UNUSED.search(name):
            path.unlink()
            removed.append(name)
    return removed


def _compressed(job: tuple[str, bytes]) -> tuple[str, bytes]:
    kind, data = job
    if kind == "br":
        import brotli
        return kind, brotli.compress(data, quality=BROTLI_QUALITY if len(data) < LARGE else BROTLI_QUALITY_LARGE)
    packer = zlib.compressobj(9, zlib.DEFLATED, 31, 9)  # the gzip format, at its best
    return kind, packer.compress(data) + packer.flush()


def precompress(site: Path, workers: int = 2) -> dict:
    """Write ``name.br`` and ``name.gz`` beside each file of the site worth it; compressing is
    slow (brotli at its best), so each result is kept in .site-cache/compressed/ by the digest of
    what it compresses. Returns how many files and bytes, before and after."""
    cache = common.CACHE / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    todo, files = {}, []
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE or path.stat().st_size < SMALLEST:
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        files.append((path, digest))
        for kind in ("br", "gz"):
            if not (cache / f"{digest}.{kind}").exists():
                todo[(digest, kind)] = path
    if todo:
        log(f"compressing {len(todo)} copies (brotli and gzip, each kept in .site-cache/compressed/)")
        jobs = [(kind, path.read_bytes()) for (_, kind), path in todo.items()]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for ((digest, kind), _), (_, data) in zip(todo.items(), pool.map(_compressed, jobs, chunksize=4)):
                (cache / f"{digest}.{kind}.partial").write_bytes(data)
                (cache / f"{digest}.{kind}.partial").rename(cache / f"{digest}.{kind}")
    count = 0
    for path, digest in files:
        size = path.stat().st_size
        for kind in ("br", "gz"):
            data = (cache / f"{digest}.{kind}").read_bytes()
            if len(data) <= GAIN * size:
                path.with_name(path.name + f".{kind}").write_bytes(data)
                count += 1
    return {"copies": count}


def site_size(out: Path) -> dict:
    """The site's files (compressed copies aside) and their size; ``gzip_bytes``: what they weigh
    as a browser over plain http gets them (the .gz copy where there is one)."""
    total = gzipped = files = 0
    for path in out.rglob("*"):
        if not path.is_file() or path.suffix in (".br", ".gz") and path.with_suffix("").is_file():
            continue
        size = path.stat().st_size
        packed = path.with_name(path.name + ".gz")
        files += 1
        total += size
        gzipped += packed.stat().st_size if packed.is_file() else size
    return {"files": files, "bytes": total, "gzip_bytes": gzipped}


def describe(size: dict) -> str:
    return f"{size['files']} files, {mb(size['bytes'])} ({mb(size['gzip_bytes'])} as sent over http)"


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, 9))

"""Serve the cardlab lessons' offline website to a room:

    python3 serve.pyz                 (in the folder site/; on Windows: py serve.pyz)
    python3 serve.pyz --port 8001     (another port)
    python3 serve.pyz --bind 127.0.0.1  (this computer only)

WhiteNoise on Waitress, both pure Python and packed into serve.pyz beside this file, so that any
Python 3.9 or later runs it with nothing to install: HTTP/1.1 with keep-alive, a deep listen
queue and enough connections for a class (thirty learners, six connections each), the
precompressed copies the build wrote beside each large file (.br, .gz) sent to a browser that
asks for them, .wasm as application/wasm, and files whose names change with their content kept
by browsers for a year (everything else they ask again about, and get "not modified" while it
is). A file replaced on the server (a teacher's corrected lesson) is served as it is now: its
compressed copies, older than it, are left aside.

This file is the whole server: tools/sitebuild/server.py packs it as serve.pyz's __main__.py.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import socket
import sys

# Files named after their content (a hash or a version in the name or the folder): never
# asked for again while cached. tests/test_build_site.py checks the build names them so.
IMMUTABLE = re.compile(r"^/static/pyodide-[^/]+/|^/static/cardlab/|[./][0-9a-f]{7,20}\.(?:js|css)$")
CONNECTIONS = 1000  # thirty learners with six connections each, with room to spare
BACKLOG = 1024


def immutable(path: str, url: str) -> bool:
    return bool(IMMUTABLE.search(url))


def _add_headers(headers, path: str, url: str) -> None:
    if not immutable(path, url):
        headers["Cache-Control"] = "no-cache"  # kept, but asked about again (answered 304 while unchanged)


def make_app(root: str):
    from whitenoise import WhiteNoise
    from whitenoise.responders import StaticFile

    class Site(WhiteNoise):
        def get_static_file(self, path, url, stat_cache=None):
            # As WhiteNoise does, except that a compressed copy older than its file is not sent.
            if stat_cache is None and not os.path.exists(path):
                from whitenoise.responders import MissingFileError
                raise MissingFileError(path)
            from wsgiref.headers import Headers
            headers = Headers([])
            self.add_mime_headers(headers, path, url)
            self.add_cache_headers(headers, path, url)
            _add_headers(headers, path, url)
            try:
                modified = os.stat(path).st_mtime
            except OSError:
                modified = None
            encodings = {}
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                try:
                    if modified is not None and os.stat(path + suffix).st_mtime >= modified:
                        encodings[encoding] = path + suffix
                except OSError:
                    pass
            return StaticFile(path, headers.items(), stat_cache=stat_cache, encodings=encodings)

    def not_found(environ, start_response):
        start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
        return [b"Not found\n"]

    files = Site(not_found, root=root, autorefresh=True, max_age=None, allow_all_origins=False,
                 immutable_file_test=immutable)

    def site(environ, start_response):
        path = environ.get("PATH_INFO", "") or "/"
        if path.endswith("/"):  # a folder: its index.html, the query string kept
            environ = dict(environ, PATH_INFO=path + "index.html")
        elif os.path.isdir(os.path.join(root, path.lstrip("/"))) and files.url_is_canonical(path):
            query = environ.get("QUERY_STRING", "")
            start_response("301 Moved Permanently",
                           [("Location", path.rsplit("/", 1)[-1] + "/" + (f"?{query}" if query else ""))])
            return []
        return files(environ, start_response)

    return site


def addresses(port: int, bind: str) -> list[str]:
    """The addresses a browser opens: this computer's, and the room's when serving it."""
    found = [f"http://127.0.0.1:{port}/"]
    if bind in ("0.0.0.0", "", "*"):
        found.append(f"http://{socket.gethostname()}:{port}/")
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("10.255.255.255", 1))  # sends nothing: only picks the room's interface
                found.append(f"http://{probe.getsockname()[0]}:{port}/")
        except OSError:
            pass
    elif bind not in ("127.0.0.1", "localhost"):
        found = [f"http://{bind}:{port}/"]
    return found


def main(argv: list[str] | None = None) -> int:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the folder holding serve.pyz
    parser = argparse.ArgumentParser(prog="serve.pyz", description="Serve the cardlab lessons to a room.")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument("--bind", default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every computer of the room; "
                             "127.0.0.1: this computer only)")
    parser.add_argument("--root", default=here, help="the site's folder (default: the one holding serve.pyz)")
    parser.add_argument("--threads", type=int, default=8, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.root, "lessons.html")):
        print(f"serve.pyz: {args.root} is not the lessons' site (no lessons.html in it)", file=sys.stderr)
        return 2
    from waitress.server import create_server

    try:
        server = create_server(make_app(args.root), host=args.bind, port=args.port, threads=args.threads,
                               connection_limit=CONNECTIONS, backlog=BACKLOG, channel_timeout=120,
                               asyncore_use_poll=hasattr(select, "poll"), ident="cardlab", clear_untrusted_proxy_headers=True)
    except OSError as error:
        print(f"serve.pyz: cannot listen on {args.bind}:{args.port} ({error.strerror or error}): "
              f"give another port, e.g. --port {args.port + 1}", file=sys.stderr)
        return 2
    print("The cardlab lessons: " + "  ".join(addresses(args.port, args.bind)) + "  (Ctrl-C stops the server)",
          flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

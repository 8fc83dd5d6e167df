"""Build the lessons as an offline website in ``site/``: JupyterLite (the JupyterLab interface)
with a Pyodide kernel, every file the page needs served from the site itself, and a server for
the room (``site/serve.pyz``).

    python tools/build_site.py            # build site/ unless it is up to date with the sources
    python tools/build_site.py --force    # build it again all the same
    python tools/build_site.py --check    # exit 0 when site/ is up to date, 1 when it is not

Every version comes from ``tools/site.toml``. The parts, in the order the build runs them
(build.py):

- fetch.py: downloads, cached in ``.site-cache/``: pure wheels from PyPI, PyYAML built from its
  sdist without libyaml, the Pyodide runtime from the npm package ``pyodide``, cardlab built from
  the checkout;
- kernel.py: what the kernel loads while Pyodide starts, in ``static/pyodide-<version>/`` beside
  the runtime: those wheels, ``cardlab_lessons`` (the lessons' data files, for a kernel that cannot
  see the site's files), ``cardlab_site`` (the kernel's start-up extension, loaded through IPython's
  profile), and a lockfile naming only them; a wheel built from changing sources carries a digest
  of its content in its name, so that browsers may keep every file of that folder for good;
- pages.py: the site's copies of the notebooks, each edition's index as a page of its own, the
  pages saying how to serve the folder, what works without a service worker, and the one that
  fills a computer's cache before class, KEEPING-YOUR-WORK.md beside each index: every text in
  each language of the lessons (templates/messages.json);
- patches.py: every change made to third-party files, each a named object keyed to the version it
  was written for, tested against that version's own files in tests/test_build_site.py;
- templates/lab.js: the helper on the lab's page (loading progress, honest saving, the edition's
  language, Run All keeping the place);
- translations.py: JupyterLab's menus in 繁體中文 and 日本語 from the pinned language packs;
- fonts.py: the 繁體中文 and 日本語 editions' web font, Noto Sans CJK cut with fontTools to the
  characters the site's texts use, and the CSS that names it in those editions' pages and lab;
- compress.py: files no page asks for left out, .br and .gz copies beside every file worth it;
- server.py and serve.py: ``site/serve.pyz``, WhiteNoise on Waitress, the room's server;
- stamp.py: whether site/ is whole and up to date (``--check``).

Only the build talks to PyPI and the npm registry; the site makes no request anywhere but its own
host. Build tools are pip-installed into the running virtual environment (``make site`` makes
``.venv-site`` for them) at the pinned versions when they are missing.
"""

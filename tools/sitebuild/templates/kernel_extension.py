"""The offline website's start-up extension for the kernel, loaded by IPython from the site's
profile (tools/sitebuild/kernel.py writes it into the wheel cardlab_site)."""

import importlib.util
import sys

# Each language's messages (tools/sitebuild/templates/messages.json, keys "kernel.*").
MESSAGES = {}


def _language():
    cardlab = sys.modules.get("cardlab")
    try:
        return cardlab.get_language() if cardlab is not None else "en"
    except Exception:  # an error message must never fail in its turn
        return "en"


def _offline_install(shell, etype, evalue, tb, tb_offset=None):
    """`%pip install x` or `micropip.install("x")` of a package the site does not carry ends in
    one line, in the learner's language, saying the site is offline, not a traceback through
    micropip. Any other error shows its traceback as before."""
    frames, step = [], tb
    while step is not None:
        frames.append(step.tb_frame.f_code.co_filename)
        step = step.tb_next
    if any("/micropip/" in f or "/piplite/" in f for f in frames):
        first = (str(evalue).strip().splitlines() or [etype.__name__])[0]
        texts = MESSAGES.get(_language(), MESSAGES["en"])
        print(texts["offline_install"].format(detail=first), file=sys.stderr)
        return None
    return shell.showtraceback((etype, evalue, tb), tb_offset=tb_offset)


def load_ipython_extension(shell):
    shell.set_custom_exc((Exception,), _offline_install)
    # The site leaves jedi out (IPython completes names without it); the kernel asks IPython for
    # it all the same.
    if importlib.util.find_spec("jedi") is None:
        shell.Completer.use_jedi = False
    # micropip.install called directly would ask PyPI: its index is a folder of the site that
    # does not exist, so it asks nothing of any host but the site's own, and fails as above.
    try:
        import micropip
        import pyodide_js

        micropip.set_index_urls([pyodide_js._api.config.indexURL + "no-package-index/{package_name}/"])
    except Exception as error:  # the kernel must start all the same
        print(f"cardlab site: micropip's index left as it was ({error!r})", file=sys.stderr)

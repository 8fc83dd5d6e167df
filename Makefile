# Two commands on a fresh machine with python3, make and git:
#   make lab   installs what is needed into .venv and opens the lessons in JupyterLab
#   make test  installs what is needed into .venv and runs every test
# and for rooms without a reliable connection (needs npm too, to fetch Pyodide):
#   make site        builds the lessons as an offline website in site/ (JupyterLite + Pyodide)
#   make serve-site  serves site/ on http://127.0.0.1:8000/ with the room's server (site/serve.pyz)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test check bench lessons clean site serve-site messages

# Installing cardlab puts into its environment JupyterLab's settings for the lessons and cardlab's
# server extension (pyproject.toml's data-files, from lab/): no news or update questions; no
# autosave, so a learner who only runs and clicks leaves the lessons as committed; no widget state
# saved with a notebook, and the extension drops widget views nothing could draw again, so a lesson
# the learner saves reopens as still pictures with the line asking to run all cells. Binder and a
# JupyterHub get them with cardlab's wheel; an editable install leaves them out, so
# tools/install_lab_files.py puts them into the venv as the wheel would. (The rm: earlier versions
# of this Makefile copied settings to overrides.json, which would take precedence over them.)
$(VENV)/.installed: pyproject.toml lab/overrides.d/cardlab.json lab/jupyter_server_config.d/cardlab.json \
		tools/install_lab_files.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[lab,test,cluster,site]'
	$(PY) tools/install_lab_files.py
	rm -f $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $@

# A fresh workspace every time, so the lessons always open on the index (never on whatever a
# previous session left open). The venv's bin first on the PATH of JupyterLab's terminals, so that
# the commands the lessons print (cardlab check ...) work there as printed; the terminal's shell is
# not a login shell, whose /etc/profile would set the PATH again (JupyterLab starts one when it has
# no terminal of its own).
# The lessons open in the machine's language (CARDLAB_LANG, else the locale) when cardlab has it;
# `make lab LESSONS=zh-TW` (or ja, en) chooses. tools/open_lab.py serves the lessons folder, lands
# on that language's index, and sets cardlab's language and JupyterLab's menus to it;
# `make lab PORT=8890 BROWSER=no` serves on port 8890 and opens no browser (make passes both on).
LESSONS ?=
lab: $(VENV)/.installed
	PATH="$(abspath $(VENV))/bin:$$PATH" LESSONS="$(LESSONS)" $(PY) tools/open_lab.py $(ROOT_FLAG) \
		--ServerApp.terminado_settings="shell_command=[\"$${SHELL:-/bin/sh}\"]" \
		--LabApp.workspaces_dir="$$(mktemp -d)"

test: $(VENV)/.installed
	$(VENV)/bin/cardlab check lessons/scenarios
	$(PY) -m pytest tests cardlab
	CARDLAB_LANG=en $(PY) -m pytest --nbval --nbval-current-env --nbval-sanitize-with lessons/sanitize.cfg -p no:cacheprovider lessons

check: $(VENV)/.installed
	$(VENV)/bin/cardlab check lessons/scenarios

# Run every lesson notebook and save it with its outputs, as committed (nbval then checks them).
lessons: $(VENV)/.installed
	$(PY) tools/run_lessons.py

# The lessons as a static website that runs in the browser (tools/build_site.py, the package
# tools/sitebuild/, versions in tools/site.toml, downloads cached in .site-cache/); rebuilt when its
# sources changed or a file it was built with is missing or changed (`tools/build_site.py --check`
# lists them). Built with
# a small venv of its own, .venv-site: the build tools pinned in tools/site.toml and nothing else
# (cardlab goes into the site as a wheel built from the checkout), not the development .venv.
SITE_VENV ?= .venv-site
$(SITE_VENV)/.installed: tools/site.toml
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SITE_VENV)/bin/python tools/build_site.py --install-tools
	touch $@

site: $(SITE_VENV)/.installed
	$(SITE_VENV)/bin/python tools/build_site.py

# The room's server, as a teacher runs it from the folder (`python3 serve.pyz`, on Windows
# `py serve.pyz`): WhiteNoise on Waitress, packed into site/serve.pyz by the build. Here it
# listens on this computer only; SITE_BIND=0.0.0.0 serves the room.
SITE_PORT ?= 8000
SITE_BIND ?= 127.0.0.1
serve-site: site
	$(PYTHON) site/serve.pyz --port $(SITE_PORT) --bind $(SITE_BIND)

# The translations (gettext catalogs under cardlab/locale/, made with Babel): collect every message
# of the code into cardlab.pot, bring each language's .po up to date with it (new messages arrive
# untranslated, for a translator; see cardlab/locale/README.md), and compile the .po files into the
# .mo files cardlab reads. tests/test_i18n.py fails when any of these is out of date. The English
# lessons' code cells are read too (tools/babel_notebooks.py, found on PYTHONPATH). The catalogs
# are those of the languages in cardlab/languages.py, which the system's python3 reads.
LOCALES = $(shell $(PYTHON) cardlab/languages.py catalog)
PYBABEL := $(VENV)/bin/pybabel
messages: $(VENV)/.installed
	PYTHONPATH=. $(PYBABEL) -q extract -F tools/babel.cfg -k N_ -k n_:1,2 -k p_:1c,2 -k np_:1c,2,3 -k folding --no-wrap --project cardlab --copyright-holder "the cardlab authors" \
		--sort-by-file -o cardlab/locale/cardlab.pot .
	for l in $(LOCALES); do \
		if [ -f cardlab/locale/$$l/LC_MESSAGES/cardlab.po ]; then \
			$(PYBABEL) -q update --no-wrap --no-fuzzy-matching --ignore-obsolete -D cardlab -l $$l \
				-i cardlab/locale/cardlab.pot -d cardlab/locale; \
		else \
			$(PYBABEL) -q init --no-wrap -D cardlab -l $$l -i cardlab/locale/cardlab.pot -d cardlab/locale; \
		fi; \
	done
	$(PYBABEL) -q compile --use-fuzzy -D cardlab -d cardlab/locale

bench: $(VENV)/.installed
	$(PY) benchmarks/random_play.py

clean:
	rm -rf $(VENV) $(SITE_VENV) .pytest_cache .hypothesis site .site-cache

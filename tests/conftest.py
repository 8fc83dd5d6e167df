"""Shared test set-up. Under CI (CI=true) hypothesis runs derandomized, so a red run is
reproducible from the log; locally it explores new examples on every run."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

"""Every test and doctest (tests/ and the package's own) starts in English, whatever the machine's
locale (LANG, CARDLAB_LANG): a test that wants another language says so."""

import pytest

from cardlab.i18n import language


@pytest.fixture(autouse=True)
def _in_english():
    with language("en"):
        yield

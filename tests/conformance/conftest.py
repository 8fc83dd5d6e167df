"""The conformance suite: every registered game, and the toy game of tests/toygame registered for
the suite's own modules only (cardlab.registry.register), each rule set and number of seats."""

import pytest

from conformance_support import toy_registered


@pytest.fixture(scope="module", autouse=True)
def registered_toy():
    with toy_registered() as toy:
        yield toy

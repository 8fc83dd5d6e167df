"""The conformance suite every registered game runs (a package, so that its conftest is not
mistaken for tests/conftest.py when the whole of tests/ is collected)."""

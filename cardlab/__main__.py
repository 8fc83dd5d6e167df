"""``python -m cardlab``: the same command line as ``cardlab`` (check, simulate ...)."""

from .cli import main

raise SystemExit(main())

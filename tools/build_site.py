"""Build the lessons as an offline website in site/: ``python tools/build_site.py [--force |
--check | --install-tools]``. The build is the package tools/sitebuild/ (its docstring says what
goes in)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sitebuild.build import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())

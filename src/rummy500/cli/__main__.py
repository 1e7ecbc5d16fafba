"""``python -m rummy500.cli``: the same as the ``rummy500`` command."""

import sys

from rummy500.cli import run

if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())

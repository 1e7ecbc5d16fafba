"""An mkdocs hook: the site's name carries the package's version, ``rummy500 1.0.0``.

The header shows the site's name on every page (and the navigation drawer on a phone), so the
reader sees which release the pages describe. The version is read from the source the
reference is built from, ``src/rummy500/__init__.py`` (its ``__version__``), without importing
the package: it is the checkout's version, whichever rummy500 is installed. Material's own
version selector (``extra.version``) is not used: it asks the server for a ``versions.json``
that the site of a single version does not have.
"""

from __future__ import annotations

import ast
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

_INIT = Path(__file__).resolve().parents[2] / "src" / "rummy500" / "__init__.py"


def package_version(init: Path = _INIT) -> str:
    """The string assigned to ``__version__`` in ``init``."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and [getattr(target, "id", None) for target in node.targets] == ["__version__"]
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    raise PluginError(f"{init} assigns no string to __version__: the header cannot show it")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Add the version to the site's name, once (``mkdocs serve`` reloads the config)."""
    version = package_version()
    if not config.site_name.endswith(f" {version}"):
        config.site_name = f"{config.site_name} {version}"
    return config

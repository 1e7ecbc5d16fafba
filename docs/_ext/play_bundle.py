"""An mkdocs hook: the built site gets the browser bundle in ``play/``.

After the pages are written, ``scripts/web_bundle.py`` writes Python (Pyodide) with rummy500
installed into the site's ``play/`` folder, with the modules that start it and a self-test page
(``play/selftest.html``): see that script. It keeps what it builds in ``build/web/``, so a
docs build with nothing changed only copies the files. It needs Node.js with npm the first
time (``npm ci`` in ``web/``); without them the build stops and says so.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path
from types import ModuleType

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "web_bundle.py"
_log = logging.getLogger("mkdocs.hooks.play_bundle")


def _load_script() -> ModuleType:
    """``scripts/web_bundle.py`` as a module (the scripts are no package), loaded once."""
    if "web_bundle" in sys.modules:
        return sys.modules["web_bundle"]
    spec = importlib.util.spec_from_file_location("web_bundle", _SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered before it runs: its dataclasses look their module up by name.
    sys.modules["web_bundle"] = module
    spec.loader.exec_module(module)
    return module


web_bundle = _load_script()


def on_post_build(config: MkDocsConfig) -> None:
    """Write the bundle into the site's ``play/`` folder."""
    try:
        bundle = web_bundle.build(Path(config.site_dir) / "play")
    except web_bundle.BundleError as error:
        raise PluginError(f"The browser bundle (play/) could not be built: {error}") from error
    _log.info(
        "Browser bundle in play/: Pyodide %s (Python %s), %d wheels, %.1f MB",
        bundle.runtime.version,
        bundle.runtime.python,
        len(bundle.wheels),
        bundle.size / 1e6,
    )

"""Load a script of ``scripts/``, a module of ``web/src/``, an example of ``examples/`` or a hook
of the documentation build (``docs/_ext/``) as a module (none of these folders is a package),
for the tests of what it does."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "scripts"
#: The Python the browser pages run.
WEB_SRC = REPO / "web" / "src"
EXAMPLES = REPO / "examples"
DOCS_HOOKS = REPO / "docs" / "_ext"


def _load(folder: Path, name: str) -> ModuleType:
    """``folder/<name>.py``, loaded once and kept as module ``name``; the folder goes on the
    path too, since its modules import each other by name."""
    if name in sys.modules:
        return sys.modules[name]
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_script(name: str) -> ModuleType:
    """The script ``scripts/<name>.py``, loaded once and kept as module ``name``."""
    return _load(SCRIPTS, name)


def load_web(name: str) -> ModuleType:
    """The module ``web/src/<name>.py``, loaded once and kept as module ``name``."""
    return _load(WEB_SRC, name)


def load_example(name: str) -> ModuleType:
    """The example ``examples/<name>.py``, loaded once and kept as module ``name``."""
    return _load(EXAMPLES, name)


def load_docs_hook(name: str) -> ModuleType:
    """The documentation build's hook ``docs/_ext/<name>.py``, loaded once and kept as module
    ``name``."""
    return _load(DOCS_HOOKS, name)

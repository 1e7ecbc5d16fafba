"""The examples in the package's docstrings (``>>>``) run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
from types import ModuleType

import pytest

import rummy500

#: Modules that need an optional extra: their examples run where it is installed.
OPTIONAL = {"rummy500.observations": "numpy", "rummy500.infostate": "numpy"}


def modules() -> list[str]:
    """The package and its modules, in every layer (the environments, which need extras and
    have no examples, left out)."""
    found = pkgutil.walk_packages(rummy500.__path__, "rummy500.")
    return sorted(["rummy500"] + [m.name for m in found if not m.name.startswith("rummy500.envs")])


def installed(name: str) -> bool:
    """Whether what module ``name`` needs is installed (always, but for :data:`OPTIONAL`)."""
    extra = OPTIONAL.get(name)
    return extra is None or importlib.util.find_spec(extra) is not None


def load(name: str) -> ModuleType:
    if name in OPTIONAL:
        pytest.importorskip(OPTIONAL[name])
    return importlib.import_module(name)


@pytest.mark.parametrize("name", modules())
def test_the_examples_in_the_docstrings_run(name: str) -> None:
    module = load(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@pytest.mark.skipif(rummy500.COMPILED, reason="compiled modules keep no docstrings")
def test_the_modules_with_examples_have_them() -> None:
    with_examples = {
        name
        for name in modules()
        if installed(name)
        and any(test.examples for test in doctest.DocTestFinder().find(load(name), name))
    }
    assert {"rummy500", "rummy500.bots", "rummy500.game.state", "rummy500.presets"} <= with_examples

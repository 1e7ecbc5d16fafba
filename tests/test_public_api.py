"""The built-in bots and the text output are written against the public API alone: what they
import comes from the top-level package, so anyone can write a bot or a front end the same way.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rummy500

SRC = Path(__file__).resolve().parents[1] / "src" / "rummy500"
API_DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def docstring_in_source(module: str, name: str) -> str | None:
    """The docstring of the top-level function or class ``name`` in ``module``'s source."""
    tree = ast.parse((SRC / f"{module.rpartition('.')[2]}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == name:
            return ast.get_docstring(node)
    return None


def private_imports(source: str) -> list[str]:
    """Every import in ``source`` of something the top-level package does not export."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(
                f"import {alias.name}" for alias in node.names if alias.name.startswith("rummy500.")
            )
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                found.append(f"from {'.' * node.level}{module} import ...")
            elif module.startswith("rummy500."):
                found.append(f"from {module} import ...")
            elif module == "rummy500":
                found.extend(
                    f"from rummy500 import {alias.name}"
                    for alias in node.names
                    if alias.name not in rummy500.__all__
                )
    return found


@pytest.mark.parametrize("module", ["bots", "render"])
def test_module_imports_only_the_public_api(module: str) -> None:
    source = (SRC / f"{module}.py").read_text(encoding="utf-8")
    assert private_imports(source) == []


def test_the_import_check_sees_every_way_into_the_internals() -> None:
    source = """
import rummy500
import rummy500.melds
from rummy500.meldsearch import layoffs
from rummy500 import Card, availability, put_down, HIGH_ACE
from . import scoring
from .scoring import hand_points

def later():
    from rummy500.state import State
"""
    assert private_imports(source) == [
        "import rummy500.melds",
        "from rummy500.meldsearch import ...",
        "from rummy500 import availability",
        "from rummy500 import HIGH_ACE",
        "from . import ...",
        "from .scoring import ...",
        "from rummy500.state import ...",
    ]


@pytest.mark.parametrize(
    "name",
    [
        "PlayerScore",
        "RunShape",
        "dealer_draw_rounds",
        "possible_layoffs",
        "possible_melds",
        "put_down",
        "run_shape",
        "score_breakdown",
        "table_points",
    ],
)
def test_the_helpers_for_bots_and_front_ends_are_exported_and_documented(name: str) -> None:
    assert name in rummy500.__all__
    obj = getattr(rummy500, name)
    # The docstring is read from the source: the compiled build's functions carry none.
    assert docstring_in_source(obj.__module__, name)
    # Documented on its own, or with the whole of its module.
    doc = API_DOC.read_text(encoding="utf-8")
    assert f"::: {obj.__module__}.{name}\n" in doc or f"::: {obj.__module__}\n" in doc

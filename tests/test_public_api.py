"""The built-in bots and the text output are written against the public API alone: what they
import comes from the top-level package and rummy500.toolkit, so anyone can write a bot or a front
end the same way.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

import rummy500
from rummy500 import toolkit

SRC = Path(__file__).resolve().parents[1] / "src" / "rummy500"
#: The pages of the API reference, split by topic.
API_DOCS = sorted((Path(__file__).resolve().parents[1] / "docs" / "reference").glob("*.md"))


def api_reference() -> str:
    """The text of every page of the API reference."""
    return "\n".join(page.read_text(encoding="utf-8") for page in API_DOCS)


#: The public modules besides the top level and the toolkit: every name they export is public.
PUBLIC_MODULES = frozenset(
    f"rummy500.{name}"
    for name in [
        "presets",
        "events",
        "bots",
        "render",
        "pictures",
        "observations",
        "infostate",
        "simulate",
        "replay",
    ]
)
#: The one module of the vocabulary below the public API that the bots' side may read: the
#: errors, whose classes are public and whose wording of a wrong value the package shares.
SHARED_VOCABULARY = frozenset({"rummy500.core.errors"})
#: The modules on the bots' side of the line: not public, but held to the same check as the
#: bots (they import only the public API), so the bots and the observations may import them.
BOT_SIDE = frozenset(
    f"rummy500.bots.{name}"
    for name in [
        "greedy",
        "evaluation",
        "_base",
        "_simple",
        "_playout",
        "_search",
        "_learned",
        "_names",
    ]
) | {"rummy500._card_planes"}


def source_file(module: str) -> Path:
    """The source file of the module ``module`` (``rummy500.x.y``), or of the package."""
    parts = module.split(".")[1:]
    path = SRC.joinpath(*parts).with_suffix(".py")
    return path if path.exists() else SRC.joinpath(*parts, "__init__.py")


def docstring_in_source(module: str, name: str) -> str | None:
    """The docstring of the top-level function or class ``name`` in ``module``'s source."""
    tree = ast.parse(source_file(module).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == name:
            return ast.get_docstring(node)
    return None


def private_imports(source: str) -> list[str]:
    """Every import in ``source`` of something the public API (the top-level package and
    :mod:`rummy500.toolkit`) does not export."""
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
            elif module == "rummy500.toolkit":
                found.extend(
                    f"from rummy500.toolkit import {alias.name}"
                    for alias in node.names
                    if alias.name not in toolkit.__all__
                )
            elif (
                module.startswith("rummy500.")
                and module not in PUBLIC_MODULES | BOT_SIDE | SHARED_VOCABULARY
            ):
                found.append(f"from {module} import ...")
            elif module == "rummy500":
                found.extend(
                    f"from rummy500 import {alias.name}"
                    for alias in node.names
                    if alias.name not in rummy500.__all__
                )
    return found


@pytest.mark.parametrize(
    "module",
    [
        "bots",
        "bots.greedy",
        "bots.evaluation",
        "bots._base",
        "bots._simple",
        "bots._playout",
        "bots._search",
        "bots._learned",
        "bots._names",
        "render",
        "observations",
        "_card_planes",
        "infostate",
        "replay",
    ],
)
def test_module_imports_only_the_public_api(module: str) -> None:
    source = source_file(f"rummy500.{module}").read_text(encoding="utf-8")
    assert private_imports(source) == []


def test_the_import_check_sees_every_way_into_the_internals() -> None:
    source = """
import rummy500
import rummy500.melds.table
from rummy500.melds.search import layoffs
from rummy500 import Card, availability, put_down, HIGH_ACE
from rummy500.toolkit import sample_world, run_shape
from rummy500.observations import ObservationSpace
from rummy500.bots.greedy import greedy_move
from . import scoring
from .scoring import hand_points

def later():
    from rummy500.game.state import State
"""
    assert private_imports(source) == [
        "import rummy500.melds.table",
        "from rummy500.melds.search import ...",
        "from rummy500 import availability",
        "from rummy500 import put_down",
        "from rummy500 import HIGH_ACE",
        "from rummy500.toolkit import run_shape",
        "from . import ...",
        "from .scoring import ...",
        "from rummy500.game.state import ...",
    ]


@pytest.mark.parametrize("name", toolkit.__all__)
def test_the_helpers_for_bots_and_front_ends_are_exported_and_documented(name: str) -> None:
    obj = getattr(toolkit, name)
    # Data and type aliases: described in the toolkit's docstring.
    if name not in {"CARDS", "EVENT_CLASSES", "JOKER", "CardsInput", "TableMeldInput"}:
        # The docstring is read from the source: the compiled build's functions carry none.
        assert docstring_in_source(obj.__module__, name)
    assert (
        f":data:`{name}`" in (toolkit.__doc__ or "")
        or f":func:`{name}`" in (toolkit.__doc__ or "")
        or f":class:`{name}`" in (toolkit.__doc__ or "")
    )
    # Documented with the whole of the toolkit.
    assert "::: rummy500.toolkit\n" in api_reference()


@pytest.mark.parametrize("name", rummy500.__all__)
def test_the_top_level_names_are_documented(name: str) -> None:
    doc = api_reference()
    if name == "__version__":
        assert "`rummy500.__version__`" in doc
    else:
        assert f"::: rummy500.{name}\n" in doc


def test_the_version_is_the_one_the_package_is_built_with() -> None:
    project = tomllib.loads((SRC.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    assert rummy500.__version__ == project["project"]["version"] == "1.0.0"


def test_every_page_of_the_api_reference_is_in_the_navigation() -> None:
    config = (SRC.parents[1] / "mkdocs.yml").read_text(encoding="utf-8")
    in_nav = [page.name for page in API_DOCS if f": reference/{page.name}\n" in config]
    assert in_nav == [page.name for page in API_DOCS]
    assert len(API_DOCS) == 10

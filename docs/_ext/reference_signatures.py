"""A griffe extension for the API reference: signatures show the API, not its implementation.

Three things the source holds for the code's sake are shown otherwise in the reference:

- a parameter documented as deprecated (``:param current: deprecated: ...``), which still
  works, with a warning, but is not part of the API to learn (the "API and stability" page
  lists every deprecated name); it goes from the signature and from the parameters listed;
- the value of a constant computed from the package's own private names
  (``COMPILED = not _movegen.__file__.endswith(".py")``), which says how it is worked out,
  not what it means: the constant is shown with its type and its documentation only;
- a bare ``Final`` annotation (``CHANCE: Final = -1``), which names no type: it is shown with
  the type of its literal value (``Final[int]``).
"""

from __future__ import annotations

import ast
import re
from typing import Any

import griffe

#: A ``:param NAME:`` field whose text starts with "deprecated", with its continuation lines
#: (indented deeper than the field).
_DEPRECATED_PARAM = re.compile(
    r"^(?P<indent>[ \t]*):param (?P<name>\w+):[ \t]*[Dd]eprecated\b.*\n?"
    r"(?:(?P=indent)[ \t]+\S.*\n?)*",
    re.M,
)


def _names_private(value: object) -> bool:
    """Whether the expression ``value`` names a private name of the package (``_ALL``)."""
    if not isinstance(value, griffe.Expr):
        return False
    for part in value.iterate(flat=True):
        if isinstance(part, griffe.ExprName):
            name = part.name
            if name.startswith("_") and not name.startswith("__"):
                return True
    return False


def _literal_type(value: object) -> str | None:
    """The type's name of ``value`` when it is a literal (``-1``: ``"int"``), else ``None``."""
    if value is None:
        return None
    try:
        literal = ast.literal_eval(str(value))
    except (ValueError, SyntaxError):
        return None
    return type(literal).__name__ if isinstance(literal, bool | int | float | str) else None


class ReferenceSignatures(griffe.Extension):
    """Leave deprecated parameters and implementation values out of the signatures shown."""

    def on_function_instance(self, *, func: griffe.Function, **kwargs: Any) -> None:
        docstring = func.docstring
        if docstring is None or "eprecated" not in docstring.value:
            return
        hidden = [m["name"] for m in _DEPRECATED_PARAM.finditer(docstring.value)]
        for name in hidden:
            if name in func.parameters:
                del func.parameters[name]
        if hidden:
            docstring.value = _DEPRECATED_PARAM.sub("", docstring.value)

    def on_attribute_instance(self, *, attr: griffe.Attribute, **kwargs: Any) -> None:
        if str(attr.annotation) == "Final":
            literal = _literal_type(attr.value)
            if literal is not None:
                attr.annotation = f"Final[{literal}]"
        if _names_private(attr.value):
            attr.value = None

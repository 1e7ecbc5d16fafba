"""A griffe extension for the API reference: Sphinx cross-reference roles become links.

The docstrings use Sphinx roles (``:class:`~rummy500.core.errors.IllegalMoveError```), which read
well in the source and in ``help()``. mkdocstrings does not read them, so this extension turns
each into a cross-reference that mkdocs-autorefs resolves: a link where the object is on a
page, its name in code type where it is not (an internal name). ``~`` shows the last part of
the name only, and ``title <target>`` shows the title.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|data|mod|exc|obj|const):`(?P<body>[^`]+)`")
_TITLED = re.compile(r"(?P<title>.*?)\s*<(?P<target>[^>]+)>$", re.S)


def _link(match: re.Match[str], here: str) -> str:
    body = match["body"].strip()
    titled = _TITLED.match(body)
    if titled:
        title, target = titled["title"], titled["target"]
    else:
        target = body.lstrip("~")
        title = target.rsplit(".", 1)[-1] if body.startswith("~") else target
    target = target.rstrip("()")
    if "." not in target:
        # A bare name is one of the package's top-level names, or of the module it is in.
        target = f"rummy500.{target}" if here == "rummy500" else f"{here}.{target}"
    return (
        f'<autoref identifier="{html.escape(target)}" optional>'
        f"<code>{html.escape(title)}</code></autoref>"
    )


class SphinxRoles(griffe.Extension):
    """Rewrite Sphinx roles in every docstring as optional cross-references."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        docstring = obj.docstring
        if docstring is None or ":`" not in docstring.value:
            return
        here = obj.module.path
        docstring.value = _ROLE.sub(lambda m: _link(m, here), docstring.value)

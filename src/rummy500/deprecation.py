"""Names kept for a while after they were renamed or removed, each warning when used.

The promise (see the "API and stability" page of the docs): a name that is renamed or removed
keeps working under its old name for a while (a name from before 1.0 until
:data:`REMOVED_IN`, a public name of 1.x until 2.0), and every use of the old name warns with
:class:`DeprecationWarning` saying what to use instead and when the old name goes. The tools
here are the one way the package keeps such a name, so that every old name warns alike:

- :func:`module_aliases` for a module's old names (``rummy500.CallRule``), through the
  module's ``__getattr__``, which Python asks only for names the module does not have (or
  :func:`aliased`, from a ``__getattr__`` that answers other names too);
- :class:`renamed_attribute` for an attribute or method of a class under its old name
  (``Move.verb``), read from the class or from an instance;
- :func:`warn` for anything else (an old keyword argument, say).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any, Final

__all__ = ["REMOVED_IN", "aliased", "module_aliases", "renamed_attribute", "warn"]

#: The release that removes the names from before 1.0 that 1.0 deprecated.
REMOVED_IN: Final = "1.1.0"


def warn(old: str, instead: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated (:class:`DeprecationWarning`), saying to use
    ``instead``; ``stacklevel`` as for :func:`warnings.warn`, counted from the caller of
    this function (3: the code that called the function calling this one)."""
    warnings.warn(
        f"{old} is deprecated and will be removed in rummy500 {REMOVED_IN}; use {instead}",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def module_aliases(
    module: str, aliases: Mapping[str, tuple[Callable[[], object], str]]
) -> Callable[[str], object]:
    """A module ``__getattr__`` giving each old name of ``aliases`` with a warning.

    ``aliases`` maps an old name to a function returning what it now is and the text saying
    what to use instead (``"rummy500.toolkit.sample_world"``). Any other name raises
    :class:`AttributeError`, as a module without ``__getattr__`` does:

        __getattr__ = module_aliases(__name__, {"CallRule": (lambda: Calling, "Calling")})
    """

    def getattr_(name: str) -> object:
        return aliased(module, aliases, name)

    return getattr_


def aliased(
    module: str, aliases: Mapping[str, tuple[Callable[[], object], str]], name: str
) -> object:
    """What ``name``, an old name of ``module`` in ``aliases`` (as for :func:`module_aliases`),
    now is, with its warning; :class:`AttributeError` for any other name.

    Call it straight from the module's ``__getattr__``: the warning names the line that read
    the old name, two calls up from here.
    """
    entry = aliases.get(name)
    if entry is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    value, instead = entry
    warn(f"{module}.{name}", instead, stacklevel=4)
    return value()


class renamed_attribute:  # noqa: N801 - named like property, which it is used as
    """A class attribute that reads another, under its old name, with a warning.

    ``verb = renamed_attribute("kind")`` in a class body makes ``Move.verb`` and
    ``move.verb`` give ``kind`` (of the class or of the instance) and warn that ``verb`` is
    deprecated. It is read-only: the old name cannot be set.
    """

    __slots__ = ("_instead", "_new", "_old")

    def __init__(self, new: str, instead: str | None = None) -> None:
        self._new = new
        self._instead = instead
        self._old = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._old = f"{owner.__name__}.{name}"
        if self._instead is None:
            self._instead = f"{owner.__name__}.{self._new}"

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        warn(self._old, self._instead or self._new)
        return getattr(owner if instance is None else instance, self._new)

    def __set__(self, instance: object, value: object) -> None:
        raise AttributeError(f"{self._old} is deprecated and read-only; set {self._new}")

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
- :func:`renamed_keywords` for the fields of an attrs class renamed with
  :class:`renamed_attribute`, taken under their old names by the constructor and by
  :func:`attrs.evolve` (``Layoff(meld=2, ...)``);
- :func:`renamed_keyword` for a function's old keyword argument;
- :func:`warn` for anything else.
"""

from __future__ import annotations

import functools
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import attrs

__all__ = [
    "REMOVED_IN",
    "aliased",
    "module_aliases",
    "renamed_attribute",
    "renamed_keyword",
    "renamed_keywords",
    "warn",
]

C = TypeVar("C", bound=type)

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


def renamed_keyword(
    call: str, old: str, new: str, *, both: bool, error: type[Exception], stacklevel: int = 3
) -> None:
    """Warn that the keyword ``old`` of ``call`` is deprecated, saying to use ``new``
    (``Layoff(meld=...)``, ``Layoff(meld_id=...)``); with ``both`` (``new`` given too), raise
    ``error`` saying to give only ``new``. ``stacklevel`` as for :func:`warn` (3: the code
    that called the function calling this one).
    """
    warn(f"{call}({old}=...)", f"{call}({new}=...)", stacklevel=stacklevel + 1)
    if both:
        raise error(f"{old} and {new} are both given: give only {new} ({old} is its old name)")


#: What a parameter of a constructor of :func:`renamed_keywords` holds when it is not given.
_NOT_GIVEN: Final = object()


def _builder(depth: int) -> tuple[int, object]:
    """How many calls up from the caller of this function the code is that builds a value:
    ``depth``, or more past :func:`attrs.evolve` (and ``copy.replace``, which calls it), which
    only pass the call on; and the value :func:`attrs.evolve` copies (:data:`_NOT_GIVEN` if it
    was not called)."""
    frame = sys._getframe(depth + 1)
    copied: object = _NOT_GIVEN
    while frame.f_back is not None and (
        frame.f_globals.get("__name__") == "copy"
        or str(frame.f_globals.get("__name__")).startswith("attr.")
    ):
        if frame.f_code is attrs.evolve.__code__:
            copied = frame.f_locals.get("inst", _NOT_GIVEN)
        frame = frame.f_back
        depth += 1
    return depth, copied


def renamed_keywords(error: type[Exception]) -> Callable[[C], C]:
    """A class decorator, above ``@attrs.frozen``: each field renamed with
    :class:`renamed_attribute` in the class body is taken under its old name too, by the
    constructor and by :func:`attrs.evolve`, with the warning of :func:`renamed_keyword`;
    given under both names, it raises ``error``.

    ``meld = renamed_attribute("meld_id")`` in the body of ``Layoff`` makes
    ``Layoff(meld=2, laid=...)`` build ``Layoff(meld_id=2, laid=...)``, and
    ``attrs.evolve(layoff, meld=3)`` work as ``attrs.evolve(layoff, meld_id=3)``.

    The constructor is attrs' own behind one more call, which passes the values straight on
    unless an old name is given or a field left out; its signature (for ``help`` and the docs)
    is attrs' own. Values built without ``__init__`` (:mod:`rummy500.core.fastbuild`) cost the
    same as before.
    """

    def decorate(cls: C) -> C:
        fields = [field for field in attrs.fields(cls) if field.init]
        # attrs gives every field the name its __init__ takes it by.
        keywords = {field.name: field.alias or field.name for field in fields}
        renamed = {
            old: value._new
            for old, value in vars(cls).items()
            if isinstance(value, renamed_attribute) and value._new in keywords
        }
        if not renamed or any(field.kw_only for field in fields):
            raise TypeError(
                "renamed_keywords needs a class with renamed fields and no keyword-only field, "
                f"not {cls.__name__}"
            )
        init: Callable[..., None] = vars(cls)["__init__"]

        def renamed_init(
            self: object, values: tuple[object, ...], olds: tuple[object, ...]
        ) -> None:
            given = {
                keyword: value
                for keyword, value in zip(keywords.values(), values, strict=True)
                if value is not _NOT_GIVEN
            }
            # Two calls up (through __init__) is the code building the value.
            depth, copied = _builder(2)
            for (old, name), value in zip(renamed.items(), olds, strict=True):
                if value is _NOT_GIVEN:
                    continue
                # attrs.evolve gives every field, as the value it copies holds it: only another
                # value was given under the new name.
                new = given.get(keywords[name], _NOT_GIVEN)
                both = new is not _NOT_GIVEN and new is not getattr(copied, name, _NOT_GIVEN)
                renamed_keyword(
                    cls.__name__, old, keywords[name], both=both, error=error, stacklevel=depth + 2
                )
                given[keywords[name]] = value
            init(self, **given)

        first = min(list(keywords).index(name) for name in renamed.values())
        checked = _checked_init(
            [(keywords[field.name], field.default, i >= first) for i, field in enumerate(fields)],
            list(renamed),
            init,
            renamed_init,
        )
        cls.__init__ = functools.update_wrapper(checked, init)  # type: ignore[misc]
        return cls

    return decorate


def _checked_init(
    params: list[tuple[str, object, bool]],
    olds: list[str],
    init: Callable[..., None],
    renamed_init: Callable[[object, tuple[object, ...], tuple[object, ...]], None],
) -> Callable[..., None]:
    """An ``__init__`` taking ``params`` and, by keyword only, ``olds``: it calls ``init``
    with the values of ``params`` when no old name is given and none is left out, and
    otherwise ``renamed_init`` with every value of ``params`` and of ``olds``
    (:data:`_NOT_GIVEN` where not given).

    Each parameter is its keyword, its default (``attrs.NOTHING``: none) and whether it may
    be left out for an old name (from the first renamed field on): such a parameter with no
    plain default is :data:`_NOT_GIVEN` when left out, as ``meld_id`` is in
    ``Layoff(meld=2, laid=...)``, and ``init`` says it is missing if no old name stands for
    it (a default made by a factory is left to ``init`` too). The function is written out for
    the parameters, as attrs writes ``__init__``: passing the arguments on as they came
    (``*args, **kwargs``) would cost four times as much.
    """
    signature, checks, defaults = [], [], []
    for keyword, default, optional in params:
        made_later = isinstance(default, attrs.Factory)  # type: ignore[arg-type]
        if default is not attrs.NOTHING and not made_later:
            defaults.append(default)
            signature.append(f"{keyword}=d{len(defaults)}")
        elif optional or made_later:
            signature.append(f"{keyword}=M")
            checks.append(f"{keyword} is not M")
        else:
            signature.append(keyword)
    signature.append("*")
    signature.extend(f"{old}=M" for old in olds)
    args = ", ".join(keyword for keyword, _, _ in params)
    test = " and ".join([*(f"{old} is M" for old in olds), *checks])
    constants = ", ".join(
        ["init", "renamed_init", "M", *(f"d{i + 1}" for i in range(len(defaults)))]
    )
    source = (
        f"def make({constants}):\n"
        f"    def __init__(self, {', '.join(signature)}):\n"
        f"        if {test}:\n"
        f"            init(self, {args})\n"
        "        else:\n"
        f"            renamed_init(self, ({args},), ({', '.join(olds)},))\n"
        "    return __init__\n"
    )
    scope: dict[str, Any] = {}
    exec(source, scope)
    made: Callable[..., None] = scope["make"](init, renamed_init, _NOT_GIVEN, *defaults)
    return made

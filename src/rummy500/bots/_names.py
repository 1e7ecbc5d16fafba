"""The built-in bots by name: :data:`BOT_NAMES`, the text of a bot with its budget
(``"ismcts:iterations=25"``), read by :func:`bot_text`, and :func:`make_bot`.

A bot's text is its name, then any of its parameters as ``:name=value``: ``"flatmc"``,
``"ismcts:iterations=25"``, ``"ismcts:seconds=0.05:exploration=1"``, ``"ismcts:depth=4"``
(playouts cut after 4 moves and valued by the evaluation: see
:class:`~rummy500.bots.ISMCTSBot`). A colon, not a comma,
separates them, so that a list of bots can be written with commas (``--bots
ismcts:iterations=25,greedy``). Giving any budget (iterations, playouts, seconds) replaces the
whole default budget of the named bot: ``"ismcts:seconds=0.1"`` searches for 0.1 seconds,
with no limit on iterations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rummy500 import ConfigError
from rummy500.bots._base import Bot, check_seed
from rummy500.bots._learned import LearnedBot
from rummy500.bots._search import FlatMCBot, ISMCTSBot
from rummy500.bots._simple import GreedyBot, RandomBot
from rummy500.core.errors import describe_value

#: The built-in bots by name, each made from a seed (the greedy and learned bots ignore it).
#: The search bots come with modest budgets, so that a game takes seconds, not minutes:
#: ``flatmc`` 100 playouts and ``ismcts`` 100 iterations per decision. The learned bot needs
#: numpy (the ``rl`` extra): without it, making it raises :class:`~rummy500.ConfigError`.
BOT_NAMES: Final[dict[str, Callable[[int], Bot]]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
    "flatmc": lambda seed: FlatMCBot(seed, playouts=100),
    "ismcts": lambda seed: ISMCTSBot(seed, iterations=100),
    "learned": lambda seed: LearnedBot(),
}

#: The parameters each bot takes in its text, in the order the text is written with: those
#: that bound a decision (its budget) first, then the others.
PARAMETERS: Final[dict[str, tuple[str, ...]]] = {
    "random": (),
    "greedy": (),
    "flatmc": ("playouts", "seconds", "cpu_seconds"),
    "ismcts": ("iterations", "seconds", "cpu_seconds", "exploration", "depth"),
    "learned": (),
}
_BUDGETS: Final = frozenset({"playouts", "iterations", "seconds", "cpu_seconds"})
#: The whole numbers among the parameters; the others may have a fraction.
_WHOLE: Final = frozenset({"playouts", "iterations", "depth"})
_EXAMPLE: Final = "ismcts:iterations=25"


def _number(text: str, name: str, spec: str) -> float:
    try:
        return int(text) if name in _WHOLE else float(text)
    except ValueError:
        kind = "a whole number" if name in _WHOLE else "a number"
        raise ConfigError(
            f"bot {describe_value(spec)}: {name} must be {kind}, not {describe_value(text)}"
        ) from None


def _read(spec: object) -> tuple[str, dict[str, float]]:
    """The name and the parameters of a bot's text, checked for form (not for value)."""
    if not isinstance(spec, str):
        raise ConfigError(
            f"unknown bot {describe_value(spec)}: make_bot's name is one of the built-in bots, "
            f"{', '.join(BOT_NAMES)}"
        )
    name, *parts = [part.strip() for part in spec.strip().lower().split(":")]
    if name not in BOT_NAMES:
        raise ConfigError(
            f"unknown bot {describe_value(spec if not parts else name)}: make_bot's name is "
            f"one of the built-in bots, {', '.join(BOT_NAMES)}"
        )
    allowed = PARAMETERS[name]
    given: dict[str, float] = {}
    for part in parts:
        key, equals, value = (p.strip() for p in part.partition("="))
        if not equals or not key or not value:
            raise ConfigError(
                f"bot {describe_value(spec)}: a parameter is written name=value, as in {_EXAMPLE}"
            )
        if key not in allowed:
            takes = f"takes {', '.join(allowed)}" if allowed else "takes no parameters"
            raise ConfigError(
                f"bot {describe_value(spec)}: {name} {takes}, not {describe_value(key)}"
            )
        if key in given:
            raise ConfigError(f"bot {describe_value(spec)}: {key} is given twice")
        given[key] = _number(value, key, spec)
    return name, {key: given[key] for key in allowed if key in given}


def _build(name: str, parameters: dict[str, float], seed: int) -> Bot:
    if not parameters:
        return BOT_NAMES[name](seed)
    options: dict[str, Any] = dict(parameters)
    if not _BUDGETS & parameters.keys():
        # Only the other parameters: the default budget of the bot made by name stands.
        options[PARAMETERS[name][0]] = 100
    else:
        for budget in _BUDGETS & set(PARAMETERS[name]):
            options.setdefault(budget, None)
    if name == "flatmc":
        return FlatMCBot(seed, **options)
    return ISMCTSBot(seed, **options)


def bot_text(spec: str) -> str:
    """The text of a built-in bot in its one written form (lower case, no spaces, the
    parameters in the order of :data:`PARAMETERS`, numbers as Python writes them), after
    checking that it makes a bot.

    Raises :class:`~rummy500.ConfigError` naming what is wrong: an unknown bot or parameter,
    a parameter not written ``name=value`` or given twice, a value that is not a number or
    that the bot refuses.
    """
    name, parameters = _read(spec)
    try:
        _build(name, parameters, 0)
    except ConfigError as error:
        raise ConfigError(f"bot {describe_value(spec)}: {error}") from None
    return ":".join([name, *(f"{key}={value!r}" for key, value in parameters.items())])


def make_bot(name: str, seed: int = 0) -> Bot:
    """A built-in bot by name (a key of :data:`BOT_NAMES`, such as ``"greedy"`` or
    ``"ismcts"``), optionally with parameters (``"ismcts:iterations=25"``, see
    :func:`bot_text`), seeded with ``seed``.

    Raises :class:`~rummy500.ConfigError` for a name that is not a built-in bot's (or
    not a str), a parameter the bot does not take or refuses, and a seed that is not a whole
    number.
    """
    bot, parameters = _read(name)
    seed = check_seed("make_bot", seed)
    try:
        return _build(bot, parameters, seed)
    except ConfigError as error:
        raise ConfigError(f"bot {describe_value(name)}: {error}") from None

"""The package's exception hierarchy.

Every error the library raises on bad input derives from :class:`Rummy500Error`, so callers can
catch one type. The subclasses say which kind of input was wrong; the message says which rule was
broken and why.
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "CardError",
    "ConfigError",
    "IllegalMoveError",
    "MoveParseError",
    "Rummy500Error",
    "SerializationError",
    "StateError",
]


class Rummy500Error(Exception):
    """Base class of every error raised by :mod:`rummy500`."""


class ActionError(Rummy500Error, ValueError):
    """An action id is not a whole number within an action space, or an action space was used
    with a state of other rules or another number of players (see :mod:`rummy500.actions`).

    An id within range that names no legal move raises :class:`IllegalMoveError` instead.
    """


class CardError(Rummy500Error, ValueError):
    """A card's text could not be read, or a card id is out of range."""


class ConfigError(Rummy500Error, ValueError):
    """A :class:`~rummy500.rules.RuleConfig` combines settings that make no sense together."""


class MoveParseError(Rummy500Error, ValueError):
    """A move's text form could not be read."""


class IllegalMoveError(Rummy500Error):
    """A move breaks a rule of the game in the position it was applied to.

    The message names the rule. The state it was applied to is left unchanged (states are
    immutable), so the caller can simply choose another move.
    """


class StateError(Rummy500Error, ValueError):
    """A position built by hand (or loaded from data) is inconsistent.

    Raised for example when a card appears more often than the decks hold, a hand has the wrong
    size, or a table meld is not a valid meld.
    """


class SerializationError(Rummy500Error, ValueError):
    """JSON data could not be turned back into a library object."""

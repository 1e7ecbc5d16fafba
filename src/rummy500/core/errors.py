"""The package's exception hierarchy.

Every error the library raises on bad input (a wrong type, a number out of range, text or data
it cannot read, a move the rules forbid) derives from :class:`Rummy500Error`, so callers can
catch one type; no bad argument to a public function escapes as a bare ``ValueError``,
``TypeError``, ``KeyError``, ``IndexError`` or ``AttributeError``. The subclasses say which kind
of input was wrong; the message names the argument or the rule broken and what is accepted.

A message quotes at most a short prefix of the input it refuses (:func:`describe_value`), so a
multi-megabyte text or document gives a message of a line, not of megabytes.
"""

from __future__ import annotations

import reprlib
from collections.abc import Sequence
from typing import Final, TypeGuard

__all__ = [
    "QUOTED_PREFIX",
    "ActionError",
    "CardError",
    "ConfigError",
    "IllegalMoveError",
    "MoveParseError",
    "RelaxedWorldWarning",
    "Rummy500Error",
    "SearchLimitError",
    "SerializationError",
    "StateError",
    "describe_value",
    "is_count",
    "is_whole",
    "problems_text",
    "quote_text",
    "quote_value",
]

#: How many characters of a refused input an error message quotes.
QUOTED_PREFIX: Final = 40
#: How long a message listing several problems grows before the rest are only counted.
_PROBLEMS_LENGTH: Final = 240


def quote_text(text: str) -> str:
    """``text`` quoted for an error message: at most its first :data:`QUOTED_PREFIX`
    characters, then "…" where it is cut."""
    if len(text) <= QUOTED_PREFIX:
        return repr(text)
    return repr(text[:QUOTED_PREFIX]) + "…"


class _ShortRepr(reprlib.Repr):
    """A repr that stops early: a few items of each list or object, a few levels deep, so
    that describing a huge document costs little."""

    def repr_int(self, x: int, level: int) -> str:
        # repr() of a huge int is slow, and refused past Python's digit limit.
        return repr(x) if x.bit_length() <= 64 else f"<an int of {x.bit_length()} bits>"


_SHORT_REPR: Final = _ShortRepr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxlist = _SHORT_REPR.maxtuple = 16
_SHORT_REPR.maxdict = 8
_SHORT_REPR.maxstring = QUOTED_PREFIX
# Other objects (this library's own) have short reprs: only the whole is cut, at its end.
_SHORT_REPR.maxother = 2 * QUOTED_PREFIX


def quote_value(value: object) -> str:
    """``value`` as an error message shows it: its repr, cut short.

    A string is quoted by :func:`quote_text`; an int of more than 64 bits is named by its size;
    a list or object shows its first items, a few levels deep, in at most twice
    :data:`QUOTED_PREFIX` characters, ending in "…" where cut. The cost stays small however
    large the value.
    """
    if isinstance(value, str):
        return quote_text(value)
    if isinstance(value, int) and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    text = _SHORT_REPR.repr(value)
    limit = 2 * QUOTED_PREFIX
    return text if len(text) <= limit else text[:limit] + "…"


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number as arguments take one: an ``int`` but not a
    ``bool`` (``True`` is an ``int`` to Python, never a number of turns or a player here).
    Every check of a whole-number argument asks this."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_count(value: object, bound: int | None = None) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (:func:`is_whole`) of 0 or more, and below
    ``bound`` when one is given."""
    return is_whole(value) and value >= 0 and (bound is None or value < bound)


def problems_text(problems: Sequence[str]) -> str:
    """Several problems as one message, ``"; "`` between them: the first, then as many more as
    fit in a few lines, then how many are left out ("; and 3 more problems")."""
    shown = list(problems[:1])
    length = len(shown[0]) if shown else 0
    for problem in problems[1:]:
        length += len(problem) + 2
        if length > _PROBLEMS_LENGTH:
            break
        shown.append(problem)
    left = len(problems) - len(shown)
    more = f"; and {left} more problem{'s' if left > 1 else ''}" if left else ""
    return "; ".join(shown) + more


def describe_value(value: object) -> str:
    """A short description of a wrongly typed (or out of range) value for an error message: a
    string, a number or ``None`` as :func:`quote_value` shows it, anything else by its type
    (``"a dict"``)."""
    if value is None or isinstance(value, str | int | float):
        return quote_value(value)
    return f"a {type(value).__name__}"


class Rummy500Error(Exception):
    """Base class of every error raised by :mod:`rummy500`."""


class ActionError(Rummy500Error, ValueError):
    """An action id is not a whole number within an action space, or an action space was used
    with a state of other rules or another number of players (see :mod:`rummy500.game.actions`).

    An id within range that names no legal move raises :class:`IllegalMoveError` instead.
    """


class CardError(Rummy500Error, ValueError):
    """A card's text could not be read, or a card id is out of range."""


class ConfigError(Rummy500Error, ValueError):
    """A :class:`~rummy500.RuleConfig` combines settings that make no sense together, or
    another setting is out of range or of the wrong type: a player count, a seed, a bot's name
    or budget, a front end's list of player names, a part of an observation that is not there.
    """


class MoveParseError(Rummy500Error, ValueError):
    """A move's text form could not be read."""


class IllegalMoveError(Rummy500Error):
    """A move breaks a rule of the game in the position it was applied to (or a play given to
    :func:`~rummy500.toolkit.put_down` does, or something that is not a move is given as one).

    The message names the rule. The state it was applied to is left unchanged (states are
    immutable), so the caller can simply choose another move.
    """


class StateError(Rummy500Error, ValueError):
    """A position built by hand (or loaded from data) is inconsistent.

    Raised for example when a card appears more often than the decks hold, a hand has the wrong
    size, or a table meld is not a valid meld; and when a function is given something that is
    not the state (or view, or table meld) it reads, a player who is not in the game, or a state
    it cannot answer for (a bot asked for a move out of turn, the result of a game not over).
    """


class SearchLimitError(StateError):
    """The search for a reading of a hand's log (which stock each hidden card played came from,
    after the pile was turned over) spent its work ceiling, 10 million units (about a second of
    pure Python), without finding one or proving that none exists.

    The search is internal: this error does not reach the public functions. A view's check
    accepts such a log (it cannot show that no world explains it), and
    :func:`~rummy500.toolkit.sample_world` deals its worlds without the reading, with a
    :class:`RelaxedWorldWarning`.
    """


class RelaxedWorldWarning(UserWarning):
    """A world was dealt without a reading of which stock each hidden card played came from,
    because the search for one reached its ceiling (:class:`SearchLimitError`).

    The world agrees with everything else the player saw: their hand, the table, the pile, the
    size of every hand and of the stock, the cards known to be in a hand, and what play makes
    public of the player to move. Its hidden cards are dealt as if every one could be in any
    hand or in the stock, so a hand may hold a copy that the log says was still in the stock.
    """


class SerializationError(Rummy500Error, ValueError):
    """JSON data could not be turned back into a library object."""


# The classes are public at the top level (``rummy500.StateError``): tracebacks and reprs name
# them there rather than by this internal module, and they pickle by that name.
for _public in (
    Rummy500Error,
    ActionError,
    CardError,
    ConfigError,
    IllegalMoveError,
    MoveParseError,
    StateError,
    SearchLimitError,
    SerializationError,
    RelaxedWorldWarning,
):
    _public.__module__ = "rummy500"

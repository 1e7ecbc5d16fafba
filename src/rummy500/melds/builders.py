"""The public builders of :class:`~rummy500.TableMeld`, kept out of the compiled modules.

:mod:`rummy500.melds.table` may be compiled with mypyc, and a compiled function refuses an argument
that is not of its parameter's type (a string for an ``int``) with a bare ``TypeError`` of its
own, before its body runs. The builders a user calls are therefore written here, in Python
that is never compiled, with the types their arguments really have: they hand the arguments on
to the table meld's own checks (the ``_checked_*`` methods :class:`~rummy500.TableMeld`
defines), which read them as plain objects and refuse a wrong one with
:class:`~rummy500.StateError`, naming it. The engine builds its table melds without
these builders, so none of this is on the path of a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

__all__ = ["TableMeldBuilders"]

_Meld = TypeVar("_Meld")


class TableMeldBuilders(Generic[_Meld]):
    """The builders :class:`~rummy500.TableMeld` inherits (``_Meld`` is that class)."""

    # No slots of its own: a table meld's fields are all its class's.
    __slots__ = ()

    @classmethod
    def of(
        cls,
        cards: Sequence[int],
        owners: Sequence[int],
        *,
        doubled: bool = False,
        id: int = 0,
        owner: int | None = None,
        top_id: int | None = None,
    ) -> _Meld:
        """The meld holding ``cards`` (a valid meld, in any order), each put there by the owner
        at the same place in ``owners``: how a saved or hand-built table meld is rebuilt.

        ``doubled`` is ``True`` or ``False``, ``id`` a whole number. ``owner``,
        the player who laid the meld down, defaults to the owner of the first card as listed
        (list the cards laid down first, or give the owner); ``top_id`` defaults to ``id``.
        Raises :class:`~rummy500.StateError` when ``cards`` and ``owners`` are not two
        lists of the same length, of cards and of player numbers, or another argument is not
        of its type.
        """
        return cls._checked_of(cards, owners, doubled, id, owner, top_id)

    @classmethod
    def new(cls, cards: Sequence[int], owner: int, *, doubled: bool = False, id: int = 0) -> _Meld:
        """The table meld ``owner`` (a player number) makes by laying down ``cards`` (a valid
        meld in canonical order), named ``id`` (a whole number); ``doubled`` is
        ``True`` or ``False``. Raises :class:`~rummy500.StateError` for an argument
        that is not of its type (cards that are not three or more card ids, say)."""
        return cls._checked_new(cards, owner, doubled, id)

    def extended(self, placement: Sequence[int], cards: Sequence[int], owner: int) -> _Meld:
        """This meld with ``cards`` laid off by ``owner`` (a player number): ``placement`` is
        (below, above), how many of the cards go below the run's low end and above its high
        end ((0, 0) on a set).

        The meld keeps its id and the player who laid it down. Raises
        :class:`~rummy500.StateError` for an argument that is not of its type, or cards
        that do not go where ``placement`` puts them.
        """
        return self._checked_extended(placement, cards, owner)

    # What the table meld defines: each builder, checking every argument as a plain object.

    @classmethod
    def _checked_of(
        cls,
        cards: object,
        owners: object,
        doubled: object,
        id: object,
        owner: object,
        top_id: object,
    ) -> _Meld:
        raise NotImplementedError

    @classmethod
    def _checked_new(cls, cards: object, owner: object, doubled: object, id: object) -> _Meld:
        raise NotImplementedError

    def _checked_extended(self, placement: object, cards: object, owner: object) -> _Meld:
        raise NotImplementedError

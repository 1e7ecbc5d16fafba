"""Keeping a long line of play small.

Every position keeps the position it came from, so the last position of a game keeps the whole
line of play for undo. Most of what a position holds is rebuilt by its move (the mover's hand
and the tuple of hands, the pile, the table), while the position's own object is small. So,
behind the newest positions of a line, a position's hands, pile and table are dropped, and the
position becomes a *stand-in* whose first read of one of them replays its move from the nearest
position before it that still has them; the replayed positions keep their fields again. Undo,
equality and every field behave as before: only the memory differs.

:class:`LineMemory` does this for one class of position (the package's ``State``): the state
module makes one and asks it to :meth:`~LineMemory.sweep` now and then as play goes on.
"""

from __future__ import annotations

from typing import Any, Final, Generic, SupportsIndex, TypeVar

from rummy500.play.engine import replay
from rummy500.play.position import Position, self_set

__all__ = ["CHECKPOINT", "SWEEP_TURNS", "WINDOW", "LineMemory"]

#: How many of the newest positions of a line keep every field (search and undo work there).
WINDOW: Final = 32
#: Behind the window, one position in this many keeps its fields as a place to replay from.
CHECKPOINT: Final = 32
#: Every this many turns of a hand, a line drops the fields of its positions behind the window.
SWEEP_TURNS: Final = 16
#: The fields a stand-in drops.
DROPPED_FIELDS: Final = ("hands", "pile", "table")

P = TypeVar("P", bound=Position)


class LineMemory(Generic[P]):
    """Drops and restores the fields of the positions of class ``whole`` far behind a line's
    newest one.

    A dropped position changes class, in place, to a stand-in subclass of ``whole`` whose
    dropped fields are properties that replay moves to get them back; restoring it changes its
    class back. The class change is the trick that makes the common case free: a position that
    keeps its fields reads them straight from its slots, with no check on the way.
    """

    __slots__ = ("_setters", "stand_in", "whole")

    def __init__(self, whole: type[P]) -> None:
        self.whole = whole
        # Setting a slot through its descriptor is quicker than through setattr.
        self._setters: tuple[Any, ...] = tuple(
            getattr(whole, name).__set__ for name in DROPPED_FIELDS
        )

        def dropped(name: str) -> property:
            def read(position: P) -> object:
                return getattr(self.restored(position), name)

            return property(read, doc=f"The {name}, replayed from the line on the first read.")

        def reduce_ex(position: P, protocol: SupportsIndex) -> str | tuple[Any, ...]:
            return self.restored(position).__reduce_ex__(protocol)

        #: The stand-in class: reads as ``whole`` (equality, ``_value_type``) while dropped.
        self.stand_in: type[P] = type(
            f"_Dropped{whole.__name__}",
            (whole,),
            {
                "__slots__": (),
                "__module__": whole.__module__,
                "__doc__": f"A {whole.__name__} whose {', '.join(DROPPED_FIELDS)} were dropped.",
                "_value_type": whole,
                "__reduce_ex__": reduce_ex,
                **{name: dropped(name) for name in DROPPED_FIELDS},
            },
        )

    def restored(self, position: P) -> P:
        """``position`` with every field in place again: a stand-in's dropped fields are
        replayed from the nearest position before it that kept them, and so are those of the
        stand-ins between."""
        stand_in = self.stand_in
        path = []
        node = position
        while node.__class__ is stand_in:
            path.append(node)
            parent = node.parent
            assert parent is not None  # a position is dropped only when it has a parent
            node = parent
        whole = self.whole
        for child in reversed(path):
            move = child.last_move
            assert move is not None
            after = replay(node, move)
            self_set(child, "__class__", whole)
            for name, put in zip(DROPPED_FIELDS, self._setters, strict=True):
                put(child, getattr(after, name))
            node = child
        return position

    def sweep(self, tip: P) -> None:
        """Drop the fields of the positions of ``tip``'s line behind its newest
        :data:`WINDOW`, back to the positions dropped before, keeping one in
        :data:`CHECKPOINT` whole and the oldest one (whose parent was dropped before), so that
        a read replays fewer than ``CHECKPOINT`` moves."""
        clear_hands, clear_pile, clear_table = self._setters
        whole, stand_in = self.whole, self.stand_in
        node: Position = tip
        for _ in range(WINDOW):
            parent = node.parent
            if parent is None:
                return
            node = parent
        i = 0
        while node.__class__ is whole and node.last_move is not None:
            parent = node.parent
            if parent is None or parent.__class__ is stand_in:
                return
            i += 1
            if i % CHECKPOINT:
                clear_hands(node, None)
                clear_pile(node, None)
                clear_table(node, None)
                self_set(node, "__class__", stand_in)
            node = parent

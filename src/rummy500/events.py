"""The events of a hand: what happened at the table, in order, as each player saw it.

Every state keeps the log of the hand in play (:attr:`State.log <rummy500.State.log>`),
and each player's view holds it as that player saw it
(:attr:`PlayerView.log <rummy500.PlayerView.log>`). The log is the event stream a front
end follows: one event per move, and one for what play does by itself (a hand dealt, the pile
turned over as a new stock, a hand scored) or what ends the game from outside play (a player
who left, a host who cancelled it).

Each event, its text and what it hides from the other players (nothing where none is said):

* :class:`Dealt`, ``hand 0 dealt by P2: P0 A♠ 4♦ ..., P1 7 cards, P2 7 cards; pile 8♣; stock
  30``: hides each hand's cards (its size is public).
* :class:`Drew`, ``P1 draw 7♥`` (``P1 draw`` when hidden): hides the card drawn.
* :class:`Took`, ``P1 take J♣ 4♥ K♦``.
* :class:`Called`, ``P2 call 7♥``.
* :class:`Passed`, ``P2 pass``.
* :class:`Melded`, ``P1 meld 8♠ 8♥ 8♦ as 3``.
* :class:`LaidOff`, ``P1 layoff 2 9♠``.
* :class:`Discarded`, ``P1 discard 5♠``.
* :class:`Declined`, ``P0 decline``.
* :class:`Reshuffled`, ``pile turned over: stock 23``: hides nothing (the order is secret).
* :class:`HandEnded`, ``hand 0 over, P1 out: scores 64 -5 -10; totals 64 -5 -10``.
* :class:`Abandoned`, ``P1 left: game abandoned; totals 64 -5 -10``: the game ended early, a
  player having left (:meth:`State.abandon <rummy500.State.abandon>`), with the totals of the
  hands finished.
* :class:`Cancelled`, ``game cancelled by the host; totals 64 -5 -10``: the game ended early,
  cancelled by the host (:meth:`State.cancel <rummy500.State.cancel>`).

A player's own events read like their moves (``P1 layoff 2 9♠`` is the text of the move
``layoff 2 9♠``, played by player 1). Events are small immutable values: equal events are
``==`` and hash alike. :meth:`Event.seen_by` gives an event as one player saw it.

A table meld's id is ``meld_id`` on :class:`Melded` and :class:`LaidOff`, as on
:class:`~rummy500.Layoff` (and ``"meld"`` in the saved form, as always). The old name
``meld`` still reads, and the constructors and :func:`attrs.evolve` still take it
(``LaidOff(1, meld=2, laid=...)``), with a :class:`DeprecationWarning`, until 1.1.0.
"""

# The events are defined with the engine, a layer down; this is their public home, which
# exports exactly what that module does.
from rummy500.play.events import *  # noqa: F403
from rummy500.play.events import __all__ as __all__

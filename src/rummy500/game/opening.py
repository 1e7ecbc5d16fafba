"""The opening position of a game: the checks of :func:`~rummy500.game.state.new_game`'s
arguments, the choice of the first dealer and the deal of the first hand.

The position is built as the class asked for (the package's ``State``), so that nothing here
names the facade above it.
"""

from __future__ import annotations

from typing import TypeVar

from rummy500.core.cards import Card
from rummy500.core.errors import ConfigError, StateError, describe_value, is_whole
from rummy500.core.phases import Phase
from rummy500.play.log import dealt
from rummy500.play.position import Position
from rummy500.rules.config import RuleConfig
from rummy500.rules.dealing import choose_first_dealer, deal_hand

__all__ = ["open_game"]

P = TypeVar("P", bound=Position)


def open_game(
    cls: type[P], config: RuleConfig | None, players: int, seed: int, dealer: int | None
) -> P:
    """The opening position of a game, as a ``cls``: the first dealer chosen by the seed
    (unless ``dealer`` is given) and the first hand dealt, with the deal as its log (see
    :func:`~rummy500.game.state.new_game`, which the checks of the arguments name)."""
    if config is not None and not isinstance(config, RuleConfig):
        hint = (
            f" (for a preset, pass rummy500.presets.get({describe_value(config)}))"
            if isinstance(config, str)
            else ""
        )
        raise ConfigError(
            f"config must be a RuleConfig or None, not {describe_value(config)}{hint}"
        )
    for name, value in (("players", players), ("seed", seed)):
        if not is_whole(value):
            raise ConfigError(f"{name} must be a whole number, not {describe_value(value)}")
    if dealer is not None and not is_whole(dealer):
        raise StateError(f"dealer must be a player number or None, not {describe_value(dealer)}")
    cfg = RuleConfig() if config is None else config
    cfg.check_players(players)
    drawn: tuple[Card, ...] = ()
    if dealer is None:
        dealer, drawn = choose_first_dealer(cfg, players, seed)
    elif not 0 <= dealer < players:
        # A seat that is not in the game, as a saved game record's dealer is refused.
        raise StateError(
            f"the dealer must be a player from 0 to {players - 1} or None, not "
            f"{describe_value(dealer)}"
        )
    hands, stock, pile = deal_hand(cfg, players, seed, 0, dealer)
    position = cls._of(
        config=cfg,
        seed=seed,
        hand_number=0,
        dealer=dealer,
        phase=Phase.DRAW,
        current=(dealer + 1) % players,
        hands=hands,
        stock=stock,
        pile=pile,
        table=(),
        owed=None,
        totals=(0,) * cfg.sides(players),
        dealer_draw=drawn,
    )
    # The deal is the first event of the hand, read off the position just dealt: the position
    # that starts the undo chain keeps it as what happened before it.
    return cls._of(**position._fields(), log=(dealt(position),))

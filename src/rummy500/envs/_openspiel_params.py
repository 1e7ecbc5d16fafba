"""The OpenSpiel game's registration and parameters: the name it is registered under, the game
type OpenSpiel registers (with the parameters' defaults), the parameters' limits and their
checks, the reading of the ``rules`` parameter in either form, and the bound on a game's length.

:mod:`rummy500.envs.openspiel` exports the public names and registers the game.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any, Final

import attrs
import pyspiel

from rummy500 import ConfigError, RuleConfig, SerializationError, loads, presets, to_data
from rummy500.core.errors import describe_value, is_whole, quote_value

#: The name the game is registered under: ``pyspiel.load_game(SHORT_NAME, {...})``.
SHORT_NAME: Final = "python_rummy500"
#: The number of equally likely outcomes (game seeds) of each deal, unless ``seeds`` is given.
DEFAULT_SEEDS: Final = 4096
#: The most chance outcomes a deal may have. Every chance node lists all of them
#: (``chance_outcomes()``), and the game keeps that list: 65,536 outcomes are a few megabytes
#: and a few milliseconds to list at each deal; many more would make every deal slow and the
#: game large.
MAX_SEEDS: Final = 2**16
#: The largest ``max_game_length`` the game reports, and the largest ``hands``: the most a C++
#: ``int`` holds, as OpenSpiel keeps both in one.
MAX_GAME_LENGTH: Final = 2**31 - 1
_MAX_PLAYERS: Final = 8

#: The game's registration: what kind of game it is and its parameters with their defaults.
GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Rummy 500",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "preset": "standard",
        "rules": "",
        "players": 3,
        "hands": 0,
        "seeds": DEFAULT_SEEDS,
    },
)


def check_params(params: dict[str, Any]) -> None:
    """Refuse a game parameter of the wrong type or out of range (``pyspiel.load_game`` checks
    the types itself; a game built directly is checked here)."""
    for name in params:
        if not isinstance(name, str):
            raise ConfigError(f"a game parameter's name is a str, not {describe_value(name)}")
    unknown = sorted(set(params) - set(GAME_TYPE.parameter_specification))
    if unknown:
        raise ConfigError(
            f"no game parameter is named {describe_value(unknown[0])}: the parameters are "
            + ", ".join(GAME_TYPE.parameter_specification)
        )
    for name in ("preset", "rules"):
        if not isinstance(params[name], str):
            raise ConfigError(
                f"the game parameter {name} must be a str, not {describe_value(params[name])}"
            )
    for name, low, high, why in (
        ("players", None, None, ""),
        ("hands", 0, MAX_GAME_LENGTH, "OpenSpiel holds it in a C++ int"),
        ("seeds", 1, MAX_SEEDS, "every deal lists all its chance outcomes"),
    ):
        value = params[name]
        if not is_whole(value):
            raise ConfigError(
                f"the game parameter {name} must be an int, not {describe_value(value)}"
            )
        if low is not None and value < low:
            raise ConfigError(f"the game parameter {name} must be {low} or more, not {value}")
        if high is not None and value > high:
            raise ConfigError(
                f"the game parameter {name} must be at most {high} ({why}), not "
                + describe_value(value)
            )


#: The form :func:`rules_parameter` writes: URL-safe base64, its padding left out (or not).
_BASE64: Final = re.compile(r"[A-Za-z0-9_-]+={0,2}")


def encoded_rules(config: RuleConfig) -> str:
    """``config`` as :func:`rules_parameter` writes it: its JSON without spaces, in URL-safe
    base64 without padding."""
    text = json.dumps(to_data(config), separators=(",", ":"), allow_nan=False)
    return base64.urlsafe_b64encode(text.encode("ascii")).decode("ascii").rstrip("=")


def read_rules(text: str) -> RuleConfig:
    """The rules the parameter ``rules`` holds: JSON text, or the form of
    :func:`rules_parameter`."""
    if not _BASE64.fullmatch(text):
        return loads(text, RuleConfig)
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
        return loads(data, RuleConfig)
    except (binascii.Error, SerializationError) as exc:
        raise SerializationError(
            f"the game parameter rules {quote_value(text)} is neither JSON nor a rule set in "
            f"URL-safe base64 (as rules_parameter writes it): {exc}"
        ) from exc


def game_rules(params: dict[str, Any]) -> tuple[RuleConfig, str]:
    """The rules the game parameters name, cut short to ``hands`` hands when that is given,
    and the parameter ``rules`` as the game's string holds it (as :func:`rules_parameter`
    writes it, or empty when no rules are given)."""
    text = params["rules"]
    if text:
        config = read_rules(text)
        text = encoded_rules(config)
    else:
        config = presets.get(params["preset"])
    hands = params["hands"]
    if hands:
        # A fixed number of hands has no target, so nobody has to go out to win either.
        config = attrs.evolve(
            config,
            target=None,
            hands_per_game=hands,
            hand_limit=hands,
            must_go_out_to_win=False,
        )
    return config, text


def max_game_length(config: RuleConfig, players: int) -> int:
    """The bound on the length of a game (see the description of
    :mod:`rummy500.envs.openspiel`), at most :data:`MAX_GAME_LENGTH`."""
    deck = config.deck_size(players)
    bound = config.hand_limit * (config.turn_limit * (2 * deck + 2 * players + 4) + 1)
    return min(bound, MAX_GAME_LENGTH)

"""Wrong-type fuzz campaign: every public callable, given one wrongly typed argument at a time.

The public callables are the names in the ``__all__`` of the package and of its public modules
(:data:`PUBLIC_MODULES`), with the constructors and public methods of the classes among them.
For each one the campaign builds a valid call from the examples below (:data:`SHARED` by
parameter name, :data:`BY_CALLABLE` where a callable needs its own), then replaces one argument
at a time by each of :data:`BAD_VALUES` and calls it. Each call is

- *refused*: it raised an error of the package (:class:`rummy500.Rummy500Error`), as it should;
- *accepted*: it returned (fine when the value is one the callable may take);
- *stray*: it raised anything else, a bare ``TypeError`` or ``IndexError`` say (a bug);

and a refusal whose message is longer than :data:`MAX_MESSAGE` characters is a *long message*
(a bug too: a message quotes at most a short prefix of what it refuses).

    python scripts/fuzz_arguments.py             # every bad value
    python scripts/fuzz_arguments.py --quick     # a few of them, for CI: under a minute
    python scripts/fuzz_arguments.py --only toolkit.put_down --accepted

Prints the counts and every stray and long message, and exits 1 when one is found that
:data:`KNOWN_STRAYS` does not list, or when the examples cannot make a valid call of a public
callable. Modules that need an extra that is not installed are skipped, and said so.
"""

from __future__ import annotations

import argparse
import contextlib
import enum
import importlib
import inspect
import io
import math
import os
import random
import signal
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from typing import Any, Final, NamedTuple, cast

import attrs

import rummy500
from rummy500 import Card, RuleConfig, Rummy500Error, State, TableMeld, parse_cards, presets

#: The modules whose ``__all__`` is public API (the package's own first).
PUBLIC_MODULES: Final = (
    "rummy500",
    "rummy500.toolkit",
    "rummy500.presets",
    "rummy500.events",
    "rummy500.bots",
    "rummy500.bots.evaluation",
    "rummy500.render",
    "rummy500.observations",
    "rummy500.infostate",
    "rummy500.simulate",
    "rummy500.envs.gymnasium",
    "rummy500.envs.pettingzoo",
    "rummy500.envs.openspiel",
)

#: The longest message a refusal may have: a line or two, whatever the size of the input.
MAX_MESSAGE: Final = 300

#: How long one call may run before it counts as a stray (a bad value must be refused at once;
#: a good one needs no more than the short games the examples set up).
TIME_LIMIT: Final = 20.0


# -- the bad values ---------------------------------------------------------------------------


class Bad(NamedTuple):
    """A wrongly typed value: how reports show it, and a function that makes a fresh one (a
    callable may keep or change a list it is given)."""

    label: str
    make: Callable[[], object]


#: Every bad value; the first :data:`QUICK_VALUES` of them make the quick campaign.
BAD_VALUES: Final = (
    Bad("None", lambda: None),
    Bad("'x'", lambda: "x"),
    Bad("1.5", lambda: 1.5),
    Bad("True", lambda: True),
    Bad("10**30", lambda: 10**30),
    Bad("[[1, 2], [3]]", lambda: [[1, 2], [3]]),
    Bad("'x' * 100000", lambda: "x" * 100_000),
    Bad("-1", lambda: -1),
    Bad("nan", lambda: math.nan),
    Bad("object()", object),
    Bad("{'x': 1}", lambda: {"x": 1}),
    Bad("b'x'", lambda: b"x"),
    Bad("False", lambda: False),
    Bad("()", tuple),
    Bad("list(range(100000))", lambda: list(range(100_000))),
)
QUICK_VALUES: Final = 7


# -- what may still go wrong --------------------------------------------------------------------

#: Strays and long messages not fixed yet, by callable and parameter: the campaign reports them
#: apart and does not fail on them. Remove an entry once its callable refuses every bad value
#: with an error of the package (the full campaign lists the entries it no longer needs).
KNOWN_STRAYS: Final[frozenset[tuple[str, str]]] = frozenset()


# -- the valid examples -------------------------------------------------------------------------


class The(NamedTuple):
    """An example that is an attribute of the :class:`World`."""

    name: str


class FieldsOf(NamedTuple):
    """The examples of every argument of a constructor at once: the fields of an attribute of
    the :class:`World` (an attrs instance or a named tuple), which it rebuilds."""

    name: str


class World:
    """The valid objects the examples are made of, each built on first use.

    Immutable ones are built once; objects a call may change (an environment, a random number
    generator, a bot) are properties, built afresh for every call.
    """

    # -- rules, cards and melds

    @cached_property
    def config(self) -> RuleConfig:
        """The standard rules."""
        return RuleConfig()

    @cached_property
    def card_values(self) -> rummy500.CardValues:
        """The standard card values."""
        return self.config.card_values

    @cached_property
    def one_hand(self) -> RuleConfig:
        """Rules of games one hand long, which bots and simulations finish quickly."""
        return attrs.evolve(self.config, target=None, hands_per_game=1)

    @cached_property
    def preset(self) -> presets.Preset:
        """The standard preset."""
        return presets.preset("standard")

    @cached_property
    def meld_cards(self) -> tuple[Card, ...]:
        """A run, as cards."""
        return parse_cards("5H 6H 7H")

    @cached_property
    def hand(self) -> tuple[Card, ...]:
        """A hand holding :attr:`meld_cards`, a card to lay off on them and one more."""
        return parse_cards("5H 6H 7H 8H 9C")

    @cached_property
    def meld(self) -> TableMeld:
        """:attr:`meld_cards` on the table, laid down by player 0."""
        return TableMeld.new(self.meld_cards, 0)

    @cached_property
    def table(self) -> tuple[TableMeld, ...]:
        """A table holding :attr:`meld`."""
        return (self.meld,)

    @cached_property
    def hands(self) -> list[list[Card]]:
        """The hands of three players at the end of a hand."""
        return [list(parse_cards("9C KD")), list(parse_cards("2S")), []]

    # -- games

    @cached_property
    def state(self) -> State:
        """A game of three players, its dealer drawn for, the first player to draw."""
        return rummy500.new_game(players=3, seed=1)

    @cached_property
    def view(self) -> rummy500.PlayerView:
        """The view of the player to move in :attr:`state`."""
        return self.state.view(self.state.current_player)

    @cached_property
    def move(self) -> rummy500.Move:
        """A legal move in :attr:`state`."""
        return self.state.legal_moves()[0]

    @cached_property
    def log(self) -> tuple[rummy500.events.Event, ...]:
        """The log of :attr:`state`, as player 0 saw it."""
        return self.state.seen_log(0)

    @cached_property
    def position(self) -> dict[str, object]:
        """The arguments of ``State.from_position`` that rebuild :attr:`state`."""
        state = self.state
        return {"hands": state.hands, "stock": state.stock, "pile": state.pile}

    @cached_property
    def dealer_draw(self) -> tuple[Card, ...]:
        """The cards drawn for the first deal of :attr:`state`."""
        return self.state.dealer_draw

    @cached_property
    def saved(self) -> str:
        """:attr:`state` saved."""
        return rummy500.dumps(self.state)

    @cached_property
    def data(self) -> object:
        """:attr:`state` as JSON data."""
        return rummy500.to_data(self.state)

    @cached_property
    def evaluation(self) -> Any:
        """The evaluation that ships with the package."""
        from rummy500.bots.evaluation import shipped

        return shipped()

    @cached_property
    def evaluation_data(self) -> dict[str, Any]:
        """The shipped evaluation's file, read as JSON."""
        from rummy500.bots.evaluation import FEATURES

        weights = {str(p): list(w) for p, w in self.evaluation.weights.items()}
        return {"features": list(FEATURES), "weights": weights, "about": "shipped"}

    @cached_property
    def short_game(self) -> State:
        """A game of three players and one hand, the first player to draw."""
        return rummy500.new_game(self.one_hand, players=3, seed=1)

    @cached_property
    def finished(self) -> State:
        """:attr:`short_game` played to its end by random bots."""
        from rummy500.bots import play_game

        return play_game(self.short_game, self.bots)

    @property
    def stream(self) -> io.StringIO:
        """A text stream to write to."""
        return io.StringIO()

    @property
    def rng(self) -> random.Random:
        """A seeded random number generator."""
        return random.Random(1)

    @property
    def bots(self) -> list[Any]:
        """A random bot for each player of :attr:`short_game`."""
        from rummy500.bots import RandomBot

        return [RandomBot(seat) for seat in range(3)]

    @cached_property
    def dealt(self) -> rummy500.events.Event:
        """The deal of :attr:`state`, as player 0 saw it."""
        return self.log[0]

    @cached_property
    def drew(self) -> rummy500.events.Event:
        """A draw from the stock, as the other players see it."""
        return rummy500.events.Drew(0, None)

    # -- action numbers

    @cached_property
    def action(self) -> int:
        """The number of :attr:`move`."""
        space = rummy500.toolkit.ActionSpace.for_state(self.state)
        return space.encode(self.move, self.state)

    @cached_property
    def action_range(self) -> rummy500.toolkit.ActionRange:
        """The range of action numbers :attr:`action` is in."""
        return rummy500.toolkit.ActionSpace.for_state(self.state).range_of(self.action)

    # -- vectors (the rl extra)

    @cached_property
    def observations(self) -> Any:
        """The observation space of :attr:`state`."""
        from rummy500.observations import ObservationSpace

        return ObservationSpace.of(self.config, 3)

    @cached_property
    def observation(self) -> Any:
        """The observation of :attr:`view`."""
        return self.observations.observation(self.view)

    @cached_property
    def part(self) -> Any:
        """The first part of an observation."""
        return self.observations.layout()[0]

    @cached_property
    def information(self) -> Any:
        """The information state space of :attr:`state`."""
        from rummy500.infostate import InformationStateSpace

        return InformationStateSpace.of(self.config, 3)

    # -- simulations

    @cached_property
    def simulation(self) -> Any:
        """One game of :attr:`one_hand` between random bots."""
        from rummy500.simulate import Simulation

        return Simulation.of(self.one_hand, 3, ["random"], 1)

    @cached_property
    def outcome(self) -> Any:
        """The outcome of :attr:`simulation`'s game."""
        from rummy500.simulate import play_one

        return play_one(self.simulation, 0)

    @cached_property
    def outcomes(self) -> list[Any]:
        """Every outcome of :attr:`simulation`."""
        return [self.outcome]

    @cached_property
    def hand_outcome(self) -> Any:
        """The outcome of the hand of :attr:`outcome`."""
        return self.outcome.hands[0]

    @cached_property
    def outcome_data(self) -> Any:
        """:attr:`outcome` as JSON data."""
        return self.outcome.to_json()

    @cached_property
    def ladder_format(self) -> Any:
        """Two players, games of one hand, a deal a cell."""
        from rummy500.simulate import Format

        return Format("2p-hand", "standard", 2, 1, max_deals=1, max_search_deals=1)

    @cached_property
    def ladder_plan(self) -> Any:
        """A ladder of the random and greedy bots in :attr:`ladder_format`, a deal a round."""
        from rummy500.simulate import LadderPlan

        return LadderPlan(("random", "greedy"), (self.ladder_format,), min_deals=1, batch=1)

    @cached_property
    def ladder_cell(self) -> Any:
        """The one cell of :attr:`ladder_plan`."""
        return self.ladder_plan.cells()[0]

    @cached_property
    def ladder_results(self) -> Any:
        """:attr:`ladder_plan` before its first round."""
        from rummy500.simulate import LadderResults

        return LadderResults.start(self.ladder_plan)

    @cached_property
    def cell_result(self) -> Any:
        """The results of :attr:`ladder_cell` before its first round."""
        return self.ladder_results.cells[0]

    @cached_property
    def lineup_result(self) -> Any:
        """A line-up of two bots that each won one game."""
        from rummy500.simulate import LineupResult

        return LineupResult(("random", "greedy"), (1, 1))

    @cached_property
    def lineup_results(self) -> list[Any]:
        """:attr:`lineup_result` alone."""
        return [self.lineup_result]

    @cached_property
    def summary(self) -> Any:
        """The summary of :attr:`simulation`."""
        from rummy500.simulate import Summary

        return Summary.of(self.simulation, self.outcomes)

    # -- environments (the rl and openspiel extras)

    @property
    def gym_env(self) -> Any:
        """A Gymnasium environment, reset."""
        from rummy500.envs.gymnasium import Rummy500GymEnv

        env = Rummy500GymEnv()
        env.reset(seed=1)
        return env

    @cached_property
    def gym_action(self) -> int:
        """A legal action of :attr:`gym_env`."""
        return int(self.gym_env.action_masks().nonzero()[0][0])

    @property
    def aec_env(self) -> Any:
        """A PettingZoo environment, reset."""
        from rummy500.envs.pettingzoo import Rummy500AECEnv

        env = Rummy500AECEnv()
        env.reset(seed=1)
        return env

    @cached_property
    def aec_action(self) -> int:
        """A legal action of :attr:`aec_env`."""
        env = self.aec_env
        return int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0])

    @cached_property
    def spiel_game(self) -> Any:
        """The OpenSpiel game, three players."""
        from rummy500.envs.openspiel import Rummy500Game

        return Rummy500Game({"players": 3})

    @property
    def spiel_state(self) -> Any:
        """A state of :attr:`spiel_game` after its first deal."""
        state = self.spiel_game.new_initial_state()
        state.apply_action(state.legal_actions()[0])
        return state

    @cached_property
    def spiel_action(self) -> int:
        """A legal action of :attr:`spiel_state`."""
        actions: list[int] = self.spiel_state.legal_actions()
        return actions[0]

    def resolve(self, example: object) -> object:
        """The value an example stands for."""
        if isinstance(example, The):
            return getattr(self, example.name)
        if isinstance(example, FieldsOf):
            return fields_of(getattr(self, example.name))
        return example


def fields_of(obj: object) -> dict[str, object]:
    """The constructor arguments that rebuild ``obj`` (an attrs instance or a named tuple)."""
    if attrs.has(type(obj)):
        # attrs takes a private field's argument without its underscore.
        fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(obj)))
        return {f.alias: getattr(obj, f.name) for f in fields if f.init}
    as_dict: dict[str, object] = cast(Any, obj)._asdict()
    return as_dict


#: Examples by parameter name, for the callables that do not give their own.
SHARED: Final[Mapping[str, object]] = {
    "action": The("action"),
    "agent": "player_0",
    "ascii": False,
    "card": Card("9C"),
    "cards": The("meld_cards"),
    "config": The("config"),
    "event": The("drew"),
    "hand": The("hand"),
    "hands": The("hands"),
    "move": The("move"),
    "name": "standard",
    "names": ["Ann", "Bo", "Cy"],
    "player": 0,
    "players": 3,
    "position": The("state"),
    "rng": The("rng"),
    "seed": 0,
    "simulation": The("simulation"),
    "state": The("state"),
    "table": The("table"),
    "text": "draw",
    "values": The("card_values"),
    "view": The("view"),
}

_ONE_CARD: Final = (Card("8H"),)

#: The examples of callables that need their own, by callable (optional parameters named here
#: are given in every call; the others only when they are the one replaced). ``"self"`` is the
#: object a method is called on. An entry that is a :class:`The` or a :class:`FieldsOf` gives
#: every argument at once. Enums are called with their first member's value.
BY_CALLABLE: Final[Mapping[str, Mapping[str, object] | The | FieldsOf]] = {
    "rummy500.Call": {"taken": The("meld_cards")},
    "rummy500.Card": {"value": "QH"},
    "rummy500.Card.standing_for": {"self": Card("JK"), "card": Card("6S")},
    "rummy500.CardValues.flat": {"ace": 15, "low_cards": 5},
    # An ace, so that ``end`` counts.
    "rummy500.CardValues.points": {"card": Card("AS")},
    "rummy500.Ending": {"how": "abandoned", "player": 1, "during_hand": True},
    "rummy500.Layoff": {"meld_id": 0, "laid": _ONE_CARD},
    "rummy500.Meld": {"melded": The("meld_cards")},
    "rummy500.PlayerTable": {"values": (0, 0, 13, 7, 7, 7, 7, 7, 7)},
    "rummy500.PlayerTable.of": {"default": 7, "overrides": {2: 13}},
    "rummy500.PlayerView": FieldsOf("view"),
    "rummy500.State.from_position": The("position"),
    "rummy500.TableMeld": FieldsOf("meld"),
    "rummy500.TableMeld.extended": {
        "self": The("meld"),
        "placement": (0, 1),
        "cards": _ONE_CARD,
        "owner": 1,
    },
    "rummy500.TableMeld.new": {"owner": 0},
    "rummy500.TableMeld.of": {"owners": [0, 0, 0]},
    "rummy500.Take": {"taken": The("meld_cards")},
    "rummy500.dumps": {"obj": The("state")},
    "rummy500.from_data": {"data": The("data"), "cls": State},
    "rummy500.loads": {"text": The("saved"), "cls": State},
    "rummy500.parse_cards": {"text": "5H 6H 7H"},
    "rummy500.to_data": {"obj": The("state")},
    "rummy500.toolkit.ActionRange": FieldsOf("action_range"),
    "rummy500.toolkit.KnownCardsReader.read": {"events": The("log")},
    "rummy500.toolkit.KnownCardsReader.held": {
        "playing": True,
        "mover": 0,
        "owed": None,
        "kept": None,
    },
    "rummy500.toolkit.GameResult": {"over": True, "winner": 0},
    "rummy500.toolkit.PlayerScore": {"table": 12, "hand": 5, "bonus": 0, "subtracted": True},
    "rummy500.toolkit.dealer_draw_rounds": {"drawn": The("dealer_draw")},
    "rummy500.toolkit.game_result": {"totals": (510, 320, 95)},
    "rummy500.toolkit.put_down": {"table": ()},
    "rummy500.toolkit.side_scores": {"per_player": (40, -10, 25)},
    "rummy500.presets.Preset": FieldsOf("preset"),
    "rummy500.events.Abandoned": {"player": 1, "totals": (0, 0, 0)},
    "rummy500.events.Called": {"player": 1, "taken": The("meld_cards")},
    "rummy500.events.Cancelled": {"totals": (0, 0, 0)},
    "rummy500.events.Dealt": FieldsOf("dealt"),
    "rummy500.events.Drew": {"card": None},
    "rummy500.events.HandEnded": {
        "hand_number": 0,
        "went_out": 0,
        "scores": (10, 0, 0),
        "totals": (10, 0, 0),
    },
    "rummy500.events.LaidOff": {"meld_id": 0, "laid": _ONE_CARD},
    "rummy500.events.Melded": {"melded": The("meld_cards"), "meld_id": 0},
    "rummy500.events.Reshuffled": {"stock_size": 20},
    "rummy500.events.Took": {"taken": _ONE_CARD},
    "rummy500.bots.FlatMCBot": {"playouts": 2},
    "rummy500.bots.ISMCTSBot": {"iterations": 5},
    "rummy500.bots.hand_value": {"state": The("finished")},
    "rummy500.bots.make_bot": {"name": "random"},
    "rummy500.bots.bot_text": {"spec": "ismcts:iterations=5"},
    "rummy500.bots.play_game": {"state": The("short_game"), "bots": The("bots")},
    "rummy500.bots.playout": {"state": The("short_game")},
    "rummy500.bots.evaluation.Evaluation": FieldsOf("evaluation"),
    "rummy500.bots.evaluation.Evaluation.values": {"state": The("short_game")},
    "rummy500.bots.evaluation.Evaluation.covers": {"config": The("config"), "players": 3},
    "rummy500.bots.evaluation.Evaluation.refusal": {"config": The("config"), "players": 3},
    "rummy500.bots.evaluation.Evaluation.from_json": {"data": The("evaluation_data")},
    "rummy500.bots.evaluation.features": {"state": The("short_game")},
    "rummy500.bots.evaluation.player_features": {
        "state": The("short_game"),
        "player": 0,
        "table": (0, 0, 0),
    },
    "rummy500.render.event_words": {"me": 0},
    "rummy500.render.game_result_line": {"state": The("finished")},
    "rummy500.render.hand_result_lines": {"state": The("finished")},
    "rummy500.render.hand_text": {"cards": The("hand")},
    "rummy500.render.meld_line": {"meld": The("meld")},
    "rummy500.observations.ObservationSpace": FieldsOf("observations"),
    "rummy500.observations.ObservationSpace.scaled": {"vector": The("observation")},
    "rummy500.observations.VectorLayout.part": {"name": "hand"},
    "rummy500.observations.Part": FieldsOf("part"),
    "rummy500.infostate.InformationStateSpace": FieldsOf("information"),
    "rummy500.simulate.GameOutcome": FieldsOf("outcome"),
    "rummy500.simulate.GameOutcome.from_json": {"data": The("outcome_data")},
    "rummy500.simulate.HandOutcome": FieldsOf("hand_outcome"),
    "rummy500.simulate.Interval": {"value": 0.5, "low": 0.25, "high": 0.75},
    "rummy500.simulate.ProgressReport": {"stream": The("stream")},
    "rummy500.simulate.Plan": {
        "backend": "local",
        "games": 1,
        "total": 1,
        "workers": 1,
        "requested": None,
        "limit": None,
    },
    "rummy500.simulate.Format": FieldsOf("ladder_format"),
    "rummy500.simulate.Cell": FieldsOf("ladder_cell"),
    "rummy500.simulate.LadderPlan": FieldsOf("ladder_plan"),
    "rummy500.simulate.LadderPlan.cap": {"cell": The("ladder_cell")},
    "rummy500.simulate.LadderPlan.fixed_deals": {"cell": The("ladder_cell")},
    "rummy500.simulate.CellResult": FieldsOf("cell_result"),
    "rummy500.simulate.CellResult.status": {"plan": The("ladder_plan")},
    "rummy500.simulate.LadderResults": FieldsOf("ladder_results"),
    "rummy500.simulate.LadderResults.start": {"plan": The("ladder_plan")},
    "rummy500.simulate.LadderResults.ratings": {"bootstrap": 2},
    "rummy500.simulate.LineupResult": FieldsOf("lineup_result"),
    "rummy500.simulate.Rating": {
        "bot": "random",
        "rating": 0.0,
        "low": 0.0,
        "high": 0.0,
        "games": 2,
    },
    "rummy500.simulate.ratings": {"results": The("lineup_results"), "bootstrap": 2},
    "rummy500.simulate.run_ladder": {
        "plan": The("ladder_plan"),
        "path": "ladder.json",
        "workers": 1,
    },
    "rummy500.simulate.Simulation": FieldsOf("simulation"),
    "rummy500.simulate.Simulation.of": {"rules": "standard", "bots": ["random"], "games": 1},
    "rummy500.simulate.Summary": FieldsOf("summary"),
    "rummy500.simulate.Summary.of": {"outcomes": The("outcomes")},
    "rummy500.simulate.play_one": {"index": 0},
    "rummy500.simulate.simulate": {"workers": 1},
    "rummy500.envs.gymnasium.Rummy500GymEnv.step": {"action": The("gym_action")},
    "rummy500.envs.pettingzoo.Rummy500AECEnv.step": {"action": The("aec_action")},
    "rummy500.envs.openspiel.Rummy500Game": {"params": {"players": 3}},
    "rummy500.envs.openspiel.Rummy500State.apply_action": {"action": The("spiel_action")},
    "rummy500.envs.openspiel.Rummy500State.resample_from_infostate": {
        "player_id": 0,
        "probability_sampler": lambda: 0.5,
    },
}

#: The objects instance methods are called on, by class, where the class built from its own
#: examples would not do (a base class, or one made by a factory).
INSTANCES: Final[Mapping[str, The]] = {
    "rummy500.State": The("state"),
    "rummy500.Move": The("move"),
    "rummy500.events.Event": The("drew"),
    "rummy500.observations.VectorLayout": The("observations"),
    "rummy500.envs.gymnasium.Rummy500GymEnv": The("gym_env"),
    "rummy500.envs.pettingzoo.Rummy500AECEnv": The("aec_env"),
    "rummy500.envs.openspiel.Rummy500State": The("spiel_state"),
}

#: The parameters of methods that give no signature (a compiled class's), in order; ``*``
#: marks where the keyword-only ones start.
SIGNATURES: Final[Mapping[str, str]] = {
    "rummy500.TableMeld.card_points": "values",
    "rummy500.TableMeld.end_aces": "values",
}

#: Public constructors the campaign does not call, and why.
NOT_CALLED: Final[Mapping[str, str]] = {
    "rummy500.envs.openspiel.Rummy500State": (
        "made by Rummy500Game.new_initial_state, from the game's own shared data"
    ),
}


# -- the public callables -----------------------------------------------------------------------


class Param(NamedTuple):
    """A parameter of a public callable."""

    name: str
    #: Given by position only (every other argument is given by name).
    positional: bool
    required: bool


class Target(NamedTuple):
    """A public callable: a function, a class (its constructor) or a method of a class."""

    name: str
    #: The function or class; for a method, the class it is looked up on.
    obj: Any
    #: For a method: its name, and the public name of the class whose instances it is called
    #: on (``None`` for a class or static method, called on the class).
    method: str | None
    receiver: str | None
    params: tuple[Param, ...]


class Catalogue(NamedTuple):
    """Every public callable found, and what could not be looked at."""

    targets: list[Target]
    #: The public modules left out (an extra they need is not installed), with the reason.
    skipped: dict[str, str]
    #: What is wrong with the catalogue itself: a name ``__all__`` lists that is not defined, a
    #: callable whose parameters cannot be known (no signature, and none in SIGNATURES).
    problems: list[str]


def _parameters(function: Any, *, drop_first: bool = False) -> tuple[Param, ...] | None:
    """The parameters of ``function`` from its signature, or ``None`` when it gives none."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    found = [
        Param(p.name, p.kind is p.POSITIONAL_ONLY, p.default is p.empty)
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]
    return tuple(found[1:] if drop_first else found)


def _listed_parameters(spec: str) -> tuple[Param, ...]:
    """The parameters a :data:`SIGNATURES` entry lists."""
    names = spec.split()
    keywords = names.index("*") if "*" in names else len(names)
    return tuple(Param(name, False, i < keywords) for i, name in enumerate(names) if name != "*")


def _is_entry(obj: object) -> bool:
    """Whether an exported name is a callable to try: a function or a class that is not an
    exception (anything is an exception's message) or a protocol (a bot's interface)."""
    if inspect.isroutine(obj):
        return True
    return (
        inspect.isclass(obj)
        and not issubclass(obj, BaseException)
        and not getattr(obj, "_is_protocol", False)
    )


def _exported() -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """Every public function and class by its public name, first module first; the public
    modules left out (an extra they need is not installed); and the names that ``__all__``
    lists but the module does not define."""
    found: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    missing: list[str] = []
    seen: set[int] = set()
    for module_name in PUBLIC_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError as error:
            # Only an extra that is missing skips a module: the package's own failing import
            # is a bug to report.
            if (error.name or "rummy500").partition(".")[0] == "rummy500":
                raise
            skipped[module_name] = str(error).splitlines()[0]
            continue
        for name in module.__all__:
            obj = getattr(module, name, missing)
            if obj is missing:
                missing.append(f"{module_name}.{name}: in __all__ but not defined")
            elif _is_entry(obj) and id(obj) not in seen:
                seen.add(id(obj))
                found[f"{module_name}.{name}"] = obj
    return found, skipped, missing


def catalogue() -> Catalogue:
    """Every public callable: exported functions, exported classes (their constructors) and
    the public methods those classes define or inherit from the package's classes."""
    exported, skipped, problems = _exported()
    class_names = {id(obj): name for name, obj in exported.items() if inspect.isclass(obj)}
    targets: list[Target] = []
    methods_seen: set[int] = set()

    def add(name: str, obj: Any, params: tuple[Param, ...] | None, **method: str | None) -> None:
        params = _listed_parameters(SIGNATURES[name]) if name in SIGNATURES else params
        if params is None:
            problems.append(f"{name}: no signature (add it to SIGNATURES)")
        else:
            targets.append(Target(name, obj, method.get("method"), method.get("receiver"), params))

    for name, obj in exported.items():
        if not inspect.isclass(obj):
            add(name, obj, _parameters(obj))
            continue
        if issubclass(obj, enum.Enum):
            add(name, obj, (Param("value", False, True),))
        else:
            add(name, obj, _parameters(obj))
        for klass in obj.__mro__:
            if not klass.__module__.startswith("rummy500."):
                continue
            # A method is named after the public class that defines it, if there is one.
            owner = class_names.get(id(klass), name)
            for attribute, raw in vars(klass).items():
                if attribute.startswith("_") or id(raw) in methods_seen:
                    continue
                if isinstance(raw, staticmethod | classmethod):
                    methods_seen.add(id(raw))
                    bound = getattr(obj, attribute)
                    add(f"{owner}.{attribute}", obj, _parameters(bound), method=attribute)
                elif inspect.isroutine(raw):
                    methods_seen.add(id(raw))
                    params = _parameters(raw, drop_first=True)
                    add(f"{owner}.{attribute}", obj, params, method=attribute, receiver=owner)
    return Catalogue(targets, skipped, problems)


# -- making the calls ---------------------------------------------------------------------------


class ExampleError(Exception):
    """The examples cannot make a valid call of a public callable."""


def _base_arguments(target: Target, world: World) -> dict[str, object]:
    """The valid arguments of ``target``'s call: its own examples, else the shared ones."""
    own = BY_CALLABLE.get(target.name, {})
    examples = world.resolve(own)
    if not isinstance(examples, Mapping):
        raise ExampleError(f"the examples of {target.name} are not a mapping: {examples!r}")
    arguments: dict[str, object] = {}
    for param in target.params:
        if param.name in examples:
            arguments[param.name] = world.resolve(examples[param.name])
        elif param.required and inspect.isclass(target.obj) and target.method is None:
            if issubclass(target.obj, enum.Enum):
                arguments[param.name] = next(iter(target.obj)).value
            elif param.name in SHARED:
                arguments[param.name] = world.resolve(SHARED[param.name])
            else:
                raise ExampleError(f"no example of {target.name}'s {param.name}")
        elif param.required:
            if param.name not in SHARED:
                raise ExampleError(f"no example of {target.name}'s {param.name}")
            arguments[param.name] = world.resolve(SHARED[param.name])
    return arguments


def _function(target: Target, world: World, constructors: Mapping[str, Target]) -> Any:
    """What to call for ``target``: the function or class, or the method of an object."""
    if target.method is None:
        return target.obj
    if target.receiver is None:
        return getattr(target.obj, target.method)
    own = BY_CALLABLE.get(target.name, {})
    if isinstance(own, Mapping) and "self" in own:
        instance = world.resolve(own["self"])
    elif target.receiver in INSTANCES:
        instance = world.resolve(INSTANCES[target.receiver])
    else:
        constructor = constructors[target.receiver]
        instance = _invoke(constructor.obj, constructor.params, _base_arguments(constructor, world))
    return getattr(instance, target.method)


def _invoke(function: Any, params: tuple[Param, ...], arguments: Mapping[str, object]) -> object:
    """Call ``function`` with ``arguments``: positional-only ones by position, others by name."""
    positional = [arguments[p.name] for p in params if p.positional and p.name in arguments]
    by_name = {
        p.name: arguments[p.name] for p in params if not p.positional and p.name in arguments
    }
    return function(*positional, **by_name)


class Overtime(BaseException):
    """A call ran past :data:`TIME_LIMIT` (a BaseException: no ``except Exception`` in the
    package can swallow it)."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Overtime` in the block once it has run ``seconds`` (where signals allow:
    on the main thread of a system with SIGALRM)."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise Overtime

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def _quietly() -> Iterator[None]:
    """Run the calls in a scratch directory (a simulation writes its output file there), with
    what they print and the warnings they give kept back: what Python prints, and what
    compiled code (OpenSpiel's) writes straight to the process's standard streams."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    try:
        with (
            tempfile.TemporaryDirectory() as scratch,
            contextlib.chdir(scratch),
            open(os.devnull, "w") as sink,
            warnings.catch_warnings(),
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(io.StringIO()),
        ):
            os.dup2(sink.fileno(), 1)
            os.dup2(sink.fileno(), 2)
            warnings.simplefilter("ignore")
            yield
    finally:
        for fd, copy in enumerate(saved, 1):
            os.dup2(copy, fd)
            os.close(copy)


def _shortened(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


# -- the campaign -------------------------------------------------------------------------------


class Finding(NamedTuple):
    """One call and what came of it."""

    target: str
    param: str
    value: str
    #: The exception (its class and the start of its message), or "" for an accepted call.
    outcome: str

    @property
    def call(self) -> str:
        """The call as text."""
        return f"{self.target}({self.param}={self.value})"

    @property
    def pair(self) -> tuple[str, str]:
        """The callable and the parameter, as :data:`KNOWN_STRAYS` lists them."""
        return (self.target, self.param)

    def __str__(self) -> str:
        return f"{self.call} -> {self.outcome}" if self.outcome else self.call


@attrs.define
class Report:
    """What the campaign found."""

    tried: int = 0
    refused: int = 0
    accepted: list[Finding] = attrs.field(factory=list)
    strays: list[Finding] = attrs.field(factory=list)
    long_messages: list[Finding] = attrs.field(factory=list)
    #: What keeps the campaign from trying every public callable as it should: examples that
    #: make no valid call, entries of the tables that name no public callable.
    broken: list[str] = attrs.field(factory=list)
    #: The public modules left out (an extra they need is not installed), with the reason.
    skipped: dict[str, str] = attrs.field(factory=dict)
    seconds: float = 0.0

    def known(self) -> list[Finding]:
        """The strays and long messages of :data:`KNOWN_STRAYS`."""
        return [f for f in [*self.strays, *self.long_messages] if f.pair in KNOWN_STRAYS]

    def unexpected(self) -> list[Finding]:
        """The strays and long messages that :data:`KNOWN_STRAYS` does not list."""
        return [f for f in [*self.strays, *self.long_messages] if f.pair not in KNOWN_STRAYS]

    def counts(self) -> str:
        """The counts, as one line."""
        known = sum(f.pair in KNOWN_STRAYS for f in self.strays)
        return (
            f"tried {self.tried}, refused {self.refused}, accepted {len(self.accepted)}, "
            f"stray {len(self.strays)} ({known} known), "
            f"long messages {len(self.long_messages)}"
        )


def _attempt(
    report: Report,
    target: Target,
    param: str,
    bad: Bad,
    world: World,
    constructors: Mapping[str, Target],
    arguments: Mapping[str, object],
) -> None:
    """Call ``target`` with ``arguments``, ``param`` being ``bad`` (made afresh, as is the
    object a method is called on), and file the outcome."""
    report.tried += 1
    finding = Finding(target.name, param, bad.label, "")
    try:
        with _time_limit(TIME_LIMIT):
            function = _function(target, world, constructors)
            _invoke(function, target.params, {**arguments, param: bad.make()})
    except Rummy500Error as error:
        report.refused += 1
        message = str(error)
        if len(message) > MAX_MESSAGE:
            outcome = f"{type(error).__name__} of {len(message)} characters: {_shortened(message)}"
            report.long_messages.append(finding._replace(outcome=outcome))
    except Overtime:
        outcome = f"still running after {TIME_LIMIT:g} s"
        report.strays.append(finding._replace(outcome=outcome))
    except Exception as error:  # everything else is what the campaign looks for
        outcome = f"{type(error).__name__}: {_shortened(str(error))}"
        report.strays.append(finding._replace(outcome=outcome))
    else:
        report.accepted.append(finding)


def _stale_entries(found: Catalogue) -> list[str]:
    """The entries of the tables above that name no public callable (of a module not left
    out): a callable renamed or removed, whose entry would otherwise lie unused."""
    names = {target.name for target in found.targets}
    absent = tuple(f"{module}." for module in found.skipped)
    tables: list[tuple[str, Iterable[str]]] = [
        ("BY_CALLABLE", BY_CALLABLE),
        ("INSTANCES", INSTANCES),
        ("SIGNATURES", SIGNATURES),
        ("NOT_CALLED", NOT_CALLED),
    ]
    return [
        f"{name}: named in {table} but not a public callable"
        for table, entries in tables
        for name in entries
        if name not in names and not name.startswith(absent)
    ]


def run(*, quick: bool = False, only: str = "") -> Report:
    """The campaign: every public callable whose name contains ``only``, one bad value at a
    time (the first :data:`QUICK_VALUES` of :data:`BAD_VALUES` if ``quick``)."""
    started = time.perf_counter()
    found = catalogue()
    report = Report(broken=list(found.problems), skipped=found.skipped)
    if not only:
        report.broken.extend(_stale_entries(found))
    constructors = {t.name: t for t in found.targets if t.method is None}
    values = BAD_VALUES[:QUICK_VALUES] if quick else BAD_VALUES
    world = World()
    with _quietly():
        for target in found.targets:
            if only not in target.name or target.name in NOT_CALLED or not target.params:
                continue
            try:
                base = _base_arguments(target, world)
                _invoke(_function(target, world, constructors), target.params, base)
            except Exception as error:  # the examples are wrong, or the package is
                problem = f"{type(error).__name__}: {_shortened(str(error))}"
                report.broken.append(f"{target.name}: the valid call raised {problem}")
                continue
            for param in target.params:
                for bad in values:
                    _attempt(report, target, param.name, bad, world, constructors, base)
    report.seconds = time.perf_counter() - started
    return report


def _by_pair(findings: Iterable[Finding]) -> list[str]:
    """One line for each callable and parameter: its first finding and how many more."""
    groups: dict[tuple[str, str], list[Finding]] = {}
    for finding in findings:
        groups.setdefault(finding.pair, []).append(finding)
    return [
        f"{group[0]}{f' (and {len(group) - 1} more values)' if len(group) > 1 else ''}"
        for group in groups.values()
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the campaign and print what it found; 1 when something is wrong."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="the first bad values only (CI)")
    parser.add_argument("--only", default="", help="only the callables whose name holds this")
    parser.add_argument("--accepted", action="store_true", help="list the accepted calls too")
    args = parser.parse_args(argv)
    report = run(quick=args.quick, only=args.only)
    for module, reason in report.skipped.items():
        print(f"skipped {module}, which needs an extra that is not installed: {reason}")
    print(report.counts(), f"in {report.seconds:.1f} s")
    sections = [
        ("broken examples", report.broken),
        ("strays and long messages", [str(f) for f in report.unexpected()]),
        ("known (KNOWN_STRAYS), one line for each", _by_pair(report.known())),
    ]
    if not args.quick and not args.only:
        found = {f.pair for f in report.known()}
        gone = [f"{name}({param}=...)" for name, param in sorted(KNOWN_STRAYS - found)]
        sections.append(("KNOWN_STRAYS entries no longer found (remove them)", gone))
    if args.accepted:
        sections.append(("accepted", [str(f) for f in report.accepted]))
    for title, lines in sections:
        if lines:
            print(f"\n{title}:")
            for line in lines:
                print(f"  {line}")
    return 1 if report.broken or report.unexpected() else 0


if __name__ == "__main__":
    sys.exit(main())

"""The learned bot: :class:`LearnedBot`, which plays a linear policy over the action ids, learnt
by self-play and shipped with the package (``rummy500/bots/learned.npz``).

The policy scores each legal action id from the player's scaled observation vector (the
vector of :mod:`rummy500.observations`, through
:meth:`~rummy500.observations.ObservationSpace.scaled`): ``weights[id] @ vector + bias[id]``,
and the bot plays the id with the highest score. ``scripts/train_self_play.py`` learns it, by
policy gradient on Ray, in one-hand games of the standard rules for 2 and for 3 players: the
"Train with self-play on Ray" page of the documentation tells how.

Needs numpy (the ``rl`` extra: ``pip install '.[rl]'`` in a checkout), imported when the bot is
first made: importing numpy takes a good part of a second, which importing the bots (and the
command line) must not pay. Without numpy making the bot raises :class:`~rummy500.ConfigError`
saying what to install.

The parameter file holds, for each number of players ``N`` it has a policy for, the arrays
``weights_N`` (one row of observation weights per action id) and ``bias_N``, and the layouts
they were learnt under, as text: ``actions_N`` (:meth:`ActionSpace.layout
<rummy500.toolkit.ActionSpace.layout>`) and ``observations_N`` (each part of
:meth:`ObservationSpace.layout <rummy500.observations.ObservationSpace.layout>` as ``start
size name``, one a line). The bot plays a game only under rules whose layouts are those.
"""

from __future__ import annotations

import importlib
import io
import random
import warnings
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs

from rummy500 import ConfigError, Move, PlayerView, RelaxedWorldWarning, RuleConfig
from rummy500.bots._base import need_moves
from rummy500.core.errors import describe_value
from rummy500.toolkit import ActionSpace, sample_world

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from rummy500.observations import ObservationSpace

#: The file of the shipped parameters, beside this module in the package.
PARAMETERS_FILE: Final = "learned.npz"

_NO_NUMPY: Final = (
    "the learned bot needs numpy, from rummy500's rl extra: pip install '.[rl]' in a checkout "
    "of rummy500"
)


@cache
def _numpy() -> Any:
    """numpy, imported on first use (an optional package, the rl extra), or the error that
    says how to install it."""
    try:
        return importlib.import_module("numpy")
    except ImportError:
        raise ConfigError(_NO_NUMPY) from None


@cache
def _observation_space() -> type[ObservationSpace]:
    """The class of the observation vectors, whose module needs numpy: imported with it."""
    _numpy()
    module: Any = importlib.import_module("rummy500.observations")
    space: type[ObservationSpace] = module.ObservationSpace
    return space


@attrs.frozen(eq=False)
class _Linear:
    """One number of players' policy, and the layouts it was learnt under."""

    weights: npt.NDArray[np.float32]
    bias: npt.NDArray[np.float32]
    actions: str
    observations: str


def observation_layout(space: ObservationSpace) -> str:
    """The layout of ``space``'s vectors as the parameter file writes it: ``start size name``
    for each part, one a line."""
    return "\n".join(f"{part.start} {part.size} {part.name}" for part in space.layout())


@cache
def _parameters(path: Path | None) -> dict[int, _Linear]:
    """The policies of the file at ``path`` (the shipped file for ``None``), by number of
    players."""
    where = f"rummy500/bots/{PARAMETERS_FILE}" if path is None else str(path)
    np = _numpy()
    try:
        if path is None:
            data = resources.files("rummy500.bots").joinpath(PARAMETERS_FILE).read_bytes()
        else:
            data = path.read_bytes()
        with np.load(io.BytesIO(data)) as arrays:
            counts = sorted(int(key[8:]) for key in arrays.files if key.startswith("weights_"))
            policies = {
                n: _Linear(
                    arrays[f"weights_{n}"].astype(np.float32),
                    arrays[f"bias_{n}"].astype(np.float32),
                    str(arrays[f"actions_{n}"]),
                    str(arrays[f"observations_{n}"]),
                )
                for n in counts
            }
    except (OSError, ValueError, KeyError) as error:
        raise ConfigError(
            f"the learned bot's parameters cannot be read from {where}: {error}"
        ) from None
    for n, policy in policies.items():
        if policy.weights.ndim != 2 or policy.bias.shape != policy.weights.shape[:1]:
            raise ConfigError(
                f"the learned bot's parameters in {where} for {n} players have weights of shape "
                f"{policy.weights.shape} and a bias of shape {policy.bias.shape}: one weight row "
                "and one bias for each action id"
            )
    if not policies:
        raise ConfigError(f"the learned bot's parameters in {where} hold no policy")
    return policies


@lru_cache(maxsize=16)
def _policy_for(path: Path | None, config: RuleConfig, players: int) -> _Linear:
    """The policy that plays ``players`` players under ``config``: the one learnt under the
    same layouts of action ids and observations."""
    policies = _parameters(path)
    policy = policies.get(players)
    if (
        policy is None
        or policy.actions != ActionSpace.of(config, players).layout()
        or policy.observations != observation_layout(_observation_space().of(config, players))
    ):
        counts = " and ".join(map(str, sorted(policies)))
        raise ConfigError(
            f"the learned bot has policies for {counts} players under rules with the action "
            f"ids and observations of the standard rules, and none for a {players}-player game "
            "under these rules"
        )
    return policy


class LearnedBot:
    """Plays the action id its learnt linear policy scores highest (see the module's
    description): a deterministic bot, made without a seed.

    ``parameters`` is a parameter file of one's own (as ``scripts/train_self_play.py`` writes
    it) instead of the shipped one. Raises :class:`~rummy500.ConfigError` when numpy (the
    ``rl`` extra) is not installed, and when the file cannot be read; choosing in a game whose
    rules or players the file has no policy for raises it too.
    """

    name: Final = "learned"

    def __init__(self, parameters: str | Path | None = None) -> None:
        _observation_space()  # numpy (the rl extra) is needed: refused here without it
        if parameters is not None and not isinstance(parameters, str | Path):
            raise ConfigError(
                "the learned bot's parameters are a path to a file, or None for the shipped "
                f"ones, not {describe_value(parameters)}"
            )
        self._path = None if parameters is None else Path(parameters)
        _parameters(self._path)  # a file that cannot be read is refused here

    def choose(self, view: PlayerView) -> Move:
        """The legal move whose action id the policy scores highest (the lowest id on a tie)."""
        moves = need_moves(view)
        config, players = view.config, len(view.hand_sizes)
        policy = _policy_for(self._path, config, players)
        if len(moves) == 1:
            return moves[0]
        space = _observation_space().of(config, players)
        vector = space.scaled(space.observation(view))
        # Action ids are read off a state: a world the player cannot tell from the game has
        # the same legal moves with the same ids (they depend only on what the player sees).
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RelaxedWorldWarning)
            world = sample_world(view, random.Random(0))
        actions = ActionSpace.of(config, players)
        np = _numpy()
        ids = np.array(actions.legal_actions(world), dtype=np.intp)
        scores = policy.weights[ids] @ vector + policy.bias[ids]
        return actions.decode(int(ids[int(np.argmax(scores))]), world)

    def __repr__(self) -> str:
        return "LearnedBot()" if self._path is None else f"LearnedBot({str(self._path)!r})"

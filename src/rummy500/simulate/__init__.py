"""Many games between bots: seeded so that every game can be played again, on every core.

:func:`simulate` plays ``games`` games of one rule set, player count and line-up of bots. Game
``i`` is ``new_game(config, players, seed + i)``, and the bot in seat ``k`` of that game is
built with the seed ``(seed + i) * 8 + k``, so a game's result depends only on those numbers:
never on the number of worker processes, on the backend, or on the order the games finish in.

Each game gives a :class:`GameOutcome` (the score of every hand, how it ended, who won), and
:class:`Summary` puts them together with 95% intervals. :func:`simulate` returns every outcome;
:func:`summarize` counts each game into the summary as it finishes and keeps none, so that its
memory does not grow with the number of games. Either way the games are handed to the workers
a few at a time as they free up, never listed up front.

With an output file, every finished game is written to it as one line of JSON as soon as it is
known; a run stopped part way (Ctrl-C or SIGTERM) keeps what finished, and a run with the same
file and the same parameters checks every line of it and plays only the games that are
missing. Once every game is in, the file is rewritten in game order, so the same parameters
always give the same file.

The check of a file carried on with is made against accidents, not against deliberate editing.
It finds a file cut short or damaged, the file of another simulation or of a version of
rummy500 whose games differ, and lines mixed in from another file: every line is read whole,
its fields must agree with each other (the totals are the sums of the hands, the winner is the
side the rules make it), its ``check`` must match it, and a few of its games (:data:`REPLAYED`)
are played again. But ``check`` is a hash anyone can compute again, with no secret key, and
the other games are not played again: a line edited with care is taken for a game played, and
changes the summary. Carry on only with files you trust; to trust a file that came from
elsewhere, play its simulation again.

The games run in worker processes, one per core unless told otherwise (never more than the
games to play, nor more than :data:`WORKERS_PER_CORE` per core), or as tasks on a
Ray cluster (``backend="ray"``, which needs the ``ray`` extra: ``pip install '.[ray]'`` in a
checkout).
"""

from __future__ import annotations

# The API reference lists these names in the order they are imported here (not sorted): what
# to simulate and what a game gives, the statistics, then the running of the games.
# isort: off
from rummy500.simulate.games import (
    SimulationError,
    Simulation,
    HandOutcome,
    GameOutcome,
    play_one,
    ENDINGS as ENDINGS,
    SEATS as SEATS,
)
from rummy500.simulate.summary import (
    Interval,
    Summary,
    proportion as proportion,
    mean as mean,
)
from rummy500.simulate.stopping import SimulationStopped
from rummy500.simulate.backends import (
    Plan,
    RAY_LOG_LEVEL as RAY_LOG_LEVEL,
    RAY_QUIET_LEVEL as RAY_QUIET_LEVEL,
    WORKERS_PER_CORE as WORKERS_PER_CORE,
    TASKS_PER_WORKER as TASKS_PER_WORKER,
    cores as cores,
    ray_session,
)
from rummy500.simulate.outfile import REPLAYED as REPLAYED
from rummy500.simulate.runner import (
    simulate,
    summarize,
    BACKENDS as BACKENDS,
    Progress as Progress,
)
from rummy500.simulate.progress import ProgressReport, progress_bar as progress_bar
from rummy500.simulate.ratings import LineupResult, Rating, ratings
from rummy500.simulate.ladderplan import Format, Cell, LadderPlan, CellResult, LadderResults
from rummy500.simulate.ladder import run_ladder
# isort: on

__all__ = [
    "Cell",
    "CellResult",
    "Format",
    "GameOutcome",
    "HandOutcome",
    "Interval",
    "LadderPlan",
    "LadderResults",
    "LineupResult",
    "Plan",
    "ProgressReport",
    "Rating",
    "Simulation",
    "SimulationError",
    "SimulationStopped",
    "Summary",
    "play_one",
    "ratings",
    "ray_session",
    "run_ladder",
    "simulate",
    "summarize",
]

"""Start-up: what importing the package leaves for first use, and that first use works."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rummy500
from rummy500 import GameRecord, dumps, new_game
from rummy500.bots import RandomBot
from rummy500.game import serialize
from rummy500.game.serialize import converter
from rummy500.simulate import RAY_LOG_LEVEL, RAY_QUIET_LEVEL

_SRC = str(Path(__file__).resolve().parent.parent / "src")

_IMPORT_ONLY = """
import sys
import rummy500.cli
from rummy500.game import documents, serialize, valuecodecs
print(sorted(m for m in ("multiprocessing", "numpy", "tqdm", "ray") if m in sys.modules))
builders = (
    valuecodecs._event_fields,
    documents._state_codec,
    documents._view_codec,
    documents._record_codec,
)
print([builder.cache_info().currsize for builder in builders])
"""

#: What importing the package and the command line loads that only some uses need: saving
#: (with cattrs under it), the toolkit and logging (for Ray) come on first use.
_LEFT_FOR_FIRST_USE = """
import sys
import rummy500
print(sorted(m for m in ("cattrs", "logging", "rummy500.game.serialize", "rummy500.toolkit")
             if m in sys.modules))
print(rummy500.GameRecord.__module__, "cattrs" in sys.modules)
print(rummy500.toolkit.__name__, rummy500.toolkit.ActionSpace.__name__)
import rummy500.cli
print(sorted(m for m in ("cattrs", "logging", "rummy500.game.serialize") if m in sys.modules))
print(rummy500.to_data(rummy500.Aces.HIGH_ONLY), "cattrs" in sys.modules)
"""

#: A short simulation written to a file, then carried on with (the file is read back and
#: checked): its header holds the config as saving writes it, without loading saving.
_SIMULATION_TO_A_FILE = """
import contextlib
import io
import sys
from rummy500.cli import main
argv = ["simulate", "--preset", "standard", "--players", "3", "--bots", "greedy", "--games", "1",
        "--seed", "7", "--workers", "1", "--quiet", "--output", sys.argv[1]]
for _ in range(2):
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(argv) == 0
    print(sorted(m for m in ("cattrs", "rummy500.game.serialize") if m in sys.modules))
"""

#: Saves a state, its record, a player's view and its log in a fresh process (where the
#: functions cattrs makes for them do not exist yet), each followed by whether it loads back.
_FIRST_SAVES = """
import rummy500
from rummy500 import GameRecord, PlayerView, State, dumps, loads
from rummy500.bots import RandomBot
from rummy500.events import Event
from rummy500.game.serialize import converter

state = rummy500.new_game(players=3, seed=11)
bot = RandomBot(5)
for _ in range(40):
    if state.is_chance_node():
        state = state.apply(state.legal_moves()[0])
    else:
        state = state.apply(bot.choose(state.view(state.current_player)))
record = GameRecord.from_state(state)
view = state.view(1)
print(dumps(state))
print(loads(dumps(state), State) == state)
print(dumps(record))
print(loads(dumps(record), GameRecord).replay() == state)
print(dumps(view))
print(loads(dumps(view), PlayerView) == view)
log = converter.unstructure(state.log, tuple[Event, ...])
print(converter.structure(log, tuple[Event, ...]) == state.log)
"""


def _run(code: str, *arguments: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", code, *arguments],
        env={**os.environ, "PYTHONPATH": _SRC},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return result.stdout.splitlines()


@pytest.mark.processes
def test_importing_the_package_and_the_command_line_leaves_optional_work_for_first_use() -> None:
    assert _run(_IMPORT_ONLY) == ["[]", "[0, 0, 0, 0]"]


@pytest.mark.processes
def test_importing_the_package_and_the_command_line_leaves_saving_and_logging_unloaded() -> None:
    assert _run(_LEFT_FOR_FIRST_USE) == [
        "[]",
        "rummy500.game.record False",
        "rummy500.toolkit ActionSpace",
        "[]",
        "high_only True",
    ]


@pytest.mark.processes
def test_a_simulation_written_to_a_file_and_carried_on_with_leaves_saving_unloaded(
    tmp_path: Path,
) -> None:
    out = tmp_path / "games.jsonl"
    assert _run(_SIMULATION_TO_A_FILE, str(out)) == ["[]", "[]"]
    header, game = out.read_text(encoding="utf-8").splitlines()
    config = json.loads(header)["simulation"]["config"]
    assert json.dumps(config) == json.dumps(rummy500.to_data(rummy500.presets.get("standard")))
    assert json.loads(game)["game"] == 0


def test_the_ray_log_levels_are_the_levels_of_logging() -> None:
    assert (RAY_LOG_LEVEL, RAY_QUIET_LEVEL) == (logging.WARNING, logging.ERROR)


def test_the_names_of_saving_come_from_serialize_and_are_listed() -> None:
    for name in ("GameRecord", "dumps", "from_data", "loads", "to_data"):
        assert getattr(rummy500, name) is getattr(serialize, name)
        assert name in rummy500.__all__
        assert name in dir(rummy500)
    assert rummy500.game.serialize is serialize
    with pytest.raises(AttributeError, match="has no attribute 'saving'"):
        _ = rummy500.saving


@pytest.mark.processes
def test_the_first_saves_in_a_fresh_process_write_the_same_text_and_load_back() -> None:
    state = new_game(players=3, seed=11)
    bot = RandomBot(5)
    for _ in range(40):
        if state.is_chance_node():
            state = state.apply(state.legal_moves()[0])
        else:
            state = state.apply(bot.choose(state.view(state.current_player)))
    log = converter.unstructure(state.log)
    assert log  # the game has events to save
    assert _run(_FIRST_SAVES) == [
        dumps(state),
        "True",
        dumps(GameRecord.from_state(state)),
        "True",
        dumps(state.view(1)),
        "True",
        "True",
    ]

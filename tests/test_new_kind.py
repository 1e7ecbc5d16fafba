"""A new kind of move takes four modules of the package, and every layer picks it up.

The fixture copies the package and adds a toy kind of move, ``knock`` (in the play phase,
once a turn, it changes nothing but the log), by editing only the four modules a kind of move
needs: its class, its event and its registry entry (``play/moves.py``), its predicate and the
generator's listing of it (``play/legality.py``), its transition (``play/engine.py``) and its
range of action ids (``game/actioncoding.py``). Its docs (the pages of the moves and of the
action ids) are the fifth file. A script then runs on the copy, in a fresh interpreter, and
checks that the generator, the legality checks, the engine, undo, the log and what each player
sees of it, the reading of hidden cards, saving and loading, the action ids, the text output,
the information-state vectors (where numpy is installed), the bots and sampled worlds all
take the new kind without another edit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "rummy500"

#: Each module the new kind touches, with the edits it takes: (text to find, text to put in its
#: place), each found exactly once.
EDITS: dict[str, list[tuple[str, str]]] = {
    "play/moves.py": [
        (
            "# -- the registry of kinds of move ---",
            '''@attrs.frozen
class Knocked(Event):
    """``player`` knocked on the table."""

    kind: ClassVar[str] = "knock"
    player: int

    def text(self, *, ascii: bool = False) -> str:
        return f"P{self.player} knock"


@attrs.frozen
class Knock(Move):
    """Knock on the table: once a turn, in play, and nothing changes."""

    kind: ClassVar[str] = "knock"
    phase: ClassVar[Phase] = Phase.PLAY
    event: ClassVar[type[Event]] = Knocked

    def text(self, *, ascii: bool = False) -> str:
        return "knock"

    @classmethod
    def _parse_args(cls, args: list[str]) -> Move:
        _no_args(cls, args)
        return Knock()


# -- the registry of kinds of move ---''',
        ),
        ("    Pass,\n    Deal,\n)", "    Pass,\n    Deal,\n    Knock,\n)"),
        ('    "Draw",\n', '    "Draw",\n    "Knock",\n'),
    ],
    "play/legality.py": [
        (
            "# -- any move ---",
            '''def knock_problem(s: Position, move: Knock) -> str | None:
    """Why knocking is illegal, or ``None``: once a turn, in play."""
    if s.phase != _PLAY:
        return _phase_problem(s, move)
    if type(s.last_move) is Knock:
        return "you have knocked already"
    return None


def _knock_moves(s: Position, out: list[Move]) -> None:
    """Knock."""
    if knock_problem(s, Knock()) is None:
        out.append(Knock())


# -- any move ---''',
        ),
        (
            "        Deal: deal_problem,\n",
            "        Deal: deal_problem,\n        Knock: knock_problem,\n",
        ),
        (
            "        Deal: _deal_moves,\n",
            "        Deal: _deal_moves,\n        Knock: _knock_moves,\n",
        ),
        ("    Take,\n    kind_column,", "    Take,\n    Knock,\n    kind_column,"),
    ],
    "play/engine.py": [
        (
            '#: The registry\'s column ``"transition"``:',
            """def _knock(s: Position, move: Move) -> Position:
    owing = s._owing
    if owing is None:
        return s._next(move, _PLAY, s._current, s.hands, s.stock_size, s.pile, s.table)
    return s._next(
        move,
        _PLAY,
        s._current,
        s.hands,
        s.stock_size,
        s.pile,
        s.table,
        owed=owing.owed,
        owed_use=owing.owed_use,
        kept=owing.kept,
    )


#: The registry's column ``"transition"``:""",
        ),
        ("        Deal: _deal,\n", "        Deal: _deal,\n        Knock: _knock,\n"),
        ("    Take,\n    kind_column,", "    Take,\n    Knock,\n    kind_column,"),
    ],
    "game/actioncoding.py": [
        (
            '        Deal: Coding(_first, _one(DEAL), *_single("deal the next hand")),\n',
            '        Deal: Coding(_first, _one(DEAL), *_single("deal the next hand")),\n'
            '        Knock: Coding(_first, _one(Knock()), *_single("knock on the table")),\n',
        ),
        ("    Take,\n    kind_column,", "    Take,\n    Knock,\n    kind_column,"),
    ],
}

CHECKS = r"""
import random
import warnings

import rummy500
from rummy500 import Knock, Phase, bots, dumps, loads, new_game, render
from rummy500.events import Event
from rummy500.hidden.knowledge import LogReader
from rummy500.play.moves import EVENT_KINDS, KINDS
from rummy500.toolkit import EVENT_CLASSES, ActionSpace, sample_world

Knocked = Knock.event
assert "Knock" in rummy500.__all__ and KINDS[-1] is Knock
assert rummy500.Move.from_text("knock") == Knock()
assert EVENT_KINDS["knock"] is Knocked and list(EVENT_CLASSES)[-1] == "knock"

# The generator lists it after the play phase's other moves; the checks and the engine agree.
state = new_game(players=3, seed=4)
while state.phase != Phase.PLAY:
    state = state.apply(state.legal_moves()[0])
moves = state.legal_moves()
assert moves[-1] == Knock() and moves.count(Knock()) == 1, moves
assert state.is_legal(Knock()) and state.explain_illegal(Knock()) is None
after = state.apply(Knock())
assert after.undo() == state and after.hands == state.hands and after.phase == Phase.PLAY
assert Knock() not in after.legal_moves()
assert after.explain_illegal(Knock()) == "'knock' is illegal: you have knocked already"
first = new_game(players=3, seed=4)
assert first.explain_illegal(Knock()) == (
    "'knock' is illegal: a turn starts with a draw from the stock or a take from the discard pile"
)

# The log, as each player sees it, its reading, and saving.
mover = state.current_player
assert after.log[-1] == Knocked(mover) and str(after.log[-1]) == f"P{mover} knock"
for p in range(3):
    assert after.view(p).log[-1] == Knocked(mover)
reader = LogReader(3)
reader.read(after.log)
assert reader.events == len(after.log)
assert loads(dumps(after), rummy500.State) == after
view = after.view((mover + 1) % 3)
view.validate()
assert loads(dumps(view), rummy500.PlayerView) == view

# Action ids: a range of its own after the fixed ones.
space = ActionSpace.for_state(state)
assert space.ranges[-1].name == "knock" and space.ranges[-1].meaning == "knock on the table"
action = space.encode(Knock(), state)
assert space.decode(action, state) == Knock()
assert action in space.legal_actions(state)
assert space.describe(action) == "knock on the table"

# Text output, information-state vectors, bots and sampled worlds.
assert render.move_words(Knock()) == "knock"
try:
    import numpy  # noqa: F401
except ImportError:
    pass
else:
    from rummy500.infostate import EVENT_KINDS as ROWS, InformationStateSpace
    assert ROWS[-1] == "knock"
    space = InformationStateSpace.of(state.config, 3)
    vector = space.information_state(view)
    # The newest event's row: the seat one-hot (3 seats), then the kind one-hot, whose last
    # column, the knock's, is set, and no other.
    kinds = vector[space.part("event_0").start + 3 :][: len(ROWS)]
    assert list(kinds) == [0.0] * (len(ROWS) - 1) + [1.0], kinds
knocks = 0
for seed in range(3):
    game = new_game(players=3, seed=seed)
    players = [bots.RandomBot(seed), bots.GreedyBot(), bots.RandomBot(seed + 10)]
    while not game.is_terminal():
        mover = game.current_player
        move = game.legal_moves()[0] if mover < 0 else players[mover].choose(game.view(mover))
        knocks += move == Knock()
        game = game.apply(move)
assert knocks > 0
rng = random.Random(0)
with warnings.catch_warnings():
    warnings.simplefilter("error")
    world = sample_world(view, rng)
assert world.view(view.player) == view
print("ok")
"""


@pytest.fixture(scope="module")
def package_with_a_new_kind(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the toy kind ``knock`` added to the four modules."""
    root = tmp_path_factory.mktemp("new_kind") / "src"
    copy = root / "rummy500"
    shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for name, edits in EDITS.items():
        path = copy / name
        text = path.read_text(encoding="utf-8")
        for find, put in edits:
            assert text.count(find) == 1, f"{name}: {find!r} found {text.count(find)} times"
            text = text.replace(find, put)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_new_kind_touches_four_modules(package_with_a_new_kind: Path) -> None:
    copy = package_with_a_new_kind / "rummy500"
    changed = sorted(
        str(path.relative_to(copy))
        for path in copy.rglob("*.py")
        if path.read_bytes() != (SOURCE / path.relative_to(copy)).read_bytes()
    )
    assert changed == [
        "game/actioncoding.py",
        "play/engine.py",
        "play/legality.py",
        "play/moves.py",
    ]


@pytest.mark.processes
def test_every_layer_picks_the_new_kind_up(package_with_a_new_kind: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(package_with_a_new_kind)}
    result = subprocess.run(
        [sys.executable, "-c", CHECKS],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.strip() == "ok"

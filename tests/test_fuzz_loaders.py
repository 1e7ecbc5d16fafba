"""Loading mutated saved games: every document either loads as a valid object or is refused.

Real documents (states at several points of seeded random games under a few presets, the game
records of those games, and players' views of those states) are mutated the way a damaged or
hostile file would be: a key deleted or added, a value replaced by any JSON value, a value
wrapped deep in lists, cards swapped or duplicated, a phase, turn, hand number or total
changed, the text cut short. Loading the result must give a valid object that saves and loads
to itself, or raise one of the package's errors; any other exception is a bug. A player view
must load as a view that passes :meth:`PlayerView.validate` and from which :func:`sample_world`
deals worlds that are valid states and give back that very view, or be refused with
``SerializationError``.

Run as a script for a longer campaign with a summary::

    PYTHONPATH=src python tests/test_fuzz_loaders.py [--documents N] [--seed S]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import PlayerView, RuleConfig, State, new_game, presets
from rummy500.core.errors import ConfigError, Rummy500Error, SerializationError
from rummy500.core.phases import Phase
from rummy500.game.serialize import GameRecord, dumps, loads
from rummy500.toolkit import sample_world

#: Picks a whole number from 0 to n - 1: hypothesis' draws in the test, a seeded random
#: generator in the script.
Choose = Callable[[int], int]

#: The rule sets the documents are played under, each with a low target so that games reach
#: the end of a hand and the end of the game within a few hundred moves.
CONFIGS: list[tuple[str, int]] = [("standard", 3), ("pagat", 4), ("partnership", 4), ("house", 2)]

PHASES = ["draw", "play", "call", "hand_over", "game_over", "DRAW", "deal", ""]

#: The numbers of a state the rules check, and those of a view.
NUMBERS = ["turn", "hand_number", "current", "dealer", "players", "seed"]
VIEW_NUMBERS = ["player", "side", "current_player", "stock_size", "discarder", "went_out"]

JSON_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    200,
    2**63,
    -(2**70),
    10**40,
    1.5,
    -0.0,
    1e308,
    "",
    "QH",
    "JK",
    "JK=6S",
    "draw",
    "meld 8S 8H 8D",
    "play",
    "x" * 60,
    [],
    [1, 2],
    ["QH", "KH"],
    [[]],
    {},
    {"a": 1},
    {"cards": ["QH"], "owners": [0]},
]


def _config(name: str) -> RuleConfig:
    config = presets.get(name)
    if config.target is None:
        return config
    try:
        return attrs.evolve(config, target=min(config.target, 80))
    except ConfigError:  # a preset whose rules need a higher target is played as it is
        return config


def _line(name: str, players: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    config = _config(name)
    state = new_game(config, players, seed)
    line = [state]
    while not state.is_terminal() and len(line) < 300:
        moves = state.legal_moves()
        state = state.apply(rng.choice(moves))
        line.append(state)
    return line


@functools.cache
def documents() -> tuple[tuple[str, type[Any]], ...]:
    """The JSON text of real saved states and game records, with the class each one is."""
    out: list[tuple[str, type[Any]]] = []
    for name, players in CONFIGS:
        for seed in (1, 2):
            line = _line(name, players, seed)
            picks = sorted({0, 1, len(line) // 3, len(line) // 2, len(line) - 1})
            out.extend((dumps(line[i]), State) for i in picks)
            hand_over = [s for s in line if s.is_chance_node()]
            if hand_over:
                out.append((dumps(hand_over[0]), State))
            for i in picks:
                # The view of the player to move (with legal moves), and another player's.
                mover = line[i].current_player
                viewers = {mover % players, (mover + 1 + seed) % players}
                out.extend((dumps(line[i].view(p)), PlayerView) for p in sorted(viewers))
            out.append((dumps(GameRecord.from_state(line[len(line) // 2])), GameRecord))
            out.append((dumps(GameRecord.from_state(line[-1])), GameRecord))
    return tuple(out)


# -- mutations ---------------------------------------------------------------------------------


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in ``data`` (the whole document is the empty path)."""
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _nodes(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _nodes(value, (*path, i))
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``data`` with the value at ``path`` replaced (the root replaced when ``path`` is empty)."""
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _pick(choose: Choose, items: list[Any]) -> Any:
    return items[choose(len(items))]


def _json_value(choose: Choose) -> Any:
    return json.loads(json.dumps(_pick(choose, JSON_VALUES)))


def _card_paths(data: Any) -> list[tuple[Any, ...]]:
    card_fields = {"hands", "hand", "stock", "pile", "table", "owed", "kept", "dealer_draw", "log"}
    return [p for p in _nodes(data) if p and p[0] in card_fields and isinstance(_get(data, p), str)]


def mutate(data: Any, choose: Choose) -> Any:
    """``data`` (a fresh copy, changed in place) after one structured mutation."""
    paths = _nodes(data)
    kind = choose(9)
    if kind == 0:  # delete a key or a list item
        inner = [p for p in paths if p]
        if inner:
            path = _pick(choose, inner)
            del _get(data, path[:-1])[path[-1]]
    elif kind == 1:  # add an unknown key
        dicts = [p for p in paths if isinstance(_get(data, p), dict)]
        if dicts:
            _get(data, _pick(choose, dicts))[_pick(choose, ["extra", "", "format2"])] = _json_value(
                choose
            )
    elif kind == 2:  # replace a value by any JSON value
        data = _set(data, _pick(choose, paths), _json_value(choose))
    elif kind == 3:  # wrap a value in lists, maybe many levels deep
        path = _pick(choose, paths)
        value = _get(data, path)
        for _ in range(_pick(choose, [1, 2, 5, 19, 20, 25, 200])):
            value = [value]
        data = _set(data, path, value)
    elif kind in (4, 5):  # swap two cards, or write one card where another was
        cards = _card_paths(data)
        if len(cards) >= 2:
            a, b = _pick(choose, cards), _pick(choose, cards)
            first, second = _get(data, a), _get(data, b)
            _set(data, b, first)
            if kind == 4:
                _set(data, a, second)
    elif kind == 6 and isinstance(data, dict):  # change the phase
        data["phase"] = _pick(choose, PHASES)
    elif kind == 7 and isinstance(data, dict):  # change a number the rules check
        name = _pick(choose, [*NUMBERS, *VIEW_NUMBERS] if "hand" in data else NUMBERS)
        data[name] = _pick(choose, [-1, 0, 1, 2, 3, 9, 50, 10**6, 2**64])
    elif kind == 8 and isinstance(data, dict) and data.get("totals"):  # change a total
        totals = data["totals"]
        if isinstance(totals, list) and totals:
            totals[choose(len(totals))] = _pick(choose, [-500, -1, 0, 5, 499, 500, 10**9])
    return data


def mutated_text(choose: Choose, only: type[Any] | None = None) -> tuple[str, type[Any]]:
    """A mutated document (of the class ``only``, if given): a real one, changed one to three
    times, maybe cut short or nested deep in lists as text (too deep for ``json.dumps`` to
    write)."""
    real = [doc for doc in documents() if only is None or doc[1] is only]
    text, cls = _pick(choose, real)
    data = json.loads(text)
    for _ in range(1 + choose(3)):
        data = mutate(data, choose)
    out = json.dumps(data)
    cut = choose(16)
    if cut < 2:  # cut the text short
        out = out[: choose(len(out) + 1)]
    elif cut == 2:  # nest the whole text deeper than json could parse without the limit
        depth = _pick(choose, [21, 5000, 100_000])
        out = "[" * depth + out + "]" * depth
    return out, cls


def check_load(text: str, cls: type[Any]) -> Any:
    """Load ``text``: a valid object that round-trips, or a package error (raised)."""
    loaded = loads(text, cls)
    assert isinstance(loaded, cls)
    if isinstance(loaded, State):
        loaded.validate()
    assert loads(dumps(loaded), cls) == loaded
    if isinstance(loaded, GameRecord):
        assert GameRecord.from_state(loaded.replay()) == loaded
    if isinstance(loaded, PlayerView):
        check_worlds(loaded)
    return loaded


def load_view(text: str) -> PlayerView | None:
    """Load a view document: the view, or ``None`` when it is refused (SerializationError)."""
    try:
        return loads(text, PlayerView)
    except SerializationError:
        return None


def check_worlds(view: PlayerView) -> None:
    """A loaded view is consistent, and the worlds sampled from it give it back."""
    view.validate()
    if view.phase >= Phase.HAND_OVER:
        return  # sample_world deals the hidden cards of a hand in play only
    for seed in range(2):
        # The view's check deals a world as the log allows it: sample_world never refuses.
        world = sample_world(view, random.Random(seed))
        world.validate()
        assert world.view(view.player) == view


@settings(max_examples=2000)
@given(st.data())
def test_mutated_documents_load_or_are_refused(data: st.DataObject) -> None:
    def choose(n: int) -> int:
        return data.draw(st.integers(0, max(n - 1, 0)))

    text, cls = mutated_text(choose)
    with contextlib.suppress(Rummy500Error):
        check_load(text, cls)


@settings(max_examples=300)
@given(st.data())
def test_mutated_views_load_consistently_or_are_refused(data: st.DataObject) -> None:
    def choose(n: int) -> int:
        return data.draw(st.integers(0, max(n - 1, 0)))

    view = load_view(mutated_text(choose, PlayerView)[0])
    if view is not None:
        check_load(dumps(view), PlayerView)


def test_unmutated_documents_load() -> None:
    for text, cls in documents():
        assert dumps(check_load(text, cls)) == text


# -- the campaign --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=20_000, help="mutated documents to try")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    loaded = 0
    refused: Counter[str] = Counter()
    other: Counter[str] = Counter()
    views = Counter[str]()
    for _ in range(args.documents):
        text, cls = mutated_text(rng.randrange)
        if cls is PlayerView:
            views[_try_view(text, other)] += 1
            continue
        try:
            check_load(text, cls)
            loaded += 1
        except Rummy500Error as exc:
            refused[type(exc).__name__] += 1
        except Exception as exc:  # counted and reported: there must be none
            other[f"{type(exc).__name__}: {str(exc)[:120]}"] += 1
    print(f"documents tried: {args.documents - views.total()} (and {views.total()} views)")
    print(f"loaded (valid):  {loaded}")
    print(f"refused:         {sum(refused.values())}")
    for name, count in refused.most_common():
        print(f"  {name}: {count}")
    print(f"views tried: {views.total()}")
    for outcome in ("refused", "loaded and correct", "stray exception", "wrong"):
        print(f"  {outcome}: {views[outcome]}")
    print(f"other exceptions: {sum(other.values())}")
    for name, count in other.most_common():
        print(f"  {name}: {count}")
    return 1 if other else 0


def _try_view(text: str, other: Counter[str]) -> str:
    """How a mutated view document fares: refused (by SerializationError), loaded and correct,
    wrong (a check failed) or a stray exception (counted in ``other``)."""
    try:
        view = load_view(text)
        if view is None:
            return "refused"
        check_load(dumps(view), PlayerView)
    except AssertionError as exc:
        other[f"view wrong: {str(exc)[:120]}"] += 1
        return "wrong"
    except Exception as exc:  # counted and reported: there must be none
        other[f"view {type(exc).__name__}: {str(exc)[:120]}"] += 1
        return "stray exception"
    return "loaded and correct"


if __name__ == "__main__":
    sys.exit(main())

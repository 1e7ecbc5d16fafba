"""Soak test: random play under every preset, at every player count it allows, with one deck
and with two where the preset allows them, checking the invariants of play after every move.

After every move: the move undoes to the exact state before it; every card of the decks lies
exactly once across the hands, the stock, the pile and the table; a game that is not over has a
legal move; every listed move is legal on its own; the totals are the sums of the finished
hands' scores. On a sample of moves (1 in ``--sample``, by move number in the game): the state
saved and loaded is equal, so is the state detached, moves that are not legal are refused and
leave the state as it was, and every player's view shows only that player's hand and the public
cards, and does not change when the hidden cards move.

Every game (a preset, a player count and a number of decks) is played in turn, a few moves at a
time, so that even a short run covers them all; a finished game is followed by a new one with
the next seed. Each game's seed, and every move in it, follows from ``--seed``, the game's rules
and its number, so a failure names the game and the move, and ``--replay`` plays that one game
again with every check after every move. Exits 1 on the first violated invariant.

    python scripts/soak.py                    # 1,000,000 moves
    python scripts/soak.py --moves 20000      # a few seconds
    python scripts/soak.py --replay standard/3/2/123456789
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import attrs

from rummy500 import ConfigError, Phase, PlayerTable, RuleConfig, State, new_game, presets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from strategies import (  # the checks the property tests use
    check_illegal,
    check_invariants,
    check_round_trips,
    check_views,
    deck_counter,
)

#: Moves a game plays before the next game takes its turn.
SLICE = 50


@attrs.define
class Tally:
    """What was checked for one preset."""

    games: int = 0
    finished: int = 0
    hands: int = 0
    moves: int = 0
    saved: int = 0
    views: int = 0
    illegal: int = 0


class InvariantViolationError(Exception):
    """An invariant failed: the message says where, and how to play that game again."""


@attrs.define
class Game:
    """One of the games played in turn: a preset at a player count with a number of decks."""

    preset: str
    players: int
    decks: int
    config: RuleConfig
    master: int
    number: int = 0
    seed: int = 0
    moves: int = 0
    state: State | None = None
    rng: random.Random = attrs.field(factory=random.Random)
    cards: Counter[int] = attrs.field(factory=Counter)

    @property
    def key(self) -> str:
        return f"{self.preset}/{self.players}/{self.decks}"

    def start(self, seed: int | None = None) -> None:
        if seed is None:
            seed = random.Random(f"{self.master}/{self.key}/{self.number}").getrandbits(32)
            self.number += 1
        self.seed = seed
        self.moves = 0
        self.rng = random.Random(seed)
        self.state = new_game(self.config, self.players, seed)
        self.cards = deck_counter(self.players, self.config)


def games(master: int) -> Iterator[Game]:
    """Every preset at every player count, with its own decks and with two decks where that
    is a valid rule set (and differs)."""
    for name in presets.names():
        config = presets.get(name)
        try:
            two = attrs.evolve(config, decks=PlayerTable.of(2))
        except ConfigError:
            two = None
        for players in config.player_counts:
            yield Game(name, players, config.decks[players], config, master)
            if two is not None and config.decks[players] != 2:
                yield Game(name, players, 2, two, master)


def check(game: Game, tally: Tally, sample: int) -> None:
    """Play one move of ``game`` and check it; the expensive checks on a sample of moves."""
    before = game.state
    assert before is not None
    moves = before.legal_moves()
    move = moves[game.rng.randrange(len(moves))]
    after = before.apply(move)
    game.moves += 1
    tally.moves += 1
    assert after.undo() is before, "undo does not give back the state before the move"
    check_invariants(after, game.cards)
    if game.moves % sample == 0:
        check_round_trips(after)
        tally.saved += 1
        tally.illegal += check_illegal(after)
        check_views(after, random.Random(game.seed * 1_000_003 + game.moves))
        tally.views += after.players
    if after.phase == Phase.HAND_OVER or after.is_terminal():
        tally.hands += 1
        after = after.detached()  # bound the undo history kept alive
    game.state = after


def step(game: Game, tally: Tally, sample: int, budget: int) -> int:
    """Play up to ``budget`` moves of ``game``; returns how many were played."""
    played = 0
    while played < budget:
        assert game.state is not None
        if game.state.is_terminal():
            tally.finished += 1
            game.start()
            tally.games += 1
        try:
            check(game, tally, sample)
        except Exception as error:  # any failure is reported with its game and move
            raise InvariantViolationError(
                f"{type(error).__name__}: {error}\n"
                f"  preset {game.preset}, {game.players} players, {game.decks} deck(s), "
                f"game seed {game.seed}, move {game.moves + 1} of the game\n"
                f"  replay: python scripts/soak.py --replay {game.key}/{game.seed}"
            ) from error
        played += 1
    return played


def replay(spec: str) -> int:
    """Play the game ``PRESET/PLAYERS/DECKS/SEED`` to its end with every check every move."""
    name, players, decks, seed = spec.split("/")
    for game in games(0):
        if game.key == f"{name}/{players}/{decks}":
            break
    else:
        print(f"no such game: {spec}", file=sys.stderr)
        return 2
    game.start(int(seed))
    tally = Tally(games=1)
    try:
        while game.state is not None and not game.state.is_terminal():
            step(game, tally, 1, 1)
    except InvariantViolationError as error:
        traceback.print_exception(error.__cause__)
        print(f"FAILED\n{error}", file=sys.stderr)
        return 1
    print(f"{spec}: {tally.moves} moves, {tally.hands} hands, every check after every move: ok")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1_000_000, help="move budget (1,000,000)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (0)")
    parser.add_argument(
        "--sample",
        type=int,
        default=50,
        help="save/load, views and illegal moves on 1 move in N of each game (50)",
    )
    parser.add_argument("--replay", metavar="PRESET/PLAYERS/DECKS/SEED", help="one game")
    args = parser.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    if args.moves < 1 or args.sample < 1:
        parser.error("--moves and --sample must be positive")

    ring = list(games(args.seed))
    tallies = {name: Tally() for name in presets.names()}
    for game in ring:
        game.start()
        tallies[game.preset].games += 1
    print(
        f"soak: {args.moves:,} moves over {len(ring)} games in turn (every preset, player "
        f"count and deck count), seed {args.seed}; every invariant after every move; "
        f"save/load, views and illegal moves on 1 move in {args.sample} of each game",
        flush=True,
    )
    left = args.moves
    started = time.perf_counter()
    try:
        while left:
            for game in ring:
                left -= step(game, tallies[game.preset], args.sample, min(SLICE, left))
                if not left:
                    break
    except InvariantViolationError as error:
        traceback.print_exception(error.__cause__)
        print(f"FAILED\n{error}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started

    header = ("preset", "games", "ended", "hands", "moves", "saved", "views", "illegal")
    counts: dict[str, tuple[int, ...]] = {
        name: (t.games, t.finished, t.hands, t.moves, t.saved, t.views, t.illegal)
        for name, t in tallies.items()
    }
    total = tuple(sum(row[i] for row in counts.values()) for i in range(len(header) - 1))
    counts["total"] = total
    text = [list(header)] + [[name, *(f"{c:,}" for c in row)] for name, row in counts.items()]
    widths = [max(len(row[i]) for row in text) for i in range(len(header))]
    for row in text:
        print(
            "  ".join(
                [row[0].ljust(widths[0])]
                + [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
            )
        )
    print(
        f"{total[3]:,} moves checked in {elapsed:.1f} s: {total[3] / elapsed:,.0f} moves/s; "
        f"games = started, ended = played to the end; states saved/loaded, views and illegal "
        f"moves checked on 1 move in {args.sample}; no invariant violated"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

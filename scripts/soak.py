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

With ``--long-hands N`` it then plays N long hands under two decks and ``empty_stock``
reuse_pile, 2 to 6 players in turn: every turn a draw and a random discard, so nobody melds and
the pile is turned over as a new stock again and again, each hand to a turn drawn between 300
and 2,000. Every invariant of play is checked after every move; at ``--long-checks`` turns of
each hand (the last the deepest) the views of the player to move and of one other player are
checked (``PlayerView.validate``), saved and loaded, and a world is sampled from each, checked
(``State.validate``) and shown to view the same; and ``ISMCTSBot`` (1 or 2 iterations) searches
from the view of the player to move and must choose one of its legal moves. Each check is
counted as tried, refused (the engine raised its own error on the view of a real hand: counted
and listed, a failure with ``--strict``), relaxed (a world dealt without a reading of the log,
with a ``RelaxedWorldWarning``: counted and listed, a failure with ``--strict``) or failed (a
wrong answer or any other exception).
Exits 1 when a check failed; ``--long-replay`` checks every player's view of one such point.

    python scripts/soak.py                    # 1,000,000 moves
    python scripts/soak.py --moves 20000      # a few seconds
    python scripts/soak.py --replay standard/3/2/123456789
    python scripts/soak.py --moves 20000 --long-hands 5        # what CI runs
    python scripts/soak.py --moves 0 --long-hands 50 --seed 3  # long hands only
    python scripts/soak.py --long-replay 6/123456789/1234/play
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path

import attrs

from rummy500 import ConfigError, Draw, Phase, PlayerTable, RuleConfig, State, new_game, presets
from rummy500.core.errors import RelaxedWorldWarning, Rummy500Error

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers_long_hands import (  # the long hands of the stateful test
    LONG_PLAYERS,
    check_reading,
    check_search,
    draw_or_discard,
    in_play,
    reshuffles,
    start_long_hand,
)
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


# -- long two-deck reuse_pile hands -------------------------------------------------------------

#: The turns the long hands are played to: one drawn in this range for each hand.
LONG_TURNS = (300, 2000)
#: The turn of a long hand's first check, at the earliest: the pile has been turned over by then.
FIRST_CHECK = 150


@attrs.define
class LongTally:
    """What was checked in the long hands of one player count."""

    hands: int = 0
    turns: int = 0
    reshuffles: int = 0
    views: int = 0
    views_refused: int = 0
    views_relaxed: int = 0
    views_failed: int = 0
    searches: int = 0
    searches_refused: int = 0
    searches_relaxed: int = 0
    searches_failed: int = 0
    worst: float = 0.0


@attrs.frozen
class Point:
    """A point of a long hand where the views are checked: the hand (its player count and
    seed), the turn, and whether before the draw ("draw") or after it ("play")."""

    players: int
    seed: int
    turn: int
    phase: str

    @property
    def key(self) -> str:
        return f"{self.players}/{self.seed}/{self.turn}/{self.phase}"

    def rng(self, what: str) -> random.Random:
        return random.Random(f"{self.key}/{what}")


@attrs.define
class LongReport:
    """The refusals and failures of the long hands, each saying where and how to check it
    again."""

    refused: list[str] = attrs.field(factory=list)
    relaxed: list[str] = attrs.field(factory=list)
    failed: list[str] = attrs.field(factory=list)


def long_hand_points(master: int, number: int, checks: int) -> list[Point]:
    """The points of the long hand ``number``: its player count (2 to 6 in turn), its seed and
    its turns to check, the last one the turn the hand is played to."""
    players = LONG_PLAYERS[number % len(LONG_PLAYERS)]
    rng = random.Random(f"{master}/long/{number}")
    seed = rng.getrandbits(32)
    last = rng.randint(*LONG_TURNS)
    turns = [
        *sorted(rng.sample(range(FIRST_CHECK, last), min(checks, last - FIRST_CHECK) - 1)),
        last,
    ]
    return [Point(players, seed, turn, rng.choice(("draw", "play"))) for turn in turns]


def _outcome(check: Callable[[], object], out: LongReport, where: str) -> str:
    """Run ``check``: "ok", "refused" (the engine's own error), "failed" (anything else) or
    "relaxed" (a world dealt without a reading of the log, with a ``RelaxedWorldWarning``),
    noted in ``out``."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RelaxedWorldWarning)
            check()
    except Rummy500Error as error:
        out.refused.append(f"{where}: {type(error).__name__}: {error}")
        return "refused"
    except Exception as error:  # a wrong answer or a crash: the failures to report
        out.failed.append(f"{where}: {type(error).__name__}: {error}")
        if len(out.failed) <= 3:
            traceback.print_exception(error)
        return "failed"
    if any(issubclass(w.category, RelaxedWorldWarning) for w in caught):
        out.relaxed.append(f"{where}: {caught[0].message}")
        return "relaxed"
    return "ok"


def check_point(
    state: State, point: Point, players: Sequence[int], tally: LongTally, out: LongReport
) -> None:
    """Check the views of ``players`` at ``point`` (``state``), and search from the mover's."""
    replay = f"python scripts/soak.py --long-replay {point.key}"
    for player in players:
        where = f"turn {point.turn} ({point.phase}), player {player}'s view [{replay}]"
        rng = point.rng(f"view {player}")
        started = time.process_time()
        read = partial(check_reading, state, player, rng)
        result = _outcome(read, out, where)
        tally.worst = max(tally.worst, time.process_time() - started)
        tally.views += 1
        tally.views_refused += result == "refused"
        tally.views_relaxed += result == "relaxed"
        tally.views_failed += result == "failed"
    search = point.rng("search")
    seed, iterations = search.getrandbits(32), search.randint(1, 2)
    where = (
        f"turn {point.turn} ({point.phase}), ISMCTS ({iterations}) from the mover's view [{replay}]"
    )
    result = _outcome(lambda: check_search(state, seed, iterations), out, where)
    tally.searches += 1
    tally.searches_refused += result == "refused"
    tally.searches_relaxed += result == "relaxed"
    tally.searches_failed += result == "failed"


def play_to(state: State, rng: random.Random, cards: Counter[int], turn: int) -> State:
    """Play draws and discards from ``state`` to the start of ``turn`` (or the end of the
    hand), with every invariant after every move."""
    while state.turn < turn and in_play(state):
        before = state
        state = before.apply(draw_or_discard(before, rng))
        assert state.undo() is before, "undo does not give back the state before the move"
        check_invariants(state, cards)
    return state


def at_point(state: State, point: Point) -> State:
    """``state``, at the start of the turn of ``point``, after the draw when it says so."""
    if point.phase == "play" and Draw() in state.legal_moves():
        return state.apply(Draw())
    return state


def play_long_hand(points: Sequence[Point], tally: LongTally, out: LongReport) -> None:
    """Play the hand of ``points`` to its last point with every invariant after every move,
    and check the views at each point."""
    first = points[0]
    rng = random.Random(first.seed)
    state = start_long_hand(first.players, first.seed)
    cards = deck_counter(first.players, state.config)
    pick = random.Random(f"{first.key}/players")
    tally.hands += 1
    try:
        for point in points:
            state = play_to(state, rng, cards, point.turn)
            if not in_play(state):
                break  # the hand ended early: someone went out
            at = at_point(state, point)
            mover = at.current_player
            other = pick.choice([p for p in range(first.players) if p != mover])
            check_point(at, point, (mover, other), tally, out)
    except Exception as error:  # an invariant of play failed: the hand cannot go on
        out.failed.append(
            f"turn {state.turn} of hand {first.players}/{first.seed} [python scripts/soak.py "
            f"--long-replay {first.players}/{first.seed}/{state.turn}/draw]: "
            f"{type(error).__name__}: {error}"
        )
        traceback.print_exception(error)
    tally.turns += state.turn
    tally.reshuffles += reshuffles(state)


def long_hands(master: int, count: int, checks: int, strict: bool) -> int:
    """Play ``count`` long hands and print what was checked; returns the exit status."""
    print(
        f"long hands: {count:,} two-deck reuse_pile hands, {LONG_PLAYERS[0]} to "
        f"{LONG_PLAYERS[-1]} players in turn, each to a turn from {LONG_TURNS[0]:,} to "
        f"{LONG_TURNS[1]:,}, seed {master}; every invariant after every move; at {checks} "
        "turns of each, the views of the player to move and of another checked, loaded and "
        "sampled, and an ISMCTS search from the mover's",
        flush=True,
    )
    tallies = {players: LongTally() for players in LONG_PLAYERS}
    out = LongReport()
    started = time.perf_counter()
    for number in range(count):
        points = long_hand_points(master, number, checks)
        play_long_hand(points, tallies[points[0].players], out)
    elapsed = time.perf_counter() - started

    header = (
        "players",
        "hands",
        "turns",
        "reshuffles",
        "views",
        "refused",
        "relaxed",
        "failed",
        "searches",
        "refused",
        "relaxed",
        "failed",
        "worst s",
    )
    rows = {str(players): t for players, t in tallies.items()}
    total = LongTally()
    for t in tallies.values():
        for field in attrs.fields(LongTally):
            value = getattr(t, field.name)
            old = getattr(total, field.name)
            setattr(total, field.name, max(old, value) if field.name == "worst" else old + value)
    rows["total"] = total
    text = [list(header)] + [
        [
            name,
            *(f"{c:,}" for c in attrs.astuple(t)[:-1]),
            f"{t.worst:.2f}",
        ]
        for name, t in rows.items()
    ]
    _print_table(text)
    _print_notes(out)
    tried = total.views + total.searches
    print(
        f"{tried:,} checks of long hands in {elapsed:.1f} s ({total.views:,} views, "
        f"{total.searches:,} searches): {len(out.refused):,} refused, {len(out.relaxed):,} "
        f"relaxed, {len(out.failed):,} failed; worst s = the slowest view's checks (CPU seconds)"
    )
    if out.failed or (strict and (out.refused or out.relaxed)):
        print("FAILED: long hands", file=sys.stderr)
        return 1
    return 0


def _print_notes(out: LongReport) -> None:
    """Each refusal, world dealt without a reading, and failure, on a line of its own."""
    for kind, notes in (("REFUSED", out.refused), ("RELAXED", out.relaxed), ("FAILED", out.failed)):
        for note in notes:
            print(f"{kind} {note}")


def long_replay(spec: str) -> int:
    """Check every player's view, and a search, at the point ``PLAYERS/SEED/TURN/PHASE``."""
    try:
        players, seed, turn, phase = spec.split("/")
        point = Point(int(players), int(seed), int(turn), phase)
    except ValueError:
        print(f"not PLAYERS/SEED/TURN/PHASE: {spec}", file=sys.stderr)
        return 2
    if point.players not in LONG_PLAYERS or phase not in ("draw", "play"):
        print(f"no such point: {spec}", file=sys.stderr)
        return 2
    state = start_long_hand(point.players, point.seed)
    try:
        cards = deck_counter(point.players, state.config)
        state = play_to(state, random.Random(point.seed), cards, point.turn)
    except Exception as error:
        traceback.print_exception(error)
        print(f"FAILED at turn {state.turn}", file=sys.stderr)
        return 1
    if not in_play(state):
        print(f"the hand is over before turn {point.turn}", file=sys.stderr)
        return 2
    at = at_point(state, point)
    out = LongReport()
    check_point(at, point, range(point.players), LongTally(), out)
    print(
        f"hand {point.players}/{point.seed} at turn {point.turn} ({phase}), player "
        f"{at.current_player} to move, the pile turned over {reshuffles(at)} times"
    )
    _print_notes(out)
    if out.refused or out.relaxed or out.failed:
        return 1
    print("every player's view and the search: ok")
    return 0


def _print_table(text: list[list[str]]) -> None:
    widths = [max(len(row[i]) for row in text) for i in range(len(text[0]))]
    for row in text:
        print(
            "  ".join(
                [row[0].ljust(widths[0])]
                + [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
            )
        )


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
    parser.add_argument(
        "--long-hands",
        type=int,
        default=0,
        metavar="N",
        help="then N long two-deck reuse_pile hands, 2 to 6 players in turn (0)",
    )
    parser.add_argument(
        "--long-checks",
        type=int,
        default=3,
        metavar="K",
        help="views and a search checked at K turns of each long hand (3)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when a view of a long hand is refused or not read",
    )
    parser.add_argument(
        "--long-replay",
        metavar="PLAYERS/SEED/TURN/PHASE",
        help="every player's view at one point of a long hand (PHASE: draw or play)",
    )
    args = parser.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    if args.long_replay:
        return long_replay(args.long_replay)
    if args.moves < 0 or args.sample < 1 or args.long_hands < 0 or args.long_checks < 1:
        parser.error(
            "--moves and --long-hands must be 0 or more, --sample and --long-checks 1 or more"
        )
    if not args.moves and not args.long_hands:
        parser.error("nothing to play: --moves and --long-hands are both 0")
    status = soak(args.moves, args.seed, args.sample) if args.moves else 0
    if args.long_hands and status == 0:
        status = long_hands(args.seed, args.long_hands, args.long_checks, args.strict)
    return status


def soak(moves: int, master: int, sample: int) -> int:
    """Play ``moves`` moves of every game in turn and print what was checked; returns the exit
    status."""
    ring = list(games(master))
    tallies = {name: Tally() for name in presets.names()}
    for game in ring:
        game.start()
        tallies[game.preset].games += 1
    print(
        f"soak: {moves:,} moves over {len(ring)} games in turn (every preset, player "
        f"count and deck count), seed {master}; every invariant after every move; "
        f"save/load, views and illegal moves on 1 move in {sample} of each game",
        flush=True,
    )
    left = moves
    started = time.perf_counter()
    try:
        while left:
            for game in ring:
                left -= step(game, tallies[game.preset], sample, min(SLICE, left))
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
    _print_table(
        [list(header)] + [[name, *(f"{c:,}" for c in row)] for name, row in counts.items()]
    )
    print(
        f"{total[3]:,} moves checked in {elapsed:.1f} s: {total[3] / elapsed:,.0f} moves/s; "
        f"games = started, ended = played to the end; states saved/loaded, views and illegal "
        f"moves checked on 1 move in {sample}; no invariant violated"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

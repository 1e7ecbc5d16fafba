"""What a ladder of bots is and what it has played: its formats (:class:`Format`), its cells
(:class:`Cell`: one bot against another in one format), the plan that names them and when a
cell stops (:class:`LadderPlan`), and the results so far (:class:`CellResult`,
:class:`LadderResults`), read from and written to JSON data. :mod:`~rummy500.simulate.ladder`
plays them."""

from __future__ import annotations

from typing import Any, Final

import attrs

from rummy500 import ConfigError, RuleConfig, Rummy500Error, presets
from rummy500.bots import bot_text
from rummy500.core.errors import describe_value, is_whole
from rummy500.simulate.games import SimulationError
from rummy500.simulate.ratings import LineupResult, Rating, ratings
from rummy500.simulate.summary import Interval, proportion

#: The version of the results file's layout.
FORMAT_VERSION: Final = 1


@attrs.frozen
class Format:
    """What a cell's games are: ``players`` at the table under the preset ``rules``, played
    to the end of the game (``hands=None``) or for ``hands`` hands (then the higher total
    wins), with the caps on the deals a cell plays: ``max_deals`` for a cell of two bots that
    do not search, ``max_search_deals`` for a cell with a search bot in it."""

    name: str
    rules: str
    players: int
    hands: int | None
    max_deals: int
    max_search_deals: int

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name or "|" in self.name:
            raise SimulationError(
                f"a format's name is a str without '|', not {describe_value(self.name)}"
            )
        try:
            config = presets.get(self.rules)
        except Rummy500Error as error:
            raise SimulationError(f"format {self.name!r}: {error}") from None
        if not is_whole(self.players) or self.players not in config.player_counts:
            raise SimulationError(
                f"format {self.name!r}: these rules are for {config.players_text}, not "
                + describe_value(self.players)
            )
        if config.team_size > 1:
            raise SimulationError(
                f"format {self.name!r}: a ladder's games have a winner a seat, not a team: "
                f"{self.rules!r} plays in partnerships"
            )
        for name, value in (
            ("hands", self.hands),
            ("max_deals", self.max_deals),
            ("max_search_deals", self.max_search_deals),
        ):
            if (value is not None or name != "hands") and (not is_whole(value) or value < 1):
                what = "a whole number of 1 or more" + (", or None" if name == "hands" else "")
                raise SimulationError(
                    f"format {self.name!r}: {name} is {what}, not {describe_value(value)}"
                )

    def config(self) -> RuleConfig:
        """The rules the games are played under."""
        config = presets.get(self.rules)
        if self.hands is None:
            return config
        return attrs.evolve(config, target=None, hands_per_game=self.hands)

    def text(self) -> str:
        """The format in words: ``2 players, whole games`` or ``3 players, one hand``."""
        length = (
            "whole games"
            if self.hands is None
            else ("one hand" if self.hands == 1 else f"{self.hands} hands")
        )
        return f"{self.players} players, {length}"


@attrs.frozen
class Cell:
    """One bot (``bot``) against another (``rival``) in one format: ``bot`` sits in each seat
    in turn and ``rival`` fills the other seats, so that every deal is played from every seat.
    The cell's figure is the share of games ``bot`` won."""

    format: Format
    bot: str
    rival: str

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.format, Format):
            raise SimulationError(f"a cell's format is a Format, not {describe_value(self.format)}")
        for bot in (self.bot, self.rival):
            if not isinstance(bot, str):
                raise SimulationError(
                    f"a cell's bots are named by a str, not {describe_value(bot)}"
                )

    @property
    def key(self) -> str:
        """The cell's name in the results file."""
        return f"{self.format.name}|{self.bot}|{self.rival}"

    def lineups(self) -> tuple[tuple[str, ...], ...]:
        """The line-ups each deal is played with, ``bot`` in seat 0, 1, ... in turn."""
        players = self.format.players
        return tuple(
            tuple(self.bot if seat == k else self.rival for seat in range(players))
            for k in range(players)
        )


@attrs.frozen
class LadderPlan:
    """The bots, the formats and when a cell stops: when the 95% interval of its win rate is
    at most ``half_width`` either side (after at least ``min_deals`` deals), or at its
    format's cap. ``search`` names the bots whose cells have the search cap. A round plays
    ``batch`` deals of a cell, each from every seat; the deals of every cell are the games
    from ``seed`` on, so every pair meets on the same cards.

    Every pair of ``bots`` meets, and ``pairs`` adds more: each a pair of names, at least one
    of them not among ``bots`` (a bot that meets only the rivals named with it, such as a
    search bot with a budget of CPU time meeting the same bot with a budget of iterations).
    ``fixed`` names cells that play a number of deals set in advance: pairs of a cell's
    :attr:`~Cell.key` and its deals. Such a cell plays on to them whatever its interval, and
    no further, so that a claim resting on it is not the result of stopping when the
    interval looked good."""

    bots: tuple[str, ...]
    formats: tuple[Format, ...]
    search: frozenset[str] = frozenset()
    half_width: float = 0.05
    min_deals: int = 16
    batch: int = 16
    seed: int = 0
    pairs: tuple[tuple[str, str], ...] = ()
    fixed: tuple[tuple[str, int], ...] = ()

    def __attrs_post_init__(self) -> None:
        _tuple_of(self.bots, str, "a ladder's bots are a tuple of bot names")
        _tuple_of(self.formats, Format, "a ladder's formats are a tuple of Format")
        if not isinstance(self.search, frozenset) or not all(
            isinstance(b, str) for b in self.search
        ):
            raise SimulationError(
                "a ladder's search bots are a frozenset of names, not "
                + describe_value(self.search)
            )
        names = [f.name for f in self.formats]
        for name in names:
            if names.count(name) > 1:
                raise SimulationError(f"a ladder names each format once, not {name!r} twice")
        if (
            isinstance(self.half_width, bool)
            or not isinstance(self.half_width, int | float)
            or not 0 < self.half_width <= 0.5
        ):
            raise SimulationError(
                "a ladder's half_width is a share above 0 and at most 0.5, not "
                + describe_value(self.half_width)
            )
        if not is_whole(self.seed) or self.seed < 0:
            raise SimulationError(
                f"a ladder's seed is a whole number of 0 or more, not {describe_value(self.seed)}"
            )
        for bot in self.bots:
            _check_name(bot)
            if self.bots.count(bot) > 1:
                raise SimulationError(f"a ladder names each bot once, not {bot!r} twice")
        self._check_pairs()
        self._check_fixed()
        for name, value in (("min_deals", self.min_deals), ("batch", self.batch)):
            if not is_whole(value) or value < 1:
                raise SimulationError(
                    f"a ladder's {name} is a whole number of 1 or more, not {describe_value(value)}"
                )

    def _check_pairs(self) -> None:
        pairs = self.pairs
        if not isinstance(pairs, tuple):
            raise SimulationError(
                f"a ladder's pairs are a tuple of pairs of bot names, not {describe_value(pairs)}"
            )
        for pair in pairs:
            if not (
                isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(b, str) for b in pair)
            ):
                raise SimulationError(
                    f"each of a ladder's pairs is a tuple of two bot names, not {pair!r}"
                )
        seen: set[frozenset[str]] = set()
        for first, second in pairs:
            _check_name(first)
            _check_name(second)
            if first == second:
                raise SimulationError(f"a pair is of two bots, not {first!r} against itself")
            if first in self.bots and second in self.bots:
                raise SimulationError(
                    f"{first!r} and {second!r} already meet as two of the ladder's bots: "
                    "pairs add the meetings of other bots"
                )
            if frozenset((first, second)) in seen:
                raise SimulationError(
                    f"a ladder names each pair once, not {first!r} and {second!r} twice"
                )
            seen.add(frozenset((first, second)))

    def _check_fixed(self) -> None:
        fixed = self.fixed
        if not isinstance(fixed, tuple) or not all(
            isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], str) for c in fixed
        ):
            raise SimulationError(
                "a ladder's fixed cells are a tuple of pairs of a cell's key and its deals, "
                f"not {describe_value(fixed)}"
            )
        keys = {cell.key for cell in self.cells()}
        named = [key for key, _ in fixed]
        for key, deals in fixed:
            if key not in keys:
                raise SimulationError(
                    f"a ladder fixes the deals of its own cells: {key!r} is not one"
                )
            if not is_whole(deals) or deals < 1:
                raise SimulationError(
                    f"the deals of cell {key!r} are a whole number of 1 or more, not "
                    f"{describe_value(deals)}"
                )
            if named.count(key) > 1:
                raise SimulationError(
                    f"a ladder fixes the deals of each cell once, not {key!r} twice"
                )

    def fixed_deals(self, cell: Cell) -> int | None:
        """The deals ``cell`` plays whatever its interval, or ``None``: it stops when its
        interval is narrow enough or at its cap."""
        if not isinstance(cell, Cell):
            raise SimulationError(f"a ladder fixes the deals of a Cell, not {describe_value(cell)}")
        for key, deals in self.fixed:
            if key == cell.key:
                return deals
        return None

    def matches(self) -> tuple[tuple[str, str], ...]:
        """Every pair that meets: each pair of ``bots`` in order, then ``pairs``."""
        return (
            *(
                (first, second)
                for i, first in enumerate(self.bots)
                for second in self.bots[i + 1 :]
            ),
            *self.pairs,
        )

    def entrants(self) -> tuple[str, ...]:
        """Every bot that plays: ``bots``, then the others of ``pairs`` as they first come."""
        names = list(self.bots)
        for pair in self.pairs:
            names += [b for b in pair if b not in names]
        return tuple(names)

    def cells(self) -> tuple[Cell, ...]:
        """Every cell: for two players each pair once (the second bot's share is what the
        first leaves), for more each bot of a pair alone against the other."""
        cells = []
        for fmt in self.formats:
            for first, second in self.matches():
                cells.append(Cell(fmt, first, second))
                if fmt.players > 2:
                    cells.append(Cell(fmt, second, first))
        return tuple(cells)

    def cap(self, cell: Cell) -> int:
        """The most deals ``cell`` plays."""
        if not isinstance(cell, Cell):
            raise SimulationError(f"a ladder caps a Cell, not {describe_value(cell)}")
        fixed = self.fixed_deals(cell)
        if fixed is not None:
            return fixed
        searching = {cell.bot, cell.rival} & self.search
        return cell.format.max_search_deals if searching else cell.format.max_deals

    def games_json(self) -> dict[str, Any]:
        """What the games of a cell depend on besides its bots: the first deal's seed, the
        deals a round plays, and each format's rules, players and hands (the head of the
        results file; the caps and the stopping rule may change without touching a game)."""
        return {
            "seed": self.seed,
            "batch": self.batch,
            "formats": {
                f.name: {"rules": f.rules, "players": f.players, "hands": f.hands}
                for f in self.formats
            },
        }


@attrs.frozen
class CellResult:
    """What a cell has played: ``deals`` deals, each from every seat, and the results of
    each of its line-ups."""

    cell: Cell
    deals: int
    lineups: tuple[LineupResult, ...]

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.cell, Cell):
            raise SimulationError(f"a cell's result is of a Cell, not {describe_value(self.cell)}")
        if not is_whole(self.deals) or self.deals < 0:
            raise SimulationError(
                f"a cell's deals are a count of 0 or more, not {describe_value(self.deals)}"
            )
        _tuple_of(self.lineups, LineupResult, "a cell's line-ups are a tuple of LineupResult")
        if tuple(r.bots for r in self.lineups) != self.cell.lineups():
            raise SimulationError(
                f"the line-ups of cell {self.cell.key!r} are its bot in each seat in turn"
            )

    @property
    def games(self) -> int:
        """Every game the cell played."""
        return sum(r.games for r in self.lineups)

    @property
    def draws(self) -> int:
        """The games no seat won."""
        return sum(r.draws for r in self.lineups)

    def share(self) -> Interval:
        """The share of the games the cell's bot won, with its 95% interval."""
        won = sum(r.wins[k] for k, r in enumerate(self.lineups))
        return proportion(won, self.games)

    def status(self, plan: LadderPlan) -> str:
        """``"settled"`` (the interval is narrow enough), ``"capped"`` (the cap was reached
        first) or ``"open"`` (more deals to play; a cell of :attr:`LadderPlan.fixed` is open
        until it has played its deals)."""
        if not isinstance(plan, LadderPlan):
            raise SimulationError(
                f"a cell's status is under a LadderPlan, not {describe_value(plan)}"
            )
        fixed = plan.fixed_deals(self.cell)
        if fixed is not None and self.deals < fixed:
            return "open"
        share = self.share()
        narrow = (
            self.deals >= plan.min_deals
            and max(share.value - share.low, share.high - share.value) <= plan.half_width
        )
        if narrow:
            return "settled"
        return "capped" if self.deals >= plan.cap(self.cell) else "open"


def _empty(cell: Cell) -> CellResult:
    players = cell.format.players
    return CellResult(
        cell, 0, tuple(LineupResult(seats, (0,) * players) for seats in cell.lineups())
    )


@attrs.frozen
class LadderResults:
    """A plan and what its cells have played."""

    plan: LadderPlan
    cells: tuple[CellResult, ...]

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.plan, LadderPlan):
            raise SimulationError(
                f"a ladder's results are of a LadderPlan, not {describe_value(self.plan)}"
            )
        _tuple_of(self.cells, CellResult, "a ladder's cells are a tuple of CellResult")

    def ratings(self, *, anchor: str | None = None, bootstrap: int = 200) -> tuple[Rating, ...]:
        """The ratings over every game of every cell (see
        :func:`~rummy500.simulate.ratings`)."""
        results = [r for c in self.cells for r in c.lineups if r.games]
        return ratings(results, anchor=anchor, bootstrap=bootstrap)

    def open_cells(self) -> list[CellResult]:
        """The cells that have deals left to play, fewest deals first."""
        waiting = [c for c in self.cells if c.status(self.plan) == "open"]
        return sorted(waiting, key=lambda c: c.deals)

    def to_json(self, other: dict[str, Any] | None = None) -> dict[str, Any]:
        """The results as JSON data: what the games depend on, then each cell's deals and
        its line-ups' wins and draws. ``other`` is the results file these results were
        carried on from: its cells and formats that the plan does not have are kept."""
        if other is not None and not isinstance(other, dict):
            raise SimulationError(
                f"other is a results file read as JSON, not {describe_value(other)}"
            )
        games = self.plan.games_json()
        cells = dict((other or {}).get("cells", {}))
        formats = dict((other or {}).get("formats", {}))
        formats.update(games["formats"])
        for c in self.cells:
            cells[c.cell.key] = {
                "deals": c.deals,
                "lineups": [[*r.wins, r.draws] for r in c.lineups],
            }
        return {
            "version": FORMAT_VERSION,
            "seed": games["seed"],
            "batch": games["batch"],
            "formats": dict(sorted(formats.items())),
            "cells": dict(sorted(cells.items())),
        }

    @classmethod
    def start(cls, plan: LadderPlan, data: dict[str, Any] | None = None) -> LadderResults:
        """The results of ``plan`` so far: those in ``data`` (a results file read as JSON),
        or none. The file may hold cells of other bots and formats (a plan grows); its deals
        must be the plan's, and each format it shares with the plan the same games."""
        if not isinstance(plan, LadderPlan):
            raise SimulationError(f"the results are of a LadderPlan, not {describe_value(plan)}")
        if data is None:
            return cls(plan, tuple(_empty(c) for c in plan.cells()))
        if not isinstance(data, dict):
            raise SimulationError(
                f"a ladder's results file holds a JSON object, not {describe_value(data)}"
            )
        games = plan.games_json()
        if data.get("version") != FORMAT_VERSION or any(
            data.get(k) != games[k] for k in ("seed", "batch")
        ):
            raise SimulationError(
                "the results file is of other deals (another seed or batch, or another version "
                "of its layout): give another file, or the same plan to carry on with it"
            )
        try:
            return cls(plan, tuple(_read_cell(cell, data, games) for cell in plan.cells()))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SimulationError(f"the results file is damaged: {error}") from None


def _read_cell(cell: Cell, data: dict[str, Any], games: dict[str, Any]) -> CellResult:
    """The results of ``cell`` in the results file ``data`` (none if it has none)."""
    name = cell.format.name
    if data["formats"].get(name, games["formats"][name]) != games["formats"][name]:
        raise SimulationError(
            f"the results file plays format {name!r} with other rules, players or hands: "
            "give the format another name, or another file"
        )
    entry = data["cells"].get(cell.key)
    if entry is None:
        return _empty(cell)
    lineups = tuple(
        LineupResult(seats, tuple(row[:-1]), row[-1])
        for seats, row in zip(cell.lineups(), entry["lineups"], strict=True)
    )
    return CellResult(cell, entry["deals"], lineups)


def _check_name(bot: str) -> None:
    """Refuse a bot that is not a built-in bot's text in its one written form."""
    try:
        text = bot_text(bot)
    except ConfigError as error:
        raise SimulationError(str(error)) from None
    if text != bot:
        raise SimulationError(
            f"a ladder names its bots in their written form: {text!r}, not {bot!r}"
        )


def _tuple_of(values: object, kind: type, what: str) -> None:
    if not isinstance(values, tuple) or not all(isinstance(v, kind) for v in values):
        raise SimulationError(f"{what}, not {describe_value(values)}")

"""The advice that ends the guide of the "Compare the variants" page: which rule set to pick for
a short game, a long one, steady scores, hands that end by going out, and a fair first seat.

Each sentence is worked out from the data file, so it changes when the measurements do, and
cites the numbers of a plot shown on the page, with a link to the section that shows it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))
from compare_variants_data import (
    listed,
    order,
    player_counts,
    plays_alike,
)
from variant_figures import minutes, rounded_minutes, share, share_text

__all__ = ["BASE", "STOCK_SHARE", "advice"]

#: The rule set every other is measured against.
BASE: Final = "standard"
#: A rule set whose stock runs out in more than this share of hands is named as one to avoid
#: for hands that end by going out (the guide's "How hands end" uses the same line).
STOCK_SHARE: Final = 0.02
#: Where the page shows each plot: the section of a player count holds its hands and scores.
ENDINGS_PLOT: Final = "[How hands end](#how-hands-end-and-the-first-players-edge)"
EDGE_PLOT: Final = "[The first player's edge](#how-hands-end-and-the-first-players-edge)"


def _hands_plot(n: int) -> str:
    return f"[Hands per game, {n} players](#{n}-players)"


def _scores_plot(n: int) -> str:
    return f"[Hand scores, {n} players](#{n}-players)"


def _name(key: str) -> str:
    return key.split("/")[0]


def _at(results: dict[str, Any], n: int) -> list[str]:
    """The keys of ``results`` at ``n`` players, in the page's order."""
    return [k for k in sorted(results, key=order) if k.endswith(f"/{n}")]


def _choices(results: dict[str, Any]) -> list[int]:
    """The player counts with more than one rule set to choose from."""
    return [n for n in player_counts(results) if len(_at(results, n)) > 1]


def _with_twins(results: dict[str, Any], key: str) -> str:
    """``key``'s preset, with those that play the very same game at its count."""
    name, n = _name(key), int(key.split("/")[1])
    twins = [_name(k) for k in _at(results, n) if k != key and plays_alike(name, _name(k), n)]
    if not twins:
        return f"`{name}`"
    also = " or ".join(f"`{t}`" for t in twins)
    return f"`{name}` (or {also}, the same game at {n} players)"


def _hands(result: dict[str, Any]) -> str:
    return f"{result['hands_per_game'][0]:.2f}"


def short_games(results: dict[str, Any]) -> list[str]:
    """For each player count, the rule set whose game is shortest at a real table."""
    out = []
    for n in _choices(results):
        keys = _at(results, n)
        best = min(keys, key=lambda k: minutes(results[k]))
        r, base = results[best], results.get(f"{BASE}/{n}")
        if base is None or best == f"{BASE}/{n}":
            out.append(
                f"For a short {n}-player game, pick {_with_twins(results, best)}: "
                f"{_hands(r)} hands a game, about {rounded_minutes(r)} minutes "
                f"({_hands_plot(n)})."
            )
        elif rounded_minutes(r) == rounded_minutes(base):
            out.append(
                f"For a short {n}-player game, `{BASE}` will do: {_hands(base)} hands a game, "
                f"about {rounded_minutes(base)} minutes; the shortest, "
                f"{_with_twins(results, best)}, plays {_hands(r)} hands in about as long "
                f"({_hands_plot(n)})."
            )
        else:
            out.append(
                f"For a short {n}-player game, pick {_with_twins(results, best)}: {_hands(r)} "
                f"hands a game against {_hands(base)} for `{BASE}`, about "
                f"{rounded_minutes(r)} minutes against {rounded_minutes(base)} "
                f"({_hands_plot(n)})."
            )
    return out


def _grouped(
    results: dict[str, Any], pick: Callable[[Sequence[str]], str]
) -> list[tuple[str, list[int]]]:
    """The key ``pick`` chooses at each player count with a choice, the counts of one preset
    together."""
    chosen: dict[str, list[int]] = {}
    for n in _choices(results):
        chosen.setdefault(_name(pick(_at(results, n))), []).append(n)
    return list(chosen.items())


def long_games(results: dict[str, Any]) -> list[str]:
    """The rule set whose game is longest, at the counts where it is."""
    out = []

    def longest(keys: Sequence[str]) -> str:
        return max(keys, key=lambda key: minutes(results[key]))

    for name, counts in _grouped(results, longest):
        keys = [f"{name}/{n}" for n in counts]
        bases = [f"{BASE}/{n}" for n in counts]
        text = (
            f"For a long game at {listed(counts)} players, pick `{name}`: "
            + listed(_hands(results[k]) for k in keys)
            + " hands a game"
        )
        if name != BASE and all(b in results for b in bases):
            text += f" against {listed(_hands(results[b]) for b in bases)} for `{BASE}`"
        plots = ", ".join(_hands_plot(n) for n in counts)
        out.append(
            f"{text}, about {listed(str(rounded_minutes(results[k])) for k in keys)} minutes "
            f"({plots})."
        )
    return out


def _spread(result: dict[str, Any]) -> str:
    return f"{result['hand_score_sd']:.0f}"


def steady_scores(results: dict[str, Any]) -> list[str]:
    """The rule set whose hand scores spread least, at the counts where they do; `standard`
    where none spreads them less once rounded to the point."""

    def steadiest(keys: Sequence[str]) -> str:
        best = min(keys, key=lambda key: results[key]["hand_score_sd"])
        base = next((k for k in keys if _name(k) == BASE), None)
        return (
            base if base is not None and _spread(results[best]) == _spread(results[base]) else best
        )

    out = []
    for name, counts in _grouped(results, steadiest):
        keys = [f"{name}/{n}" for n in counts]
        bases = [f"{BASE}/{n}" for n in counts]
        plots = ", ".join(_scores_plot(n) for n in counts)
        spreads = listed(_spread(results[k]) for k in keys)
        if name == BASE:
            out.append(
                f"At {listed(counts)} players `{BASE}` has scores as steady as any: a player's "
                f"hand score spreads {spreads} points (standard deviation), the least of all to "
                f"the nearest point ({plots})."
            )
            continue
        text = (
            f"For the steadiest scores at {listed(counts)} players, pick `{name}`: a player's "
            f"hand score spreads {spreads} points (standard deviation)"
        )
        if all(b in results for b in bases):
            text += (
                f" against {listed(_spread(results[b]) for b in bases)} in `{BASE}`, a narrower "
                "curve than the grey one"
            )
        out.append(f"{text} ({plots}).")
    return out


def going_out(results: dict[str, Any]) -> list[str]:
    """The rule sets whose stock runs out often, and what to play instead."""
    stocky = [
        k for k in sorted(results, key=order) if results[k]["stock_exhausted"][0] > STOCK_SHARE
    ]
    if not stocky:
        lowest = min(results[k]["going_out"][0] for k in results)
        return [
            "Every rule set ends its hands by a player going out: in at least "
            f"{share(lowest)} of them at every player count ({ENDINGS_PLOT})."
        ]
    out = []
    for key in stocky:
        name, n = _name(key), int(key.split("/")[1])
        text = (
            f"At {n} players, avoid `{name}` if hands should end by going out: its stock ran "
            f"out in {share_text(results[key]['stock_exhausted'])} of hands"
        )
        base = results.get(f"{BASE}/{n}")
        if base is not None:
            text += f" against {share_text(base['stock_exhausted'])} in `{BASE}`"
        # A rule set that plays the same game at another count, but not at this one, is the
        # nearest thing to play instead.
        kin = [
            k
            for k in _at(results, n)
            if k != key
            and not plays_alike(name, _name(k), n)
            and any(
                plays_alike(name, _name(k), m)
                for m in player_counts(results)
                if f"{name}/{m}" in results and f"{_name(k)}/{m}" in results
            )
            and results[k]["stock_exhausted"][0] <= STOCK_SHARE
        ]
        if kin:
            alike = sorted(
                {
                    m
                    for k in kin
                    for m in player_counts(results)
                    if plays_alike(name, _name(k), m) and m != n
                }
            )
            text += (
                "; "
                + " or ".join(f"`{_name(k)}`" for k in kin)
                + f", the same game at {listed(alike)} players, runs out in "
                + " and ".join(share(results[k]["stock_exhausted"][0]) for k in kin)
            )
        out.append(f"{text} ({ENDINGS_PLOT}).")
    return out


def first_seat(results: dict[str, Any]) -> list[str]:
    """Whether any rule set favours (or handicaps) the first player beyond its interval."""
    above, below = [], []
    for key in sorted(results, key=order):
        fair = 1 / results[key]["sides"]
        _, low, high = results[key]["first_player_wins"]
        if low > fair:
            above.append(key)
        elif high < fair:
            below.append(key)

    def cited(keys: Sequence[str]) -> str:
        return listed(
            f"`{_name(k)}` at {k.split('/')[1]} players "
            f"({share_text(results[k]['first_player_wins'])} against "
            f"{share(1 / results[k]['sides'])})"
            for k in keys
        )

    fair_ones = len(results) - len(above) - len(below)
    text = (
        f"The first seat is favoured in {cited(above)}; "
        if above
        else "No rule set favours the first seat: "
    )
    text += (
        f"a fair share lies within the 95% interval of the first player's wins in {fair_ones} of "
        f"the {len(results)} rule sets and player counts"
    )
    if below:
        text += f"; in {cited(below)} the first player wins less than a fair share"
    return [f"{text} ({EDGE_PLOT})."]


def advice(data: dict[str, Any]) -> list[str]:
    """The "In short" section that ends the guide, one list item a recommendation."""
    results = data["results"]
    sentences = [
        *short_games(results),
        *long_games(results),
        *steady_scores(results),
        *going_out(results),
        *first_seat(results),
    ]
    return [
        "### In short",
        "",
        "What the figures on this page say, with the plot each comes from:",
        "",
        *(f"- {sentence}" for sentence in sentences),
    ]

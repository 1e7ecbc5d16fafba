"""Timing for the benchmarks: resumable workloads run in short slices, interleaved round
after round, and the ratios of their speeds.

A *slice* is what one workload did in one short stretch of time: its decisions (or steps, or
simulations), the wall time and the CPU time. Speeds are per second of CPU time, which stands
still while another process has the CPU. Interleaving the workloads' slices round after round
lets them all see the same machine load; a ratio is taken round by round, and summarised by its
median.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Slice:
    """What one workload did in one time slice: decisions, wall time and the CPU time used."""

    decisions: int
    seconds: float
    cpu_seconds: float

    @property
    def rate(self) -> float:
        """Decisions per second of CPU time."""
        return self.decisions / max(self.cpu_seconds, 1e-9)


class Workload(Protocol):
    """Random play for a given time, carrying on where the previous slice stopped."""

    def run(self, seconds: float) -> Slice:
        """Play for about ``seconds``; return the decisions made and the time taken."""
        ...


class Steps:
    """A workload from an endless iterator that yields the work done at each step (1 per
    step, a game, or the simulations of a search): resumable slice by slice."""

    def __init__(self, work: Iterator[int]) -> None:
        self.work = work

    def run(self, seconds: float) -> Slice:
        """Take steps for about ``seconds``; the clock is read after every step."""
        clock = time.perf_counter
        done = 0
        cpu = time.process_time()
        start = clock()
        deadline = start + seconds
        for amount in self.work:
            done += amount
            if clock() >= deadline:
                break
        return Slice(done, clock() - start, time.process_time() - cpu)


def rotated(count: int, by: int) -> list[int]:
    """``0 .. count - 1``, starting from ``by`` (modulo ``count``) and wrapping around."""
    return [(by + i) % count for i in range(count)]


def interleave(
    groups: Sequence[Sequence[Workload]],
    rounds: int,
    seconds: float,
    warmup: float,
    progress: Callable[[int], None] | None = None,
) -> list[list[list[Slice]]]:
    """Run every workload once per round, the members of a group right after one another.

    Returns ``slices[g][i][r]``: the slice of member ``i`` of group ``g`` in round ``r``. Each
    workload first plays one unrecorded warm-up slice of ``warmup`` seconds. From one round to
    the next, the order of the groups and of the members within each group turns by one, so
    that no workload always goes first or always follows the same one.
    """
    for group in groups:
        for workload in group:
            workload.run(warmup)
    slices: list[list[list[Slice]]] = [[[] for _ in group] for group in groups]
    for r in range(rounds):
        for g in rotated(len(groups), r):
            for i in rotated(len(groups[g]), r):
                slices[g][i].append(groups[g][i].run(seconds))
        if progress is not None:
            progress(r)
    return slices


@dataclass
class Ratio:
    """One ratio per round between two workloads, summarised by its median."""

    per_round: list[float] = field(default_factory=list)

    @classmethod
    def of_rates(cls, numerator: Sequence[Slice], denominator: Sequence[Slice]) -> Ratio:
        """Round by round, the decisions/s of ``numerator`` over those of ``denominator``."""
        return cls([a.rate / b.rate for a, b in zip(numerator, denominator, strict=True)])

    @property
    def median(self) -> float:
        """The median over the rounds (NaN when there are none)."""
        return statistics.median(self.per_round) if self.per_round else float("nan")

    @property
    def upper_quartile(self) -> float:
        """The value a quarter of the rounds are above (the median with fewer than 2 rounds)."""
        if len(self.per_round) < 2:
            return self.median
        return statistics.quantiles(self.per_round, n=4, method="inclusive")[2]

    def spread(self) -> str:
        """The lowest and the highest round, as text."""
        if not self.per_round:
            return "-"
        return f"{min(self.per_round):.2f}-{max(self.per_round):.2f}"

    def to_json(self) -> dict[str, Any]:
        """The ratio's figures for the JSON report."""
        return {
            "median": self.median,
            "upper_quartile": self.upper_quartile,
            "min": min(self.per_round, default=None),
            "max": max(self.per_round, default=None),
            "per_round": self.per_round,
        }


def median_rate(slices: Sequence[Slice]) -> float:
    """The median decisions/s over the rounds."""
    return statistics.median(s.rate for s in slices)


def slices_json(slices: Sequence[Slice]) -> dict[str, Any]:
    """A workload's slices for the JSON report."""
    return {
        "median_decisions_per_s": median_rate(slices),
        "decisions": [s.decisions for s in slices],
        "seconds": [round(s.seconds, 6) for s in slices],
        "cpu_seconds": [round(s.cpu_seconds, 6) for s in slices],
    }


def progress(label: str, rounds: int) -> Callable[[int], None] | None:
    """On a terminal, a callback showing ``label: round r/rounds`` on one line of stderr."""
    if not sys.stderr.isatty():
        return None

    def report(r: int) -> None:
        end = "\n" if r + 1 == rounds else ""
        print(f"\r  {label}: round {r + 1}/{rounds}", end=end, file=sys.stderr, flush=True)

    return report

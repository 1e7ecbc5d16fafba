"""The plots of the "Compare the variants" page, drawn with matplotlib from its data file.

:func:`plots` makes the figures and :func:`draw` writes them as SVG. An SVG's unit is the point
(72 to the inch), so the figures are made at 72 dpi and a text of :data:`FONT` points is
:data:`FONT` pixels in the file, and no text is smaller. Every text lies inside its figure and
every value label inside its axes: the axes are widened to make room for the labels rather than
the labels left to cross the frame. ``tests/test_plot_layout.py`` draws every plot and checks
all three.

Only drawing needs matplotlib (the ``plots`` extra): the page's text and its check do not, so
this module imports it when asked to draw.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "src"))
from compare_variants_data import PLAYER_COUNTS, order
from variant_figures import SCORE_BIN

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Annotation

__all__ = ["COLOUR", "COUNT_COLOURS", "DPI", "FONT", "GREY", "draw", "plots"]

#: The figures' resolution: an SVG's unit is the point, so a point is a pixel of the file.
DPI: Final = 72
#: The size of every text of the plots, in points (and so in pixels of the SVG).
FONT: Final = 9
#: Standard is drawn in grey behind every other preset, which has this one colour.
GREY, COLOUR = "#9a9a9a", "#c44e52"
#: A colour for each player count, where one plot holds every count.
COUNT_COLOURS: Final = {2: "#4c72b0", 3: "#dd8452", 4: "#55a868"}
#: The interval whiskers, thick enough to see.
WHISKERS: Final = {"elinewidth": 2.5, "capsize": 4, "capthick": 2, "ecolor": "black"}
#: The width of the score curves, in points: a 95% band narrower than this hides under its line.
CURVE: Final = 1.0
#: The room, in points, between a value label and the frame of its axes.
LABEL_ROOM: Final = 4.0


def _percentile(histogram: Sequence[Sequence[int]], part: float) -> int:
    """The value below which ``part`` of a histogram's counts lie."""
    total, seen = sum(c for _, c in histogram), 0
    for value, count in histogram:
        seen += count
        if seen >= part * total:
            return int(value)
    return int(histogram[-1][0])


def _shares(histogram: Sequence[Sequence[int]]) -> tuple[list[float], list[float], list[float]]:
    """A histogram's bin middles, the share in each bin and its 95% half-width."""
    total = sum(c for _, c in histogram)
    xs = [b + SCORE_BIN / 2 for b, _ in histogram]
    ps = [c / total for _, c in histogram]
    return xs, ps, [1.96 * math.sqrt(p * (1 - p) / total) for p in ps]


def _figure(width: float, height: float) -> Figure:
    # A Figure of its own, outside pyplot: nothing global to close or to leak between plots.
    # Its Agg canvas measures the texts for the layout; saving as SVG draws it afresh.
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=DPI)
    FigureCanvasAgg(figure)
    return figure


def _legend(axes: Axes, columns: int) -> None:
    """The legend in a row above the axes."""
    axes.legend(
        fontsize=FONT, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=columns, frameon=False
    )


def _dots(
    axes: Axes,
    keys: Sequence[str],
    values: Sequence[Sequence[float]],
    colours: Sequence[str],
    scale: float = 1.0,
) -> None:
    """A dot and its thick 95% whisker for each key, top to bottom."""
    ys = range(len(keys))
    for y, v, colour in zip(ys, values, colours, strict=True):
        axes.errorbar(
            [v[0] * scale],
            [y],
            xerr=[[(v[0] - v[1]) * scale], [(v[2] - v[0]) * scale]],
            fmt="o",
            color=colour,
            markersize=5,
            **WHISKERS,  # type: ignore[arg-type]
        )
    axes.set_yticks(list(ys), [k.replace("/", ", ") for k in keys])
    counts = sorted({int(k.split("/")[1]) for k in keys if "/" in k})
    if len(counts) > 1:
        for n in counts:
            axes.plot([], [], "o", color=COUNT_COLOURS[n], label=f"{n} players")
        _legend(axes, 3)
    axes.set_ylim(len(keys) - 0.5, -0.5)
    axes.grid(axis="x", color="#dddddd")
    axes.tick_params(labelsize=FONT)


def _make_room_for_labels(figure: Figure, axes: Axes, labels: Sequence[Annotation]) -> None:
    """Widen the x axis to the right until every value label (each to the right of the point
    it annotates) ends :data:`LABEL_ROOM` points inside the frame. A label's width does
    not change with the scale, its anchor moves left as the axis widens: the limit that fits
    is solved for, then checked once the layout is redone (the tick labels may move it)."""
    for _ in range(5):
        figure.tight_layout()
        renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
        frame = axes.get_window_extent(renderer)
        low, high = axes.get_xlim()
        needed = high
        for label in labels:
            box = label.get_window_extent(renderer)
            anchor = axes.transData.transform((label.xy[0], 0))[0]
            # The label runs from its anchor to anchor + reach; the anchor sits at
            # frame.x0 + (x - low) / (limit - low) * frame.width.
            reach = box.x1 - anchor
            room = frame.width - reach - LABEL_ROOM
            if room > 0:
                needed = max(needed, low + (label.xy[0] - low) * frame.width / room)
        if needed <= high:
            return
        axes.set_xlim(low, needed)


def _hands(results: dict[str, Any], n: int, keys: Sequence[str]) -> Figure:
    """Hands per game at ``n`` players: each preset's mean, its 95% interval and the middle
    80% of its games, the mean written at the right."""
    figure = _figure(7, 0.3 * len(keys) + 1.3)
    axes = figure.subplots()
    labels = []
    for y, key in enumerate(keys):
        spread = results[key]["hands_histogram"]
        low, high = _percentile(spread, 0.1), _percentile(spread, 0.9)
        axes.plot(
            [low, high],
            [y, y],
            color="#cccccc",
            linewidth=7,
            solid_capstyle="butt",
            label="middle 80% of games" if y == 0 else None,
        )
        mean_ = results[key]["hands_per_game"]
        label = axes.annotate(
            f"{mean_[0]:.2f}",
            (high, y),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize=FONT,
        )
        labels.append(label)
    _dots(
        axes,
        [k.split("/")[0] for k in keys],
        [results[k]["hands_per_game"] for k in keys],
        [COLOUR] * len(keys),
    )
    axes.set_xlim(0, None)
    axes.plot([], [], "o", color=COLOUR, label="mean (its 95% interval is no wider than the dot)")
    axes.set_xlabel(f"hands per game, {n} players", fontsize=FONT)
    _legend(axes, 2)
    _make_room_for_labels(figure, axes, labels)
    return figure


def _band_points(
    figure: Figure, panels: Sequence[Axes], halves: Sequence[Sequence[float]]
) -> float:
    """The widest 95% band of the panels' curves, in points (the figure's pixels)."""
    figure.tight_layout()
    widest = 0.0
    for panel, half in zip(panels, halves, strict=True):
        low, high = panel.get_ylim()
        points = panel.get_window_extent().height / (high - low)
        widest = max(widest, 2 * max(half) * points)
    return widest


def _scores(results: dict[str, Any], n: int, keys: Sequence[str]) -> Figure:
    """Each preset's spread of a player's hand scores at ``n`` players, a panel each, over the
    standard rules' in grey."""
    from matplotlib.ticker import PercentFormatter

    others = [k for k in keys if not k.startswith("standard/")]
    base = f"standard/{n}" if f"standard/{n}" in results else None
    if not others:  # standard alone (a small sample): its own curve, in colour
        others, base = list(keys), None
    columns = 4
    rows = max(1, math.ceil(len(others) / columns))
    figure = _figure(7, 1.75 * rows + 0.8)
    grid = figure.subplots(rows, columns, sharex=True, sharey=True, squeeze=False)
    shown, halves = [], []
    for index, panel in enumerate(grid.flat):
        if index >= len(others):
            panel.set_visible(False)
            continue
        key = others[index]
        if base is not None:
            xs, ps, _ = _shares(results[base]["score_histogram"])
            panel.plot(xs, ps, color=GREY, linewidth=CURVE)
        xs, ps, half = _shares(results[key]["score_histogram"])
        panel.fill_between(
            xs,
            [p - h for p, h in zip(ps, half, strict=True)],
            [p + h for p, h in zip(ps, half, strict=True)],
            color=COLOUR,
            alpha=0.45,
            linewidth=0,
        )
        panel.plot(xs, ps, color=COLOUR, linewidth=CURVE)
        panel.set_title(key.split("/")[0], fontsize=FONT)
        panel.tick_params(labelsize=FONT)
        panel.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        # Shared axes label only the bottom row: a column whose lowest panel is above an
        # empty cell labels that panel instead, so every column has its scale.
        if index + columns >= len(others):
            panel.tick_params(labelbottom=True)
        shown.append(panel)
        halves.append(half)
    # The band is drawn whatever its width; the caption says how wide it is, and whether it
    # shows at all beside its line.
    widest = f"at most ±{100 * max(max(half) for half in halves):.1f} percentage points"
    band = (
        f"band: each share's 95% interval, {widest}"
        if _band_points(figure, shown, halves) > CURVE
        else f"each share's 95% interval ({widest}) is narrower than its line"
    )
    grey = "grey: standard; " if base is not None else ""
    figure.supxlabel(
        f"a player's score in a hand, {n} players (bins of {SCORE_BIN})\n{grey}{band}",
        fontsize=FONT,
    )
    figure.supylabel("share of hands", fontsize=FONT)
    figure.tight_layout()
    return figure


def _endings(results: dict[str, Any], keys: Sequence[str]) -> Figure:
    """Every preset and count: the share of hands ended by the stock running out."""
    figure = _figure(7, 0.22 * len(keys) + 1.2)
    axes = figure.subplots()
    colours = [COUNT_COLOURS[int(k.split("/")[1])] for k in keys]
    _dots(axes, keys, [results[k]["stock_exhausted"] for k in keys], colours, scale=100)
    axes.set_xlim(0, None)
    axes.set_xlabel(
        "hands ended by the stock running out, % (95% interval); the rest ended by going out",
        fontsize=FONT,
    )
    figure.tight_layout()
    return figure


def _first_player(results: dict[str, Any], keys: Sequence[str]) -> Figure:
    """Every preset and count: the first player's win rate less a fair share."""
    figure = _figure(7, 0.22 * len(keys) + 1.2)
    axes = figure.subplots()
    colours = [COUNT_COLOURS[int(k.split("/")[1])] for k in keys]
    fair = [1 / results[k]["sides"] for k in keys]
    _dots(
        axes,
        keys,
        [
            [(x - f) for x in results[k]["first_player_wins"]]
            for k, f in zip(keys, fair, strict=True)
        ],
        colours,
        scale=100,
    )
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel(
        "first player's win rate minus a fair share, percentage points (95% interval)",
        fontsize=FONT,
    )
    figure.tight_layout()
    return figure


def plots(data: dict[str, Any]) -> dict[str, Figure]:
    """The figures of the page by file name, laid out and ready to save."""
    results = data["results"]
    out: dict[str, Figure] = {}
    for n in PLAYER_COUNTS:
        keys = [k for k in sorted(results, key=order) if k.endswith(f"/{n}")]
        if not keys:
            continue
        out[f"hands-{n}.svg"] = _hands(results, n, keys)
        out[f"scores-{n}.svg"] = _scores(results, n, keys)
    keys = sorted(results, key=order)
    out["endings.svg"] = _endings(results, keys)
    out["first-player.svg"] = _first_player(results, keys)
    return out


def draw(data: dict[str, Any], out: Path) -> None:
    """Write the SVG plots of the page into ``out``: the same data always gives the same
    files (no dates, fixed element ids)."""
    import matplotlib

    out.mkdir(parents=True, exist_ok=True)
    with matplotlib.rc_context({"svg.hashsalt": "rummy500"}):
        for name, figure in plots(data).items():
            figure.savefig(out / name, format="svg", metadata={"Date": None, "Creator": None})

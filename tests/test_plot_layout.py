"""Every plot the project commits is drawn inside its frame, and can be read.

A browser sees a plot as one bitmap or one SVG image, so the documentation's layout check
(``scripts/check_layout.py``) cannot tell a label that crosses a plot's border from a line of
the plot: these tests are the check of the generated plots. Each plot is drawn from a small
fixed input (and those of the "Compare the variants" page from its committed data too) by the
code that draws the committed file, and every text the figure draws must lie inside the figure,
every value label inside its axes, and every tick label be at least 9 pixels high at the
resolution the file is saved at (an SVG's unit is the point, so 9 points there).

matplotlib is the ``plots`` extra: without it these tests are skipped.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from helpers_scripts import load_example, load_script

pytest.importorskip("matplotlib")

from matplotlib import rcParams
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox, BboxBase

ROOT = Path(__file__).resolve().parent.parent
#: The smallest tick label, in pixels of the saved file.
MIN_TICK_PIXELS = 9
#: What a measured box may overhang its frame by, in pixels: the rounding of the text's metrics.
SLACK = 0.5


def _drawn_texts(figure: Figure, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Text, Bbox]]:
    """Every non-empty text the figure draws, with its box in the figure's pixels."""
    drawn: list[tuple[Text, Bbox]] = []
    draw = Text.draw

    def record(self: Text, renderer: Any) -> None:
        draw(self, renderer)
        if self.get_visible() and self.get_text():
            drawn.append((self, self.get_window_extent(renderer)))

    with monkeypatch.context() as patch:
        patch.setattr(Text, "draw", record)
        figure.canvas.draw()
    return drawn


def _inside(box: BboxBase, frame: BboxBase) -> bool:
    return bool(
        box.x0 >= frame.x0 - SLACK
        and box.y0 >= frame.y0 - SLACK
        and box.x1 <= frame.x1 + SLACK
        and box.y1 <= frame.y1 + SLACK
    )


def layout_problems(figure: Figure, dpi: float, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What does not hold in ``figure`` saved at ``dpi``: a text outside the figure, a value
    label (a text of an axes) outside its axes, a tick label under 9 pixels."""
    drawn = _drawn_texts(figure, monkeypatch)
    boxes = {id(text): box for text, box in drawn}
    problems = [
        f"{text.get_text()!r} leaves the figure"
        for text, box in drawn
        if not _inside(box, figure.bbox)
    ]
    for axes in figure.axes:
        problems += [
            f"{label.get_text()!r} leaves its axes"
            for label in axes.texts
            if id(label) in boxes and not _inside(boxes[id(label)], axes.bbox)
        ]
        for axis in (axes.xaxis, axes.yaxis):
            ticks = axis.get_major_ticks() + axis.get_minor_ticks()
            labels = [t.label1 for t in ticks] + [t.label2 for t in ticks]
            sizes = [(label, float(label.get_fontsize()) * dpi / 72) for label in labels]
            problems += [
                f"tick label {label.get_text()!r} is {pixels:.1f} px"
                for label, pixels in sizes
                if id(label) in boxes and pixels < MIN_TICK_PIXELS
            ]
    return problems


def _saved_dpi(figure: Figure) -> float:
    """The resolution ``figure.savefig(path)`` writes a bitmap at, with no ``dpi`` given."""
    setting = rcParams["savefig.dpi"]
    return float(figure.dpi if setting == "figure" else setting)


# -- the "Compare the variants" page -----------------------------------------------------------


def _compare_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (ROOT / "docs" / "data" / "compare-variants.json").read_text(encoding="utf-8")
    )
    return data


def _small_compare_data() -> dict[str, Any]:
    """Three rule sets of the committed data: standard alone at 2 and 3 players, at 4 with two
    others in one row of panels, the longest game's labels at the right."""
    data = _compare_data()
    keep = ("standard/2", "standard/3", "standard/4", "persian/4", "rummy_1000/4")
    return {**data, "results": {k: data["results"][k] for k in keep}}


@pytest.mark.parametrize(
    "data", [_compare_data(), _small_compare_data()], ids=["committed", "small"]
)
def test_every_plot_of_the_compare_page_lies_inside_its_frame(
    data: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    plots = load_script("compare_variants_plots")
    figures = plots.plots(data)
    assert sorted(figures) == sorted(
        [f"{kind}-{n}.svg" for kind in ("hands", "scores") for n in (2, 3, 4)]
        + ["endings.svg", "first-player.svg"]
    )
    found = {
        name: layout_problems(figure, plots.DPI, monkeypatch) for name, figure in figures.items()
    }
    assert found == {name: [] for name in figures}


def test_the_hands_plot_has_a_value_label_for_every_rule_set() -> None:
    plots = load_script("compare_variants_plots")
    figure = plots.plots(_small_compare_data())["hands-4.svg"]
    assert [t.get_text() for t in figure.axes[0].texts] == ["9.15", "2.00", "19.13"]


def test_every_column_of_score_panels_shows_its_scale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plots = load_script("compare_variants_plots")
    figure = plots.plots(_compare_data())["scores-2.svg"]
    boxes = {id(text) for text, _ in _drawn_texts(figure, monkeypatch)}
    labelled = [
        axes.get_title()
        for axes in figure.axes
        if axes.get_visible() and any(id(t.label1) in boxes for t in axes.xaxis.get_major_ticks())
    ]
    # Ten panels in rows of four: the last row's two and the two above its empty cells.
    assert labelled == ["competitive", "hosted", "playingcards_io", "rummy_1000"]


def test_the_caption_of_the_score_plots_says_how_wide_the_band_is() -> None:
    plots = load_script("compare_variants_plots")
    figure = plots.plots(_compare_data())["scores-4.svg"]
    assert [t.get_text() for t in figure.texts] == [
        "a player's score in a hand, 4 players (bins of 10)\n"
        "grey: standard; band: each share's 95% interval, at most ±0.5 percentage points",
        "share of hands",
    ]


# -- the self-play page's learning curves -------------------------------------------------------


def _rates(rate: float) -> dict[str, float]:
    return {"rate": rate, "low": max(0.0, rate - 0.05), "high": min(1.0, rate + 0.05)}


def test_the_self_play_curves_lie_inside_their_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("ray")
    import matplotlib.pyplot as plt

    train = load_script("train_self_play")
    curve = [
        {"episodes": e, "random": _rates(r), "greedy": _rates(g)}
        for e, r, g in [(0, 0.1, 0.0), (2000, 0.6, 0.2), (4000, 0.9, 0.45)]
    ]
    train.plot({"runs": {"2": {"curve": curve}, "3": {"curve": curve}}}, tmp_path / "curve.png")
    figure = plt.gcf()
    try:
        assert layout_problems(figure, _saved_dpi(figure), monkeypatch) == []
    finally:
        plt.close(figure)


# -- the PettingZoo page's learning curve (an example's plot) ----------------------------------


def test_the_policy_gradient_curve_lies_inside_its_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("numpy")
    import matplotlib.pyplot as plt

    example = load_example("train_policy_gradient")
    curve = [{"games": 200 * i, "steps": 7000 * i, "win_rate": 0.5 + 0.05 * i} for i in range(1, 6)]
    before = {"rate": 0.52, "low": 0.48, "high": 0.57}
    after = {"rate": 0.79, "low": 0.75, "high": 0.82}
    example.plot(curve, before, after, tmp_path / "curve.png")
    figure = plt.gcf()
    try:
        assert layout_problems(figure, _saved_dpi(figure), monkeypatch) == []
    finally:
        plt.close(figure)


# -- the check itself --------------------------------------------------------------------------


def test_the_check_finds_a_label_past_its_axes_and_small_tick_labels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = Figure(figsize=(4, 3), dpi=72)
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    axes.plot([0, 1], [0, 1])
    axes.set_xticks([0, 1])
    axes.set_yticks([0, 1])
    axes.tick_params(axis="x", labelsize=7)
    axes.annotate("19.13", (1, 0.5), xytext=(6, 0), textcoords="offset points")
    figure.text(0.98, 0.5, "a caption too long for the figure")
    figure.tight_layout()
    assert layout_problems(figure, 72, monkeypatch) == [
        "'a caption too long for the figure' leaves the figure",
        "'19.13' leaves its axes",
        "tick label '0' is 7.0 px",
        "tick label '1' is 7.0 px",
    ]


def test_a_tick_label_is_measured_at_the_resolution_the_file_is_saved_at(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    figure = Figure(figsize=(4, 3), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.subplots()
    axes.set_xticks([0, 1])
    axes.set_yticks([])
    axes.tick_params(axis="x", labelsize=7)
    figure.tight_layout()
    # 7 points at 100 dpi are 9.7 pixels: readable in a PNG, not in an SVG (72 to the inch).
    assert layout_problems(figure, 100, monkeypatch) == []
    assert layout_problems(figure, 72, monkeypatch) == [
        "tick label '0' is 7.0 px",
        "tick label '1' is 7.0 px",
    ]

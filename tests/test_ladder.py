"""The ladder of bots and the ratings: each cell is the games its line-ups play through
simulate, a stopped ladder carries on to the same results, and the ratings are the maximum
likelihood of the winners."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from rummy500.simulate import (
    Cell,
    CellResult,
    Format,
    LadderPlan,
    LadderResults,
    LineupResult,
    Simulation,
    SimulationError,
    ratings,
    run_ladder,
    simulate,
)

HAND2 = Format("2p-hand", "standard", 2, 1, max_deals=6, max_search_deals=2)
HAND3 = Format("3p-hand", "standard", 3, 1, max_deals=2, max_search_deals=2)
PLAN = LadderPlan(("random", "greedy"), (HAND2, HAND3), min_deals=2, batch=2, seed=4)


def test_a_cell_plays_each_deal_from_every_seat() -> None:
    assert Cell(HAND2, "random", "greedy").lineups() == (
        ("random", "greedy"),
        ("greedy", "random"),
    )
    assert Cell(HAND3, "greedy", "random").lineups() == (
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    )
    assert [c.key for c in PLAN.cells()] == [
        "2p-hand|random|greedy",
        "3p-hand|random|greedy",
        "3p-hand|greedy|random",
    ]
    assert HAND2.text() == "2 players, one hand"
    assert Format("g", "standard", 3, None, 1, 1).text() == "3 players, whole games"


def test_a_plan_names_its_bots_in_their_written_form() -> None:
    with pytest.raises(SimulationError) as caught:
        LadderPlan(("Random", "greedy"), (HAND2,))
    assert (
        str(caught.value) == "a ladder names its bots in their written form: 'random', not 'Random'"
    )
    with pytest.raises(SimulationError) as caught:
        LadderPlan(("random", "random"), (HAND2,))
    assert str(caught.value) == "a ladder names each bot once, not 'random' twice"
    with pytest.raises(SimulationError) as caught:
        LadderPlan(("random", "ismcts:width=2"), (HAND2,))
    assert str(caught.value) == (
        "bot 'ismcts:width=2': ismcts takes iterations, seconds, cpu_seconds, exploration, "
        "depth, not 'width'"
    )
    with pytest.raises(SimulationError) as caught:
        LadderPlan(("random", "greedy"), (HAND2,), batch=0)
    assert str(caught.value) == "a ladder's batch is a whole number of 1 or more, not 0"


def test_pairs_add_the_meetings_of_bots_that_meet_only_their_named_rivals() -> None:
    plan = LadderPlan(
        ("random", "greedy"),
        (HAND2, HAND3),
        pairs=(("ismcts:iterations=2", "greedy"), ("flatmc:playouts=2", "ismcts:iterations=2")),
    )
    assert plan.matches() == (
        ("random", "greedy"),
        ("ismcts:iterations=2", "greedy"),
        ("flatmc:playouts=2", "ismcts:iterations=2"),
    )
    assert plan.entrants() == ("random", "greedy", "ismcts:iterations=2", "flatmc:playouts=2")
    assert [c.key for c in plan.cells()] == [
        "2p-hand|random|greedy",
        "2p-hand|ismcts:iterations=2|greedy",
        "2p-hand|flatmc:playouts=2|ismcts:iterations=2",
        "3p-hand|random|greedy",
        "3p-hand|greedy|random",
        "3p-hand|ismcts:iterations=2|greedy",
        "3p-hand|greedy|ismcts:iterations=2",
        "3p-hand|flatmc:playouts=2|ismcts:iterations=2",
        "3p-hand|ismcts:iterations=2|flatmc:playouts=2",
    ]
    assert PLAN.pairs == ()
    assert PLAN.entrants() == PLAN.bots


def test_a_cell_may_play_a_number_of_deals_set_in_advance() -> None:
    plan = LadderPlan(
        ("random", "greedy"),
        (HAND2, HAND3),
        search=frozenset({"ismcts:iterations=2"}),
        pairs=(("ismcts:iterations=2", "greedy"),),
        fixed=(("2p-hand|ismcts:iterations=2|greedy", 40),),
    )
    caps = {cell.key: plan.cap(cell) for cell in plan.cells()}
    assert caps == {
        "2p-hand|random|greedy": 6,
        "2p-hand|ismcts:iterations=2|greedy": 40,
        "3p-hand|random|greedy": 2,
        "3p-hand|greedy|random": 2,
        "3p-hand|ismcts:iterations=2|greedy": 2,
        "3p-hand|greedy|ismcts:iterations=2": 2,
    }
    fixed, other = plan.cells()[1], plan.cells()[0]
    assert plan.fixed_deals(fixed) == 40
    assert plan.fixed_deals(other) is None
    # A cell that has won every game of 39 deals is narrow, but plays on to its 40.
    lineups = fixed.lineups()
    swept = CellResult(
        fixed, 39, (LineupResult(lineups[0], (39, 0)), LineupResult(lineups[1], (0, 39)))
    )
    assert swept.status(plan) == "open"
    done = CellResult(
        fixed, 40, (LineupResult(lineups[0], (40, 0)), LineupResult(lineups[1], (0, 40)))
    )
    assert done.status(plan) == "settled"
    half = CellResult(
        fixed, 40, (LineupResult(lineups[0], (20, 20)), LineupResult(lineups[1], (20, 20)))
    )
    assert half.status(plan) == "capped"
    # The same results in a cell of no fixed deals: settled as soon as it is narrow.
    free = LadderPlan(("random", "greedy"), (HAND2,), pairs=plan.pairs)
    assert swept.status(free) == "settled"


@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        (
            {"2p-hand|random|greedy": 3},
            "a ladder's fixed cells are a tuple of pairs of a cell's key and its deals, not a dict",
        ),
        (
            (("2p-hand|greedy|random", 3),),
            "a ladder fixes the deals of its own cells: '2p-hand|greedy|random' is not one",
        ),
        (
            (("2p-hand|random|greedy", 0),),
            "the deals of cell '2p-hand|random|greedy' are a whole number of 1 or more, not 0",
        ),
        (
            (("2p-hand|random|greedy", 3), ("2p-hand|random|greedy", 4)),
            "a ladder fixes the deals of each cell once, not '2p-hand|random|greedy' twice",
        ),
    ],
)
def test_a_plan_refuses_fixed_deals_it_cannot_keep(fixed: object, message: str) -> None:
    with pytest.raises(SimulationError) as caught:
        LadderPlan(("random", "greedy"), (HAND2,), fixed=fixed)  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (
            [("greedy", "ismcts")],
            "a ladder's pairs are a tuple of pairs of bot names, not a list",
        ),
        (
            (("greedy", "ismcts", "random"),),
            "each of a ladder's pairs is a tuple of two bot names, not "
            "('greedy', 'ismcts', 'random')",
        ),
        (
            (("greedy", "Ismcts"),),
            "a ladder names its bots in their written form: 'ismcts', not 'Ismcts'",
        ),
        ((("ismcts", "ismcts"),), "a pair is of two bots, not 'ismcts' against itself"),
        (
            (("greedy", "random"),),
            "'greedy' and 'random' already meet as two of the ladder's bots: pairs add the "
            "meetings of other bots",
        ),
        (
            (("ismcts", "greedy"), ("greedy", "ismcts")),
            "a ladder names each pair once, not 'greedy' and 'ismcts' twice",
        ),
        (
            (("ismcts:width=1", "greedy"),),
            "bot 'ismcts:width=1': ismcts takes iterations, seconds, cpu_seconds, exploration, "
            "depth, not 'width'",
        ),
    ],
)
def test_a_plan_refuses_pairs_it_cannot_play(pairs: object, message: str) -> None:
    with pytest.raises(SimulationError) as caught:
        LadderPlan(("random", "greedy"), (HAND2,), pairs=pairs)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_each_cell_holds_the_games_of_its_lineups(tmp_path: Path) -> None:
    results = run_ladder(PLAN, tmp_path / "ladder.json", workers=1)
    for cell in results.cells:
        plays = PLAN.cap(cell.cell)
        assert cell.deals == plays or cell.status(PLAN) == "settled"
        for lineup in cell.lineups:
            outcomes = simulate(
                Simulation.of(
                    cell.cell.format.config(),
                    cell.cell.format.players,
                    list(lineup.bots),
                    cell.deals,
                    PLAN.seed,
                ),
                workers=1,
            )
            winners = [o.winner for o in outcomes]
            assert lineup.wins == tuple(winners.count(k) for k in range(len(lineup.bots)))
            assert lineup.draws == winners.count(None)
    assert [c.status(PLAN) for c in results.cells] == ["capped", "capped", "capped"]
    # The last round of a cell plays only the deals its cap leaves.
    odd = LadderPlan(("random", "greedy"), (HAND3,), min_deals=2, batch=3, seed=4)
    assert [c.deals for c in run_ladder(odd, tmp_path / "odd.json", workers=1).cells] == [2, 2]
    assert results.open_cells() == []


@pytest.mark.processes
def test_a_ladder_stopped_between_rounds_carries_on_to_the_same_file(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    run_ladder(PLAN, whole, workers=1)
    parts = tmp_path / "parts.json"
    seen = []
    run_ladder(PLAN, parts, workers=2, rounds=2, on_round=lambda c: seen.append(c.cell.key))
    assert seen == ["2p-hand|random|greedy", "3p-hand|random|greedy"]
    again = run_ladder(PLAN, parts, workers=2)
    assert parts.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    assert again == LadderResults.start(PLAN, json.loads(whole.read_text(encoding="utf-8")))
    assert not (tmp_path / "parts.json.rounds").exists()


def test_a_plan_grows_without_losing_games(tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    small = LadderPlan(("random", "greedy"), (HAND2,), min_deals=2, batch=2, seed=4)
    run_ladder(small, path, workers=1)
    before = json.loads(path.read_text(encoding="utf-8"))["cells"]["2p-hand|random|greedy"]
    results = run_ladder(PLAN, path, workers=1)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["cells"]["2p-hand|random|greedy"] == before
    assert results.cells[0].deals == before["deals"]
    # Back to the small plan: the three-player cells stay in the file.
    run_ladder(small, path, workers=1)
    assert set(json.loads(path.read_text(encoding="utf-8"))["cells"]) == set(data["cells"])


def test_a_file_of_other_games_is_not_carried_on(tmp_path: Path) -> None:
    path = tmp_path / "ladder.json"
    run_ladder(PLAN, path, workers=1, rounds=1)
    other_seed = LadderPlan(PLAN.bots, PLAN.formats, min_deals=2, batch=2, seed=5)
    with pytest.raises(SimulationError) as caught:
        run_ladder(other_seed, path)
    assert str(caught.value) == (
        "the results file is of other deals (another seed or batch, or another version of its "
        "layout): give another file, or the same plan to carry on with it"
    )
    renamed = Format("2p-hand", "pagat", 2, 1, max_deals=6, max_search_deals=2)
    with pytest.raises(SimulationError) as caught:
        run_ladder(LadderPlan(PLAN.bots, (renamed,), min_deals=2, batch=2, seed=4), path)
    assert str(caught.value) == (
        "the results file plays format '2p-hand' with other rules, players or hands: give the "
        "format another name, or another file"
    )
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(SimulationError) as caught:
        run_ladder(PLAN, path)
    assert str(caught.value) == f"{path} is not a ladder's results file: not a JSON object"


def test_two_bots_are_rated_by_the_share_of_games_each_won() -> None:
    results = [LineupResult(("a", "b"), (40, 10)), LineupResult(("b", "a"), (15, 35), 3)]
    first, second = ratings(results, anchor="b")
    # Bradley-Terry with one virtual game split evenly: the odds are 75.5 to 25.5.
    assert first.bot == "a"
    assert first.rating == pytest.approx(400 * math.log10(75.5 / 25.5), abs=1e-6)
    assert (second.bot, second.rating, second.low, second.high) == ("b", 0.0, 0.0, 0.0)
    assert (first.games, second.games) == (103, 103)
    assert 100 < first.low < first.rating < first.high < 300
    assert ratings(results, anchor="b") == (first, second)


def test_ratings_from_tables_of_three_recover_the_strengths() -> None:
    # Strengths 4 : 2 : 1, each line-up's wins exactly in proportion, many games.
    strength = {"a": 4, "b": 2, "c": 1}
    results = []
    for seats in [("a", "b", "c"), ("a", "a", "c"), ("b", "c", "c"), ("c", "b", "a")]:
        total = sum(strength[s] for s in seats)
        results.append(LineupResult(seats, tuple(7000 * strength[s] // total for s in seats)))
    rated = {r.bot: r.rating for r in ratings(results, anchor="c", bootstrap=20)}
    assert rated["a"] == pytest.approx(400 * math.log10(4), abs=2)
    assert rated["b"] == pytest.approx(400 * math.log10(2), abs=2)
    assert rated["c"] == 0.0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ratings("ab"), "results is a list of LineupResult, not 'ab'"),  # type: ignore[arg-type]
        (lambda: ratings([1]), "a result is a LineupResult, not 1"),  # type: ignore[list-item]
        (
            lambda: ratings([LineupResult(("a", "b"), (1, 1))], anchor="z"),
            "the anchor 'z' played no game here",
        ),
        (
            lambda: ratings([], bootstrap=0),
            "bootstrap is a whole number from 1 to 10000, not 0",
        ),
        (lambda: ratings([], seed=-1), "seed is a whole number of 0 or more, not -1"),
        (lambda: LineupResult(("a",), (1,)), "a line-up has 2 or more seats, not 1"),
        (
            lambda: LineupResult(["a", "b"], (1, 1)),  # type: ignore[arg-type]
            "a line-up's bots are a tuple, one for each seat, not a list",
        ),
        (
            lambda: LineupResult(("a", 2), (1, 1)),  # type: ignore[arg-type]
            "a line-up's bot is named by a str, not 2",
        ),
        (
            lambda: LineupResult(("a", "b"), (1,)),
            "a line-up of 2 seats counts the wins of each, not of 1",
        ),
        (
            lambda: LineupResult(("a", "b"), (1, 2), -1),
            "a line-up's wins and draws are counts of 0 or more, not -1",
        ),
        (
            lambda: LineupResult(("a", "b"), (1, 2.5)),  # type: ignore[arg-type]
            "a line-up's wins and draws are counts of 0 or more, not 2.5",
        ),
    ],
)
def test_bad_results_are_refused(call: object, message: str) -> None:
    with pytest.raises(SimulationError) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message


def test_no_results_give_no_ratings() -> None:
    assert ratings([]) == ()


def test_a_ladder_on_ray_gives_the_same_results(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    local = run_ladder(PLAN, tmp_path / "local.json", workers=1)
    on_ray = run_ladder(PLAN, tmp_path / "ray.json", workers=2, backend="ray")
    assert on_ray == local


def test_the_ladder_on_the_simulate_page_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = Path(__file__).resolve().parent.parent / "docs" / "simulate.md"
    block, pairs = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)[1:]
    monkeypatch.chdir(tmp_path)
    names: dict[str, object] = {}
    exec(compile(block, str(page), "exec"), names)
    # The pairs' example, which asserts what it shows, after the ladder it builds on.
    exec(compile(pairs, str(page), "exec"), names)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[:2]] == [
        "2p-hand|random|greedy",
        "2p-hand|random|ismcts:iterations=25",
    ]
    assert sorted(line.split()[0] for line in lines[2:]) == [
        "greedy",
        "ismcts:iterations=25",
        "random",
    ]
    results = LadderResults.start(
        LadderPlan(
            ("random", "greedy", "ismcts:iterations=25"),
            (Format("2p-hand", "standard", 2, 1, max_deals=200, max_search_deals=20),),
            search=frozenset({"ismcts:iterations=25"}),
        ),
        json.loads((tmp_path / "my-ladder.json").read_text(encoding="utf-8")),
    )
    assert [c.deals for c in results.cells] == [16, 16, 0]
    assert (
        lines[0] == f"2p-hand|random|greedy 32 {results.cells[0].share().text(percent=True)} open"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: Format("a|b", "standard", 2, 1, 1, 1),
            "a format's name is a str without '|', not 'a|b'",
        ),
        (
            lambda: Format("f", "nosuch", 2, 1, 1, 1),
            "format 'f': no preset called 'nosuch'; the presets are: standard, bicycle, pagat, "
            "wikipedia, fosdick, house, classic, competitive, hosted, playingcards_io, "
            "partnership, persian, rummy_1000 (or an alias of one)",
        ),
        (
            lambda: Format("f", "standard", 9, 1, 1, 1),
            "format 'f': these rules are for 2 to 8 players, not 9",
        ),
        (
            lambda: Format("f", "partnership", 4, 1, 1, 1),
            "format 'f': a ladder's games have a winner a seat, not a team: 'partnership' plays "
            "in partnerships",
        ),
        (
            lambda: Format("f", "standard", 2, 0, 1, 1),
            "format 'f': hands is a whole number of 1 or more, or None, not 0",
        ),
        (
            lambda: Format("f", "standard", 2, None, 1, "2"),
            "format 'f': max_search_deals is a whole number of 1 or more, not '2'",
        ),
        (lambda: Cell("f", "a", "b"), "a cell's format is a Format, not 'f'"),  # type: ignore[arg-type]
        (
            lambda: LadderPlan(["random"], (HAND2,)),  # type: ignore[arg-type]
            "a ladder's bots are a tuple of bot names, not a list",
        ),
        (
            lambda: LadderPlan(("random", "greedy"), (HAND2, HAND2)),
            "a ladder names each format once, not '2p-hand' twice",
        ),
        (
            lambda: LadderPlan(("random", "greedy"), (HAND2,), half_width=0.7),
            "a ladder's half_width is a share above 0 and at most 0.5, not 0.7",
        ),
        (lambda: PLAN.cap("cell"), "a ladder caps a Cell, not 'cell'"),  # type: ignore[arg-type]
        (
            lambda: LadderResults.start(PLAN, {"version": 1, "seed": 4, "batch": 2}),
            "the results file is damaged: 'formats'",
        ),
        (
            lambda: run_ladder(PLAN, None),  # type: ignore[arg-type]
            "run_ladder's path is the results file (a str or a path), not None",
        ),
        (
            lambda: run_ladder(PLAN, "x.json", rounds=-1),
            "rounds is a whole number of 0 or more, or None, not -1",
        ),
        (
            lambda: run_ladder(PLAN, "x.json", workers=0),
            "workers is a whole number of 1 or more, not 0",
        ),
        (
            lambda: run_ladder(PLAN, "x.json", on_round=3),  # type: ignore[arg-type]
            "on_round is a function of a CellResult, not 3",
        ),
    ],
)
def test_a_bad_ladder_is_refused(call: object, message: str) -> None:
    with pytest.raises(SimulationError) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value) == message

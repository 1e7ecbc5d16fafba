"""The online game's early ends: a player who leaves (``State.abandon``) and a host who cancels
(``State.cancel``) end the game at once, with no winner and the totals of the hands finished,
at any position play reaches; undo gives the state back, the log says so, the rules page shows
it, and ``rummy500 play`` abandons the game when the person at the keyboard leaves. Saving is
tested in ``test_early_end_saving.py``, the views, checks and output in
``test_early_end_views.py``."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers_early_end import drawn, hand_over, in_hand, played_out
from rummy500 import (
    TERMINAL,
    Ending,
    GameRecord,
    Phase,
    RuleConfig,
    State,
    StateError,
    dumps,
    loads,
    new_game,
)
from rummy500.cli import main
from rummy500.events import Abandoned, Cancelled, HandEnded
from strategies import deck_counter, rule_configs, scaled, seeds, state_cards

# -- the ending itself ---------------------------------------------------------------------------


def test_abandoning_in_a_hand_ends_the_game_at_once_and_leaves_the_hand_unscored() -> None:
    before = in_hand()
    assert (before.phase, before.current_player) == (Phase.PLAY, 0)
    ended = before.abandon(1)
    assert ended.ending == Ending("abandoned", 1, during_hand=True)
    assert str(ended.ending) == "abandoned by P1 during a hand, which is not scored"
    assert (ended.phase, ended.current_player, ended.winner, ended.went_out) == (
        Phase.GAME_OVER,
        TERMINAL,
        None,
        None,
    )
    assert ended.is_terminal()
    assert not ended.is_chance_node()
    assert ended.legal_moves() == ()
    # The hand in play is not scored: the totals and the record are the finished hands'.
    assert (ended.totals, ended.history, ended.player_history) == ((0, 0, 0), (), ())
    # The cards lie where they were.
    for name in ("hands", "stock", "pile", "table", "turn", "hand_number", "dealer", "seed"):
        assert getattr(ended, name) == getattr(before, name), name
    assert ended.log == (*before.log, Abandoned(1, (0, 0, 0)))
    assert str(ended.log[-1]) == "P1 left: game abandoned; totals 0 0 0"
    ended.validate()


def test_cancelling_between_hands_keeps_the_hand_just_scored() -> None:
    before = hand_over()
    assert (before.totals, before.history) == ((6, 37, 3), ((6, 37, 3),))
    ended = before.cancel()
    assert ended.ending == Ending("cancelled", None, during_hand=False)
    assert str(ended.ending) == "cancelled by the host between hands"
    assert (ended.phase, ended.winner, ended.totals, ended.history) == (
        Phase.GAME_OVER,
        None,
        (6, 37, 3),
        ((6, 37, 3),),
    )
    assert ended.log[-2:] == (
        HandEnded(0, None, (6, 37, 3), (6, 37, 3), game_over=False, winner=None),
        Cancelled((6, 37, 3)),
    )
    assert str(ended.log[-1]) == "game cancelled by the host; totals 6 37 3"
    ended.validate()


def test_undo_gives_back_the_very_state_and_the_moves_are_those_before() -> None:
    before = in_hand()
    for ended in (before.abandon(2), before.cancel()):
        assert ended.undo() is before
        assert ended.last_move is None
        assert ended.move_stack == before.move_stack
        assert len(ended.move_stack) == 5
    # A state without its undo history has no moves, as any other.
    assert before.abandon(0).detached().move_stack == ()


@pytest.mark.parametrize(
    ("over", "message"),
    [
        (played_out, "the game is already over (won by side 0): there is no game left to {verb}"),
        (drawn, "the game is already over (drawn): there is no game left to {verb}"),
        (
            lambda: in_hand().abandon(1),
            "the game is already over (abandoned by P1 during a hand, which is not scored): "
            "there is no game left to {verb}",
        ),
        (
            lambda: hand_over().cancel(),
            "the game is already over (cancelled by the host between hands): there is no game "
            "left to {verb}",
        ),
    ],
)
def test_a_game_already_over_cannot_end_early(over: object, message: str) -> None:
    state = over()  # type: ignore[operator]
    with pytest.raises(StateError) as refused:
        state.abandon(0)
    assert str(refused.value) == message.format(verb="abandon")
    with pytest.raises(StateError) as refused:
        state.cancel()
    assert str(refused.value) == message.format(verb="cancel")


@pytest.mark.parametrize(
    ("player", "shown"), [(3, "3"), (-1, "-1"), (True, "True"), ("1", "'1'"), (None, "None")]
)
def test_only_a_player_of_the_game_can_leave_it(player: object, shown: str) -> None:
    with pytest.raises(StateError) as refused:
        in_hand().abandon(player)  # type: ignore[arg-type]
    assert str(refused.value) == f"there is no player {shown} in a 3-player game"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (("quit", None, True), "an ending is 'abandoned' or 'cancelled', not 'quit'"),
        (
            ("abandoned", None, True),
            "an abandoned game names the player who left, a whole number from 0, not None",
        ),
        (
            ("abandoned", -2, False),
            "an abandoned game names the player who left, a whole number from 0, not -2",
        ),
        (
            ("cancelled", 0, False),
            "a cancelled game names no player (the host cancels it), not 0",
        ),
        (("cancelled", None, "yes"), "an ending's during_hand is True or False, not 'yes'"),
    ],
)
def test_an_ending_refuses_values_that_do_not_fit(
    fields: tuple[object, object, object], message: str
) -> None:
    with pytest.raises(StateError) as refused:
        Ending(*fields)  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_every_player_sees_the_early_end_in_the_log() -> None:
    ended = in_hand().abandon(2)
    for player in range(3):
        seen = ended.seen_log(player)
        assert seen[-1] == Abandoned(2, (0, 0, 0))
        assert ended.view(player).log == seen


def test_the_rules_page_runs_as_written() -> None:
    page = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
    section = page.read_text(encoding="utf-8").split("## The online game")[1].split("\n## ")[0]
    assert "> to break it. Only players dealt into that hand can win on it." in section
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], str(page), "exec"), namespace)
    assert namespace["left"].ending == Ending("abandoned", 1, True)


# -- the command line ----------------------------------------------------------------------------


def test_leaving_the_game_at_the_prompt_abandons_it_and_the_save_records_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw\nq\n"))
    assert main(["play", "--seed", "4", "--seat", "0", "--save", str(saved)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == [
        "Game abandoned.",
        f"The game is saved in {saved}: 'rummy500 replay {saved}' makes a page of it.",
    ]
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert (data["moves"], data["ending"]) == (
        ["draw", "discard QC", "draw"],
        {"how": "abandoned", "player": 0, "during_hand": True},
    )
    ended = loads(saved.read_text(encoding="utf-8"), GameRecord).replay()
    assert ended.ending == Ending("abandoned", 0, True)
    assert ended.log[-1] == Abandoned(0, (0, 0, 0))
    # Its replay page says how the game ended.
    page = tmp_path / "game.html"
    assert main(["replay", str(saved), "-o", str(page)]) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(rf"Wrote {re.escape(str(page))}: 3 moves, [0-9]+\.[0-9] MB\.\n", said)
    assert (
        "The game is over: P0 left during hand 1, which is not scored, so nobody wins (totals: "
        "P0 0, P1 0, P2 0)." in page.read_text(encoding="utf-8")
    )


# -- any position play reaches -------------------------------------------------------------------


@scaled(1.0)
@given(
    config=rule_configs(),
    seed=seeds,
    moves=st.integers(min_value=0, max_value=600),
    between_hands=st.booleans(),
    extra=st.integers(min_value=0, max_value=7),
)
def test_an_early_end_anywhere_keeps_the_finished_hands_totals(
    config: RuleConfig, seed: int, moves: int, between_hands: bool, extra: int
) -> None:
    """At any position of a random game (in a hand, or between two hands), leaving or
    cancelling ends it with the totals of the hands finished, a state every check accepts,
    saves and replays, and undo gives it back."""
    players = config.min_players + extra % (config.max_players - config.min_players + 1)
    rng = random.Random(seed)
    state = new_game(config, players, seed)
    played = 0
    while not state.is_terminal() and (
        played < moves or (between_hands and state.phase != Phase.HAND_OVER)
    ):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randrange(len(legal))])
        played += 1
    if state.is_terminal():
        with pytest.raises(StateError, match=r"^the game is already over"):
            state.cancel()
        return
    player = (seed + extra) % players
    deck = deck_counter(players, config)
    for ended in (state.abandon(player), state.cancel()):
        assert ended.undo() is state
        assert ended.is_terminal()
        assert ended.legal_moves() == ()
        assert (ended.current_player, ended.winner) == (TERMINAL, None)
        scored = state.phase == Phase.HAND_OVER
        assert ended.ending is not None
        assert ended.ending.during_hand is not scored
        # The totals are those of the hands finished: the history, nothing of the hand in play.
        assert ended.history == state.history
        assert ended.totals == state.totals
        sums = [sum(row[side] for row in ended.history) for side in range(len(ended.totals))]
        assert list(ended.totals) == [a + b for a, b in zip(ended.start_totals, sums, strict=True)]
        assert len(ended.history) == ended.hand_number + scored
        assert state_cards(ended) == deck
        ended.validate()
        assert loads(dumps(ended), State) == ended
        record = GameRecord.from_state(ended)
        assert loads(dumps(record), GameRecord).replay() == ended
        view = ended.view(player)
        assert attrs.evolve(view) == view
        assert view.log[-1] == ended.log[-1]
        with pytest.raises(StateError, match=r"^the game is already over"):
            ended.abandon(player)

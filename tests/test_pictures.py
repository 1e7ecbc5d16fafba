"""The pictures of rummy500.pictures: golden files, well-formed SVG, a label for every card,
no hidden card in a player's picture, the same bytes every time, and the refusals.

The golden pictures are redrawn on purpose with ``python scripts/gen_pictures.py`` (look at
them first); a test never writes one.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers_pictures import GOLDEN, GOLDEN_DIR, draw_golden, positions
from rummy500 import (
    Card,
    CardError,
    ConfigError,
    Phase,
    PlayerView,
    State,
    StateError,
    dumps,
    loads,
    new_game,
    pictures,
    presets,
)
from rummy500.drawing.cardfaces import card_words
from rummy500.pictures import MeldScene, Scene, SeatScene

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The picture as XML (it must parse), with its title and description first."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert [child.tag for child in root[:2]] == [f"{SVG}title", f"{SVG}desc"]
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return root


def card_labels(svg: str) -> list[str]:
    """The label of every card face up, in the order drawn: each is a picture of its own
    (``role="img"``) whose title says the same as its label."""
    out = []
    for group in parse(svg).iter(f"{SVG}g"):
        label = group.get("aria-label")
        if group.get("role") != "img" or label is None:
            continue
        assert group.findtext(f"{SVG}title") == label
        if group.get("transform") and not label.startswith("the stock"):
            out.append(label)
    return out


def card_texts(svg: str) -> Counter[str]:
    """The text of every card face up (the start of its label)."""
    return Counter(label.split(", ")[0] for label in card_labels(svg))


def visible(state: State, seat: int | None) -> Counter[str]:
    """The texts of the cards a picture of ``state`` from ``seat`` shows face up."""
    hands = state.hands if seat is None else [state.hands[seat]]
    cards = [c for hand in hands for c in hand]
    cards += [*state.pile, *(c for meld in state.table for c in meld.cards)]
    return Counter(map(str, cards))


def random_state(seed: int, preset: str, players: int, moves: int) -> State:
    """The state after up to ``moves`` random legal moves of a seeded game."""
    rng = random.Random(seed)
    state = new_game(presets.get(preset), players=players, seed=seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state = state.apply(rng.choice(legal))
    return state


# -- golden pictures ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_picture_is_the_golden_file(name: str) -> None:
    golden = (GOLDEN_DIR / f"{name}.svg").read_text(encoding="utf-8")
    # On a change, look at the new picture, then: python scripts/gen_pictures.py
    assert draw_golden(name) == golden


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_golden_picture_is_the_same_bytes_every_time(name: str) -> None:
    assert draw_golden(name) == draw_golden(name)


def test_every_card_of_a_table_seen_from_above_has_its_label() -> None:
    for state in positions().values():
        svg = pictures.svg(state)
        assert card_texts(svg) == visible(state, None)


def test_the_labels_say_each_card_in_words() -> None:
    svg = pictures.svg(positions()["wrap"])
    labels = card_labels(svg)
    assert labels[6] == "🃏, joker"
    assert labels[7:14] == [
        "5♣, 5 of clubs",
        "Q♣, queen of clubs",
        "2♦, 2 of diamonds",
        "7♦, 7 of diamonds",
        "8♦, 8 of diamonds",
        "Q♦, queen of diamonds",
        "10♠, 10 of spades",
    ]


def test_a_wrap_around_run_reads_in_table_order_with_its_joker() -> None:
    labels = card_labels(pictures.svg(positions()["wrap"]))
    assert [label for label in labels if "meld 0" in label] == [
        "Q♥, queen of hearts, meld 0, put there by P0",
        "K♥, king of hearts, meld 0, put there by P0",
        "🃏=A♥, joker standing for the ace of hearts, meld 0, put there by P0",
        "2♥, 2 of hearts, meld 0, put there by P0",
    ]
    assert [label.split(", ")[0] for label in labels if "meld 1" in label] == ["K♠", "A♠", "2♠"]


def test_a_card_laid_off_on_another_players_meld_is_shown_as_theirs() -> None:
    svg = pictures.svg(positions()["layoffs"])
    labels = [label for label in card_labels(svg) if "meld 0" in label]
    assert labels == [
        "5♠, 5 of spades, meld 0, put there by P1",
        "6♠, 6 of spades, meld 0, put there by P1",
        "7♠, 7 of spades, meld 0, put there by P1",
        "8♠, 8 of spades, meld 0, put there by P2",
    ]
    desc = parse(svg).findtext(f"{SVG}desc") or ""
    assert "Meld 0 (P1's; P2 added 8♠): 5♠ 6♠ 7♠ 8♠." in desc
    assert "Meld 2 (P2's; P0 added A♦): Q♦ K♦ A♦." in desc
    # The key to the owners' colours names each player who put a card on the table.
    texts = [t.text for t in parse(svg).iter(f"{SVG}text")]
    key = texts.index("whose cards")
    assert texts[key : key + 4] == ["whose cards", "P0", "P1", "P2"]


def test_the_marked_depth_frames_the_deepest_card_of_the_take() -> None:
    state = positions()["dig"]
    svg = pictures.svg(state, seat=0, mark_depth=3)
    marked = [label for label in card_labels(svg) if "deepest" in label]
    assert marked == ["Q♦, queen of diamonds, the deepest card of the take"]
    assert ">take 3 cards, down to Q♦</text>" in svg
    desc = parse(svg).findtext(f"{SVG}desc") or ""
    assert "Marked: Q♦, the deepest card of a take of 3 cards from the top." in desc
    assert ">take the top card, 9♣</text>" in pictures.svg(state, mark_depth=1)


def test_the_description_says_everything_the_picture_shows() -> None:
    svg = pictures.svg(positions()["call"], seat=0)
    assert parse(svg).findtext(f"{SVG}desc") == (
        "Rummy 500, hand 1: P0 may call rummy on P2's discard (seen by P0). "
        "P0 (you, to move): 5 cards: 9♣ 9♦ 2♠ 3♠ 4♠. "
        "P1 (dealer): 2 cards, face down. "
        "P2: 3 cards, face down. "
        "Stock: 39 cards. "
        "Discard pile, oldest first: K♥ 8♥. "
        "Meld 0 (P0's): 5♥ 6♥ 🃏=7♥. "
        "Scores: P0 0, P1 0, P2 0."
    )
    assert parse(svg).findtext(f"{SVG}title") == (
        "Rummy 500, hand 1: P0 may call rummy on P2's discard (seen by P0)"
    )


def test_a_finished_game_says_who_won_and_the_last_hands_scores() -> None:
    svg = pictures.svg(positions()["game_over"], names=["Ann", "Bob", "Cleo"])
    assert parse(svg).findtext(f"{SVG}title") == (
        "Rummy 500, hand 3: Game over: Cleo wins (seen from above)"
    )
    desc = parse(svg).findtext(f"{SVG}desc") or ""
    assert desc.endswith(
        "Scores: Ann 297, Bob 439, Cleo 536. This hand: Ann -13, Bob -16, Cleo +56."
    )
    assert ">winner</text>" in svg
    assert ">went out</text>" in svg


# -- the scene ------------------------------------------------------------------------------


def test_the_scene_of_a_view_holds_only_what_its_player_sees() -> None:
    state = positions()["call"]
    scene = pictures.scene_of(state.view(0), caption="calling")
    assert scene == Scene(
        seats=(
            SeatScene(0, "P0", state.hands[0], 5, 0),
            SeatScene(1, "P1", None, 2, 1),
            SeatScene(2, "P2", None, 3, 2),
        ),
        viewer=0,
        pile=(Card("KH"), Card("8H")),
        melds=(MeldScene(0, (Card("5H"), Card("6H"), Card("JK=7H")), (0, 0, 0), 0),),
        stock_size=39,
        side_names=("P0", "P1", "P2"),
        totals=(0, 0, 0),
        hand_scores=None,
        target=500,
        phase=Phase.CALL,
        mover=0,
        dealer=1,
        hand_number=0,
        turn=5,
        went_out=None,
        winner=None,
        owed=None,
        owed_use=state.owed_use,
        kept=None,
        discarder=2,
        caption="calling",
    )
    assert pictures.scene_of(state, seat=0, caption="calling") == scene
    assert pictures.draw(scene) == pictures.svg(state, seat=0, caption="calling")


def test_a_partnership_scores_each_team() -> None:
    state = new_game(presets.get("partnership"), players=4, seed=2)
    scene = pictures.scene_of(state)
    assert (scene.side_names, [s.side for s in scene.seats]) == (("P0+P2", "P1+P3"), [0, 1, 0, 1])
    assert ">Scores (500 to win): P0+P2 0 · P1+P3 0</text>" in pictures.svg(state)


# -- Jupyter --------------------------------------------------------------------------------


def test_a_state_shows_in_jupyter_as_its_picture_from_above() -> None:
    for state in positions().values():
        assert state._repr_svg_() == pictures.svg(state)


def test_a_view_shows_in_jupyter_as_its_picture_from_its_seat() -> None:
    for state in positions().values():
        for player in range(state.players):
            view = state.view(player)
            assert view._repr_svg_() == pictures.svg(view) == pictures.svg(state, seat=player)


def test_a_loaded_view_draws_as_the_views_state_builds() -> None:
    view = positions()["layoffs"].view(2)
    loaded = loads(dumps(view), PlayerView)
    assert isinstance(loaded, PlayerView)
    assert loaded._repr_svg_() == view._repr_svg_()


# -- hidden cards ---------------------------------------------------------------------------


def check_seat_picture(state: State, seat: int) -> None:
    """The picture from ``seat`` shows that seat's hand and the public cards face up, and no
    other card anywhere, neither by its text nor in words: only what the seat's view shows (a
    card owed or kept, taken from the pile in sight of all, is named in the heading)."""
    svg = pictures.svg(state, seat=seat)
    shown = visible(state, seat)
    assert card_texts(svg) == shown
    public = [*shown, *(str(c) for c in (state.owed, state.kept) if c is not None)]
    words = [card_words(Card(c)) for c in public]
    labels = {group.get("aria-label") for group in parse(svg).iter(f"{SVG}g")}
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        for card in hand:
            # A card's text may be part of a public one: "🃏" of "🃏=7♥".
            if not any(str(card) in text for text in public):
                assert str(card) not in svg
            if not any(card_words(card) in text for text in words):
                assert card_words(card) not in svg
        count = f"{len(hand)} card" + ("" if len(hand) == 1 else "s")
        assert f"P{other}'s hand: {count}, face down" in labels or not hand


@pytest.mark.parametrize("name", ["fresh", "dig", "layoffs", "wrap", "call"])
def test_a_seat_sees_no_hidden_card_in_the_golden_positions(name: str) -> None:
    state = positions()[name]
    for seat in range(state.players):
        check_seat_picture(state, seat)


@given(
    seed=st.integers(0, 10_000),
    preset=st.sampled_from(["standard", "pagat", "house", "partnership", "playingcards_io"]),
    players=st.integers(2, 8),
    moves=st.integers(0, 80),
)
def test_a_seat_sees_no_hidden_card_in_random_positions(
    seed: int, preset: str, players: int, moves: int
) -> None:
    config = presets.get(preset)
    counts = list(config.player_counts)
    players = counts[players % len(counts)]
    state = random_state(seed, preset, players, moves)
    for seat in range(players):
        check_seat_picture(state, seat)
    svg = pictures.svg(state)
    assert card_texts(svg) == visible(state, None)
    assert pictures.svg(state) == svg


# -- the pieces -----------------------------------------------------------------------------


def test_a_card_on_its_own() -> None:
    svg = pictures.card_svg("JK=7H")
    assert card_labels(svg) == ["🃏=7♥, joker standing for the 7 of hearts"]
    assert parse(svg).findtext(f"{SVG}title") == "🃏=7♥, joker standing for the 7 of hearts"
    back = pictures.card_svg(Card("QH"), face_down=True)
    assert card_labels(back) == []
    assert "Q♥" not in back
    assert parse(back).findtext(f"{SVG}title") == "A card face down"
    assert pictures.card_svg(50) == pictures.card_svg("Q♠")


def test_a_hand_and_a_pile_on_their_own() -> None:
    hand = pictures.hand_svg("10H JK 2S", name="P1")
    assert card_labels(hand) == ["10♥, 10 of hearts", "🃏, joker", "2♠, 2 of spades"]
    assert parse(hand).findtext(f"{SVG}desc") == "P1's hand: 3 cards: 10♥ 🃏 2♠."
    assert pictures.hand_svg(["10H", Card("JK"), 40]) == pictures.hand_svg("10H JK 2S")
    pile = pictures.pile_svg("2C 10H 3D 6H KH", mark_depth=3)
    assert card_labels(pile)[2] == "3♦, 3 of diamonds, the deepest card of the take"
    assert parse(pile).findtext(f"{SVG}desc") == (
        "Discard pile, oldest first: 2♣ 10♥ 3♦ 6♥ K♥. Marked: 3♦, the deepest card of a take "
        "of 3 cards from the top."
    )


def test_melds_on_their_own() -> None:
    table = positions()["layoffs"].table
    svg = pictures.melds_svg(table, names=["Ann", "Bob", "Cleo"])
    assert parse(svg).findtext(f"{SVG}desc") == (
        "Meld 0 (Bob's; Cleo added 8♠): 5♠ 6♠ 7♠ 8♠. Meld 1 (Ann's): 9♣ 9♥ 9♠. "
        "Meld 2 (Cleo's; Ann added A♦): Q♦ K♦ A♦. Meld 3 (Ann's; Bob added J♦): J♣ J♦ J♥ J♠."
    )
    assert len(card_labels(svg)) == 14
    assert pictures.melds_svg(table) == pictures.melds_svg(table, names=["P0", "P1", "P2"])
    assert parse(pictures.melds_svg([])).findtext(f"{SVG}desc") == "No melds."


# -- refusals -------------------------------------------------------------------------------


def test_a_seat_not_of_the_game_is_refused() -> None:
    state = positions()["fresh"]
    for seat, shown in ((3, "3"), (-1, "-1"), ("0", "'0'"), (True, "True")):
        with pytest.raises(StateError) as error:
            pictures.svg(state, seat=seat)  # type: ignore[arg-type]
        assert str(error.value) == (
            "seat must be a player of the game, from 0 to 2, or None to see the table from "
            f"above, not {shown}"
        )


def test_a_view_is_drawn_from_its_own_seat_only() -> None:
    view = positions()["fresh"].view(1)
    with pytest.raises(StateError) as error:
        pictures.svg(view, seat=2)
    assert str(error.value) == (
        "a PlayerView is drawn from its own player's seat, 1, not 2: draw the State to see it "
        "from another seat"
    )
    assert pictures.svg(view, seat=1) == pictures.svg(view)


def test_a_depth_the_pile_does_not_have_is_refused() -> None:
    state = positions()["dig"]  # 8 cards in the pile
    for depth in (0, -1, 9):
        with pytest.raises(StateError) as error:
            pictures.svg(state, mark_depth=depth)
        assert str(error.value) == (
            "mark_depth counts the cards of a take from the top of the pile, from 1 (the top "
            f"card) to 8 (the whole pile), not {depth}"
        )
    with pytest.raises(StateError) as error:
        pictures.svg(state, mark_depth=2.5)  # type: ignore[arg-type]
    assert str(error.value) == (
        "mark_depth is a whole number of cards from the top of the pile, or None, not 2.5"
    )
    with pytest.raises(StateError) as error:
        pictures.pile_svg([], mark_depth=1)
    assert str(error.value) == (
        "mark_depth is 1, but the discard pile is empty: there is no card to mark"
    )


def test_something_else_than_a_state_or_a_view_is_refused() -> None:
    with pytest.raises(StateError) as error:
        pictures.svg(42)  # type: ignore[arg-type]
    assert str(error.value) == "a picture is of a State or a PlayerView, not 42"
    with pytest.raises(StateError) as error:
        pictures.draw("scene")  # type: ignore[arg-type]
    assert str(error.value) == "draw draws a Scene, not 'scene'"


def test_bad_names_and_captions_are_refused() -> None:
    state = positions()["fresh"]
    for names, shown in ((["A", "B"], "2 names"), ("ABC", "'ABC'"), (["A", "", "C"], "''")):
        with pytest.raises(ConfigError) as error:
            pictures.svg(state, names=names)
        assert str(error.value) == (
            "names must be a list of a name (a str of 1 to 16 characters, on one line) for each "
            f"of the 3 players, not {shown}"
        )
    with pytest.raises(ConfigError) as error:
        pictures.hand_svg("QH", name=7)  # type: ignore[arg-type]
    assert str(error.value) == (
        "name must be a player's name (a str of 1 to 16 characters, on one line), not 7"
    )
    with pytest.raises(ConfigError) as error:
        pictures.svg(state, caption="two\nlines")
    assert str(error.value) == (
        "caption must be one line of text (a str of at most 200 characters), not a text of 9 "
        "characters on several lines"
    )
    with pytest.raises(ConfigError) as error:
        pictures.melds_svg(positions()["layoffs"].table, names=["A", "B"])
    assert str(error.value) == (
        "names must name every player who put a card on these melds, the players 0 to 2, not "
        "2 names"
    )


def test_bad_cards_are_refused() -> None:
    with pytest.raises(CardError) as error:
        pictures.card_svg("XX")
    assert str(error.value) == (
        "cannot read 'XX' as a card: write a rank (A, 2-10 or T, J, Q, K) then a suit (C, D, H, "
        "S or ♣, ♦, ♥, ♠), as in 'QH', '10h' or 'Q♥'; 'JK' for a joker, 'JK=6S' for a joker "
        "standing for the 6♠"
    )
    with pytest.raises(CardError) as error:
        pictures.hand_svg(3.5)  # type: ignore[arg-type]
    assert str(error.value) == (
        "hand_svg draws cards given as a text such as '5H 6H 7H' or a list of cards, not 3.5"
    )
    with pytest.raises(CardError) as error:
        pictures.pile_svg([None])  # type: ignore[list-item]
    assert str(error.value) == "a card is a Card, its text such as 'QH' or its id, not None"
    with pytest.raises(ConfigError) as error:
        pictures.card_svg("QH", face_down="yes")  # type: ignore[arg-type]
    assert str(error.value) == "face_down is True or False, not 'yes'"
    with pytest.raises(StateError) as error:
        pictures.melds_svg("5H 6H 7H")  # type: ignore[arg-type]
    assert str(error.value) == "melds_svg draws a list of TableMelds, not '5H 6H 7H'"


def test_a_scene_that_does_not_fit_together_is_refused() -> None:
    scene = pictures.scene_of(positions()["dig"])
    with pytest.raises(StateError) as error:
        attrs.evolve(scene, mark_depth=9)
    assert str(error.value) == (
        "the scene does not fit together: mark_depth counts the cards of a take from the top of "
        "the pile, from 1 (the top card) to 8 (the whole pile), not 9"
    )
    with pytest.raises(StateError) as error:
        attrs.evolve(scene, mover=3)
    assert str(error.value) == (
        "the scene does not fit together: mover is player 3, but the players are 0 to 2"
    )

"""The legal-move generator against a brute-force rule model written from the rules text.

:func:`strategies.oracle_moves` tries every candidate move (every subset of a suit's or a
rank's cards, with every joker standing for every card, as a meld or lay-off, both ends of a
run, every tail of the discard pile, every discard, every call) and decides each by its own
definitions of sets, runs and the rules of the turn, under the rule configuration of the
position. Here its answer must equal ``set(state.legal_moves())`` in positions reached by
seeded play (standard rules, every preset, chosen variants and random configurations) and in
hand-built positions chosen for their traps; every candidate it rejects must be refused by
:meth:`State.apply` with :class:`IllegalMoveError`; and every meld or lay-off it accepts must
leave the table it predicts.
"""

from __future__ import annotations

import random
from itertools import permutations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    Aces,
    Calling,
    DeepestCard,
    IllegalMoveError,
    Layoff,
    Meld,
    Move,
    Phase,
    RuleConfig,
    State,
    StateError,
    new_game,
    parse_cards,
    presets,
)
from strategies import (
    LAYOFF,
    MELD,
    apply_put,
    as_put,
    build_position,
    candidates,
    meld_ids,
    meld_kind,
    meld_preferring_policy,
    model,
    oracle_moves,
    player_counts,
    random_policy,
    read_table,
    rule_configs,
    scaled,
    seeds,
)


def _texts(moves: set[Move]) -> list[str]:
    return sorted(m.text(ascii=True) for m in moves)


def _describe(s: State) -> str:
    hand = s.hands[s.current_player] if s.phase in (Phase.DRAW, Phase.PLAY, Phase.CALL) else ""
    return (
        f"{s!r}\nhand {' '.join(map(str, hand))} owed {s.owed} (use {s.owed_use}) "
        f"kept {s.kept}\ntable {[' '.join(map(str, m.cards)) for m in s.table]}\n"
        f"pile {' '.join(map(str, s.pile))}\n{s.config}"
    )


def assert_agrees(s: State, *, illegal_sample: int | None = None, seed: int = 0) -> set[Move]:
    """Check the generator against the model in ``s``; return the legal moves.

    Candidates the model rejects must be refused by ``apply``: all of them, or a seeded
    sample of ``illegal_sample`` of them. Each legal meld or lay-off must leave the hand and
    table the model predicts (the ends a lay-off goes to, runs joined, sets doubled).
    """
    expected = oracle_moves(s)
    listed = s.legal_moves()
    got = set(listed)
    assert len(got) == len(listed), "legal_moves lists a move twice"
    assert got == expected, (
        f"{_describe(s)}\nonly the engine allows: {_texts(got - expected)}\n"
        f"only the rules allow: {_texts(expected - got)}"
    )
    if s.phase == Phase.PLAY:
        seen = model(s)
        for move in listed:
            put = as_put(move, meld_ids(s))
            if put is None:
                continue
            predicted = apply_put(put, *seen, s.current_player, s.config)
            assert predicted is not None
            after = s.apply(move)
            assert tuple(int(c) for c in after.hands[s.current_player]) == predicted[0], move
            assert read_table(after.table, s.config) == predicted[1], f"{move}: {_describe(after)}"
    rejected = sorted({m for m in candidates(s) if m not in expected}, key=str)
    if illegal_sample is not None and len(rejected) > illegal_sample:
        rejected = random.Random(seed).sample(rejected, illegal_sample)
    for move in rejected:
        with pytest.raises(IllegalMoveError):
            s.apply(move)
    return expected


def play_and_compare(s: State, rng: random.Random, *, randomness: float, steps: int) -> int:
    """Play ``steps`` moves from ``s``, checking every position; return the plays checked.

    ``randomness`` is the share of uniformly random moves; the rest put cards down whenever
    possible, so the games reach crowded tables, owed cards, empty stocks and new hands.
    """
    plays = 0
    for step in range(steps):
        assert_agrees(s, illegal_sample=3, seed=step)
        plays += s.phase == Phase.PLAY
        if s.is_terminal():
            break
        policy = random_policy if rng.random() < randomness else meld_preferring_policy
        s = s.apply(policy(rng, s))
    return plays


# -- the rules' own examples of what is and is not a meld -------------------------------------

MELD_EXAMPLES = [
    ("8S 8H 8D", True, 3),  # a set: three cards of one rank
    ("AC 2C 3C", True, 3),  # a run with the ace low
    ("QH KH AH", True, 3),  # a run with the ace high
    ("KS AS 2S", False, 3),  # a run cannot go round the corner
    ("4D 5D 6C", False, 3),  # a run stays in one suit
    ("6S 6S 6H", False, 5),  # with two decks, a set still needs different suits
]


@pytest.mark.parametrize(("text", "is_a_meld", "players"), MELD_EXAMPLES)
def test_rule_book_meld_examples(text: str, is_a_meld: bool, players: int) -> None:
    """The model and the engine both agree with the rules' table of melds and non-melds."""
    cards = parse_cards(text)
    assert any(meld_kind(p, RuleConfig()) for p in permutations(cards)) == is_a_meld
    s = build_position(players, hands={0: text + " 9C"}, table=[("JD QD KD", 1)], phase=Phase.PLAY)
    assert (Meld(cards) in s.legal_moves()) == is_a_meld
    assert_agrees(s)


# -- positions reached by play -------------------------------------------------------------------


@scaled(1.0)
@given(seed=seeds, players=player_counts, randomness=st.sampled_from([0.0, 0.3, 1.0]))
def test_oracle_agrees_along_seeded_games(seed: int, players: int, randomness: float) -> None:
    """In every position of a seeded standard game, the legal moves are exactly the model's."""
    s = new_game(players=players, seed=seed)
    play_and_compare(s, random.Random(seed), randomness=randomness, steps=300)


#: One rule choice at a time (and a few together), each away from the standard rules.
VARIANTS = {
    "wrap-around": RuleConfig(wrap_around=True),
    "aces-high-only": RuleConfig(aces=Aces.HIGH_ONLY),
    "keep-top-discard": RuleConfig(keep_top_discard=True),
    "deepest-card-new-meld": RuleConfig(deepest_card=DeepestCard.NEW_MELD),
    "discard-to-go-out": RuleConfig(discard_to_go_out=True),
    "floating": RuleConfig(discard_to_go_out=True, floating=True),
    "wild-jokers": RuleConfig(jokers_per_deck=2),
    "two-jokers-a-meld": RuleConfig(jokers_per_deck=2, max_jokers_per_meld=2),
    "joker-only-melds": RuleConfig(jokers_per_deck=2, max_jokers_per_meld=3, joker_only_melds=True),
    "jokers-not-wild": RuleConfig(jokers_per_deck=4, jokers_wild=False),
    "join-melds": RuleConfig(join_melds=True),
    "call-discard-or-pile-meld": RuleConfig(calling=Calling.DISCARD_OR_PILE_MELD),
    "call-any-pile-card": RuleConfig(calling=Calling.ANY_PILE_CARD, jokers_per_deck=1),
    "call-layoff-only": RuleConfig(calling=Calling.LAYOFF_ONLY),
    "keep-top-and-go-out-by-discard": RuleConfig(
        keep_top_discard=True, discard_to_go_out=True, wrap_around=True, join_melds=True
    ),
    "new-meld-and-floating": RuleConfig(
        deepest_card=DeepestCard.NEW_MELD,
        discard_to_go_out=True,
        floating=True,
        jokers_per_deck=1,
        max_jokers_per_meld=2,
    ),
    "high-aces-wild-jokers-keep-top": RuleConfig(
        aces=Aces.HIGH_ONLY, jokers_per_deck=2, keep_top_discard=True
    ),
    "wrap-with-jokers-and-calls": RuleConfig(
        wrap_around=True,
        jokers_per_deck=2,
        max_jokers_per_meld=2,
        calling=Calling.ANY_PILE_CARD,
        discard_to_go_out=True,
    ),
}


#: What seeded play under each variant must run into, so that the variant is really checked.
WITNESSES = {
    "wrap-around": "a run through the ace",
    "keep-top-discard": "a kept card",
    "deepest-card-new-meld": "a card owed to a new meld",
    "floating": "a player floating",
    "wild-jokers": "a joker on the table",
    "two-jokers-a-meld": "two jokers in a meld",
    "joker-only-melds": "two jokers in a meld",
    "jokers-not-wild": "a set of jokers",
    "call-discard-or-pile-meld": "a call of rummy",
    "call-any-pile-card": "a call of rummy",
    "call-layoff-only": "a card owed to a lay-off",
    "keep-top-and-go-out-by-discard": "a kept card",
    "new-meld-and-floating": "a player floating",
    "high-aces-wild-jokers-keep-top": "a kept card",
    "wrap-with-jokers-and-calls": "a call of rummy",
}


def _features(s: State) -> set[str]:
    out = set()
    if s.kept is not None:
        out.add("a kept card")
    if s.owed_use == MELD and s.owed is not None:
        out.add("a card owed to a new meld")
    if s.owed_use == LAYOFF and s.owed is not None:
        out.add("a card owed to a lay-off")
    if s.phase == Phase.CALL:
        out.add("a call of rummy")
    if s.phase in (Phase.DRAW, Phase.CALL) and not all(s.hands):
        out.add("a player floating")
    for meld in read_table(s.table, s.config):
        ranks = [(c if c < 52 else c - 53) % 13 + 1 for c in meld.cards]
        if meld.kind == "run" and 1 in ranks[1:-1]:
            out.add("a run through the ace")
        if meld.jokers:
            out.add("a joker on the table")
        if meld.jokers >= 2:
            out.add("two jokers in a meld")
        if meld.kind == "jokers":
            out.add("a set of jokers")
    return out


@pytest.mark.parametrize("name", list(VARIANTS))
def test_oracle_agrees_under_variants(name: str) -> None:
    """Under each rule variant, seeded play reaches only positions where the model agrees."""
    config = VARIANTS[name]
    plays = 0
    seen: set[str] = set()
    for players in (2, 4, 6):
        for seed in range(2):
            rng = random.Random(seed)
            s = new_game(config, players=players, seed=seed)
            for step in range(150):
                assert_agrees(s, illegal_sample=3, seed=step)
                plays += s.phase == Phase.PLAY
                seen |= _features(s)
                if s.is_terminal():
                    break
                policy = random_policy if rng.random() < 0.3 else meld_preferring_policy
                s = s.apply(policy(rng, s))
    assert plays > 100, "the games never reached the play phase often enough to check much"
    if name in WITNESSES:
        assert WITNESSES[name] in seen, f"play never reached {WITNESSES[name]}"


@pytest.mark.parametrize("name", presets.names())
def test_oracle_agrees_under_presets(name: str) -> None:
    """Every preset, at its smallest and largest player count, agrees with the model."""
    config = presets.get(name)
    for players in sorted({config.min_players, config.max_players}):
        s = new_game(config, players=players, seed=players)
        play_and_compare(s, random.Random(players), randomness=0.3, steps=120)


@scaled(1.0)
@given(config=rule_configs(), seed=seeds, data=st.data())
def test_oracle_agrees_under_random_configs(
    config: RuleConfig, seed: int, data: st.DataObject
) -> None:
    """Any valid rule configuration: the legal moves are exactly the model's, move by move."""
    players = data.draw(st.sampled_from(config.player_counts), label="players")
    s = new_game(config, players=players, seed=seed)
    play_and_compare(s, random.Random(seed), randomness=0.3, steps=120)


# -- hand-built positions with traps -------------------------------------------------------------

RUN_2_K = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
ALL_CLUBS = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


def _case(
    name: str,
    players: int,
    *,
    want: str = "",
    refuse: str = "",
    **position: object,
) -> object:
    """A hand-built position, the moves it must allow and those it must refuse (one a line)."""
    return pytest.param(players, position, want, refuse, id=name)


CASES = [
    _case(
        "two-decks-duplicates",
        5,
        hands={0: "6S 6S 6H 6D 7S 7H 8S 9C 9C 10C JC QC JS"},
        table=[("7S 7H 7D", 1), ("8S 9S 10S", 2)],
        pile="2D",
        phase=Phase.PLAY,
        want="""meld 6S 6H 6D
            meld 9C 10C JC QC
            meld 6S 7S 8S
            layoff 1 JS
            layoff 1 6S 7S
            layoff 1 6S 7S JS
            discard 6S""",
        refuse="""meld 6S 6S 6H
            meld 9C 9C 10C
            layoff 0 7S
            layoff 0 7H
            layoff 1 8S
            layoff 1 6S""",
    ),
    _case(
        "owed-card-needs-its-bridge",
        3,
        hands={0: "5S 6S 7S 7H 7D 2C"},
        table=[("8S 9S 10S", 1)],
        pile="3H",
        phase=Phase.PLAY,
        owed="5S",
        want="""meld 5S 6S 7S
            layoff 0 5S 6S 7S
            layoff 0 7S
            layoff 0 6S 7S""",
        refuse="""meld 7S 7H 7D
            discard 2C
            discard 5S""",
    ),
    _case(
        "take-with-bridging-cards",
        3,
        hands={0: "4D 4S KC QC"},
        table=[("5H 6H 7H", 1)],
        pile="9H 4C 8H 2S",
        want="""draw
            take 8H 2S
            take 4C 8H 2S
            take 9H 4C 8H 2S""",
        refuse="""take 2S
            take 9H
            take 4C
            decline""",
    ),
    _case(
        "ace-low-or-high-on-2-to-K",
        3,
        hands={0: "AH 5C 9D"},
        table=[(RUN_2_K, 1)],
        pile="3S",
        phase=Phase.PLAY,
        want="""layoff 0 AH
            layoff 0 AH high""",
    ),
    _case(
        "aces-with-two-decks",
        5,
        hands={0: "AH AH AS AD JD 4S"},
        table=[(RUN_2_K, 1), ("AS 2S 3S", 2), ("QD KD AD", 3)],
        pile="5C",
        phase=Phase.PLAY,
        want="""layoff 0 AH
            layoff 0 AH high
            layoff 1 4S
            layoff 2 JD
            meld AH AS AD""",
        refuse="""layoff 0 AH AH
            layoff 0 AH AH high
            layoff 1 AS high
            layoff 1 AS
            layoff 2 AD
            layoff 2 AD high
            meld AH AH AS""",
    ),
    _case(
        "a-whole-suit-in-hand",
        2,
        hands={0: ALL_CLUBS + " 5D", 1: "2D 3D 4D 6D 7D 8D 9D 10D JD QD KD AD 2H"},
        pile="3H",
        phase=Phase.PLAY,
        want="""meld AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC
            meld 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC
            meld QC KC AC
            meld AC 2C 3C""",
        refuse="""meld KC AC 2C
            meld JC QC KC AC 2C""",
    ),
    _case(
        "full-runs-on-the-table",
        5,
        hands={0: "AC KC AD 2D 5H"},
        table=[(ALL_CLUBS, 1), ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", 2)],
        pile="6H",
        phase=Phase.PLAY,
        refuse="""layoff 0 AC high
            layoff 0 KC
            layoff 1 AD
            layoff 1 2D""",
    ),
    _case(
        "two-runs-of-one-suit",
        3,
        hands={0: "6S 7S 8S 2H"},
        table=[("3S 4S 5S", 1), ("9S 10S JS", 2)],
        pile="5H",
        phase=Phase.PLAY,
        want="""layoff 0 6S 7S 8S
            layoff 1 6S 7S 8S
            layoff 0 6S
            layoff 1 8S
            meld 6S 7S 8S""",
        refuse="""layoff 0 7S
            layoff 1 6S""",
    ),
    _case(
        "empty-stock",
        3,
        hands={0: "3D 3S 5C"},
        table=[("9D 10D JD", 2)],
        pile="QD 3C 3H 8S",
        stock=0,
        want="""decline
            take QD 3C 3H 8S
            take 3C 3H 8S
            take 3H 8S""",
        refuse="""draw
            take 8S""",
    ),
    _case(
        "whole-pile-taken",
        3,
        hands={0: "QD 3C 3H 8S 3D 3S 5C"},
        table=[("9D 10D JD", 2)],
        stock=5,
        phase=Phase.PLAY,
        owed="QD",
        want="""layoff 0 QD
            meld 3C 3D 3H 3S
            meld 3C 3H 3S""",
        refuse="""discard 5C
            discard QD""",
    ),
    _case(
        "owed-card-held-twice",
        5,
        hands={0: "5S 5S 6S 7S 5H 5D"},
        table=[("9C 10C JC", 1)],
        pile="KH",
        phase=Phase.PLAY,
        owed="5S",
        want="""meld 5S 6S 7S
            meld 5S 5H 5D""",
        refuse="""discard 5H
            meld 5S 5S 5H""",
    ),
    _case(
        "take-an-ace-for-either-end",
        3,
        hands={0: "2S 3S 9H"},
        table=[("JS QS KS", 1)],
        pile="7D AS 4C",
        want="""take AS 4C
            draw""",
        refuse="""take 4C
            take 7D AS 4C""",
    ),
    _case(
        "hand-over",
        3,
        hands={0: "2S 3S 9H"},
        table=[("JS QS KS", 1)],
        pile="7D AS 4C",
        phase=Phase.HAND_OVER,
        want="deal",
        refuse="draw",
    ),
    _case(
        "game-over",
        3,
        hands={0: "2S 3S 9H"},
        table=[("JS QS KS", 1)],
        pile="7D AS 4C",
        phase=Phase.GAME_OVER,
        # The game ends drawn after its one hand: totals of 0 reach no target.
        config=RuleConfig(hand_limit=1),
        refuse="""deal
            draw""",
    ),
]


#: Rule configurations of the variant traps below.
WRAP = RuleConfig(wrap_around=True)
HIGH_ONLY = RuleConfig(aces=Aces.HIGH_ONLY)
KEEP_TOP = RuleConfig(keep_top_discard=True)
NEW_MELD = RuleConfig(deepest_card=DeepestCard.NEW_MELD)
FINAL_DISCARD = RuleConfig(discard_to_go_out=True)
FLOATING = RuleConfig(discard_to_go_out=True, floating=True)
ONE_JOKER = RuleConfig(jokers_per_deck=2)
TWO_JOKERS = RuleConfig(jokers_per_deck=2, max_jokers_per_meld=2)
NOT_WILD = RuleConfig(jokers_per_deck=4, jokers_wild=False)

VARIANT_CASES = [
    _case(
        "standard-ace-after-Q-K-is-a-plain-lay-off",
        3,
        hands={0: "AS 5C 9D"},
        table=[("JS QS KS", 1)],
        pile="3H",
        phase=Phase.PLAY,
        want="layoff 0 AS",
        refuse="layoff 0 AS high",
    ),
    _case(
        "wrap-round-the-corner",
        3,
        config=WRAP,
        hands={0: "KS AS 2S 3S 9D"},
        table=[("JH QH KH", 1)],
        pile="3H",
        phase=Phase.PLAY,
        want="""meld KS AS 2S
            meld KS AS 2S 3S
            meld AS 2S 3S""",
        refuse="meld 2S 3S KS",
    ),
    _case(
        "wrap-12-card-runs-take-the-13th-rank-at-either-end",
        3,
        config=WRAP,
        hands={0: "AH 2S 9D"},
        table=[(RUN_2_K, 1), ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 2)],
        pile="3C",
        phase=Phase.PLAY,
        want="""layoff 0 AH
            layoff 0 AH high
            layoff 1 2S
            layoff 1 2S high""",
    ),
    _case(
        "aces-high-only",
        3,
        config=HIGH_ONLY,
        hands={0: "AC 2C 3C QC KC AH 9D"},
        table=[(RUN_2_K, 1)],
        pile="3D",
        phase=Phase.PLAY,
        want="""meld QC KC AC
            layoff 0 AH""",
        refuse="""meld AC 2C 3C
            layoff 0 AH high""",
    ),
    _case(
        "keep-top-a-lone-top-card-may-always-be-taken",
        3,
        config=KEEP_TOP,
        hands={0: "2C 5D 9H"},
        table=[("9S 10S JS", 1)],
        pile="7S KD",
        want="""take KD
            draw""",
        refuse="take 7S KD",
    ),
    _case(
        "keep-top-the-kept-card-cannot-be-discarded",
        3,
        config=KEEP_TOP,
        hands={0: "2C 5D 9H KD"},
        table=[("9S 10S JS", 1)],
        pile="7S",
        phase=Phase.PLAY,
        kept="KD",
        want="""discard 2C
            discard 9H""",
        refuse="discard KD",
    ),
    _case(
        "keep-top-a-second-copy-may-be-discarded",
        5,
        config=KEEP_TOP,
        hands={0: "KD KD 5C"},
        table=[("9S 10S JS", 1)],
        pile="7S",
        phase=Phase.PLAY,
        kept="KD",
        want="""discard KD
            discard 5C""",
    ),
    _case(
        "keep-top-the-kept-card-is-never-left-alone-unplayable",
        3,
        config=KEEP_TOP,
        hands={0: "5C 6C 7C KD"},
        table=[("9S 10S JS", 1)],
        pile="7S",
        phase=Phase.PLAY,
        kept="KD",
        want="discard 5C",
        refuse="meld 5C 6C 7C",
    ),
    _case(
        "keep-top-the-kept-card-may-be-left-if-it-can-go-down",
        3,
        config=KEEP_TOP,
        hands={0: "5C 6C 7C KD"},
        table=[("10D JD QD", 1)],
        pile="7S",
        phase=Phase.PLAY,
        kept="KD",
        want="""meld 5C 6C 7C
            layoff 0 KD""",
    ),
    _case(
        "keep-top-with-a-final-discard-the-kept-card-is-never-last",
        3,
        config=attrs.evolve(KEEP_TOP, discard_to_go_out=True),
        hands={0: "5C 6C 7C 8C KD"},
        table=[("10D JD QD", 1)],
        pile="7S",
        phase=Phase.PLAY,
        kept="KD",
        want="""meld 5C 6C 7C
            layoff 0 KD""",
        refuse="meld 5C 6C 7C 8C",
    ),
    _case(
        "new-meld-a-card-that-only-lays-off-cannot-be-taken",
        3,
        config=NEW_MELD,
        hands={0: "5S 6S 2D 9C"},
        table=[("8H 9H 10H", 1)],
        pile="3C JH 7S",
        want="""take 7S
            draw""",
        refuse="take JH 7S",
    ),
    _case(
        "new-meld-the-owed-card-cannot-be-laid-off",
        3,
        config=NEW_MELD,
        hands={0: "7S 8S 9S 9D 2C"},
        table=[("10S JS QS", 1)],
        pile="3C",
        phase=Phase.PLAY,
        owed="9S",
        owed_use=MELD,
        want="meld 7S 8S 9S",
        refuse="""layoff 0 9S
            layoff 0 7S 8S 9S
            discard 2C""",
    ),
    _case(
        "final-discard-a-take-needs-a-card-to-spare",
        4,
        config=FINAL_DISCARD,
        hands={0: "6C 8C"},
        table=[("9C 10C JC QC KC AC", 1), ("2C 3C 4C", 2)],
        pile="2D 7C",
        stock=0,
        want="""take 7C
            decline""",
        refuse="take 2D 7C",
    ),
    _case(
        "final-discard-no-play-empties-the-hand",
        4,
        config=FINAL_DISCARD,
        hands={0: "6C 7C 8C"},
        table=[("9C 10C JC QC KC AC", 1)],
        pile="2D",
        phase=Phase.PLAY,
        owed="7C",
        want="layoff 0 7C 8C",
        refuse="""meld 6C 7C 8C
            layoff 0 6C 7C 8C
            discard 6C""",
    ),
    _case(
        "floating-a-play-may-empty-the-hand",
        4,
        config=FLOATING,
        hands={0: "6C 7C 8C"},
        table=[("9C 10C JC QC KC AC", 1)],
        pile="2D",
        phase=Phase.PLAY,
        owed="7C",
        want="""meld 6C 7C 8C
            layoff 0 6C 7C 8C
            layoff 0 7C 8C""",
        refuse="discard 6C",
    ),
    _case(
        "wild-joker-names-its-card",
        3,
        config=ONE_JOKER,
        hands={0: "5S 7S JK JK 9D 9H"},
        table=[("8C 8D 8H", 1)],
        pile="3C",
        phase=Phase.PLAY,
        want="""meld 5S JK=6S 7S
            layoff 0 JK=8S
            meld 9D 9H JK=9S
            meld JK=9C 9D 9H""",
        refuse="""meld JK=4S 5S JK=6S 7S
            meld 9D JK=9S JK=9C
            layoff 0 JK=8C
            meld 5S 7S JK""",
    ),
    _case(
        "two-wild-jokers-a-meld",
        3,
        config=TWO_JOKERS,
        hands={0: "5S 7S JK JK 9D 9H"},
        table=[("8C 8D 8H", 1)],
        pile="3C",
        phase=Phase.PLAY,
        want="""meld JK=4S 5S JK=6S 7S
            meld 9D JK=9S JK=9C
            meld 5S JK=6S 7S JK=8S""",
        refuse="meld JK=4S JK=5S JK=6S",
    ),
    _case(
        "melds-of-jokers-alone",
        5,
        config=RuleConfig(jokers_per_deck=2, max_jokers_per_meld=3, joker_only_melds=True),
        hands={0: "JK JK JK 9D 2C"},
        table=[("5S 6S 7S", 1)],
        pile="3C",
        phase=Phase.PLAY,
        want="""meld JK=4H JK=5H JK=6H
            meld JK=9C JK=9H JK=9S
            meld JK=9C 9D JK=9H JK=9S
            layoff 0 JK=8S JK=9S JK=10S
            layoff 0 JK=3S JK=4S JK=8S""",
        refuse="""meld JK=9C JK=9D JK=9H JK=9S
            layoff 0 JK=2S JK=3S JK=4S JK=8S""",
    ),
    _case(
        "a-joker-takes-its-suit-in-a-set",
        3,
        config=ONE_JOKER,
        hands={0: "9H 9S 2C"},
        table=[("9C 9D JK=9H", 1)],
        pile="3C",
        phase=Phase.PLAY,
        want="layoff 0 9S",
        refuse="""layoff 0 9H
            layoff 0 9H 9S""",
    ),
    _case(
        "jokers-not-wild-make-sets-of-jokers",
        5,
        config=NOT_WILD,
        hands={0: "JK JK JK JK 5S 6S 9D"},
        table=[("JK JK JK", 1)],
        pile="3C",
        phase=Phase.PLAY,
        want="""meld JK JK JK
            meld JK JK JK JK
            layoff 0 JK""",
        refuse="""meld 5S 6S JK
            layoff 0 JK JK""",
    ),
    _case(
        "layoff-only-call-the-card-may-go-onto-a-meld-made-first",
        3,
        config=RuleConfig(calling=Calling.LAYOFF_ONLY, jokers_per_deck=2),
        hands={0: "JK 5S 6S 7S 8S 2D"},
        table=[("5H 5D 5C", 1)],
        pile="9H",
        phase=Phase.PLAY,
        owed="5S",
        owed_use=LAYOFF,
        want="""layoff 0 5S
            layoff 0 JK=5S
            meld 6S 7S 8S""",
        refuse="""meld 5S 6S 7S
            meld 5S 6S 7S 8S
            discard 2D""",
    ),
]
CASES += VARIANT_CASES


def _moves(text: str) -> list[Move]:
    return [Move.from_text(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize(("players", "position", "want", "refuse"), CASES)
def test_oracle_agrees_on_hand_built_positions(
    players: int, position: dict[str, object], want: str, refuse: str
) -> None:
    """The traps each position was built for are handled as the rules say, by both sides."""
    s = build_position(players, **position)
    expected = assert_agrees(s)
    engine = set(s.legal_moves())
    for move in _moves(want):
        assert move in expected, f"the rules allow {move}"
        assert move in engine, f"the engine refuses {move}"
    for move in _moves(refuse):
        assert move not in expected, f"the rules forbid {move}"
        assert move not in engine, f"the engine allows {move}"
        with pytest.raises(IllegalMoveError):
            s.apply(move)


def test_an_empty_stock_with_no_take_is_no_position_of_play() -> None:
    """With the stock and the pile both out, the player to draw has no take, so the hand
    has ended at once (take_or_end): such a position is refused, as play never reaches it."""
    with pytest.raises(StateError) as info:
        build_position(3, hands={0: "3D 3S 5C"}, table=[("9D 10D JD", 2)], stock=0)
    assert str(info.value) == (
        "player 0 is to draw from an empty stock with no legal take from the discard pile: "
        "the hand ends at once then, so play never reaches this position"
    )


def test_no_lay_off_fits_a_full_set() -> None:
    """A set of four takes no more cards, not even a second-deck copy of one of its cards."""
    s = build_position(
        5, hands={0: "2C 5D 9H 7C 7S"}, table=[("7C 7D 7H 7S", 1)], pile="5H", phase=Phase.PLAY
    )
    assert not any(isinstance(m, Layoff) for m in assert_agrees(s))


def test_using_either_copy_of_the_owed_card_pays_the_debt() -> None:
    """With two decks, melding one copy of the owed card settles it; then a discard is legal."""
    s = build_position(
        5,
        hands={0: "5S 5S 6S 7S 5H 5D KH"},
        table=[("9C 10C JC", 1)],
        pile="KD",
        phase=Phase.PLAY,
        owed="5S",
    )
    after = s.apply_text("meld 5S 5H 5D")
    assert after.owed is None
    assert assert_agrees(after) >= set(_moves("discard 5S\ndiscard KH"))


def test_a_run_filling_the_gap_between_two_runs_joins_both() -> None:
    """With melds joined, 6-7-8 between 3-4-5 and 9-10-J makes one run, each card its owner's."""
    s = build_position(
        3,
        config=RuleConfig(join_melds=True),
        hands={0: "6S 7S 8S 2D"},
        table=[("3S 4S 5S", 1), ("QH KH AH", 2), ("9S 10S JS", 2)],
        pile="5D",
        phase=Phase.PLAY,
    )
    assert_agrees(s)
    after = s.apply_text("meld 6S 7S 8S")
    assert [m.cards for m in after.table] == [
        parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS"),
        parse_cards("QH KH AH"),
    ]
    assert after.table[0].owners == (1, 1, 1, 0, 0, 0, 2, 2, 2)


def test_putting_down_either_copy_of_the_kept_card_uses_it_up() -> None:
    """With two decks, melding one copy of the kept card leaves the other free to discard."""
    s = build_position(
        5,
        config=KEEP_TOP,
        hands={0: "KD KD JD QD"},
        table=[("9S 10S JS", 1)],
        pile="7S",
        phase=Phase.PLAY,
        kept="KD",
    )
    assert Meld(parse_cards("JD QD KD")) in assert_agrees(s)
    after = s.apply_text("meld JD QD KD")
    assert after.kept is None
    assert Move.from_text("discard KD") in assert_agrees(after)

"""Named rule sets, one per rule source, looked up by name.

Each preset is one :class:`Preset` record: its name and aliases, the rule source it follows, a
one-line summary, notes that quote the rule text and say where that text left a choice open and
which way the preset takes it, and the :class:`~rummy500.RuleConfig` itself. Names are
case-insensitive, ignore spaces, dashes, dots and underscores, and may have aliases:

    >>> from rummy500 import presets
    >>> presets.get("Pagat").keep_top_discard
    True
    >>> presets.preset("PlayingCards.io").name
    'playingcards_io'
    >>> presets.get("pcio") == presets.PRESETS["playingcards_io"].config
    True

The sources are the rule book written from Bicycle Cards and checked against Pagat (with its
"House rules and other versions" and "Where the sources differ" sections), an online game's
rules (ranked and hosted tables), PlayingCards.io's rules, and a short rules page that mentions
Persian Rummy and play to 1,000. ``docs/variants.md`` sets every preset side by side.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType

import attrs

from rummy500.core.errors import ConfigError, describe_value, quote_text, quote_value
from rummy500.rules.choices import (
    Aces,
    Calling,
    CardValues,
    DeepestCard,
    EmptyStock,
    FirstDealer,
    PlayerTable,
)
from rummy500.rules.config import RuleConfig

__all__ = ["PRESETS", "Preset", "get", "names", "preset"]


def _paragraphs(text: str) -> str:
    """``text`` as paragraphs split by one blank line, each paragraph on one line (anything but
    a str is left as it is, for :func:`_notes` to refuse)."""
    if not isinstance(text, str):
        return text
    paragraphs: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join(" ".join(lines) for lines in paragraphs if lines)


def _one_line(instance: Preset, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value.strip() or "\n" in value or value != value.strip():
        raise ConfigError(
            f"a preset's {attribute.name} is one line of text without spaces around it, "
            f"not {quote_value(value)}"
        )


def _notes(instance: Preset, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise ConfigError(f"a preset's notes are text, not {describe_value(value)}")


def _rules(instance: Preset, attribute: attrs.Attribute[RuleConfig], value: object) -> None:
    if not isinstance(value, RuleConfig):
        raise ConfigError(f"a preset's config is a RuleConfig, not {describe_value(value)}")


def _aliases(instance: Preset, attribute: attrs.Attribute[tuple[str, ...]], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(a, str) and a.strip() for a in value):
        raise ConfigError(f"a preset's aliases are a tuple of names, not {quote_value(value)}")


@attrs.frozen(kw_only=True)
class Preset:
    """One named rule set: the rules, and the rule text they follow.

    Records are built by keyword. ``name``, ``source`` and ``summary`` are each one line of
    text, ``aliases`` a tuple of names, ``notes`` a text and ``config`` a
    :class:`~rummy500.RuleConfig`; anything else raises
    :class:`~rummy500.ConfigError`. ``notes`` is written in Markdown (code in backticks)
    and kept as paragraphs split by one blank line, each on one line, however the text passed
    in was wrapped.

    :ivar name: The canonical name, as :func:`names` lists it and ``rummy500 play --preset``
        takes it.
    :ivar aliases: Other names :func:`get` and :func:`preset` accept for this preset.
    :ivar source: Which rule text the preset follows, in short.
    :ivar summary: What the preset plays, in one line.
    :ivar notes: The rule text quoted, then, after ``Choices:``, which way the preset goes
        where the text is silent or can be read two ways.
    :ivar config: The rules.
    """

    name: str = attrs.field(validator=_one_line)
    aliases: tuple[str, ...] = attrs.field(default=(), validator=_aliases)
    source: str = attrs.field(validator=_one_line)
    summary: str = attrs.field(validator=_one_line)
    notes: str = attrs.field(converter=_paragraphs, validator=_notes)
    config: RuleConfig = attrs.field(validator=_rules)


def _online(values: CardValues, *, wrap: bool, deal: PlayerTable | None = None) -> RuleConfig:
    """The online game's rules shared by its ranked presets and its hosted tables."""
    return RuleConfig(
        deal_size=PlayerTable.of(7, {2: 10, 3: 10}) if deal is None else deal,
        wrap_around=wrap,
        join_melds=True,
        discard_to_go_out=True,
        card_values=values,
    )


# Every ranked table of the online game plays these rules, and leaves the same choices open.
_RANKED_TABLES = """
    Every ranked table: "Up to three players get ten cards each. With four or more it is
    seven. Five or more players play with two decks."; "the deepest one must be melded or laid
    off in the same move"; "Lay down a meld that continues one already on the table, anyone's,
    and the two are joined into one."; "Once the stock runs out you may still take from the
    discard pile. The hand ends the moment a player declines to draw or has no legal take.";
    "Going out earns no bonus."; "If two pass it, the higher score wins."; "All need a final
    discard".

    Choices: the text gives no player range; the library's 2 to 8 is kept (the ranked deal
    fits every count). Floating is not played: nothing says a player may meld every card.
"""

_ALL = (
    Preset(
        name="standard",
        aliases=("default", "500", "500rum", "500rummy", "rummy500", "pinochlerummy"),
        source="The rule book's main rules, written from Bicycle Cards and checked against Pagat",
        summary="The standard rules of Rummy 500: the defaults of RuleConfig",
        notes="""
            "Deal 13 cards each to 2 players or 7 each to 3 or more"; "Use one deck for 2 to 4
            players and two decks shuffled together for 5 or more"; "The lowest card deals,
            with the ace low"; "The deepest card you take must be used that turn", and "This
            applies to the top card too"; "An ace can be low or high, but K-A-2 is not a run";
            "The last card may be melded, laid off or discarded" and "Going out earns no
            bonus"; when the stock is empty the player to move "may still take from the
            discard pile. If they do not, the hand ends with nobody out"; ace 15 ("1 point at
            the low end of an ace-2-3 run"), 2-9 "The number on the card", 10 and faces 10;
            "The first to reach 500 wins. If two pass 500 together, the higher total wins."

            Choices: none beyond the rule book's own; these are the defaults of `RuleConfig`.
        """,
        config=RuleConfig(),
    ),
    Preset(
        name="bicycle",
        aliases=("bicyclecards",),
        source=(
            'The Bicycle Cards rules, as the rule book\'s "Where the sources differ" table '
            "gives them"
        ),
        summary="One deck for every player count, 2 to 5 players",
        notes="""
            "Any card drawn from the discard pile must be used at once. The rule is not limited
            to cards below the top." "Lists 2, 3, 4 and 5 or more players. One pack and no
            two-pack rule." "The standard 52-card pack. No jokers." "Play ends as soon as a
            player has no cards." "The first player to reach +500 wins"; two passing 500: "The
            one with the highest score wins." Calling rummy is "Not in the rules."

            Choices: one deck for every player count, so the player count is capped at 5 (within
            Bicycle's "5 or more"). One pack deals 7 cards each to 6 or 7 players too, but leaves a
            stock of only 9 or 2 cards: a hand ends after a round or so with most cards still in
            hand, hands then score below zero on average, and a game to 500 would run to the hand
            limit. 5 players leave a stock of 16. Bicycle gives "No point values for any card", so
            the traditional values (ace 15, low ace 1, 2-9 their number, 10 and faces 10) are used.
            Bicycle is "Silent on whether the last card must be discarded" and does not say what
            happens when the stock runs out, so both follow the standard rules (no discard needed;
            the player to draw may take from the pile or end the hand).
        """,
        config=RuleConfig(max_players=5, decks=PlayerTable.of(1)),
    ),
    Preset(
        name="pagat",
        source=(
            "Pagat's 500 Rummy, as the rule book's \"Where the sources differ\" table gives it"
        ),
        summary="Two wild jokers a deck, keep the top discard, calling rummy",
        notes="""
            "52 cards plus two jokers as wild cards in the main rules"; values "Ace 15, or 1
            when melded low with the 2 and 3. Jack, queen, king 10. The 2 through 10 their
            number. Jokers 15."; "The top card alone may be kept in hand without melding. Only
            a card from below the top must be melded at once."; calling rummy is "Part of the
            main rules: any player but the discarder may call before the next player draws,
            take the card and the cards above it, meld it and discard. Play goes on from the
            caller's left." (the rule book's "Calling rummy" variant: a discard that "could go
            straight onto a meld on the table", or pile cards that "make a meld by
            themselves"); "2 to about 8 players. Two decks shuffled together for 5 or more.";
            "The last card may be melded or discarded."

            Choices: the target is "Worded both as reaching 500 or more and as scores that
            exceed 500"; reaching 500 is taken. With two decks there are four jokers. The texts
            set no limit on jokers in one meld; the library's default of one joker per meld is
            kept, and no meld of jokers only.
        """,
        config=RuleConfig(
            jokers_per_deck=2,
            keep_top_discard=True,
            calling=Calling.DISCARD_OR_PILE_MELD,
        ),
    ),
    Preset(
        name="wikipedia",
        aliases=("wiki",),
        source="Wikipedia's 500 rum, as the rule book reports it",
        summary="The deepest card starts a new meld, ace to 9 count 5, going out decides",
        notes="""
            Wikipedia requires "using even the top discard at once in a new meld": "any card
            taken, the top one included, must be used that turn. Wikipedia also requires it and
            asks for a new meld of 3 or more cards"; "Wikipedia counts the ace through 9 as 5,
            and an ace used high as 15"; "Wikipedia's rule that the player who went out wins"
            when two pass 500; "Drawing for the first deal and passing it left, 2 to 8 players
            and best with 3 to 5, two decks for 5 or more".

            Choices: Wikipedia gives jokers "as optional", calling rum and the reshuffled stock
            as variants, and the required discard to go out as "an agreed variation"; none of
            them is played. On the empty stock its own text is split: one paragraph gives the
            standard rule and "calls it normally standard", while its scoring section "says
            nobody subtracts the cards left in hand when the stock runs out and nobody can
            play". The paragraph called standard is followed; `no_minus_at_stock_end=True`
            plays the other reading.
        """,
        config=RuleConfig(
            deepest_card=DeepestCard.NEW_MELD,
            card_values=CardValues.ace_to_nine_five(),
            going_out_decides=True,
        ),
    ),
    Preset(
        name="fosdick",
        aliases=("scoringrummies",),
        source=(
            'Howard Fosdick\'s "Scoring Rummies" article (archived at Pagat), as the rule '
            "book reports it"
        ),
        summary="Five-point cards, 2 to 6 players",
        notes="""
            "Fosdick also counts the 2 through 9 as 5 and a low ace as 5"; "Fosdick gives 2 to
            6 players"; "two decks for 5 or more, which Fosdick also gives"; "No jokers, as in
            Bicycle and Fosdick"; any card taken, "the top one included, must be used that
            turn" ("Follows Bicycle and Fosdick"); "no discard needed to go out and no bonus
            for it".

            Choices: Fosdick gives both "face values as the traditional scoring, and the
            five-point values"; the traditional scoring is what the `standard` preset already
            plays, so this preset takes his five-point values (ace 15, 5 at the low end of
            A-2-3; 2-9 five each; 10 and faces 10).
        """,
        config=RuleConfig(max_players=6, card_values=CardValues.five_point()),
    ),
    Preset(
        name="house",
        aliases=("houserules",),
        source='The online game\'s ranked "House rules" preset',
        summary="Ten cards to 2-3 players, wrap-around runs, aces 15, 2-9 five, final discard",
        notes="""
            "Ranked tables play a preset: House rules (as above)", that is "aces fifteen, twos
            to nines five each, runs allowed past the king, so a run like
            jack-queen-king-ace-two wraps straight through"; "Tens and face cards are ten". An
            ace is 15 wherever it lies.
        """
        + _RANKED_TABLES,
        config=_online(CardValues.flat(15, 5), wrap=True),
    ),
    Preset(
        name="classic",
        source='The online game\'s ranked "Classic" preset',
        summary="As the house preset without wrapping, aces 5",
        notes="""
            "Classic (aces five, twos to nines five, no wrapping)"; "Tens and face cards are
            ten". An ace is 5 wherever it lies, and a run never goes round the corner.
        """
        + _RANKED_TABLES,
        config=_online(CardValues.flat(5, 5), wrap=False),
    ),
    Preset(
        name="competitive",
        source='The online game\'s ranked "Competitive" preset',
        summary="As the classic preset with 2-9 at face value",
        notes="""
            "Competitive (aces five, the rest face value, no wrapping)", as in "At face value
            an ace is five and the rest count their pips"; "Tens and face cards are ten". An
            ace is 5 wherever it lies.
        """
        + _RANKED_TABLES,
        config=_online(CardValues.flat(5, None), wrap=False),
    ),
    Preset(
        name="hosted",
        aliases=("hostedtable",),
        source="A new hosted table of the online game, before the host changes anything",
        summary="As the house preset with ten cards to everyone",
        notes="""
            "A hosted table deals a flat ten to everyone, or seven if the host picks it."; "A
            table you host starts with house rules: aces fifteen, twos to nines five each, runs
            allowed past the king [...] A hosted table also deals ten to everyone and needs a
            final discard to go out. Your host can change any of that before the first deal."
            The rest of play (melds joined, the deepest card used at once, the empty stock,
            winning) is as on the ranked tables.

            Choices: decks follow "Five or more players play with two decks". Ten cards each
            fits every count from 2 to 8, so no count is ruled out: one deck leaves a stock of
            31, 21 and 11 cards for 2, 3 and 4 players, two decks 53, 43, 33 and 23 for 5 to 8.
        """,
        config=_online(CardValues.flat(15, 5), wrap=True, deal=PlayerTable.of(10)),
    ),
    Preset(
        name="playingcards_io",
        aliases=("pcio",),
        source="500 Rummy on PlayingCards.io",
        summary="2-4 players, two wild jokers, highest card deals, calling rummy",
        notes="""
            "Use one standard deck of 52 cards plus two Jokers for a group of 2, 3, or 4
            players."; "Choose a dealer by drawing cards from the shuffled deck, with the
            highest being the winner."; "deal each player seven cards. (If only two players are
            playing, deal 13 instead of seven.)"; "If they only drew the top card from the
            discard pile, they must make sure to discard a different card."; "If a player
            discards a card that could have been added to a meld, or if they leave a card in
            the discard stack that could be added to a meld, any other player may call "Rummy!"
            before the next player draws. [...] Play then continues to the person to their
            left"; "Jokers are wild."; "Aces are either high or low, but not both at the same
            time in a single sequence."; "Play continues clockwise until someone lays off their
            entire hand"; "Ace, Joker: 15 points each", "Aces melded in a sequence with a 2 and
            3 of the same suit: 1 point instead of 15".

            Choices: "leave a card in the discard stack that could be added to a meld" is read
            as any pile card that could go straight onto a table meld (the discard included).
            Play goes on "until someone lays off their entire hand or the stock deck is
            exhausted, at which point scores are tallied": the hand ends as soon as the turn
            that drew the last stock card is over. "they must immediately place that card in a
            valid meld" is read as meld or lay off, since a card laid off is placed in a meld.
            One joker per meld, as by default.
        """,
        config=RuleConfig(
            max_players=4,
            decks=PlayerTable.of(1),
            jokers_per_deck=2,
            first_dealer=FirstDealer.HIGHEST,
            keep_top_discard=True,
            empty_stock=EmptyStock.END_AT_ONCE,
            calling=Calling.ANY_PILE_CARD,
        ),
    ),
    Preset(
        name="partnership",
        aliases=("partners", "partnerships", "partnershiprummy"),
        source='Partnership Rummy 500, from the rule book\'s "Other ways to play"',
        summary="Four players in two teams of two",
        notes="""
            "Four players form two teams of two, with partners sitting across from each other.
            Deal 7 cards each and play as usual. Each team keeps one running total. The game
            ends when a team reaches 500. The team with the higher total over 500 wins, even if
            the other team went out on the last hand."

            Choices: "higher total over 500" is read as at or over 500, as in the standard
            rules. The rule book notes that one running total per team "is our reading of
            Wikipedia".
        """,
        config=RuleConfig(min_players=4, max_players=4, team_size=2),
    ),
    Preset(
        name="persian",
        aliases=("persianrummy",),
        source="Persian Rummy: the short rules page, and the game as commonly described",
        summary="Two teams of two, four jokers that are not wild (sets of jokers only), two deals",
        notes="""
            "Persian Rummy is a four-player partnership version with jokers worth 20." The rest
            is the game as commonly described: one 52-card deck plus four jokers (56 cards),
            seven cards each, partners sitting opposite; the jokers are not wild and are melded
            only in sets of jokers (four jokers melded together score 160); a set of four of a
            kind melded at once scores double; aces are high only in runs (Q-K-A, never A-2-3);
            a game is two deals, and the team with the higher total wins.

            Choices: other cards keep the traditional values (ace 15, 2-9 their number, 10 and
            faces 10). Some accounts give the side that goes out a bonus (often 25); it is not
            played here and is an option:
            `attrs.evolve(presets.get("persian"), going_out_bonus=25)`. The deepest card taken,
            the top one included, must be used that turn, as in the standard rules.
        """,
        config=RuleConfig(
            min_players=4,
            max_players=4,
            team_size=2,
            jokers_per_deck=4,
            jokers_wild=False,
            aces=Aces.HIGH_ONLY,
            card_values=CardValues(joker=20),
            four_of_a_kind_double=True,
            target=None,
            hands_per_game=2,
        ),
    ),
    Preset(
        name="rummy_1000",
        aliases=("1000", "1000rum", "1000rummy"),
        source="The short rules page's house rule of playing to 1,000",
        summary="The standard rules played to 1,000 points",
        notes="""
            "Some house rules require a player to discard to go out, and others play to 1,000
            instead of 500." Everything else is the standard rules.

            Choices: only the target changes; the page names the required discard as a separate
            house rule, so it is not played here (`discard_to_go_out` is the option).
        """,
        config=RuleConfig(target=1000),
    ),
)


def _key(name: str) -> str:
    """A name with case, spaces, dashes, dots and underscores ignored."""
    return re.sub(r"[\s\-._]+", "", name).lower()


def _lookup(records: Iterable[Preset]) -> dict[str, Preset]:
    """Every name and alias, by :func:`_key`, to its preset; a name given twice is refused."""
    out: dict[str, Preset] = {}
    said: dict[str, str] = {}
    for record in records:
        named = [
            (record.name, "the name of"),
            *((alias, "an alias of") for alias in record.aliases),
        ]
        for text, kind in named:
            key = _key(text)
            what = f"{quote_value(text)} ({kind} {record.name!r})"
            if not key:
                raise ConfigError(f"the preset name {what} is empty once normalised")
            if key in said:
                raise ConfigError(
                    f"preset names and aliases must differ once normalised: {said[key]} and "
                    f"{what} are both {quote_value(key)}"
                )
            said[key] = what
            out[key] = record
    return out


_LOOKUP = _lookup(_ALL)

PRESETS: Mapping[str, Preset] = MappingProxyType({record.name: record for record in _ALL})
"""Every preset record by its canonical name, in a fixed order (a read-only mapping)."""


def names() -> list[str]:
    """The canonical preset names, in a fixed order."""
    return list(PRESETS)


def preset(name: str) -> Preset:
    """The preset record called ``name``, looked up as :func:`get` does."""
    if not isinstance(name, str):
        raise ConfigError(f"a preset name is a str, not {describe_value(name)}")
    record = _LOOKUP.get(_key(name))
    if record is None:
        # The canonical names only: with every alias the message would run to several lines.
        known = ", ".join(PRESETS)
        raise ConfigError(
            f"no preset called {quote_text(name)}; the presets are: {known} (or an alias of one)"
        )
    return record


def get(name: str) -> RuleConfig:
    """The rules of the preset called ``name``; :func:`preset` gives the whole record.

    Case, spaces, dashes, dots and underscores are ignored, and aliases are allowed:
    ``get("PlayingCards.io")``, ``get("pcio")`` and ``get("playingcards_io")`` are the same
    preset. An unknown name raises :class:`~rummy500.ConfigError` listing the presets.
    """
    return preset(name).config

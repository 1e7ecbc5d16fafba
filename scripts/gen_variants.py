"""Write the presets, their table by rule choice and their notes into docs/variants.md.

Everything is read from the code, so a new field or preset appears on the next run:

- the list of presets: one row per :class:`rummy500.presets.Preset` of
  :data:`rummy500.presets.PRESETS`, with its summary, source and aliases;
- the table: one row per field of :class:`rummy500.rules.config.RuleConfig`, grouped as the class
  groups them, with its standard value and the presets that differ from it; then, in a block
  opened on demand, every preset's value of every field, a few presets (columns) at a time;
- the notes: one section per preset with its source and its notes (the rule text it quotes and
  the choices it makes).

Each goes between its markers, ``<!-- BEGIN PRESET LIST -->`` and ``<!-- END PRESET LIST -->``,
``<!-- BEGIN PRESET TABLE -->`` and ``<!-- END PRESET TABLE -->``, ``<!-- BEGIN PRESET NOTES -->``
and ``<!-- END PRESET NOTES -->``; the rest of the page is left as it is.

Usage::

    python scripts/gen_variants.py           # rewrite docs/variants.md
    python scripts/gen_variants.py --check   # exit 1 if docs/variants.md is out of date
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
# Document the code of this checkout, even where another copy of the package is installed.
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

import generated_page  # noqa: E402

from rummy500.presets import PRESETS, Preset  # noqa: E402
from rummy500.rules.choices import Aces, CardValues, PlayerTable  # noqa: E402
from rummy500.rules.config import RuleConfig  # noqa: E402

__all__ = [
    "BEGIN",
    "DOC",
    "END",
    "PRESETS_PER_TABLE",
    "REGIONS",
    "check",
    "comparison",
    "differences",
    "full_tables",
    "main",
    "notes",
    "preset_list",
    "render",
    "table",
    "update",
]

DOC = ROOT / "docs" / "variants.md"
#: The markers around the table of presets by rule choice.
BEGIN = "<!-- BEGIN PRESET TABLE -->"
END = "<!-- END PRESET TABLE -->"

_GROUP_HEADING = re.compile(r"^\s*#\s*--\s*(.+?)\s*-+\s*$")
_FIELD_LINE = re.compile(r"^\s{4}(\w+)\s*:")
_OTHER = "other rules"


def groups() -> list[tuple[str, list[str]]]:
    """The fields of RuleConfig in order, grouped by the ``# -- name ---`` comments of its source.

    A field the comments do not place (or every field, if the source cannot be read) goes to a
    last group, so nothing is ever left out of the table.
    """
    names = [f.name for f in attrs.fields(RuleConfig)]
    out: list[tuple[str, list[str]]] = []
    try:
        source = inspect.getsource(RuleConfig)
    except (OSError, TypeError):
        source = ""
    placed: set[str] = set()
    for line in source.splitlines():
        heading = _GROUP_HEADING.match(line)
        if heading:
            out.append((heading.group(1), []))
            continue
        field = _FIELD_LINE.match(line)
        if field and field.group(1) in names and out and field.group(1) not in placed:
            out[-1][1].append(field.group(1))
            placed.add(field.group(1))
    rest = [n for n in names if n not in placed]
    if rest:
        out.append((_OTHER, rest))
    return [(title, fields) for title, fields in out if fields]


# -- formatting one value ------------------------------------------------------------------


def _span(counts: Sequence[int]) -> str:
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"


def by_count(config: RuleConfig, values: PlayerTable) -> str:
    """A per-player-count number over the counts the rules allow: ``13 (2), 7 (3–8)``."""
    runs: list[tuple[int, list[int]]] = []
    for n in config.player_counts:
        if runs and runs[-1][0] == values[n]:
            runs[-1][1].append(n)
        else:
            runs.append((values[n], [n]))
    if len(runs) == 1:
        return str(runs[0][0])
    return ", ".join(f"{value} ({_span(counts)})" for value, counts in runs)


def card_values(config: RuleConfig, values: CardValues) -> str:
    """Card values in short: ``A 15 (low 1), 2–9 face, 10–K 10`` (jokers if the game has any)."""
    ace = f"A {values.ace}"
    extra = []
    if values.low_ace != values.ace and config.aces is not Aces.HIGH_ONLY:
        extra.append(f"low {values.low_ace}")
    if values.high_ace != values.ace:
        extra.append(f"high {values.high_ace}")
    if extra:
        ace += f" ({', '.join(extra)})"
    pips = values.by_rank[2:10]
    if pips == tuple(range(2, 10)):
        low = "2–9 face"
    elif len(set(pips)) == 1:
        low = f"2–9 {pips[0]}"
    else:
        low = "2–9 " + "/".join(map(str, pips))
    tens = values.by_rank[10:14]
    high = f"10–K {tens[0]}" if len(set(tens)) == 1 else "10/J/Q/K " + "/".join(map(str, tens))
    parts = [ace, low, high]
    if config.jokers_per_deck:
        parts.append(f"JK {values.joker}")
    return ", ".join(parts)


def plain(value: object) -> str:
    """Any other value: enums by value, yes/no, — for none; ``str`` as the fallback."""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    return str(value)


def cell(config: RuleConfig, name: str) -> str:
    """How one preset's value of field ``name`` reads in the table."""
    value = getattr(config, name)
    if isinstance(value, PlayerTable):
        text = by_count(config, value)
    elif isinstance(value, CardValues):
        text = card_values(config, value)
    else:
        text = plain(value)
    return text.replace("|", "\\|")


def _differs(config: RuleConfig, base: RuleConfig, name: str) -> bool:
    """Whether ``config`` plays field ``name`` differently from the standard rules."""
    value, standard = getattr(config, name), getattr(base, name)
    if isinstance(value, PlayerTable) and isinstance(standard, PlayerTable):
        # Only the player counts this preset allows matter.
        return any(value[n] != standard[n] for n in config.player_counts)
    if isinstance(value, CardValues) and config.jokers_per_deck == 0:
        # The joker's value does not matter in a game without jokers.
        return bool(attrs.evolve(value, joker=0) != attrs.evolve(standard, joker=0))
    return bool(value != standard)


# -- the table -----------------------------------------------------------------------------


def table(presets: Mapping[str, Preset] | None = None) -> str:
    """The Markdown table of every preset (a column each) by rule choice (a row each)."""
    chosen = PRESETS if presets is None else presets
    configs = {name: record.config for name, record in chosen.items()}
    base = RuleConfig()
    head = "| rule | " + " | ".join(f"[`{name}`](#{name})" for name in configs) + " |"
    rule = "|---|" + "---|" * len(configs)
    lines = [head, rule]
    for title, fields in groups():
        lines.append(f"| **{title[:1].upper()}{title[1:]}** |" + " |" * len(configs))
        for name in fields:
            cells = []
            for config in configs.values():
                text = cell(config, name)
                cells.append(f"**{text}**" if _differs(config, base, name) else text)
            lines.append(f"| [`{name}`](#{name}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


#: How many presets the full table sets side by side: more would not fit a page's width.
PRESETS_PER_TABLE = 3


def differences(presets: Mapping[str, Preset] | None = None) -> str:
    """The Markdown table of every field (a row each): its standard value, and the presets that
    play it differently, grouped by the value they give it."""
    chosen = PRESETS if presets is None else presets
    base = RuleConfig()
    lines = ["| rule | standard | other presets |", "|---|---|---|"]
    for title, fields in groups():
        lines.append(f"| **{title[:1].upper()}{title[1:]}** | | |")
        for name in fields:
            by_value: dict[str, list[str]] = {}
            for preset, record in chosen.items():
                if _differs(record.config, base, name):
                    text = cell(record.config, name)
                    by_value.setdefault(text, []).append(f"[`{preset}`](#{preset})")
            others = "<br>".join(
                f"**{text}**: {', '.join(names)}" for text, names in by_value.items()
            )
            others = others or "*all the same*"
            lines.append(f"| [`{name}`](#{name}) | {cell(base, name)} | {others} |")
    return "\n".join(lines)


def full_tables(presets: Mapping[str, Preset] | None = None) -> str:
    """:func:`table` for a few presets at a time, in a block the reader opens on demand."""
    chosen = list((PRESETS if presets is None else presets).items())
    parts = [
        table(dict(chosen[start : start + PRESETS_PER_TABLE]))
        for start in range(0, len(chosen), PRESETS_PER_TABLE)
    ]
    return (
        '<details markdown="1">\n<summary>Every preset\'s value of every field</summary>\n\n'
        + "\n\n".join(parts)
        + "\n\n</details>"
    )


def comparison() -> str:
    """What goes between the table markers: the differences, then the full tables."""
    return differences() + "\n\n" + full_tables()


# -- the list of presets and their notes ---------------------------------------------------


def _text(value: str) -> str:
    """One line of text for a table cell."""
    return value.replace("|", "\\|")


def preset_list(presets: Mapping[str, Preset] | None = None) -> str:
    """The Markdown table of every preset (a row each): summary, source and aliases."""
    chosen = PRESETS if presets is None else presets
    lines = ["| preset | in short | source | aliases |", "|---|---|---|---|"]
    for name, record in chosen.items():
        aliases = ", ".join(f"`{alias}`" for alias in record.aliases) or "—"
        lines.append(
            f"| [`{name}`](#{name}) | {_text(record.summary)} | {_text(record.source)} "
            f"| {aliases} |"
        )
    return "\n".join(lines)


# A word that, at the start of a line, Markdown could read as a list, a quote, a heading or a rule.
_BLOCK_START = re.compile(r"\d+[.)]|[-+*>#]+|=+")


def _wrap(paragraph: str, width: int = 100) -> str:
    """``paragraph`` wrapped at ``width``, never with a line that starts a Markdown block.

    Where the next line would start with such a word, the words before it go down with it; a
    line is longer than ``width`` only where there is no other way.
    """
    lines: list[str] = []
    words: list[str] = []
    for word in paragraph.split():
        if not words or len(" ".join([*words, word])) <= width:
            words.append(word)
            continue
        carried = [word]
        while _BLOCK_START.fullmatch(carried[0]) and len(words) > 1:
            carried.insert(0, words.pop())
        if _BLOCK_START.fullmatch(carried[0]):
            words.extend(carried)
        else:
            lines.append(" ".join(words))
            words = carried
    lines.append(" ".join(words))
    return "\n".join(lines)


def notes(presets: Mapping[str, Preset] | None = None) -> str:
    """A section per preset: its source, then its notes, paragraph by paragraph."""
    chosen = PRESETS if presets is None else presets
    sections = []
    for name, record in chosen.items():
        parts = [f"### `{name}`", _wrap(f"*Source:* {record.source}.")]
        parts.extend(_wrap(paragraph) for paragraph in record.notes.split("\n\n"))
        sections.append("\n\n".join(parts))
    return "\n\n".join(sections)


# -- the page ------------------------------------------------------------------------------

#: Each generated part of the page: its markers and what goes between them.
REGIONS: dict[str, tuple[str, str, Callable[[], str]]] = {
    "list": ("<!-- BEGIN PRESET LIST -->", "<!-- END PRESET LIST -->", preset_list),
    "table": (BEGIN, END, comparison),
    "notes": ("<!-- BEGIN PRESET NOTES -->", "<!-- END PRESET NOTES -->", notes),
}


def render(region: str = "table") -> str:
    """The text that goes between the markers of ``region`` (a key of :data:`REGIONS`)."""
    make = REGIONS[region][2]
    return (
        "<!-- Generated by scripts/gen_variants.py from rummy500.presets; do not edit. -->\n\n"
        + make()
        + "\n"
    )


def update(text: str) -> str:
    """``text`` with the part between each pair of markers replaced by a fresh copy."""
    for region, (begin, end, _) in REGIONS.items():
        start = text.find(begin)
        stop = text.find(end)
        if start < 0 or stop < start:
            raise ValueError(f"the page must hold {begin} followed by {end}")
        text = text[: start + len(begin)] + "\n" + render(region) + text[stop:]
    return text


def check(path: Path = DOC) -> str | None:
    """``None`` when the table in ``path`` is up to date, else a message saying what to do."""
    return generated_page.check(path, update, "gen_variants.py")


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the page, or with ``--check`` report whether it is stale (exit status 1)."""
    description = __doc__.splitlines()[0] if __doc__ else None
    return generated_page.main(
        argv, doc=DOC, update=update, script="gen_variants.py", description=description
    )


if __name__ == "__main__":
    raise SystemExit(main())

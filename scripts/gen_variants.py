"""Write the table of presets by rule choice into docs/variants.md.

The table has one row per field of :class:`rummy500.rules.RuleConfig`, grouped as the class
groups them, and one column per preset of :data:`rummy500.presets.PRESETS`. Rows and columns
are read from the code, so a new field or preset appears on the next run. The table goes
between the markers ``<!-- BEGIN PRESET TABLE -->`` and ``<!-- END PRESET TABLE -->``; the rest
of the page is left as it is.

Usage::

    python scripts/gen_variants.py           # rewrite docs/variants.md
    python scripts/gen_variants.py --check   # exit 1 if docs/variants.md is out of date
"""

from __future__ import annotations

import argparse
import inspect
import re
import sys
from collections.abc import Mapping, Sequence
from enum import Enum
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
# Document the code of this checkout, even where another copy of the package is installed.
sys.path.insert(0, str(ROOT / "src"))

from rummy500.presets import PRESETS, Preset  # noqa: E402
from rummy500.rules import AceRule, CardValues, PlayerTable, RuleConfig  # noqa: E402

__all__ = ["BEGIN", "DOC", "END", "check", "main", "render", "table", "update"]

DOC = ROOT / "docs" / "variants.md"
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
    if values.low_ace != values.ace and config.aces is not AceRule.HIGH_ONLY:
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
        return attrs.evolve(value, joker=0) != attrs.evolve(standard, joker=0)
    return bool(value != standard)


# -- the table -----------------------------------------------------------------------------


def table(presets: Mapping[str, Preset] | None = None) -> str:
    """The Markdown table of every preset (a column each) by rule choice (a row each)."""
    chosen = PRESETS if presets is None else presets
    configs = {name: record.config for name, record in chosen.items()}
    base = RuleConfig()
    head = "| rule | " + " | ".join(f"`{name}`" for name in configs) + " |"
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


def render() -> str:
    """The text that goes between the markers."""
    return (
        "<!-- Generated by scripts/gen_variants.py from rummy500.presets; do not edit. -->\n\n"
        + table()
        + "\n"
    )


def update(text: str) -> str:
    """``text`` with the part between the markers replaced by a fresh table."""
    start = text.find(BEGIN)
    end = text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the page must hold {BEGIN} followed by {END}")
    return text[: start + len(BEGIN)] + "\n" + render() + text[end:]


def check(path: Path = DOC) -> str | None:
    """``None`` when the table in ``path`` is up to date, else a message saying what to do."""
    try:
        text = path.read_text(encoding="utf-8")
        fresh = update(text)
    except (OSError, ValueError) as error:
        return f"{path}: {error}"
    if fresh != text:
        return f"{path} is out of date: run `python scripts/gen_variants.py` to rewrite it"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the page, or with ``--check`` report whether it is stale (exit status 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    parser.add_argument("--path", type=Path, default=DOC, help="the page (docs/variants.md)")
    args = parser.parse_args(argv)
    if args.check:
        problem = check(args.path)
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
        print(f"{args.path} is up to date")
        return 0
    text = args.path.read_text(encoding="utf-8")
    fresh = update(text)
    if fresh != text:
        args.path.write_text(fresh, encoding="utf-8")
        print(f"wrote {args.path}")
    else:
        print(f"{args.path} already up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``rummy500 presets``: the named rule sets, listed with their sources and aliases."""

from __future__ import annotations

from rummy500 import presets


def presets_command() -> int:
    """Print the named rule sets; the exit status."""
    width = max(len(name) for name in presets.names())
    indent = " " * (width + 2)
    for name, record in presets.PRESETS.items():
        print(f"{name:<{width}}  {record.summary}")
        print(f"{indent}Source: {record.source}")
        if record.aliases:
            print(f"{indent}Aliases: {', '.join(record.aliases)}")
    print()
    print("Names and aliases are case-insensitive and ignore spaces, dashes, dots and underscores.")
    return 0

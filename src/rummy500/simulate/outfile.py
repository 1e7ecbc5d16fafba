"""The output file of a run: its name checked, each game written to it as it finishes, the
file of an earlier run read back and carried on with, and the whole put in game order once
every game is in."""

from __future__ import annotations

import bisect
import contextlib
import heapq
import itertools
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, Final, TextIO, TypeVar

from rummy500.core.errors import describe_value, quote_text
from rummy500.simulate.games import GameOutcome, Simulation, SimulationError, play_one
from rummy500.simulate.lines import (
    _NOT_JSON,
    _game_number,
    _header,
    _line,
    _LineError,
    _outcome_of,
    _parse,
)

_T = TypeVar("_T")

#: How many games of a file carried on with are played again to check that they are the
#: games their seeds give: the last one and others spread evenly over the file. (A few, to
#: find a file of another version of rummy500 at little cost: not enough to find one line
#: edited on purpose.)
REPLAYED: Final = 4


def _file_error(doing: str, path: Path, error: OSError) -> SimulationError:
    return SimulationError(f"cannot {doing} {path}: {error.strerror or error}")


#: The longest output file name taken (a path on Linux is 4096 bytes at most).
_LONGEST_NAME: Final = 4096
#: What a path that is not a regular file is, for the message that refuses it.
_KINDS: Final = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
)


def _output_path(output: str | os.PathLike[str] | None) -> Path | None:
    """The output file, checked to be somewhere a file can be written. A path that is there
    already must be a regular file: a device or a named pipe would be read without end (or
    wait for a writer forever) when the run looks for games to carry on with."""
    if output is None:
        return None
    try:
        name = os.fspath(output)
    except TypeError:
        name = None
    if not isinstance(name, str):
        raise SimulationError(
            f"output is the name of a file (a str or a path), not {describe_value(output)}"
        )
    if not name:
        raise SimulationError("the output file's name is empty")
    if len(name) > _LONGEST_NAME or "\0" in name:
        what = "has a NUL character" if "\0" in name else f"is {len(name)} characters long"
        raise SimulationError(f"the output file's name {what}: {quote_text(name)}")
    path = Path(name)
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None
    except OSError as error:
        raise _file_error("write", path, error) from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = next((kind for test, kind in _KINDS if test(mode)), "not a regular file")
        raise SimulationError(f"{path} is {kind}: give the name of a file for the output")
    if not path.parent.is_dir():
        raise SimulationError(f"cannot write {path}: there is no folder {path.parent}")
    return path


def _new_file_beside(path: Path) -> tuple[int, Path]:
    """A new empty file in ``path``'s folder, open for writing: never a file that was there
    (a named pipe would block the run), and with the permissions any new file gets (a
    temporary file module's would be private to its owner once it replaces ``path``)."""
    for attempt in range(100):
        temporary = path.with_name(f"{path.name}.{os.getpid()}-{attempt}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue
        except OSError as error:
            raise _file_error("write", path, error) from None
    raise SimulationError(f"cannot write {path}: too many temporary files are beside it")


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[TextIO]:
    """A new file to write in the place of ``path``: it takes ``path``'s place when the block
    ends, and is removed if the block fails (``path`` is then left as it was)."""
    handle, temporary = _new_file_beside(path)
    try:
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as sink:
                yield sink
            temporary.replace(path)
        except OSError as error:
            raise _file_error("write", path, error) from None
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


class _Sink:
    """The output file of a run, open for its new games: a new file starts with the header
    line; a file carried on with holds its checked games, and the new ones follow them."""

    def __init__(self, path: Path, header: str, *, fresh: bool) -> None:
        self.path = path
        self.header = header
        self.failed = False
        try:
            self.file = path.open("w" if fresh else "a", encoding="utf-8")
        except OSError as error:
            raise _file_error("write", path, error) from None
        if fresh:
            try:
                self.put(header + "\n")
            except SimulationError:
                self.close()
                raise

    def write(self, outcomes: Sequence[GameOutcome]) -> None:
        """Write ``outcomes`` and flush them to the file, whole lines only."""
        if outcomes:
            self.put("".join(_line(self.header, outcome) for outcome in outcomes))

    def put(self, text: str) -> None:
        """Write ``text`` and flush it to the file."""
        try:
            self.file.write(text)
            self.file.flush()
        except OSError as error:
            self.failed = True
            raise _file_error("write", self.path, error) from None

    def close(self) -> None:
        """Close the file. After a failed write, what could not be written is let go: the
        failure was reported, and closing would only fail the same way."""
        try:
            self.file.close()
        except OSError as error:
            if not self.failed:
                raise _file_error("write", self.path, error) from None


class _Spans:
    """A set of game numbers, as sorted spans of numbers in a row (``lows[k]`` to
    ``highs[k] - 1``): the games of an output file take a few spans however many they are, as
    a run hands its games out in order."""

    def __init__(self) -> None:
        self.lows: list[int] = []
        self.highs: list[int] = []
        self.count = 0

    def add(self, game: int) -> bool:
        """Put ``game`` in the set; ``False`` if it was in already."""
        lows, highs = self.lows, self.highs
        k = bisect.bisect_right(lows, game)
        if k and game < highs[k - 1]:
            return False
        joins_next = k < len(lows) and lows[k] == game + 1
        if k and highs[k - 1] == game:
            if joins_next:
                highs[k - 1] = highs.pop(k)
                del lows[k]
            else:
                highs[k - 1] = game + 1
        elif joins_next:
            lows[k] = game
        else:
            lows.insert(k, game)
            highs.insert(k, game + 1)
        self.count += 1
        return True

    def missing(self, games: int) -> Iterator[int]:
        """The numbers from 0 to ``games - 1`` that are not in the set, in order, each made
        only when it is asked for."""
        start = 0
        for low, high in zip(self.lows, self.highs, strict=True):
            yield from range(start, low)
            start = high
        yield from range(start, games)


def _count_lines(source: BinaryIO, path: Path) -> int:
    """The whole lines of ``source`` (those that end with a newline), read to its end."""
    count = 0
    try:
        while chunk := source.read(1 << 20):
            count += chunk.count(b"\n")
    except OSError as error:
        raise _file_error("read", path, error) from None
    return count


def _lines(source: BinaryIO, path: Path, count: int) -> Iterator[tuple[int, str]]:
    """The next ``count`` lines of ``source`` as text without their newlines, numbered from
    1, or :class:`SimulationError` for one that is not UTF-8 text."""
    for number in range(1, count + 1):
        try:
            raw = source.readline()
        except OSError as error:
            raise _file_error("read", path, error) from None
        try:
            text = raw.removesuffix(b"\n").decode("utf-8")
        except UnicodeDecodeError:
            raise SimulationError(f"{path}, line {number}: not UTF-8 text") from None
        yield number, text


def _carry_on(
    path: Path, simulation: Simulation, header: str, take: Callable[[GameOutcome], None]
) -> _Spans | None:
    """The games in the output file of an earlier run of ``simulation``, each given to
    ``take``; ``None`` where there is no file to carry on with (none, or an empty one).

    Every line is checked and a sample of the games played again; then the file is written
    again with those games alone, each line as it would be written now (a last line cut short
    by a stop is left out: the game is played again)."""
    try:
        source = path.open("rb")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _file_error("read", path, error) from None
    with source:
        count = _count_lines(source, path)
        if not source.tell():
            return None
        source.seek(0)
        lines = _lines(source, path, count)
        first = next(lines, None)
        if first is None or _parse(first[1]) != _header(simulation):
            raise SimulationError(
                f"{path} holds the games of another simulation (or is not a simulation's "
                "output): give another output file, or the same parameters to carry on with it"
            )
        picks = _replay_picks(count - 1)
        sample: list[tuple[int, GameOutcome]] = []
        spans = _Spans()
        with _replacing(path) as copy:
            copy.write(header + "\n")
            for number, text in lines:
                data = _parse(text)
                if data is _NOT_JSON:
                    raise SimulationError(f"{path}, line {number}: not a game's outcome")
                try:
                    outcome = _outcome_of(data, simulation, header)
                except _LineError as refused:
                    raise SimulationError(f"{path}, line {number}: {refused}") from None
                if not spans.add(outcome.index):
                    source.seek(0)
                    # The lines before this one were read as games already.
                    earlier = next(
                        n
                        for n, line in _lines(source, path, number)
                        if n > 1 and json.loads(line)["game"] == outcome.index
                    )
                    raise SimulationError(
                        f"{path}, line {number}: game {outcome.index} is on line {earlier} already"
                    )
                if number - 2 in picks:
                    sample.append((number, outcome))
                take(outcome)
                copy.write(_line(header, outcome))
            _replay_sample(path, simulation, sample)
    return spans


def _replay_picks(games: int) -> set[int]:
    """Which of the ``games`` lines of a file are played again, counted from 0: the last one
    and others spread evenly over the file, :data:`REPLAYED` in all (fewer in a short file)."""
    if not games:
        return set()
    last = games - 1
    return {last} | {k * last // (REPLAYED - 1) for k in range(REPLAYED - 1)}


def _replay_sample(
    path: Path, simulation: Simulation, sample: Sequence[tuple[int, GameOutcome]]
) -> None:
    """Play again the games of ``sample`` (line numbers and games), to be sure the file holds
    the games their seeds give (and not those of another version of the rules)."""
    for number, outcome in sample:
        if play_one(simulation, outcome.index) != outcome:
            raise SimulationError(
                f"{path}, line {number}: game {outcome.index} is not the game its seed gives "
                "with these rules and bots (a file of another version of rummy500?)"
            )


#: The lines of an output file put in game order in memory at once (each about a kilobyte):
#: a longer file is put in order a part at a time, and the parts merged.
_LINES_IN_MEMORY: Final = 10_000
#: The most parts merged at once (each an open file).
_PARTS_MERGED: Final = 64


def _put_in_order(path: Path, header: str) -> None:
    """Write the output file again with its games in game order, holding no more than
    :data:`_LINES_IN_MEMORY` of its lines in memory."""
    try:
        with path.open(encoding="utf-8") as source:
            source.readline()  # the header, written again as it is
            parts = (
                sorted(part, key=_game_number) for part in _in_chunks(source, _LINES_IN_MEMORY)
            )
            first = next(parts, [])
            if len(first) < _LINES_IN_MEMORY:
                with _replacing(path) as sink:
                    sink.write(header + "\n")
                    sink.writelines(first)
            else:
                _merge_in_order(path, header, itertools.chain([first], parts))
    except OSError as error:
        raise _file_error("read", path, error) from None


def _merge_in_order(path: Path, header: str, parts: Iterable[list[str]]) -> None:
    """Write the output file again from ``parts`` (each in game order): each part is put in a
    file of its own in a temporary folder beside it, and the files are merged, at most
    :data:`_PARTS_MERGED` at a time as they come (so that the files waiting to be merged stay
    few), then all together."""
    # Imported here: only a run of many games uses it, and it costs start-up time.
    import tempfile

    names = itertools.count()
    try:
        with tempfile.TemporaryDirectory(
            prefix=f".{path.name}.", dir=path.parent, ignore_cleanup_errors=True
        ) as folder:

            def stored(lines: Iterable[str]) -> Path:
                part = Path(folder, str(next(names)))
                with part.open("w", encoding="utf-8") as sink:
                    sink.writelines(lines)
                return part

            def merged(group: list[Path]) -> Iterator[str]:
                with contextlib.ExitStack() as files:
                    sources = [files.enter_context(p.open(encoding="utf-8")) for p in group]
                    yield from heapq.merge(*sources, key=_game_number)
                for part in group:
                    part.unlink()

            # levels[k] holds parts made of _PARTS_MERGED ** k parts as they were read.
            levels: list[list[Path]] = []
            for lines in parts:
                part = stored(lines)
                for level in itertools.count():
                    if level == len(levels):
                        levels.append([])
                    levels[level].append(part)
                    if len(levels[level]) < _PARTS_MERGED:
                        break
                    part, levels[level] = stored(merged(levels[level])), []
            waiting = [part for level in levels for part in level]
            while len(waiting) > _PARTS_MERGED:
                waiting = [
                    stored(merged(waiting[k : k + _PARTS_MERGED]))
                    for k in range(0, len(waiting), _PARTS_MERGED)
                ]
            with _replacing(path) as sink:
                sink.write(header + "\n")
                sink.writelines(merged(waiting))
    except OSError as error:
        raise _file_error("write", path, error) from None


def _in_chunks(items: Iterator[_T], size: int) -> Iterator[list[_T]]:
    """``items`` in lists of ``size`` (the last one shorter), taken as they are asked for."""
    while chunk := list(itertools.islice(items, size)):
        yield chunk

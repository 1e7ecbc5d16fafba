"""The output file of a simulation: what is refused before a game is played, a write that fails
part way, and the file put in game order however long it is."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from rummy500 import RuleConfig
from rummy500.cli import main
from rummy500.simulate import Plan, Simulation, SimulationError, outfile, simulate

if sys.platform != "emscripten":
    # Pyodide has no resource module: the tests that limit a process's files skip there.
    import resource

#: Short games: two hands each.
SHORT = attrs.evolve(RuleConfig(), hands_per_game=2)
SRC = str(Path(__file__).resolve().parent.parent / "src")


def short(games: int = 6) -> Simulation:
    return Simulation.of(SHORT, 3, ["greedy", "random"], games)


def named_pipe(folder: Path) -> Path:
    path = folder / "pipe"
    os.mkfifo(path)
    return path


def a_socket(folder: Path) -> Path:
    path = folder / "socket"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays
    return path


def device_link(folder: Path) -> Path:
    path = folder / "full.jsonl"
    path.symlink_to("/dev/full")
    return path


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda folder: Path("/dev/full"), "a character device"),
        (device_link, "a character device"),
        (named_pipe, "a named pipe"),
        (a_socket, "a socket"),
        (lambda folder: folder, "a folder"),
    ],
)
def test_an_output_that_is_not_a_regular_file_is_refused_before_a_game_is_played(
    make: Callable[[Path], Path],
    kind: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    output = make(tmp_path)
    message = f"{output} is {kind}: give the name of a file for the output"
    told: list[object] = []
    with pytest.raises(SimulationError) as caught:
        simulate(short(), workers=1, output=output, progress=told.append, announce=told.append)
    assert str(caught.value) == message
    assert told == []
    # Not --quiet: the line saying how the games are played would come before any game.
    argv = ["simulate", "--preset", "wikipedia", "--players", "2", "--games", "2"]
    assert main([*argv, "--workers", "1", "--output", str(output)]) == 2
    assert capsys.readouterr() == ("", f"rummy500 simulate: {message}\n")


def test_an_output_name_that_no_file_can_have_is_refused() -> None:
    with pytest.raises(SimulationError) as caught:
        simulate(short(), output="games\0.jsonl")
    assert str(caught.value) == "the output file's name has a NUL character: 'games\\x00.jsonl'"
    with pytest.raises(SimulationError) as caught:
        simulate(short(), output="x" * 10**6)
    assert str(caught.value) == (
        f"the output file's name is 1000000 characters long: {'x' * 40!r}…"
    )


#: Runs a short simulation in a process whose files may not grow past ``limit`` bytes (the
#: write past it fails with EFBIG, as a full disk fails one with ENOSPC): the command, or the
#: library function, whose error is printed.
_LIBRARY = """
import sys
import attrs
from rummy500 import RuleConfig
from rummy500.simulate import Simulation, SimulationError, simulate
simulation = Simulation.of(attrs.evolve(RuleConfig(), hands_per_game=2), 3, ["greedy", "random"], 6)
try:
    simulate(simulation, workers=int(sys.argv[2]), output=sys.argv[1])
except SimulationError as error:
    print(error)
"""


def run_with_a_file_size_limit(*argv: str, limit: int, path: str = SRC) -> tuple[int, str, str]:
    """The exit status, stdout and stderr (every character as written: a carriage return
    stays one) of Python run with ``argv``."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a failed write, not a killed process
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    done = subprocess.run(
        [sys.executable, *argv],
        env={**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        timeout=120,
        preexec_fn=limited,
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.fixture(scope="module")
def whole_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    out = tmp_path_factory.mktemp("whole") / "games.jsonl"
    simulate(short(), workers=1, output=out)
    return out.read_bytes()


@pytest.mark.processes
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_write_that_fails_part_way_ends_the_run_in_one_line(
    workers: str, tmp_path: Path, whole_file: bytes
) -> None:
    out = tmp_path / "games.jsonl"
    # Room for the header and a game or two of the six.
    limit = len(whole_file.splitlines(keepends=True)[0]) + 1500
    argv = ["simulate", "--preset", "wikipedia", "--players", "2", "--games", "6", "--quiet"]
    command = run_with_a_file_size_limit(
        "-m", "rummy500", *argv, "--workers", workers, "--output", str(out), limit=limit
    )
    assert command == (2, "", f"rummy500 simulate: cannot write {out}: File too large\n")
    out.unlink()
    library = run_with_a_file_size_limit("-c", _LIBRARY, str(out), workers, limit=limit)
    assert library == (0, f"cannot write {out}: File too large\n", "")
    # What was written is carried on with: the games that made it, a line cut short played
    # again.
    written = out.read_bytes()
    assert 2 <= written.count(b"\n") < 7
    assert written.startswith(whole_file.splitlines(keepends=True)[0])
    simulate(short(), workers=1, output=out)
    assert out.read_bytes() == whole_file


@pytest.mark.processes
@pytest.mark.parametrize("tqdm", [False, True])
def test_a_write_that_fails_part_way_is_told_on_a_line_of_its_own_after_the_progress(
    tqdm: bool, tmp_path: Path
) -> None:
    if tqdm:
        pytest.importorskip("tqdm")
    else:
        # Where tqdm is installed, a module of that name that cannot be imported hides it.
        (tmp_path / "tqdm.py").write_text("raise ImportError('no tqdm here')\n")
    out = tmp_path / "games.jsonl"
    argv = ["simulate", "--preset", "wikipedia", "--players", "2", "--games", "6"]
    command = run_with_a_file_size_limit(
        "-m",
        "rummy500",
        *argv,
        "--workers",
        "1",
        "--output",
        str(out),
        limit=3000,
        path=SRC if tqdm else os.pathsep.join([str(tmp_path), SRC]),
    )
    code, printed, told = command
    assert (code, printed) == (2, "")
    plan = "rummy500 simulate: playing 6 games in this process\n"
    error = f"rummy500 simulate: cannot write {out}: File too large\n"
    assert told.startswith(plan)
    assert told.endswith(f"\n{error}")
    report = told[len(plan) : -len(error)]
    if tqdm:
        assert "0/6" in report
        assert "Traceback" not in report
    else:
        assert re.fullmatch(r"(\r\d/6 games[^\r\n]*)+\n", report)


def test_a_long_file_is_put_in_order_a_part_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = 9
    whole, out = tmp_path / "whole.jsonl", tmp_path / "games.jsonl"
    simulate(short(games), workers=1, output=whole)
    header, *lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    random.Random(5).shuffle(lines)
    # Parts of two lines, merged two at a time: parts merged into parts of parts, and the
    # last few merged in more than one round.
    monkeypatch.setattr(outfile, "_LINES_IN_MEMORY", 2)
    monkeypatch.setattr(outfile, "_PARTS_MERGED", 2)
    for kept in (lines, lines[2:]):
        out.write_text(header + "".join(kept), encoding="utf-8")
        plans: list[Plan] = []
        simulate(short(games), workers=1, output=out, announce=plans.append)
        assert plans[0].games == games - len(kept)
        assert out.read_bytes() == whole.read_bytes()
        assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl", "whole.jsonl"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (os.mkfifo)")
def test_a_file_written_again_is_made_as_any_new_file_and_beside_what_is_there(
    tmp_path: Path, whole_file: bytes
) -> None:
    out = tmp_path / "games.jsonl"
    # A named pipe where a first temporary file might go is left alone, not opened.
    pipe = tmp_path / f"games.jsonl.{os.getpid()}-0.tmp"
    os.mkfifo(pipe)
    out.write_bytes(b"".join(whole_file.splitlines(keepends=True)[:3]))
    simulate(short(), workers=1, output=out)
    assert out.read_bytes() == whole_file
    probe = tmp_path / "probe"
    probe.write_text("", encoding="utf-8")
    assert out.stat().st_mode == probe.stat().st_mode
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name, pipe.name, "probe"]


def test_the_header_and_the_lines_of_a_file_carried_on_with_are_written_again_as_new(
    tmp_path: Path, whole_file: bytes
) -> None:
    # The same data written in other JSON (spaces, fields in another order) is the same file.
    out = tmp_path / "games.jsonl"
    header, *lines = whole_file.decode().splitlines()
    respaced = [json.dumps(json.loads(header), indent=None, separators=(" ,", " : "))]
    respaced += [json.dumps(dict(reversed(json.loads(line).items()))) for line in lines[:4]]
    out.write_text("\n".join([*respaced, respaced[1]]) + "\n", encoding="utf-8")
    with pytest.raises(SimulationError) as caught:
        simulate(short(), workers=1, output=out)
    assert str(caught.value) == f"{out}, line 6: game 0 is on line 2 already"
    out.write_text("\n".join(respaced) + "\n", encoding="utf-8")
    simulate(short(), workers=1, output=out)
    assert out.read_bytes() == whole_file

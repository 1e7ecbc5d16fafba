"""The browser bundle's pins and the tools around it: the wheels pinned with their hashes, the
Pyodide npm package pinned exactly, the wheels repacked with their bytecode, the counts of the
tests under Pyodide, the files their processes share, and the comparison of the self-test page's
games with CPython's."""

from __future__ import annotations

import json
import tomllib
import zipfile
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from helpers_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
# Loaded first: the other scripts import it by name.
web_bundle = load_script("web_bundle")
pyodide_tests = load_script("pyodide_tests")
pyodide_sharing = load_script("pyodide_sharing")
check_web = load_script("check_web")

HASH = "0123456789abcdef" * 4


def test_every_dependency_of_the_package_is_pinned_for_the_browser_within_its_range() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = {
        canonicalize_name(pin.name): pin
        for pin in web_bundle.read_pins(web_bundle.BROWSER_REQUIREMENTS)
    }
    # cattrs needs typing-extensions.
    assert sorted(pins) == ["attrs", "cattrs", "typing-extensions"]
    for line in project["dependencies"]:
        requirement = Requirement(line)
        pin = pins[canonicalize_name(requirement.name)]
        assert requirement.specifier.contains(pin.version), (line, pin.version)
    assert all(len(pin.hashes) == 1 for pin in pins.values())


def test_the_tests_under_pyodide_get_pytest_hypothesis_and_what_they_need() -> None:
    pins = web_bundle.read_pins(pyodide_tests.TEST_REQUIREMENTS)
    assert sorted(canonicalize_name(pin.name) for pin in pins) == [
        "execnet",
        "hypothesis",
        "iniconfig",
        "packaging",
        "pluggy",
        "pygments",
        "pytest",
        "pytest-xdist",
        "sortedcontainers",
    ]
    assert all(len(pin.hashes) == 1 for pin in pins)


def test_pins_are_read_across_continued_lines_and_past_comments(tmp_path: Path) -> None:
    path = tmp_path / "requirements.txt"
    path.write_text(
        f"# the wheels\nattrs==26.1.0 \\\n    --hash=sha256:{HASH}  # pure\n\n"
        f"Typing_Extensions==4.16.0 --hash=sha256:{HASH} --hash=sha256:{HASH[::-1]}\n",
        encoding="utf-8",
    )
    assert web_bundle.read_pins(path) == [
        web_bundle.Pin("attrs", "26.1.0", frozenset({HASH})),
        web_bundle.Pin("Typing_Extensions", "4.16.0", frozenset({HASH, HASH[::-1]})),
    ]


@pytest.mark.parametrize(
    "line", ["attrs>=26.1", "attrs==26.1.0", f"attrs --hash=sha256:{HASH}", "attrs==26.1.0 \\"]
)
def test_a_line_that_is_not_an_exact_pin_with_its_hash_is_refused(
    line: str, tmp_path: Path
) -> None:
    path = tmp_path / "requirements.txt"
    path.write_text(f"# the wheels\n{line}\n", encoding="utf-8")
    with pytest.raises(web_bundle.BundleError) as caught:
        web_bundle.read_pins(path)
    shown = line.removesuffix(" \\").strip()
    assert str(caught.value) == (
        "requirements.txt: line 2 is not an exact pin with its hashes "
        f"(name==version --hash=sha256:...): {shown!r}."
    )


def test_pyodide_is_pinned_to_one_version_in_package_json_and_its_lock() -> None:
    package = json.loads((ROOT / "web" / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "web" / "package-lock.json").read_text(encoding="utf-8"))
    assert package["dependencies"] == {"pyodide": "314.0.8"}
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.8"
    assert lock["packages"][""]["dependencies"] == {"pyodide": "314.0.8"}


@pytest.mark.parametrize(
    ("log", "counts"),
    [
        ("....\n3 passed in 1.20s\n", {"passed": 3}),
        (
            "s.F\n= 1 failed, 10 passed, 2 skipped, 1 xfailed, 3 errors in 5.10s (0:00:05) =\n",
            {"failed": 1, "passed": 10, "skipped": 2, "xfailed": 1, "errors": 3},
        ),
        ("E\n!!! Interrupted: 1 error during collection !!!\n1 error in 0.31s\n", {"errors": 1}),
    ],
)
def test_the_counts_of_a_run_are_read_from_pytests_closing_line(
    log: str, counts: dict[str, int]
) -> None:
    assert pyodide_tests._summary(log) == Counter(counts)


def test_a_run_that_did_not_get_to_the_end_has_no_counts() -> None:
    assert pyodide_tests._summary("....\nPyodide has suffered a fatal error.\n") is None


def test_a_module_skipped_whole_counts_once_however_many_processes_report_it() -> None:
    # Each process collects every file, so each reports a module skipped while collecting;
    # the tests of a file run in one process only.
    numpy = "SKIPPED [1] tests/test_infostate.py:16: could not import 'numpy'\n"
    first = f"s.\n{numpy}SKIPPED [2] tests/test_simulate.py:458: reads /proc\n3 passed in 1s\n"
    second = f"{numpy}SKIPPED [5] tests/test_simulate_output.py:57: needs /dev/full\n"
    assert pyodide_tests._skipped([first, second]) == 8
    assert pyodide_tests._skipped(["3 passed in 1s\n"]) is None


def items(*paths: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(path=Path(path), name=f"{path}:{n}") for n, path in enumerate(paths)]


def test_each_test_file_runs_in_the_first_process_to_claim_it(tmp_path: Path) -> None:
    first = pyodide_sharing.FileSharing(tmp_path)
    second = pyodide_sharing.FileSharing(tmp_path, reverse=True)
    a1, a2, b1 = items("tests/test_a.py", "tests/test_a.py", "tests/test_b.py")
    # None: run it; True: passed over, dealt with by the other process.
    assert [first.pytest_runtest_protocol(item) for item in (a1, a2)] == [None, None]
    assert [second.pytest_runtest_protocol(item) for item in (b1, a2, a1)] == [None, True, True]
    assert first.pytest_runtest_protocol(b1) is True
    assert len(list(tmp_path.iterdir())) == 2


def test_a_process_in_reverse_takes_the_files_from_the_last_with_each_files_tests_in_order(
    tmp_path: Path,
) -> None:
    collected = items("t/a.py", "t/a.py", "t/b.py", "t/c.py", "t/c.py", "t/c.py")
    forward = list(collected)
    pyodide_sharing.FileSharing(tmp_path).pytest_collection_modifyitems(forward)
    assert forward == collected
    backward = list(collected)
    pyodide_sharing.FileSharing(tmp_path, reverse=True).pytest_collection_modifyitems(backward)
    assert [item.name for item in backward] == [
        "t/c.py:3",
        "t/c.py:4",
        "t/c.py:5",
        "t/b.py:2",
        "t/a.py:0",
        "t/a.py:1",
    ]


def test_the_browsers_games_are_compared_with_cpythons_game_by_game() -> None:
    games = [
        {"seed": 1, "totals": [496, 253, 522], "winner": 2, "moves": 517},
        {"seed": 2, "totals": [513, 262, 350], "winner": 0, "moves": 482},
    ]
    assert check_web.compare(games, games) == []
    other = [games[0], {**games[1], "moves": 481}]
    assert check_web.compare(other, games) == [
        f"seed 2: the browser gave {other[1]}, CPython {games[1]}"
    ]
    assert check_web.compare(games[:1], games) == ["the browser played 1 games, CPython 2"]


def test_a_browser_check_prints_each_failure_or_what_it_checked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert check_web.verdict(["a", "b"], "all well") == 1
    assert capsys.readouterr().out == "FAILED: a\nFAILED: b\n"
    assert check_web.verdict([], "all well") == 0
    assert capsys.readouterr().out == "  all well\n"


def test_without_npm_the_bundle_says_what_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A web/ folder whose Pyodide is not installed yet, on a machine without npm.
    (tmp_path / "package-lock.json").write_bytes((ROOT / "web" / "package-lock.json").read_bytes())
    monkeypatch.setattr(web_bundle, "WEB", tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    with pytest.raises(web_bundle.BundleError) as caught:
        web_bundle.pyodide_runtime()
    assert str(caught.value) == (
        "npm was not found: the browser bundle installs Pyodide with `npm ci` in web/, which "
        "needs Node.js 18 or newer with npm (on Debian or Ubuntu: apt-get install nodejs npm)."
    )


def test_a_record_line_holds_the_files_urlsafe_sha256_without_padding_and_its_size() -> None:
    assert web_bundle.record_line("pkg/a.py", b"x = 1\n") == (
        "pkg/a.py,sha256=nia_NpkRxFwkPGhBR7I_yeHc_PJX0pmhxjIBam_NM_Q,6"
    )
    assert web_bundle.record_line("pkg/py.typed", b"") == (
        "pkg/py.typed,sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0"
    )


def test_a_record_lists_the_files_in_order_then_itself_without_a_hash() -> None:
    files = {"pkg/a.py": b"x = 1\n", "pkg/__pycache__/a.cpython-314.pyc": b"PYC-a"}
    assert web_bundle.wheel_record(files, "pkg-1.0.dist-info/RECORD") == (
        b"pkg/a.py,sha256=nia_NpkRxFwkPGhBR7I_yeHc_PJX0pmhxjIBam_NM_Q,6\n"
        b"pkg/__pycache__/a.cpython-314.pyc,sha256=eMJUsHTpVXYCfRzcwaEn8ZN0VJiG4jZetxRFnugj57s,5\n"
        b"pkg-1.0.dist-info/RECORD,,\n"
    )


def tiny_wheel(folder: Path) -> Path:
    """A pure wheel of two modules, as a build backend writes it."""
    wheel = folder / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("pkg/__init__.py", b"")
        archive.writestr("pkg/a.py", b"x = 1\n")
        archive.writestr("pkg-1.0.dist-info/METADATA", b"Name: pkg\n")
        archive.writestr("pkg-1.0.dist-info/RECORD", b"stale\n")
    return wheel


def compiled(folder: Path, **modules: bytes) -> Path:
    """A folder of .pyc files, as scripts/web_bytecode.mjs writes them."""
    for name, data in modules.items():
        path = folder / "pkg" / "__pycache__" / f"{name}.cpython-314.pyc"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return folder


def test_a_wheel_gets_its_bytecode_beside_its_sources_and_a_record_of_every_file(
    tmp_path: Path,
) -> None:
    bytecode = compiled(tmp_path / "bytecode", __init__=b"", a=b"PYC-a")
    out = web_bundle.add_bytecode(tiny_wheel(tmp_path), bytecode, tmp_path / "out" / "pkg.whl")
    with zipfile.ZipFile(out) as archive:
        files = {info.filename: archive.read(info) for info in archive.infolist()}
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    assert files == {
        "pkg/__init__.py": b"",
        "pkg/a.py": b"x = 1\n",
        "pkg-1.0.dist-info/METADATA": b"Name: pkg\n",
        "pkg/__pycache__/__init__.cpython-314.pyc": b"",
        "pkg/__pycache__/a.cpython-314.pyc": b"PYC-a",
        "pkg-1.0.dist-info/RECORD": (
            b"pkg/__init__.py,sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0\n"
            b"pkg/a.py,sha256=nia_NpkRxFwkPGhBR7I_yeHc_PJX0pmhxjIBam_NM_Q,6\n"
            b"pkg-1.0.dist-info/METADATA,sha256=fzrr8gQ293qMDbIOMlWE_mScuYsgWmgJOF2fayAVj7w,10\n"
            b"pkg/__pycache__/__init__.cpython-314.pyc,"
            b"sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0\n"
            b"pkg/__pycache__/a.cpython-314.pyc,"
            b"sha256=eMJUsHTpVXYCfRzcwaEn8ZN0VJiG4jZetxRFnugj57s,5\n"
            b"pkg-1.0.dist-info/RECORD,,\n"
        ),
    }


def test_bytecode_that_does_not_match_the_wheels_modules_is_refused(tmp_path: Path) -> None:
    bytecode = compiled(tmp_path / "bytecode", a=b"PYC-a", b=b"PYC-b")
    with pytest.raises(web_bundle.BundleError) as caught:
        web_bundle.add_bytecode(tiny_wheel(tmp_path), bytecode, tmp_path / "out.whl")
    assert str(caught.value) == (
        f"the bytecode under {bytecode} does not match the modules of pkg-1.0-py3-none-any.whl: "
        "no .pyc for ['pkg/__init__.py'], no module for ['pkg/b.py']."
    )


def test_a_wheel_compiled_before_for_the_same_pyodide_is_taken_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runtime = web_bundle.Runtime(tmp_path, "314.0.8", "3.14.2", "pyemscripten_2026_0_wasm32")
    wheel = tiny_wheel(tmp_path)
    kept = tmp_path / "pyodide-314.0.8" / wheel.name
    kept.parent.mkdir()
    kept.write_bytes(b"compiled before")

    def no_run(*args: object, **kwargs: object) -> str:
        raise AssertionError("Pyodide was run for a wheel compiled before.")

    monkeypatch.setattr(web_bundle, "_run", no_run)
    assert web_bundle.bytecode_wheel(wheel, runtime) == kept
    platform = tmp_path / "pkg-1.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
    with pytest.raises(web_bundle.BundleError) as caught:
        web_bundle.bytecode_wheel(platform, runtime)
    assert str(caught.value) == (
        "pkg-1.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl is not a pure wheel: only a pure "
        "wheel is compiled here."
    )

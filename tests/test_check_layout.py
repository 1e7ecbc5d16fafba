"""The parts of scripts/check_layout.py that need no browser: what counts as reStructuredText
left in a page, how findings are reported, and which pages a built site has."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers_scripts import load_script

check_layout = load_script("check_layout")


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Usage::", ["literal block marker '::'"]),
        ("Four functions cover every supported type:: ", ["literal block marker '::'"]),
        ("Use ``State.apply`` for that.", ["double backquotes"]),
        ("See :class:`rummy500.State`.", ["Sphinx role"]),
        ("See :func:new_game and :meth:State.apply.", ["Sphinx role"]),
        ("Returns ``x``::", ["literal block marker '::'", "double backquotes"]),
        ("A plain sentence: nothing left over.", []),
        ("std::vector is not at the end", []),
        ("a ratio of 3:2, and a time of 10:30", []),
        ("a C++ name ends in :::", []),
        ("one backquote ` alone", []),
    ],
)
def test_rst_problems_finds_each_kind_left_in_a_paragraph(text: str, kinds: list[str]) -> None:
    assert check_layout.rst_problems(text) == kinds


def test_a_finding_reads_as_one_line_with_its_widths_and_the_start_of_its_text() -> None:
    finding = check_layout.Finding(
        page="variants/", kind="table", text="rule " * 20, width=1752, room=720
    )
    assert finding.line() == "variants/: table 1752px in 720px: " + repr(("rule " * 12)[:60])
    docstring = check_layout.Finding(
        page="api/", kind="literal block marker '::'", text="Usage::", docstring=True
    )
    assert docstring.line() == "api/: docstring literal block marker '::': 'Usage::'"


def test_the_report_lists_the_findings_and_counts_them_by_page() -> None:
    findings = [
        check_layout.Finding(page="b/", kind="code block", text="x = 1", width=700, room=688),
        check_layout.Finding(page="a/", kind="table", text="t", width=900, room=720),
        check_layout.Finding(page="b/", kind="div", text="d", width=690, room=688),
    ]
    assert check_layout.report("does not fit", findings) == "\n".join(
        [
            "does not fit: 3",
            "  b/: code block 700px in 688px: 'x = 1'",
            "  a/: table 900px in 720px: 't'",
            "  b/: div 690px in 688px: 'd'",
            "  by page: a/ 1, b/ 2",
        ]
    )
    assert check_layout.report("does not fit", []) == "does not fit: none"


def test_the_pages_of_a_site_are_its_html_files_by_address(tmp_path: Path) -> None:
    for name in ["index.html", "api/index.html", "404.html", "assets/app.js"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("<html></html>", encoding="utf-8")
    assert check_layout.pages(tmp_path) == ["404.html", "api/", ""]


def test_a_folder_that_is_not_a_built_site_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        check_layout.main([str(tmp_path)])
    assert info.value.code == 2
    assert capsys.readouterr().err.endswith(
        f"error: {tmp_path} is not a built site: it has no index.html\n"
    )

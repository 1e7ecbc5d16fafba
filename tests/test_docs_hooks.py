"""The documentation build's hooks: the version in the header, and the source link and archive."""

from __future__ import annotations

import tarfile
from pathlib import Path
from types import SimpleNamespace

import pytest

import rummy500
from helpers_scripts import load_docs_hook

pytest.importorskip("mkdocs", reason="the docs extra (mkdocs) is not installed")

header_version = load_docs_hook("header_version")
source_archive = load_docs_hook("source_archive")


def test_the_header_shows_the_version_of_the_source_it_documents() -> None:
    config = SimpleNamespace(site_name="rummy500")
    header_version.on_config(config)
    header_version.on_config(config)
    assert config.site_name == f"rummy500 {rummy500.__version__}"


def test_without_a_repository_the_source_link_leads_to_the_source_page() -> None:
    config = SimpleNamespace(repo_url=None, repo_name=None)
    source_archive.on_config(config)
    assert (config.repo_url, config.repo_name) == ("source/", "Source code")


def test_a_repository_set_in_the_configuration_is_kept() -> None:
    config = SimpleNamespace(repo_url="https://example.org/rummy500", repo_name="rummy500")
    source_archive.on_config(config)
    assert (config.repo_url, config.repo_name) == ("https://example.org/rummy500", "rummy500")


def _page(src_uri: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri))


def test_the_source_page_names_the_archive_of_this_version() -> None:
    text = "get ARCHIVE_NAME, then cd ARCHIVE_STEM"
    name = f"rummy500-{rummy500.__version__}"
    assert source_archive.on_page_markdown(text, _page("source.md")) == (
        f"get {name}.tar.gz, then cd {name}"
    )
    assert source_archive.on_page_markdown(text, _page("faq.md")) == text


def test_the_site_gets_the_source_archive(tmp_path: Path) -> None:
    for module in ("build", "hatchling"):
        pytest.importorskip(module, reason=f"the docs extra ({module}) is not installed")
    source_archive.on_post_build(SimpleNamespace(site_dir=str(tmp_path)))
    name = f"rummy500-{rummy500.__version__}"
    (archive,) = (tmp_path / "source").iterdir()
    assert archive.name == f"{name}.tar.gz"
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
    expected = {"src/rummy500/__init__.py", "tests/test_docs_hooks.py", "docs/source.md"}
    assert {f"{name}/{path}" for path in expected} <= names

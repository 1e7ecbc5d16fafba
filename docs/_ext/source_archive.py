"""An mkdocs hook: the header's source link, and the source archive it leads to.

The header links to the page "The source" (``docs/source.md``), and the built site gets the
package's source distribution beside it, ``source/rummy500-VERSION.tar.gz``: the checkout the
site was built from (the package, its tests, the documentation, the examples, the scripts and
the benchmarks), built by the package's own build backend. So a reader of any page is one click
from the code the pages describe, and the site asks no other host for it. A site published
beside a public repository sets ``repo_url`` (and ``repo_name``) in ``mkdocs.yml``: the
header's link then goes there instead (``docs/_ext/theme/partials/source.html``).

The archive is built with ``python -m build --sdist --no-isolation`` (the ``docs`` extra
installs ``build`` and the backend, hatchling), so it needs no network.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import tempfile
from pathlib import Path

from header_version import package_version
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

_REPO = Path(__file__).resolve().parents[2]
#: The page the header's link leads to when no repository is set, relative to the site's root.
SOURCE_PAGE = "source/"
_log = logging.getLogger("mkdocs.hooks.source_archive")


def archive_name(version: str | None = None) -> str:
    """The file name of the source archive: ``rummy500-1.0.0.tar.gz``."""
    return f"rummy500-{version or package_version()}.tar.gz"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Without a repository, the header's source link leads to the site's own source page."""
    if not config.repo_url:
        config.repo_url = SOURCE_PAGE
        config.repo_name = "Source code"
    return config


def on_page_markdown(markdown: str, page: Page, **kwargs: object) -> str:
    """Name the archive on the source page (``ARCHIVE_NAME``, and ``ARCHIVE_STEM`` for the folder
    it unpacks to), so the page follows the version."""
    if page.file.src_uri != "source.md":
        return markdown
    name = archive_name()
    return markdown.replace("ARCHIVE_NAME", name).replace(
        "ARCHIVE_STEM", name.removesuffix(".tar.gz")
    )


def on_post_build(config: MkDocsConfig) -> None:
    """Build the source archive into the site's ``source/`` folder."""
    out = Path(config.site_dir) / "source"
    with tempfile.TemporaryDirectory() as temporary:
        command = [sys.executable, "-m", "build", "--sdist", "--no-isolation"]
        command += ["--outdir", temporary, str(_REPO)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        built = sorted(Path(temporary).glob("*.tar.gz"))
        if done.returncode != 0 or [path.name for path in built] != [archive_name()]:
            raise PluginError(
                f"The source archive could not be built ({' '.join(command)} exited with "
                f"{done.returncode} and wrote {[path.name for path in built]}): "
                f"{done.stderr.strip()[-2000:]}"
            )
        out.mkdir(parents=True, exist_ok=True)
        target = out / built[0].name
        target.write_bytes(built[0].read_bytes())
    _log.info("Source archive in source/: %s, %.1f MB", target.name, target.stat().st_size / 1e6)

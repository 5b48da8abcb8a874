"""The documentation: the configuration reference's table is the schema's, every key with its
default (regenerate it with `python3 scripts/config_table.py --update`), and the site builds with
no broken link or missing page (`mkdocs build --strict`)."""
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import config_table  # noqa: E402


def test_config_reference_table_matches_the_schema(sim):
    page = (ROOT / "docs" / "configuration.md").read_text()
    assert config_table.table_section(page) == config_table.table(sim)


def test_the_site_builds_strictly(tmp_path):
    """A broken link, a page missing from the nav or a nav entry with no page fails the build."""
    mkdocs = shutil.which("mkdocs")
    if mkdocs is None:
        pytest.fail("mkdocs is missing: bash scripts/install-deps.sh installs it")
    r = subprocess.run([mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "site" / "index.html").exists()


def test_the_readme_fits_on_a_page():
    """The README is the front page: what Kasane is, the quick start, the experiments, what is
    modelled and links; the manual is the site's pages."""
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines; move detail into docs/"

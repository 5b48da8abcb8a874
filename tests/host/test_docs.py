"""The README's config table is the schema's: every key, with its default (regenerate it with
`python3 scripts/config_table.py --update`)."""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import config_table  # noqa: E402


def test_readme_config_table_matches_the_schema(sim):
    readme = (ROOT / "README.md").read_text()
    assert config_table.readme_section(readme) == config_table.table(sim)

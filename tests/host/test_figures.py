"""scripts/figures.py: a figure block whose output differs from its template's is reported stale
and regenerated; volatile blocks are regenerated but never compared; long blocks are compared
only by `--check --long`; a broken template is named.
(The docs' own blocks are checked by the ctest `figures-current`, which runs the experiments.)"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIGURES = ROOT / "scripts" / "figures.py"

DOC = """# A page
<!-- figure sum
{{ 2 + 3 }} cycles, {{ 12345.678 | num(1) }}, {{ 3.33 | ratio }}
-->
4 cycles
<!-- /figure -->
text between blocks stays
<!-- figure shell volatile
{{ sh("echo $((6 * 7))") }}
-->
old timing
<!-- /figure -->
"""


def figures(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(FIGURES), *map(str, args)], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_a_stale_block_fails_the_check_and_names_itself(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(DOC)
    r = figures("--check", "--file", page, "--build", tmp_path)
    assert r.returncode == 1
    assert "block sum is stale" in r.stderr and "+5 cycles, 12,345.7, 3.3x" in r.stderr
    assert "block shell" not in r.stderr        # volatile: not compared
    assert page.read_text() == DOC              # --check writes nothing


def test_regenerating_makes_the_check_pass_and_keeps_the_rest(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(DOC)
    assert figures("--file", page, "--build", tmp_path).returncode == 0
    text = page.read_text()
    assert "-->\n5 cycles, 12,345.7, 3.3x\n<!-- /figure -->" in text
    assert "-->\n42\n<!-- /figure -->" in text  # volatile blocks are regenerated
    assert "text between blocks stays\n" in text and text.startswith("# A page\n<!-- figure sum\n")
    r = figures("--check", "--file", page, "--build", tmp_path)
    assert r.returncode == 0, r.stderr


def test_a_broken_template_or_command_is_an_error_naming_the_block(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("<!-- figure bad\n{{ nothing_defined }}\n-->\nx\n<!-- /figure -->\n")
    r = figures("--check", "--file", page, "--build", tmp_path)
    assert r.returncode == 2 and "block bad" in r.stderr and "nothing_defined" in r.stderr
    page.write_text("<!-- figure cmd\n{{ sh('exit 3') }}\n-->\nx\n<!-- /figure -->\n")
    r = figures("--check", "--file", page, "--build", tmp_path)
    assert r.returncode == 2 and "exited 3" in r.stderr


def test_the_docs_have_figure_blocks():
    r = figures("--list")
    assert r.returncode == 0
    names = r.stdout.split()
    assert any(n.startswith("README.md") for n in names)


def test_a_malformed_block_is_an_error_with_its_line_not_skipped(tmp_path):
    page = tmp_path / "page.md"
    for text, line in (("# A\n<!-- figure open\n{{ 1 }}\n-->\n1\n", 2),           # no closer
                       ("# A\n\n<!-- figure two words\n{{ 1 }}\n-->\n1\n<!-- /figure -->\n", 3),
                       (DOC + "\n<!-- /figure -->\n", 14)):                       # stray closer
        page.write_text(text)
        for args in (("--check",), ("--list",), ()):
            r = figures(*args, "--file", page, "--build", tmp_path)
            assert r.returncode == 2, (text, args)
            assert f"page.md:{line}: malformed figure block" in r.stderr
        assert page.read_text() == text


def test_only_an_unknown_block_is_an_error(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(DOC)
    r = figures("--only", "summ", "--file", page, "--build", tmp_path)
    assert r.returncode == 2 and "no block named summ" in r.stderr
    assert page.read_text() == DOC


def test_a_long_block_is_rendered_and_compared_only_with_long(tmp_path):
    page = tmp_path / "page.md"
    text = DOC + "<!-- figure slow long\n{{ 6 * 7 }}\n-->\n41\n<!-- /figure -->\n"
    page.write_text(text)
    r = figures("--check", "--file", page, "--build", tmp_path)
    assert r.returncode == 1 and "block slow" not in r.stderr     # sum is stale, slow not asked
    r = figures("--check", "--long", "--file", page, "--build", tmp_path)
    assert r.returncode == 1 and "block slow is stale" in r.stderr
    assert "block sum" not in r.stderr                            # the long check: long only
    assert figures("--file", page, "--build", tmp_path).returncode == 0
    assert "-->\n41\n<!-- /figure -->" in page.read_text()      # left as it is without --long
    assert figures("--long", "--file", page, "--build", tmp_path).returncode == 0
    assert "-->\n42\n<!-- /figure -->" in page.read_text()
    assert "-->\n5 cycles," in page.read_text()
    assert figures("--check", "--long", "--file", page, "--build", tmp_path).returncode == 0
    assert "slow (long)" in figures("--list", "--file", page).stdout

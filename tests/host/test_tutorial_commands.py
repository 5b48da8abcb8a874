"""The tutorial works as written: every `sh` block of docs/tutorial.md runs, in the page's order,
in a scratch folder that looks like the repository root (its folders linked, `build` the build
under test), and each must exit 0 (run with `bash -e`, as typed: a pipe into `head` is fine). Blocks of output and the GDB session typed at the prompt are
not `sh` blocks, so they are not run."""
import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs" / "tutorial.md"
FIGURE_TEMPLATE = re.compile(r"<!-- figure .*?\n-->\n", re.S)
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```$", re.S | re.M)


def sh_blocks(text: str) -> list[str]:
    """The page's `sh` blocks, in order; a figure's template (an HTML comment) is not the page."""
    return SH_BLOCK.findall(FIGURE_TEMPLATE.sub("", text))


def test_the_tutorial_has_commands_to_run():
    blocks = sh_blocks(TUTORIAL.read_text())
    assert len(blocks) >= 8
    assert not any("FIRST:LAST" in b for b in blocks), "a placeholder is not a command"


def test_every_command_of_the_tutorial_runs_as_written(tmp_path, target_dir):
    build = Path(target_dir).resolve().parent
    for entry in ROOT.iterdir():
        if entry.name not in ("build", ".git", "results") and not entry.name.startswith("build-"):
            (tmp_path / entry.name).symlink_to(entry)
    (tmp_path / "build").symlink_to(build)
    env = {**os.environ, "KASANE_BUILD": str(build), "PYTHONDONTWRITEBYTECODE": "1"}
    for n, block in enumerate(sh_blocks(TUTORIAL.read_text()), 1):
        r = subprocess.run(["bash", "-e", "-c", block], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, (f"block {n} of docs/tutorial.md exited {r.returncode}:\n"
                                   f"{block}\n--- stdout\n{r.stdout[-3000:]}\n"
                                   f"--- stderr\n{r.stderr[-3000:]}")

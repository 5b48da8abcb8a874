"""Where the driver finds what it runs: the repository, the build directory (KASANE_BUILD or
build/), kasane-sim and the target tree; the machine-config schema as kasane-sim lists it
(--help-config), used to check config keys and values before anything runs; and content hashes of
the files a point depends on, each file hashed once per run."""
import hashlib
import os
import re
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from . import ExperimentError

ROOT = Path(__file__).resolve().parent.parent


def build_dir(explicit: str | None = None) -> Path:
    """The build directory: the one given, else $KASANE_BUILD, else build/ in the repository."""
    d = Path(explicit or os.environ.get("KASANE_BUILD") or "build")
    return d if d.is_absolute() else (Path.cwd() / d if explicit else ROOT / d).resolve()


@dataclass(frozen=True)
class ConfigKey:
    """One key of the machine config: its type (int, float, bool, string) and what it allows."""
    name: str
    type: str
    lo: float | None = None     # inclusive range of a number, if the schema gives one
    hi: float | None = None
    choices: tuple = ()         # the allowed strings, if the schema lists them
    allowed: str = ""           # the schema's own words for the range or choices

    def check(self, value) -> str | None:
        """None if value is acceptable for this key, else what is allowed."""
        what = self.type + (f" in {self.allowed}" if self.allowed else "")
        if self.type == "bool":
            return None if isinstance(value, bool) else what
        if self.type == "string":
            if not isinstance(value, str):
                return what
            return None if not self.choices or value in self.choices else what
        ok_types = (int,) if self.type == "int" else (int, float)
        if isinstance(value, bool) or not isinstance(value, ok_types):
            return what
        if self.lo is not None and not self.lo <= value <= self.hi:
            return what
        return None


# "  core.contexts = 4  (int, contexts; 1..16)", "  sim.model = "pipeline"  (string; one of: a b)"
_KEY_LINE = re.compile(r"^  ([a-z0-9_]+(?:\.[a-z0-9_]+)+) = "
                       r".*\((int|float|bool|string)[^;)]*(?:; ([^)]*))?\)$")


def parse_help_config(text: str) -> dict[str, ConfigKey]:
    keys = {}
    for line in text.splitlines():
        m = _KEY_LINE.match(line)
        if not m:
            continue
        name, typ, allowed = m.group(1), m.group(2), (m.group(3) or "").strip()
        lo = hi = None
        choices = ()
        if allowed.startswith("one of:"):
            choices = tuple(allowed[len("one of:"):].split())
        elif ".." in allowed:
            a, b = allowed.split("..", 1)
            lo, hi = (int(a, 0), int(b, 0)) if typ == "int" else (float(a), float(b))
        elif allowed == "any string":
            allowed = ""
        keys[name] = ConfigKey(name, typ, lo, hi, choices, allowed)
    return keys


class Build:
    """The build a run uses. Hashes are cached here, so a run of many points hashes each binary
    once."""

    def __init__(self, directory: Path):
        self.dir = directory
        self.sim = directory / "sim" / "kasane-sim"
        self.target = directory / "target"
        self._keys = None
        self._hashes: dict[Path, str] = {}
        self._lock = threading.Lock()

    def config_keys(self) -> dict[str, ConfigKey]:
        if self._keys is None:
            if not self.sim.is_file():
                raise ExperimentError(f"{self.sim}: kasane-sim not found; build it first "
                                      "(bash scripts/build.sh) or set KASANE_BUILD")
            out = subprocess.run([str(self.sim), "--help-config"], capture_output=True, text=True,
                                 timeout=60)
            self._keys = parse_help_config(out.stdout)
            if out.returncode != 0 or not self._keys:
                raise ExperimentError(f"{self.sim} --help-config listed no config keys "
                                      f"(status {out.returncode}): {out.stderr.strip()}")
        return self._keys

    def target_path(self, rel: str) -> Path:
        """A kernel or program path: relative to the target tree unless absolute."""
        return self.target / rel

    def file_hash(self, path: Path) -> str:
        """sha256 of a file's contents ("missing" if there is none), once per path per run."""
        path = Path(path).resolve()
        with self._lock:
            if path in self._hashes:
                return self._hashes[path]
        h = hashlib.sha256()
        try:
            with open(path, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
            digest = h.hexdigest()
        except OSError:
            digest = "missing"
        with self._lock:
            self._hashes[path] = digest
        return digest

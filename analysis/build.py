"""Where the driver finds what it runs: the repository, the build directory (KASANE_BUILD or
build/), kasane-sim and the target tree; the machine-config schema as kasane-sim lists it
(--help-config=json), used to check config keys and values before anything runs; and content
hashes of the files a point depends on, each file hashed once per run."""
import hashlib
import json
import os
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
    """One key of the machine config as `kasane-sim --help-config=json` gives it: name, type (int,
    float, bool, string), default, unit, description and a JSON Schema for its values (the range
    or the choices), which the jsonschema library checks."""
    name: str
    type: str
    default: object
    unit: str | None
    description: str
    schema: dict

    @staticmethod
    def from_json(k: dict) -> "ConfigKey":
        schema = {"type": {"int": "integer", "float": "number", "bool": "boolean",
                           "string": "string"}[k["type"]]}
        if "min" in k:
            schema.update(minimum=k["min"], maximum=k["max"])
        if k.get("choices"):
            schema["enum"] = list(k["choices"])
        return ConfigKey(k["name"], k["type"], k["default"], k.get("unit"), k["description"],
                         schema)

    def allowed(self) -> str:
        if "enum" in self.schema:
            return f"{self.type} in one of: {' '.join(self.schema['enum'])}"
        if "minimum" in self.schema:
            return f"{self.type} in {self.schema['minimum']:g}..{self.schema['maximum']:g}" \
                if self.type == "float" else \
                f"{self.type} in {self.schema['minimum']}..{self.schema['maximum']}"
        return self.type

    def check(self, value) -> str | None:
        """None if value is acceptable for this key, else what is allowed."""
        from .schema import Validator
        return None if Validator(self.schema).is_valid(value) else self.allowed()


def parse_config_schema(text: str) -> dict[str, ConfigKey]:
    """The keys of `kasane-sim --help-config=json`, by name."""
    doc = json.loads(text)
    return {k["name"]: ConfigKey.from_json(k) for k in doc["keys"]}


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
            out = subprocess.run([str(self.sim), "--help-config=json"], capture_output=True,
                                 text=True, timeout=60)
            try:
                self._keys = parse_config_schema(out.stdout) if out.returncode == 0 else {}
            except (ValueError, KeyError) as e:
                raise ExperimentError(f"{self.sim} --help-config=json: not the schema: {e}")
            if not self._keys:
                raise ExperimentError(f"{self.sim} --help-config=json listed no config keys "
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

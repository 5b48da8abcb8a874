"""A point's command line, its key and its directory.

The key is a sha256 over the command line with each file named by its content hash instead of its
path (kasane-sim, the machine config, the kernel, the program), the disk spec and the driver's
KEY_VERSION; a multiprogrammed point's workload file stands in it as its entries, each program by
its file name and content hash. The simulator runs in the point's directory and writes there under fixed names, so
the key does not depend on where the results go. A point is skipped when its directory holds a
stats.json and a done.json with the same key (done.json is written only after a run that
succeeded)."""
import hashlib
import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from .build import ROOT, Build
from .sweep import Point, fmt_value

# Bump when what a key stands for changes (e.g. how disk files are generated): every point re-runs.
KEY_VERSION = 1
STATS, CONSOLE, COMMAND, DONE, DISK, THERMAL, WORKLOAD = (
    "stats.json", "console.txt", "command.txt", "done.json", "disk.img", "thermal.csv",
    "workload.toml")
_UNSAFE = re.compile(r"[^A-Za-z0-9._=,+-]+")


@dataclass
class Job:
    point: Point
    argv: list          # the command, run in the point's directory
    key: str            # full sha256
    dirname: str        # readable prefix and the first 8 hex digits of the key
    inputs: dict        # what the key hashes, kept in done.json for whoever wonders why it re-ran
    files: tuple = ()   # the files it reads (kasane-sim, config, kernel, program): a Dask worker
                        # checks it sees them (analysis/dask_cluster.py)
    disk: dict | None = None  # the disk spec as the runner builds it: a "dir" made absolute
    workload: str | None = None  # a multiprogrammed point's workload.toml (absolute programs)
    alone: tuple = ()   # a multiprogrammed point's runs of each program alone (smt.py)


def disk_folder(disk: dict, build: Build) -> tuple[dict | None, dict | None, list]:
    """A disk spec with a "dir": (the spec for the key, the folder's files by content hash
    instead of its path; the spec for the runner, the folder absolute; the folder's files)."""
    if disk is None or "dir" not in disk:
        return disk, disk, []
    folder = build.target_path(disk["dir"])
    names = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
    keyed = dict(disk, dir={p.name: build.file_hash(p) for p in names})
    return keyed, dict(disk, dir=str(folder)), names


def make_job(point: Point, build: Build) -> Job:
    s = point.settings
    files = {"sim": build.sim}
    if s["machine"]:
        files["machine"] = ROOT / s["machine"]
    if s["kernel"]:
        files["kernel"] = build.target_path(s["kernel"])
    procs = s.get("process") or []
    if procs:
        for i, p in enumerate(procs):
            files[f"process{i}"] = build.target_path(p["program"])
    else:
        files["program"] = build.target_path(s["program"])
    argv, keyed = [str(build.sim)], [f"sim:{build.file_hash(build.sim)}"]

    def add(*args, file=None):
        argv.extend(args)
        if file is None:
            keyed.extend(args)
        else:
            keyed.extend(args[:-1] + (f"{file}:{build.file_hash(files[file])}",))

    if s["machine"]:
        add("--config", str(files["machine"]), file="machine")
    for k, v in s["set"].items():
        add("--set", f"{k}={fmt_value(v)}")
    if not procs:
        for k, v in s["env"].items():
            add("--env", f"{k}={fmt_value(v)}")
    if s["disk"] is not None:
        add("--disk", DISK)
    add("--stats", STATS)
    if s["thermal_trace"]:
        add("--thermal-trace", THERMAL)
    workload = None
    if procs:
        entries = [workload_entry(p, s["env"]) for p in procs]
        workload = workload_toml([dict(e, program=str(files[f"process{i}"]))
                                  for i, e in enumerate(entries)])
        keyed_entries = [dict(e, program=f"{files[f'process{i}'].name}:"
                                         f"{build.file_hash(files[f'process{i}'])}")
                         for i, e in enumerate(entries)]
        argv.extend(["--workload", WORKLOAD])
        keyed.extend(["--workload", json.dumps(keyed_entries, sort_keys=True)])
    if s["kernel"]:
        add(str(files["kernel"]), file="kernel")
    if not procs:
        add(str(files["program"]), file="program")
        add(*s["args"])
    keyed_disk, run_disk, disk_files = disk_folder(s["disk"], build)
    inputs = {"version": KEY_VERSION, "command": keyed, "disk": keyed_disk}
    key = hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()
    prefix = _UNSAFE.sub("_", point.label())[:80].strip("._-") or "point"
    return Job(point, argv, key, f"{prefix}-{key[:8]}", inputs,
               tuple(files.values()) + tuple(disk_files), run_disk, workload)


def workload_entry(p: dict, env: dict) -> dict:
    """One [[process]] of kasane-sim's workload file: the experiment's env under the entry's own."""
    out = {"program": p["program"], "args": list(p["args"]),
           "env": [f"{k}={fmt_value(v)}" for k, v in {**env, **p["env"]}.items()]}
    if p.get("cpu") is not None:
        out["cpu"] = p["cpu"]
    if p.get("name"):
        out["name"] = p["name"]
    return out


def workload_toml(entries: list[dict]) -> str:
    """The workload file (sim/platform/workload.h); JSON's string escapes are TOML's."""
    lines = []
    for e in entries:
        lines.append("[[process]]")
        for k, v in e.items():
            lines.append(f"{k} = {json.dumps(v)}")
        lines.append("")
    return "\n".join(lines)


def command_line(job: Job, directory: Path) -> str:
    """The command as a user can paste it into a shell."""
    return f"cd {shlex.quote(str(directory))} && {shlex.join(job.argv)}"


def is_done(job: Job, directory: Path) -> bool:
    try:
        done = json.loads((directory / DONE).read_text())
    except (OSError, ValueError):
        return False
    return done.get("key") == job.key and (directory / STATS).is_file()


def mark_done(job: Job, directory: Path, seconds: float):
    (directory / DONE).write_text(json.dumps({"key": job.key, "host_seconds": round(seconds, 3),
                                              "inputs": job.inputs}, indent=1) + "\n")

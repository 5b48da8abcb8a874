"""Running points: each in its own directory (points/KEY/), as a kasane-sim process with a
timeout, several at once (a thread per running process is enough: the work is in the processes).
A point whose key is unchanged is skipped. A point that fails (non-zero exit, timeout, no
stats.json) is recorded with its reason and the others go on.

A point with `disk` gets a fresh KFS image (tools/kfs.py): built once per run for each distinct
disk spec, then copied into the point's directory, since the guest writes to it."""
import concurrent.futures
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from .build import ROOT
from .points import (COMMAND, CONSOLE, DISK, DONE, STATS, THERMAL, Job, command_line, is_done,
                     mark_done)

TAIL_LINES = 20


@dataclass
class Outcome:
    job: Job
    directory: Path
    status: str             # "ran", "skipped" or "failed"
    reason: str = ""        # why it failed
    seconds: float = 0.0

    def console_tail(self, n: int = TAIL_LINES) -> str:
        try:
            lines = (self.directory / CONSOLE).read_text(errors="replace").splitlines()
        except OSError:
            return "(no console output)"
        return "\n".join(lines[-n:]) if lines else "(no console output)"

    def command(self) -> str:
        return command_line(self.job, self.directory)


def _load_kfs():
    spec = importlib.util.spec_from_file_location("kasane_kfs", ROOT / "tools" / "kfs.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def disk_file_bytes(name: str, size: int) -> bytes:
    """The contents of a generated disk file: pseudo-random, the same for the same name and size."""
    return hashlib.shake_256(f"kasane-disk-file:{name}".encode()).digest(size)


class DiskImages:
    """Images by disk spec, built on first use into a cache directory of this run."""

    def __init__(self, cache: Path):
        self.cache = cache
        self.lock = threading.Lock()
        self.kfs = None

    def image(self, disk: dict) -> Path:
        digest = hashlib.sha256(json.dumps(disk, sort_keys=True).encode()).hexdigest()[:16]
        path = self.cache / f"{digest}.img"
        with self.lock:  # one build per spec; the points waiting for it would only build it again
            if not path.exists():
                self.kfs = self.kfs or _load_kfs()
                self.cache.mkdir(parents=True, exist_ok=True)
                with tempfile.TemporaryDirectory(dir=self.cache) as tmp:
                    for name, size in disk["files"].items():
                        (Path(tmp) / name).write_bytes(disk_file_bytes(name, size))
                    part = path.with_suffix(".part")
                    self.kfs.mkfs(part, Path(tmp), disk["size"])
                    part.rename(path)
        return path


def run_one(job: Job, directory: Path, disks: DiskImages) -> Outcome:
    directory.mkdir(parents=True, exist_ok=True)
    if is_done(job, directory):
        return Outcome(job, directory, "skipped")
    for name in (STATS, DONE, THERMAL, DISK):
        (directory / name).unlink(missing_ok=True)
    (directory / COMMAND).write_text(command_line(job, directory) + "\n")
    console = directory / CONSOLE
    disk = job.point.settings["disk"]
    start = time.monotonic()
    try:
        if disk is not None:
            shutil.copyfile(disks.image(disk), directory / DISK)
        timeout = job.point.settings["timeout"]
        with open(console, "wb") as out:
            proc = subprocess.run(job.argv, cwd=directory, stdin=subprocess.DEVNULL, stdout=out,
                                  stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome(job, directory, "failed", f"timed out after {timeout} s",
                       time.monotonic() - start)
    except Exception as e:  # a disk that cannot be built, a simulator that cannot start: this point
        with open(console, "a") as out:
            out.write(f"kasane run: {type(e).__name__}: {e}\n")
        return Outcome(job, directory, "failed", f"could not run: {e}", time.monotonic() - start)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        why = (f"killed by signal {-proc.returncode}" if proc.returncode < 0
               else f"exit status {proc.returncode}")
        return Outcome(job, directory, "failed", why, seconds)
    if not (directory / STATS).is_file():
        return Outcome(job, directory, "failed", "exit status 0 but no stats.json", seconds)
    mark_done(job, directory, seconds)
    return Outcome(job, directory, "ran", seconds=seconds)


def run_jobs(jobs: list[Job], out: Path, parallel: int, progress: bool = True) -> list[Outcome]:
    """Outcomes in the order of jobs. Jobs with the same directory (the same command under the same
    name) run once."""
    points_dir = out / "points"
    disks = DiskImages(out / ".disk-cache")
    unique = {}
    for job in jobs:
        unique.setdefault(job.dirname, job)
    todo = [j for j in unique.values() if not is_done(j, points_dir / j.dirname)]
    print(f"{len(jobs)} points: {len(todo)} to run, {len(unique) - len(todo)} unchanged "
          f"(skipped); {parallel} at a time", flush=True)
    results = {}
    running = {j.dirname for j in todo}
    for j in unique.values():
        if j.dirname not in running:
            results[j.dirname] = Outcome(j, points_dir / j.dirname, "skipped")
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, parallel)) as pool:
        futures = {pool.submit(run_one, j, points_dir / j.dirname, disks): j for j in todo}
        bar = tqdm(total=len(todo), unit="point", disable=not progress or None, leave=False)
        try:
            for f in concurrent.futures.as_completed(futures):
                o = f.result()
                results[o.job.dirname] = o
                bar.update(1)
                if o.status == "failed":
                    bar.write(f"failed: {o.job.dirname}: {o.reason}")
        except KeyboardInterrupt:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        finally:
            bar.close()
    shutil.rmtree(out / ".disk-cache", ignore_errors=True)
    return [results[j.dirname] if results[j.dirname].job is j
            else Outcome(j, results[j.dirname].directory, results[j.dirname].status,
                         results[j.dirname].reason) for j in jobs]


def default_parallel() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1

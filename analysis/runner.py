"""Running points: each in its own directory (points/KEY/), as a kasane-sim process with a
timeout, several at once. Where they run is the executor's business (analysis/executors.py: a
thread per process on this host, or a Dask cluster); what a run is, the skip of unchanged points,
the failures and the progress are the same for all of them and live here. A point whose key is
unchanged is skipped. A point that fails (non-zero exit, timeout, no stats.json) is recorded with
its reason and the others go on.

A point with `disk` gets a fresh ext2 image (tools/ext2img.py): built once per run for each
distinct disk spec, then copied into the point's directory, since the guest writes to it."""
import hashlib
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from .build import ROOT
from .points import (COMMAND, CONSOLE, DISK, DONE, STATS, THERMAL, WORKLOAD, Job, command_line,
                     is_done, mark_done)

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


def _load_ext2img():
    spec = importlib.util.spec_from_file_location("kasane_ext2img", ROOT / "tools" / "ext2img.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def disk_file_bytes(name: str, size: int) -> bytes:
    """The contents of a generated disk file: pseudo-random, the same for the same name and size."""
    return hashlib.shake_256(f"kasane-disk-file:{name}".encode()).digest(size)


class DiskImages:
    """Images by disk spec, built on first use into a cache directory of this run. The lock keeps
    the threads of one process from building an image twice; processes on other hosts (Dask
    workers, each with its own copy of this object) may, so each writes a file of its own and
    renames it into place, which is atomic, and the copies are the same bytes."""

    def __init__(self, cache: Path):
        self.cache = cache
        self.lock = threading.Lock()
        self.ext2img = None

    def __getstate__(self):  # sent to a Dask worker: neither a lock nor a module pickles
        return {"cache": self.cache}

    def __setstate__(self, state):
        self.__init__(state["cache"])

    def image(self, disk: dict) -> Path:
        # The tool that builds the image is part of its key: a cache kept in an output folder
        # across a change of the file system's format would hand the kernel an image it cannot
        # mount.
        tool = (ROOT / "tools" / "ext2img.py").read_bytes()
        digest = hashlib.sha256(json.dumps(disk, sort_keys=True).encode() + tool).hexdigest()[:16]
        path = self.cache / f"{digest}.img"
        with self.lock:  # one build per spec; the points waiting for it would only build it again
            if not path.exists():
                self.ext2img = self.ext2img or _load_ext2img()
                self.cache.mkdir(parents=True, exist_ok=True)
                with tempfile.TemporaryDirectory(dir=self.cache) as tmp:
                    if "dir" in disk:  # a folder's files first; generated ones beside them
                        shutil.copytree(disk["dir"], tmp, dirs_exist_ok=True)
                    for name, size in disk["files"].items():
                        (Path(tmp) / name).write_bytes(disk_file_bytes(name, size))
                    part = path.with_suffix(f".{socket.gethostname()}.{os.getpid()}.part")
                    self.ext2img.mkfs(part, Path(tmp), disk["size"])
                    part.rename(path)
        return path


def run_one(job: Job, directory: Path, disks: DiskImages) -> Outcome:
    directory.mkdir(parents=True, exist_ok=True)
    if is_done(job, directory):
        return Outcome(job, directory, "skipped")
    for name in (STATS, DONE, THERMAL, DISK):
        (directory / name).unlink(missing_ok=True)
    (directory / COMMAND).write_text(command_line(job, directory) + "\n")
    if job.workload is not None:
        (directory / WORKLOAD).write_text(job.workload)
    console = directory / CONSOLE
    disk = job.disk
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


def run_jobs(jobs: list[Job], out: Path, executor, progress: bool = True) -> list[Outcome]:
    """Outcomes in the order of jobs, each point run by run_one through the executor
    (analysis/executors.py), the failures printed as they come. Jobs with the same directory (the
    same command under the same name) run once."""
    points_dir = out / "points"
    disks = DiskImages(out / ".disk-cache")
    unique = {}
    for job in jobs:
        unique.setdefault(job.dirname, job)
    todo = [j for j in unique.values() if not is_done(j, points_dir / j.dirname)]
    results = {}
    running = {j.dirname for j in todo}
    for j in unique.values():
        if j.dirname not in running:
            results[j.dirname] = Outcome(j, points_dir / j.dirname, "skipped")
    with executor:  # a cluster is reached here: before the first line, so nothing is half-said
        print(f"{len(unique)} points: {len(todo)} to run, {len(unique) - len(todo)} unchanged "
              f"(skipped); {executor.describe()}", flush=True)
        futures = {executor.submit(run_one, j, points_dir / j.dirname, disks): j for j in todo}
        bar = tqdm(total=len(todo), unit="point", disable=not progress or None, leave=False)
        try:
            for f in executor.as_completed(futures):
                j = futures[f]
                o = executor.outcome(f, j, points_dir / j.dirname)
                results[j.dirname] = o
                bar.update(1)
                if o.status == "failed":
                    bar.write(f"failed: {o.job.dirname}: {o.reason}")
        except KeyboardInterrupt:
            executor.cancel(futures)
            raise
        finally:
            bar.close()
    shutil.rmtree(out / ".disk-cache", ignore_errors=True)
    return [results[j.dirname] if results[j.dirname].job is j
            else Outcome(j, results[j.dirname].directory, results[j.dirname].status,
                         results[j.dirname].reason) for j in jobs]

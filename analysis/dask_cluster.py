"""Points on a Dask distributed cluster: `kasane run X --scheduler tcp://HOST:8786` sends them to a
running scheduler, `--cluster local:N` starts a LocalCluster of N single-threaded workers on this
host. Each point is one Dask task that runs runner.run_one on a worker, exactly as the
local executor runs it in a thread: the worker starts kasane-sim in the point's directory and
writes console.txt, stats.json and done.json there; the outcome streams back as it finishes.

The assumption, as on a Slurm cluster: the workers share the file system with this host and see
the checkout, the build and the results directory at the same paths, and the scheduler and the
workers run a Python that can import this `analysis` package (the checkout on PYTHONPATH): a
task names its function by module, and newer schedulers unpickle the tasks too. The driver copies
nothing. On connecting, the scheduler and the workers there already are asked whether they can
import `analysis`; one that cannot is a ClusterError naming it. Each task first checks that its
worker sees the files its point reads and the results directory; if not, the point fails with a
reason naming the paths and the worker, like any other failure. Afterwards this host checks that
it sees the stats.json the worker wrote.

A scheduler that does not answer within --connect-timeout seconds is a ClusterError: one line
naming the address, exit status 3, nothing ran."""
import importlib.util
import logging
import os
import socket
import uuid
from pathlib import Path

from .executors import ClusterError
from .points import CONSOLE, STATS
from .runner import Outcome

SHARED = ("workers need the build, the checkout and the results directory at the same paths as "
          "this host: a shared file system")


def on_worker(fn, job, directory: Path, disks):
    """The task: on the worker, check it sees what the point needs, then fn (runner.run_one)."""
    where = socket.gethostname()
    try:
        from distributed import get_worker
        where = get_worker().address
    except (ImportError, ValueError):  # not inside a worker (a test calling it directly)
        pass
    missing = [str(f) for f in job.files if not os.path.isfile(f)]  # False, not raise, if unreadable
    results = directory.parent.parent  # created by the client before anything is sent
    if not os.path.isdir(results):
        missing.append(str(results))
    if missing:
        return Outcome(job, directory, "failed",
                       f"not visible on Dask worker {where}: {', '.join(missing)} ({SHARED})")
    return fn(job, directory, disks)


class Dask:
    """The executor (analysis/executors.py) for a Dask cluster: a scheduler's address, or the
    number of workers of a LocalCluster to start."""

    def __init__(self, scheduler: str | None = None, local_workers: int | None = None,
                 connect_timeout: float = 10):
        self.scheduler, self.local_workers = scheduler, local_workers
        self.connect_timeout = connect_timeout
        self.cluster = self.client = None

    def __enter__(self):
        try:
            import distributed
        except ImportError as e:
            raise ClusterError(f"a Dask cluster needs dask.distributed ({e}); "
                               "scripts/install-deps.sh installs it") from None
        address = self.scheduler
        if self.local_workers:
            # One thread per worker: a point is one kasane-sim process, which uses one core.
            # The workers are threads of this process, not processes of their own: a task only
            # waits for its kasane-sim, so the GIL costs nothing, and starting them takes a
            # fraction of the time (no Python to start and no driver to import per worker).
            self.cluster = distributed.LocalCluster(
                n_workers=self.local_workers, threads_per_worker=1, processes=False,
                dashboard_address=None, silence_logs=logging.ERROR)
            address = self.cluster.scheduler_address
        try:
            self.client = distributed.Client(address, timeout=self.connect_timeout)
        except (OSError, TimeoutError, ValueError) as e:
            self._close()
            raise ClusterError(f"cannot reach the Dask scheduler at {address} within "
                               f"{self.connect_timeout:g} s: {e}") from None
        try:
            self._check_environment(address)
        except ClusterError:
            self._close()
            raise
        return self

    def _check_environment(self, address: str):
        """Every process that will unpickle a point can import `analysis` (find_spec, from the
        standard library, since our own functions would not unpickle where the check fails)."""
        cannot = []
        if self.client.run_on_scheduler(importlib.util.find_spec, "analysis") is None:
            cannot.append(f"the scheduler at {address}")
        for worker, spec in sorted(self.client.run(importlib.util.find_spec, "analysis").items()):
            if spec is None:
                cannot.append(f"worker {worker}")
        if cannot:
            raise ClusterError(f"{' and '.join(cannot)} cannot import the driver's `analysis` "
                               f"package: start the scheduler and the workers with the checkout on "
                               f"PYTHONPATH ({SHARED})")

    def __exit__(self, *exc):
        self._close()

    def _close(self):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def describe(self) -> str:
        workers = self.client.scheduler_info()["workers"].values()
        threads = sum(w.get("nthreads", 1) for w in workers)
        where = (f"a local Dask cluster ({self.client.scheduler.address})" if self.cluster
                 else f"the Dask scheduler at {self.scheduler}")
        return f"on {where}: {len(workers)} workers, {threads} at a time"

    def submit(self, fn, job, directory, disks):
        # A fresh key per run: a scheduler shared by several users must not hand this point
        # another run's result (theirs went to another results directory).
        return self.client.submit(on_worker, fn, job, directory, disks, pure=False,
                                  key=f"kasane-{job.dirname}-{uuid.uuid4().hex[:8]}")

    def as_completed(self, futures):
        from distributed import as_completed
        return as_completed(list(futures))

    def outcome(self, future, job, directory: Path) -> Outcome:
        try:
            o = future.result()
        except Exception as e:  # the task did not run to its end: a worker that died, ...
            why = " ".join(f"{type(e).__name__}: {e}".split())  # one line, as other reasons
            if isinstance(e, ModuleNotFoundError) and (e.name or "").startswith("analysis"):
                why += f" (a worker that joined later lacks the checkout on PYTHONPATH: {SHARED})"
            if directory.is_dir():
                with open(directory / CONSOLE, "a") as out:
                    out.write(f"kasane run: on the Dask cluster: {why}\n")
            return Outcome(job, directory, "failed", f"on the Dask cluster: {why}")
        o = Outcome(job, directory, o.status, o.reason, o.seconds)  # our job, not the worker's copy
        if o.status == "ran" and not (directory / STATS).is_file():
            return Outcome(job, directory, "failed", f"a Dask worker ran it but {directory / STATS} "
                           f"is not visible here ({SHARED})", o.seconds)
        return o

    def cancel(self, futures):
        self.client.cancel(list(futures))

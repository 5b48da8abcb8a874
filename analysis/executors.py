"""Where the points of a run execute. runner.run_jobs hands each point to an executor and takes
the outcomes back as they finish; the executor is the only thing that differs between a run on
this host and one on a cluster, so the skip rule, the failures, the progress and the results are
the same code for both.

An executor is a context manager (entering it starts or reaches the workers) with:
    describe()                    how the points run, for the run's first line ("2 at a time")
    submit(fn, *args)             start fn(*args) somewhere; a future
    as_completed(futures)         the futures in the order they finish
    outcome(future, job, dir)     the runner.Outcome of a finished future
    cancel(futures)               drop what has not run (Ctrl-C)

Threads is the local one: a thread per point, each waiting for its kasane-sim process (the work
is in the processes, so threads are enough). dask_cluster.Dask sends the points to a Dask
distributed cluster."""
import concurrent.futures
import os


class ClusterError(Exception):
    """The workers cannot be reached or started (a Dask scheduler that does not answer): nothing
    ran. One line, naming the address."""


class Threads:
    """`parallel` points at a time as processes on this host."""

    def __init__(self, parallel: int):
        self.parallel = max(1, parallel)
        self.pool = None

    def __enter__(self):
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=self.parallel)
        return self

    def __exit__(self, *exc):
        self.pool.shutdown(wait=True, cancel_futures=True)

    def describe(self) -> str:
        return f"{self.parallel} at a time"

    def submit(self, fn, *args):
        return self.pool.submit(fn, *args)

    def as_completed(self, futures):
        return concurrent.futures.as_completed(futures)

    def outcome(self, future, job, directory):
        return future.result()  # run_one reports its own failures; anything else is a bug

    def cancel(self, futures):
        for f in futures:
            f.cancel()


def default_parallel() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def make(jobs: int | None, scheduler: str | None, cluster: str | None, connect_timeout: float):
    """The executor the command line asks for: --scheduler ADDRESS, --cluster local:N, or --jobs N
    processes here (the default: the host's cores)."""
    if scheduler or cluster:
        from .dask_cluster import Dask  # only then: dask is needed only for a cluster
        return Dask(scheduler=scheduler, local_workers=local_workers(cluster) if cluster else None,
                    connect_timeout=connect_timeout)
    return Threads(jobs or default_parallel())


def local_workers(spec: str) -> int:
    """N of `local:N`; ValueError with the reason otherwise."""
    kind, _, n = spec.partition(":")
    if kind != "local" or not n.isdigit() or int(n) < 1:
        raise ValueError(f"--cluster {spec!r}: expected local:N with N >= 1 workers "
                         "(for another cluster, start it and pass --scheduler ADDRESS)")
    return int(n)

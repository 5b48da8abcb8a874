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
is in the processes, so threads are enough)."""
import concurrent.futures
import os


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

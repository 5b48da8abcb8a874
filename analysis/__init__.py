"""Kasane's experiment driver: runs an experiment file (configs/experiments/NAME.toml) as a sweep of
kasane-sim runs and turns their stats.json files into results, tables and plots.

Modules, in the order a run uses them:
    build    where kasane-sim, the kernel and the programs are; the config schema; file hashes
    schema   the shape of an experiment file as a JSON Schema (jsonschema)
    toml_lines  the line of each key in a TOML file, for error messages
    spec     load an experiment file and check every key, type and value
    resolve  check it against its points: files, {name}s, unused parameters, expressions
    sweep    expand groups and sweeps into points (parameters and resolved settings)
    points   a point's command line, its key, its directory, whether it can be skipped
    runner   run the points (through an executor), fresh disk images, failures
    executors  where points run: processes on this host (threads waiting for them), or Dask
    dask_cluster  the points on a Dask distributed cluster (--scheduler, --cluster local:N)
    results  metrics from stats.json, results.csv and results.jsonl
    smt      multiprogrammed points: each program alone, STP, ANTT, Hmean
    channel  covert-channel points (E10): the receiver's bits scored against the message
    expr     the restricted expressions of tables and plots
    repeats  means and 95% confidence intervals over the seeds of repeated points (scipy)
    tables   Markdown and CSV tables
    plots    PNG and SVG plots
    cli      the `kasane` command: run, list; summary.md
"""


class ExperimentError(Exception):
    """Problems with an experiment file or its inputs: one line each (file:line, key, what is
    allowed), all of them found before any point starts."""

    def __init__(self, message: str, errors: list[str] | None = None):
        self.errors = errors or [message]
        super().__init__(message)

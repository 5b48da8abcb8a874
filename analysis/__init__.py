"""Kasane's experiment driver: runs an experiment file (configs/experiments/NAME.toml) as a sweep of
kasane-sim runs and turns their stats.json files into results, tables and plots.

Modules, in the order a run uses them:
    build    where kasane-sim, the kernel and the programs are; the config schema; file hashes
    spec     load an experiment file and check every key, type and value
    sweep    expand groups and sweeps into points (parameters and resolved settings)
    points   a point's command line, its key, its directory, whether it can be skipped
    runner   run the points in parallel processes, fresh disk images, failures
    results  metrics from stats.json, results.csv and results.jsonl
    expr     the restricted expressions of tables and plots
    tables   Markdown and CSV tables
    plots    PNG and SVG plots
    cli      the `kasane` command: run, list; summary.md
"""


class ExperimentError(Exception):
    """A problem with an experiment file or its inputs, reported as one message (file, key, what is
    allowed); the run stops before any point starts."""

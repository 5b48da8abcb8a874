"""The `kasane` command (scripts/kasane):

    kasane run FILE [--jobs N] [--out DIR] [--build DIR]   run an experiment; print summary.md
    kasane run FILE --scheduler tcp://HOST:8786 | --cluster local:N   ... on a Dask cluster
    kasane check FILE [--build DIR]                         check it and list its points
    kasane list                                             the experiments and their titles

Exit status of run: 0 when every point succeeded and every table and plot was made, 1 when some
point failed or a value could not be computed (the rest is still written), 2 when the experiment
file is wrong (nothing runs), 3 when the Dask scheduler cannot be reached (nothing runs)."""
import argparse
import sys
import tomllib
from pathlib import Path

from . import ExperimentError, executors, plots, results, runner, smt, spec, sweep, tables
from .build import ROOT, Build, build_dir
from .points import make_job

EXPERIMENTS = ROOT / "configs" / "experiments"


def prepare(file: str, build_arg: str | None):
    build = Build(build_dir(build_arg))
    exp = spec.load(Path(file), build)  # every error of the file at once, or nothing runs
    return build, exp, sweep.expand(exp)


def make_jobs(points, build: Build, metrics: dict) -> list:
    """The points' jobs; a multiprogrammed point's carries the jobs of its programs alone when a
    metric reads their SMT figures (`smt.`): E10's channels, say, need none."""
    jobs = []
    alone = any(path.split(".")[0] == "smt" for path in metrics.values())
    for p in points:
        job = make_job(p, build)
        job.alone = tuple(make_job(a, build) for a in smt.alone_points(p)) if alone else ()
        jobs.append(job)
    return jobs


def shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def summary(exp, rows, table_md: list, counts: dict) -> str:
    parts = [f"# {exp.title}\n"]
    if exp.description:
        parts.append(exp.description.strip() + "\n")
    runs = (f"{len(rows) // exp.repeat} points, each run {exp.repeat} times with "
            f"sim.perturb_seed = 1..{exp.repeat} (tables show the mean ± the half-width of its "
            f"95% confidence interval), {len(rows)} runs" if exp.repeat > 1
            else f"{len(rows)} points")
    parts.append(f"Experiment `{exp.path.name}`: {runs} ({counts['ran']} ran, "
                 f"{counts['skipped']} unchanged, {counts['failed']} failed); per run "
                 "parameters and metrics in `results.csv` and `results.jsonl`.\n")
    for md in table_md:
        parts.append(md)
    for p in exp.plots:
        parts.append(f"![{p['title']}](plots/{p['name']}.png)\n")
    failed = [r for r in rows if not r.ok]
    if failed:
        parts.append("### Failed points\n")
        for r in failed:
            o = r.outcome
            parts.append(f"- `{o.job.dirname}`: {o.reason}\n  `{o.command()}`")
        parts.append("")
    return "\n".join(parts)


def run(opt) -> int:
    build, exp, points = prepare(opt.file, opt.build)
    out = Path(opt.out).resolve() if opt.out else ROOT / "results" / exp.name
    out.mkdir(parents=True, exist_ok=True)
    jobs = make_jobs(points, build, exp.metrics)
    alone = [a for j in jobs for a in j.alone]
    executor = executors.make(opt.jobs, opt.scheduler, opt.cluster, opt.connect_timeout)
    outcomes = runner.run_jobs(jobs + alone, out, executor, progress=not opt.no_progress)
    rows = results.collect(outcomes[:len(jobs)], exp.metrics, exp.optional,
                           {o.job.dirname: o for o in outcomes[len(jobs):]})
    results.write(out, rows, exp.metrics)
    errors, table_md = [], []
    for t in exp.tables:
        md, errs = tables.write(t, rows, list(exp.metrics), out)
        table_md.append(md)
        errors += errs
    for p in exp.plots:
        errors += plots.write(p, rows, list(exp.metrics), out)
    counts = {"ran": 0, "skipped": 0, "failed": 0}
    for r in rows:
        counts["failed" if not r.ok else r.outcome.status] += 1
    text = summary(exp, rows, table_md, counts)
    (out / "summary.md").write_text(text)
    print(text, flush=True)
    print(f"written to {shown(out)}: summary.md, results.csv, results.jsonl"
          + (", tables/" if exp.tables else "") + (", plots/" if exp.plots else ""), flush=True)
    for r in rows:
        if not r.ok:
            o = r.outcome
            print(f"\nFAILED {o.job.dirname}: {o.reason}\n  command: {o.command()}\n"
                  f"  last lines of {shown(o.directory / 'console.txt')}:", file=sys.stderr)
            print("    " + o.console_tail().replace("\n", "\n    "), file=sys.stderr)
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    if counts["failed"] or errors:
        print(f"\n{counts['failed']} of {len(rows)} points failed, {len(errors)} errors in "
              "tables and plots", file=sys.stderr)
        return 1
    return 0


def check(opt) -> int:
    build, exp, points = prepare(opt.file, opt.build)
    runs = (f"{len(points) // exp.repeat} points x {exp.repeat} seeds = {len(points)} runs"
            if exp.repeat > 1 else f"{len(points)} points")
    print(f"{exp.path.name}: {exp.title}: {runs}, {len(exp.tables)} tables, "
          f"{len(exp.plots)} plots")
    jobs = make_jobs(points, build, exp.metrics)
    alone = {a.dirname: a for j in jobs for a in j.alone}
    if alone:
        print(f"  and {len(alone)} runs of a program alone (the SMT metrics of the "
              "multiprogrammed points)")
    for job in jobs:
        print(f"  {job.dirname}")
    for name in alone:
        print(f"  {name}")
    return 0


def list_experiments(opt) -> int:
    for f in sorted(EXPERIMENTS.glob("*.toml")):
        try:
            with open(f, "rb") as fh:
                title = tomllib.load(fh).get("experiment", {}).get("title", "")
        except (OSError, tomllib.TOMLDecodeError) as e:
            title = f"(unreadable: {e})"
        print(f"{f.relative_to(ROOT)}  {title}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="kasane", description="Kasane's experiment driver "
                                 "(see docs/analysis.md)")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="run an experiment file and make its results, tables, plots")
    p.add_argument("file", help="the experiment, e.g. configs/experiments/smoke.toml")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", "-j", type=int,
                       help="points run at once on this host (default: the host's cores)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the points on the Dask cluster of this scheduler "
                            "(tcp://HOST:8786); it must share the file system")
    where.add_argument("--cluster", metavar="local:N",
                       help="start a local Dask cluster of N workers and run the points on it")
    p.add_argument("--connect-timeout", type=float, default=10, metavar="S",
                   help="seconds to wait for the Dask scheduler (default 10)")
    p.add_argument("--out", help="results directory (default: results/NAME/)")
    p.add_argument("--build", help="build directory (default: $KASANE_BUILD or build/)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=run)
    p = sub.add_parser("check", help="check an experiment file and list its points")
    p.add_argument("file")
    p.add_argument("--build", help="build directory (default: $KASANE_BUILD or build/)")
    p.set_defaults(func=check)
    p = sub.add_parser("list", help="list configs/experiments/*.toml with their titles")
    p.set_defaults(func=list_experiments)
    opt = ap.parse_args(argv)
    if getattr(opt, "jobs", None) is not None and opt.jobs < 1:
        ap.error("--jobs must be at least 1")
    if getattr(opt, "cluster", None) is not None:
        try:
            executors.local_workers(opt.cluster)
        except ValueError as e:
            ap.error(str(e))
    try:
        return opt.func(opt)
    except ExperimentError as e:
        for line in str(e).splitlines():
            print(f"kasane: {line}", file=sys.stderr)
        return 2
    except executors.ClusterError as e:
        print(f"kasane: {e}; nothing ran", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        print("kasane: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like, which stopped reading
        sys.stderr.close()
        return 0

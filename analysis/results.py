"""Metrics from each point's stats.json (a dotted path; a number indexes a list) and the results
files: results.csv and results.jsonl, one row per run in sweep order with its parameters, its seed
(with `repeat`: every run is kept), its metrics, its status and its key. A metric whose path is
missing fails the point, unless the metric is optional: then its value is ABSENT (an empty cell)
and the point's other metrics stand."""
import csv
import json
from dataclasses import dataclass
from pathlib import Path

from . import channel, smt
from .expr import ABSENT
from .points import CONSOLE, STATS
from .repeats import seed_of
from .runner import Outcome


@dataclass
class Row:
    """A point after the run: parameters, metrics (None if it failed) and how it went."""
    outcome: Outcome
    params: dict
    metrics: dict | None

    @property
    def ok(self) -> bool:
        return self.metrics is not None


class MissingPath(Exception):
    pass


def get_path(doc, path: str):
    """doc's value at a dotted path; MissingPath names the part that is not there. A dict key may
    itself contain dots (kasane_report names such as "forkjoin.two_phase.100"): at a dict, the
    longest run of the remaining parts that is one of its keys is taken."""
    cur = doc
    done = []
    parts = path.split(".")
    while parts:
        part = parts[0]
        index = int(part) if part.lstrip("-").isdigit() else None
        if isinstance(cur, dict):
            n = next((n for n in range(len(parts), 0, -1) if ".".join(parts[:n]) in cur), 0)
            if n:
                part = ".".join(parts[:n])
                cur = cur[part]
                done.append(part)
                del parts[:n]
                continue
        if isinstance(cur, list) and index is not None and -len(cur) <= index < len(cur):
            cur = cur[index]
            del parts[0]
        else:
            have = (f"a list of {len(cur)}" if isinstance(cur, list) else
                    f"keys {', '.join(list(cur)[:12])}" if isinstance(cur, dict) else repr(cur))
            at = ".".join(done) or "the top"
            raise MissingPath(f"no {part!r} at {at} (there: {have})")
        done.append(part)
    return cur


def collect(outcomes: list[Outcome], metrics: dict, optional=frozenset(),
            alone: dict | None = None) -> list[Row]:
    """Rows of the points' outcomes; `alone` holds the outcomes of the alone runs of
    multiprogrammed points by directory name (smt.py), whose figures join each point's stats as
    `smt`; a metric whose path starts with `channel.` reads the covert-channel figures that
    channel.py scores from the point's console."""
    rows = []
    for o in outcomes:
        values = None
        if o.status != "failed":
            try:
                stats = json.loads((o.directory / STATS).read_text())
                if o.job.alone:
                    add_smt(o, stats, alone or {})
                if any(p.split(".")[0] == "channel" for p in metrics.values()):
                    stats["channel"] = channel.score((o.directory / CONSOLE).read_text())
                values = {m: metric(stats, m, p, m in optional) for m, p in metrics.items()}
            except AloneFailed as e:
                o.status, o.reason, values = "failed", str(e), None
            except MissingPath as e:
                o.status, o.reason, values = "failed", str(e), None
            except channel.NoChannel as e:
                o.status, o.reason, values = "failed", f"channel figures: {e}", None
            except (OSError, ValueError) as e:
                o.status, o.reason, values = "failed", f"stats.json unreadable: {e}", None
        rows.append(Row(o, o.job.point.params, values))
    return rows


class AloneFailed(Exception):
    pass


def add_smt(o: Outcome, stats: dict, alone: dict):
    runs = []
    for j in o.job.alone:
        a = alone.get(j.dirname)
        if a is None or a.status == "failed":
            raise AloneFailed(f"its alone run {j.dirname} failed"
                              + (f": {a.reason}" if a is not None else ""))
        try:
            runs.append(json.loads((a.directory / STATS).read_text()))
        except (OSError, ValueError) as e:
            raise AloneFailed(f"its alone run {j.dirname}: stats.json unreadable: {e}") from None
    try:
        stats["smt"] = smt.metrics(stats, runs, o.job.point.settings["process"])
    except (KeyError, ValueError, ZeroDivisionError) as e:
        raise AloneFailed(f"SMT metrics: {e}") from None


def metric(stats, name: str, path: str, optional: bool = False):
    try:
        return get_path(stats, path)
    except MissingPath as e:
        if optional:
            return ABSENT
        raise MissingPath(f"metric {name!r}: path {path!r} is not in stats.json: {e}") from None


def columns(rows: list[Row], metrics: dict) -> list[str]:
    params = []
    for r in rows:
        for k in r.params:
            if k not in params:
                params.append(k)
    seeds = ["seed"] if any(seed_of(r) is not None for r in rows) else []
    return ["point"] + params + seeds + list(metrics) + ["status", "key"]


def record(r: Row, metrics: dict) -> dict:
    out = {"point": r.outcome.job.dirname, **r.params}
    if seed_of(r) is not None:
        out["seed"] = seed_of(r)
    for m in metrics:
        out[m] = r.metrics[m] if r.ok and r.metrics[m] is not ABSENT else None
    out["status"] = "ok" if r.ok else "failed"
    out["key"] = r.outcome.job.key
    return out


def write(out: Path, rows: list[Row], metrics: dict):
    cols = columns(rows, metrics)
    with open(out / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for r in rows:
            rec = record(r, metrics)
            w.writerow({k: _csv(rec.get(k)) for k in cols})
    with open(out / "results.jsonl", "w") as f:
        for r in rows:
            f.write(json.dumps(record(r, metrics)) + "\n")


def _csv(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (dict, list)):
        return json.dumps(v)
    return v

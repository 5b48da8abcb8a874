"""Loading an experiment file (the format in docs/analysis.md) and checking it. The shape (keys,
types, required keys, allowed words) is a JSON Schema (schema.py); what needs more than a schema is
here: config keys and their values against kasane-sim's own schema (--help-config=json), ranges,
sizes, reserved names; resolve.py then checks the file against its points. Every problem is
collected with its line (toml_lines.py) and all of them are reported together, before anything
runs. The result is plain data: dicts of checked settings, lists of checked tables and plots."""
import difflib
import os
import re
import traceback
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from . import ExperimentError, schema
from .build import ROOT, Build
from .expr import compile_expr
from .toml_lines import Lines

NAME = re.compile(schema.NAME)
FILE_NAME = re.compile(schema.FILE_NAME)
SIZE = re.compile(r"^(\d+)\s*([KMG]?)i?B?$", re.IGNORECASE)
RESERVED = {"group", "seed", "i", "first", "prev", "at", "min", "max", "abs", "round", "sum",
            "len", "each"}
PERTURB_SEED = "sim.perturb_seed"  # what `repeat` varies: 1..N

# Settings a group may give (and the experiment too); title, description and repeat are the
# experiment's.
SETTINGS = ("machine", "kernel", "program", "process", "args", "set", "env", "disk",
            "thermal_trace", "timeout", "params")
MERGED = ("set", "env", "params")  # a group's table merges over the experiment's; others replace
DEFAULTS = {"kernel": "os/kernel.elf", "args": [], "set": {}, "env": {}, "disk": None,
            "thermal_trace": False, "timeout": 600, "params": {}, "machine": None, "program": None,
            "process": None}


@dataclass
class Experiment:
    path: Path
    name: str
    title: str
    description: str
    repeat: int = 1
    groups: list = field(default_factory=list)   # [(name or None, settings, sweep)]
    origins: list = field(default_factory=list)  # per group: setting -> path of where it is written
    metrics: dict = field(default_factory=dict)  # name -> dotted path
    optional: set = field(default_factory=set)  # metrics a point may lack (an empty cell)
    tables: list = field(default_factory=list)
    plots: list = field(default_factory=list)


class Skip(Exception):
    """The item being checked has an error already recorded: go on with the next one."""


class Checker:
    """Collects errors, each naming the file, its line, the key and what is allowed."""

    def __init__(self, path: Path, lines: Lines | None = None):
        try:
            self.shown = path.resolve().relative_to(ROOT)
        except ValueError:
            self.shown = path
        self.lines = lines
        self.errors: list[tuple[int, str]] = []
        self.names: dict[tuple, str] = {}  # ("group", 0) -> "'ops'": how to call an item

    def error(self, path: tuple, problem: str, where: str | None = None):
        line = self.lines.line(path) if self.lines is not None and path else None
        loc = f"{self.shown}:{line}" if line else f"{self.shown}"
        msg = f"{loc}: {where or self.where(path)}: {problem}"
        if all(msg != m for _, m in self.errors):
            self.errors.append((line or 0, msg))

    def fail(self, path: tuple, problem: str, where: str | None = None):
        self.error(path, problem, where)
        raise Skip()

    def where(self, path: tuple) -> str:
        """("table", 0, "columns", 2, "value") -> "[[table]] 't' columns[2].value"."""
        if not path:
            return "top level"
        head, rest = path[0], list(path[1:])
        if head in ("experiment", "sweep", "metrics"):
            w = f"[{head}]"
        elif head in ("group", "table", "plot"):
            w = f"[[{head}]]"
            if rest and isinstance(rest[0], int):
                i = rest.pop(0)
                w += f" {self.names.get((head, i), i + 1)}"
        else:
            return "top level"
        if rest and (head in ("sweep", "metrics") or rest[0] == "sweep" and len(rest) > 1):
            if rest[0] == "sweep":
                w += " sweep"
                rest.pop(0)
            w += f" {rest.pop(0)!r}"
        tail = ""
        for p in rest:
            tail += f"[{p}]" if isinstance(p, int) else (f".{p}" if tail else f" {p}")
        return w + tail

    def result(self):
        if self.errors:
            msgs = [m for _, m in sorted(self.errors, key=lambda e: e[0])]
            more = f"\n{len(msgs)} errors" if len(msgs) > 1 else ""
            raise ExperimentError("\n".join(msgs) + more, msgs)

    def guard(self):
        return _Guard(self)


class _Guard:
    """`with c.guard():` checks one item; an error recorded in it (Skip), or a malformed value that
    the schema has already reported, ends that item only."""

    def __init__(self, c: Checker):
        self.c = c

    def __enter__(self):
        return self

    def __exit__(self, kind_, exc, tb):
        if kind_ is Skip:
            return True
        # A value of the wrong shape makes a later check trip; the schema has said so already.
        if kind_ is not None and os.environ.get("KASANE_DEBUG_CHECKS"):
            traceback.print_exception(kind_, exc, tb)
        return kind_ in (TypeError, KeyError, AttributeError, ValueError, IndexError) and \
            bool(self.c.errors)


RANGE_KEYS = ("start", "stop", "step", "factor")


def flatten(table, ranges: bool = False):
    """Nested tables as dotted keys: TOML reads an unquoted `core.contexts = 4` as
    {"core": {"contexts": 4}}; we mean the config key "core.contexts". With ranges, a table with
    range keys is a value, not a nesting."""
    if not isinstance(table, dict):
        return table
    out = {}
    for k, v in table.items():
        if isinstance(v, dict) and v and not (ranges and any(r in v for r in RANGE_KEYS)):
            for k2, v2 in flatten(v, ranges).items():
                out[f"{k}.{k2}"] = v2
        else:
            out[k] = v
    return out


def normalize(doc: dict) -> dict:
    """doc with config-key tables flattened (set, sweep, where), the shape the schema checks."""
    def settings(t):
        if not isinstance(t, dict):
            return t
        t = dict(t)
        if "set" in t:
            t["set"] = flatten(t["set"])
        if "sweep" in t:
            t["sweep"] = flatten(t["sweep"], ranges=True)
        return t
    out = dict(doc)
    if "experiment" in out:
        out["experiment"] = settings(out["experiment"])
    if "sweep" in out:
        out["sweep"] = flatten(out["sweep"], ranges=True)
    for k in ("group", "table", "plot"):
        if isinstance(out.get(k), list):
            out[k] = [settings(g) if k == "group" else
                      ({**g, "where": flatten(g["where"])} if isinstance(g, dict) and "where" in g
                       else g) for g in out[k]]
    return out


def parse_size(text) -> int | None:
    """Bytes from 4096, "64K", "32M", "1G" (binary units); None if it is not a size."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text if text >= 0 else None
    m = SIZE.match(text.strip()) if isinstance(text, str) else None
    if not m:
        return None
    return int(m.group(1)) << {"": 0, "K": 10, "M": 20, "G": 30}[m.group(2).upper()]


def load(path: Path, build: Build) -> Experiment:
    """The checked experiment; ExperimentError with every problem of the file (and of its points:
    resolve.py) if there is any."""
    try:
        text = path.read_text()
    except OSError as e:
        raise ExperimentError(f"{path}: {e.strerror}") from None
    c = Checker(path)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ExperimentError(f"{c.shown}: not valid TOML: {e}") from None
    c.lines = Lines(text)
    doc = normalize(doc)
    for i, g in enumerate(doc.get("group", []) if isinstance(doc.get("group"), list) else []):
        if isinstance(g, dict) and isinstance(g.get("name"), str):
            c.names[("group", i)] = repr(g["name"])
    for k in ("table", "plot"):
        for i, t in enumerate(doc.get(k, []) if isinstance(doc.get(k), list) else []):
            if isinstance(t, dict) and isinstance(t.get("name"), str):
                c.names[(k, i)] = repr(t["name"])
    for p, problem in schema.problems(doc):
        c.error(p, problem)
    exp = None
    with c.guard():
        exp = check(c, path, doc, build)
    c.result()
    return exp


def check(c: Checker, path: Path, doc: dict, build: Build) -> Experiment:
    top = doc.get("experiment", {})
    exp = Experiment(path=path, name=path.stem, title=top.get("title", path.stem),
                     description=top.get("description", ""), repeat=top.get("repeat", 1))
    if exp.repeat > 1 and PERTURB_SEED not in build.config_keys():
        c.error(("experiment", "repeat"), f"needs the config key {PERTURB_SEED}, which this "
                                          "kasane-sim does not have")
    base = dict(DEFAULTS)
    base.update(check_settings(c, ("experiment",), top, build))
    base_origin = {k: ("experiment",) for k in top}
    sweep = check_sweep(c, ("sweep",), doc.get("sweep", {}), build)
    groups = doc.get("group", [])
    seen = set()
    for gi, g in enumerate(groups):
        with c.guard():
            gname = g["name"]
            if gname in seen:
                c.error(("group", gi, "name"), f"group {gname!r} is given twice")
            seen.add(gname)
            settings, origin = dict(base), dict(base_origin)
            for k, v in check_settings(c, ("group", gi), g, build).items():
                settings[k] = {**base[k], **v} if k in MERGED else v
                origin[k] = ("group", gi)
            if "sweep" in g:
                origin["sweep"] = ("group", gi)
            gsweep = check_sweep(c, ("group", gi, "sweep"), g["sweep"], build) \
                if "sweep" in g else sweep
            exp.groups.append((gname, settings, gsweep))
            exp.origins.append(origin)
    if not groups:
        exp.groups.append((None, base, sweep))
        exp.origins.append(base_origin)
    for gi, (gname, settings, gsweep) in enumerate(exp.groups):
        check_group(c, exp, gi, build)
    metrics = doc.get("metrics", {"cycles": "cycles", "retired": "retired", "ipc": "ipc"})
    exp.metrics = {k: v if isinstance(v, str) else v["path"] for k, v in metrics.items()}
    exp.optional = {k for k, v in metrics.items() if isinstance(v, dict) and v.get("optional")}
    for k in exp.metrics:
        with c.guard():
            check_param_name(c, ("metrics", k), k, "a metric name")
    from .tables import check_table  # the output checks live beside the code that makes them
    from .plots import check_plot
    for what, check_one, items in (("table", check_table, exp.tables),
                                   ("plot", check_plot, exp.plots)):
        names = []
        for i, t in enumerate(doc.get(what, [])):
            with c.guard():
                if t["name"] in names:
                    c.error((what, i, "name"), f"two {what}s are named {t['name']!r}")
                names.append(t["name"])
                items.append(check_one(c, (what, i), t))
    from .resolve import resolve  # the checks that need the points
    resolve(c, exp, build)
    return exp


def check_group(c: Checker, exp: Experiment, gi: int, build: Build):
    gname, settings, gsweep = exp.groups[gi]
    origin = exp.origins[gi]
    at = ("group", gi) if gname else ("experiment",)
    if settings["process"]:
        if settings["program"]:
            c.error(origin.get("process", at) + ("process",),
                    "give `program` or `process` (several programs at once), not both")
        if settings["kernel"] == "":
            c.error(origin.get("kernel", at) + ("kernel",),
                    "`process` needs a kernel: it starts the programs")
        if settings["args"]:
            c.error(origin.get("args", at) + ("args",),
                    "with `process`, give each program's args in its entry")
        for i, e in enumerate(settings["process"]):
            if "programs" in e and ("program" in e or "args" in e):
                c.error(origin.get("process", at) + ("process", i, "programs"),
                        "give `program` and `args` or `programs`, not both")
            if "programs" in e and "each" not in e:
                c.error(origin.get("process", at) + ("process", i, "programs"),
                        "`programs` needs `each`: its element names the program")
    elif not settings["program"]:
        c.error(at, "no program: give `program` (with kernel = \"\", the bare-metal kernel) or "
                    "`process`")
    if settings["kernel"] == "" and settings["args"]:
        c.error(origin.get("args", at) + ("args",),
                "args need a kernel: a bare-metal program (kernel = \"\") takes none")
    for p in settings["params"]:
        if p in gsweep:
            c.error(origin["params"] + ("params", p), f"{p!r} is also a sweep key")
    if exp.repeat > 1:
        for k in (PERTURB_SEED,):
            if k in settings["set"] or k in gsweep:
                c.error(origin.get("set", at) + ("set", k) if k in settings["set"]
                        else ("sweep", k), f"{k} is what `repeat` varies (1..{exp.repeat}); "
                                           "do not set it too")


def check_settings(c: Checker, at: tuple, t: dict, build: Build) -> dict:
    """The settings keys of [experiment] or a group, checked; only those given."""
    out = {k: t[k] for k in SETTINGS if k in t}
    if "machine" in out and "{" not in out["machine"] and not (ROOT / out["machine"]).is_file():
        c.error(at + ("machine",), f"{out['machine']}: no such file (paths are relative to the "
                                   "repository root)")
    if "set" in out:
        for k, v in t["set"].items():
            with c.guard():
                check_config_value(c, at + ("set", k), k, v, build)
    if "params" in out:
        for k in t["params"]:
            with c.guard():
                check_param_name(c, at + ("params", k), k)
    if "disk" in out:
        with c.guard():
            out["disk"] = check_disk(c, at + ("disk",), t["disk"])
    return out


def check_param_name(c: Checker, at: tuple, k: str, what: str = "a parameter name"):
    if not NAME.match(k):
        c.fail(at, f"{k!r} is not {what} (letters, digits, _; no digit first)")
    if k in RESERVED:
        c.fail(at, f"{k!r} is reserved (used in table and plot expressions): "
                   f"not one of {', '.join(sorted(RESERVED))}")


def check_config_value(c: Checker, at: tuple, key: str, value, build: Build):
    keys = build.config_keys()
    if key not in keys:
        near = difflib.get_close_matches(key, list(keys), n=3, cutoff=0.8)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        c.fail(at, f"{key!r} is not a config key{hint}; `kasane-sim --help-config` lists them",
               where=c.where(at[:-1]) if at[-1] == key else None)
    problem = keys[key].check(value)
    if problem:
        c.fail(at, f"{value!r} is not allowed: {key} takes {problem}")


def check_disk(c: Checker, at: tuple, d: dict) -> dict:
    size = d.get("size")
    if size is not None:
        size = parse_size(size)
        if not size or size % 4096:
            c.error(at + ("size",), f"{d['size']!r} is not a size in whole 4 KiB blocks "
                                    "(bytes, or a number with K, M or G)")
    out = {}
    for name, s in d.get("files", {}).items():
        if not FILE_NAME.match(name) or len(name.encode()) > 255:
            c.error(at + ("files", name), f"{name!r} is not a file name for the disk's root "
                                          "(1-255 bytes of letters, digits, _ . -)")
        n = parse_size(s)
        if n is None:
            c.error(at + ("files", name), f"{s!r} is not a size (bytes, or a number with K, M "
                                          "or G)")
        out[name] = n
    spec = {"size": size, "files": out}
    if "dir" in d:  # only then: the spec of a disk without one, and so its key, stays as it was
        spec["dir"] = d["dir"]
    return spec


def check_sweep(c: Checker, at: tuple, s: dict, build: Build) -> dict:
    """Sweep keys in the order written -> their list of values."""
    out = {}
    for k, v in s.items():
        with c.guard():
            w = at + (k,)
            if "." not in k:
                check_param_name(c, w, k)
            values = sweep_range(c, w, v) if isinstance(v, dict) else list(v)
            out[k] = values  # kept despite the errors below: the other checks need the key
            for x in values:
                if values.count(x) > 1:
                    c.fail(w, f"{x!r} is listed twice")
            if "." in k:
                if k not in build.config_keys():
                    del out[k]  # not a key: as a parameter it would only confuse later errors
                for x in values:
                    check_config_value(c, w, k, x, build)
    return out


def sweep_range(c: Checker, at: tuple, r: dict) -> list:
    """{start, stop, factor}: geometric; {start, stop, step}: arithmetic; both inclusive."""
    if ("step" in r) == ("factor" in r):
        c.fail(at, "give either step (arithmetic) or factor (geometric)")
    start, stop = r["start"], r["stop"]
    if stop < start:
        c.fail(at, f"stop {stop} is below start {start}")
    exact = all(isinstance(v, int) for v in r.values())
    values = []
    if "factor" in r:
        f = r["factor"]
        if start <= 0 or f <= 1:
            c.fail(at, "a geometric range needs start > 0 and factor > 1")
        v = start
        while v <= stop * (1 + 1e-12) and len(values) <= 10000:
            values.append(v if exact else float(f"{v:.12g}"))
            v = v * f
    else:
        step = r["step"]
        if step <= 0:
            c.fail(at + ("step",), f"{step} must be more than 0")
        n = 0
        while start + n * step <= stop * (1 + 1e-12) + 1e-12 and len(values) <= 10000:
            v = start + n * step
            values.append(v if exact else float(f"{v:.12g}"))
            n += 1
    if len(values) > 10000:
        c.fail(at, "more than 10,000 values")
    return values


def check_expr(c: Checker, at: tuple, text: str):
    try:
        return compile_expr(text)
    except ValueError as e:
        c.fail(at, str(e))

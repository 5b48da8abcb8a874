"""Loading an experiment file (the format in analysis/README.md) and checking it: every unknown
key, wrong type or bad value is an ExperimentError naming the file, the key and what is allowed.
Config keys (dotted sweep keys and `set`) are checked against kasane-sim's own schema. The result
is plain data: dicts of checked settings, lists of checked tables and plots."""
import difflib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from . import ExperimentError
from .build import ROOT, Build
from .expr import compile_expr

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
SIZE = re.compile(r"^(\d+)\s*([KMG]?)i?B?$", re.IGNORECASE)
SCALAR = (bool, int, float, str)
RESERVED = {"group", "i", "first", "prev", "at", "min", "max", "abs", "round", "sum", "len"}

# Settings a group may give (and the experiment too); title and description are the experiment's.
SETTINGS = ("machine", "kernel", "program", "args", "set", "env", "disk", "thermal_trace",
            "timeout", "params")
MERGED = ("set", "env", "params")  # a group's table merges over the experiment's; others replace
DEFAULTS = {"kernel": "os/kernel.elf", "args": [], "set": {}, "env": {}, "disk": None,
            "thermal_trace": False, "timeout": 600, "params": {}, "machine": None, "program": None}


@dataclass
class Experiment:
    path: Path
    name: str
    title: str
    description: str
    groups: list = field(default_factory=list)   # [(name or None, settings, sweep)]
    metrics: dict = field(default_factory=dict)  # name -> dotted path
    tables: list = field(default_factory=list)
    plots: list = field(default_factory=list)


class Checker:
    """Error messages that name the file and the key."""

    def __init__(self, path: Path):
        try:
            self.shown = path.resolve().relative_to(ROOT)
        except ValueError:
            self.shown = path

    def fail(self, where: str, problem: str):
        raise ExperimentError(f"{self.shown}: {where}: {problem}")

    def keys(self, where: str, table, allowed, required=()):
        if not isinstance(table, dict):
            self.fail(where, f"must be a table, not {kind(table)}")
        for k in table:
            if k not in allowed:
                self.fail(where, f"unknown key {k!r}; allowed: {', '.join(allowed)}")
        for k in required:
            if k not in table:
                self.fail(where, f"missing key {k!r}")

    def typed(self, where, value, types, what):
        if isinstance(value, bool) and bool not in types or not isinstance(value, types):
            self.fail(where, f"must be {what}, not {kind(value)} {value!r}")
        return value

    def string(self, where, value):
        return self.typed(where, value, (str,), "a string")

    def strings(self, where, value):
        self.typed(where, value, (list,), "a list of strings")
        for i, v in enumerate(value):
            self.typed(f"{where}[{i}]", v, (str,), "a string")
        return list(value)

    def scalar(self, where, value):
        return self.typed(where, value, SCALAR, "a string, integer, float or boolean")

    def name(self, where, value, what="a name"):
        if not isinstance(value, str) or not NAME.match(value):
            self.fail(where, f"{value!r} is not {what} (letters, digits, _; no digit first)")
        return value


def kind(v) -> str:
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
            list: "a list", dict: "a table"}.get(type(v), type(v).__name__)


RANGE_KEYS = ("start", "stop", "step", "factor")


def flatten(table: dict, ranges: bool = False) -> dict:
    """Nested tables as dotted keys: TOML reads an unquoted `core.contexts = 4` as
    {"core": {"contexts": 4}}; we mean the config key "core.contexts". With ranges, a table with
    range keys is a value, not a nesting."""
    out = {}
    for k, v in table.items():
        if isinstance(v, dict) and not (ranges and any(r in v for r in RANGE_KEYS)):
            for k2, v2 in flatten(v, ranges).items():
                out[f"{k}.{k2}"] = v2
        else:
            out[k] = v
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
    c = Checker(path)
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except OSError as e:
        raise ExperimentError(f"{path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise ExperimentError(f"{c.shown}: not valid TOML: {e}") from None
    c.keys("top level", doc, ("experiment", "sweep", "group", "metrics", "table", "plot"),
           required=("experiment",))
    top = doc["experiment"]
    c.keys("[experiment]", top, ("title", "description") + SETTINGS)
    exp = Experiment(path=path, name=path.stem,
                     title=c.string("[experiment] title", top.get("title", path.stem)),
                     description=c.string("[experiment] description", top.get("description", "")))
    base = dict(DEFAULTS)
    base.update(check_settings(c, "[experiment]", top, build))
    sweep = check_sweep(c, "[sweep]", doc.get("sweep", {}), build)
    groups = doc.get("group", [])
    c.typed("[[group]]", groups, (list,), "a list of tables ([[group]])")
    seen = set()
    for gi, g in enumerate(groups):
        where = f"[[group]] {gi + 1}"
        c.keys(where, g, ("name", "sweep") + SETTINGS, required=("name",))
        gname = c.name(f"{where} name", g["name"], "a group name")
        if gname in seen:
            c.fail(f"{where} name", f"group {gname!r} is given twice")
        seen.add(gname)
        where = f"[[group]] {gname!r}"
        settings = dict(base)
        for k, v in check_settings(c, where, g, build).items():
            settings[k] = {**base[k], **v} if k in MERGED else v
        gsweep = check_sweep(c, f"{where} sweep", g["sweep"], build) if "sweep" in g else sweep
        exp.groups.append((gname, settings, gsweep))
    if not groups:
        exp.groups.append((None, base, sweep))
    for gname, settings, gsweep in exp.groups:
        where = f"[[group]] {gname!r}" if gname else "[experiment]"
        if not settings["program"]:
            c.fail(where, "no program: give `program` (with kernel = \"\", the bare-metal kernel)")
        if settings["kernel"] == "" and settings["args"]:
            c.fail(where, "args need a kernel: a bare-metal program (kernel = \"\") takes none")
        for p in settings["params"]:
            if p in gsweep:
                c.fail(f"{where} params", f"{p!r} is also a sweep key")
    exp.metrics = check_metrics(c, doc.get("metrics", {"cycles": "cycles", "retired": "retired",
                                                         "ipc": "ipc"}))
    from .tables import check_table  # the output checks live beside the code that makes them
    from .plots import check_plot
    tables = c.typed("[[table]]", doc.get("table", []), (list,), "a list of tables ([[table]])")
    exp.tables = [check_table(c, f"[[table]] {i + 1}", t) for i, t in enumerate(tables)]
    plots = c.typed("[[plot]]", doc.get("plot", []), (list,), "a list of tables ([[plot]])")
    exp.plots = [check_plot(c, f"[[plot]] {i + 1}", p) for i, p in enumerate(plots)]
    for what, items in (("table", exp.tables), ("plot", exp.plots)):
        names = [t["name"] for t in items]
        for n in names:
            if names.count(n) > 1:
                c.fail(f"[[{what}]] {n!r}", f"two {what}s are named {n!r}")
    return exp


def check_settings(c: Checker, where: str, t: dict, build: Build) -> dict:
    """The settings keys of [experiment] or a group, checked; only those given."""
    out = {}
    for k in ("machine", "kernel", "program"):
        if k in t:
            out[k] = c.string(f"{where} {k}", t[k])
    if "machine" in out and "{" not in out["machine"] and not (ROOT / out["machine"]).is_file():
        c.fail(f"{where} machine", f"{out['machine']}: no such file (paths are relative to the "
                                   "repository root)")
    if "args" in t:
        out["args"] = c.strings(f"{where} args", t["args"])
    if "set" in t:
        s = flatten(c.typed(f"{where} set", t["set"], (dict,), "a table of config keys"))
        out["set"] = {k: check_config_value(c, f"{where} set", k, v, build) for k, v in s.items()}
    if "env" in t:
        e = c.typed(f"{where} env", t["env"], (dict,), "a table of NAME = value")
        out["env"] = {}
        for k, v in e.items():
            c.name(f"{where} env", k, "an environment variable name")
            c.typed(f"{where} env.{k}", v, (str, int, float), "a string or a number")
            out["env"][k] = v
    if "params" in t:
        p = c.typed(f"{where} params", t["params"], (dict,), "a table of parameters")
        for k, v in p.items():
            check_param_name(c, f"{where} params", k)
            c.scalar(f"{where} params.{k}", v)
        out["params"] = dict(p)
    if "disk" in t:
        out["disk"] = check_disk(c, f"{where} disk", t["disk"])
    if "thermal_trace" in t:
        out["thermal_trace"] = c.typed(f"{where} thermal_trace", t["thermal_trace"], (bool,),
                                       "true or false")
    if "timeout" in t:
        v = c.typed(f"{where} timeout", t["timeout"], (int, float), "a number of seconds")
        if v <= 0:
            c.fail(f"{where} timeout", f"{v} must be more than 0 seconds")
        out["timeout"] = v
    return out


def check_param_name(c: Checker, where: str, k: str):
    c.name(where, k, "a parameter name")
    if k in RESERVED:
        c.fail(where, f"{k!r} is reserved (used in table and plot expressions): "
                      f"not one of {', '.join(sorted(RESERVED))}")


def check_config_value(c: Checker, where: str, key: str, value, build: Build):
    keys = build.config_keys()
    if key not in keys:
        near = difflib.get_close_matches(key, list(keys), n=3, cutoff=0.8)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        c.fail(where, f"{key!r} is not a config key{hint}; `kasane-sim --help-config` lists them")
    c.scalar(f"{where} {key!r}", value)
    problem = keys[key].check(value)
    if problem:
        c.fail(f"{where} {key!r}", f"{value!r} is not allowed: {key} takes {problem}")
    return value


def check_disk(c: Checker, where: str, d) -> dict:
    c.keys(where, d, ("size", "files"))
    size = d.get("size")
    if size is not None:
        size = parse_size(size)
        if not size or size % 4096:
            c.fail(f"{where} size", f"{d['size']!r} is not a size in whole 4 KiB blocks "
                                    "(bytes, or a number with K, M or G)")
    files = c.typed(f"{where} files", d.get("files", {}), (dict,), "a table of NAME = size")
    out = {}
    for name, s in files.items():
        if not FILE_NAME.match(name) or len(name.encode()) > 47:
            c.fail(f"{where} files", f"{name!r} is not a KFS file name (1-47 bytes of "
                                     "letters, digits, _ . -)")
        n = parse_size(s)
        if n is None:
            c.fail(f"{where} files.{name}", f"{s!r} is not a size (bytes, or a number with K, M "
                                            "or G)")
        out[name] = n
    return {"size": size, "files": out}


def check_sweep(c: Checker, where: str, s, build: Build) -> dict:
    """Sweep keys in the order written -> their list of values."""
    c.typed(where, s, (dict,), "a table of key = values")
    out = {}
    for k, v in flatten(s, ranges=True).items():
        w = f"{where} {k!r}"
        if "." not in k:
            check_param_name(c, where, k)
        if isinstance(v, dict):
            values = sweep_range(c, w, v)
        else:
            c.typed(w, v, (list,), "a list of values or a range table {start, stop, step|factor}")
            if not v:
                c.fail(w, "an empty list sweeps nothing")
            values = [c.scalar(f"{w}[{i}]", x) for i, x in enumerate(v)]
            for x in values:
                if values.count(x) > 1:
                    c.fail(w, f"{x!r} is listed twice")
        if "." in k:
            for x in values:
                check_config_value(c, where, k, x, build)
        out[k] = values
    return out


def sweep_range(c: Checker, where: str, r: dict) -> list:
    """{start, stop, factor}: geometric; {start, stop, step}: arithmetic; both inclusive."""
    c.keys(where, r, RANGE_KEYS, required=("start", "stop"))
    if ("step" in r) == ("factor" in r):
        c.fail(where, "give either step (arithmetic) or factor (geometric)")
    for k in r:
        c.typed(f"{where} {k}", r[k], (int, float), "a number")
    start, stop = r["start"], r["stop"]
    if stop < start:
        c.fail(where, f"stop {stop} is below start {start}")
    exact = all(isinstance(v, int) for v in r.values())
    values = []
    if "factor" in r:
        f = r["factor"]
        if start <= 0 or f <= 1:
            c.fail(where, "a geometric range needs start > 0 and factor > 1")
        v = start
        while v <= stop * (1 + 1e-12):
            values.append(v if exact else float(f"{v:.12g}"))
            v = v * f
    else:
        step = r["step"]
        if step <= 0:
            c.fail(f"{where} step", f"{step} must be more than 0")
        n = 0
        while start + n * step <= stop * (1 + 1e-12) + 1e-12:
            v = start + n * step
            values.append(v if exact else float(f"{v:.12g}"))
            n += 1
    if len(values) > 10000:
        c.fail(where, f"{len(values)} values: more than 10,000")
    return values


def check_metrics(c: Checker, m) -> dict:
    c.typed("[metrics]", m, (dict,), "a table of name = \"dotted.path\"")
    for k, v in m.items():
        check_param_name(c, "[metrics]", k)
        c.string(f"[metrics] {k}", v)
        if not v or any(not part for part in v.split(".")):
            c.fail(f"[metrics] {k}", f"{v!r} is not a dotted path into stats.json")
    return dict(m)


def check_where(c: Checker, where: str, w) -> dict:
    c.typed(where, w, (dict,), "a table of parameter = value (or a list of values)")
    w = flatten(w)
    for k, v in w.items():
        if isinstance(v, list):
            for x in v:
                c.scalar(f"{where} {k}", x)
        else:
            c.scalar(f"{where} {k}", v)
    return dict(w)


def check_expr(c: Checker, where: str, text):
    c.string(where, text)
    try:
        return compile_expr(text)
    except ValueError as e:
        c.fail(where, str(e))

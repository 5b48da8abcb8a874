"""The second half of the checks: the experiment against its points, still before anything runs.
- every {name} in a template (machine, kernel, program, args, env, set, process) names a
  parameter, and every process's `each` too;
- every machine, kernel and program that a point would run exists;
- every parameter is used by something (a template, a table, a plot, a filter): a sweep over a
  parameter nothing uses would run identical points (`contexts = [1, 2]` instead of
  `core.contexts`);
- the names a table or plot expression uses exist where it is evaluated; at()'s keywords are
  parameters and its constant values are values some point has; `where` filters and `series` name
  parameters and select some point; no metric shares a parameter's name.
Errors go to the Checker with the line of the key that is wrong."""
import difflib
import itertools

from .build import ROOT, Build
from .expr import BUILTINS, NOT_CONSTANT, Uses
from .spec import Checker, Experiment
from .sweep import _SUBST, MISSING, expand, fmt_value, lookup, matches, same

POINT_NAMES = {"i", "first", "prev", "at"}
ROW_NAMES = {"i", "at"}
DICT_ATTRS = {"get", "keys", "values", "items"}


def resolve(c: Checker, exp: Experiment, build: Build):
    used = set()
    templates_ok = check_templates(c, exp, used)
    points = expand(exp, strict=False)  # an unknown {name} stays as written: reported above
    if templates_ok:
        check_files(c, exp, points, build)
    params = {}  # name (dots and underscores) -> set of values
    for p in points:
        for k, v in p.params.items():
            for name in (k, k.replace(".", "_")):
                params.setdefault(name, []).append(v)
    for m in exp.metrics:
        if m in params:
            c.error(("metrics", m), f"{m!r} is also the name of a parameter; rename one")
    for t in exp.tables:
        with c.guard():
            check_table_names(c, exp, t, params, points, used)
    for p in exp.plots:
        with c.guard():
            check_plot_names(c, exp, p, params, points, used)
    check_unused(c, exp, used, build)


def param_named(name: str, params) -> str | None:
    """The parameter `name` refers to (dots may be written as underscores), or None."""
    for k in params:
        if k == name or k.replace(".", "_") == name or k == name.replace("_", "."):
            return k
    return None


def check_templates(c: Checker, exp: Experiment, used: set) -> bool:
    ok = True
    for gi, (gname, settings, sweep) in enumerate(exp.groups):
        origin = exp.origins[gi]
        at = ("group", gi) if gname else ("experiment",)
        names = (["group"] if gname else []) + list(sweep) + list(settings["params"])
        templates = [(origin.get(k, at) + (k,), settings[k]) for k in ("machine", "kernel",
                                                                        "program")]
        templates += [(origin.get("args", at) + ("args", i), a)
                      for i, a in enumerate(settings["args"])]
        for k in ("env", "set"):
            templates += [(origin.get(k, at) + (k, name), v) for name, v in settings[k].items()]
        templates = [(path, text, names) for path, text in templates]
        for i, e in enumerate(settings["process"] or []):
            where = origin.get("process", at) + ("process", i)
            own = names
            if "each" in e:
                p = param_named(e["each"], names)
                if p is None:
                    ok = False
                    c.error(where + ("each",), f"{e['each']!r} names no parameter of "
                                               f"{'group ' + repr(gname) if gname else 'the points'}"
                                               f"; parameters: {', '.join(names) or 'none'}")
                else:
                    used.add((gi, p))
                own = names + ["each"]
            templates += [(where + (k,), e[k], own) for k in ("program", "name", "cpu") if k in e]
            templates += [(where + ("args", j), a, own) for j, a in enumerate(e.get("args", []))]
            for name, prog in e.get("programs", {}).items():
                templates += [(where + ("programs", name, "program"), prog["program"], own)]
                templates += [(where + ("programs", name, "args", j), a, own)
                              for j, a in enumerate(prog.get("args", []))]
            templates += [(where + ("env", k), v, own) for k, v in e.get("env", {}).items()]
        for path, text, known in templates:
            if not isinstance(text, str):
                continue
            for m in _SUBST.finditer(text):
                if m.group(1) is None:
                    continue
                if m.group(1) == "each" and "each" in known or m.group(1) == "seed":
                    continue  # {seed}: the run's perturbation seed (sweep.py)
                p = param_named(m.group(1), known)
                if p is None:
                    ok = False
                    c.error(path, f"{{{m.group(1)}}} names no parameter of "
                                  f"{'group ' + repr(gname) if gname else 'the points'}; "
                                  f"parameters: {', '.join(names) or 'none'}")
                else:
                    used.add((gi, p))
    return ok


def check_files(c: Checker, exp: Experiment, points, build: Build):
    """The machine, kernel and program of every point, once each."""
    seen = set()
    for p in points:
        gi = next(i for i, g in enumerate(exp.groups) if g[0] == p.group)
        origin = exp.origins[gi]
        at = ("group", gi) if p.group else ("experiment",)
        for k, base, where in (("machine", ROOT, "the repository root"),
                               ("kernel", build.target, "the build's target tree"),
                               ("program", build.target, "the build's target tree")):
            rel = p.settings[k]
            if not rel or (k, rel) in seen:
                continue
            seen.add((k, rel))
            if not (base / rel).is_file():
                c.error(origin.get(k, at) + (k,), f"{rel}: no such file in {where} "
                                                  f"({base / rel})")
        for i, e in enumerate(exp.groups[gi][1]["process"] or []):
            value = lookup(p.params, e["each"]) if "programs" in e else MISSING
            for x in ([] if value is MISSING else fmt_value(value).split("+")):
                if x not in e["programs"] and ("element", gi, i, x) not in seen:
                    seen.add(("element", gi, i, x))
                    c.error(origin.get("process", at) + ("process", i, "each"),
                            f"{x!r} (in {e['each']} = {fmt_value(value)!r}) is not in programs; "
                            f"they are: {', '.join(e['programs'])}")
        for i, e in enumerate(p.settings["process"] or []):
            if not isinstance(e["cpu"], (int, type(None))):
                c.error(origin.get("process", at) + ("process",),
                        f"process {e['program']}: cpu {e['cpu']!r} is not a CPU number (point "
                        f"{p.label()})")
            rel = e["program"]
            if ("program", rel) not in seen:
                seen.add(("program", rel))
                if not (build.target / rel).is_file():
                    c.error(origin.get("process", at) + ("process",),
                            f"{rel}: no such file in the build's target tree "
                            f"({build.target / rel})")
        rel = (p.settings["disk"] or {}).get("dir")
        if rel and ("dir", rel) not in seen:
            seen.add(("dir", rel))
            if not build.target_path(rel).is_dir():
                c.error(origin.get("disk", at) + ("disk", "dir"),
                        f"{rel}: no such folder in the build's target tree "
                        f"({build.target_path(rel)})")


def check_expression(c: Checker, path: tuple, text: str, allowed: set, params: dict, metrics,
                     used_names: set) -> Uses | None:
    try:
        u = Uses(text)
    except SyntaxError:
        return None  # compile_expr has reported it
    known = ", ".join(sorted(n for n in allowed - POINT_NAMES if "." not in n)) or "none"
    for n in sorted(u.names - allowed - set(BUILTINS)):
        c.error(path, f"{text!r}: {n!r} is not a parameter, metric or variable here; known: "
                      f"{known}")
    for a in sorted(u.attributes - set(params) - set(metrics) - DICT_ATTRS):
        c.error(path, f"{text!r}: .{a} is not a parameter or metric of a point")
    for call in u.at_calls:
        for k, v in call.items():
            p = param_named(k, params)
            if p is None:
                c.error(path, f"{text!r}: at({k}=...): {k!r} is no parameter; parameters: "
                              f"{', '.join(sorted(n for n in params if '.' not in n))}")
                continue
            used_names.add(k)
            if v is not NOT_CONSTANT and not any(same(v, x) for x in params[p]):
                values = sorted({repr(x) for x in params[p]})
                c.error(path, f"{text!r}: at({k}={v!r}): no point has {k} = {v!r}; it takes "
                              f"{', '.join(values)}")
    used_names |= u.names | u.attributes
    return u


def check_filter(c: Checker, path: tuple, item: dict, params: dict, points, used_names: set):
    for k in item["where"]:
        if param_named(k, params) is None:
            c.error(path + ("where", k), f"{k!r} is no parameter of any point; parameters: "
                                         f"{', '.join(sorted(n for n in params if '.' not in n))}")
            return
        used_names.add(k)
    if item.get("series"):
        if param_named(item["series"], params) is None:
            c.error(path + ("series",), f"{item['series']!r} is no parameter of any point")
        used_names.add(item["series"])
    if item["where"] and not any(matches(p.params, item["where"]) for p in points):
        c.error(path + ("where",), "selects no point")


def check_table_names(c, exp, t, params, points, used_names):
    if t["rows"] == "points":
        check_filter(c, t["at"], t, params, points, used_names)
        allowed = set(params) | set(exp.metrics) | POINT_NAMES
        for col in t["columns"]:
            check_expression(c, col["at"], col["value"], allowed, params, exp.metrics, used_names)
        return
    for col in t["columns"]:
        for i, row in enumerate(t["rows"]):
            u = check_expression(c, col["at"], col["value"], set(row) | ROW_NAMES, params,
                                 exp.metrics, used_names)
            if u is None or u.names - set(row) - ROW_NAMES - set(BUILTINS):
                break  # one report per column is enough


def check_plot_names(c, exp, p, params, points, used_names):
    check_filter(c, p["at"], p, params, points, used_names)
    if p["kind"] in ("line", "cpi"):
        allowed = set(params) | set(exp.metrics) | POINT_NAMES
        for k in ("x", "y", "label"):
            if p.get(k) is not None:
                check_expression(c, p["at"] + (k,), p[k], allowed, params, exp.metrics,
                                 used_names)


def check_unused(c: Checker, exp: Experiment, used: set, build: Build):
    """A parameter is used when a template, an expression, a filter or a series names it."""
    names = set()
    for t in exp.tables + exp.plots:
        for col in t.get("columns", []):
            names |= _names(col["value"])
        for k in ("x", "y", "label"):
            if t.get(k):
                names |= _names(t[k])
        names |= set(t["where"]) | ({t["series"]} if t.get("series") else set())
    keys = build.config_keys()
    for gi, (gname, settings, sweep) in enumerate(exp.groups):
        origin = exp.origins[gi]
        sweep_at = origin.get("sweep", ()) + ("sweep",)
        for k, at in itertools.chain(((k, sweep_at + (k,)) for k in sweep if "." not in k),
                                     ((k, origin.get("params", ()) + ("params", k))
                                      for k in settings["params"])):
            if (gi, k) in used or k in names or k.replace(".", "_") in names:
                continue
            near = [n for n in keys if n.split(".")[-1] == k] or \
                difflib.get_close_matches(k, [n.split(".")[-1] for n in keys], n=1, cutoff=0.8)
            near = [n for n in keys if n == near[0] or n.split(".")[-1] == near[0]] if near else []
            hint = f" (a config key is written with its section: {', '.join(near)}?)" if near \
                else ""
            c.error(at, f"parameter {k!r} is used by nothing: no template ({{{k}}}), table, plot "
                        f"or filter names it, so its points would all be the same{hint}")


def _names(text: str) -> set:
    try:
        u = Uses(text)
    except SyntaxError:
        return set()
    out = u.names | u.attributes
    for call in u.at_calls:
        out |= set(call)
    return out

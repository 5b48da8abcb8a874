"""Sweep expansion: each group's sweep is a cartesian product in the order its keys are written
(the first key varies slowest), groups one after the other; every combination is a point with its
parameters (`group`, the sweep keys, fixed `params`) and its settings, in which `{name}` has been
replaced by the parameter's value and dotted sweep keys have joined `set`."""
import itertools
import re
from dataclasses import dataclass

from . import ExperimentError
from .spec import Checker, Experiment

_SUBST = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


@dataclass
class Point:
    index: int          # position in sweep order
    group: str | None
    params: dict        # parameter -> value, dotted config keys as written
    shown: list         # the (key, value) pairs that name the point: group, then sweep keys
    settings: dict      # machine, kernel, program, args, set, env, disk, thermal_trace, timeout

    def label(self) -> str:
        return ",".join(f"{k}={fmt_value(v)}" for k, v in self.shown) or "point"


def fmt_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def substitute(text: str, params: dict, where: str) -> str:
    """Replace {name} (a parameter; dots or underscores) by its value; {{ and }} are braces."""
    def one(m):
        if m.group(0) in ("{{", "}}"):
            return m.group(0)[0]
        name = m.group(1)
        for k in (name, name.replace("_", ".")):
            if k in params:
                return fmt_value(params[k])
        for k, v in params.items():
            if k.replace(".", "_") == name:
                return fmt_value(v)
        raise ExperimentError(f"{where}: {{{name}}} names no parameter of this point; its "
                              f"parameters: {', '.join(params) or 'none'}")
    return _SUBST.sub(one, text)


def expand(exp: Experiment) -> list[Point]:
    points = []
    shown_file = Checker(exp.path).shown
    for gname, settings, sweep in exp.groups:
        keys = list(sweep)
        for combo in itertools.product(*(sweep[k] for k in keys)):
            params = {} if gname is None else {"group": gname}
            params.update(zip(keys, combo))
            params.update(settings["params"])
            shown = ([("group", gname)] if gname else []) + list(zip(keys, combo))
            where = f"{shown_file}: [[group]] {gname!r}" if gname else shown_file
            s = dict(settings)
            del s["params"]
            for k in ("machine", "kernel", "program"):
                if s[k] is not None:
                    s[k] = substitute(s[k], params, f"{where} {k}")
            s["args"] = [substitute(a, params, f"{where} args") for a in s["args"]]
            s["env"] = {k: substitute(v, params, f"{where} env.{k}") if isinstance(v, str) else v
                        for k, v in s["env"].items()}
            s["set"] = {**s["set"], **{k: v for k, v in zip(keys, combo) if "." in k}}
            s["set"] = {k: substitute(v, params, f"{where} set.{k}") if isinstance(v, str) else v
                        for k, v in s["set"].items()}
            points.append(Point(len(points), gname, params, shown, s))
    clash = set(exp.metrics) & {k.replace(".", "_") for p in points for k in p.params}
    if clash:
        raise ExperimentError(f"{shown_file}: [metrics] {', '.join(sorted(clash))}: also the name "
                              "of a parameter; rename one")
    return points


def matches(params: dict, where: dict) -> bool:
    """Whether a point's parameters satisfy a filter {key: value or list of values}; keys may be
    written with dots or underscores."""
    for k, want in where.items():
        have = lookup(params, k)
        if have is MISSING:
            return False
        wants = want if isinstance(want, list) else [want]
        if not any(same(have, w) for w in wants):
            return False
    return True


MISSING = object()


def lookup(params: dict, key: str):
    if key in params:
        return params[key]
    for k, v in params.items():
        if k.replace(".", "_") == key:
            return v
    return MISSING


def same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b


def check_filters(exp: Experiment, points: list[Point]):
    """Every `where` key and `series` of the tables and plots names a parameter of some point: a
    misspelt one would silently select nothing."""
    known = {k for p in points for k in p.params}
    known |= {k.replace(".", "_") for k in known}
    for what, items in (("table", exp.tables), ("plot", exp.plots)):
        for t in items:
            used = list(t["where"]) + ([t["series"]] if t.get("series") else [])
            for k in used:
                if k not in known:
                    raise ExperimentError(f"{Checker(exp.path).shown}: [[{what}]] {t['name']!r}: "
                                          f"{k!r} is no parameter of any point; parameters: "
                                          f"{', '.join(sorted(known)) or 'none'}")

"""Sweep expansion: each group's sweep is a cartesian product in the order its keys are written
(the first key varies slowest), groups one after the other; every combination is a point with its
parameters (`group`, the sweep keys, fixed `params`) and its settings, in which `{name}` has been
replaced by the parameter's value and dotted sweep keys have joined `set`. With `repeat = N` each
combination is N points, seeds 1..N, each with sim.perturb_seed set to its seed."""
import itertools
import re
from dataclasses import dataclass

from . import ExperimentError
from .spec import PERTURB_SEED, Checker, Experiment

_SUBST = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


@dataclass
class Point:
    index: int          # position in sweep order
    group: str | None
    params: dict        # parameter -> value, dotted config keys as written
    shown: list         # the (key, value) pairs that name the point: group, then sweep keys
    settings: dict      # machine, kernel, program, process, args, set, env, disk, thermal_trace,
                        # timeout
    seed: int | None = None   # 1..N with repeat = N; None: one unperturbed run
    combo: int = 0      # which sweep combination: the seeds of one combination share it

    def label(self) -> str:
        shown = self.shown + ([("seed", self.seed)] if self.seed is not None else [])
        return ",".join(f"{k}={fmt_value(v)}" for k, v in shown) or "point"


def fmt_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def substitute(text: str, params: dict, where: str, strict: bool = True) -> str:
    """Replace {name} (a parameter; dots or underscores) by its value; {{ and }} are braces. An
    unknown name is an error, or stays as written if not strict (resolve.py has reported it)."""
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
        if not strict:
            return m.group(0)
        raise ExperimentError(f"{where}: {{{name}}} names no parameter of this point; its "
                              f"parameters: {', '.join(params) or 'none'}")
    return _SUBST.sub(one, text) if isinstance(text, str) else text


def expand(exp: Experiment, strict: bool = True) -> list[Point]:
    points = []
    combos = 0
    shown_file = Checker(exp.path).shown
    for gname, settings, sweep in exp.groups:
        keys = list(sweep)
        for combo in itertools.product(*(sweep[k] for k in keys)):
            params = {} if gname is None else {"group": gname}
            params.update(zip(keys, combo))
            params.update(settings["params"])
            shown = ([("group", gname)] if gname else []) + list(zip(keys, combo))
            where = f"{shown_file}: [[group]] {gname!r}" if gname else shown_file
            seeds = range(1, exp.repeat + 1) if exp.repeat > 1 else [None]
            for seed in seeds:
                # {seed} is the run's perturbation seed (0 without repeat): a program may take it
                # as its own seed (E10's message), so that each run of a combination differs.
                s = settings_of(settings, keys, combo, {**params, "seed": seed or 0}, where,
                                strict)
                if seed is not None:
                    s["set"] = {**s["set"], PERTURB_SEED: seed}
                points.append(Point(len(points), gname, params, shown, s, seed, combos))
            combos += 1
    return points


def settings_of(settings: dict, keys: list, combo: tuple, params: dict, where: str,
                strict: bool) -> dict:
    """A point's settings: the group's with {name} replaced and its sweep's config keys set."""
    s = dict(settings)
    del s["params"]
    for k in ("machine", "kernel", "program"):
        if s[k] is not None:
            s[k] = substitute(s[k], params, f"{where} {k}", strict)
    s["args"] = [substitute(a, params, f"{where} args", strict) for a in s["args"]]
    s["env"] = {k: substitute(v, params, f"{where} env.{k}", strict)
                for k, v in s["env"].items()}
    if s["process"]:
        s["process"] = processes(s["process"], params, f"{where} process", strict)
    s["set"] = {**s["set"], **{k: v for k, v in zip(keys, combo) if "." in k}}
    s["set"] = {k: substitute(v, params, f"{where} set.{k}", strict)
                for k, v in s["set"].items()}
    return s


def processes(entries: list, params: dict, where: str, strict: bool = True) -> list[dict]:
    """A point's [[process]] entries with {name} replaced: an entry with `each` stands for one
    process per "+"-separated element of that parameter's value, {each} being the element. Every
    entry comes out with program, args, env, name (None: the program's file name) and cpu (None:
    not pinned). With `programs`, the element is a name there, which gives the program and its
    args."""
    out = []
    for i, e in enumerate(entries):
        at = f"{where}[{i}]"
        if "each" in e:
            value = lookup(params, e["each"])
            if value is MISSING:
                if strict:
                    raise ExperimentError(f"{at}: each = {e['each']!r} names no parameter")
                continue
            elements = [x for x in fmt_value(value).split("+")]
        else:
            elements = [None]
        for x in elements:
            ps = params if x is None else {**params, "each": x}
            prog = e
            if "programs" in e:
                if x not in e["programs"]:
                    if strict:
                        raise ExperimentError(
                            f"{at}: {x!r} (in {e.get('each')} = {fmt_value(value)!r}) is not in "
                            f"programs; they are: {', '.join(e['programs'])}")
                    continue
                prog = e["programs"][x]
            cpu = e.get("cpu")
            if isinstance(cpu, str):
                text = substitute(cpu, ps, f"{at}.cpu", strict)
                try:
                    cpu = int(text)
                except ValueError:
                    if strict:
                        raise ExperimentError(f"{at}.cpu: {text!r} is not a CPU number") from None
            out.append({"program": substitute(prog["program"], ps, f"{at}.program", strict),
                        "args": [substitute(a, ps, f"{at}.args", strict)
                                 for a in prog.get("args", [])],
                        "env": {k: substitute(v, ps, f"{at}.env.{k}", strict)
                                for k, v in e.get("env", {}).items()},
                        "name": substitute(e["name"], ps, f"{at}.name", strict)
                        if "name" in e else None,
                        "cpu": cpu})
    return out


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

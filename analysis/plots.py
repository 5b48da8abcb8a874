"""Plots, written as plots/NAME.png and plots/NAME.svg (matplotlib, Agg backend):
- kind = "line" (the default): x and y expressions per point, one line per value of `series`,
  the points of a line in x order; failed points are left out; optional reference curves;
- kind = "trace": one line per point from its thermal trace (needs thermal_trace = true):
  simulated time in ms against die temperature, labelled by `series`."""
import csv
from pathlib import Path

from .expr import PointFailed, evaluate, names_of
from .points import THERMAL
from .spec import FILE_NAME, Checker, check_expr, check_where
from .sweep import MISSING, fmt_value, lookup, matches
from .tables import make_at

SCALES = ("linear", "log", "log2")
KEYS = ("name", "title", "kind", "trace", "x", "y", "series", "where", "xscale", "yscale",
        "xlabel", "ylabel", "reference")


def check_plot(c: Checker, where: str, p) -> dict:
    c.keys(where, p, KEYS, required=("name",))
    name = c.string(f"{where} name", p["name"])
    if not FILE_NAME.match(name):
        c.fail(f"{where} name", f"{name!r}: use letters, digits, _ . - (it names the files)")
    where = f"[[plot]] {name!r}"
    kind = p.get("kind", "line")
    if kind not in ("line", "trace"):
        c.fail(f"{where} kind", f"{kind!r}: one of line, trace")
    out = {"name": name, "kind": kind, "title": c.string(f"{where} title", p.get("title", name)),
           "where": check_where(c, f"{where} where", p.get("where", {})),
           "series": c.string(f"{where} series", p["series"]) if "series" in p else None}
    for k in ("xscale", "yscale"):
        out[k] = p.get(k, "linear")
        if out[k] not in SCALES:
            c.fail(f"{where} {k}", f"{out[k]!r}: one of {', '.join(SCALES)}")
    if kind == "trace":
        for k in ("x", "y", "reference"):
            if k in p:
                c.fail(f"{where} {k}", "not for kind = \"trace\" (x is time, y die temperature)")
        if p.get("trace", "thermal") != "thermal":
            c.fail(f"{where} trace", f"{p['trace']!r}: the only trace is \"thermal\"")
        out.update(xlabel=p.get("xlabel", "simulated time (ms)"),
                   ylabel=p.get("ylabel", "die temperature (°C)"), reference=[])
    else:
        if "trace" in p:
            c.fail(f"{where} trace", "only for kind = \"trace\"")
        for k in ("x", "y"):
            if k not in p:
                c.fail(where, f"missing key {k!r}")
            out[k] = c.string(f"{where} {k}", p[k])
            out[k + "code"] = check_expr(c, f"{where} {k}", p[k])
        out.update(xlabel=p.get("xlabel", p["x"]), ylabel=p.get("ylabel", p["y"]))
        refs = p.get("reference", [])
        refs = [refs] if isinstance(refs, dict) else c.typed(f"{where} reference", refs, (list,),
                                                            "a table {label, x, y} or a list")
        for i, r in enumerate(refs):
            w = f"{where} reference[{i}]"
            c.keys(w, r, ("label", "x", "y"), required=("x", "y"))
            for k in ("x", "y"):
                c.typed(f"{w} {k}", r[k], (list,), "a list of numbers")
                for v in r[k]:
                    c.typed(f"{w} {k}", v, (int, float), "a list of numbers")
            if len(r["x"]) != len(r["y"]):
                c.fail(w, f"x has {len(r['x'])} values, y {len(r['y'])}")
        out["reference"] = [{"label": c.string(f"{where} reference label",
                                               r.get("label", "reference")),
                             "x": r["x"], "y": r["y"]} for r in refs]
    for k in ("xlabel", "ylabel"):
        c.string(f"{where} {k}", out[k])
    return out


def _scale(ax, axis: str, scale: str):
    setter = ax.set_xscale if axis == "x" else ax.set_yscale
    if scale == "log2":
        setter("log", base=2)
    else:
        setter(scale)


def series_label(plot, params, fallback):
    if plot["series"] is None:
        return fallback
    v = lookup(params, plot["series"])
    return fallback if v is MISSING else f"{plot['series']}={fmt_value(v)}"


def draw_lines(ax, plot, rows, metric_names) -> list:
    """One line per series value; returns the errors."""
    errors, lines = [], {}
    at = make_at(rows, metric_names)
    picked = [r for r in rows if matches(r.params, plot["where"])]
    for i, r in enumerate(picked):
        if not r.ok:
            continue
        names = names_of(r.params, r.metrics, metric_names)
        names.update(i=i, at=at, first=None, prev=None)
        try:
            x, y = evaluate(plot["xcode"], names), evaluate(plot["ycode"], names)
        except PointFailed:
            continue
        except Exception as e:
            errors.append(f"plot {plot['name']!r}, point {r.outcome.job.dirname}: "
                          f"{type(e).__name__}: {e}")
            continue
        lines.setdefault(series_label(plot, r.params, plot["y"]), []).append((x, y))
    for label, xy in lines.items():
        try:
            xy.sort(key=lambda p: p[0])
        except TypeError:
            pass  # x values of mixed kinds: keep sweep order
        ax.plot([p[0] for p in xy], [p[1] for p in xy], marker="o", label=label)
    for ref in plot["reference"]:
        ax.plot(ref["x"], ref["y"], linestyle="--", marker="x", color="gray", label=ref["label"])
    return errors


def draw_traces(ax, plot, rows) -> list:
    errors = []
    for r in rows:
        if not matches(r.params, plot["where"]) or not r.ok:
            continue
        path = r.outcome.directory / THERMAL
        if not path.is_file():
            errors.append(f"plot {plot['name']!r}, point {r.outcome.job.dirname}: no thermal "
                          "trace (set thermal_trace = true)")
            continue
        with open(path) as f:
            trace = list(csv.DictReader(f))
        ax.plot([float(t["seconds"]) * 1e3 for t in trace], [float(t["die_c"]) for t in trace],
                label=series_label(plot, r.params, r.outcome.job.point.label()))
    return errors


def write_data(ax, path: Path):
    """The data of every line drawn, as CSV (series, x, y): what scripts/figures.py compares, since
    two matplotlib versions never draw the same pixels from the same numbers."""
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["series", "x", "y"])
        for line in ax.get_lines():
            for x, y in zip(line.get_xdata(), line.get_ydata()):
                w.writerow([line.get_label(), repr(float(x)), repr(float(y))])


def write(plot: dict, rows, metric_names, out: Path) -> list:
    """Write plots/NAME.png, .svg and .csv (the data drawn); returns the errors."""
    import matplotlib  # here, not at the top: it takes seconds to import and checks need none
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.5))
    try:
        if plot["kind"] == "trace":
            errors = draw_traces(ax, plot, rows)
        else:
            errors = draw_lines(ax, plot, rows, metric_names)
        _scale(ax, "x", plot["xscale"])
        _scale(ax, "y", plot["yscale"])
        ax.set_title(plot["title"])
        ax.set_xlabel(plot["xlabel"])
        ax.set_ylabel(plot["ylabel"])
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0]:
            ax.legend()
        fig.tight_layout()
        d = out / "plots"
        d.mkdir(parents=True, exist_ok=True)
        write_data(ax, d / f"{plot['name']}.csv")
        fig.savefig(d / f"{plot['name']}.png", dpi=100)
        # No date in the SVG: the same results give the same file.
        fig.savefig(d / f"{plot['name']}.svg", metadata={"Date": None})
    finally:
        plt.close(fig)
    return errors

"""Plots, written as plots/NAME.png and plots/NAME.svg (matplotlib, Agg backend):
- kind = "line" (the default): x and y expressions per point, one line per value of `series`
  (or of the `label` expression, where a line is not one parameter's value), the points of a
  line in x order; failed points are left out; optional reference curves; with
  `repeat`, each point is the mean over its seeds with a 95% error bar (repeats.py); the data
  drawn is also written to plots/NAME.csv (series, x, y, y_low, y_high, runs);
- kind = "trace": one line per point from its thermal trace (needs thermal_trace = true):
  simulated time in ms against die temperature, labelled by `series`;
- kind = "cpi": one horizontal bar per boot process of each point picked (an o3 run), its
  context's CPI stack (pipeline.contexts[].cpi_stack_cycles over the instructions it retired,
  idle left out) stacked by category: where a thread's cycles went."""
import csv
import json
from pathlib import Path

from .expr import PointFailed, evaluate, names_of
from .points import STATS, THERMAL
from .repeats import Summary, by_seed, combine, is_number, summarise
from .spec import Checker, check_expr
from .sweep import MISSING, fmt_value, lookup, matches
from .tables import make_at

def check_plot(c: Checker, at: tuple, p: dict) -> dict:
    """The plot as the writer uses it; its shape is schema.py's (a trace plot has no x, y or
    reference), this compiles its expressions (resolve.py checks the names they use)."""
    kind = p.get("kind", "line")
    out = {"name": p["name"], "kind": kind, "title": p.get("title", p["name"]),
           "where": p.get("where", {}), "series": p.get("series"), "at": at,
           "xscale": p.get("xscale", "linear"), "yscale": p.get("yscale", "linear")}
    out["label"] = p.get("label")
    if out["label"] is not None:
        with c.guard():
            out["labelcode"] = check_expr(c, at + ("label",), p["label"])
    if kind == "trace":
        out.update(xlabel=p.get("xlabel", "simulated time (ms)"),
                   ylabel=p.get("ylabel", "die temperature (°C)"), reference=[])
        return out
    if kind == "cpi":
        out.update(xlabel=p.get("xlabel", "cycles per instruction"), ylabel=p.get("ylabel", ""),
                   reference=[])
        return out
    for k in ("x", "y"):
        out[k] = p[k]
        with c.guard():
            out[k + "code"] = check_expr(c, at + (k,), p[k])
    out.update(xlabel=p.get("xlabel", p["x"]), ylabel=p.get("ylabel", p["y"]))
    refs = p.get("reference", [])
    refs = [refs] if isinstance(refs, dict) else refs
    for i, r in enumerate(refs):
        if len(r["x"]) != len(r["y"]):
            c.error(at + ("reference",), f"reference {i + 1}: x has {len(r['x'])} values, y "
                                         f"{len(r['y'])}")
    out["reference"] = [{"label": r.get("label", "reference"), "x": r["x"], "y": r["y"]}
                        for r in refs]
    return out


def _scale(ax, axis: str, scale: str):
    setter = ax.set_xscale if axis == "x" else ax.set_yscale
    if scale == "log2":
        setter("log", base=2)
    else:
        setter(scale)


def point_label(plot, r, names, fallback):
    """A point's line or bar name: the `label` expression, else `series`, else fallback."""
    if plot.get("label") is not None:
        return str(evaluate(plot["labelcode"], names))
    return series_label(plot, r.params, fallback)


def series_label(plot, params, fallback):
    if plot["series"] is None:
        return fallback
    v = lookup(params, plot["series"])
    return fallback if v is MISSING else f"{plot['series']}={fmt_value(v)}"


def line_data(plot, rows, metric_names) -> tuple[dict, list]:
    """{series label: [(x, y Summary)]} in x order, and the errors. With repeats, x and y are
    computed per seed and summarised per sweep combination (the mean x; y's mean and interval)."""
    errors, points = [], {}  # (label, combo) -> ([x per seed], [y per seed])
    for _, seed_rows in by_seed(rows):
        at = make_at(seed_rows, metric_names)
        picked = [r for r in seed_rows if matches(r.params, plot["where"])]
        for i, r in enumerate(picked):
            if not r.ok:
                continue
            names = names_of(r.params, r.metrics, metric_names)
            names.update(i=i, at=at, first=None, prev=None)
            try:
                x, y = evaluate(plot["xcode"], names), evaluate(plot["ycode"], names)
                label = point_label(plot, r, names, plot["y"])
            except PointFailed:
                continue
            except Exception as e:
                errors.append(f"plot {plot['name']!r}, point {r.outcome.job.dirname}: "
                              f"{type(e).__name__}: {e}")
                continue
            combo = getattr(r.outcome.job.point, "combo", i)  # the seeds of one point share it
            key = (label, combo)
            xs, ys = points.setdefault(key, ([], []))
            xs.append(x)
            ys.append(y)
    lines = {}
    for (label, _), (xs, ys) in points.items():
        x = combine(xs)
        x = x.mean if isinstance(x, Summary) else x
        lines.setdefault(label, []).append((x, summarise(ys) if all(map(is_number, ys))
                                            else Summary(ys[0], ys[0], ys[0], len(ys))))
    for xy in lines.values():
        if any(isinstance(p[0], str) for p in xy):
            continue  # categories (a policy's names): in the sweep's order, not the alphabet's
        try:
            xy.sort(key=lambda p: p[0])
        except TypeError:
            pass  # x values of mixed kinds: keep sweep order
    return lines, errors


def draw_lines(ax, plot, rows, metric_names, out: Path) -> list:
    """One line per series value, with 95% error bars where points were repeated; the data drawn
    also goes to plots/NAME.csv. Returns the errors."""
    lines, errors = line_data(plot, rows, metric_names)
    with open(out / f"{plot['name']}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["series", "x", "y", "y_low", "y_high", "runs"])
        for label, xy in lines.items():
            for x, y in xy:
                w.writerow([label, x, y.mean, y.low, y.high, y.n])
    for label, xy in lines.items():
        xs, ys = [p[0] for p in xy], [p[1] for p in xy]
        if all(y.low == y.high for y in ys):
            ax.plot(xs, [y.mean for y in ys], marker="o", label=label)
        else:
            ax.errorbar(xs, [y.mean for y in ys], yerr=[[y.mean - y.low for y in ys],
                                                        [y.high - y.mean for y in ys]],
                        marker="o", capsize=3, label=label)
    for ref in plot["reference"]:
        ax.plot(ref["x"], ref["y"], linestyle="--", marker="x", color="gray", label=ref["label"])
    return errors


def draw_traces(ax, plot, rows, out: Path) -> list:
    """One line per point's thermal trace; the data drawn also goes to plots/NAME.csv, in the
    columns of draw_lines'. Returns the errors."""
    errors, data = [], []
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
        label = series_label(plot, r.params, r.outcome.job.point.label())
        xs, ys = [float(t["seconds"]) * 1e3 for t in trace], [float(t["die_c"]) for t in trace]
        ax.plot(xs, ys, label=label)
        data += [(label, x, y) for x, y in zip(xs, ys)]
    with open(out / f"{plot['name']}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["series", "x", "y", "y_low", "y_high", "runs"])
        w.writerows((label, x, y, y, y, 1) for label, x, y in data)
    return errors


def cpi_stacks(stats: dict, what: str) -> list[tuple[str, dict]]:
    """(process name, {category: cycles per instruction}) of each boot process of an o3 run, from
    the CPI stack of the one context it ran on (idle left out: a stack is the cycles the context
    was busy, over the instructions it retired)."""
    pipe = stats.get("pipeline", {})
    if pipe.get("model") != "o3":
        raise ValueError(f"{what}: not an out-of-order run (pipeline.model is "
                         f"{pipe.get('model')!r}): only o3 counts a CPI stack")
    contexts = {c["id"]: c for c in pipe.get("contexts", [])}
    out = []
    for proc in stats.get("processes", []):
        cpus = [c["cpu"] for c in proc.get("cpus", [])]
        if len(cpus) != 1 or cpus[0] not in contexts:
            raise ValueError(f"{what}: process {proc.get('pid')} ({proc.get('name')}) ran on CPUs "
                             f"{cpus}: a CPI stack is one context's (pin it, or one core)")
        ctx = contexts[cpus[0]]
        stack = {k: v / max(ctx["retired"], 1) for k, v in ctx["cpi_stack_cycles"].items()
                 if k != "idle"}
        out.append((proc.get("name") or f"pid {proc.get('pid')}", stack))
    return out


def draw_cpi(ax, plot, rows, metric_names, out: Path) -> list:
    """One horizontal bar per process of each point picked, its CPI stack stacked by category
    (the mean over a point's seeds); the data drawn also goes to plots/NAME.csv (series = the
    bar, x = the category, y = its cycles per instruction). Returns the errors."""
    errors, bars = [], {}  # bar name -> {category: [value per seed]}
    for _, seed_rows in by_seed(rows):
        at = make_at(seed_rows, metric_names)
        for i, r in enumerate(x for x in seed_rows if matches(x.params, plot["where"])):
            if not r.ok:
                continue
            names = names_of(r.params, r.metrics, metric_names)
            names.update(i=i, at=at, first=None, prev=None)
            try:
                label = point_label(plot, r, names, r.outcome.job.point.label())
                with open(r.outcome.directory / STATS) as f:
                    stacks = cpi_stacks(json.load(f), f"point {r.outcome.job.dirname}")
            except (OSError, ValueError, KeyError) as e:
                errors.append(f"plot {plot['name']!r}: {e}")
                continue
            for name, stack in stacks:
                bar = bars.setdefault(f"{label}: {name}", {})
                for k, v in stack.items():
                    bar.setdefault(k, []).append(v)
    cats = sorted({k for b in bars.values() for k in b}, key=lambda k: (k != "base", k))
    mean = {b: {k: sum(v.get(k, [0])) / max(len(v.get(k, [0])), 1) for k in cats}
            for b, v in bars.items()}
    with open(out / f"{plot['name']}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["series", "x", "y", "y_low", "y_high", "runs"])
        for b, stack in mean.items():
            runs = max((len(v) for v in bars[b].values()), default=0)
            w.writerows((b, k, v, v, v, runs) for k, v in stack.items())
    order = list(mean)[::-1]  # the first bar at the top
    ax.figure.set_size_inches(8, 1.5 + 0.4 * len(order))
    left = [0.0] * len(order)
    for k, colour in zip(cats, matplotlib_colours(len(cats))):
        widths = [mean[b][k] for b in order]
        if any(widths):
            ax.barh(order, widths, left=left, label=k, color=colour)
        left = [a + w for a, w in zip(left, widths)]
    return errors


def matplotlib_colours(n: int) -> list:
    """n distinct colours (tab20: the stack has up to 11 categories)."""
    import matplotlib
    cmap = matplotlib.colormaps["tab20"]
    return [cmap(i % 20) for i in range(n)]


def categories_on_x(ax) -> bool:
    """Some point drawn has a name for its x (matplotlib places names as categories)."""
    return any(isinstance(x, str) for line in ax.get_lines() for x in line.get_xdata())


def whole_numbers_on_x(ax) -> bool:
    """Every point drawn has a whole-number x (a sweep over contexts, threads, sizes)."""
    xs = [x for line in ax.get_lines() for x in line.get_xdata()]
    try:
        return bool(xs) and all(float(x).is_integer() for x in xs)
    except (TypeError, ValueError):
        return False  # category labels


def draw(plot: dict, rows, metric_names, d: Path):
    """The plot's figure and axes (its data also goes to d/NAME.csv), and the errors."""
    import matplotlib  # here, not at the top: it takes seconds to import and checks need none
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.5))
    try:
        if plot["kind"] == "trace":
            errors = draw_traces(ax, plot, rows, d)
        elif plot["kind"] == "cpi":
            errors = draw_cpi(ax, plot, rows, metric_names, d)
        else:
            errors = draw_lines(ax, plot, rows, metric_names, d)
        if not categories_on_x(ax):  # setting a scale would put numbers in the names' place
            _scale(ax, "x", plot["xscale"])
        if plot["kind"] != "cpi":  # its bars' names are y's categories
            _scale(ax, "y", plot["yscale"])
        if plot["xscale"] == "linear" and whole_numbers_on_x(ax):
            # A count of contexts or threads has no tick at 1.5.
            from matplotlib.ticker import MaxNLocator
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(plot["title"])
        ax.set_xlabel(plot["xlabel"])
        ax.set_ylabel(plot["ylabel"])
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0] and plot["kind"] == "cpi":
            ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5))  # bars fill the axes
        elif ax.get_legend_handles_labels()[0]:
            ax.legend()
        fig.tight_layout()
    except BaseException:
        plt.close(fig)
        raise
    return fig, ax, errors


def write(plot: dict, rows, metric_names, out: Path) -> list:
    """Write plots/NAME.png and .svg; returns the errors."""
    import matplotlib.pyplot as plt
    d = out / "plots"
    d.mkdir(parents=True, exist_ok=True)
    fig, _, errors = draw(plot, rows, metric_names, d)
    try:
        fig.savefig(d / f"{plot['name']}.png", dpi=100)
        # No date in the SVG: the same results give the same file.
        fig.savefig(d / f"{plot['name']}.svg", metadata={"Date": None})
    finally:
        plt.close(fig)
    return errors

"""Tables: a row per point (rows = "points", optionally filtered by `where`) or per explicit row
(rows = [{...}, ...]), a column per {title, value, format}; each value an expression (expr.py).
Written as tables/NAME.md (Markdown, formatted) and tables/NAME.csv (the raw values). A cell that
needs a failed point shows `failed`; a value that cannot be computed is an error naming the table,
the column and the row. With `repeat`, a cell is computed once per seed over that seed's runs and
shown as the mean and the half-width of its 95% interval ("1,499 ± 12"; repeats.py); the CSV gives
the mean and both ends of the interval."""
import csv
from pathlib import Path

from .expr import ABSENT, PointFailed, PointView, ValueAbsent, evaluate, names_of
from .repeats import Summary, by_seed, combine
from .spec import Checker, check_expr
from .sweep import matches


def check_table(c: Checker, at: tuple, t: dict) -> dict:
    """The table as the writers use it; its shape is schema.py's, this compiles its expressions and
    checks its formats (resolve.py checks the names they use)."""
    rows = t.get("rows", "points")
    if isinstance(rows, list) and "where" in t:
        c.error(at + ("where",), "only for rows = \"points\" (explicit rows use at())")
    checked = []
    for i, col in enumerate(t["columns"]):
        with c.guard():
            w = at + ("columns", i)
            fmt = col.get("format")
            if fmt is not None:
                try:
                    fmt.format(0)
                except (ValueError, IndexError, KeyError) as e:
                    if "Unknown format code" not in str(e):  # a string format fails on a number
                        c.error(w + ("format",), f"{fmt!r} is not a format string for one value: "
                                                 f"{e}")
            checked.append({"title": col.get("title", col["value"]), "value": col["value"],
                            "code": check_expr(c, w + ("value",), col["value"]), "format": fmt,
                            "at": w + ("value",)})
    return {"name": t["name"], "title": t.get("title", t["name"]), "rows": rows,
            "where": t.get("where", {}), "columns": checked, "at": at}


def view(row, metric_names) -> PointView:
    return PointView(names_of(row.params, row.metrics, metric_names))


def make_at(rows, metric_names):
    """at(**where): the one point whose parameters match."""
    def at(**where):
        found = [r for r in rows if matches(r.params, where)]
        spec = ", ".join(f"{k}={v!r}" for k, v in where.items())
        if len(found) != 1:
            raise LookupError(f"at({spec}): {len(found) or 'no'} points match" +
                              ("" if not found else ": " + ", ".join(r.outcome.job.dirname
                                                                     for r in found[:4])))
        return view(found[0], metric_names)
    return at


def row_names(table: dict, rows, metric_names) -> list[tuple[str, dict]]:
    """(label, variables) for each row of the table."""
    at = make_at(rows, metric_names)
    if table["rows"] != "points":
        return [(f"row {i + 1}", {**r, "i": i, "at": at}) for i, r in enumerate(table["rows"])]
    picked = [r for r in rows if matches(r.params, table["where"])]
    out = []
    for i, r in enumerate(picked):
        names = names_of(r.params, r.metrics, metric_names)
        names.update(i=i, at=at, first=view(picked[0], metric_names),
                     prev=view(picked[i - 1], metric_names) if i else None)
        out.append((f"point {r.outcome.job.dirname}", names))
    return out


def default_format(v) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, float):
        return f"{v:.3g}"
    return str(v)


FAILED_CELL, ERROR_CELL = "failed", "error"
# An optional metric the point lacks: an empty cell. Its own object, so that no other empty
# string is taken for it.
ABSENT_CELL = type("AbsentCell", (str,), {})("")


def values(table: dict, rows, metric_names) -> tuple[list, list]:
    """Each row's cell values (or FAILED_CELL, ERROR_CELL) over one seed's rows, and the errors."""
    out, errors = [], []
    for label, names in row_names(table, rows, metric_names):
        vals = []
        for col in table["columns"]:
            try:
                v = evaluate(col["code"], names)
                vals.append(ABSENT_CELL if v is ABSENT else v)
            except ValueAbsent:
                vals.append(ABSENT_CELL)
            except PointFailed:
                vals.append(FAILED_CELL)
            except Exception as e:  # the user's expression: report it, keep the other cells
                errors.append(f"table {table['name']!r}, column {col['title']!r}, {label}: "
                              f"{col['value']!r}: {type(e).__name__}: {e}")
                vals.append(ERROR_CELL)
        out.append(vals)
    return out, errors


def cell_text(col: dict, v) -> str:
    f = (lambda x: col["format"].format(x)) if col["format"] else default_format
    if isinstance(v, Summary):
        return f(v.mean) if v.low == v.high else f"{f(v.mean)} ± {f(v.half_width)}"
    return f(v)


def render(table: dict, rows, metric_names) -> tuple[list, list, list, list]:
    """Header, formatted cells, raw values (for the CSV) and error messages. With repeats each cell
    is computed per seed and then summarised (repeats.py): raw holds a Summary there."""
    header = [col["title"] for col in table["columns"]]
    per_seed, errors = [], []
    for _, seed_rows in by_seed(rows):
        vals, errs = values(table, seed_rows, metric_names)
        per_seed.append(vals)
        errors += errs
    cells, raw = [], []
    for i in range(min(len(v) for v in per_seed) if per_seed else 0):
        crow, rrow = [], []
        for j, col in enumerate(table["columns"]):
            vals = [seed[i][j] for seed in per_seed]
            bad = next((b for b in (ERROR_CELL, FAILED_CELL, ABSENT_CELL)
                        if any(v is b for v in vals)), None)
            v = bad if bad else combine(vals)
            try:
                text = bad if bad is not None else cell_text(col, v)
            except Exception as e:  # a format that does not fit the value
                errors.append(f"table {table['name']!r}, column {col['title']!r}, row {i + 1}: "
                              f"format {col['format']!r}: {type(e).__name__}: {e}")
                v = text = ERROR_CELL
            crow.append(text)
            rrow.append(v)
        cells.append(crow)
        raw.append(rrow)
    return header, cells, raw, errors


def markdown(header, cells) -> str:
    def esc(s):
        return str(s).replace("|", "\\|")
    numeric = [all(_numeric(r[i]) for r in cells) and cells for i in range(len(header))]
    lines = ["| " + " | ".join(esc(h) for h in header) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in cells]
    return "\n".join(lines) + "\n"


def _numeric(text: str) -> bool:
    t = text.split(" ± ")[0].replace(",", "").rstrip("x%").strip()
    if t in ("failed", "error", ""):
        return True
    try:
        float(t)
        return True
    except ValueError:
        return False


def failure_notes(table: dict, rows, cells) -> str:
    """Below a table with a `failed` cell: each failed point it reads and why it failed, so that
    the table says what went wrong where a reader looks (empty if no cell failed)."""
    if not any(c is FAILED_CELL for r in cells for c in r):
        return ""
    read = rows if table["rows"] != "points" else \
        [r for r in rows if matches(r.params, table["where"])]
    failed = [r for r in read if not r.ok]
    return "\nFailed points:\n\n" + "".join(
        f"- `{r.outcome.job.dirname}`: {r.outcome.reason or 'failed'}\n" for r in failed)


def write(table: dict, rows, metric_names, out: Path) -> tuple[str, list]:
    """Write tables/NAME.md (with notes on the points that failed) and .csv; returns the Markdown
    (title, table and notes) and the errors."""
    header, cells, raw, errors = render(table, rows, metric_names)
    d = out / "tables"
    d.mkdir(parents=True, exist_ok=True)
    md = f"### {table['title']}\n\n" + markdown(header, cells) + \
        failure_notes(table, rows, cells)
    (d / f"{table['name']}.md").write_text(md)
    repeated = any(isinstance(v, Summary) for r in raw for v in r) or \
        len(by_seed(rows)) > 1
    with open(d / f"{table['name']}.csv", "w", newline="") as f:
        w = csv.writer(f)
        if not repeated:
            w.writerow(header)
            for r in raw:
                w.writerow(["" if v is None else v for v in r])
            return md, errors
        # Repeats: each column's mean (or its value) and the ends of its 95% interval.
        w.writerow([f"{h}{suffix}" for h in header
                    for suffix in ("", " (95% CI low)", " (95% CI high)")])
        for r in raw:
            w.writerow([x for v in r for x in ((v.mean, v.low, v.high) if isinstance(v, Summary)
                                               else ("" if v is None else v, "", ""))])
    return md, errors

"""Tables: a row per point (rows = "points", optionally filtered by `where`) or per explicit row
(rows = [{...}, ...]), a column per {title, value, format}; each value an expression (expr.py).
Written as tables/NAME.md (Markdown, formatted) and tables/NAME.csv (the raw values). A cell that
needs a failed point shows `failed`; a value that cannot be computed is an error naming the table,
the column and the row."""
import csv
from pathlib import Path

from .expr import PointFailed, PointView, evaluate, names_of
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


def render(table: dict, rows, metric_names) -> tuple[list, list, list, list]:
    """Header, formatted cells, raw values (for the CSV) and error messages."""
    header = [col["title"] for col in table["columns"]]
    cells, raw, errors = [], [], []
    for label, names in row_names(table, rows, metric_names):
        crow, rrow = [], []
        for col in table["columns"]:
            try:
                v = evaluate(col["code"], names)
                text = col["format"].format(v) if col["format"] else default_format(v)
            except PointFailed:
                v = text = "failed"
            except Exception as e:  # the user's expression: report it, keep the other cells
                errors.append(f"table {table['name']!r}, column {col['title']!r}, {label}: "
                              f"{col['value']!r}: {type(e).__name__}: {e}")
                v = text = "error"
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
    t = text.replace(",", "").rstrip("x%").strip()
    if t in ("failed", "error", ""):
        return True
    try:
        float(t)
        return True
    except ValueError:
        return False


def write(table: dict, rows, metric_names, out: Path) -> tuple[str, list]:
    """Write tables/NAME.md and .csv; returns the Markdown (title and table) and the errors."""
    header, cells, raw, errors = render(table, rows, metric_names)
    d = out / "tables"
    d.mkdir(parents=True, exist_ok=True)
    md = f"### {table['title']}\n\n" + markdown(header, cells)
    (d / f"{table['name']}.md").write_text(md)
    with open(d / f"{table['name']}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in raw:
            w.writerow(["" if v is None else v for v in r])
    return md, errors

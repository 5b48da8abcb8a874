"""The expressions of table columns and plot axes: Python expressions with no builtins except
min, max, abs, round, sum and len, and no access to underscore attributes, evaluated over names the
caller gives (a row's variables, a point's parameters and metrics, `at`, ...).

A metric of a failed point is FAILED: any arithmetic, comparison, indexing or formatting of it
raises PointFailed, which a table shows as `failed` and a plot leaves out. An optional metric that
a point lacks is ABSENT: the same, but ValueAbsent, an empty cell."""
import ast

BUILTINS = {"min": min, "max": max, "abs": abs, "round": round, "sum": sum, "len": len}


class PointFailed(Exception):
    """A value came from a point that failed."""


class _Failed:
    """The value of every metric of a failed point: any use of it raises `error`."""

    error = PointFailed

    def _fail(self, *args, **kwargs):
        raise self.error()

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _fail
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _fail
    __pow__ = __rpow__ = __neg__ = __pos__ = __abs__ = __round__ = _fail
    __lt__ = __le__ = __gt__ = __ge__ = __eq__ = __ne__ = _fail
    __bool__ = __float__ = __int__ = __index__ = __format__ = __getitem__ = __getattr__ = _fail
    __hash__ = None

    def __repr__(self):
        return "failed"


FAILED = _Failed()


class ValueAbsent(PointFailed):
    """A value came from an optional metric the point does not have."""


class _Absent(_Failed):
    """The value of an optional metric whose path a point's stats.json lacks (a context that a
    machine with fewer contexts does not have): an empty cell, not a failure."""

    error = ValueAbsent

    def __repr__(self):
        return "absent"


ABSENT = _Absent()


class PointView(dict):
    """A point as expressions see it: parameters and metrics by key (dots kept: v["core.contexts"])
    and by attribute with dots as underscores (v.core_contexts). A failed point's metrics are
    FAILED."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"the point has no parameter or metric {name!r}") from None


def names_of(params: dict, metrics: dict | None, metric_names) -> dict:
    """Variables for a point: parameters and metrics, each under its own key and, for dotted keys,
    with underscores too. metrics None: the point failed, each metric is FAILED."""
    out = {}
    for k, v in params.items():
        out[k] = v
        out[k.replace(".", "_")] = v
    for m in metric_names:
        out[m] = FAILED if metrics is None else metrics[m]
    return out


class _Check(ast.NodeVisitor):
    def visit_Attribute(self, node):
        if node.attr.startswith("_"):
            raise ValueError(f"attribute {node.attr!r}: names starting with _ are not allowed")
        self.generic_visit(node)

    def visit_Name(self, node):
        if node.id.startswith("__"):
            raise ValueError(f"name {node.id!r}: names starting with __ are not allowed")

    def visit_Lambda(self, node):
        raise ValueError("lambda is not allowed")

    def visit_NamedExpr(self, node):
        raise ValueError(":= is not allowed")


def compile_expr(text: str):
    """The code of an expression; ValueError with the reason if it is not one we accept."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as e:
        raise ValueError(f"{text!r} is not a Python expression: {e.msg}") from None
    _Check().visit(tree)
    return compile(tree, "<expression>", "eval")


def evaluate(code, names: dict):
    """Evaluate compiled code over names; a FAILED result raises PointFailed like any use of it."""
    # The names go into the globals so that comprehensions see them too.
    value = eval(code, {**names, "__builtins__": BUILTINS})  # noqa: S307 - checked, no builtins
    if value is FAILED:
        raise PointFailed()
    return value


class Uses:
    """What an expression refers to, found without running it: free names; attributes taken of a
    point (`first.cycles`, `at(...).ipc`); and each at() call's keywords with their value when it
    is a constant (else MISSING)."""

    def __init__(self, text: str):
        tree = ast.parse(text, mode="eval")
        bound = {n.id for c in ast.walk(tree) if isinstance(c, ast.comprehension)
                 for n in ast.walk(c.target) if isinstance(n, ast.Name)}
        self.names = {n.id for n in ast.walk(tree)
                      if isinstance(n, ast.Name) and n.id not in bound}
        self.attributes = set()
        self.at_calls = []  # [{keyword: constant value or NOT_CONSTANT}]
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "at":
                self.at_calls.append({k.arg: k.value.value if isinstance(k.value, ast.Constant)
                                      else NOT_CONSTANT for k in n.keywords if k.arg})
            if isinstance(n, ast.Attribute) and (
                    isinstance(n.value, ast.Name) and n.value.id in ("first", "prev") or
                    isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)
                    and n.value.func.id == "at"):
                self.attributes.add(n.attr)


NOT_CONSTANT = object()

"""The shape of an experiment file as a JSON Schema (checked with the jsonschema library), and its
errors in the driver's words: each as (path, problem), path being the keys and indices that lead to
the bad value, so that spec.py can add the file's line. What a schema cannot say (config keys
against kasane-sim's own schema, ranges, unused parameters, files, expressions) is in spec.py.

The schema is applied to the file after config-key tables are flattened (`core.contexts = [1]`,
which TOML reads as {"core": {"contexts": [1]}}, becomes {"core.contexts": [1]})."""
import jsonschema
from jsonschema import validators

NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"
FILE_NAME = r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$"

# TOML's integers are Python ints and its floats are floats: 4.0 is not an integer here (JSON
# Schema's default would take it), and a boolean is never a number.
_TYPES = validators.Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
Validator = validators.extend(validators.Draft202012Validator, type_checker=_TYPES)

SCALAR = {"type": ["string", "integer", "number", "boolean"],
          "x-what": "a string, integer, float or boolean"}
STRINGS = {"type": "array", "items": {"type": "string"}, "x-what": "a list of strings"}
NUMBERS = {"type": "array", "items": {"type": "number"}, "x-what": "a list of numbers"}
SIZE = {"type": ["string", "integer"], "x-what": "a size (bytes, or a number with K, M or G)"}

RANGE = {"type": "object", "required": ["start", "stop"], "additionalProperties": False,
         "properties": {k: {"type": "number"} for k in ("start", "stop", "step", "factor")}}
SWEEP = {"type": "object", "x-what": "a table of key = values",
         "additionalProperties": {
             "x-what": "a list of values or a range table {start, stop, step|factor}",
             "anyOf": [{"type": "array", "minItems": 1, "items": SCALAR}, RANGE]}}

ENV = {"type": "object", "x-what": "a table of NAME = value",
       "propertyNames": {"pattern": NAME, "x-what": "an environment variable name"},
       "additionalProperties": {"type": ["string", "number"], "x-what": "a string or a number"}}
# One program of a multiprogrammed point (kasane-sim --workload): `each` names a parameter whose
# value is a "+"-separated list; the entry then stands for one process per element, with {each}
# replaced by the element. With `programs` (a table element -> {program, args}), the element
# names its program and arguments there instead: mixes of different programs.
PROGRAMS = {"type": "object", "x-what": "a table of NAME = { program, args }",
            "propertyNames": {"pattern": r"^[A-Za-z0-9_.-]+$",
                              "x-what": "a program's name (letters, digits, _ . -)"},
            "additionalProperties": {"type": "object", "required": ["program"],
                                     "additionalProperties": False,
                                     "x-what": "a table {program, args}",
                                     "properties": {"program": {"type": "string",
                                                                "minLength": 1},
                                                    "args": STRINGS}}}
PROCESS = {"type": "object", "additionalProperties": False,
           "if": {"not": {"required": ["programs"]}}, "then": {"required": ["program"]},
           "x-what": "a table {program, args, env, cpu, name, each, programs}",
           "properties": {"program": {"type": "string", "minLength": 1},
                          "args": STRINGS, "env": ENV,
                          "cpu": {"type": ["integer", "string"], "minimum": 0,
                                  "x-what": "a CPU number (core * contexts + context) or a "
                                            "{name} template"},
                          "name": {"type": "string", "minLength": 1},
                          "each": {"type": "string", "pattern": NAME,
                                   "x-what": "a parameter name"},
                          "programs": PROGRAMS}}

SETTINGS = {
    "machine": {"type": "string"},
    "kernel": {"type": "string"},
    "program": {"type": "string", "minLength": 1},
    "args": STRINGS,
    "set": {"type": "object", "additionalProperties": SCALAR,
            "x-what": "a table of config keys"},
    "env": ENV,
    "process": {"type": "array", "minItems": 1, "items": PROCESS,
                "x-what": "a list of tables {program, args, env, cpu, name, each, programs}"},
    "disk": {"type": "object", "additionalProperties": False,
             "properties": {"size": SIZE,
                            "dir": {"type": "string",
                                    "x-what": "a folder of the build's target tree"},
                            "files": {"type": "object", "additionalProperties": SIZE,
                                      "x-what": "a table of NAME = size"}}},
    "thermal_trace": {"type": "boolean", "x-what": "true or false"},
    "timeout": {"type": "number", "exclusiveMinimum": 0, "x-what": "a number of seconds"},
    "params": {"type": "object", "additionalProperties": SCALAR,
               "x-what": "a table of parameters"},
}

WHERE = {"type": "object", "x-what": "a table of parameter = value (or a list of values)",
         "additionalProperties": {"anyOf": [SCALAR, {"type": "array", "items": SCALAR}],
                                  "x-what": "a value or a list of values"}}
COLUMN = {"type": "object", "required": ["value"], "additionalProperties": False,
          "x-what": "a table {title, value, format}",
          "properties": {"title": {"type": "string"}, "value": {"type": "string"},
                         "format": {"type": "string"}}}
TABLE = {
    "type": "object", "required": ["name", "columns"], "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": FILE_NAME,
                 "x-what": "a file name: letters, digits, _ . - (it names the files)"},
        "title": {"type": "string"},
        "rows": {"x-what": "either \"points\" or a list of inline tables",
                 "anyOf": [{"const": "points"},
                           {"type": "array", "items": {
                               "type": "object", "x-what": "an inline table of row variables",
                               "propertyNames": {"pattern": NAME, "x-what": "a variable name"},
                               "additionalProperties": SCALAR}}]},
        "where": WHERE,
        "columns": {"type": "array", "minItems": 1, "items": COLUMN,
                    "x-what": "a list of {title, value, format}"},
    }}
REFERENCE = {"type": "object", "required": ["x", "y"], "additionalProperties": False,
             "properties": {"label": {"type": "string"}, "x": NUMBERS, "y": NUMBERS}}
PLOT = {
    "type": "object", "required": ["name"], "additionalProperties": False,
    "properties": {
        "name": TABLE["properties"]["name"],
        "title": {"type": "string"},
        "kind": {"enum": ["line", "trace", "cpi"]},
        "trace": {"enum": ["thermal"]},
        "x": {"type": "string"}, "y": {"type": "string"},
        "series": {"type": "string"},
        "label": {"type": "string", "x-what": "an expression per point naming its line"},
        "where": WHERE,
        "xscale": {"enum": ["linear", "log", "log2"]},
        "yscale": {"enum": ["linear", "log", "log2"]},
        "xlabel": {"type": "string"}, "ylabel": {"type": "string"},
        "reference": {"anyOf": [REFERENCE, {"type": "array", "items": REFERENCE}],
                      "x-what": "a table {label, x, y} or a list of them"},
    },
    # A line plot needs x and y; a trace or CPI-stack plot draws its own axes.
    "allOf": [
        # ({"not": {}} rather than false: jsonschema leaves the key out of a false schema's path.)
        {"if": {"properties": {"kind": {"enum": ["trace", "cpi"]}}, "required": ["kind"]},
         "then": {"properties": {k: {"not": {}, "x-what": "not for kind = \"trace\" or \"cpi\" "
                                                        "(they draw their own axes)"}
                                 for k in ("x", "y", "reference")}},
         "else": {"required": ["x", "y"]}},
        {"if": {"properties": {"kind": {"const": "trace"}}, "required": ["kind"]},
         "then": {"properties": {"label": {"not": {}, "x-what": "not for kind = \"trace\" (use "
                                                                "series)"}}},
         "else": {"properties": {"trace": {"not": {}, "x-what": "only for kind = \"trace\""}}}},
    ],
}
GROUP = {"type": "object", "required": ["name"], "additionalProperties": False,
         "properties": {"name": {"type": "string", "pattern": NAME, "x-what": "a group name"},
                        "sweep": SWEEP, **SETTINGS}}
METRIC_PATH = {"type": "string", "pattern": r"^[^.]+(\.[^.]+)*$",
               "x-what": "a dotted path into stats.json"}

EXPERIMENT = {
    "type": "object", "required": ["experiment"], "additionalProperties": False,
    "properties": {
        "experiment": {"type": "object", "additionalProperties": False,
                       "properties": {"title": {"type": "string"},
                                      "description": {"type": "string"},
                                      "repeat": {"type": "integer", "minimum": 1,
                                                 "maximum": 1000},
                                      **SETTINGS}},
        "sweep": SWEEP,
        "group": {"type": "array", "items": GROUP, "x-what": "a list of tables ([[group]])"},
        "metrics": {"type": "object",
                    "x-what": "a table of name = \"dotted.path\" or name = { path, optional }",
                    "additionalProperties": {"oneOf": [METRIC_PATH, {
                        "type": "object", "additionalProperties": False, "required": ["path"],
                        "properties": {"path": METRIC_PATH, "optional": {"type": "boolean"}},
                        "x-what": "{ path = \"dotted.path\", optional = true }"}],
                        "x-what": "a dotted path into stats.json, or { path, optional }"}},
        "table": {"type": "array", "items": TABLE, "x-what": "a list of tables ([[table]])"},
        "plot": {"type": "array", "items": PLOT, "x-what": "a list of tables ([[plot]])"},
    }}

_CHECK = Validator(EXPERIMENT)


def kind(v) -> str:
    return {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
            list: "a list", dict: "a table"}.get(type(v), type(v).__name__)


def problems(doc: dict) -> list[tuple[tuple, str]]:
    """(path, problem) for everything in doc that does not fit the schema."""
    out = []
    for e in sorted(_CHECK.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path]):
        out.extend(explain(e))
    return out


def explain(e: jsonschema.ValidationError) -> list[tuple[tuple, str]]:
    path, v, s = tuple(e.absolute_path), e.instance, e.schema
    what = s.get("x-what") if isinstance(s, dict) else None
    if e.validator == "not":  # a key not allowed here (the then/else of PLOT)
        return [(path, what or "not allowed here")]
    if e.validator == "additionalProperties" and s.get("additionalProperties") is False:
        allowed = ", ".join(s.get("properties", {}))
        return [(path + (k,), f"unknown key {k!r}; allowed: {allowed}")
                for k in v if k not in s.get("properties", {})]
    if e.validator == "required":
        missing = e.validator_value
        return [(path, f"missing key {k!r}") for k in missing if k not in v]
    if e.validator == "type":
        want = what or " or ".join(f"{'an' if t[0] in 'aeiou' else 'a'} {t}"
                                   for t in _list(e.validator_value))
        return [(path, f"must be {want}, not {kind(v)} {v!r}")]
    if e.validator in ("anyOf", "oneOf"):
        # A value of the right kind that is wrong inside: say what is wrong inside.
        inner = [c for c in e.context if c.validator != "type" and c.validator != "const"]
        if inner:
            return explain(jsonschema.exceptions.best_match(inner))
        return [(path, f"must be {what}, not {kind(v)} {v!r}" if what else e.message)]
    if e.validator == "minItems":
        return [(path, "an empty list sweeps nothing" if path[:1] == ("sweep",) or
                 "sweep" in path else f"needs at least {e.validator_value}")]
    if e.validator == "minLength":
        return [(path, "must not be empty")]
    if e.validator in ("minimum", "exclusiveMinimum"):
        than = "more than" if e.validator == "exclusiveMinimum" else "at least"
        return [(path, f"{v} must be {than} {e.validator_value}")]
    if e.validator == "maximum":
        return [(path, f"{v} must be at most {e.validator_value}")]
    if e.validator == "enum":
        return [(path, f"{v!r}: one of {', '.join(map(str, e.validator_value))}")]
    if e.validator == "pattern":
        return [(path, f"{v!r} is not {what}" if what else e.message)]
    if e.validator == "propertyNames":
        inner = e.context[0] if e.context else e
        name = inner.instance
        return [(path + (name,), f"{name!r} is not {inner.schema.get('x-what', 'a name')} "
                                 "(letters, digits, _; no digit first)")]
    if e.validator == "if":
        return []  # its then/else errors say what is wrong
    return [(path, e.message)]


def _list(x):
    return x if isinstance(x, list) else [x]

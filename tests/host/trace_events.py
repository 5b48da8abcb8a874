"""A strict reader of Chrome Trace Event files (the JSON that ui.perfetto.dev and chrome://tracing
open), for tests of kasane-sim's --timeline.

Perfetto forgives a lot; this reader does not, so that a test fails on any file the writer
(sim/debug/timeline.cc) should not produce. It checks what the Trace Event Format requires: a
JSON object with a "traceEvents" array; every event with "ph", "pid", "tid" and a numeric "ts";
"name" on every phase that needs one (all but "E"); "dur" >= 0 on complete ("X") events; "B"
and "E" balanced per track; every flow start ("s") matched by exactly one finish ("f") of the
same id, category and name, no earlier than it; counters ("C") with numeric args. On top of the
format, Kasane's own rules: per track the state slices (cat "state" or "syscall") tile time,
each beginning where the one before it ended, and every timestamp is args.cycle / clock_mhz.
Errors are ValueError("path: why").

    read(path) -> {"events": [...], "mhz": float,
                   "tracks": {(pid, tid): [X events of the track, in time order]},
                   "flows": [(s event, f event)]}
"""
import json
import math
import pathlib

NEEDS_NAME = set("BXiICsftMbeno")
PHASES = set("BEXiICsftMbenoNODPRcv(),")
STATE_CATS = {"state", "syscall"}


def read(path):
    path = pathlib.Path(path)
    return check(json.loads(path.read_text()), str(path))


def check(doc, name="<timeline>"):
    def fail(why):
        raise ValueError(f"{name}: {why}")

    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        fail("not an object with a traceEvents array")
    mhz = doc.get("otherData", {}).get("clock_mhz")
    if not isinstance(mhz, (int, float)) or mhz <= 0:
        fail("otherData.clock_mhz missing")
    events = doc["traceEvents"]
    open_b = {}
    starts, finishes = {}, {}
    tracks = {}
    for n, e in enumerate(events):
        where = f"event {n} {json.dumps(e)[:120]}"
        ph = e.get("ph")
        if ph not in PHASES:
            fail(f"{where}: no valid ph")
        for k in ("pid", "tid"):
            if not isinstance(e.get(k), int):
                fail(f"{where}: {k} missing or not an integer")
        if not isinstance(e.get("ts"), (int, float)) or not math.isfinite(e["ts"]) or e["ts"] < 0:
            fail(f"{where}: ts missing or not a number >= 0")
        if ph in NEEDS_NAME and not isinstance(e.get("name"), str):
            fail(f"{where}: name missing")
        cycle = e.get("args", {}).get("cycle")
        if cycle is not None and abs(e["ts"] - cycle / mhz) > 1e-6 + 1e-12 * cycle:
            fail(f"{where}: ts {e['ts']} is not cycle {cycle} / {mhz} MHz")
        track = (e["pid"], e["tid"])
        if ph == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                fail(f"{where}: X without dur >= 0")
            tracks.setdefault(track, []).append(e)
        elif ph == "B":
            open_b[track] = open_b.get(track, 0) + 1
        elif ph == "E":
            if open_b.get(track, 0) == 0:
                fail(f"{where}: E without B on its track")
            open_b[track] -= 1
        elif ph in "sf":
            key = (e.get("id"), e.get("cat"), e["name"])
            if e.get("id") is None:
                fail(f"{where}: flow event without id")
            table = starts if ph == "s" else finishes
            if key in table:
                fail(f"{where}: flow {ph} id {key} twice")
            table[key] = e
        elif ph == "C":
            args = e.get("args")
            if not args or not all(isinstance(v, (int, float)) for v in args.values()):
                fail(f"{where}: counter without numeric args")
    for track, depth in open_b.items():
        if depth:
            fail(f"track {track}: {depth} B events never ended")
    if set(starts) != set(finishes):
        fail(f"flows unmatched: {sorted(set(starts) ^ set(finishes), key=str)[:5]}")
    flows = []
    for key, s in starts.items():
        f = finishes[key]
        if f["ts"] < s["ts"]:
            fail(f"flow {key} finishes before it starts")
        flows.append((s, f))
    for track, xs in tracks.items():
        xs.sort(key=lambda e: (e["ts"], -e["dur"]))
        states = sorted((e for e in xs if e.get("cat") in STATE_CATS),
                        key=lambda e: (e["args"]["cycle"], e["args"]["cycles"]))
        for a, b in zip(states, states[1:]):
            if b["args"]["cycle"] != a["args"]["cycle"] + a["args"]["cycles"]:
                fail(f"track {track}: state slice at cycle {b['args']['cycle']} does not begin "
                     f"where the one at cycle {a['args']['cycle']} ended")
    return {"events": events, "mhz": mhz, "tracks": tracks, "flows": flows}


def states(timeline, pid, tid):
    """The track's sequence of states, with repeats of the same state merged."""
    out = []
    track = sorted((e for e in timeline["tracks"].get((pid, tid), [])
                    if e.get("cat") in STATE_CATS), key=lambda e: e["args"]["cycle"])
    for e in track:
        s = e["args"]["state"]
        if not out or out[-1] != s:
            out.append(s)
    return out

"""SMT metrics of multiprogrammed points (a `process` list of two or more programs): each program
also runs alone, on the same machine with the same settings and seed, and the point's stats.json
gains an `smt` object for metrics and tables (Eyerman and Eeckhout, "System-level performance
metrics for multiprogram workloads", IEEE Micro 28(3), 2008):

    ipc_shared[i], ipc_alone[i]  program i's IPC over its turnaround time: its process's retired
                                 instructions over the cycles from the mix's start (the first
                                 cycle any of its programs ran: loading them is not the
                                 programs' time) to its exit, from stats.json `processes` (the
                                 boot processes are pids 1..n in the order of the list); time a
                                 program waits for a CPU counts
    np[i]   = ipc_shared[i] / ipc_alone[i]   normalised progress (the same work: T_alone / T_shared)
    stp     = sum(np)                        system throughput (weighted speedup)
    antt    = mean(1 / np)                   average normalised turnaround time
    hmean   = n / sum(1 / np) = 1 / antt     harmonic mean of the speedups (Luo et al.'s fairness)
    fairness = min(np) / max(np)             Eyerman and Eeckhout's fairness
    ipc     = sum of the programs' instructions / (the last exit - the mix's start): the core's
              throughput over the whole mix (Tullsen et al.'s IPC, though over a span in which
              fewer programs run once the first has finished)

An alone run is a point of its own (`points/alone=NAME,...-KEY/`): its key is that of the run, so
the mixes that share a program, machine and seed share its alone run, and it is skipped like any
point when unchanged. It is not a row of results.csv."""
from dataclasses import replace
from pathlib import PurePosixPath

from .sweep import Point


def program_name(entry: dict) -> str:
    """What tables call a process: its name, else its program's file name and arguments."""
    if entry.get("name"):
        return entry["name"]
    return " ".join([PurePosixPath(entry["program"]).stem] + list(entry["args"]))


def alone_points(point: Point) -> list[Point]:
    """One point per program of a multiprogrammed point, that program alone; [] for others."""
    procs = point.settings.get("process") or []
    if len(procs) < 2:
        return []
    config = [(k, v) for k, v in point.shown if "." in k]  # parameters only name the mix
    return [replace(point, index=-1, params={"alone": program_name(e)},
                    shown=[("alone", program_name(e))] + config,
                    settings=dict(point.settings, process=[e]))
            for e in procs]


def spans(stats: dict, n: int, what: str) -> list[tuple[int, int]]:
    """(retired instructions, cycles from the mix's start to its exit) of boot processes 1..n."""
    procs = {p.get("pid"): p for p in stats.get("processes", [])}
    missing = [pid for pid in range(1, n + 1) if pid not in procs]
    if missing:
        raise ValueError(f"{what}: no process {missing[0]} in stats.json `processes`")
    start = min(procs[pid]["first_cycle"] for pid in range(1, n + 1))
    out = []
    for pid in range(1, n + 1):
        p = procs[pid]
        end = p["exited_cycle"] if p.get("exited_cycle") is not None else p["last_cycle"]
        if end <= start or not p["retired"]:
            raise ValueError(f"{what}: process {pid} ({p.get('name')}) retired nothing")
        out.append((p["retired"], end - start))
    return out


def turnaround_ipc(stats: dict, n: int, what: str) -> list[float]:
    """The IPC of boot processes 1..n of a run over their turnaround times."""
    return [r / c for r, c in spans(stats, n, what)]


def metrics(shared: dict, alone: list[dict], entries: list[dict]) -> dict:
    """The `smt` object of a multiprogrammed point's stats.json from its own stats (`shared`) and
    those of each program alone (in the order of `entries`)."""
    shared_spans = spans(shared, len(entries), "the shared run")
    ipc_shared = [r / c for r, c in shared_spans]
    ipc_alone = [turnaround_ipc(s, 1, f"{program_name(e)} alone")[0]
                 for s, e in zip(alone, entries)]
    np_ = [s / a for s, a in zip(ipc_shared, ipc_alone)]
    n = len(np_)
    antt = sum(1 / x for x in np_) / n
    return {"programs": [program_name(e) for e in entries], "ipc_shared": ipc_shared,
            "ipc_alone": ipc_alone, "np": np_, "stp": sum(np_), "antt": antt, "hmean": 1 / antt,
            "fairness": min(np_) / max(np_),
            "ipc": sum(r for r, _ in shared_spans) / max(c for _, c in shared_spans)}

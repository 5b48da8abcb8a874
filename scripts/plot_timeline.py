#!/usr/bin/env python3
"""A still picture of a kasane-sim thread timeline (--timeline FILE, Chrome Trace Event JSON) as
a PNG, for docs: one row per hardware context, its state slices coloured as in the legend, the
user thread of each user slice written on it, and the TFORK/TRESUME flow arrows. Perfetto shows
the same file interactively; this is for pages that need an image made from the real file.

    python3 scripts/plot_timeline.py TIMELINE.json OUT.png [--window A:B] [--pid N]
    python3 scripts/plot_timeline.py TIMELINE.json --summary

--window A:B keeps cycles A to B (default: the whole run); --pid picks the core (default 0), or
with 1000 + a guest pid that process: a row per thread, a "running" slice where it held a CPU.
--summary prints, instead of a picture, the slices of each context per state and the arrows.
"""
import argparse
import collections
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLOURS = {"user": "#2a9d8f", "kernel": "#e76f51", "upcall": "#f4a261", "suspended": "#8d99ae",
           "mwait light": "#bde0fe", "mwait deep": "#5e60ce", "wait": "#d3d3d3",
           "halted": "#555555", "free": "#ffffff", "running": "#264653"}


def window(text: str) -> tuple[int, int]:
    """--window FIRST:LAST, two cycle numbers, FIRST before LAST."""
    first, sep, last = text.partition(":")
    try:
        lo, hi = int(first), int(last)
    except ValueError:
        lo = hi = None
    if not sep or lo is None or not 0 <= lo < hi:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a window of cycles FIRST:LAST with FIRST < LAST (e.g. 860012:897610)")
    return lo, hi


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("timeline")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--window", type=window, help="cycles FIRST:LAST, e.g. 860012:897610")
    ap.add_argument("--pid", type=int, default=0)
    opt = ap.parse_args()
    try:
        with open(opt.timeline) as f:
            events = json.load(f)["traceEvents"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        ap.error(f"{opt.timeline} is not a kasane-sim timeline (--timeline FILE): {e}")
    lo, hi = opt.window or (0, float("inf"))
    names = {e["tid"]: e["args"]["name"] for e in events
             if e["ph"] == "M" and e["name"] == "thread_name" and e["pid"] == opt.pid}
    rows = sorted(names)
    if opt.summary or not opt.out:
        return summary(events, opt.pid, rows)
    fig, ax = plt.subplots(figsize=(10, 0.6 * len(rows) + 1.4))
    seen = set()
    end = lo
    last = max((e["args"]["cycle"] + e["args"]["cycles"] for e in events if e["ph"] == "X"),
               default=lo)
    span = min(hi, last) - lo + 1  # a slice narrower than 6% of it gets no label
    for e in events:
        if e["ph"] != "X" or e["pid"] != opt.pid:
            continue
        a = e["args"]["cycle"]
        b = a + e["args"]["cycles"]
        if b <= lo or a >= hi:
            continue
        a, b = max(a, lo), min(b, hi)
        end = max(end, b)
        state = e["args"]["state"]
        ax.broken_barh([(a, b - a)], (e["tid"] - 0.35, 0.7), facecolors=COLOURS.get(state, "k"),
                       edgecolor="black", linewidth=0.3,
                       label=state if state not in seen else None)
        seen.add(state)
        thread = e["args"].get("thread")
        if state == "user" and thread and (b - a) > 0.06 * span:
            ax.text((a + b) / 2, e["tid"], thread, ha="center", va="center", fontsize=7)
    starts = {e["id"]: e for e in events if e["ph"] == "s" and e["pid"] == opt.pid}
    for e in events:
        if e["ph"] == "f" and e["id"] in starts:
            s = starts[e["id"]]
            c = s["args"]["cycle"]
            if lo <= c <= hi:
                ax.annotate("", xy=(c, e["tid"]), xytext=(c, s["tid"]),
                            arrowprops=dict(arrowstyle="->", color="crimson", lw=1))
    ax.set_yticks(rows)
    ax.set_yticklabels([names[r] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("cycle")
    ax.set_xlim(lo, min(hi, end))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=5, fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(opt.out, dpi=100)


def summary(events, pid, rows):
    for tid in rows:
        n = collections.Counter(e["args"]["state"] for e in events
                                if e["ph"] == "X" and e["pid"] == pid and e["tid"] == tid)
        print(f"context {tid}: " + ", ".join(f"{k} {v}" for k, v in sorted(n.items())))
    arrows = collections.Counter(e["name"] for e in events if e["ph"] == "s")
    print("arrows: " + ", ".join(f"{k} {v}" for k, v in sorted(arrows.items())))


if __name__ == "__main__":
    main()

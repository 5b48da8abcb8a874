#!/usr/bin/env python3
"""A still picture of a kasane-sim pipeline trace (--pipeline-trace FILE, Kanata 0004) as a PNG,
for pages that need the pipeline view without the Konata GUI: a band per hardware context (the
Kanata thread id, labelled cC.tT as in the file), an instruction per row in fetch order, its
stages as coloured bars over the cycles (the pipeline's F, D, Is, X, M, W; the out-of-order
core's F, D, Rn, Ds, Is, X, W, C), the cycles it waited with a reason (lane 1: operand, unit
busy, MSHR full, serialise) hatched over its Is bar and the reasons written on it, squashed
instructions grey. For the out-of-order core the summary also gives the most ROB entries each
context held at once (from dispatch to commit or squash).

    python3 scripts/plot_kanata.py TRACE.kanata OUT.png
                                   [--start CYCLE|ctxT[:TEXT][±N]|insn:TEXT[±N]] [--count N]
    python3 scripts/plot_kanata.py TRACE.kanata --summary [--start ...] [--count N]

The file is read with the strict reader of the tests (tests/host/kanata.py), so a picture is only
made of a trace that follows the format's rules. --start picks the first instruction shown: the
first one fetched at or after CYCLE (absolute: the file's C= line says where it starts), with
ctxT-N the first one fetched at most N cycles before context T's first instruction (ctxT+N:
from N cycles after it), with insn:TEXT-N and insn:TEXT+N the same around the first instruction
whose label (pc: disassembly) holds TEXT (default: the file's first), and with ctxT:TEXT-N
around context T's first such instruction. --count N instructions are drawn (default 40).
--summary prints what the picture shows.
"""
import argparse
import collections
import pathlib
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests" / "host"))
import kanata  # noqa: E402

# The stages of both timing models in pipeline order (the in-order pipeline's F D Is X M W, the
# out-of-order core's F D Rn Ds Is X W C); the colours go from front (blue) to back (red).
STAGES = ["F", "D", "Rn", "Ds", "Is", "X", "M", "W", "C"]
COLOURS = {"F": "#4e79a7", "D": "#76b7b2", "Rn": "#9c755f", "Ds": "#b07aa1", "Is": "#edc948",
           "X": "#59a14f", "M": "#f28e2b", "W": "#e15759", "C": "#ff9da7"}
SQUASHED = "#c8c8c8"


def context_name(insn):
    """cC.tT: the core and context the writer puts in the hover detail; tN if it has none."""
    m = re.match(r"c\d+\.t\d+", insn["detail"])
    return m.group(0) if m else f"t{insn['thread']}"


def select(insns, start, count):
    """The `count` instructions shown: from the first fetched at or after `start`."""
    begin = 0
    if start is not None:
        ctx = re.fullmatch(r"ctx(\d+)(?::(.+?))?(?:([-+])(\d+))?", start)
        text = re.fullmatch(r"insn:(.+?)(?:([-+])(\d+))?", start)
        if ctx or text:
            if ctx:
                first = next((i["stages"][0][1] for i in insns
                              if i["thread"] == int(ctx.group(1)) and i["stages"]
                              and (ctx.group(2) is None or ctx.group(2) in i["label"])), None)
            else:
                first = next((i["stages"][0][1] for i in insns
                              if text.group(1) in i["label"] and i["stages"]), None)
            if first is None:
                sys.exit(f"plot_kanata: no instruction of --start {start} in the trace")
            sign, n = ctx.group(3, 4) if ctx else text.group(2, 3)
            cycle = first + (1 if sign == "+" else -1) * int(n or 0)
        elif start.isdigit():
            cycle = int(start)
        else:
            sys.exit(f"plot_kanata: --start {start!r} is neither CYCLE, ctxT[:TEXT][±N] nor "
                     "insn:TEXT[±N]")
        begin = next((k for k, i in enumerate(insns) if i["stages"] and i["stages"][0][1] >= cycle),
                     len(insns))
    shown = [i for i in insns[begin:] if i["stages"]][:count]
    if not shown:
        sys.exit("plot_kanata: no instruction to show from there")
    return shown


def summary(shown):
    lo = min(i["stages"][0][1] for i in shown)
    hi = max(end if end is not None else start for i in shown for _, start, end in i["stages"])
    per_context = collections.Counter(context_name(i) for i in shown)
    stalls = collections.Counter(name for i in shown for name, _, _ in i["lanes"].get(1, []))
    lines = [f"cycles {lo}..{hi}: {len(shown)} instructions, "
             f"{sum(i['squashed'] for i in shown)} squashed",
             "per context: " + ", ".join(f"{k} {v}" for k, v in sorted(per_context.items())),
             "stall labels: " + (", ".join(f"{k} {v}" for k, v in sorted(stalls.items()))
                                 or "none")]
    # The out-of-order core: an instruction holds its ROB entry from its dispatch (Ds) until the
    # cycle it commits (C: another may take the entry in that cycle) or is squashed (the end of
    # its last stage).
    held = collections.defaultdict(collections.Counter)
    for i in shown:
        names = [name for name, _, _ in i["stages"]]
        if "Ds" not in names:
            continue
        start = i["stages"][names.index("Ds")][1]
        if "C" in names:
            end = i["stages"][names.index("C")][1]
        else:
            end = i["stages"][-1][2] if i["stages"][-1][2] is not None else hi + 1
        for cycle in range(start, end):
            held[context_name(i)][cycle] += 1
    if held:
        lines.append("ROB entries held at once, most: " +
                     ", ".join(f"{k} {max(v.values())}" for k, v in sorted(held.items())))
    return "\n".join(lines)


def draw(shown, out):
    # Rows: a band per context, in the order the contexts first appear, a blank row between.
    bands = collections.OrderedDict()
    for insn in shown:
        bands.setdefault(context_name(insn), []).append(insn)
    rows, ticks, labels, headers = {}, [], [], []
    y = 0
    for ctx, members in bands.items():
        headers.append((y, ctx))
        y += 1
        for insn in members:
            rows[insn["id"]] = y
            ticks.append(y)
            labels.append(insn["label"][:34])
            y += 1
        y += 0.5
    lo = min(i["stages"][0][1] for i in shown)
    hi = max(end if end is not None else start + 1 for i in shown
             for _, start, end in i["stages"])
    fig, ax = plt.subplots(figsize=(11, 0.19 * y + 1.3))
    for insn in shown:
        r = rows[insn["id"]]
        # The reasons it waited (lane 1), named on its Is bar: a reason often lasts a cycle or
        # two, too short to write on its own hatched bar.
        reasons = list(dict.fromkeys(name for name, _, _ in insn["lanes"].get(1, [])))
        for name, start, end in insn["stages"]:
            width = (end if end is not None else hi) - start
            colour = SQUASHED if insn["squashed"] else COLOURS.get(name, "#999999")
            ax.broken_barh([(start, max(width, 0.3))], (r - 0.4, 0.8), facecolors=colour,
                           edgecolor="black", linewidth=0.2)
            text = "Is: " + ", ".join(reasons) if name == "Is" and reasons else name
            if width >= max(2, 0.45 * len(text)):
                ax.text(start + width / 2, r, text, ha="center", va="center", fontsize=5.5)
            elif width >= 2:
                ax.text(start + width / 2, r, name, ha="center", va="center", fontsize=5.5)
        for _, start, end in insn["lanes"].get(1, []):  # when it waited, over its Is bar
            width = (end if end is not None else hi) - start
            ax.broken_barh([(start, max(width, 0.3))], (r - 0.4, 0.8), facecolors="none",
                           edgecolor="#7a4f01", hatch="////", linewidth=0.2)
    for hy, ctx in headers:
        ax.text(lo, hy, f"context {ctx}", ha="left", va="center", fontsize=8, weight="bold")
    ax.set_yticks(ticks)
    ax.set_yticklabels(labels, fontsize=5.5, family="monospace")
    ax.set_ylim(y, -1)
    ax.set_xlim(lo - 0.5, hi + 0.5)
    ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{int(v):,}"))
    ax.set_xlabel("cycle")
    ax.grid(axis="x", linewidth=0.3, alpha=0.5)
    present = [s for s in STAGES if any(name == s for i in shown for name, _, _ in i["stages"])]
    handles = [plt.Rectangle((0, 0), 1, 1, facecolor=COLOURS[s], edgecolor="black", linewidth=0.3)
               for s in present]
    handles += [plt.Rectangle((0, 0), 1, 1, facecolor="white", edgecolor="#7a4f01", hatch="////"),
                plt.Rectangle((0, 0), 1, 1, facecolor=SQUASHED)]
    ax.legend(handles, present + ["waiting (reason on Is)", "squashed"], loc="lower center",
              bbox_to_anchor=(0.5, 1.0), ncol=11, fontsize=7, frameon=False)
    fig.tight_layout()
    # No date or software version in the file: the picture changes only when the trace does.
    fig.savefig(out, dpi=110, metadata={"Software": None})


def main():
    ap = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("trace")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--start", help="CYCLE, ctxT[:TEXT][±N] or insn:TEXT[±N]")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--summary", action="store_true")
    opt = ap.parse_args()
    if not opt.summary and not opt.out:
        ap.error("give OUT.png or --summary")
    if opt.count < 1:
        ap.error("--count must be at least 1")
    try:
        insns = kanata.parse(opt.trace)
    except ValueError as e:
        sys.exit(f"plot_kanata: {e}")
    shown = select(insns, opt.start, opt.count)  # the reader's cycles are absolute (C= counts)
    if opt.summary:
        print(summary(shown))
    if opt.out:
        draw(shown, opt.out)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate the simulator's decode table, the target header and REFERENCE.md from isa/mips32.isa.

The table is the one source of truth for the instruction set (see ../shared/design/style.md, 1).
The generator refuses a table whose encodings overlap: two real rows that could both match one
instruction word would make decoding depend on row order, which is how decoders rot.

    gen_isa.py TABLE --cxx OUT.inc --header OUT.h --reference OUT.md
    gen_isa.py TABLE --check           # only validate
"""
import argparse
import sys
from dataclasses import dataclass, field

# Named fields of a 32-bit MIPS word: (high bit, low bit).
FIELDS = {
    "op": (31, 26), "rs": (25, 21), "rt": (20, 16), "rd": (15, 11), "sa": (10, 6),
    "funct": (5, 0), "b25": (25, 25), "sel": (2, 0), "code": (25, 6),
    # The FPU's names for the same places (COP1 and COP1X).
    "fmt": (25, 21), "fr": (25, 21), "ft": (20, 16), "fs": (15, 11), "fd": (10, 6),
}
FORMATS = {"R", "I", "J", "C0", "T", "S3", "FP"}
UNITS = ["nop", "alu", "mul", "div", "branch", "load", "store", "system", "thread", "fpadd",
         "fpmul", "fpdiv", "fpsqrt"]
# The order is the bit order of the RegRole enum in sim/core/insn.h.
REG_ROLES = ["rs", "rt", "rd", "hi", "lo", "ra", "fs", "ft", "fd", "fr", "fcc"]
FLAGS = ["delay", "likely", "link", "priv", "pseudo", "cp1"]
OPERAND_TOKENS = {"rd", "rs", "rt", "sa", "imm", "immu", "off(rs)", "target", "broff", "code",
                  "bcode", "tcode", "sel", "c0reg", "hwr", "pos", "size", "cacheop", "hint", "hintx",
                  "zero", "fd", "fs", "ft", "fr", "cc", "ccfd", "fcr", "rt(rs)"}


class TableError(Exception):
    pass


@dataclass
class Row:
    name: str
    line: int
    match: int
    mask: int
    operands: list
    fmt: str
    unit: str
    reads: list
    writes: list
    flags: list = field(default_factory=list)
    sem: str = ""  # sem=NAME: the semantics function shared by a family of rows
    parent: "Row" = None

    @property
    def exec_name(self):
        row = self.parent if self.parent else self
        return "exec_" + (row.sem or row.name.replace(".", "_"))


def field_bits(spec, where):
    if spec.startswith("bits="):
        hi_lo, _, _ = spec[5:].partition("=")
        hi, lo = (int(x) for x in hi_lo.split(":"))
        return hi, lo
    name = spec.split("=")[0]
    if name not in FIELDS:
        raise TableError(f"{where}: unknown field '{name}'")
    return FIELDS[name]


def parse_encoding(text, where):
    match = mask = 0
    for term in text.split():
        if "=" not in term:
            raise TableError(f"{where}: encoding term '{term}' is not field=value")
        hi, lo = field_bits(term, where)
        value = int(term.rsplit("=", 1)[1], 0)
        width = hi - lo + 1
        if value >= (1 << width):
            raise TableError(f"{where}: value {value:#x} does not fit in {width} bits of '{term}'")
        bits = ((1 << width) - 1) << lo
        if mask & bits:
            raise TableError(f"{where}: '{term}' constrains bits already fixed by another term")
        mask |= bits
        match |= value << lo
    return match, mask


def parse_table(path):
    rows = []
    with open(path) as f:
        for number, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            where = f"{path}:{number}"
            cols = [c.strip() for c in line.split("|")]
            if len(cols) != 8:
                raise TableError(f"{where}: expected 8 columns separated by '|', found {len(cols)}")
            name, enc, ops, fmt, unit, reads, writes, flags = cols
            match, mask = parse_encoding(enc, where)
            operands = [o.strip() for o in ops.split(",")] if ops else []
            for o in operands:
                if o not in OPERAND_TOKENS:
                    raise TableError(f"{where}: unknown operand token '{o}'")
            if fmt not in FORMATS:
                raise TableError(f"{where}: unknown format '{fmt}'")
            if unit not in UNITS:
                raise TableError(f"{where}: unknown unit '{unit}'")
            for role in reads.split() + writes.split():
                if role not in REG_ROLES:
                    raise TableError(f"{where}: unknown register role '{role}'")
            sem = ""
            flag_list = []
            for flag in flags.split():
                if flag.startswith("sem="):
                    sem = flag[4:]
                    if not sem.isidentifier():
                        raise TableError(f"{where}: '{flag}' does not name a C++ identifier")
                elif flag not in FLAGS:
                    raise TableError(f"{where}: unknown flag '{flag}'")
                else:
                    flag_list.append(flag)
            rows.append(Row(name, number, match, mask, operands, fmt, unit, reads.split(),
                            writes.split(), flag_list, sem))
    return rows


def overlaps(a, b):
    """True if some word matches both rows."""
    common = a.mask & b.mask
    return (a.match & common) == (b.match & common)


def validate(rows, path):
    names = set()
    for r in rows:
        if r.name in names:
            raise TableError(f"{path}:{r.line}: duplicate mnemonic '{r.name}'")
        names.add(r.name)
    real = [r for r in rows if "pseudo" not in r.flags]
    for i, a in enumerate(real):
        for b in real[i + 1:]:
            if overlaps(a, b):
                raise TableError(
                    f"{path}:{b.line}: encoding of '{b.name}' ({b.match:#010x}/{b.mask:#010x}) "
                    f"overlaps '{a.name}' at line {a.line} ({a.match:#010x}/{a.mask:#010x})")
    for p in rows:
        if "pseudo" not in p.flags:
            continue
        parents = [r for r in real if (p.mask & r.mask) == r.mask and (p.match & r.mask) == r.match]
        if len(parents) != 1:
            raise TableError(f"{path}:{p.line}: pseudo '{p.name}' must refine exactly one real row, "
                             f"found {len(parents)}")
        p.parent = parents[0]


def cxx_flags(r):
    return " | ".join(f"kF_{f}" for f in r.flags) or "0"


def cxx_roles(roles):
    return " | ".join(f"kR_{x}" for x in roles) or "0"


def gen_cxx(rows, src):
    out = [f"// Generated by isa/gen_isa.py from {src}; do not edit.",
           "// One InsnInfo per row: name, match, mask, operands, format, unit, reads, writes, "
           "flags, semantics."]
    for r in rows:
        out.append(
            f'{{"{r.name}", {r.match:#010x}u, {r.mask:#010x}u, "{", ".join(r.operands)}", '
            f"Format::{r.fmt}, Unit::{r.unit}, {cxx_roles(r.reads)}, {cxx_roles(r.writes)}, "
            f"{cxx_flags(r)}, &{r.exec_name}}},")
    return "\n".join(out) + "\n"


def gen_exec_decls(rows, src):
    names = sorted({r.exec_name for r in rows})
    out = [f"// Generated by isa/gen_isa.py from {src}; do not edit.",
           "// Every semantics function the table names; a missing one fails the link."]
    out += [f"void {n}(Context& c, Insn i);" for n in names]
    return "\n".join(out) + "\n"


REGS = ["zero", "at", "v0", "v1", "a0", "a1", "a2", "a3", "t0", "t1", "t2", "t3", "t4", "t5",
        "t6", "t7", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "t8", "t9", "k0", "k1", "gp",
        "sp", "fp", "ra"]

# Where each register operand of a thread-extension row lives in the word.
T_SHIFT = {"rd": 11, "rt": 16, "rs": 6}


def asm_parse_macro():
    """The assembler macro kasane_parse_r VAR, REG: VAR = number of register REG."""
    lines = [".macro kasane_parse_r var r", "\\var = -1"]
    for n in range(32):
        for name in (f"${n}", f"${REGS[n]}") + (("$s8",) if n == 30 else ()):
            lines += [f".ifc \\r, {name}", f"\\var = {n}", ".endif"]
    lines += [".iflt \\var", '.error "kasane: not a register: \\r"', ".endif", ".endm"]
    return lines


def asm_insn_macro(r):
    """The assembler macro for one extension instruction: parse registers, emit the word."""
    params = ", ".join(r.operands)
    lines = [f".macro {r.name} {params}".rstrip()]
    lines += [f"kasane_parse_r __k_{o}, \\{o}" for o in r.operands]
    word = f"{r.match:#010x}" + "".join(f" | (__k_{o} << {T_SHIFT[o]})" for o in r.operands)
    lines += [f".word {word}", ".endm"]
    return lines


def c_string(lines):
    body = "\\n".join(l.replace("\\", "\\\\").replace('"', '\\"') for l in lines)
    return f'"{body}\\n"'


def gen_header(rows, src):
    ext = [r for r in rows if r.fmt == "T"]
    out = [f"/* Generated by isa/gen_isa.py from {src}; do not edit. */",
           "/* The Kasane thread extension for target code: assembler macros that emit each",
           " * instruction as a .word (no patched assembler), and C wrappers, always inlined: GCC",
           " * counts the macro text in each asm as instructions and would otherwise call a",
           " * one-instruction wrapper out of line (a create then pays about 5 cycles per tid). */",
           "#ifndef KASANE_ISA_H", "#define KASANE_ISA_H", ""]
    for r in ext:
        out.append(f"#define KASANE_ENC_{r.name.upper()} {r.match:#010x}u")
    out += ["", "#ifdef __ASSEMBLER__", "/* In .S files the macros are defined once, here. */"]
    out += asm_parse_macro()
    for r in ext:
        out += asm_insn_macro(r)
    out += ["#else", "",
            "/* Each C wrapper defines its macros inside its own asm statement and purges them",
            " * after, so any number of wrappers can be inlined into one translation unit. */",
            f"#define KASANE_ASM_PARSE_R {c_string(asm_parse_macro())}", ""]
    for r in ext:
        outs = [o for o in r.operands if o in r.writes]
        ins = [o for o in r.operands if o not in r.writes]
        cargs = ", ".join(f"unsigned long {o}" for o in ins) or "void"
        refs = ", ".join(f"%{k}" for k in range(len(r.operands)))
        use = f"{r.name} {refs}".rstrip()
        asm = (f"KASANE_ASM_PARSE_R {c_string(asm_insn_macro(r))} "
               f'"{use}\\n.purgem {r.name}\\n.purgem kasane_parse_r\\n"')
        out += [f"/* {r.name} {', '.join(r.operands)} */",
                f"static inline __attribute__((always_inline)) {'long' if outs else 'void'}",
                f"kasane_{r.name}({cargs})", "{"]
        if outs:
            out.append("  long rd;")
        out.append(f"  __asm__ volatile({asm}")
        out_c = '"=r"(rd)' if outs else ""
        in_c = ", ".join('"r"(' + o + ')' for o in ins)
        out.append(f"                   : {out_c} : {in_c} : \"memory\");")
        if outs:
            out.append("  return rd;")
        out += ["}", ""]
    out += ["#endif /* __ASSEMBLER__ */", "#endif /* KASANE_ISA_H */"]
    return "\n".join(out) + "\n"


def bitfield_picture(r):
    bits = []
    for b in range(31, -1, -1):
        bits.append(str((r.match >> b) & 1) if (r.mask >> b) & 1 else ".")
    s = "".join(bits)
    return " ".join(s[i:i + 8] for i in range(0, 32, 8))


def gen_reference(rows, src):
    out = [f"<!-- Generated by isa/gen_isa.py from {src}; do not edit. -->",
           "# Kasane ISA reference", "",
           "Every instruction the simulator decodes. A word that matches no row raises Reserved",
           "Instruction. `.` in the bit pattern is an operand bit. Pseudo rows are disassembler",
           "aliases of the row they refine. In format T (the thread extension) `rs` is bits 10:6.",
           "Format FP is the FPU (COP1, COP1X): fmt/fr are bits 25:21, ft 20:16, fs 15:11, fd 10:6;",
           "rows flagged cp1 raise Coprocessor Unusable (Cause.CE = 1) unless Status.CU1 is set.",
           "", "| mnemonic | operands | bits 31..0 | match | mask | format | unit | flags |",
           "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| `{r.name}` | {', '.join(r.operands)} | `{bitfield_picture(r)}` | "
                   f"`{r.match:#010x}` | `{r.mask:#010x}` | {r.fmt} | {r.unit} | "
                   f"{' '.join(r.flags)} |")
    out.append("")
    out.append(f"{len(rows)} rows, {sum('pseudo' not in r.flags for r in rows)} of them real.")
    return "\n".join(out) + "\n"


def write(path, text):
    # Only touch the file when it changes, so the build does not recompile needlessly.
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table")
    ap.add_argument("--check", action="store_true", help="validate the table only")
    ap.add_argument("--cxx", help="decode table include for the simulator")
    ap.add_argument("--exec-decls", help="declarations of the semantics functions")
    ap.add_argument("--header", help="C/asm header for target code")
    ap.add_argument("--reference", help="Markdown reference page")
    args = ap.parse_args()
    src = "isa/mips32.isa"
    try:
        rows = parse_table(args.table)
        validate(rows, args.table)
    except (TableError, ValueError) as e:
        print(f"gen_isa: error: {e}", file=sys.stderr)
        return 1
    if args.cxx:
        write(args.cxx, gen_cxx(rows, src))
    if args.exec_decls:
        write(args.exec_decls, gen_exec_decls(rows, src))
    if args.header:
        write(args.header, gen_header(rows, src))
    if args.reference:
        write(args.reference, gen_reference(rows, src))
    return 0


if __name__ == "__main__":
    sys.exit(main())

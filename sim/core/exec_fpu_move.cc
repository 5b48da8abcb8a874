// Semantics of the FPU's moves, branches and memory accesses: MFC1/MTC1 and MFHC1/MTHC1 (the
// odd register of a pair, FR = 0), CFC1/CTC1, the conditional moves on a condition code
// (MOVF/MOVT, to a GPR or an FPR) or on a GPR (MOVZ.fmt/MOVN.fmt), BC1F/BC1T and their likely
// forms, and the loads and stores, base + offset or base + index (COP1X). None of them computes,
// so none sets Cause or Flags (CTC1 writes FCSR itself).
#include "core/fpu.h"

namespace kasane {

using namespace fpu;

namespace {

// Copy an operand of format T (one or two words) from fs to fd if `cond`.
template <typename T>
void move_if(Context& c, Insn i, bool cond) {
  if (!regs_ok<T>(c, i.fd() | i.fs())) return;
  if (!cond) return;
  for (unsigned k = 0; k < sizeof(T) / 4; ++k) c.fpr[i.fd() + k] = c.fpr[i.fs() + k];
}
bool cc_is(const Context& c, Insn i) { return fcc(c, i.cc()) == i.tf(); }

// A doubleword access must be 8-byte aligned; it is two word accesses to one page, low word first
// (the even register, FR = 0). An odd register number names its pair, as in qemu.
bool load_double(Context& c, uint32_t va, unsigned ft) {
  if (va & 7) {
    c.core->raise_address(c, cp0::kAdEL, va);
    return false;
  }
  uint32_t lo, hi;
  if (!c.core->load(c, va, lo) || !c.core->load(c, va + 4, hi)) return false;
  c.fpr[ft & ~1u] = lo;
  c.fpr[ft | 1u] = hi;
  return true;
}
void store_double(Context& c, uint32_t va, unsigned ft) {
  if (va & 7) return c.core->raise_address(c, cp0::kAdES, va);
  if (c.core->store(c, va, c.fpr[ft & ~1u])) c.core->store(c, va + 4, c.fpr[ft | 1u]);
}
void load_word(Context& c, uint32_t va, unsigned ft) {
  uint32_t v;
  if (c.core->load(c, va, v)) c.fpr[ft] = v;
}
void store_word(Context& c, uint32_t va, unsigned ft) { c.core->store(c, va, c.fpr[ft]); }
// COP1X addresses: base (rs) + index (rt).
uint32_t indexed(const Context& c, Insn i) { return rs(c, i) + rt(c, i); }

}  // namespace

void exec_mfc1(Context& c, Insn i) { c.gpr[i.rt()] = c.fpr[i.fs()]; }
void exec_mtc1(Context& c, Insn i) { c.fpr[i.fs()] = rt(c, i); }
void exec_mfhc1(Context& c, Insn i) { c.gpr[i.rt()] = c.fpr[i.fs() | 1u]; }
void exec_mthc1(Context& c, Insn i) { c.fpr[i.fs() | 1u] = rt(c, i); }
void exec_cfc1(Context& c, Insn i) { c.gpr[i.rt()] = read_control(c, i.fs()); }
void exec_ctc1(Context& c, Insn i) { write_control(c, i.fs(), rt(c, i)); }

void exec_movf_s(Context& c, Insn i) { move_if<float>(c, i, cc_is(c, i)); }
void exec_movt_s(Context& c, Insn i) { move_if<float>(c, i, cc_is(c, i)); }
void exec_movf_d(Context& c, Insn i) { move_if<double>(c, i, cc_is(c, i)); }
void exec_movt_d(Context& c, Insn i) { move_if<double>(c, i, cc_is(c, i)); }
void exec_movz_s(Context& c, Insn i) { move_if<float>(c, i, rt(c, i) == 0); }
void exec_movn_s(Context& c, Insn i) { move_if<float>(c, i, rt(c, i) != 0); }
void exec_movz_d(Context& c, Insn i) { move_if<double>(c, i, rt(c, i) == 0); }
void exec_movn_d(Context& c, Insn i) { move_if<double>(c, i, rt(c, i) != 0); }
void exec_movf(Context& c, Insn i) {
  if (cc_is(c, i)) c.gpr[i.rd()] = rs(c, i);
}
void exec_movt(Context& c, Insn i) {
  if (cc_is(c, i)) c.gpr[i.rd()] = rs(c, i);
}

void exec_bc1f(Context& c, Insn i) { branch_if(c, cc_is(c, i), branch_target(c, i)); }
void exec_bc1t(Context& c, Insn i) { branch_if(c, cc_is(c, i), branch_target(c, i)); }
void exec_bc1fl(Context& c, Insn i) { branch_likely_if(c, cc_is(c, i), branch_target(c, i)); }
void exec_bc1tl(Context& c, Insn i) { branch_likely_if(c, cc_is(c, i), branch_target(c, i)); }

void exec_lwc1(Context& c, Insn i) { load_word(c, ea(c, i), i.ft()); }
void exec_ldc1(Context& c, Insn i) { load_double(c, ea(c, i), i.ft()); }
void exec_swc1(Context& c, Insn i) { store_word(c, ea(c, i), i.ft()); }
void exec_sdc1(Context& c, Insn i) { store_double(c, ea(c, i), i.ft()); }
void exec_lwxc1(Context& c, Insn i) { load_word(c, indexed(c, i), i.fd()); }
void exec_ldxc1(Context& c, Insn i) { load_double(c, indexed(c, i), i.fd()); }
void exec_swxc1(Context& c, Insn i) { store_word(c, indexed(c, i), i.fs()); }
void exec_sdxc1(Context& c, Insn i) { store_double(c, indexed(c, i), i.fs()); }
// PREFX: a hint, like PREF (the pipeline's memory stage starts the fill); never faults. gcc emits
// it for __builtin_prefetch of a base + index address.
void exec_prefx(Context&, Insn) {}

}  // namespace kasane

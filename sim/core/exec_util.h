// Small helpers shared by the semantics files (exec_*.cc). Each semantics function has the
// signature `void exec_NAME(Context&, Insn)` and is named after its row in isa/mips32.isa.
#pragma once

#include "core/iss.h"

namespace kasane {

#include "exec_decls.inc"

// Operand values.
inline uint32_t rs(const Context& c, Insn i) { return c.gpr[i.rs()]; }
inline uint32_t rt(const Context& c, Insn i) { return c.gpr[i.rt()]; }
inline int32_t srs(const Context& c, Insn i) { return static_cast<int32_t>(c.gpr[i.rs()]); }
inline int32_t srt(const Context& c, Insn i) { return static_cast<int32_t>(c.gpr[i.rt()]); }
// Base + offset of a load or store.
inline uint32_t ea(const Context& c, Insn i) { return c.gpr[i.rs()] + static_cast<uint32_t>(i.simm()); }

// Branches: the delay slot runs first, then control moves to the target.
inline uint32_t branch_target(const Context& c, Insn i) {
  return c.pc + 4 + (static_cast<uint32_t>(i.simm()) << 2);
}
inline void branch_if(Context& c, bool taken, uint32_t target) {
  c.slot_pending = true;
  if (taken) {
    c.branch_pending = true;
    c.branch_target = target;
  }
}
// Branch-likely: when not taken the delay slot is annulled (skipped).
inline void branch_likely_if(Context& c, bool taken, uint32_t target) {
  branch_if(c, taken, target);
  if (!taken) {
    c.annul_slot = true;
    c.slot_pending = false;
  }
}
inline void link(Context& c, unsigned reg) { c.gpr[reg] = c.pc + 8; }

// Kernel-only instructions: Coprocessor Unusable (CE = 0) in user mode without CU0.
inline bool require_cp0(Context& c) {
  if (c.cp0.cp0_usable()) return true;
  c.core->raise(c, cp0::kCpU, false, 0);
  return false;
}

}  // namespace kasane

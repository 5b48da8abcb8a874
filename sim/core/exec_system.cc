// Semantics of the system instructions: SYSCALL/BREAK, CP0 moves, DI/EI, ERET, WAIT, the TLB
// instructions, RDHWR, and what words without semantics raise (Reserved Instruction).
#include "core/exec_util.h"

namespace kasane {

void exec_syscall(Context& c, Insn) { c.core->raise(c, cp0::kSys); }
void exec_break(Context& c, Insn) { c.core->raise(c, cp0::kBp); }

void exec_reserved(Context& c, Insn) { c.core->raise(c, cp0::kRI); }

void exec_mfc0(Context& c, Insn i) {
  if (require_cp0(c)) c.gpr[i.rt()] = c.core->cp0_read(c, i.rd(), i.sel());
}
void exec_mtc0(Context& c, Insn i) {
  if (require_cp0(c)) c.core->cp0_write(c, i.rd(), i.sel(), rt(c, i));
}
void exec_di(Context& c, Insn i) {
  if (!require_cp0(c)) return;
  c.gpr[i.rt()] = c.cp0.status;
  c.cp0.status &= ~cp0::kStatusIE;
}
void exec_ei(Context& c, Insn i) {
  if (!require_cp0(c)) return;
  c.gpr[i.rt()] = c.cp0.status;
  c.cp0.status |= cp0::kStatusIE;
  c.check_irq = true;
}

void exec_eret(Context& c, Insn) {
  if (!require_cp0(c)) return;
  Cp0& s = c.cp0;
  if (s.status & cp0::kStatusERL) {
    c.pc = s.errorepc;
    s.status &= ~cp0::kStatusERL;
    c.flush_utlb();  // kuseg becomes mapped again
  } else {
    c.pc = s.epc;
    s.status &= ~cp0::kStatusEXL;
    if (s.user_mode()) c.core->enter_user_space(c);
  }
  c.core->ll_clear(c);
  c.check_irq = true;
  c.redirected = true;
  c.core->note_change(c);  // back to user mode, or to the interrupted kernel code
}

// WAIT sleeps until an interrupt is pending (masked by IM, whatever IE says); execution then
// continues after the WAIT, or in the handler if interrupts are enabled.
void exec_wait(Context& c, Insn) {
  if (!require_cp0(c)) return;
  if (!(c.cp0.cause & c.cp0.status & cp0::kCauseIPMask)) {
    c.state = ContextState::kWaiting;
    c.core->note_change(c);
  }
}

void exec_tlbwi(Context& c, Insn) {
  if (!require_cp0(c)) return;
  c.core->tlb().write(c.cp0.index & ~cp0::kIndexProbeFail, c.cp0.entryhi, c.cp0.entrylo0,
                      c.cp0.entrylo1);
  c.core->flush_all_utlbs();
}
void exec_tlbwr(Context& c, Insn) {
  if (!require_cp0(c)) return;
  c.core->tlb().write(c.core->tlb_random(c), c.cp0.entryhi, c.cp0.entrylo0, c.cp0.entrylo1);
  c.core->flush_all_utlbs();
}
void exec_tlbp(Context& c, Insn) {
  if (!require_cp0(c)) return;
  int idx = c.core->tlb().probe(c.cp0.entryhi);
  c.cp0.index = idx < 0 ? cp0::kIndexProbeFail : static_cast<uint32_t>(idx);
}
void exec_tlbr(Context& c, Insn) {
  if (!require_cp0(c)) return;
  const TlbEntry& e = c.core->tlb().read(c.cp0.index & ~cp0::kIndexProbeFail);
  uint32_t g = e.global ? cp0::kEntryLoG : 0;
  uint32_t old_asid = c.cp0.entryhi & cp0::kEntryHiASIDMask;
  c.cp0.entryhi = e.entryhi;
  c.cp0.entrylo0 = (e.lo[0] & ~cp0::kEntryLoG) | g;
  c.cp0.entrylo1 = (e.lo[1] & ~cp0::kEntryLoG) | g;
  if ((e.entryhi & cp0::kEntryHiASIDMask) != old_asid) c.flush_utlb();
}

// RDHWR: 0 CPUNum, 1 SYNCI_Step (0: no caches to synchronise), 2 CC (the core's cycle counter,
// low word), 3 CCRes (CC counts every cycle), 29 UserLocal. User mode needs the HWREna bit.
void exec_rdhwr(Context& c, Insn i) {
  unsigned reg = i.rd();
  bool known = reg <= 3 || reg == 29;
  if (!known || (!c.cp0.cp0_usable() && !(c.cp0.hwrena & (1u << reg))))
    return c.core->raise(c, cp0::kRI);
  uint32_t v = 0;
  switch (reg) {
    case 0: v = c.cpunum; break;
    case 1: v = 0; break;
    case 2: v = static_cast<uint32_t>(c.core->cycle()); break;
    case 3: v = 1; break;
    case 29: v = c.cp0.userlocal; break;
  }
  c.gpr[i.rt()] = v;
}

}  // namespace kasane

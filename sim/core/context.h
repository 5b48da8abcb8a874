// A hardware context (architecture thread): a full virtual processor with its own GPRs, HI/LO, PC
// and CP0 copy. The TLB and memory are shared through the core (Iss) it belongs to.
#pragma once

#include <array>
#include <cstdint>

#include "core/cp0.h"

namespace kasane {

class Iss;

// States of a context (isa.md): free -> (tfork) -> running <-> suspended (tsuspend/tresume)
// <-> mwait (mwait / wake event) -> (texit) -> free; the kernel may halt any of them.
enum class ContextState : uint8_t {
  kFree,       // not started (core.smp_start = false) or ended by TEXIT: TFORK may take it
  kRunning,    // fetches and executes (from wake_at on)
  kWaiting,    // executed WAIT: sleeps until an interrupt is pending
  kSuspended,  // executed TSUSPEND: sleeps until TRESUME or an interrupt
  kMwait,      // executed MWAIT: sleeps until a store to the monitored line, timeout or interrupt
  kHalted,     // stopped by the kernel's THALT until TSTART
};

const char* context_state_name(ContextState s);

// A small direct-mapped cache from virtual page to host memory, in front of the TLB and the bus.
struct MicroTlbEntry {
  uint32_t vpage = ~0u;   // va >> 12, ~0 when empty
  uint32_t ppage = 0;     // pa >> 12
  uint8_t* host = nullptr;
  bool writable = false;
};

struct Context {
  std::array<uint32_t, 32> gpr{};
  uint32_t hi = 0, lo = 0;
  uint32_t pc = 0;
  Cp0 cp0;
  // The FPU (CP1): 32 registers of 32 bits (Status.FR = 0: a double lives in an even/odd pair,
  // low word in the even one) and FCSR (rounding mode, flags, enables, cause, FS, the FCCs).
  std::array<uint32_t, 32> fpr{};
  uint32_t fcsr = 0;

  // Delay slots: every branch sets slot_pending, so the next instruction (the slot) runs with
  // in_delay set, whether or not the branch is taken; a taken branch also sets branch_pending
  // and control goes to branch_target after the slot.
  bool slot_pending = false;
  bool branch_pending = false;
  uint32_t branch_target = 0;
  bool in_delay = false;
  bool annul_slot = false;  // a branch-likely not taken: skip the slot
  bool redirected = false;  // the current instruction set pc itself (exception, ERET)
  bool exception_taken = false;  // ... and it was an exception: the instruction did not retire

  // LL/SC: the link is broken by ERET and by any store to the linked word.
  bool ll_bit = false;
  uint32_t ll_pa = 0;

  ContextState state = ContextState::kFree;
  bool check_irq = false;     // Status/Cause/timer changed: re-evaluate interrupts
  uint64_t timer_at = ~0ull;  // core cycle at which Count reaches Compare next

  uint8_t fetch_priority = 1;  // 0 low, 1 normal, 2 high (TPRIO)
  uint64_t wake_at = 0;        // a running context fetches and executes from this cycle on

  // The thread extension (exec_thread.cc).
  bool wake_token = false;       // a TRESUME arrived while not suspended: the next TSUSPEND returns
  ContextState halted_from = ContextState::kFree;  // the state THALT interrupted, for TSTART
  bool monitor_armed = false;    // MONITOR armed a line
  bool monitor_hit = false;      // a store reached the armed line since MONITOR
  uint32_t monitor_line = 0;     // physical address of the armed line
  uint8_t mwait_rd = 0;          // MWAIT's destination register, written when it wakes
  bool mwait_deep = false;       // MWAIT's power hint: deep sleep
  uint64_t mwait_deadline = ~0ull;  // MWAIT's timeout, as a cycle

  unsigned id = 0;      // index within the core
  unsigned cpunum = 0;  // global number, read by RDHWR $0 and EBase.CPUNum
  uint64_t instret = 0;
  // Cycles spent free (Iss::note_change keeps them: the per-process figures count the cycles a
  // process held a context, which a free one is not).
  bool was_free = true;
  uint64_t free_since = 0, free_cycles = 0;
  uint32_t exc_streak = 0;  // exceptions taken since this context last retired an instruction
  uint64_t tlb_refills = 0;  // TLB refill exceptions taken: no entry matched (Iss::raise)
  // The ASID this context last returned to user mode in (kNoSpace before the first time): an
  // ERET to user mode in another one is an address-space switch (core.tlb_flush_on_switch).
  static constexpr uint32_t kNoSpace = 0x100;
  uint32_t user_asid = kNoSpace;
  Iss* core = nullptr;

  static constexpr unsigned kMicroTlbSize = 256;
  std::array<MicroTlbEntry, kMicroTlbSize> utlb{};
  void flush_utlb() { utlb.fill(MicroTlbEntry{}); }
};

}  // namespace kasane

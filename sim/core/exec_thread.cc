// Semantics of the thread extension (../shared/design/isa.md): user-level instructions that
// create, end, block and wake hardware contexts, monitor/mwait, fetch priority, and the kernel's
// halt/start/interrupt. A context is named by its logical thread number, LTN = index + 1.
#include <algorithm>

#include "core/exec_util.h"

namespace kasane {

namespace {

// User code may use the thread instructions when TControl says so (TU, or MU for
// MONITOR/MWAIT); otherwise they raise Coprocessor Unusable for COP2, whose space they use.
bool allowed(Context& c, uint32_t bit) {
  if (!c.cp0.user_mode() || (c.cp0.tcontrol & bit)) return true;
  c.core->raise(c, cp0::kCpU, false, 2);
  return false;
}

// The context an LTN names, or nullptr if it names none.
Context* by_ltn(Context& c, uint32_t ltn) {
  if (ltn == 0 || ltn > c.core->num_contexts()) return nullptr;
  return &c.core->context(ltn - 1);
}

bool live(const Context& t) { return t.state != ContextState::kFree; }

}  // namespace

// TFORK rd, rs, rt: start a free context allowed by TMask at pc = rs with $a0 = rt and $gp
// copied, in the caller's mode and address space. rd = its LTN, or 0 if none is free (an
// ordinary outcome: the runtime falls back to a software thread).
void exec_tfork(Context& c, Insn i) {
  if (!allowed(c, cp0::kTControlTU)) return;
  const uint32_t pc = c.gpr[i.t_rs()], arg = c.gpr[i.rt()];
  Iss& core = *c.core;
  for (unsigned k = 0; k < core.num_contexts(); ++k) {
    Context& t = core.context(k);
    if (live(t) || !(c.cp0.tmask & (1u << k))) continue;
    t.gpr.fill(0);
    t.gpr[4] = arg;
    t.gpr[28] = c.gpr[28];
    t.hi = t.lo = 0;
    // The FPU likewise: registers zero, since the context's last user may have been another
    // process (its thread left with TEXIT, which the kernel does not see); FCSR (rounding mode,
    // enables, flags) inherited, as a POSIX thread inherits its creator's floating-point
    // environment. Status.CU1 comes with the CP0 copy below.
    t.fpr.fill(0);
    t.fcsr = c.fcsr;
    t.pc = pc;
    t.slot_pending = t.branch_pending = t.annul_slot = false;
    t.wake_token = false;
    core.monitor_disarm(t);
    core.ll_clear(t);
    // Same mode and address space: the CP0 state that decides them is copied. The device lines
    // wired to the new context (Cause.IP6..2) are its own, not the caller's.
    const uint32_t keep_ebase = t.cp0.ebase, keep_lines = t.cp0.cause & cp0::kCauseHwIPMask;
    t.cp0 = c.cp0;
    t.cp0.ebase = keep_ebase;
    t.cp0.cause &= ~(cp0::kCauseIPMask | cp0::kCauseBD | cp0::kCauseTI);
    t.cp0.cause |= keep_lines;
    t.check_irq = keep_lines != 0;
    t.cp0.status &= ~(cp0::kStatusEXL | cp0::kStatusERL);  // not inside the caller's handler
    // XT is the kernel's per-context trap on TEXIT (it guards the context that takes device
    // interrupts); a new context does not inherit it, so its TEXIT simply frees it. Nor XW, the
    // kernel's wait for contexts to end (exec_texit).
    t.cp0.tcontrol &= ~(cp0::kTControlXT | cp0::kTControlXW);
    t.fetch_priority = 1;
    t.flush_utlb();
    if (t.cp0.user_mode()) core.enter_user_space(t);  // a user thread: its creator's space
    core.schedule_timer(t);
    core.wake(t, core.config().thread.fork_latency);
    core.note_flow(c, t, "tfork");
    c.gpr[i.rd()] = k + 1;
    return;
  }
  c.gpr[i.rd()] = 0;
}

// TEXIT: the context becomes free; with TControl.XT the kernel gets a Thread exception instead.
// A context that set TControl.XW hears of it through its monitor (Iss::note_texit).
void exec_texit(Context& c, Insn) {
  if (!allowed(c, cp0::kTControlTU)) return;
  if (c.cp0.tcontrol & cp0::kTControlXT) return c.core->raise(c, cp0::kThread);
  c.core->monitor_disarm(c);
  c.core->ll_clear(c);
  c.state = ContextState::kFree;
  c.core->note_texit();
  c.core->note_change(c);
}

void exec_tid(Context& c, Insn i) {
  if (allowed(c, cp0::kTControlTU)) c.gpr[i.rd()] = c.id + 1;
}

// TSUSPEND: consume a pending wake token, or sleep until a TRESUME (or an interrupt: after its
// handler returns, execution goes on after the TSUSPEND, a spurious wake-up as with futexes).
void exec_tsuspend(Context& c, Insn) {
  if (!allowed(c, cp0::kTControlTU)) return;
  if (c.wake_token) {
    c.wake_token = false;
    return;
  }
  c.state = ContextState::kSuspended;
  c.core->note_change(c);
  c.core->wake_on_interrupt(c);  // an interrupt already pending wakes it at once
}

// TRESUME rd, rs: wake context rs if it is suspended (rd = 1), else leave it a wake token so a
// resume that races ahead of the suspend is not lost (rd = 0); rd = -1 if rs names no live
// context. A context outside the caller's TMask is an illegal target: Thread exception.
void exec_tresume(Context& c, Insn i) {
  if (!allowed(c, cp0::kTControlTU)) return;
  const uint32_t ltn = c.gpr[i.t_rs()];
  Context* t = by_ltn(c, ltn);
  if (t && c.cp0.user_mode() && !(c.cp0.tmask & (1u << (ltn - 1))))
    return c.core->raise(c, cp0::kThread);
  uint32_t result;
  if (!t || !live(*t)) {
    result = 0xffffffffu;
  } else if (t->state == ContextState::kSuspended) {
    c.core->wake(*t, c.core->config().thread.resume_latency);
    c.core->note_flow(c, *t, "tresume");
    result = 1;
  } else {
    t->wake_token = true;
    result = 0;
  }
  c.gpr[i.rd()] = result;
}

// MONITOR rs: arm this context's monitor on the line holding address rs.
void exec_monitor(Context& c, Insn i) {
  if (!allowed(c, cp0::kTControlMU)) return;
  uint32_t pa;
  if (!c.core->translate(c, c.gpr[i.t_rs()], Access::kLoad, pa)) return;
  c.core->monitor_arm(c, pa);
}

// MWAIT rd, rs, rt: sleep until a store to the monitored line, an interrupt, or rs cycles
// (0: no limit); rt is the power hint (0 light, 1 deep). rd = wake reason: 0 store, 1 timeout,
// 2 interrupt, 3 monitor not armed. A store since MONITOR returns at once with 0.
void exec_mwait(Context& c, Insn i) {
  if (!allowed(c, cp0::kTControlMU)) return;
  Iss& core = *c.core;
  if (!c.monitor_armed) {
    c.gpr[i.rd()] = 3;
    return;
  }
  if (c.monitor_hit) {
    core.monitor_disarm(c);
    c.gpr[i.rd()] = 0;
    return;
  }
  const uint32_t timeout = c.gpr[i.t_rs()];
  c.mwait_rd = static_cast<uint8_t>(i.rd());
  c.mwait_deep = c.gpr[i.rt()] != 0;
  c.mwait_deadline = timeout ? core.cycle() + timeout : ~0ull;
  c.state = ContextState::kMwait;
  core.note_change(c);
  core.note_deadline(c.mwait_deadline);
  core.wake_on_interrupt(c);  // an interrupt already pending wakes it at once
}

// TPRIO rs: own fetch priority, 0 low, 1 normal, 2 high (larger values count as high).
void exec_tprio(Context& c, Insn i) {
  if (allowed(c, cp0::kTControlTU))
    c.fetch_priority = static_cast<uint8_t>(std::min<uint32_t>(c.gpr[i.t_rs()], 2));
}

// THALT rs: stop context rs at an instruction boundary, keeping its state, until TSTART.
void exec_thalt(Context& c, Insn i) {
  if (!require_cp0(c)) return;
  Context* t = by_ltn(c, c.gpr[i.t_rs()]);
  if (!t) return c.core->raise(c, cp0::kThread);
  if (t->state == ContextState::kHalted) return;
  t->halted_from = t->state;
  t->state = ContextState::kHalted;
  c.core->note_change(*t);
}

// TSTART rs: let a halted context go on in the state THALT found it in. A wake-up that came
// while it was halted (a TRESUME, a store to its monitored line, its MWAIT timeout) is not lost:
// it takes effect now.
void exec_tstart(Context& c, Insn i) {
  if (!require_cp0(c)) return;
  Context* t = by_ltn(c, c.gpr[i.t_rs()]);
  if (!t) return c.core->raise(c, cp0::kThread);
  if (t->state != ContextState::kHalted) return;
  Iss& core = *c.core;
  const ThreadTiming& timing = core.config().thread;
  t->state = t->halted_from;
  core.note_change(*t);
  switch (t->state) {
    case ContextState::kRunning:
      t->wake_at = std::max(t->wake_at, core.cycle() + 1);
      break;
    case ContextState::kSuspended:
      if (t->wake_token) {
        t->wake_token = false;
        core.wake(*t, timing.resume_latency);
      }
      break;
    case ContextState::kMwait: {
      const bool stored = t->monitor_hit, timed_out = t->mwait_deadline <= core.cycle();
      if (stored || timed_out) {
        t->gpr[t->mwait_rd] = stored ? 0 : 1;
        t->gpr[0] = 0;
        core.monitor_disarm(*t);
        core.wake(*t, t->mwait_deep ? timing.mwait_deep_wake : timing.mwait_light_wake);
      } else {
        core.note_deadline(t->mwait_deadline);
      }
      break;
    }
    default: break;
  }
  core.wake_on_interrupt(*t);
}

// TINTR rs: raise the inter-context software interrupt (Cause.IP1) on context rs, as an SMP
// kernel sends an IPI.
void exec_tintr(Context& c, Insn i) {
  if (!require_cp0(c)) return;
  Context* t = by_ltn(c, c.gpr[i.t_rs()]);
  if (!t) return c.core->raise(c, cp0::kThread);
  t->cp0.cause |= 1u << (cp0::kCauseIPShift + 1);
  t->check_irq = true;
  c.core->wake_on_interrupt(*t);
}

}  // namespace kasane

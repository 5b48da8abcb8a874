// The one cycle loop of every core model (the ISS alone, the in-order pipeline, the out-of-order
// core): timers and device events first, then a cycle of the model, or, when nothing runs and
// nothing is in flight, a jump to the next wake-up (sim.idle_skip), or the end of the run when
// nothing can wake a context again. The machine's lock-step over several cores asks the same
// question of all of them at once, with the same answer (idle_step).
//
// A template on the model, not a virtual call per cycle: the ISS alone runs a cycle in a few dozen
// host instructions, and the loop is inlined around its step.
#pragma once

#include <algorithm>
#include <cstdint>

#include "core/iss.h"

namespace kasane {

// When nothing runs anywhere and nothing is in flight at cycle `now`: what comes next, given
// the earliest cycle at which something can wake a context (~0: nothing can) and whether every
// context has ended with TEXIT. Pending device events count as a wake-up (Iss::next_wake_cycle):
// the run ends only once nothing at all is scheduled.
struct IdleStep {
  enum Kind : uint8_t { kJump, kAllExited, kDeadlock } kind;
  uint64_t next;  // kJump: the cycle to go to, at most `end`
};
inline IdleStep idle_step(uint64_t now, uint64_t end, uint64_t wake, bool all_exited,
                          bool idle_skip) {
  if (wake == ~0ull) return {all_exited ? IdleStep::kAllExited : IdleStep::kDeadlock, now};
  return {IdleStep::kJump, idle_skip ? std::min(end, std::max(now + 1, wake)) : now + 1};
}

// Run `m` on `iss`'s contexts from cycle `now` until cycle `end`, a stop or a pause; `now` is
// left at the cycle reached, as is the ISS's clock. The model M has
//   bool quiescent();                      // nothing runs and nothing is in flight
//   void tick(uint64_t now);               // one cycle
//   void idle(uint64_t now, uint64_t n);   // n cycles in which nothing could run, at once
// Skipping idle cycles changes no count: a model's idle() does what n ticks would have done.
// A core that is not alone in the machine (IssConfig::alone) does not end the run itself: when
// nothing can wake one of its contexts it jumps to `end`, and the machine decides over every core
// (a store or an interrupt from another core may still wake it).
template <typename M>
inline void run_cycles(M& m, Iss& iss, uint64_t& now, uint64_t end, bool idle_skip) {
  while (now < end && !iss.stop_requested() && !iss.pause_requested()) {
    iss.set_cycle(now);
    iss.update_timers();
    if (m.quiescent()) {
      const uint64_t wake = iss.next_wake_cycle();
      if (wake == ~0ull && !iss.config().alone) {
        m.idle(now, end - now);
        now = end;
        break;
      }
      const IdleStep step = idle_step(now, end, wake, iss.all_exited(), idle_skip);
      if (step.kind != IdleStep::kJump) {
        if (step.kind == IdleStep::kAllExited)
          iss.request_stop();
        else
          iss.mark_deadlocked();
        break;
      }
      if (idle_skip) {
        m.idle(now, step.next - now);
        now = step.next;
        continue;
      }
    }
    m.tick(now);
    ++now;
  }
  iss.set_cycle(now);
}

}  // namespace kasane

// See core_power.h.
#include "core/core_power.h"

#include <algorithm>
#include <iterator>

namespace kasane {

namespace {
ContextPowerState power_state(const Context& c) {
  switch (c.state) {
    case ContextState::kRunning: return ContextPowerState::kRunning;
    case ContextState::kMwait:
      return c.mwait_deep ? ContextPowerState::kMwaitDeep : ContextPowerState::kMwaitLight;
    case ContextState::kHalted: return ContextPowerState::kHalted;
    default: return ContextPowerState::kSuspended;  // free, suspended, WAIT: clock-gated
  }
}

uint64_t executed(const Iss& iss) {
  uint64_t n = 0;
  for (unsigned i = 0; i < iss.num_contexts(); ++i) n += iss.context(i).instret;
  return n;
}
}  // namespace

void CorePower::charge(uint64_t cycles) {
  // Events go into the open interval at once: the one they would have gone into a cycle at a
  // time, since the pending cycles never reach past its end.
  // Each count is read once, and only a change is counted: most cycles make no access below
  // the L1s.
  if (memory_) {
    const uint64_t l2 = memory_->l2_accesses(), dram = memory_->dram_accesses();
    if (l2 != l2_seen_ || dram != dram_seen_) {
      power_.count(PowerEvent::kL2, l2 - l2_seen_);
      power_.count(PowerEvent::kDram, dram - dram_seen_);
      l2_seen_ = l2;
      dram_seen_ = dram;
    }
  }
  // The contexts' power states change only with their states (Iss::state_epoch): count them
  // then, not every cycle, after charging the cycles spent in the old ones.
  if (iss_.state_epoch() != epoch_) {
    flush();
    epoch_ = iss_.state_epoch();
    std::fill(std::begin(in_state_), std::end(in_state_), 0);
    for (unsigned i = 0; i < iss_.num_contexts(); ++i)
      ++in_state_[static_cast<size_t>(power_state(iss_.context(i)))];
  }
  pending_ += cycles;
  if (pending_ >= power_.cycles_to_close()) flush();
}

// The ISS has no pipeline to count events in: each executed instruction is charged a fetch, a
// decode, a simple-ALU issue, two register reads and a write, and an L1I access; the contexts'
// states are sampled once per quantum, or per region marker. A timing model is the one to use for
// power studies.
void CorePower::account_iss() {
  const uint64_t instret = executed(iss_);
  const uint64_t n = instret - instret_seen_;
  instret_seen_ = instret;
  for (PowerEvent e : {PowerEvent::kFetch, PowerEvent::kDecode, PowerEvent::kIssueAlu,
                       PowerEvent::kRegWrite, PowerEvent::kL1I})
    power_.count(e, n);
  power_.count(PowerEvent::kRegRead, 2 * n);
  charge(iss_.cycle() - iss_cycle_);
  flush();
  iss_cycle_ = iss_.cycle();
}

void CorePower::restart_iss(uint64_t cycle) {
  iss_cycle_ = cycle;
  instret_seen_ = executed(iss_);
}

}  // namespace kasane

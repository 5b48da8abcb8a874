// What a core charges to its power model (power/power.h), whichever model runs it: its cycles in
// the contexts' current power states, the memory traffic below the L1s, and when the ISS runs
// alone, its executed instructions as the events a simple pipeline would count.
#pragma once

#include <cstdint>

#include "core/iss.h"
#include "mem/hierarchy.h"
#include "power/power.h"

namespace kasane {

class CorePower {
 public:
  // `memory`: the core's caches (a timing model), or null (the ISS alone).
  CorePower(PowerModel& power, const Iss& iss, const MemoryHierarchy* memory)
      : power_(power), iss_(iss), memory_(memory) {}

  // `cycles` cycles in the contexts' current states, with the memory traffic since the last call.
  // Gathered: the cycles wait while the contexts keep their states and the power model's interval
  // stays open, which changes nothing the model computes (it only adds until an interval closes)
  // but calls it once a state change or an interval rather than once a cycle.
  void charge(uint64_t cycles);
  // Hand the gathered cycles to the power model: before anything reads it.
  void flush() {
    if (pending_) power_.advance_counted(in_state_, pending_);
    pending_ = 0;
  }
  // The ISS alone (once a quantum, or at a region marker): the instructions executed and the
  // cycles run since the last call, charged at once.
  void account_iss();
  // The ISS's accounting starts at `cycle` with the instructions executed so far (a restore, or
  // the ISS taking over from a timing model that has charged everything up to there).
  void restart_iss(uint64_t cycle);

 private:
  PowerModel& power_;
  const Iss& iss_;
  const MemoryHierarchy* memory_;
  uint64_t l2_seen_ = 0, dram_seen_ = 0;  // the memory's counts at the last charge
  uint64_t instret_seen_ = 0;             // the ISS's executed instructions at the last account
  uint64_t iss_cycle_ = 0;  // the ISS's clock up to which power is charged
  // How many contexts are in each power state, as of state epoch epoch_.
  uint64_t epoch_ = ~0ull;
  uint64_t in_state_[kContextPowerStateCount] = {};
  uint64_t pending_ = 0;  // cycles charged, not yet advanced
};

}  // namespace kasane

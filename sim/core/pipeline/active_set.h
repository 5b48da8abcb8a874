// The contexts the pipeline evaluates each cycle, as a bit set: those that may run (FunctionalCore
// ::may_run) or still have instructions in flight. Every other context is parked: it fetches,
// decodes, issues and retires nothing, so the stages skip it and its cycles are counted as idle
// in one subtraction (Pipeline::stats), which keeps an idle context free whatever the number of
// contexts. The stages visit the set in the same rotating order as they would visit all contexts,
// so skipping the parked ones changes no cycle.
#pragma once

#include <cstdint>

namespace kasane {

// Call fn(c) for every context c in `set`, in the order start, start + 1, ..., wrapping around
// past the last context to 0, while fn returns true. `start` is below 32.
template <typename Fn>
inline void for_each_active(uint32_t set, unsigned start, Fn fn) {
  // One loop over the set rotated right by `start`: no context is at 32 or above, so the
  // rotation visits start..31, then 0..start-1. One copy of fn's body, where two loops (one per
  // half) inlined it twice into the pipeline's cycle.
  const uint32_t rotated = (set >> start) | (set << ((32 - start) & 31u));
  for (uint32_t part = rotated; part != 0; part &= part - 1)
    if (!fn((static_cast<unsigned>(__builtin_ctz(part)) + start) & 31u)) return;
}

// The context a stage serves first in a cycle, turning by one every cycle so that none starves
// the others. Fetch, decode and writeback each keep one.
class RotatingStart {
 public:
  operator unsigned() const { return at_; }
  // The next cycle's start, wrapping to 0 at `n` contexts. A compare rather than `% n`: every
  // stage turns once a cycle, and a division is the slowest instruction they would run.
  void turn(unsigned n) { at_ = at_ + 1 == n ? 0 : at_ + 1; }
  // `cycles` cycles in which nothing could run were skipped: turn as if they had been evaluated.
  void skip(uint64_t cycles, unsigned n) { at_ = static_cast<unsigned>((at_ + cycles) % n); }

 private:
  unsigned at_ = 0;
};

}  // namespace kasane

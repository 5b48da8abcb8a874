// Issue and execute: each cycle the issue queue offers its ready instructions oldest first, and
// up to issue.width of them go to a free unit of their class (core/pipeline/fu_pool.h). A result
// is ready after the unit's latency, when its dependents may issue (wake-up, issue_queue.h). A
// load also needs the memory-dependence predictor's leave (store sets), its data from an older
// store of its context (forwarding) or from the data cache (which may be out of MSHRs: it tries
// again), and waits while an older store covers part of it. A store's address becomes known when
// it issues: a younger load that already read an overlapping address is a memory-order violation,
// squashed with everything after it (recovery.h), and the predictor learns the pair. A load that
// misses the L2 invokes fetch.long_latency.
//
// Phantom loads and stores (o3_inst.h) have no address: they take the L1's hit latency and touch
// neither the cache nor the other queue. Device accesses took effect at dispatch, without the
// cache, and take the same latency.
#pragma once

#include <cstdint>
#include <vector>

#include "core/o3/o3_state.h"
#include "core/o3/recovery.h"

namespace kasane {

template <typename F>
class O3Issue {
 public:
  O3Issue(O3State& s, Recovery<F>& recovery)
      : s_(s), rec_(recovery), squash_from_(s.contexts, kNone) {}
  void evaluate(uint64_t now);

 private:
  static constexpr uint64_t kNone = ~0ull;
  // Load `d` may issue now: true, with `ready` its data cycle; false: it waits.
  bool load_may_issue(O3Inst& d, uint64_t now, uint64_t& ready);
  void issue(O3Inst& d, uint64_t now, uint64_t ready);
  // A load's data takes until `ready`: count a miss, and apply fetch.long_latency.
  void note_latency(O3Inst& d, uint64_t now, uint64_t ready);
  // Squash context c from its first instruction of seq >= `seq` once the select is over.
  void squash_later(unsigned c, uint64_t seq) {
    if (seq < squash_from_[c]) squash_from_[c] = seq;
  }

  O3State& s_;
  Recovery<F>& rec_;
  std::vector<uint64_t> squash_from_;  // per context: pending squash, or kNone
};

}  // namespace kasane

// The reorder buffer. Each context keeps its in-flight instructions from decode to commit in one
// ring, in program order: the first ones hold ROB entries (dispatched, not committed), the next
// ones sit in the rename latch (renamed, not dispatched), the last ones in the decode latch
// (decoded, not renamed). The ROB entries are shared among the contexts by rob.policy; the
// latches hold at most a rename width and a decode width of each context. Commit takes from the
// front, in order within each context; a squash cuts the ring at the first squashed instruction.
#pragma once

#include <cstdint>
#include <vector>

#include "core/o3/o3_inst.h"
#include "core/o3/share_policy.h"

namespace kasane {

class Rob {
 public:
  // `latches`: the most instructions a context holds in its decode and rename latches together.
  Rob(const ShareConfig& cfg, unsigned contexts, unsigned latches) : cap_(cfg, contexts) {
    for (unsigned c = 0; c < contexts; ++c) ring_.emplace_back(cfg.entries + latches);
    renamed_.assign(contexts, 0);
  }

  SharedCapacity& capacity() { return cap_; }
  const SharedCapacity& capacity() const { return cap_; }
  Ring<O3Inst>& ring(unsigned c) { return ring_[c]; }
  const Ring<O3Inst>& ring(unsigned c) const { return ring_[c]; }

  // Context c's ROB entries (dispatched, not committed), rename latch and decode latch.
  unsigned dispatched(unsigned c) const { return cap_.held(c); }
  unsigned renamed(unsigned c) const { return renamed_[c]; }
  unsigned decoded(unsigned c) const {
    return static_cast<unsigned>(ring_[c].size()) - cap_.held(c) - renamed_[c];
  }
  // Context c's oldest instruction in the rename latch, and in the decode latch.
  O3Inst& next_to_dispatch(unsigned c) { return ring_[c][cap_.held(c)]; }
  O3Inst& next_to_rename(unsigned c) { return ring_[c][cap_.held(c) + renamed_[c]]; }

  // Moves between the parts: decoded (a new instruction at the end), renamed, dispatched,
  // committed (the oldest leaves).
  O3Inst& decode(unsigned c) { return ring_[c].push_back_uncleared(); }
  void renamed_one(unsigned c) { ++renamed_[c]; }
  void dispatched_one(unsigned c) {
    --renamed_[c];
    cap_.take(c);
  }
  void commit(unsigned c) {
    ring_[c].pop_front();
    cap_.give(c);
  }
  // Keep context c's oldest `n` instructions; `rob` and `renamed` of them are still dispatched
  // and renamed (Recovery counts them while undoing the rest).
  void cut(unsigned c, size_t n, unsigned rob, unsigned renamed) {
    cap_.give(c, cap_.held(c) - rob);
    renamed_[c] = renamed;
    ring_[c].truncate(n);
  }

 private:
  SharedCapacity cap_;
  std::vector<Ring<O3Inst>> ring_;
  std::vector<unsigned> renamed_;
};

}  // namespace kasane

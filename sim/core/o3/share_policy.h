// How many entries of a structure that the contexts share (the ROB, the issue queue, the load
// queue, the store queue) each context may hold, by the structure's policy (o3_config.h): it
// counts the entries each context holds and says whether one more may be taken. Partitioned
// shares the entries among the contexts that are active (they may run, or have instructions in
// flight), as Nehalem splits its ROB and load/store buffers only while both threads are active.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/limits.h"
#include "core/o3/o3_config.h"

namespace kasane {

class SharedCapacity {
 public:
  SharedCapacity(const ShareConfig& cfg, unsigned contexts)
      : entries_(cfg.entries),
        policy_(cfg.policy),
        cap_(std::max(1u, cfg.entries * cfg.threshold / 100)),
        share_(cfg.entries) {
    (void)contexts;  // at most kMaxContexts, each with its count
  }

  // Context c may take one more entry now.
  bool may_take(unsigned c) const { return total_ < entries_ && held_[c] < limit(c); }
  // The most context c may hold now.
  unsigned limit(unsigned) const {
    switch (policy_) {
      case SharePolicy::kShared: return entries_;
      case SharePolicy::kPartitioned: return share_;
      case SharePolicy::kThreshold: return cap_;
    }
    return entries_;
  }
  void take(unsigned c) {
    ++held_[c];
    ++total_;
  }
  void give(unsigned c, unsigned n = 1) {
    held_[c] -= n;
    total_ -= n;
  }
  // Partitioned: `n` contexts are active now (at least one share is the whole structure).
  void set_active(unsigned n) { share_ = std::max(1u, entries_ / std::max(1u, n)); }

  unsigned held(unsigned c) const { return held_[c]; }
  unsigned total() const { return total_; }
  unsigned entries() const { return entries_; }
  SharePolicy policy() const { return policy_; }

 private:
  unsigned entries_;
  SharePolicy policy_;
  unsigned cap_;    // threshold: its percentage of the entries
  unsigned share_;  // partitioned: entries / active contexts
  std::array<unsigned, kMaxContexts> held_{};  // an array: asked on every dispatch
  unsigned total_ = 0;
};

}  // namespace kasane

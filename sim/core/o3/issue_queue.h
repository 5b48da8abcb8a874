// The unified issue queue: dispatched instructions of every context wait here until their
// operands are ready, and select takes the oldest ready ones first (by fetch order, across
// contexts), as many as the issue width and the units allow. Wake-up is the physical registers'
// ready cycles (rename.h): a producer that issues sets its destinations' cycle, and an entry is
// ready once every source's cycle has come; an entry keeps that cycle once all its producers
// have issued, so most cycles an entry costs one compare.
#pragma once

#include <cstdint>
#include <vector>

#include "core/o3/o3_inst.h"
#include "core/o3/rename.h"
#include "core/o3/share_policy.h"

namespace kasane {

class IssueQueue {
 public:
  IssueQueue(const ShareConfig& cfg, unsigned contexts) : cap_(cfg, contexts) {
    entries_.reserve(cfg.entries);
  }

  SharedCapacity& capacity() { return cap_; }
  const SharedCapacity& capacity() const { return cap_; }
  bool may_take(unsigned c) const { return cap_.may_take(c); }
  size_t size() const { return entries_.size(); }

  // `d` (dispatched by its context, which may_take()) waits here, in age order.
  void insert(O3Inst* d);

  // What select's caller makes of a ready entry.
  enum class Pick : uint8_t { kKeep, kIssue, kStop };
  // Offer the ready entries to `pick` oldest first, until it says kStop; those it issued leave.
  template <typename Fn>
  void select(uint64_t now, const Rename& rename, Fn pick) {
    size_t out = 0, k = 0;
    const size_t n = entries_.size();
    for (; k < n; ++k) {
      Entry& e = entries_[k];
      if (ready(e, now, rename)) {
        const Pick p = pick(*e.inst);
        if (p == Pick::kIssue) {
          e.inst->in_iq = false;
          cap_.give(e.inst->thread);
          continue;
        }
        if (p == Pick::kStop) break;
      }
      if (out != k) entries_[out] = e;
      ++out;
    }
    for (; k < n; ++k, ++out)
      if (out != k) entries_[out] = entries_[k];
    entries_.resize(out);
  }

  // Context c's entries of seq >= `from` leave (a squash).
  void squash(unsigned c, uint64_t from);

 private:
  struct Entry {
    uint64_t seq;
    O3Inst* inst;
    uint64_t ready_at;  // when every source is ready, once known; kNotReady before
  };
  static bool ready(Entry& e, uint64_t now, const Rename& rename) {
    if (e.ready_at == Rename::kNotReady) {
      uint64_t at = 0;
      const O3Inst& d = *e.inst;
      for (unsigned k = 0; k < d.regs.nsrc; ++k) {
        const uint64_t r = rename.ready_at(d.psrc[k]);
        if (r == Rename::kNotReady) return false;  // a producer has not issued
        at = r > at ? r : at;
      }
      e.ready_at = at;
    }
    return e.ready_at <= now;
  }

  SharedCapacity cap_;
  std::vector<Entry> entries_;  // oldest first
};

}  // namespace kasane

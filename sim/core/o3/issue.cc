// See issue.h.
#include "core/o3/issue.h"

#include <algorithm>
#include <iterator>

#include "core/kanata.h"
#include "core/pipeline/functional.h"
#include "core/pipeline/shared_stats.h"
#include "power/power.h"

namespace kasane {

template <typename F>
void O3Issue<F>::evaluate(uint64_t now) {
  unsigned budget = s_.cfg.front.issue_width;
  if (budget == 0 || s_.iq.size() == 0) return;
  s_.iq.select(now, s_.rename, [&](O3Inst& d) {
    if (budget == 0) return IssueQueue::Pick::kStop;
    if (!s_.fu.available(fu_class_of(d.unit), now)) return IssueQueue::Pick::kKeep;
    uint64_t ready = now + s_.fu.latency(d.unit);
    if (d.load) {
      if (!load_may_issue(d, now, ready)) return IssueQueue::Pick::kKeep;
    } else if (d.store && d.wait_store != StoreSets::kNoStore) {
      // The stores of a set issue in order.
      if (!s_.lsq.store_known(d.thread, d.wait_store)) return IssueQueue::Pick::kKeep;
      d.wait_store = StoreSets::kNoStore;
    }
    issue(d, now, ready);
    if (d.store) {
      if (s_.power) s_.power->count(PowerEvent::kLsqSearch);  // the loads after it
      s_.store_sets.store_issued(d.thread, d.pc, d.seq);
      if (O3Inst* load = s_.lsq.store_issued(d)) {
        ++s_.stats.violations;
        s_.store_sets.violation(d.pc, load->pc);
        squash_later(d.thread, load->seq);
      }
    }
    --budget;
    return IssueQueue::Pick::kIssue;
  });
  for (unsigned c = 0; c < s_.contexts; ++c) {
    if (squash_from_[c] == kNone) continue;
    rec_.squash(c, rec_.index_of(c, squash_from_[c]), now);
    squash_from_[c] = kNone;
  }
}

template <typename F>
bool O3Issue<F>::load_may_issue(O3Inst& d, uint64_t now, uint64_t& ready) {
  if (d.phantom || d.device) {
    ready += s_.cfg.l1_hit_latency;
    return true;
  }
  if (d.wait_store != StoreSets::kNoStore) {
    if (!s_.lsq.store_known(d.thread, d.wait_store)) {
      ++s_.stats.store_set_waits;
      return false;
    }
    d.wait_store = StoreSets::kNoStore;
  }
  if (s_.power) s_.power->count(PowerEvent::kLsqSearch);  // the stores before it
  const LoadStoreQueue::Search found = s_.lsq.search_stores(d);
  if (found.kind == LoadStoreQueue::Search::kPartial) {
    // The store covers part of it: the load waits until the store has written the cache.
    ++s_.stats.partial_waits;
    return false;
  }
  if (found.kind == LoadStoreQueue::Search::kForward) {
    d.forwarded_from = found.store;
    ready = now + s_.cfg.forward_latency;
    ++s_.stats.forwards;
    return true;
  }
  if (d.pref) return s_.dcache.prefetch_or_wait(d.pa, now);  // needs an MSHR, not its data
  const std::optional<uint64_t> data = s_.dcache.access(d.pa, false, now);
  if (!data) return false;  // no MSHR free
  if (s_.power) s_.power->count(PowerEvent::kL1D);
  ready = std::max(ready, *data);
  note_latency(d, now, ready);
  return true;
}

template <typename F>
void O3Issue<F>::note_latency(O3Inst& d, uint64_t now, uint64_t ready) {
  const unsigned agen = s_.fu.latency(d.unit);
  if (ready <= now + agen + s_.cfg.l1_hit_latency) return;
  O3Thread& th = s_.threads[d.thread];
  th.misses.push_back(ready);  // MISSCOUNT: until the data arrives
  ++s_.front.ctx[d.thread].n_misses;
  if (ready <= now + agen + s_.cfg.l2_hit_latency ||
      s_.cfg.long_latency == LongLatencyPolicy::kNone)
    return;
  ++s_.stats.long_latency;
  // STALL and FLUSH: the context fetches nothing until the data arrives; FLUSH also gives back
  // everything it holds after the load.
  th.fetch_gate = std::max(th.fetch_gate, ready);
  ContextPipe& cp = s_.front.ctx[d.thread];
  cp.fetch_stall_until = std::max(cp.fetch_stall_until, ready);
  if (s_.cfg.long_latency == LongLatencyPolicy::kFlush) squash_later(d.thread, d.seq + 1);
}

template <typename F>
void O3Issue<F>::issue(O3Inst& d, uint64_t now, uint64_t ready) {
  const FuClass fc = fu_class_of(d.unit);
  s_.fu.accept(fc, now, s_.fu.latency(d.unit));
  d.stage = O3Stage::kIssued;
  d.issued_at = now;
  d.done_at = ready;
  for (unsigned k = 0; k < d.regs.ndst; ++k) s_.rename.set_ready(d.pdst[k], ready);
  ContextPipe& cp = s_.front.ctx[d.thread];
  --cp.n_decoded;
  if (d.branch) --cp.n_branches;
  if (s_.power) {
    count_issue(*s_.power, fc, d.regs.nsrc, d.regs.ndst);
    if (d.regs.ndst) s_.power->count(PowerEvent::kIqWakeup);  // its tag to the waiting entries
  }
  if (s_.trace && d.trace_id != ~0ull) {
    s_.trace->stage(now, d.trace_id, "X");
    s_.trace->stage_at(now, d.trace_id, "W", ready);  // complete: waits to commit
  }
}

template class O3Issue<FunctionalCore>;
template class O3Issue<IssModel>;

}  // namespace kasane

// See commit.h.
#include "core/o3/commit.h"

#include "core/kanata.h"
#include "core/pipeline/functional.h"
#include "core/pipeline/writeback.h"
#include "power/power.h"

namespace kasane {

template <typename F>
void O3Commit<F>::evaluate(uint64_t now) {
  unsigned budget = s_.cfg.front.retire_width;
  for_each_active(s_.front.active, 0, [&](unsigned c) {
    s_.threads[c].committed = false;
    return true;
  });
  if (s_.cfg.commit == CommitPolicy::kRoundRobin) {
    // The contexts in turn, one instruction each, from this cycle's first, until the slots run
    // out or none has a completed instruction at its head.
    uint32_t willing = s_.front.active;
    while (budget > 0 && willing) {
      for_each_active(willing, rr_, [&](unsigned c) {
        if (budget == 0) return false;
        if (!head_ready(c, now) || !commit_one(c, now)) {
          willing &= ~(1u << c);
          return true;
        }
        --budget;
        return true;
      });
    }
  } else {
    // Each slot to the context whose completed head is the oldest.
    while (budget > 0) {
      unsigned best = ~0u;
      uint64_t oldest = ~0ull;
      for_each_active(s_.front.active, 0, [&](unsigned c) {
        if (head_ready(c, now) && s_.rob.ring(c).front().seq < oldest) {
          oldest = s_.rob.ring(c).front().seq;
          best = c;
        }
        return true;
      });
      if (best == ~0u) break;
      if (commit_one(best, now)) --budget;
    }
  }
  rr_.turn(s_.contexts);
}

template <typename F>
bool O3Commit<F>::commit_one(unsigned c, uint64_t now) {
  O3Thread& th = s_.threads[c];
  const O3Inst& d = s_.rob.ring(c).front();
  if (d.fault || d.phantom) {
    // The exception takes effect: it and everything after it leave, and fetch goes where the
    // ISS went (the vector). (A phantom never gets here: its redirect comes first.)
    if (d.fault) ++th.stats.exceptions;
    ++s_.stats.redirects;
    rec_.squash(c, 0, now);
    return false;
  }
  retire(c, d, now);
  if (d.branch) {
    ++th.stats.branches;
    if (d.mispredicted) ++th.stats.mispredicts;
    if (d.info->format == Format::I) {  // trained from the history its prediction read
      s_.bp.record(!d.mispredicted);
      s_.bp.update_from(c, d.pc, d.actual_taken, d.bp_snapshot);
    } else if (d.info->format == Format::R) {
      s_.bp.record_target(d.pred_taken && d.pred_target == d.actual_target);
      s_.bp.update_target(c, d.pc, d.actual_target);
    }
  }
  s_.rename.commit(c, d);
  if (d.load) s_.lsq.commit_load(c);
  if (d.store) s_.lsq.commit_store(c, now);
  if (th.serial == d.seq) th.serial = O3Thread::kNone;
  if (th.last_real == &d) th.last_real = nullptr;
  if (d.seq >= th.recover_seq) th.recovering = false;
  if (s_.power) s_.power->count(PowerEvent::kRob);  // its entry read
  th.committed = true;
  // The path went wrong after it: the instructions after it leave now, before it does.
  const bool redirect =
      th.diverged && th.redirect.kind == Redirect::kAtCommit && th.redirect.trigger == &d;
  if (redirect) rec_.redirect(c, now);
  s_.rob.commit(c);
  return !redirect;
}

template <typename F>
void O3Commit<F>::retire(unsigned c, const O3Inst& d, uint64_t now) {
  if (s_.cfg.front.check) check(c, d.pc, d.raw);
  ++s_.threads[c].stats.retired;
  if (s_.trace && d.trace_id != ~0ull) {
    s_.trace->stage(now, d.trace_id, "C");
    s_.trace->retire_at(now, d.trace_id, now + 1);
  }
}

template <typename F>
void O3Commit<F>::check(unsigned c, uint32_t pc, uint32_t raw) {
  check_retired(s_.front, c, pc, raw);
}

template <typename F>
void O3Commit<F>::drain_store(uint64_t now) {
  const unsigned start = store_rr_;
  store_rr_.turn(s_.contexts);  // every cycle, whether a store waits or not
  if (s_.lsq.committed_stores() == 0) return;
  for_each_active(s_.front.active, start, [&](unsigned c) {
    const StoreEntry* st = s_.lsq.committed_store(c, now);
    if (!st) return true;
    if (!st->device && !st->phantom) {
      if (!s_.dcache.access(st->pa, true, now)) return false;  // no MSHR: the port waits
      if (s_.power) s_.power->count(PowerEvent::kL1D);
    }
    s_.lsq.pop_store(c);
    return false;
  });
}

template <typename F>
void O3Commit<F>::drain(uint64_t now) {
  for (unsigned c = 0; c < s_.contexts; ++c) {
    O3Thread& th = s_.threads[c];
    Ring<O3Inst>& ring = s_.rob.ring(c);
    size_t k = 0;
    for (; k < s_.rob.dispatched(c); ++k) {
      const O3Inst& d = ring[k];
      if (d.phantom) break;
      if (d.fault) {
        ++th.stats.exceptions;
        ++k;
        break;
      }
      retire(c, d, now);
    }
    for (const O3Inst& d : th.replay) retire(c, d, now);
    th.replay.clear();
    // What is left never executed: it goes as a squash would take it.
    for (; k < ring.size(); ++k) ++th.stats.squashed;
  }
}

template class O3Commit<FunctionalCore>;
template class O3Commit<IssModel>;

}  // namespace kasane

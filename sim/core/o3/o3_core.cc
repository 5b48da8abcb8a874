// See o3_core.h. The counters and stats.json's figures are in o3_report.cc.
#include "core/o3/o3_core.h"

#include <algorithm>

#include "core/pipeline/functional.h"

namespace kasane {

namespace {
// Fetch's configuration: the pipeline's, with a fetch queue as its whole window.
PipelineConfig front_config(const O3Config& cfg) {
  PipelineConfig p = cfg.front;
  p.issue_queue = 0;
  p.inflight = 0;
  return p;
}
}  // namespace

O3State::O3State(const O3Config& c, unsigned n, MemLevel& dcache)
    : cfg(c),
      contexts(n),
      front(front_config(c), n),
      threads(n),
      rob(c.rob, n, c.front.decode_width + c.rename_width),
      rename(n, c.int_regs, c.fp_regs),
      iq(c.iq, n),
      lsq(c.lq, c.sq, n),
      store_sets(c.ssit_entries, n, c.mem_dep == MemDepPolicy::kStoreSets),
      fu(c.front.fu),
      bp(c.front.bpred, n),
      dcache(dcache) {}

template <typename F>
O3Core<F>::O3Core(const O3Config& cfg, F& f, MemLevel& icache, MemLevel& dcache,
                  unsigned line_bytes, KanataWriter* trace, PowerModel* power)
    : s_(cfg, f.contexts(), dcache),
      f_(f),
      epoch_now_(f.state_epoch()),
      rec_(s_, f),
      commit_(s_, rec_),
      issue_(s_, rec_),
      rename_(s_),
      dispatch_(s_, f, rec_, rename_),
      decode_(s_),
      fetch_(s_.front, f, icache, s_.bp, line_bytes) {
  s_.trace = s_.front.trace = trace;
  s_.power = s_.front.power = power;
  fetch_.set_fallback(&rec_);
  occ_size_ = {s_.rob.capacity().entries(),  s_.iq.capacity().entries(),
               s_.lsq.loads().entries(),     s_.lsq.stores().entries(),
               s_.rename.rename_regs(false), s_.rename.rename_regs(true)};
  for (size_t k = 0; k < occ_size_.size(); ++k) {
    bucket_of_[k].resize(occ_size_[k] + 1);
    for (unsigned held = 0; held <= occ_size_[k]; ++held)
      bucket_of_[k][held] = static_cast<uint8_t>(
          std::min(kOccBuckets - 1, occ_size_[k] ? held * kOccBuckets / occ_size_[k] : 0));
  }
}

template <typename F>
void O3Core<F>::tick(uint64_t now) {
  refresh_active();
  // Back to front: each stage sees what the stage before it produced in earlier cycles.
  complete(now);
  commit_.evaluate(now);
  commit_.drain_store(now);
  issue_.evaluate(now);
  dispatch_.evaluate(now);
  rename_.evaluate(now);
  decode_.evaluate(now);
  fetch_.evaluate(now);
  account(now);
}

template <typename F>
void O3Core<F>::idle(uint64_t cycles) {
  // Exactly what `cycles` ticks with nothing to do would have done: every context idle.
  accounted_ += cycles;
  commit_.skip(cycles);
  dispatch_.skip(cycles);
  rename_.skip(cycles);
  decode_.skip(cycles);
  fetch_.skip(cycles);
}

template <typename F>
void O3Core<F>::complete(uint64_t now) {
  for_each_active(s_.front.active, 0, [&](unsigned c) {
    O3Thread& th = s_.threads[c];
    if (th.diverged && th.redirect.kind == Redirect::kAtComplete &&
        th.redirect.trigger->stage == O3Stage::kIssued && th.redirect.trigger->done_at <= now)
      rec_.redirect(c, now);
    return true;
  });
}

template <typename F>
void O3Core<F>::recount_active() {
  if (epoch_now_) epoch_ = *epoch_now_;
  for (unsigned c = 0; c < s_.contexts; ++c) {
    if (f_.may_run(c) || !empty(c))
      s_.front.active |= 1u << c;
    else
      park(c);
  }
  active_changed();
}

template <typename F>
void O3Core<F>::park(unsigned c) {
  s_.front.active &= ~(1u << c);
  O3Thread& th = s_.threads[c];
  th.committed = false;
  th.block = O3Cpi::kIdle;
  s_.front.ctx[c].fetch_synced = false;  // it resumes wherever the ISS says
}

template <typename F>
void O3Core<F>::active_changed() {
  // Partitioned structures split among the contexts active now.
  const unsigned n = static_cast<unsigned>(__builtin_popcount(s_.front.active));
  s_.rob.capacity().set_active(n);
  s_.iq.capacity().set_active(n);
  s_.lsq.loads().set_active(n);
  s_.lsq.stores().set_active(n);
}

template <typename F>
O3Cpi O3Core<F>::head_category(unsigned c, uint64_t now) const {
  const O3Thread& th = s_.threads[c];
  if (th.committed) return O3Cpi::kBase;
  if (s_.rob.dispatched(c) == 0) return th.block;
  const O3Inst& d = s_.rob.ring(c).front();
  if (d.stage == O3Stage::kIssued && d.done_at <= now) return O3Cpi::kBase;  // slots taken
  if (d.serial) return O3Cpi::kSerialise;
  if (d.load && !d.phantom) return O3Cpi::kMemory;
  return O3Cpi::kDependence;
}

template <typename F>
void O3Core<F>::account(uint64_t now) {
  ++accounted_;
  bool parked = false;
  for_each_active(s_.front.active, 0, [&](unsigned c) {
    O3Thread& th = s_.threads[c];
    ContextPipe& cp = s_.front.ctx[c];
    // MISSCOUNT: misses whose data has arrived are no longer outstanding.
    if (!th.misses.empty()) {
      th.misses.erase(std::remove_if(th.misses.begin(), th.misses.end(),
                                     [now](uint64_t t) { return t <= now; }),
                      th.misses.end());
      cp.n_misses = static_cast<uint16_t>(th.misses.size());
    }
    const O3Cpi cat = head_category(c, now);
    if (cat != O3Cpi::kIdle) ++th.stats.cpi[static_cast<size_t>(cat)];
    // Occupancy, each structure against its size.
    O3ThreadStats& st = th.stats;
    ++st.active_cycles;
    const unsigned held[] = {s_.rob.dispatched(c),
                             s_.iq.capacity().held(c),
                             s_.lsq.loads().held(c),
                             s_.lsq.stores().held(c),
                             s_.rename.held(c, false),
                             s_.rename.held(c, true)};
    for (size_t k = 0; k < static_cast<size_t>(O3Occ::kCount); ++k) {
      st.occ_sum[k] += held[k];
      ++st.occ_hist[k][bucket_of_[k][std::min(held[k], occ_size_[k])]];
    }
    if (empty(c) && !f_.may_run(c)) {
      park(c);
      parked = true;
    }
    return true;
  });
  if (parked) active_changed();
}

template class O3Core<FunctionalCore>;
template class O3Core<IssModel>;

}  // namespace kasane

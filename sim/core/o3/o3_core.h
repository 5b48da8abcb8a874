// The out-of-order SMT core (sim.model = "o3"): core.contexts hardware contexts share one
// out-of-order window. fetch -> decode -> rename -> dispatch -> issue/execute -> commit, stages
// as plain classes evaluated back to front once per cycle over the state they share (o3_state.h):
// fetch is the pipeline's FetchStage (policies, predictor, i-cache), then a physical register
// file per class with free lists (rename.h), a ROB (rob.h), a unified issue queue with wake-up
// and oldest-first select (issue_queue.h), load and store queues with forwarding (lsq.h) and a
// store-set predictor (mem_dep.h), each shared among the contexts by its policy.
//
// The ISS stays the one architectural state: it executes each instruction when it dispatches, in
// program order per context, at most a ROB ahead of commit (dispatch.h); the timing model
// schedules those instructions out of order over their register and memory dependences, and
// wrong paths are phantoms until the squash (recovery.h). What this approximates, and its bounds,
// are in the README's section on the model.
//
// A template on the functional model, as the pipeline is (core/pipeline/functional.h).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/o3/commit.h"
#include "core/o3/dispatch.h"
#include "core/o3/frontend.h"
#include "core/o3/issue.h"
#include "core/o3/o3_state.h"
#include "core/o3/recovery.h"
#include "core/pipeline/fetch.h"
#include "stats/counter_set.h"

namespace kasane {

template <typename F>
class O3Core {
 public:
  // `line_bytes`: the i-cache line (fetch makes one access per line).
  O3Core(const O3Config& cfg, F& f, MemLevel& icache, MemLevel& dcache, unsigned line_bytes,
         KanataWriter* trace = nullptr, PowerModel* power = nullptr);

  void tick(uint64_t now);
  // `cycles` cycles in which nothing could run: every context idle.
  void idle(uint64_t cycles);
  // No context can run and nothing is in flight (stores waiting for the cache included).
  bool quiescent() {
    refresh_active();
    bool quiet = true;
    for_each_active(s_.front.active, 0, [&](unsigned c) {
      quiet = empty(c) && !f_.running(c);
      return quiet;
    });
    return quiet;
  }
  void finish(uint64_t now) { commit_.drain(now); }

  void counters(CounterSet& out) const;
  nlohmann::json report(const CounterSet& counters, uint64_t cycles) const;
  uint64_t check_failures() const { return s_.front.check_failures; }
  const std::string& first_check_failure() const { return s_.front.first_check_failure; }
  BranchPredictor& predictor() { return s_.bp; }
  // For tests.
  O3State& state() { return s_; }

 private:
  // Context c has nothing in flight: no instruction fetched, in the window or to replay, and no
  // store waiting for the cache.
  bool empty(unsigned c) const {
    return s_.rob.ring(c).empty() && s_.front.ctx[c].window.empty() &&
           s_.threads[c].replay.empty() && s_.lsq.stores_of(c) == 0;
  }
  void refresh_active() {
    if (!epoch_now_ || *epoch_now_ != epoch_) recount_active();
  }
  void recount_active();
  void park(unsigned c);
  void active_changed();
  // Fire the redirects that wait for a branch to complete.
  void complete(uint64_t now);
  // Charge this cycle to each context's CPI stack and occupancy.
  void account(uint64_t now);
  O3Cpi head_category(unsigned c, uint64_t now) const;

  O3State s_;
  F& f_;
  // Per structure of O3Occ: its size, and the histogram bucket of each count from 0 to it (a
  // division per structure per context per cycle, worked out once).
  std::array<unsigned, static_cast<size_t>(O3Occ::kCount)> occ_size_;
  std::array<std::vector<uint8_t>, static_cast<size_t>(O3Occ::kCount)> bucket_of_;
  const uint64_t* epoch_now_;
  uint64_t epoch_ = ~0ull;
  uint64_t accounted_ = 0;  // cycles charged to every context, idle ones included
  Recovery<F> rec_;
  O3Commit<F> commit_;
  O3Issue<F> issue_;
  O3Rename rename_;
  O3Dispatch<F> dispatch_;
  O3Decode decode_;
  FetchStage<F, true> fetch_;  // predicting into a speculative history
};

}  // namespace kasane

// The cycle-level SMT pipeline of one core: core.contexts hardware contexts share one pipeline,
// fetch -> decode -> issue -> execute -> memory -> writeback, stages as plain classes evaluated
// back to front once per cycle. The functional model (the ISS) gives instructions their meaning
// when they issue; this model decides when that happens and what each cycle was spent on.
// The pipeline and the stages that call the functional model are templates on it (functional.h):
// the simulator's instance calls the ISS directly, the tests' goes through FunctionalCore. Their
// definitions stay in the stages' .cc files, each instantiated there for those two models.
#pragma once

#include <cstdint>
#include <memory>

#include <nlohmann/json.hpp>

#include "core/bpred.h"
#include "core/pipeline/decode.h"
#include "core/pipeline/execute.h"
#include "core/pipeline/fetch.h"
#include "core/pipeline/issue.h"
#include "core/pipeline/memstage.h"
#include "core/pipeline/writeback.h"
#include "stats/counter_set.h"

namespace kasane {

// F: the functional model (functional.h), IssModel in the simulator.
template <typename F>
class BasicPipeline {
 public:
  // `line_bytes`: the i-cache line size (fetch makes one access per line).
  BasicPipeline(const PipelineConfig& cfg, F& f, MemLevel& icache, MemLevel& dcache,
                unsigned line_bytes, KanataWriter* trace = nullptr, PowerModel* power = nullptr);

  // One clock cycle.
  void tick(uint64_t now);
  // `cycles` cycles skipped while nothing could run: charged to every context as idle.
  void idle(uint64_t cycles);
  // The run ends at `now`: the executed instructions still in flight retire
  // (WritebackStage::drain).
  void finish(uint64_t now) { wb_.drain(now); }
  // No context can run and nothing is in flight: time may jump to the next wake-up. Inline: the
  // core asks before every cycle, and nearly always learns at once that a window is not empty.
  bool quiescent() {
    // A parked context is not running and has nothing in flight.
    refresh_active();
    bool quiet = true;
    for_each_active(s_.active, 0, [&](unsigned c) {
      quiet = s_.ctx[c].window.empty() && !f_.running(c);  // the cheap test first
      return quiet;
    });
    return quiet;
  }

  // Context c's counts, its idle cycles included (they are not counted one by one: see
  // active_set.h).
  ContextStats stats(unsigned c) const;
  uint64_t check_failures() const { return s_.check_failures; }
  const std::string& first_check_failure() const { return s_.first_check_failure; }
  // The raw counters (per context, per unit class, the branch predictor), named "ctx.C.NAME",
  // "fu.CLASS.issued", "bpred.NAME" (see stats/counter_set.h).
  void counters(CounterSet& out) const;
  // Per-context stats, CPI stacks, unit utilisation and branch prediction, for stats.json, from
  // counters taken over `cycles` cycles: the whole run's, or a region's difference.
  nlohmann::json report(const CounterSet& counters, uint64_t cycles) const;
  nlohmann::json stats_json(uint64_t cycles) const {
    CounterSet c;
    counters(c);
    return report(c, cycles);
  }

  // The branch predictor, for the fast-forward's warm-up (core/warmer.h).
  BranchPredictor& predictor() { return bp_; }
  // The shared stage state, for tests.
  PipeState& state() { return s_; }

 private:
  void account(uint64_t now);
  // Bring s_.active up to date after contexts changed state (FunctionalCore::state_epoch); twice
  // a cycle, so the common case, nothing changed, is inline.
  void refresh_active() {
    if (!epoch_now_ || *epoch_now_ != epoch_) recount_active();
  }
  void recount_active();
  // Take context c out of s_.active, leaving its per-cycle fields as the stages would set them
  // in every cycle it cannot run and has nothing in flight.
  void park(unsigned c);

  PipeState s_;
  F& f_;
  const uint64_t* epoch_now_;  // f_.state_epoch(): the functional model's count, or null
  uint64_t epoch_ = ~0ull;     // its value at the last recount_active()
  uint64_t accounted_ = 0;  // cycles charged to every context's CPI stack, idle ones included
  FuPool fu_;
  BranchPredictor bp_;
  MemoryStage<F> mem_;
  ExecuteStage<F> ex_;
  WritebackStage wb_;
  IssueStage<F> issue_;
  DecodeStage decode_;
  FetchStage<F> fetch_;
};

// The pipeline over the interface, for the tests that script or wrap the functional model.
using Pipeline = BasicPipeline<FunctionalCore>;

}  // namespace kasane

// Commit: up to retire.width instructions per cycle over all contexts, in order within each; which
// context takes each commit slot is retire.policy (o3_config.h). An instruction commits once it
// has completed: its replaced registers are freed, a branch trains the predictor, a load leaves
// the load queue and a store is marked for the cache, which takes it later (drain_store). An
// instruction the ISS took an exception on commits as the exception: it and everything after it
// are squashed and fetch goes to the vector. In check mode each committed instruction is compared
// with the stream the ISS executed for its context.
#pragma once

#include <cstdint>

#include "core/o3/o3_state.h"
#include "core/o3/recovery.h"
#include "core/pipeline/active_set.h"

namespace kasane {

template <typename F>
class O3Commit {
 public:
  O3Commit(O3State& s, Recovery<F>& recovery) : s_(s), rec_(recovery) {}
  void evaluate(uint64_t now);
  // One committed store per cycle goes to the data cache (its write port), contexts in turn,
  // from the cycle after it committed.
  void drain_store(uint64_t now);
  void skip(uint64_t cycles) {
    rr_.skip(cycles, s_.contexts);
    store_rr_.skip(cycles, s_.contexts);
  }
  // The run ends: everything the ISS executed and is still in flight (in the ROB or waiting to be
  // replayed) commits at once, in order; the rest is dropped.
  void drain(uint64_t now);

 private:
  // Context c's oldest instruction has completed.
  bool head_ready(unsigned c, uint64_t now) const {
    if (s_.rob.dispatched(c) == 0) return false;
    const O3Inst& d = s_.rob.ring(c).front();
    return d.stage == O3Stage::kIssued && d.done_at <= now;
  }
  // Commit context c's oldest instruction; false if the context can commit nothing more this
  // cycle (it was squashed).
  bool commit_one(unsigned c, uint64_t now);
  // Count, check and trace a committed real instruction.
  void retire(unsigned c, const O3Inst& d, uint64_t now);
  [[gnu::noinline]] void check(unsigned c, uint32_t pc, uint32_t raw);

  O3State& s_;
  Recovery<F>& rec_;
  RotatingStart rr_, store_rr_;
};

}  // namespace kasane

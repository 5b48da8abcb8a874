// Execute: the functional units, and the point where an instruction takes effect. When an
// instruction issues, the functional model executes it (so the ISS is the one place that gives
// instructions their meaning); its result is ready after the unit's latency, or when its load data
// arrives. Then the context's next instruction is known for certain: if the pipeline fetched
// something else after it (a mispredicted branch, an exception, an interrupt), the younger
// instructions are squashed and fetch restarts where the functional model says.
#pragma once

#include <cstdint>
#include <utility>

#include "core/bpred.h"
#include "core/pipeline/functional.h"
#include "core/pipeline/fu_pool.h"
#include "core/pipeline/pipe_state.h"

namespace kasane {

// System, thread and undecodable instructions wait for older ones to finish and hold younger
// ones until they finish (CP0 state, exceptions and mode changes take effect in order).
inline bool serialising(const DynInst& d) {
  return d.unit == Unit::system || d.unit == Unit::thread;  // system: also no row
}

template <typename F>
class ExecuteStage {
 public:
  ExecuteStage(PipeState& s, F& f, FuPool& fu, BranchPredictor& bp)
      : s_(s), f_(f), fu_(fu), bp_(bp) {}

  // A unit of d's class can take it now (inline: issue asks for every instruction it tries).
  bool unit_free(const DynInst& d, uint64_t now) const {
    return fu_.available(fu_class_of(d.unit), now);
  }
  // Execute the oldest unissued instruction of context c (window index idx); a load's data
  // arrives at mem_ready (0 if it made no access). `fetched`: issue has just read its word at
  // the context's pc and found the one fetched, so the functional model need not read it again.
  void execute(unsigned c, size_t idx, uint64_t now, uint64_t mem_ready, bool fetched);
  // Drop instructions idx.. of context c and restart its fetch at its next architectural pc.
  void squash(unsigned c, size_t idx, uint64_t now);

 private:
  // The reference check's record of what the functional model is about to execute: its pc and
  // word. Out of line: without the check it costs execute nothing but a test.
  [[gnu::noinline, gnu::cold]] std::pair<uint32_t, uint32_t> reference(unsigned c);
  void trace_issue(ContextPipe& cp, const DynInst& d, uint64_t now);
  void score_branch(unsigned c, const DynInst& d, const ExecResult& r);

  PipeState& s_;
  F& f_;
  FuPool& fu_;
  BranchPredictor& bp_;
};

}  // namespace kasane

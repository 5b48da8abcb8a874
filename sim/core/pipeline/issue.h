// Issue: up to issue.width instructions per cycle over all contexts, in order within a context and
// out of order across contexts. An instruction issues when its operands are ready (scoreboard with
// forwarding: a result is usable in the cycle it becomes ready), its unit is free, its cache access
// is accepted, and no serialising instruction is in the way. Contexts are served oldest first (by
// the fetch order of their next instruction), so none starves behind its siblings for a shared
// unit. Why the oldest instruction of each context did not issue is recorded for the CPI stack.
#pragma once

#include <cstdint>

#include "core/pipeline/execute.h"
#include "core/pipeline/memstage.h"
#include "core/pipeline/pipe_state.h"

namespace kasane {

template <typename F>
class IssueStage {
 public:
  IssueStage(PipeState& s, F& f, ExecuteStage<F>& ex, MemoryStage<F>& mem)
      : s_(s), f_(f), ex_(ex), mem_(mem) {}
  void evaluate(uint64_t now);

 private:
  // Try to issue context c's oldest unissued instruction; true if it issued. Inlined into
  // evaluate's two loops: as a call it spent about a quarter of its cost saving and restoring
  // registers, once per issued instruction and once more per cycle.
  // `once`: what it needs of the shared state, read once a cycle (the stores of an issue might
  // alias them, so read in place they were loaded again for every try).
  struct Once {
    ContextPipe* ctx;  // s_.ctx's first
    unsigned inflight;
    bool check;
    KanataWriter* trace;
  };
  [[gnu::always_inline]] inline bool try_issue(unsigned c, uint64_t now, const Once& once);
  // Label the oldest decoded instruction's wait in the pipeline trace. Out of line: without a
  // trace, the reasons try_issue gives for a wait cost nothing but a test.
  [[gnu::noinline, gnu::cold]] void trace_stall(const DynInst& d, uint64_t now,
                                                const char* reason);

  PipeState& s_;
  F& f_;
  ExecuteStage<F>& ex_;
  MemoryStage<F>& mem_;
};

}  // namespace kasane

// Writeback: retires finished instructions in order within each context, up to retire.width per
// cycle over all contexts, and in check mode compares each with the stream the functional model
// executed for that context.
#pragma once

#include <cstdint>

#include "core/pipeline/pipe_state.h"

namespace kasane {

// The reference check: the instruction at `pc` with word `raw` that context c retires must be the
// oldest one the functional model executed for it that has not retired yet (s.executed); a
// failure is counted and the first one described.
void check_retired(PipeState& s, unsigned c, uint32_t pc, uint32_t raw);

class WritebackStage {
 public:
  explicit WritebackStage(PipeState& s) : s_(s) {}
  void evaluate(uint64_t now);
  // Cycles in which nothing could run were skipped: turn as if they had been evaluated.
  void skip(uint64_t cycles) { rr_.skip(cycles, s_.contexts); }
  // The run ends at `now`: retire every instruction that has executed, whatever its latency and
  // the retire width. The functional model has already executed them (an instruction takes
  // effect at issue), so they are architecturally done; without this the instruction that ends
  // the run (the store to sim-control's EXIT) and any sibling in flight would be counted in the
  // contexts' executed totals but never in the pipeline's retired ones.
  void drain(uint64_t now);

 private:
  // The oldest instruction of context c. Inline by force: evaluate calls it for nearly every
  // instruction, and as a call it cost as much again in saved registers; the reference check
  // and the trace, off by default, stay calls. `check` and `trace` are s_.cfg.check and s_.trace,
  // read once by the caller: the stores of a retirement might alias them.
  [[gnu::always_inline]] inline void retire(unsigned c, ContextPipe& cp, uint64_t now, bool check,
                                            KanataWriter* trace);
  [[gnu::noinline]] void check(unsigned c, const DynInst& d);
  [[gnu::noinline]] void trace_retire(const DynInst& d, uint64_t now);

  PipeState& s_;
  RotatingStart rr_;
};

}  // namespace kasane

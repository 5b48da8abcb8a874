// Writeback: retires finished instructions in order within each context, up to retire.width per
// cycle over all contexts, and in check mode compares each with the stream the functional model
// executed for that context.
#pragma once

#include <cstdint>

#include "core/pipeline/pipe_state.h"

namespace kasane {

class WritebackStage {
 public:
  explicit WritebackStage(PipeState& s) : s_(s) {}
  void evaluate(uint64_t now);
  // Cycles in which nothing could run were skipped: turn as if they had been evaluated.
  void skip(uint64_t cycles) { rr_ = static_cast<unsigned>((rr_ + cycles) % s_.ctx.size()); }

 private:
  void check(unsigned c, const DynInst& d);

  PipeState& s_;
  unsigned rr_ = 0;
};

}  // namespace kasane

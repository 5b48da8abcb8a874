// Decode: moves up to decode.width instructions per cycle, over all contexts, from the fetch
// queues to the per-context issue queues. An instruction fetched in cycle t decodes at t+1 at the
// earliest. (Decoding itself happened at fetch, from the word; this stage is the pipeline depth.)
#pragma once

#include <cstdint>

#include "core/pipeline/pipe_state.h"

namespace kasane {

class DecodeStage {
 public:
  explicit DecodeStage(PipeState& s) : s_(s) {}
  void evaluate(uint64_t now);
  // Cycles in which nothing could run were skipped: turn as if they had been evaluated.
  void skip(uint64_t cycles) { rr_.skip(cycles, s_.contexts); }

 private:
  PipeState& s_;
  RotatingStart rr_;
};

}  // namespace kasane

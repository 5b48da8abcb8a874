// The out-of-order core's decode and rename stages. Decode moves up to decode.width instructions
// per cycle, over all contexts, from the fetch queues into the contexts' decode latches; rename
// gives up to rename.width of them per cycle their physical registers and moves them into the
// rename latch, from which dispatch takes them. Each takes an instruction a cycle after the stage
// before it did; each latch holds one stage width of a context.
#pragma once

#include <cstdint>

#include "core/o3/o3_state.h"
#include "core/pipeline/active_set.h"

namespace kasane {

class O3Decode {
 public:
  explicit O3Decode(O3State& s) : s_(s) {}
  void evaluate(uint64_t now);
  void skip(uint64_t cycles) { rr_.skip(cycles, s_.contexts); }

 private:
  O3State& s_;
  RotatingStart rr_;
};

class O3Rename {
 public:
  explicit O3Rename(O3State& s) : s_(s) {}
  void evaluate(uint64_t now);
  void skip(uint64_t cycles) { rr_.skip(cycles, s_.contexts); }
  // Context c could not rename its next instruction in the last cycle: no free register.
  bool starved(unsigned c) const { return starved_ & (1u << c); }

 private:
  O3State& s_;
  RotatingStart rr_;
  uint32_t starved_ = 0;
};

}  // namespace kasane

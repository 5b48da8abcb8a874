// An instruction in flight in the cycle-level pipeline, and the per-context window that holds a
// context's in-flight instructions in program order from fetch to retirement. The window is the
// latch between the stages: each instruction records the last stage it passed, and a stage takes
// only instructions that the previous stage finished in an earlier cycle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/insn.h"
#include "core/pipeline/ring.h"

namespace kasane {

// Register ids for dependence tracking: GPRs 0..31, then HI and LO, then the FP registers by
// even/odd pair (FR = 0: a double is a pair, so a pair is the unit a result can overlap; a
// single in one half makes the other half wait too, which costs a little timing, never
// correctness), then the FP condition codes as one register.
constexpr uint8_t kRegHi = 32, kRegLo = 33, kRegFpPair0 = 34, kRegFcc = 50, kNumDepRegs = 51;

enum class Stage : uint8_t { kFetched, kDecoded, kIssued };

// The registers an instruction reads and writes (set_dependences), in one 8-byte value: fetch
// copies them from its predecode cache for every instruction, and one copy of the whole is a
// single move where field by field it was eight.
struct DepRegs {
  uint8_t nsrc = 0, ndst = 0;
  uint8_t src[4] = {}, dst[2] = {};
};
static_assert(sizeof(DepRegs) == 8);

struct DynInst : DepRegs {
  uint64_t seq = 0;  // core-wide fetch order: issue serves the oldest first; the trace
  uint64_t trace_id = ~0ull;
  uint32_t pc = 0, raw = 0;
  const InsnInfo* info = nullptr;  // nullptr: no row matches; executing it raises RI
  // info->unit, or system without a row (as the units take it): fetch sets it so that issue,
  // execute and the CPI stack ask it without following `info` on every try.
  Unit unit = Unit::system;
  Stage stage = Stage::kFetched;
  bool fetch_fault = false;  // the word could not be fetched; executing it raises the exception
  // A branch or jump (its row has kF_delay): fetch predicts it, execute scores the prediction.
  // Kept here so that neither follows `info` for every instruction.
  bool branch = false;
  uint32_t bp_snapshot = 0;  // speculative history: the predictor's history its prediction read
  uint64_t fetched_at = 0, decoded_at = 0;
  uint64_t ready_at = 0;  // result available to dependents; the instruction may retire
  // Branches: what fetch predicted, to score the predictor when the branch executes.
  bool pred_taken = false;
  uint32_t pred_target = 0;
};

// A context's window: a ring of DynInst in program order (ring.h), index 0 the oldest.
class Window : public Ring<DynInst> {
 public:
  using Ring::Ring;
  DynInst& push_back() {
    DynInst& d = push_back_uncleared();
    d = DynInst{};
    return d;
  }
};

// Fill in the registers an instruction reads and writes, from its table row.
void set_dependences(DynInst& d);

}  // namespace kasane

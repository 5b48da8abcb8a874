// Fetch: up to fetch.width instructions per cycle from up to fetch.threads_per_cycle contexts,
// chosen by the fetch policy after their fetch priority, into per-context fetch queues. Branches
// are predicted here; a taken branch ends its context's fetch group after the delay slot.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bpred.h"
#include "core/limits.h"
#include "core/pipeline/functional.h"
#include "core/pipeline/pipe_state.h"
#include "mem/mem_level.h"

namespace kasane {

// Where a speculative fetch finds a word it cannot translate: the out-of-order core's replay list
// (core/o3/recovery.h), instructions the functional model has already executed, each with the
// word and physical address it had then.
class FetchFallback {
 public:
  // The word at `va` of context c and its physical address, if this source has it.
  virtual bool word(unsigned ctx, uint32_t va, uint32_t& pa, uint32_t& raw) const = 0;

 protected:
  ~FetchFallback() = default;
};

// kSpeculative: fetch shifts each prediction into the predictor's history at once
// (BranchPredictor::predict_speculative) and keeps the history it read in the instruction, for a
// core that resolves branches out of order and repairs the history when it squashes (o3); the
// in-order pipeline trains the predictor when a branch resolves. A template parameter rather than
// a setting: each model gets its own instance, and the pipeline's stays as small as it was.
template <typename F, bool kSpeculative = false>
class FetchStage {
 public:
  FetchStage(PipeState& s, F& f, MemLevel& icache, BranchPredictor& bp, unsigned line_bytes);
  void evaluate(uint64_t now);
  // Cycles in which nothing could run were skipped: turn as if they had been evaluated.
  void skip(uint64_t cycles) { rr_.skip(cycles, s_.contexts); }
  // The contexts fetch serves this cycle, in the order it serves them: fills `order`, returns
  // how many.
  unsigned select(uint64_t now, std::array<unsigned, kMaxContexts>& order);
  // A speculative fetch that cannot translate its pc asks `f` before it faults.
  void set_fallback(const FetchFallback* f) { fallback_ = f; }

 private:
  // Fetch one instruction of context c; false when this context's fetch group ends.
  bool fetch_one(unsigned c, uint64_t now);
  // Open `d` (fetched by context c; `ok`: its word could be read) in the pipeline trace. Out of
  // line: the disassembly's string and its clean-up would otherwise sit in every fetch.
  [[gnu::noinline]] void trace_fetch(unsigned c, DynInst& d, bool ok, uint64_t now);
  // Predict the instruction after `d` and set the context's fetch pc.
  bool predict_next(unsigned c, DynInst& d);
  // Context c may fetch now (inline: asked once or twice a cycle per fetching context).
  bool can_fetch(unsigned c, uint64_t now) {
    ContextPipe& cp = s_.ctx[c];
    if (!f_.running(c)) {
      cp.fetch_synced = false;  // it resumes wherever the functional model says
      return false;
    }
    if (cp.window.empty() && !cp.fetch_synced) {
      // Everything older has executed, so the functional model knows where to go on.
      cp.fetch_pc = f_.next_pc(c, cp.in_slot, cp.slot_target);
      cp.fetch_synced = true;
    }
    return has_room(cp, now);
  }
  // The rest of can_fetch, all that can change once a context has fetched in this cycle: fetch
  // changes nothing of the functional model, and the window is no longer empty.
  bool has_room(const ContextPipe& cp, uint64_t now) const {
    return !cp.fetch_blocked && cp.fetch_stall_until <= now &&
           cp.n_fetched < s_.cfg.fetch_queue && !cp.window.full();
  }

  // What fetch knows of a word once decoded: its row and registers.
  struct Predecoded {
    bool valid = false;
    uint32_t raw = 0;
    const InsnInfo* info = nullptr;
    Unit unit = Unit::system;
    bool branch = false;
    DepRegs regs;
  };
  static constexpr unsigned kPredecodeSize = 4096;

  PipeState& s_;
  F& f_;
  MemLevel& icache_;
  BranchPredictor& bp_;
  uint32_t line_mask_;
  std::vector<Predecoded> predecoded_;
  RotatingStart rr_;
  const FetchFallback* fallback_ = nullptr;
};

}  // namespace kasane

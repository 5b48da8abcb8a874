// The warm-up of the fast-forward (sim.warmup): while the ISS runs ahead of the pipeline, the
// instructions it executes are fed to the pipeline's caches and branch predictor, so that the
// pipeline starts with the contents it would have had, as gem5's functional warming and SimPoint
// users do. Each instruction makes what the pipeline makes of it: an i-cache access when fetch
// enters another line, a d-cache access (or a PREF's prefetch) at the address the memory stage
// computes, and the predictor's training when a branch resolves. The TLB needs nothing: the
// software-managed TLB is architectural state, which the ISS and the pipeline share.
//
// Two ways: applied as the instructions run (a fast-forward of N instructions warms the last W
// at once), or kept in a ring of the last `ring` instructions and applied when the pipeline takes
// over (a fast-forward to a region of interest does not know in advance where its last W begin).
#pragma once

#include <cstdint>
#include <vector>

#include "core/bpred.h"
#include "core/iss.h"
#include "core/step_watcher.h"
#include "mem/mem_level.h"

namespace kasane {

class Warmer : public StepWatcher {
 public:
  // `line_bytes`: the i-cache line (fetch accesses it once per line entered). `ring` = 0: apply
  // each instruction at once; else keep the last `ring` and apply them in flush().
  Warmer(Iss& iss, MemLevel& icache, MemLevel& dcache, BranchPredictor& bp, unsigned line_bytes,
         uint64_t ring);

  void before(const Context& c, uint32_t pc, uint32_t raw, const InsnInfo* info) override;
  void after(const Context& c, bool retired) override;
  // Apply what the ring holds, oldest first, and empty it (nothing to do without a ring).
  void flush();
  // Instructions applied to the caches and predictor so far.
  uint64_t warmed() const { return warmed_; }

 private:
  enum Flags : uint8_t {
    kFetch = 1 << 0,     // ipa: the instruction's physical address
    kLoad = 1 << 1,      // dpa: a load's
    kStore = 1 << 2,     // ... a store's
    kPref = 1 << 3,      // ... a PREF's
    kCond = 1 << 4,      // a conditional branch resolved (kTaken: taken)
    kTaken = 1 << 5,
    kIndirect = 1 << 6,  // JR/JALR resolved to `target`
  };
  struct Record {
    uint32_t pc = 0, ipa = 0, dpa = 0, target = 0;
    uint8_t ctx = 0, flags = 0;
  };
  void apply(const Record& r);

  Iss& iss_;
  MemLevel& icache_;
  MemLevel& dcache_;
  BranchPredictor& bp_;
  uint32_t line_mask_;
  Record cur_;                       // the instruction between before() and after()
  const InsnInfo* info_ = nullptr;
  std::vector<Record> ring_;
  uint64_t capacity_;                // 0: no ring
  size_t head_ = 0;                  // next slot to write
  bool wrapped_ = false;
  std::vector<uint32_t> last_line_;  // per context: the line fetch is in
  uint64_t warmed_ = 0;
};

}  // namespace kasane

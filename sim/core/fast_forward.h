// Fast-forward (sim.fast_forward, sim.warmup), as gem5's switch_cpus: the core runs the
// functional ISS until the first region of interest begins or until it has executed N
// instructions, then the cycle-level pipeline takes over. Nothing architectural moves at the
// switch, because there is only one copy of it: the pipeline executes through the same ISS
// (registers, CP0, FPU, TLB, LL links, memory, devices and their pending events), so the
// pipeline simply starts, empty, at the ISS's next instruction and cycle. Optionally the last
// instructions before the switch warm the caches and the branch predictor (core/warmer.h), and
// the ISS takes over again at the end of the quantum in which the first region ends on the
// pipeline (sim.after_roi = iss), once the pipeline has retired what it executed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/iss.h"
#include "core/warmer.h"

namespace kasane {

struct FastForwardConfig {
  enum class Until { kOff, kRoi, kInstructions };
  Until until = Until::kOff;
  uint64_t instructions = 0;  // kInstructions: executed by the core's contexts together
  uint64_t warmup = 0;        // instructions before the switch that warm the caches
  bool back_after_roi = false;  // sim.after_roi = iss: the ISS again once a region has ended
  bool on() const { return until != Until::kOff; }
};

// "off", "roi" or a number of instructions (decimal); throws std::invalid_argument saying what
// is allowed.
FastForwardConfig parse_fast_forward(const std::string& text, uint64_t warmup);

// A fast-forward to a region keeps at most this many instructions for its warm-up (20 bytes
// each); a larger sim.warmup warms with every instruction fast-forwarded.
constexpr uint64_t kWarmupRingMax = uint64_t{1} << 22;

class FastForward {
 public:
  // `warmer` is the pipeline's (null if sim.warmup is 0); the ISS tells it of instructions only
  // while they are to warm.
  FastForward(const FastForwardConfig& cfg, Iss& iss, std::unique_ptr<Warmer> warmer);

  // The ISS runs alone: before the switch, or again after the region (back_due()).
  bool functional() const { return !switched_ || back_; }
  // sim.after_roi = iss and a region ended on the pipeline: the core should go back to the ISS.
  bool back_due() const { return back_pending_ && !back_; }
  // The core went back to the ISS at `cycle`.
  void went_back(uint64_t cycle) {
    back_ = true;
    back_cycle_ = cycle;
  }
  // Run the ISS toward cycle `end`. True when the switch point has been reached: the caller
  // hands the core to the pipeline at iss.cycle(). False at `end` or a stop.
  bool run(uint64_t end);
  // A region of interest began: with "roi", the ISS stops at the end of this cycle. One ended:
  // with back_after_roi, back_due() from now on.
  void region_marker(bool begin);
  // stats.json's "fast_forward": what was fast-forwarded and warmed, and the switch cycle.
  nlohmann::json stats() const;
  // The ring size a warm-up of `cfg` needs (0: apply at once).
  static uint64_t ring_for(const FastForwardConfig& cfg);

 private:
  uint64_t executed() const;
  void switch_now();

  FastForwardConfig cfg_;
  Iss& iss_;
  std::unique_ptr<Warmer> warmer_;
  bool warming_ = false;
  bool roi_begun_ = false;
  bool switched_ = false;
  bool back_pending_ = false, back_ = false;
  uint64_t switch_cycle_ = 0, switch_instructions_ = 0, back_cycle_ = 0;
};

}  // namespace kasane

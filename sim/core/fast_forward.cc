// See fast_forward.h.
#include "core/fast_forward.h"

#include <algorithm>
#include <stdexcept>

namespace kasane {

FastForwardConfig parse_fast_forward(const std::string& text, uint64_t warmup) {
  FastForwardConfig f;
  f.warmup = warmup;
  if (text == "off" || text.empty()) {
    f.until = FastForwardConfig::Until::kOff;
  } else if (text == "roi") {
    f.until = FastForwardConfig::Until::kRoi;
  } else {
    size_t used = 0;
    unsigned long long n = 0;
    try {
      if (text.find_first_not_of("0123456789") == std::string::npos) n = std::stoull(text, &used);
    } catch (const std::out_of_range&) {
      used = 0;
    }
    if (used != text.size() || used == 0)
      throw std::invalid_argument("sim.fast_forward = '" + text +
                                  "': expected off, roi or a number of instructions");
    f.until = n ? FastForwardConfig::Until::kInstructions : FastForwardConfig::Until::kOff;
    f.instructions = n;
  }
  return f;
}

uint64_t FastForward::ring_for(const FastForwardConfig& cfg) {
  const bool ring = cfg.until == FastForwardConfig::Until::kRoi && cfg.warmup <= kWarmupRingMax;
  return ring ? cfg.warmup : 0;
}

FastForward::FastForward(const FastForwardConfig& cfg, Iss& iss, std::unique_ptr<Warmer> warmer)
    : cfg_(cfg), iss_(iss), warmer_(std::move(warmer)) {
  // To a region: warm all along (through the ring, or everything if the ring cannot hold W).
  if (warmer_ && cfg_.until == FastForwardConfig::Until::kRoi) {
    iss_.set_step_watcher(warmer_.get());
    warming_ = true;
  }
}

uint64_t FastForward::executed() const {
  uint64_t n = 0;
  for (unsigned i = 0; i < iss_.num_contexts(); ++i) n += iss_.context(i).instret;
  return n;
}

void FastForward::region_marker(bool begin) {
  if (!begin && switched_ && cfg_.back_after_roi) back_pending_ = true;
  if (!begin || switched_ || cfg_.until != FastForwardConfig::Until::kRoi) return;
  roi_begun_ = true;
  iss_.request_pause();
}

bool FastForward::run(uint64_t end) {
  if (back_) {
    iss_.run(end - iss_.cycle());
    return false;
  }
  if (switched_) return true;
  if (cfg_.until == FastForwardConfig::Until::kRoi) {
    if (!roi_begun_) iss_.run(end - iss_.cycle());
    if (!roi_begun_ || iss_.stop_requested()) return false;
    switch_now();
    return true;
  }
  // N instructions: a cycle executes at most one per context, so a budget of what is left over
  // the contexts never runs past the point by more than the last cycle's few.
  const unsigned contexts = iss_.num_contexts();
  const uint64_t warm_from = cfg_.instructions - std::min(cfg_.warmup, cfg_.instructions);
  while (iss_.cycle() < end && !iss_.stop_requested()) {
    const uint64_t done = executed();
    if (warmer_ && !warming_ && done >= warm_from) {
      iss_.set_step_watcher(warmer_.get());
      warming_ = true;
    }
    if (done >= cfg_.instructions) {
      switch_now();
      return true;
    }
    const uint64_t target = warming_ || !warmer_ ? cfg_.instructions : warm_from;
    const uint64_t budget = std::max<uint64_t>(1, (target - done) / contexts);
    iss_.run(std::min(budget, end - iss_.cycle()));
  }
  return false;
}

void FastForward::switch_now() {
  if (warmer_) {
    warmer_->flush();
    iss_.set_step_watcher(nullptr);
  }
  switched_ = true;
  switch_cycle_ = iss_.cycle();
  switch_instructions_ = executed();
}

nlohmann::json FastForward::stats() const {
  nlohmann::json j = {
      {"until", cfg_.until == FastForwardConfig::Until::kRoi ? nlohmann::json("roi")
                                                             : nlohmann::json(cfg_.instructions)},
      {"switched", switched_},
      {"instructions", switched_ ? switch_instructions_ : executed()},
      {"switch_cycle", switched_ ? nlohmann::json(switch_cycle_) : nlohmann::json(nullptr)},
      {"warmup", cfg_.warmup},
      {"warmed", warmer_ ? warmer_->warmed() : 0},
      {"back_to_iss_cycle", back_ ? nlohmann::json(back_cycle_) : nlohmann::json(nullptr)}};
  return j;
}

}  // namespace kasane

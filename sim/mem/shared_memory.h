// What every core of the machine shares below its private L1s: the optional unified L2 and main
// memory (DRAM, or the papers' flat memory), with the perturbation stream that delays their
// accesses. The platform owns one; each core reaches it through its own SharedPort, which tags
// the requests with the core's number.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/mem_level.h"
#include "mem/perturb.h"

namespace kasane {

struct HierarchyConfig;

class SharedMemory {
 public:
  // Throws std::invalid_argument for an unknown model or a bad L2 geometry.
  explicit SharedMemory(const HierarchyConfig& cfg);
  SharedMemory(const SharedMemory&) = delete;  // the levels refer to each other
  SharedMemory& operator=(const SharedMemory&) = delete;

  // Where an L1 miss (or, in the flat model, every access) goes: perturbed or not.
  MemLevel& top() {
    if (perturbed_l2_) return *perturbed_l2_;
    if (l2_) return *l2_;
    return perturbed_memory_ ? static_cast<MemLevel&>(*perturbed_memory_) : *memory_;
  }
  const std::string& model() const { return model_; }
  const Cache* l2() const { return l2_.get(); }
  const Dram& memory() const { return *memory_; }
  uint64_t l2_accesses() const { return l2_ ? l2_->stats().accesses : 0; }
  uint64_t dram_accesses() const { return memory_->stats().accesses; }

  // The shared level must never see time go backwards: the cores advance in lock-step, one
  // cycle each in turn, so every request's `now` is at least the last one's. SharedPort checks it
  // here; `now` earlier than the latest request throws std::logic_error (a platform bug).
  void check_time(uint64_t now, unsigned core);

 private:
  std::string model_;
  std::unique_ptr<Perturbation> perturbation_;  // null when sim.perturb_seed is 0
  // Declared bottom-up: each level is built after, and destroyed before, the level it refers to.
  std::unique_ptr<Dram> memory_;
  std::unique_ptr<PerturbedLevel> perturbed_memory_;
  std::unique_ptr<Cache> l2_;
  std::unique_ptr<PerturbedLevel> perturbed_l2_;
  uint64_t latest_ = 0;  // the latest `now` a request brought
};

// One core's way into the shared levels: it passes every request on unchanged, checks that time
// does not go backwards, and charges the L2 and DRAM accesses each request causes to its core
// (the power model and the per-core stats read them).
class SharedPort : public MemLevel {
 public:
  SharedPort(SharedMemory& shared, unsigned core) : shared_(shared), core_(core) {}
  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override {
    Charge c(*this, now);
    return shared_.top().access(pa, write, now);
  }
  void prefetch(uint32_t pa, uint64_t now) override {
    Charge c(*this, now);
    shared_.top().prefetch(pa, now);
  }
  bool prefetch_or_wait(uint32_t pa, uint64_t now) override {
    Charge c(*this, now);
    return shared_.top().prefetch_or_wait(pa, now);
  }
  void writeback(uint32_t pa, uint64_t now) override {
    Charge c(*this, now);
    shared_.top().writeback(pa, now);
  }
  unsigned core() const { return core_; }
  // L2 and DRAM accesses this core's requests caused.
  uint64_t l2_accesses() const { return l2_; }
  uint64_t dram_accesses() const { return dram_; }

 private:
  // Counts what one request did below, however it returns.
  struct Charge {
    Charge(SharedPort& p, uint64_t now)
        : p(p), l2(p.shared_.l2_accesses()), dram(p.shared_.dram_accesses()) {
      p.shared_.check_time(now, p.core_);
    }
    ~Charge() {
      p.l2_ += p.shared_.l2_accesses() - l2;
      p.dram_ += p.shared_.dram_accesses() - dram;
    }
    SharedPort& p;
    uint64_t l2, dram;
  };
  SharedMemory& shared_;
  unsigned core_;
  uint64_t l2_ = 0, dram_ = 0;
};

}  // namespace kasane

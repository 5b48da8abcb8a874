// What every core of the machine shares below its private L1s: the optional unified L2 (with its
// banks, mem/banks.h, when they are configured) and main memory (DRAM, or the papers' flat
// memory), with the perturbation stream that delays their accesses, and, with several cores, the
// MESI snooping bus (mem/snoop_bus.h) that keeps their L1Ds coherent. The platform owns one; each
// core reaches it through its own SharedPort, which tags the requests with the core's number.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "mem/banks.h"
#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/mem_level.h"
#include "mem/perturb.h"
#include "mem/snoop_bus.h"

namespace kasane {

struct HierarchyConfig;
class SharedMemory;

// One core's way into the shared levels: it passes every request on unchanged, checks that time
// does not go backwards, and charges the L2 and DRAM accesses each request causes to its core
// (the power model and the per-core stats read them). The coherence bus's port charges the core
// being advanced (SharedMemory::set_requester), since the bus serves every core's L1D.
class SharedPort : public MemLevel {
 public:
  static constexpr unsigned kRequester = ~0u;  // the core: whoever SharedMemory says is asking
  SharedPort(SharedMemory& shared, unsigned core) : shared_(shared), core_(core) {}
  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override;
  void prefetch(uint32_t pa, uint64_t now) override;
  bool prefetch_or_wait(uint32_t pa, uint64_t now) override;
  void writeback(uint32_t pa, uint64_t now) override;
  // Passed on uncharged: warming is not traffic (MemLevel::warm).
  void warm(uint32_t pa, bool write, bool writeback) override;

 private:
  // Counts what one request did below, however it returns.
  struct Charge {
    Charge(SharedPort& p, uint64_t now);
    ~Charge();
    SharedPort& p;
    uint64_t l2, dram;
  };
  unsigned core() const;
  SharedMemory& shared_;
  unsigned core_;
};

class SharedMemory {
 public:
  // Throws std::invalid_argument for an unknown model or a bad L2 geometry.
  explicit SharedMemory(const HierarchyConfig& cfg);
  SharedMemory(const SharedMemory&) = delete;  // the levels refer to each other
  SharedMemory& operator=(const SharedMemory&) = delete;

  // Several cores: their L1Ds (built after this call) attach to one MESI snooping bus in front
  // of top(). Throws std::invalid_argument if the L1Ds cannot take part (write-through).
  void enable_coherence(const CoherenceConfig& cfg);
  SnoopBus* coherence() { return snoop_.get(); }
  const SnoopBus* coherence() const { return snoop_.get(); }
  // The level a coherent L1D is built over: top(), charged to the requesting core.
  MemLevel& bus_port() { return bus_port_; }
  // The core whose model is being advanced: the bus port charges its requests to it.
  void set_requester(unsigned core) { requester_ = core; }
  unsigned requester() const { return requester_; }

  // Where an L1 miss (or, in the flat model, every access) goes: perturbed or not.
  MemLevel& top() {
    if (perturbed_l2_) return *perturbed_l2_;
    if (banks_) return *banks_;
    if (l2_) return *l2_;
    return perturbed_memory_ ? static_cast<MemLevel&>(*perturbed_memory_) : *memory_;
  }
  const std::string& model() const { return model_; }
  const Cache* l2() const { return l2_.get(); }
  // The L2's banks, or null when there is no bank level (l2.banks = 1 and l2.bank_busy = 0).
  const L2Banks* l2_banks() const { return banks_.get(); }
  const Dram& memory() const { return *memory_; }
  uint64_t l2_accesses() const { return l2_ ? l2_->stats().accesses : 0; }
  uint64_t dram_accesses() const { return memory_->stats().accesses; }

  // L2 and DRAM accesses core `core`'s requests caused.
  uint64_t l2_charged(unsigned core) const {
    return core < l2_by_core_.size() ? l2_by_core_[core] : 0;
  }
  uint64_t dram_charged(unsigned core) const {
    return core < dram_by_core_.size() ? dram_by_core_[core] : 0;
  }
  void charge(unsigned core, uint64_t l2, uint64_t dram);

  // The shared level should never see time go backwards: the cores advance in lock-step, one
  // cycle each in turn, so a request's `now` is at least the last one's. SharedPort reports each
  // request here and those earlier than the latest are counted, for the stats and the tests to
  // show (a model that asked ahead of the clock, as the coherence bus once did, would).
  void check_time(uint64_t now) {
    if (now < latest_) {
      ++reversals_;
      max_reversal_ = std::max(max_reversal_, latest_ - now);
    } else {
      latest_ = now;
    }
  }
  uint64_t reversals() const { return reversals_; }
  uint64_t max_reversal() const { return max_reversal_; }

 private:
  std::string model_;
  std::unique_ptr<Perturbation> perturbation_;  // null when sim.perturb_seed is 0
  // Declared bottom-up: each level is built after, and destroyed before, the level it refers to.
  std::unique_ptr<Dram> memory_;
  std::unique_ptr<PerturbedLevel> perturbed_memory_;
  std::unique_ptr<Cache> l2_;
  std::unique_ptr<L2Banks> banks_;
  std::unique_ptr<PerturbedLevel> perturbed_l2_;
  uint64_t latest_ = 0;  // the latest `now` a request brought
  uint64_t reversals_ = 0, max_reversal_ = 0;
  std::unique_ptr<SnoopBus> snoop_;
  SharedPort bus_port_{*this, SharedPort::kRequester};
  unsigned requester_ = 0;
  std::vector<uint64_t> l2_by_core_, dram_by_core_;  // what each core's requests caused
};

}  // namespace kasane

// Builds the shared levels bottom-up, as MemoryHierarchy did when each core had its own.
#include "mem/shared_memory.h"

#include <stdexcept>

#include "mem/hierarchy.h"

namespace kasane {

SharedMemory::SharedMemory(const HierarchyConfig& cfg) : model_(cfg.model) {
  if (cfg.model != "flat" && cfg.model != "cached")
    throw std::invalid_argument("memory model '" + cfg.model + "' is not one of: flat, cached");
  if (cfg.perturb_seed != 0)
    perturbation_ = std::make_unique<Perturbation>(cfg.perturb_seed, cfg.perturb_max);
  if (cfg.model == "flat") {
    memory_ = std::make_unique<Dram>(cfg.memory_latency, 0, 0, cfg.memory_ports);
  } else {
    // A DRAM access moves one line of the level right above it.
    const uint32_t dram_line = cfg.l2_enabled ? cfg.l2.line_bytes : cfg.l1d.line_bytes;
    memory_ = std::make_unique<Dram>(cfg.dram_latency, cfg.dram_bandwidth, dram_line);
  }
  if (perturbation_)
    perturbed_memory_ = std::make_unique<PerturbedLevel>(*memory_, *perturbation_);
  if (cfg.model == "cached" && cfg.l2_enabled) {
    CacheConfig l2 = cfg.l2;
    if (l2.name.empty()) l2.name = "l2";
    MemLevel& below = perturbed_memory_ ? static_cast<MemLevel&>(*perturbed_memory_) : *memory_;
    l2_ = std::make_unique<Cache>(l2, below);
    if (cfg.l2_banks.enabled())
      banks_ = std::make_unique<L2Banks>(*l2_, cfg.l2_banks, l2.line_bytes);
    MemLevel& banked = banks_ ? static_cast<MemLevel&>(*banks_) : *l2_;
    if (perturbation_) perturbed_l2_ = std::make_unique<PerturbedLevel>(banked, *perturbation_);
  }
}

void SharedMemory::enable_coherence(const CoherenceConfig& cfg) {
  snoop_ = std::make_unique<SnoopBus>(cfg, bus_port_);
}

void SharedMemory::charge(unsigned core, uint64_t l2, uint64_t dram) {
  if (core >= l2_by_core_.size()) {
    l2_by_core_.resize(core + 1);
    dram_by_core_.resize(core + 1);
  }
  l2_by_core_[core] += l2;
  dram_by_core_[core] += dram;
}

unsigned SharedPort::core() const { return core_ == kRequester ? shared_.requester() : core_; }

SharedPort::Charge::Charge(SharedPort& p, uint64_t now)
    : p(p), l2(p.shared_.l2_accesses()), dram(p.shared_.dram_accesses()) {
  p.shared_.check_time(now);
}

SharedPort::Charge::~Charge() {
  p.shared_.charge(p.core(), p.shared_.l2_accesses() - l2, p.shared_.dram_accesses() - dram);
}

std::optional<uint64_t> SharedPort::access(uint32_t pa, bool write, uint64_t now) {
  Charge c(*this, now);
  return shared_.top().access(pa, write, now);
}

void SharedPort::prefetch(uint32_t pa, uint64_t now) {
  Charge c(*this, now);
  shared_.top().prefetch(pa, now);
}

bool SharedPort::prefetch_or_wait(uint32_t pa, uint64_t now) {
  Charge c(*this, now);
  return shared_.top().prefetch_or_wait(pa, now);
}

void SharedPort::writeback(uint32_t pa, uint64_t now) {
  Charge c(*this, now);
  shared_.top().writeback(pa, now);
}

void SharedPort::warm(uint32_t pa, bool write, bool writeback) {
  shared_.top().warm(pa, write, writeback);
}

}  // namespace kasane

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
    if (perturbation_) perturbed_l2_ = std::make_unique<PerturbedLevel>(*l2_, *perturbation_);
  }
}

void SharedMemory::check_time(uint64_t now, unsigned core) {
  if (now < latest_)
    throw std::logic_error("shared memory: core " + std::to_string(core) + " asked at cycle " +
                           std::to_string(now) + " after a request at cycle " +
                           std::to_string(latest_));
  latest_ = now;
}

}  // namespace kasane

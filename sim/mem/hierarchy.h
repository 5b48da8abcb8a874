// The memory hierarchy as one core sees it, timing only, built from a plain config: either the
// papers' flat memory (no caches, every access takes the memory latency) or split L1 instruction
// and data caches, an optional unified L2 and DRAM. The core's contexts all share it (SMT); the
// L1s are the core's own, the L2 and memory below them are shared with the other cores
// (mem/shared_memory.h) and reached through the core's SharedPort.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "mem/banks.h"
#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/mem_level.h"
#include "mem/perturb.h"
#include "mem/shared_memory.h"
#include "stats/counter_set.h"

namespace kasane {

struct HierarchyConfig {
  std::string model;            // "flat" or "cached"
  uint32_t memory_latency = 0;  // flat: cycles of every access
  uint32_t memory_ports = 0;    // flat: accesses served at once (0: any number)
  CacheConfig l1i, l1d;         // cached; an empty name becomes "l1i" / "l1d"
  bool l2_enabled = false;      // cached: a unified L2 between the L1s and DRAM
  CacheConfig l2;               // an empty name becomes "l2"
  L2BankConfig l2_banks;        // cached, with an L2: its banks (mem/banks.h)
  uint32_t dram_latency = 0;    // cached: cycles of a DRAM access
  double dram_bandwidth = 0;    // cached: bytes per cycle of the DRAM channel (0: unlimited)
  uint64_t perturb_seed = 0;    // 0: none; else memory (flat) or L2 and DRAM accesses (cached)
  uint32_t perturb_max = 0;     // take 0..perturb_max extra cycles each (mem/perturb.h)
  CoherenceConfig coherence;    // several cores, cached: the MESI bus between the L1Ds
};

class MemoryHierarchy {
 public:
  // Throws std::invalid_argument for an unknown model, a bad cache geometry (naming the cache) or
  // an L2 line shorter than an L1 line (an L1 fill must be one L2 access).
  // This one owns its shared levels (a machine of one core, or a test).
  explicit MemoryHierarchy(const HierarchyConfig& cfg);
  // Core `core`'s L1s over the machine's `shared` levels (built from the same config).
  MemoryHierarchy(const HierarchyConfig& cfg, SharedMemory& shared, unsigned core);
  MemoryHierarchy(const MemoryHierarchy&) = delete;  // the levels refer to each other
  MemoryHierarchy& operator=(const MemoryHierarchy&) = delete;

  // Where instruction fetches and loads/stores go (the same level in the flat model).
  MemLevel& inst() { return l1i_ ? static_cast<MemLevel&>(*l1i_) : port_; }
  MemLevel& data() { return l1d_ ? static_cast<MemLevel&>(*l1d_) : port_; }

  // {"model", "caches": {name: {accesses, hits, misses, miss_rate, mshr_hits, writebacks,
  //  mshr_full, prefetches, prefetch_hits, mpki}}, "memory": {latency, bandwidth, accesses, reads, writes,
  //  queued_cycles}, "l2_banks": L2Banks::report, only when the L2 has a bank level}; `retired`
  // (instructions) is the MPKI denominator. "caches" is empty in the flat model.
  nlohmann::json stats_json(uint64_t retired) const {
    CounterSet c;
    counters(c);
    return report(c, retired);
  }
  // The raw counters, named "cache.NAME.COUNTER" and "memory.COUNTER" (stats/counter_set.h).
  void counters(CounterSet& out) const;
  // stats_json()'s figures from counters over some span (the run, or a region's difference).
  nlohmann::json report(const CounterSet& counters, uint64_t retired) const;

  // Accesses so far that this core's requests caused in the L2 and DRAM (0 where there is no
  // L2), for the power model. With one core, every access the shared levels saw.
  uint64_t l2_accesses() const { return shared_.l2_charged(core_); }
  uint64_t dram_accesses() const { return shared_.dram_charged(core_); }

 private:
  const Cache* l2() const { return shared_.l2(); }
  // The caches this core reports, L1s first (each may be null).
  std::array<const Cache*, 3> own_and_shared_caches() const {
    return {l1i_.get(), l1d_.get(), l2()};
  }

  // The first constructor's: own_shared_ holds the levels from the start, so that a bad L1
  // geometry, thrown by build(), frees them too.
  MemoryHierarchy(const HierarchyConfig& cfg, std::unique_ptr<SharedMemory> own);
  // The L1s over shared_ (both constructors).
  void build(const HierarchyConfig& cfg);

  std::string model_;
  std::unique_ptr<SharedMemory> own_shared_;  // only with the first constructor
  SharedMemory& shared_;
  unsigned core_;
  SharedPort port_;
  std::unique_ptr<Cache> l1i_;
  std::unique_ptr<Cache> l1d_;
};

}  // namespace kasane

// MESI coherence between the private L1 data caches of several cores: a snooping bus in front of
// the shared next level (the L2, or DRAM), timing only.
//
// The protocol (Illinois MESI, write-invalidate). A line in an attached cache is Modified (the
// only copy, dirty), Exclusive (the only copy, clean), Shared (clean, others may hold it) or
// Invalid. Every transaction holds the bus for `bus_cycles` and the others snoop it:
//   read miss      BusRd   the line comes in E if no other cache holds it, else S; E and M copies
//                          elsewhere become S, and an M copy supplies the line (an intervention)
//                          and is written back to the next level, which is then not read
//   write miss     BusRdX  the line comes in M; every other copy is invalidated, an M copy
//                          supplying the line first (ownership moves, nothing is written back)
//   write hit, S   BusUpgr the other copies are invalidated; the line becomes M
//   write hit, E   silent  the line becomes M with no bus transaction
//   evict M        BusWB   the dirty line goes to the next level over the bus; clean lines leave
//                          silently (another S copy then stays S: harmless, as in every MESI)
// sim/mem/README.md ("Coherence") has the full state table.
//
// Latencies (CoherenceConfig). A transaction starts when the bus is free (at or after the cycle it
// is asked for; the wait counts as bus_wait_cycles) and then:
//   a miss the next level serves is ready at max(next level's answer + wait, start +
//     snoop_latency): the next level works in parallel with the snoop, whose answer (no dirty
//     copy) the requester needs before it may use the data;
//   a miss another cache serves is ready at max(start + snoop_latency, that copy's own fill) +
//     intervention_latency;
//   an upgrade is done at start + upgrade_latency (every invalidation acknowledged).
// The requesting cache adds its hit latency on top, as for any fill. The next level is asked (and
// sent write-backs) at the cycle of the request, not the later cycle the bus is granted, and the
// wait is added to its answer: the cores advance in lock-step, so the shared level below never
// sees time go backwards, whatever the bus's queue and the L1Is that bypass it. A transaction changes the
// states of every cache at once, when it starts (an atomic bus): a copy still arriving is snooped
// like one that has arrived.
//
// What programs see. The data lives in RAM and is read and written functionally, in program order
// across cores, so the architectural results are coherent already and this model adds only time
// and counts. The cores are in order and a store completes before the next memory instruction of
// its thread, so programs see sequential consistency: there is no store buffer to reorder.
//
// Not snooped: the L1 instruction caches (self-modifying code and code written by DMA are handled
// functionally where instructions are fetched; their timing ignores coherence), and anything
// below the bus. Attached caches must be write-back (MESI needs dirty lines) with one line size.
//
// Config keys this model needs (proposed names; the platform's schema owns them), in cycles, one
// per CoherenceConfig field: memory.coherence.bus_cycles, memory.coherence.snoop_latency,
// memory.coherence.intervention_latency, memory.coherence.upgrade_latency.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "mem/mem_level.h"
#include "stats/counter_set.h"

namespace kasane {

class Cache;

enum class Mesi : uint8_t { I, S, E, M };
// "I", "S", "E", "M".
const char* mesi_name(Mesi s);

struct CoherenceConfig {
  uint32_t bus_cycles = 2;            // cycles one transaction holds the bus (0: no limit)
  uint32_t snoop_latency = 4;         // from a transaction's start to every cache's snoop answer
  uint32_t intervention_latency = 8;  // after the snoop, for a Modified copy to reach the requester
  uint32_t upgrade_latency = 6;       // from an upgrade's start to the last invalidation's ack
};

// Per core (per attached cache). A transaction counts in the core that asked for it.
struct CoherenceStats {
  uint64_t bus_transactions = 0;  // bus_reads + bus_read_exclusives + upgrades + bus_writebacks
  uint64_t bus_reads = 0;            // BusRd: read misses and prefetches
  uint64_t bus_read_exclusives = 0;  // BusRdX: write misses
  uint64_t upgrades = 0;             // BusUpgr: write hits on a Shared line
  uint64_t bus_writebacks = 0;       // Modified lines evicted
  uint64_t bus_busy_cycles = 0;      // cycles the bus was held for this core's transactions
  uint64_t bus_wait_cycles = 0;      // cycles this core's transactions waited for the bus
  uint64_t invalidations_sent = 0;      // other cores' copies this core's transactions invalidated
  uint64_t invalidations_received = 0;  // copies of this core invalidated by others or by DMA
  uint64_t interventions = 0;           // Modified lines this core supplied (to a core or DMA)
  uint64_t cache_to_cache = 0;          // this core's misses served by another core's M copy
};

// The device side: DMA into memory snoops the caches too.
struct DmaCoherenceStats {
  uint64_t writes = 0;         // dma_write calls
  uint64_t reads = 0;          // dma_read calls
  uint64_t invalidations = 0;  // cached copies a DMA write invalidated
  uint64_t interventions = 0;  // Modified copies whose data a DMA read or partial write took
};

class SnoopBus {
 public:
  // `next` is the shared level every attached cache was built over.
  SnoopBus(const CoherenceConfig& cfg, MemLevel& next);
  SnoopBus(const SnoopBus&) = delete;  // the caches point at it
  SnoopBus& operator=(const SnoopBus&) = delete;

  // Called by Cache::attach_coherence (the way to attach a cache). Throws std::invalid_argument
  // for a core id already attached or a line size other than the first cache's.
  void attach(Cache& cache, unsigned core);

  // The requests of an attached cache, made by Cache itself (see the table above).
  struct Fill {
    uint64_t ready;  // the cycle the line is there (before the requester's own lookup latency)
    bool shared;     // another cache kept a copy: the line comes in S, not E
  };
  // BusRd (exclusive false) or BusRdX for the line of `pa`; nullopt, changing nothing, when the
  // next level refuses the fill this cycle.
  std::optional<Fill> fill(unsigned core, uint32_t pa, bool exclusive, uint64_t now);
  // BusUpgr: the cycle the line may be written.
  uint64_t upgrade(unsigned core, uint32_t pa, uint64_t now);
  // BusWB: a Modified line evicted; nobody waits for it.
  void writeback(unsigned core, uint32_t pa, uint64_t now);

  // The block device's DMA. A write invalidates every cached copy of the lines it touches (a
  // Modified copy of a line it covers only in part is written back first, to be merged); a read
  // takes the data of every Modified copy, which stays as the clean only copy (E). Neither holds
  // the bus: DMA moves over the device's own path and only snoops.
  void dma_write(uint32_t pa, uint32_t bytes, uint64_t now);
  void dma_read(uint32_t pa, uint32_t bytes, uint64_t now);

  MemLevel& next() { return next_; }
  const CoherenceConfig& config() const { return cfg_; }
  // Throws std::out_of_range for a core not attached.
  const CoherenceStats& stats(unsigned core) const;
  const DmaCoherenceStats& dma_stats() const { return dma_; }

  // The raw counters: "coherence.coreN.COUNTER" per attached core and "coherence.dma.COUNTER"
  // (stats/counter_set.h), CoherenceStats' and DmaCoherenceStats' fields.
  void counters(CounterSet& out) const;
  // {"protocol": "MESI", "bus_cycles", "snoop_latency", "intervention_latency",
  //  "upgrade_latency", "cores": [{"core": N, COUNTER...}], "total": {COUNTER...},
  //  "dma": {COUNTER...}} from counters over some span, as MemoryHierarchy::report.
  nlohmann::json report(const CounterSet& counters) const;
  nlohmann::json stats_json() const {
    CounterSet c;
    counters(c);
    return report(c);
  }

 private:
  struct Port {
    unsigned core;
    Cache* cache;
    CoherenceStats stats;
  };
  Port& port(unsigned core);
  // The cycle a transaction asked for at `now` gets the bus (nothing is taken).
  uint64_t start_at(uint64_t now) const;
  // Takes the bus from `start` for core `p`'s transaction, counting it.
  void take(Port& p, uint64_t now, uint64_t start);
  uint32_t line_base(uint32_t pa) const { return pa & ~(line_bytes_ - 1); }
  // Every port's copy of the line of `pa` moves down to `to` (S or E only from above; I from
  // anything), except `skip`'s; counts invalidations received. Returns the copies that changed.
  unsigned snoop_all(const Port* skip, uint32_t pa, Mesi to);

  CoherenceConfig cfg_;
  MemLevel& next_;
  std::vector<Port> ports_;  // in order of core id
  uint32_t line_bytes_ = 0;  // the attached caches' line (0: none attached yet)
  uint64_t free_ = 0;        // the cycle from which the bus is free
  DmaCoherenceStats dma_;
};

}  // namespace kasane

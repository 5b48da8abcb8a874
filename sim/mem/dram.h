// Main memory's timing: every access takes the same `latency` cycles, with unlimited concurrency
// (no banks, rows, bus or queue: any number of accesses overlap). What bounds the misses in flight
// is the MSHR files of the caches above it.
//
// The papers' "flat" machine (no caches, every access takes exactly the memory latency) is this
// class with nothing in front of it: MemoryHierarchy builds it that way, and there is no separate
// FlatMemory class.
#pragma once

#include <cstdint>
#include <optional>

#include "mem/mem_level.h"

namespace kasane {

struct DramStats {
  uint64_t accesses = 0;  // reads + writes
  uint64_t reads = 0;     // demand reads and fills, including fills for prefetches above
  uint64_t writes = 0;    // demand writes and writebacks from the level above
};

class Dram : public MemLevel {
 public:
  explicit Dram(uint32_t latency) : latency_(latency) {}

  // Never refuses: the data (or the write's acceptance) is there `latency` cycles after `now`.
  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override;
  // Nothing to fill into: a prefetch that reaches memory does nothing and is not counted.
  void prefetch(uint32_t pa, uint64_t now) override;
  void writeback(uint32_t pa, uint64_t now) override;

  uint32_t latency() const { return latency_; }
  const DramStats& stats() const { return stats_; }

 private:
  uint32_t latency_;
  DramStats stats_;
};

}  // namespace kasane

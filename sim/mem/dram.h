// Main memory's timing: every access takes `latency` cycles after it gets the channel. The channel
// is one FIFO shared by every read, fill and write-back: with a bandwidth set, each transfer
// occupies it for transfer_bytes / bandwidth cycles, so accesses that come faster than that queue
// and wait (a bandwidth-bound stream sees its latency grow). With bandwidth 0 any number of
// accesses overlap and only the MSHR files of the caches above bound the misses in flight.
//
// Ports, the other limit (the flat model's memory.ports): a memory that is not pipelined serves
// at most `ports` accesses at once, each holding its port for the whole latency; an access that
// finds every port busy waits for the first to free (0 ports: no such limit).
//
// The papers' "flat" machine (no caches, every access takes exactly the memory latency) is this
// class with nothing in front of it and no bandwidth limit: MemoryHierarchy builds it that way,
// and there is no separate FlatMemory class.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "mem/mem_level.h"

namespace kasane {

struct DramStats {
  uint64_t accesses = 0;       // reads + writes
  uint64_t reads = 0;          // demand reads and fills, including fills for prefetches above
  uint64_t writes = 0;         // demand writes and writebacks from the level above
  uint64_t queued_cycles = 0;  // sum over accesses of the cycles waited for the channel or a port
};

class Dram : public MemLevel {
 public:
  // bytes_per_cycle 0: no bandwidth limit. transfer_bytes: what one access moves (the line of the
  // level above). ports 0: any number of accesses at once.
  explicit Dram(uint32_t latency, double bytes_per_cycle = 0, uint32_t transfer_bytes = 0,
                uint32_t ports = 0);

  // Never refuses: the data (or the write's acceptance) is there `latency` cycles after the access
  // gets the channel, which is `now` unless earlier transfers still hold it.
  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override;
  // Nothing to fill into: a prefetch that reaches memory does nothing and is not counted.
  void prefetch(uint32_t pa, uint64_t now) override;
  // Nobody waits for it, but it takes its turn on the channel.
  void writeback(uint32_t pa, uint64_t now) override;

  uint32_t latency() const { return latency_; }
  double bandwidth() const { return bytes_per_cycle_; }
  const DramStats& stats() const { return stats_; }

 private:
  // Takes the channel for one transfer at or after `now`; the cycle the transfer starts.
  uint64_t take_channel(uint64_t now);
  // Takes the channel, then the port that frees first, for one access at or after `now`; the
  // cycle the access starts.
  uint64_t start(uint64_t now);

  uint32_t latency_;
  double bytes_per_cycle_;
  double occupancy_;        // cycles one transfer holds the channel (0: unlimited)
  double channel_free_ = 0;  // cycle from which the channel is free (fractional: no rounding drift)
  std::vector<uint64_t> port_free_;  // per port, the cycle from which it is free (empty: no limit)
  DramStats stats_;
};

}  // namespace kasane

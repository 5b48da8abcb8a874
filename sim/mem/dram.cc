// See dram.h: a fixed latency per access behind one FIFO channel of limited bandwidth.
#include "mem/dram.h"

#include <algorithm>
#include <cmath>

namespace kasane {

Dram::Dram(uint32_t latency, double bytes_per_cycle, uint32_t transfer_bytes)
    : latency_(latency),
      bytes_per_cycle_(bytes_per_cycle),
      occupancy_(bytes_per_cycle > 0 ? transfer_bytes / bytes_per_cycle : 0) {}

uint64_t Dram::take_channel(uint64_t now) {
  if (occupancy_ <= 0) return now;
  const double start = std::max(static_cast<double>(now), channel_free_);
  channel_free_ = start + occupancy_;
  const uint64_t begin = static_cast<uint64_t>(std::ceil(start));
  stats_.queued_cycles += begin - now;
  return begin;
}

std::optional<uint64_t> Dram::access(uint32_t /*pa*/, bool write, uint64_t now) {
  ++stats_.accesses;
  ++(write ? stats_.writes : stats_.reads);
  return take_channel(now) + latency_;
}

void Dram::prefetch(uint32_t /*pa*/, uint64_t /*now*/) {}

void Dram::writeback(uint32_t /*pa*/, uint64_t now) {
  ++stats_.accesses;
  ++stats_.writes;
  take_channel(now);
}

}  // namespace kasane

// See dram.h: a fixed latency per access behind one FIFO channel of limited bandwidth and, in
// the flat model, a limited number of ports.
#include "mem/dram.h"

#include <algorithm>
#include <cmath>

namespace kasane {

Dram::Dram(uint32_t latency, double bytes_per_cycle, uint32_t transfer_bytes, uint32_t ports)
    : latency_(latency),
      bytes_per_cycle_(bytes_per_cycle),
      occupancy_(bytes_per_cycle > 0 ? transfer_bytes / bytes_per_cycle : 0),
      port_free_(ports, 0) {}

uint64_t Dram::take_channel(uint64_t now) {
  if (occupancy_ <= 0) return now;
  const double start = std::max(static_cast<double>(now), channel_free_);
  channel_free_ = start + occupancy_;
  const uint64_t begin = static_cast<uint64_t>(std::ceil(start));
  stats_.queued_cycles += begin - now;
  return begin;
}

uint64_t Dram::start(uint64_t now) {
  const uint64_t begin = take_channel(now);
  if (port_free_.empty()) return begin;
  auto port = std::min_element(port_free_.begin(), port_free_.end());
  const uint64_t at = std::max(begin, *port);
  stats_.queued_cycles += at - begin;
  *port = at + latency_;
  return at;
}

std::optional<uint64_t> Dram::access(uint32_t /*pa*/, bool write, uint64_t now) {
  ++stats_.accesses;
  ++(write ? stats_.writes : stats_.reads);
  return start(now) + latency_;
}

void Dram::prefetch(uint32_t /*pa*/, uint64_t /*now*/) {}

void Dram::writeback(uint32_t /*pa*/, uint64_t now) {
  ++stats_.accesses;
  ++stats_.writes;
  start(now);
}

}  // namespace kasane

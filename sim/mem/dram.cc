// See dram.h: a fixed latency per access and no contention, so an access only counts itself.
#include "mem/dram.h"

namespace kasane {

std::optional<uint64_t> Dram::access(uint32_t /*pa*/, bool write, uint64_t now) {
  ++stats_.accesses;
  ++(write ? stats_.writes : stats_.reads);
  return now + latency_;
}

void Dram::prefetch(uint32_t /*pa*/, uint64_t /*now*/) {}

void Dram::writeback(uint32_t /*pa*/, uint64_t /*now*/) {
  ++stats_.accesses;
  ++stats_.writes;
}

}  // namespace kasane

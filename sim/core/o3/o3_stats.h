// What the out-of-order core counts: per context, its instructions, the CPI stack of its oldest
// instruction (the ROB head) and the occupancy of each structure it shares (a sum for the mean and
// a histogram); and for the core, memory-order events and the SMT policies' actions.
#pragma once

#include <array>
#include <cstdint>

namespace kasane {

// Where a context's cycle went, from its ROB head: the CPI stack.
enum class O3Cpi : uint8_t {
  kBase,        // committed (or the head was ready and another context took the commit slots)
  kFetch,       // nothing dispatched: instruction fetch (i-cache, fetch bandwidth, front end)
  kMispredict,  // nothing dispatched: refilling after a squash (mispredict, exception, replay)
  kDependence,  // the head waits for an operand or its own execution
  kMemory,      // the head is a load waiting for its data (or the cache to take it)
  kRobFull,     // nothing dispatched: no ROB entry for this context (others hold them)
  kIqFull,      // ... no issue queue entry
  kLsqFull,     // ... no load or store queue entry
  kRenameRegs,  // ... no free physical register
  kSerialise,   // the head or the next to dispatch must run alone, or waits for a sibling to
  kIdle,        // the context does not run and has nothing in flight
  kCount
};
const char* o3_cpi_name(O3Cpi c);

// The structures whose occupancy each context's stats follow, in this order.
enum class O3Occ : uint8_t { kRob, kIq, kLq, kSq, kIntRegs, kFpRegs, kCount };
const char* o3_occ_name(O3Occ o);
constexpr unsigned kOccBuckets = 8;  // histogram: eighths of the structure's size

struct O3ThreadStats {
  uint64_t fetched = 0, retired = 0, squashed = 0, exceptions = 0, branches = 0, mispredicts = 0;
  uint64_t replayed = 0;  // executed instructions dispatched a second time after a squash
  std::array<uint64_t, static_cast<size_t>(O3Cpi::kCount)> cpi{};
  // Occupancy: the sum over the cycles the context was active (the others count as empty), and
  // the histogram of those cycles by eighth of the structure.
  std::array<uint64_t, static_cast<size_t>(O3Occ::kCount)> occ_sum{};
  std::array<std::array<uint64_t, kOccBuckets>, static_cast<size_t>(O3Occ::kCount)> occ_hist{};
  uint64_t active_cycles = 0;
};

// Core-wide events.
struct O3CoreStats {
  uint64_t forwards = 0;        // loads that took their data from an older store
  uint64_t partial_waits = 0;   // load issue attempts held back by a store covering part of them
  uint64_t violations = 0;      // memory-order violations (each squashes the load and after)
  uint64_t store_set_waits = 0; // load issue attempts held back by the store-set predictor
  uint64_t long_latency = 0;    // loads that missed the L2 (fetch.long_latency acted on them)
  uint64_t redirects = 0;       // squashes that redirected fetch (mispredicts, exceptions)
};

}  // namespace kasane

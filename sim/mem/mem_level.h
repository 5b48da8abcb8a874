// One level of the memory hierarchy as the cycle-level core sees it: timing only. The data lives
// in RAM and is read and written functionally elsewhere; a level answers "when", never "what".
// Caches, DRAM and the flat memory of the papers' machine all implement this interface, so a
// cache does not know what is below it and tests can put a fake level under one.
#pragma once

#include <cstdint>
#include <optional>

namespace kasane {

// A level of the memory hierarchy, timing only. Cycles are the core's cycles.
class MemLevel {
 public:
  virtual ~MemLevel() = default;
  // Start an access to physical address `pa` at cycle `now`. Returns the cycle at which the data is
  // available (for a write: at which the level has accepted it), or std::nullopt if the level
  // cannot take the access this cycle (every MSHR busy): the requester retries in a later cycle.
  virtual std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) = 0;
  // A prefetch (PREF): start a fill if there is an MSHR free, never stalls, never counts as a
  // demand access.
  virtual void prefetch(uint32_t pa, uint64_t now) = 0;
  // A software prefetch (PREF): as prefetch(), but false, doing nothing, when the fill cannot
  // start this cycle (every MSHR busy). The instruction then waits and retries, as a load would:
  // real cores hold a software prefetch in the load queue until a fill buffer frees rather than
  // drop it, and dropping made a prefetching sibling race ahead and prefetch almost nothing.
  // Only the hardware stream prefetcher's own prefetches are dropped.
  virtual bool prefetch_or_wait(uint32_t pa, uint64_t now) {
    prefetch(pa, now);
    return true;
  }
  // A whole dirty line evicted by the level above, at cycle `now`. It never stalls (a write buffer
  // absorbs it) and nobody waits for it, so it returns nothing. It is not a demand write: a cache
  // that misses on it allocates the line without fetching it, since every byte is being written.
  // The default, for levels that do not care, treats it as a write access and drops a refusal.
  virtual void writeback(uint32_t pa, uint64_t now) { (void)access(pa, true, now); }

  // Functional warming (sim.warmup, core/warmer.h): the state change `access` (or, with
  // `writeback`, a dirty line from above) would make, with no time, no MSHR, no bandwidth and no
  // statistics: tags, LRU order, dirty bits and the stream prefetcher's lines. Levels without
  // such state (flat memory, DRAM) ignore it; levels that only pass requests on pass it on.
  virtual void warm(uint32_t pa, bool write, bool writeback = false) {
    (void)pa, (void)write, (void)writeback;
  }
};

}  // namespace kasane

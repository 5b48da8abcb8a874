// A set-associative cache, timing only: tags, true LRU per set, dirty bits and a file of MSHRs
// (outstanding misses). Write-back caches write-allocate; write-through caches write-no-allocate.
// An optional stream prefetcher (prefetch_degree > 0) is the tagged sequential prefetcher of the
// textbooks, and the shape of the streamers real cores put beside their L1D and L2: a demand miss,
// or the first demand use of a line it prefetched, prefetches the next prefetch_degree lines, never
// past the 4 KiB page (the next physical page is unrelated), each only if an MSHR is free.
// Everything is in flat vectors sized at construction: an access allocates nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mem/mem_level.h"

namespace kasane {

struct CacheConfig {
  std::string name;          // for errors and stats ("l1d")
  uint32_t size_bytes = 0;   // power of two
  uint32_t assoc = 0;        // ways per set, power of two
  uint32_t line_bytes = 0;   // power of two
  uint32_t hit_latency = 0;  // cycles of a lookup, paid by hits and again when a fill arrives
  uint32_t mshrs = 0;        // misses in flight at once, at least 1
  bool write_back = false;   // false: write-through, write-no-allocate
  uint32_t prefetch_degree = 0;  // stream prefetcher: lines fetched ahead of a miss (0: none)
};

// Demand accesses that were accepted count once in `accesses`, as a hit, a miss or an MSHR hit
// (accesses = hits + misses + mshr_hits); a refused one (nullopt) counts only in `mshr_full` and
// is counted again when it is retried. As in gem5, `misses` are primary misses only, each one a
// request to the next level: an access to a line still arriving is an MSHR hit (a secondary
// miss), so miss_rate = misses / accesses is the rate at which the next level is asked.
struct CacheStats {
  uint64_t accesses = 0;
  uint64_t hits = 0;
  uint64_t misses = 0;         // primary misses: a fill was requested from the next level
  uint64_t mshr_hits = 0;      // accesses to a line already arriving: they wait for that fill
  uint64_t writebacks = 0;     // dirty lines evicted and written to the next level
  uint64_t mshr_full = 0;      // demand misses refused because every MSHR was busy
  uint64_t prefetches = 0;     // prefetch fills started (dropped prefetches are not counted),
                               // PREF hints and the stream prefetcher's alike
  uint64_t prefetch_hits = 0;  // first demand access to each line a prefetch brought
};

class Cache : public MemLevel {
 public:
  // Throws std::invalid_argument naming the cache if the geometry is not valid.
  Cache(const CacheConfig& cfg, MemLevel& next);

  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override;
  void prefetch(uint32_t pa, uint64_t now) override;
  bool prefetch_or_wait(uint32_t pa, uint64_t now) override;
  void writeback(uint32_t pa, uint64_t now) override;

  const std::string& name() const { return cfg_.name; }
  const CacheConfig& config() const { return cfg_; }
  const CacheStats& stats() const { return stats_; }

 private:
  struct Line {
    uint32_t line = 0;  // pa >> line_shift_: the whole line number, so it doubles as the tag
    bool valid = false;
    bool dirty = false;
    bool prefetched = false;  // brought by a prefetch, no demand access yet
    uint64_t lru = 0;         // last-use stamp; the smallest in a set is the LRU way
    uint64_t fill_done = 0;   // cycle the next level delivers it; later than now = still arriving
  };

  Line* find(uint32_t line);
  Line& victim(uint32_t line);
  // Makes `l` hold `line`, writing back the dirty line it held.
  void install(Line& l, uint32_t line, uint64_t fill_done, uint64_t now);
  // Index of an MSHR free at `now`, or -1.
  int free_mshr(uint64_t now) const;
  void touch(Line& l) { l.lru = ++lru_clock_; }
  // The stream prefetcher's step after a demand miss on, or first use of, `line`.
  void prefetch_ahead(uint32_t line, uint64_t now);

  CacheConfig cfg_;
  MemLevel& next_;
  uint32_t line_shift_;
  uint32_t set_mask_;
  std::vector<Line> lines_;          // set-major: the ways of set s are [s*assoc, (s+1)*assoc)
  std::vector<uint64_t> mshr_busy_;  // per MSHR: the cycle its fill completes (free from then on)
  uint64_t lru_clock_ = 0;           // a counter, not the cycle: same-cycle uses stay ordered
  CacheStats stats_;
};

}  // namespace kasane

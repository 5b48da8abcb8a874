// A set-associative cache, timing only: tags, true LRU per set, dirty bits and a file of MSHRs
// (outstanding misses). Write-back caches write-allocate; write-through caches write-no-allocate.
// An optional stream prefetcher (prefetch_degree > 0) is the tagged sequential prefetcher of the
// textbooks, and the shape of the streamers real cores put beside their L1D and L2: a demand miss,
// or the first demand use of a line it prefetched, prefetches the next prefetch_degree lines, never
// past the 4 KiB page (the next physical page is unrelated), each only if an MSHR is free.
// Everything is in flat vectors sized at construction: an access allocates nothing.
//
// Coherence: a cache attached to a SnoopBus (attach_coherence, for the private L1Ds of several
// cores) keeps a MESI state per line and sends its misses, upgrades and write-backs over the bus
// (mem/snoop_bus.h says the protocol). A cache never attached behaves exactly as without it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mem/mem_level.h"
#include "mem/snoop_bus.h"

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
  // MemLevel::warm, in cache_warm.cc. Not for a cache attached to a coherence bus (warming keeps
  // no MESI states): the fast-forward refuses several cores.
  void warm(uint32_t pa, bool write, bool writeback) override;

  // Makes this cache one of `bus`'s coherent caches, as core `core`. From then on its fills,
  // upgrades and write-backs go over the bus to bus.next(), which must be the level this cache
  // was built over. Throws std::invalid_argument for a write-through cache, another next level, a
  // second attachment or one the bus refuses (SnoopBus::attach).
  void attach_coherence(SnoopBus& bus, unsigned core);
  // The MESI state of the line of `pa`: Invalid when absent; for a cache not attached, M for a
  // dirty line and E for a clean one. A line still arriving has the state it will arrive in.
  Mesi state(uint32_t pa) const;

  const std::string& name() const { return cfg_.name; }
  const CacheConfig& config() const { return cfg_; }
  const CacheStats& stats() const { return stats_; }

 private:
  friend class SnoopBus;

  struct Line {
    uint32_t line = 0;  // pa >> line_shift_: the whole line number, so it doubles as the tag
    bool valid = false;
    bool dirty = false;
    bool prefetched = false;  // brought by a prefetch, no demand access yet
    bool shared = false;      // attached only: others may hold it (S; clean, never dirty)
    uint64_t lru = 0;         // last-use stamp; the smallest in a set is the LRU way
    uint64_t fill_done = 0;   // cycle the next level delivers it; later than now = still arriving
  };

  Line* find(uint32_t line);
  const Line* find(uint32_t line) const;
  // access() past its common case: `l` is find(line), or null.
  [[gnu::noinline]] std::optional<uint64_t> access_general(uint32_t pa, uint32_t line, Line* l,
                                                           bool write, uint64_t now);
  static Mesi state_of(const Line& l) {
    return !l.valid ? Mesi::I : l.dirty ? Mesi::M : l.shared ? Mesi::S : Mesi::E;
  }
  // Another core's transaction, or DMA, snooped on this cache (SnoopBus only): the copy of `pa`
  // moves down to `to`. Returns the state it was in (I if absent) and the cycle its fill arrives.
  struct Snooped {
    Mesi was;
    uint64_t fill_done;
  };
  Snooped snoop(uint32_t pa, Mesi to);
  // The same, changing nothing.
  Snooped peek(uint32_t pa) const;
  // The fill of a miss (or prefetch) on `line` from the next level or, attached, over the bus:
  // the cycle it arrives and whether it comes in Shared, or nullopt if refused this cycle.
  std::optional<SnoopBus::Fill> fetch(uint32_t line, bool write, uint64_t now);
  Line& victim(uint32_t line);
  // Makes `l` hold `line`, writing back the dirty line it held.
  void install(Line& l, uint32_t line, uint64_t fill_done, uint64_t now);
  // Index of an MSHR free at `now`, or -1.
  int free_mshr(uint64_t now) const;
  void touch(Line& l) { l.lru = ++lru_clock_; }
  // The stream prefetcher's step after a demand miss on, or first use of, `line`.
  void prefetch_ahead(uint32_t line, uint64_t now);
  // warm()'s: a line installed at once (the victim's dirty copy warmed into the next level), and
  // the prefetcher's step.
  Line& warm_install(uint32_t line);
  void warm_prefetch_ahead(uint32_t line);

  CacheConfig cfg_;
  MemLevel& next_;
  uint32_t line_shift_;
  uint32_t set_mask_;
  std::vector<Line> lines_;          // set-major: the ways of set s are [s*assoc, (s+1)*assoc)
  std::vector<uint64_t> mshr_busy_;  // per MSHR: the cycle its fill completes (free from then on)
  uint64_t lru_clock_ = 0;           // a counter, not the cycle: same-cycle uses stay ordered
  SnoopBus* bus_ = nullptr;          // null: not attached, no coherence
  unsigned core_ = 0;                // the core this cache belongs to, on bus_
  CacheStats stats_;
};

}  // namespace kasane

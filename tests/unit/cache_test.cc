// Unit tests of the memory-hierarchy timing model: a cache on top of a fake next level that has a
// fixed latency and records what it was asked (hits, misses, merging, MSHRs, LRU, write policies,
// prefetch), then whole hierarchies (the miss path adding up, the flat machine, determinism).
#include "mem/cache.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mem/dram.h"
#include "mem/hierarchy.h"
#include "mem/mem_level.h"

namespace kasane {
namespace {

// gmock is not installed, so substring checks use gtest's own IsSubstring predicate.
#define EXPECT_HAS(haystack, needle) EXPECT_PRED_FORMAT2(::testing::IsSubstring, needle, haystack)

// The level under the cache being tested: answers every access `latency` cycles later (or
// refuses all of them when `refuse` is set) and records each request it accepted.
class FakeLevel : public MemLevel {
 public:
  struct Request {
    uint32_t pa;
    bool write;
    uint64_t now;
    bool writeback;
  };

  explicit FakeLevel(uint32_t latency) : latency_(latency) {}

  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override {
    if (refuse) return std::nullopt;
    requests.push_back({pa, write, now, false});
    return now + latency_;
  }
  void prefetch(uint32_t, uint64_t) override {}
  void writeback(uint32_t pa, uint64_t now) override { requests.push_back({pa, true, now, true}); }

  bool refuse = false;
  std::vector<Request> requests;

 private:
  uint32_t latency_;
};

constexpr uint32_t kNext = 10;  // the fake level's latency
constexpr uint32_t kHit = 2;    // the cache's hit latency

// 256 bytes, 32-byte lines: with 2 ways there are 4 sets, so lines 128 bytes apart share a set.
CacheConfig small(uint32_t assoc = 2, uint32_t mshrs = 4, bool write_back = true) {
  return {"l1d", 256, assoc, 32, kHit, mshrs, write_back};
}

TEST(Cache, L1HitReturnsAfterHitLatency) {
  FakeLevel next(kNext);
  Cache c(small(), next);
  EXPECT_EQ(c.access(0x100, false, 0), std::optional<uint64_t>(kNext + kHit));  // the cold miss
  EXPECT_EQ(c.access(0x104, false, 20), std::optional<uint64_t>(20 + kHit));
  EXPECT_EQ(c.access(0x11c, true, 30), std::optional<uint64_t>(30 + kHit));
  EXPECT_EQ(c.stats().accesses, 3u);
  EXPECT_EQ(c.stats().hits, 2u);
  EXPECT_EQ(c.stats().misses, 1u);
  ASSERT_EQ(next.requests.size(), 1u);
  EXPECT_EQ(next.requests[0].pa, 0x100u);  // the fill asks for the line, not the word
  EXPECT_FALSE(next.requests[0].write);
}

TEST(Cache, MissReturnsAfterTheMissPath) {
  HierarchyConfig cfg;
  cfg.model = "cached";
  cfg.l1i = {"l1i", 1024, 2, 32, 1, 2, false};
  cfg.l1d = {"l1d", 1024, 2, 32, 2, 4, true};
  cfg.l2_enabled = true;
  cfg.l2 = {"l2", 8192, 4, 64, 8, 8, true};
  cfg.dram_latency = 100;
  MemoryHierarchy h(cfg);
  // L1 miss -> L2 miss -> DRAM, then back through both lookups.
  EXPECT_EQ(h.data().access(0x1000, false, 5), std::optional<uint64_t>(5 + 100 + 8 + 2));
  // The other half of the same 64-byte L2 line: L1 miss, L2 hit.
  EXPECT_EQ(h.data().access(0x1020, false, 200), std::optional<uint64_t>(200 + 8 + 2));
  // The instruction side shares the L2.
  EXPECT_EQ(h.inst().access(0x1000, false, 300), std::optional<uint64_t>(300 + 8 + 1));
  nlohmann::json s = h.stats_json(1000);
  EXPECT_EQ(s["caches"]["l1d"]["misses"], 2);
  EXPECT_EQ(s["caches"]["l1i"]["misses"], 1);
  EXPECT_EQ(s["caches"]["l2"]["accesses"], 3);
  EXPECT_EQ(s["caches"]["l2"]["misses"], 1);
  EXPECT_EQ(s["caches"]["l2"]["hits"], 2);
  EXPECT_DOUBLE_EQ(s["caches"]["l1d"]["miss_rate"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(s["caches"]["l1d"]["mpki"].get<double>(), 2.0);
  EXPECT_EQ(s["memory"]["reads"], 1);
}

TEST(Cache, SecondMissToSameLineMergesIntoOneMshr) {
  FakeLevel next(kNext);
  Cache c(small(2, 1), next);  // one MSHR, busy with the first miss: merging needs none
  EXPECT_EQ(c.access(0x200, false, 0), std::optional<uint64_t>(kNext + kHit));
  EXPECT_EQ(c.access(0x208, false, 3), std::optional<uint64_t>(kNext + kHit));  // same ready cycle
  EXPECT_EQ(c.access(0x210, true, 4), std::optional<uint64_t>(kNext + kHit));
  EXPECT_EQ(next.requests.size(), 1u);
  // One primary miss went to the next level; the two accesses behind it are MSHR hits.
  EXPECT_EQ(c.stats().accesses, 3u);
  EXPECT_EQ(c.stats().misses, 1u);
  EXPECT_EQ(c.stats().mshr_hits, 2u);
  EXPECT_EQ(c.stats().hits, 0u);
  // Once the fill has arrived it is an ordinary hit.
  EXPECT_EQ(c.access(0x200, false, kNext), std::optional<uint64_t>(kNext + kHit));
  EXPECT_EQ(c.stats().hits, 1u);
}

// gem5's accounting: a secondary miss is an MSHR hit, not a miss, so the miss rate and MPKI
// count only the requests that went to the next level.
TEST(Cache, MissRateCountsPrimaryMissesOnlyAndMshrHitsApart) {
  HierarchyConfig cfg;
  cfg.model = "cached";
  cfg.l1i = {"l1i", 1024, 2, 32, 1, 2, false};
  cfg.l1d = {"l1d", 1024, 2, 32, 2, 4, true};
  cfg.dram_latency = 100;
  MemoryHierarchy h(cfg);
  ASSERT_TRUE(h.data().access(0x1000, false, 0));  // primary miss
  ASSERT_TRUE(h.data().access(0x1004, false, 1));  // the same line, still arriving: MSHR hit
  ASSERT_TRUE(h.data().access(0x1008, true, 2));   // MSHR hit
  ASSERT_TRUE(h.data().access(0x100c, false, 500));  // arrived: a hit
  const nlohmann::json l1d = h.stats_json(2000)["caches"]["l1d"];
  EXPECT_EQ(l1d["accesses"], 4);
  EXPECT_EQ(l1d["misses"], 1);
  EXPECT_EQ(l1d["mshr_hits"], 2);
  EXPECT_EQ(l1d["hits"], 1);
  EXPECT_DOUBLE_EQ(l1d["miss_rate"].get<double>(), 0.25);
  EXPECT_DOUBLE_EQ(l1d["mpki"].get<double>(), 0.5);
  EXPECT_EQ(h.stats_json(2000)["memory"]["reads"], 1);  // one request per primary miss
}

TEST(Cache, FullMshrFileStallsAMissButNotAHit) {
  FakeLevel next(kNext);
  Cache c(small(2, 2), next);
  ASSERT_TRUE(c.access(0x000, false, 0));  // resident from cycle 10
  ASSERT_TRUE(c.access(0x020, false, 20));
  ASSERT_TRUE(c.access(0x040, false, 20));  // both MSHRs busy until 30
  const size_t sent = next.requests.size();
  const CacheStats before = c.stats();
  EXPECT_EQ(c.access(0x060, false, 21), std::nullopt);
  EXPECT_EQ(c.stats().mshr_full, 1u);
  EXPECT_EQ(c.stats().accesses, before.accesses);  // counted when it is retried
  EXPECT_EQ(next.requests.size(), sent);
  EXPECT_EQ(c.access(0x000, false, 21), std::optional<uint64_t>(21 + kHit));
  EXPECT_EQ(c.access(0x024, false, 22), std::optional<uint64_t>(30 + kHit));  // merging still works
}

TEST(Cache, MshrFreesWhenTheFillCompletes) {
  FakeLevel next(kNext);
  Cache c(small(2, 1), next);
  ASSERT_TRUE(c.access(0x000, false, 0));  // the only MSHR is busy until cycle 10
  EXPECT_EQ(c.access(0x020, false, 9), std::nullopt);
  EXPECT_EQ(c.access(0x020, false, 10), std::optional<uint64_t>(10 + kNext + kHit));
}

TEST(Cache, FillRefusedByTheNextLevelChangesNothing) {
  FakeLevel next(kNext);
  Cache c(small(2, 1), next);
  next.refuse = true;
  EXPECT_EQ(c.access(0x000, false, 0), std::nullopt);
  EXPECT_EQ(c.stats().accesses, 0u);
  next.refuse = false;
  // No tag was installed and no MSHR taken: the retry is a fresh miss.
  EXPECT_EQ(c.access(0x000, false, 1), std::optional<uint64_t>(1 + kNext + kHit));
  EXPECT_EQ(c.stats().mshr_hits, 0u);
}

TEST(Cache, LruEvictsTheLeastRecentlyUsedWay) {
  FakeLevel next(kNext);
  Cache c(small(2), next);
  const uint32_t a = 0x000, b = 0x080, d = 0x100;  // all in set 0
  ASSERT_TRUE(c.access(a, false, 0));
  ASSERT_TRUE(c.access(b, false, 20));
  ASSERT_TRUE(c.access(a, false, 40));  // a is now the most recently used
  ASSERT_TRUE(c.access(d, false, 50));  // evicts b
  EXPECT_EQ(c.access(a, false, 100), std::optional<uint64_t>(100 + kHit));
  EXPECT_EQ(c.access(d, false, 101), std::optional<uint64_t>(101 + kHit));
  EXPECT_EQ(c.access(b, false, 102), std::optional<uint64_t>(102 + kNext + kHit));  // evicts a
  // A line just filled is the most recently used: the next miss evicts d, not b.
  EXPECT_EQ(c.access(0x180, false, 200), std::optional<uint64_t>(200 + kNext + kHit));
  EXPECT_EQ(c.access(b, false, 300), std::optional<uint64_t>(300 + kHit));
  EXPECT_EQ(c.access(d, false, 301), std::optional<uint64_t>(301 + kNext + kHit));
  EXPECT_EQ(c.access(a, false, 400), std::optional<uint64_t>(400 + kNext + kHit));
}

TEST(Cache, WriteBackEvictionWritesTheDirtyLine) {
  FakeLevel next(kNext);
  Cache c(small(1), next);  // direct-mapped: lines 256 bytes apart conflict
  EXPECT_EQ(c.access(0x004, true, 0), std::optional<uint64_t>(kNext + kHit));  // write-allocate
  ASSERT_EQ(next.requests.size(), 1u);
  EXPECT_FALSE(next.requests[0].write);  // the line is fetched, the write stays here
  // The writeback overlaps the fill: the read pays only the miss path.
  EXPECT_EQ(c.access(0x100, false, 100), std::optional<uint64_t>(100 + kNext + kHit));
  ASSERT_EQ(next.requests.size(), 3u);
  EXPECT_TRUE(next.requests[2].writeback);
  EXPECT_EQ(next.requests[2].pa, 0x000u);
  EXPECT_EQ(next.requests[2].now, 100u);
  EXPECT_EQ(c.stats().writebacks, 1u);
  // A clean line leaves silently.
  ASSERT_TRUE(c.access(0x000, false, 200));
  EXPECT_EQ(c.stats().writebacks, 1u);
  EXPECT_EQ(next.requests.size(), 4u);
}

TEST(Cache, WritebackFromAboveAllocatesWithoutAFetch) {
  FakeLevel next(kNext);
  Cache c(small(1), next);
  c.writeback(0x040, 0);
  EXPECT_TRUE(next.requests.empty());
  EXPECT_EQ(c.stats().accesses, 0u);  // not a demand access
  EXPECT_EQ(c.access(0x040, false, 1), std::optional<uint64_t>(1 + kHit));
  ASSERT_TRUE(c.access(0x140, false, 2));  // evicts it: it is dirty now
  EXPECT_EQ(c.stats().writebacks, 1u);
  EXPECT_TRUE(next.requests.back().writeback);
}

TEST(Cache, WriteThroughSendsEveryWrite) {
  FakeLevel next(kNext);
  Cache c(small(1, 4, false), next);
  // A write miss goes on and is not allocated (write-no-allocate).
  EXPECT_EQ(c.access(0x008, true, 0), std::optional<uint64_t>(kNext));
  ASSERT_EQ(next.requests.size(), 1u);
  EXPECT_TRUE(next.requests[0].write);
  EXPECT_EQ(next.requests[0].pa, 0x008u);
  EXPECT_EQ(c.access(0x008, false, 20), std::optional<uint64_t>(20 + kNext + kHit));
  // A write hit goes on too, and returns when the next level has accepted it.
  EXPECT_EQ(c.access(0x00c, true, 40), std::optional<uint64_t>(40 + kNext));
  EXPECT_EQ(next.requests.size(), 3u);
  EXPECT_EQ(c.stats().hits, 1u);
  EXPECT_EQ(c.stats().misses, 2u);
  // The line was never dirty: evicting it writes nothing back.
  ASSERT_TRUE(c.access(0x108, false, 60));
  EXPECT_EQ(c.stats().writebacks, 0u);
  EXPECT_EQ(next.requests.size(), 4u);
  // A refused write is refused here too.
  next.refuse = true;
  EXPECT_EQ(c.access(0x108, true, 80), std::nullopt);
}

TEST(Cache, PrefetchBringsALineWithoutDemandStats) {
  FakeLevel next(kNext);
  Cache c(small(2, 1), next);
  c.prefetch(0x044, 0);
  EXPECT_EQ(c.stats().accesses, 0u);
  EXPECT_EQ(c.stats().prefetches, 1u);
  ASSERT_EQ(next.requests.size(), 1u);
  EXPECT_EQ(next.requests[0].pa, 0x040u);
  c.prefetch(0x080, 1);  // the only MSHR is busy: dropped, no stall counted
  EXPECT_EQ(c.stats().prefetches, 1u);
  EXPECT_EQ(c.stats().mshr_full, 0u);
  c.prefetch(0x048, 20);  // already here: nothing to do
  EXPECT_EQ(next.requests.size(), 1u);
  EXPECT_EQ(c.access(0x040, false, 20), std::optional<uint64_t>(20 + kHit));
  EXPECT_EQ(c.access(0x040, false, 21), std::optional<uint64_t>(21 + kHit));
  EXPECT_EQ(c.stats().hits, 2u);
  EXPECT_EQ(c.stats().misses, 0u);
  EXPECT_EQ(c.stats().prefetch_hits, 1u);  // one per prefetched line
}

TEST(Cache, BadGeometryIsRejectedWithItsName) {
  FakeLevel next(kNext);
  auto error_of = [&](CacheConfig cfg) -> std::string {
    try {
      Cache c(cfg, next);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    ADD_FAILURE() << "no error for " << cfg.name;
    return "";
  };
  CacheConfig c = small();
  c.size_bytes = 3000;
  EXPECT_HAS(error_of(c), "cache 'l1d': size_bytes 3000 is not a power of two");
  c = small(3);
  EXPECT_HAS(error_of(c), "cache 'l1d': assoc 3 is not a power of two");
  c = small();
  c.line_bytes = 48;
  EXPECT_HAS(error_of(c), "line_bytes 48 is not a power of two");
  c = small();
  c.assoc = 16;  // 16 ways of 32 bytes do not fit in 256 bytes
  EXPECT_HAS(error_of(c), "size_bytes 256 is not a multiple of assoc * line_bytes (512)");
  c = small(2, 0);
  c.name = "l2";
  EXPECT_HAS(error_of(c), "cache 'l2': mshrs is 0");

  HierarchyConfig h;
  h.model = "banked";
  EXPECT_THROW(
      {
        try {
          MemoryHierarchy m(h);
        } catch (const std::invalid_argument& e) {
          EXPECT_HAS(std::string(e.what()), "memory model 'banked' is not one of: flat, cached");
          throw;
        }
      },
      std::invalid_argument);
  h.model = "cached";
  h.l1i = h.l1d = small();
  h.l1i.name = "l1i";
  h.l2_enabled = true;
  h.l2 = {"l2", 1024, 2, 16, 8, 4, true};
  EXPECT_THROW(
      {
        try {
          MemoryHierarchy m(h);
        } catch (const std::invalid_argument& e) {
          EXPECT_HAS(std::string(e.what()), "cache 'l2': line_bytes 16 is shorter than the line");
          throw;
        }
      },
      std::invalid_argument);
}

TEST(Cache, FlatMemoryTakesTheSameLatencyForEveryAccess) {
  HierarchyConfig cfg;
  cfg.model = "flat";
  cfg.memory_latency = 50;
  MemoryHierarchy h(cfg);
  EXPECT_EQ(&h.inst(), &h.data());
  for (uint64_t now : {0, 0, 1, 7, 1000}) {
    EXPECT_EQ(h.inst().access(0x1000, false, now), std::optional<uint64_t>(now + 50));
    EXPECT_EQ(h.data().access(0x1000, false, now), std::optional<uint64_t>(now + 50));
    EXPECT_EQ(h.data().access(static_cast<uint32_t>(0x2000 + now * 4), true, now),
              std::optional<uint64_t>(now + 50));
  }
  h.data().prefetch(0x3000, 5);  // no cache to fill: nothing happens
  nlohmann::json s = h.stats_json(100);
  EXPECT_TRUE(s["caches"].empty());
  EXPECT_EQ(s["model"], "flat");
  EXPECT_EQ(s["memory"]["accesses"], 15);
  EXPECT_EQ(s["memory"]["reads"], 10);
  EXPECT_EQ(s["memory"]["writes"], 5);
}

// The same accesses (a fixed pseudo-random stream with retries) on two fresh hierarchies give the
// same ready cycles and the same stats.
TEST(Cache, SameAccessSequenceGivesIdenticalStatsAndReadyCycles) {
  HierarchyConfig cfg;
  cfg.model = "cached";
  cfg.l1i = {"l1i", 1024, 2, 32, 1, 2, true};
  cfg.l1d = {"l1d", 1024, 2, 32, 2, 2, true};
  cfg.l2_enabled = true;
  cfg.l2 = {"l2", 4096, 4, 64, 8, 4, true};
  cfg.dram_latency = 60;
  auto run = [&](std::vector<std::optional<uint64_t>>& ready) {
    MemoryHierarchy h(cfg);
    uint32_t x = 12345;
    for (uint64_t now = 0; now < 20000; ++now) {
      x = x * 1664525u + 1013904223u;
      const uint32_t pa = (x >> 8) & 0x7ffc;
      switch (x & 3) {
        case 0:
          ready.push_back(h.inst().access(pa, false, now));
          break;
        case 1:
          ready.push_back(h.data().access(pa, (x >> 4) & 1, now));
          break;
        case 2:
          h.data().prefetch(pa, now);
          break;
        default:
          break;
      }
    }
    return h.stats_json(20000);
  };
  std::vector<std::optional<uint64_t>> first, second;
  const nlohmann::json s1 = run(first);
  const nlohmann::json s2 = run(second);
  EXPECT_EQ(first, second);
  EXPECT_EQ(s1, s2);
  // The stream did exercise the interesting paths.
  EXPECT_GT(s1["caches"]["l1d"]["mshr_full"].get<uint64_t>(), 0u);
  EXPECT_GT(s1["caches"]["l1d"]["mshr_hits"].get<uint64_t>(), 0u);
  for (const char* name : {"l1i", "l1d", "l2"}) {
    const nlohmann::json& c = s1["caches"][name];
    EXPECT_EQ(c["accesses"].get<uint64_t>(), c["hits"].get<uint64_t>() +
                                                 c["misses"].get<uint64_t>() +
                                                 c["mshr_hits"].get<uint64_t>())
        << name;
  }
  EXPECT_GT(s1["caches"]["l1d"]["writebacks"].get<uint64_t>(), 0u);
  EXPECT_GT(s1["caches"]["l2"]["writebacks"].get<uint64_t>(), 0u);
}

}  // namespace
}  // namespace kasane

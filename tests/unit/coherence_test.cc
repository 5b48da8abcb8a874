// Unit tests of MESI coherence (mem/snoop_bus.h): two and four private caches on a snooping bus
// over a fake next level. Every state transition, the latencies of each kind of transaction, the
// bus's serialisation, false sharing, DMA, refused accesses, the counters, and that a cache never
// attached behaves as before coherence existed.
#include "mem/snoop_bus.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/mem_level.h"

namespace kasane {
namespace {

using Ready = std::optional<uint64_t>;

// The shared level under the bus: answers every access `latency` cycles later (or refuses all of
// them when `refuse` is set) and records each request it accepted.
class FakeLevel : public MemLevel {
 public:
  struct Request {
    uint32_t pa;
    uint64_t now;
    bool writeback;
  };
  explicit FakeLevel(uint32_t latency) : latency_(latency) {}
  std::optional<uint64_t> access(uint32_t pa, bool, uint64_t now) override {
    if (refuse) return std::nullopt;
    requests.push_back({pa, now, false});
    return now + latency_;
  }
  void prefetch(uint32_t, uint64_t) override {}
  void writeback(uint32_t pa, uint64_t now) override { requests.push_back({pa, now, true}); }
  size_t reads() const {
    size_t n = 0;
    for (const Request& r : requests) n += !r.writeback;
    return n;
  }

  bool refuse = false;
  std::vector<Request> requests;

 private:
  uint32_t latency_;
};

constexpr uint32_t kNext = 20;  // the fake level's latency
constexpr uint32_t kHit = 2;    // the caches' hit latency
constexpr CoherenceConfig kCoh{/*bus_cycles=*/2, /*snoop_latency=*/4,
                               /*intervention_latency=*/8, /*upgrade_latency=*/6};

// 256 bytes, 2 ways, 32-byte lines: 4 sets, so lines 128 bytes apart share a set.
CacheConfig l1d(uint32_t mshrs = 4) {
  return {"l1d", 256, 2, 32, kHit, mshrs, true};
}

// n private caches, core ids 0..n-1, on one bus over one fake level.
struct Machine {
  explicit Machine(unsigned n, CoherenceConfig coh = kCoh, CacheConfig cfg = l1d())
      : next(kNext), bus(coh, next) {
    for (unsigned i = 0; i < n; ++i) {
      l1.push_back(std::make_unique<Cache>(cfg, next));
      l1.back()->attach_coherence(bus, i);
    }
  }
  Cache& operator[](unsigned i) { return *l1[i]; }
  const CoherenceStats& st(unsigned i) const { return bus.stats(i); }
  // The states of every cache's copy of `pa`, as "SSIM".
  std::string states(uint32_t pa) const {
    std::string s;
    for (const auto& c : l1) s += mesi_name(c->state(pa));
    return s;
  }

  FakeLevel next;
  SnoopBus bus;
  std::vector<std::unique_ptr<Cache>> l1;
};

TEST(Coherence, ReadMissWithNoOtherCopyComesInExclusive) {
  Machine m(2);
  // The snoop (4 cycles) answers before the next level (20): the plain miss latency.
  EXPECT_EQ(m[0].access(0x104, false, 0), Ready(kNext + kHit));
  EXPECT_EQ(m.states(0x100), "EI");
  EXPECT_EQ(m.st(0).bus_reads, 1u);
  EXPECT_EQ(m.st(0).bus_transactions, 1u);
  EXPECT_EQ(m.st(0).bus_busy_cycles, 2u);
  EXPECT_EQ(m.st(0).bus_wait_cycles, 0u);
  ASSERT_EQ(m.next.requests.size(), 1u);
  EXPECT_EQ(m.next.requests[0].pa, 0x100u);
}

TEST(Coherence, SnoopSlowerThanTheNextLevelSetsTheMissLatency) {
  CoherenceConfig slow = kCoh;
  slow.snoop_latency = 30;
  Machine m(2, slow);
  EXPECT_EQ(m[0].access(0x100, false, 0), Ready(30 + kHit));
}

TEST(Coherence, SecondReaderMakesBothCopiesShared) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, false, 0));
  // Memory, not the other cache, supplies a clean line.
  EXPECT_EQ(m[1].access(0x104, false, 30), Ready(30 + kNext + kHit));
  EXPECT_EQ(m.states(0x100), "SS");
  EXPECT_EQ(m[0].access(0x108, false, 60), Ready(60 + kHit));  // read hits need no bus
  EXPECT_EQ(m[1].access(0x10c, false, 60), Ready(60 + kHit));
  EXPECT_EQ(m.st(0).bus_transactions + m.st(1).bus_transactions, 2u);
  EXPECT_EQ(m.next.reads(), 2u);
}

TEST(Coherence, WriteHitOnExclusiveIsSilent) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, false, 0));
  EXPECT_EQ(m[0].access(0x100, true, 30), Ready(30 + kHit));
  EXPECT_EQ(m.states(0x100), "MI");
  EXPECT_EQ(m.st(0).bus_transactions, 1u);
  EXPECT_EQ(m[0].access(0x104, true, 40), Ready(40 + kHit));  // M stays M
  EXPECT_EQ(m.st(0).bus_transactions, 1u);
}

TEST(Coherence, WriteHitOnSharedUpgradesAndInvalidatesTheOtherCopy) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, false, 0));
  ASSERT_TRUE(m[1].access(0x100, false, 30));
  EXPECT_EQ(m[0].access(0x100, true, 60), Ready(60 + kCoh.upgrade_latency + kHit));
  EXPECT_EQ(m.states(0x100), "MI");
  EXPECT_EQ(m.st(0).upgrades, 1u);
  EXPECT_EQ(m.st(0).invalidations_sent, 1u);
  EXPECT_EQ(m.st(1).invalidations_received, 1u);
  EXPECT_EQ(m[0].stats().hits, 1u);  // still a hit for the cache
  EXPECT_EQ(m.next.reads(), 2u);     // an upgrade moves no data
}

TEST(Coherence, ReadMissOnAModifiedLineIsAnIntervention) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, true, 0));  // M
  EXPECT_EQ(m[1].access(0x100, false, 100),
            Ready(100 + kCoh.snoop_latency + kCoh.intervention_latency + kHit));
  EXPECT_EQ(m.states(0x100), "SS");
  EXPECT_EQ(m.st(0).interventions, 1u);
  EXPECT_EQ(m.st(1).cache_to_cache, 1u);
  // The dirty line went to the next level (two clean copies now), which was not read.
  ASSERT_EQ(m.next.requests.size(), 2u);
  EXPECT_TRUE(m.next.requests[1].writeback);
  EXPECT_EQ(m.next.requests[1].pa, 0x100u);
  EXPECT_EQ(m.next.requests[1].now, 100u);
}

TEST(Coherence, WriteMissOnAModifiedLineMovesTheOwnership) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, true, 0));
  EXPECT_EQ(m[1].access(0x108, true, 30),
            Ready(30 + kCoh.snoop_latency + kCoh.intervention_latency + kHit));
  EXPECT_EQ(m.states(0x100), "IM");
  EXPECT_EQ(m.st(1).bus_read_exclusives, 1u);
  EXPECT_EQ(m.st(1).invalidations_sent, 1u);
  EXPECT_EQ(m.st(0).invalidations_received, 1u);
  EXPECT_EQ(m.st(0).interventions, 1u);
  EXPECT_EQ(m.next.requests.size(), 1u);  // the dirty data moved, memory saw nothing
  // The invalidated copy misses next time.
  EXPECT_EQ(m[0].access(0x100, false, 100),
            Ready(100 + kCoh.snoop_latency + kCoh.intervention_latency + kHit));
  EXPECT_EQ(m.states(0x100), "SS");
  EXPECT_EQ(m[0].stats().misses, 2u);
}

TEST(Coherence, InterventionWaitsForALineStillArriving) {
  Machine m(2);
  ASSERT_EQ(m[0].access(0x100, true, 0), Ready(kNext + kHit));  // M, its fill arrives at 20
  // The bus is held until 2; the owner's copy arrives at 20, then it is passed on.
  EXPECT_EQ(m[1].access(0x100, false, 1), Ready(kNext + kCoh.intervention_latency + kHit));
  EXPECT_EQ(m.st(1).bus_wait_cycles, 1u);
}

TEST(Coherence, PrefetchSnoopsLikeARead) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, true, 0));
  m[1].prefetch(0x100, 50);
  EXPECT_EQ(m.states(0x100), "SS");
  EXPECT_EQ(m.st(0).interventions, 1u);
  EXPECT_EQ(m.st(1).bus_reads, 1u);
  EXPECT_EQ(m[1].stats().prefetches, 1u);
}

TEST(Coherence, FourCachesWriteMissInvalidatesEverySharer) {
  Machine m(4);
  ASSERT_TRUE(m[0].access(0x100, false, 0));
  EXPECT_EQ(m.states(0x100), "EIII");
  ASSERT_TRUE(m[1].access(0x100, false, 30));
  ASSERT_TRUE(m[2].access(0x100, false, 60));
  EXPECT_EQ(m.states(0x100), "SSSI");
  EXPECT_EQ(m[3].access(0x100, true, 100), Ready(100 + kNext + kHit));  // clean: memory supplies
  EXPECT_EQ(m.states(0x100), "IIIM");
  EXPECT_EQ(m.st(3).invalidations_sent, 3u);
  for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(m.st(i).invalidations_received, 1u);
  // An upgrade from S among four invalidates the two other sharers.
  ASSERT_TRUE(m[0].access(0x200, false, 200));
  ASSERT_TRUE(m[1].access(0x200, false, 230));
  ASSERT_TRUE(m[2].access(0x200, false, 260));
  EXPECT_EQ(m[1].access(0x200, true, 300), Ready(300 + kCoh.upgrade_latency + kHit));
  EXPECT_EQ(m.states(0x200), "IMII");
  EXPECT_EQ(m.st(1).invalidations_sent, 2u);
}

TEST(Coherence, TheBusServesOneTransactionPerBusCycles) {
  Machine m(4);
  for (unsigned i = 0; i < 4; ++i)
    EXPECT_EQ(m[i].access(0x40 * i, false, 5), Ready(5 + 2 * i + kNext + kHit)) << "core " << i;
  uint64_t busy = 0;
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(m.st(i).bus_wait_cycles, 2 * i);
    EXPECT_EQ(m.next.requests[i].now, 5u);  // asked at the request's cycle: time goes forward
    busy += m.st(i).bus_busy_cycles;
  }
  EXPECT_EQ(busy, 8u);
  // A bus with no occupancy limit serialises nothing.
  CoherenceConfig free_bus = kCoh;
  free_bus.bus_cycles = 0;
  Machine f(4, free_bus);
  for (unsigned i = 0; i < 4; ++i)
    EXPECT_EQ(f[i].access(0x40 * i, false, 5), Ready(5 + kNext + kHit));
}

TEST(Coherence, UpgradesQueueForTheBus) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, false, 0));
  ASSERT_TRUE(m[1].access(0x100, false, 10));
  ASSERT_TRUE(m[0].access(0x180, false, 40));
  ASSERT_TRUE(m[1].access(0x180, false, 50));
  // Both write their Shared lines in cycle 100: the second upgrade starts at 102.
  EXPECT_EQ(m[0].access(0x100, true, 100), Ready(100 + kCoh.upgrade_latency + kHit));
  EXPECT_EQ(m[1].access(0x180, true, 100), Ready(102 + kCoh.upgrade_latency + kHit));
  EXPECT_EQ(m.states(0x100), "MI");
  EXPECT_EQ(m.states(0x180), "IM");
}

// Two cores writing different words of one line: every write after the first is a miss that
// takes the line from the other core. Padded onto two lines, the same writes hit.
TEST(Coherence, FalseSharingPingPongs) {
  constexpr int kRounds = 10;
  auto run = [](uint32_t a, uint32_t b, uint64_t& cost) {
    Machine m(2);
    cost = 0;
    uint64_t now = 0;
    for (int r = 0; r < kRounds; ++r) {
      for (unsigned core = 0; core < 2; ++core, now += 50) {
        const Ready ready = m[core].access(core ? b : a, true, now);
        EXPECT_TRUE(ready);
        cost += *ready - now;
      }
    }
    return std::vector<uint64_t>{m.st(0).invalidations_sent + m.st(1).invalidations_sent,
                                 m.st(0).interventions + m.st(1).interventions,
                                 m[0].stats().misses + m[1].stats().misses};
  };
  uint64_t shared_cost = 0, padded_cost = 0;
  const std::vector<uint64_t> shared = run(0x100, 0x104, shared_cost);
  const std::vector<uint64_t> padded = run(0x100, 0x120, padded_cost);
  EXPECT_EQ(shared, (std::vector<uint64_t>{2 * kRounds - 1, 2 * kRounds - 1, 2 * kRounds}));
  EXPECT_EQ(padded, (std::vector<uint64_t>{0, 0, 2}));
  const uint64_t intervention = kCoh.snoop_latency + kCoh.intervention_latency + kHit;
  EXPECT_EQ(shared_cost, (kNext + kHit) + (2 * kRounds - 1) * intervention);
  EXPECT_EQ(padded_cost, 2 * (kNext + kHit) + (2 * kRounds - 2) * kHit);
}

TEST(Coherence, EvictingAModifiedLineWritesItBackOverTheBus) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x000, true, 0));
  ASSERT_TRUE(m[0].access(0x080, false, 30));
  ASSERT_TRUE(m[0].access(0x100, false, 60));  // set 0 is full: evicts the Modified 0x000
  EXPECT_EQ(m.st(0).bus_writebacks, 1u);
  EXPECT_EQ(m.st(0).bus_transactions, 4u);
  const FakeLevel::Request& wb = m.next.requests.back();
  EXPECT_TRUE(wb.writeback);
  EXPECT_EQ(wb.pa, 0x000u);
  EXPECT_EQ(wb.now, 60u);
  EXPECT_EQ(m.st(0).bus_wait_cycles, 2u);  // behind the fill's own transaction
  EXPECT_EQ(m.states(0x000), "II");
}

TEST(Coherence, DmaWriteInvalidatesEveryCachedCopy) {
  Machine m(3);
  ASSERT_TRUE(m[0].access(0x100, false, 0));
  ASSERT_TRUE(m[1].access(0x100, false, 10));
  ASSERT_TRUE(m[2].access(0x140, true, 20));  // M, wholly covered: its bytes are all replaced
  ASSERT_TRUE(m[2].access(0x160, true, 30));  // M, only partly covered by the DMA below
  const size_t before = m.next.requests.size();
  m.bus.dma_write(0x100, 0x68, 200);  // 0x100..0x167: lines 0x100, 0x120, 0x140, 0x160 (part)
  EXPECT_EQ(m.states(0x100), "III");
  EXPECT_EQ(m.states(0x140), "III");
  EXPECT_EQ(m.states(0x160), "III");
  EXPECT_EQ(m.bus.dma_stats().invalidations, 4u);
  EXPECT_EQ(m.bus.dma_stats().interventions, 1u);
  EXPECT_EQ(m.st(2).invalidations_received, 2u);
  ASSERT_EQ(m.next.requests.size(), before + 1);  // the part of 0x160 the DMA did not write
  EXPECT_TRUE(m.next.requests.back().writeback);
  EXPECT_EQ(m.next.requests.back().pa, 0x160u);
  // The next access misses and sees the DMA's data from memory.
  EXPECT_EQ(m[0].access(0x100, false, 300), Ready(300 + kNext + kHit));
}

TEST(Coherence, DmaReadTakesTheModifiedData) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x200, true, 0));
  m.bus.dma_read(0x204, 4, 100);
  EXPECT_EQ(m.states(0x200), "EI");  // clean now, and still the only copy
  EXPECT_EQ(m.bus.dma_stats().interventions, 1u);
  EXPECT_EQ(m.st(0).interventions, 1u);
  EXPECT_TRUE(m.next.requests.back().writeback);
  m.bus.dma_read(0x200, 32, 110);  // a clean line has nothing to give
  EXPECT_EQ(m.bus.dma_stats().interventions, 1u);
  EXPECT_EQ(m.bus.dma_stats().reads, 2u);
  EXPECT_EQ(m[0].access(0x200, true, 120), Ready(120 + kHit));  // E to M, silently
  EXPECT_EQ(m.st(0).bus_transactions, 1u);
}

TEST(Coherence, AnAccessRefusedChangesNoCoherenceState) {
  Machine m(2, kCoh, l1d(/*mshrs=*/1));
  ASSERT_TRUE(m[0].access(0x000, false, 0));  // core 0's only MSHR is busy until 20
  ASSERT_TRUE(m[1].access(0x100, false, 0));  // core 1 holds 0x100 Exclusive
  EXPECT_EQ(m[0].access(0x100, true, 3), std::nullopt);
  EXPECT_EQ(m.states(0x100), "IE");
  EXPECT_EQ(m.st(0).bus_transactions, 1u);
  EXPECT_EQ(m.st(1).invalidations_received, 0u);
  EXPECT_EQ(m[0].stats().mshr_full, 1u);
  // A fill the next level refuses: nothing snooped, the bus not taken.
  m.next.refuse = true;
  EXPECT_EQ(m[0].access(0x100, false, 30), std::nullopt);
  EXPECT_EQ(m.states(0x100), "IE");
  EXPECT_EQ(m.st(0).bus_transactions, 1u);
  m.next.refuse = false;
  EXPECT_EQ(m[0].access(0x100, false, 30), Ready(30 + kNext + kHit));  // the bus was free
  EXPECT_EQ(m.states(0x100), "SS");
  EXPECT_EQ(m.st(0).bus_wait_cycles, 0u);
}

// Four cores and DMA hammering 16 lines at random (with the stream prefetcher on and only two
// MSHRs, so that fills overlap and accesses are refused): after every step each line has one
// writer or only readers (at most one copy in M or E, and then no other copy), and the bus never
// sends the next level a cycle earlier than one it already sent, despite its queue.
TEST(Coherence, RandomTrafficKeepsOneWriterOrManyReaders) {
  CacheConfig cfg = l1d(/*mshrs=*/2);
  cfg.prefetch_degree = 1;
  Machine m(4, kCoh, cfg);
  uint32_t x = 2024;
  uint64_t refused = 0;
  for (uint64_t now = 0; now < 5000; ++now) {
    x = x * 1664525u + 1013904223u;
    const uint32_t pa = 0x1000 + ((x >> 8) & 0x1fc);  // 16 lines of 32 bytes
    const unsigned op = (x >> 20) & 15;
    if (op == 15) {
      m.bus.dma_write(pa, 8 + ((x >> 4) & 63), now);
    } else if (op == 14) {
      m.bus.dma_read(pa, 32, now);
    } else {
      refused += !m[op & 3].access(pa, op & 4, now);
    }
    for (uint32_t line = 0x1000; line < 0x1200; line += 32) {
      const std::string s = m.states(line);
      const size_t owners =
          std::count(s.begin(), s.end(), 'M') + std::count(s.begin(), s.end(), 'E');
      const size_t copies = 4 - std::count(s.begin(), s.end(), 'I');
      ASSERT_LE(owners, 1u) << "line " << line << " at " << now << ": " << s;
      if (owners) {
        ASSERT_EQ(copies, 1u) << "line " << line << " at " << now << ": " << s;
      }
    }
  }
  uint64_t last = 0, interventions = 0, invalidations = 0, upgrades = 0;
  for (const FakeLevel::Request& r : m.next.requests) {
    EXPECT_GE(r.now, last);
    last = r.now;
  }
  for (unsigned i = 0; i < 4; ++i) {
    interventions += m.st(i).interventions;
    invalidations += m.st(i).invalidations_received;
    upgrades += m.st(i).upgrades;
  }
  // The traffic did go through every kind of transaction.
  EXPECT_GT(refused, 0u);
  EXPECT_GT(interventions, 0u);
  EXPECT_GT(invalidations, 0u);
  EXPECT_GT(upgrades, 0u);
  EXPECT_GT(m.bus.dma_stats().invalidations, 0u);
}

// A pseudo-random stream of reads, writes and prefetches on one cache over DRAM with a limited
// channel, hashed (ready cycles and stats). The figure was taken from the cache before coherence
// existed: a cache never attached must give exactly it. A lone attached cache with a free,
// instant bus must too (no other copy: every miss comes in E and every write is silent).
uint64_t stream_hash(bool attach) {
  Dram mem(40, 4.0, 32);
  CoherenceConfig instant{0, 0, 0, 0};
  SnoopBus bus(instant, mem);
  Cache c({"l1d", 1024, 2, 32, 2, 3, true, 1}, mem);
  if (attach) c.attach_coherence(bus, 0);
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  auto mix = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  uint32_t x = 777;
  for (uint64_t now = 0; now < 20000; ++now) {
    x = x * 1664525u + 1013904223u;
    const uint32_t pa = (x >> 8) & 0x3ffc;
    if ((x & 7) == 7) {
      c.prefetch(pa, now);
      continue;
    }
    const Ready r = c.access(pa, (x >> 4) & 1, now);
    mix(r ? *r : ~0ull);
  }
  const CacheStats& s = c.stats();
  for (uint64_t v : {s.accesses, s.hits, s.misses, s.mshr_hits, s.writebacks, s.mshr_full,
                     s.prefetches, s.prefetch_hits})
    mix(v);
  return h;
}

TEST(Coherence, AnUnattachedCacheIsUnchanged) {
  EXPECT_EQ(stream_hash(false), 0x7f5474b931fac8b4u);
  EXPECT_EQ(stream_hash(true), 0x7f5474b931fac8b4u);
  FakeLevel next(kNext);
  Cache c(l1d(), next);
  ASSERT_TRUE(c.access(0x100, false, 0));
  EXPECT_EQ(c.state(0x100), Mesi::E);
  ASSERT_TRUE(c.access(0x100, true, 30));
  EXPECT_EQ(c.state(0x100), Mesi::M);
  EXPECT_EQ(c.state(0x200), Mesi::I);
}

TEST(Coherence, AttachingChecksTheCacheAndTheBus) {
  FakeLevel next(kNext), other(kNext);
  SnoopBus bus(kCoh, next);
  auto error_of = [&](Cache& c, unsigned core) -> std::string {
    try {
      c.attach_coherence(bus, core);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "";
  };
  Cache through({"l1d", 256, 2, 32, kHit, 4, false}, next);
  EXPECT_NE(error_of(through, 0).find("write-through"), std::string::npos);
  Cache elsewhere(l1d(), other);
  EXPECT_NE(error_of(elsewhere, 0).find("another level"), std::string::npos);
  Cache a(l1d(), next), b(l1d(), next);
  EXPECT_EQ(error_of(a, 0), "");
  EXPECT_NE(error_of(a, 1).find("already attached"), std::string::npos);
  EXPECT_NE(error_of(b, 0).find("core 0 is attached already"), std::string::npos);
  Cache wide({"l1d", 512, 2, 64, kHit, 4, true}, next);
  EXPECT_NE(error_of(wide, 2).find("line_bytes 64 differs"), std::string::npos);
  EXPECT_THROW(bus.stats(7), std::out_of_range);
}

TEST(Coherence, CountersAndReportCoverARegion) {
  Machine m(2);
  ASSERT_TRUE(m[0].access(0x100, false, 0));
  ASSERT_TRUE(m[1].access(0x100, false, 30));
  CounterSet begin;
  m.bus.counters(begin);
  ASSERT_TRUE(m[0].access(0x100, true, 60));   // upgrade
  ASSERT_TRUE(m[1].access(0x100, false, 100));  // intervention
  m.bus.dma_write(0x100, 32, 200);
  CounterSet end;
  m.bus.counters(end);
  EXPECT_EQ(end.count("coherence.core0.upgrades"), 1u);
  EXPECT_EQ(end.count("coherence.core1.bus_reads"), 2u);
  EXPECT_EQ(end.count("coherence.dma.invalidations"), 2u);
  const nlohmann::json region = m.bus.report(end - begin);
  EXPECT_EQ(region["protocol"], "MESI");
  EXPECT_EQ(region["upgrade_latency"], kCoh.upgrade_latency);
  ASSERT_EQ(region["cores"].size(), 2u);
  EXPECT_EQ(region["cores"][0]["core"], 0);
  EXPECT_EQ(region["cores"][0]["upgrades"], 1);
  EXPECT_EQ(region["cores"][0]["interventions"], 1);
  EXPECT_EQ(region["cores"][1]["bus_reads"], 1);  // the one before the region is not in it
  EXPECT_EQ(region["cores"][1]["invalidations_received"], 2);  // the upgrade's and the DMA's
  EXPECT_EQ(region["total"]["bus_transactions"], 2);
  EXPECT_EQ(region["dma"]["writes"], 1);
  EXPECT_EQ(m.bus.stats_json()["total"]["bus_transactions"], 4);
}

}  // namespace
}  // namespace kasane

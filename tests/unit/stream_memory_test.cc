// Unit tests of the memory model's bandwidth side: the DRAM channel's bandwidth limit (transfers
// queue in arrival order, write-backs take their turn), the flat memory's ports (an access holds
// one for the whole latency) and the caches' stream prefetcher (it runs
// ahead of a sequential stream, stops at the page and is dropped when no MSHR is free), and the
// software PREF, which instead waits for an MSHR.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/mem_level.h"

namespace kasane {
namespace {

TEST(Dram, UnlimitedBandwidthOverlapsEveryAccess) {
  Dram d(100);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(d.access(64u * i, false, 5), std::optional<uint64_t>(105));
  EXPECT_EQ(d.stats().queued_cycles, 0u);
}

TEST(Dram, LimitedBandwidthQueuesTransfersInArrivalOrder) {
  Dram d(100, 4.0, 64);  // a 64-byte line holds the channel 16 cycles
  EXPECT_EQ(d.access(0, false, 0), std::optional<uint64_t>(100));
  EXPECT_EQ(d.access(64, false, 0), std::optional<uint64_t>(116));
  EXPECT_EQ(d.access(128, false, 0), std::optional<uint64_t>(132));
  EXPECT_EQ(d.stats().queued_cycles, 16u + 32u);
  // Once the channel has drained, an access pays the latency alone.
  EXPECT_EQ(d.access(192, false, 1000), std::optional<uint64_t>(1100));
}

TEST(Dram, PortsServeThatManyAccessesAtOnceEachForTheWholeLatency) {
  Dram d(18, 0, 0, 2);
  EXPECT_EQ(d.access(0, false, 0), std::optional<uint64_t>(18));
  EXPECT_EQ(d.access(4, true, 0), std::optional<uint64_t>(18));
  // Both ports are busy until cycle 18: the third access starts then, the fourth too (the other
  // port), the fifth when the first of those ends.
  EXPECT_EQ(d.access(8, false, 1), std::optional<uint64_t>(36));
  EXPECT_EQ(d.access(12, false, 5), std::optional<uint64_t>(36));
  EXPECT_EQ(d.access(16, false, 6), std::optional<uint64_t>(54));
  EXPECT_EQ(d.stats().queued_cycles, 17u + 13u + 30u);
  // Once the ports have drained, an access pays the latency alone.
  EXPECT_EQ(d.access(20, false, 100), std::optional<uint64_t>(118));
}

TEST(Dram, NoPortsMeansNoLimit) {
  Dram d(18, 0, 0, 0);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(d.access(4u * i, false, 3), std::optional<uint64_t>(21));
  EXPECT_EQ(d.stats().queued_cycles, 0u);
}

TEST(Dram, WritebackTakesAPort) {
  Dram d(18, 0, 0, 1);
  d.writeback(0, 0);
  EXPECT_EQ(d.access(64, false, 0), std::optional<uint64_t>(36));
}

TEST(Dram, WritebackTakesTheChannelAndDelaysTheNextRead) {
  Dram d(100, 4.0, 64);
  d.writeback(0, 0);
  EXPECT_EQ(d.access(64, false, 0), std::optional<uint64_t>(116));
  EXPECT_EQ(d.stats().writes, 1u);
  EXPECT_EQ(d.stats().reads, 1u);
}

TEST(Dram, FractionalOccupancyDoesNotDrift) {
  Dram d(10, 3.0, 64);  // 21.33 cycles per line: 3 lines take 64 cycles, not 63 or 66
  for (int i = 0; i < 3; ++i) d.access(64u * i, false, 0);
  EXPECT_EQ(d.access(192, false, 0), std::optional<uint64_t>(64 + 10));
}

// 4 KiB of 32-byte lines, 8 ways: no set conflicts among the few lines used here.
CacheConfig streaming(uint32_t degree, uint32_t mshrs = 8) {
  CacheConfig c{"l1d", 4096, 8, 32, 2, mshrs, true};
  c.prefetch_degree = degree;
  return c;
}

TEST(StreamPrefetcher, AMissPrefetchesTheNextLines) {
  Dram mem(100);
  Cache c(streaming(3), mem);
  c.access(0x1000, false, 0);
  EXPECT_EQ(c.stats().prefetches, 3u);
  // The next line was prefetched at cycle 0: it arrives with the demand miss, not 100 cycles later.
  EXPECT_EQ(c.access(0x1020, false, 1), std::optional<uint64_t>(100 + 2));
  EXPECT_EQ(c.stats().prefetch_hits, 1u);
}

TEST(StreamPrefetcher, TheFirstUseOfAPrefetchedLineKeepsTheStreamAhead) {
  Dram mem(100);
  Cache c(streaming(2), mem);
  c.access(0x1000, false, 0);              // miss: lines +1, +2 prefetched
  c.access(0x1020, false, 200);            // first use of +1: line +3 prefetched
  EXPECT_EQ(c.stats().prefetches, 3u);
  EXPECT_EQ(c.access(0x1060, false, 400), std::optional<uint64_t>(400 + 2));  // +3 is a hit
}

TEST(StreamPrefetcher, StopsAtThePageBoundary) {
  Dram mem(100);
  Cache c(streaming(4), mem);
  c.access(0x1fc0, false, 0);  // two lines before the end of the page
  EXPECT_EQ(c.stats().prefetches, 1u);
  EXPECT_EQ(mem.stats().reads, 2u);
}

TEST(StreamPrefetcher, IsDroppedWhenNoMshrIsFree) {
  Dram mem(100);
  Cache c(streaming(8, 3), mem);
  c.access(0x1000, false, 0);  // one MSHR for the miss, two for prefetches, the rest dropped
  EXPECT_EQ(c.stats().prefetches, 2u);
  EXPECT_EQ(c.access(0x1800, false, 1), std::nullopt);  // a demand miss now waits for an MSHR
}

TEST(SoftwarePrefetch, WaitsForAnMshrInsteadOfBeingDropped) {
  Dram mem(100);
  Cache c(streaming(0, 1), mem);
  EXPECT_TRUE(c.prefetch_or_wait(0x1000, 0));
  EXPECT_FALSE(c.prefetch_or_wait(0x1800, 1));  // the only MSHR is busy: retry later
  EXPECT_TRUE(c.prefetch_or_wait(0x1004, 2));   // its line is arriving: nothing to wait for
  EXPECT_TRUE(c.prefetch_or_wait(0x1800, 100)); // the fill is done: the MSHR is free again
  EXPECT_EQ(c.stats().prefetches, 2u);
}

TEST(StreamPrefetcher, DegreeZeroPrefetchesNothing) {
  Dram mem(100);
  Cache c(streaming(0), mem);
  for (uint32_t a = 0x1000; a < 0x1100; a += 32) c.access(a, false, 1000u * a);
  EXPECT_EQ(c.stats().prefetches, 0u);
  EXPECT_EQ(c.stats().misses, 8u);
}

}  // namespace
}  // namespace kasane

// Tests of the memory stage: a load's result is ready (a dependent instruction executes) after the
// data cache's answer, a hit's or a miss's; a load the cache refuses (every MSHR busy) does not
// issue until it is accepted, and those cycles go to the "memory" slice of the CPI stack. The data
// cache is a real Cache over a FakeMem, or a FakeMem directly.
#include <gtest/gtest.h>

#include "mem/cache.h"
#include "pipeline_fakes.h"

namespace kasane::test {
namespace {

constexpr uint32_t kNext = 20;  // latency of the level under the L1
constexpr uint32_t kHit = 2;    // the L1's hit latency
constexpr uint32_t kBase = 0x80010000u;  // $a0: the data the loads read (pa 0x10000)

// 1 KiB, 2 ways, 32-byte lines.
CacheConfig l1d(uint32_t mshrs = 4) { return {"l1d", 1024, 2, kLineBytes, kHit, mshrs, true}; }

// Context 0 runs `words` from kCode0 with $a0 = kBase and stops after the last one.
void load(Rig& rig, const std::vector<uint32_t>& words) {
  rig.core.place(kCode0, words);
  rig.core.gpr(0, r::a0) = kBase;
  rig.core.start(0, kCode0);
  rig.core.halt_after(kCode0 + 4 * static_cast<uint32_t>(words.size() - 1));
}

// A load that misses, its consumer, a load of the same line (now a hit), its consumer.
const std::vector<uint32_t> kMissThenHit = {
    enc::lw(r::t0, 0, r::a0), enc::addu(r::t1, r::t0, r::t0),
    enc::lw(r::t2, 4, r::a0), enc::addu(r::t3, r::t2, r::t2)};

TEST(PipelineMemory, L1MissReturnsAfterTheMissPath) {
  FakeMem below(kNext);
  Cache cache(l1d(), below);
  Rig rig(1, base_config(), &cache);
  load(rig, kMissThenHit);
  ASSERT_TRUE(rig.drain());
  const int64_t lw = rig.core.cycle_of(0, kCode0);
  ASSERT_GE(lw, 0);
  // The miss path: the next level's latency, then the L1 lookup again as the fill arrives.
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4) - lw, kNext + kHit);
  EXPECT_EQ(cache.stats().misses, 1u);
  ASSERT_EQ(below.accesses.size(), 1u);
  EXPECT_EQ(below.accesses[0].pa, kBase & 0x1fffffe0u);
  EXPECT_EQ(below.accesses[0].now, static_cast<uint64_t>(lw));
}

TEST(PipelineMemory, L1HitReturnsAfterTheHitLatency) {
  FakeMem below(kNext);
  Cache cache(l1d(), below);
  Rig rig(1, base_config(), &cache);
  load(rig, kMissThenHit);
  ASSERT_TRUE(rig.drain());
  const int64_t lw = rig.core.cycle_of(0, kCode0 + 8);
  ASSERT_GE(lw, 0);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 12) - lw, kHit);
  EXPECT_EQ(cache.stats().hits, 1u);
}

TEST(PipelineMemory, IndependentInstructionsDoNotWaitForALoad) {
  FakeMem below(kNext);
  Cache cache(l1d(), below);
  Rig rig(1, base_config(), &cache);
  load(rig, {enc::lw(r::t0, 0, r::a0), enc::addiu(r::t1, r::a1, 1)});
  ASSERT_TRUE(rig.drain());
  // The ALU instruction issues alongside the load (another unit), not after its miss.
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4), rig.core.cycle_of(0, kCode0));
}

// The same one-load program over a FakeMem of latency 5 that refuses its first `refusals`
// accesses; returns the rig after it ran to the end.
struct RefusingRun {
  explicit RefusingRun(unsigned refusals) : mem(5), rig(1, base_config(), &mem) {
    mem.refuse_next = refusals;
    load(rig, {enc::lw(r::t0, 0, r::a0), enc::addu(r::t1, r::t0, r::t0)});
    EXPECT_TRUE(rig.drain());
  }
  FakeMem mem;
  Rig rig;
};

TEST(PipelineMemory, FullMshrFileStallsTheLoad) {
  constexpr unsigned kRefusals = 3;
  RefusingRun accepted(0), refused(kRefusals);
  ASSERT_EQ(refused.mem.refused, kRefusals);  // one retry per cycle
  const int64_t first_try = accepted.rig.core.cycle_of(0, kCode0);
  ASSERT_GE(first_try, 0);
  EXPECT_EQ(refused.rig.core.cycle_of(0, kCode0), first_try + kRefusals);
  // The load executes once, when the access is accepted.
  EXPECT_EQ(refused.rig.core.executions(0), 2u);
  // Each refused cycle is a memory cycle, and nothing else changes.
  EXPECT_EQ(refused.rig.cpi(0, CpiCat::kMemory), accepted.rig.cpi(0, CpiCat::kMemory) + kRefusals);
  for (CpiCat cat : {CpiCat::kBase, CpiCat::kFetch, CpiCat::kDependence, CpiCat::kUnit})
    EXPECT_EQ(refused.rig.cpi(0, cat), accepted.rig.cpi(0, cat)) << cpi_cat_name(cat);
}

TEST(PipelineMemory, SecondMissWaitsForTheOnlyMshr) {
  FakeMem below(kNext);
  Cache cache(l1d(/*mshrs=*/1), below);
  Rig rig(1, base_config(), &cache);
  // Two independent loads of different lines: the second misses while the first one's fill is
  // still in the only MSHR, and is accepted when that fill completes.
  load(rig, {enc::lw(r::t0, 0, r::a0), enc::lw(r::t1, 0x100, r::a0)});
  ASSERT_TRUE(rig.drain());
  const int64_t first = rig.core.cycle_of(0, kCode0);
  ASSERT_GE(first, 0);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4), first + kNext);
  EXPECT_EQ(cache.stats().mshr_full, kNext - 1);  // refused every cycle in between
  EXPECT_EQ(cache.stats().misses, 2u);
}

TEST(PipelineMemory, ICacheMissDelaysFetchUntilTheLineArrives) {
  // An L1i with a 1-cycle hit over a 20-cycle level: the first fetch (cycle 0) misses and its
  // answer comes at kNext + 1 instead of 1 (an ideal i-cache answers the next cycle). Fetch
  // itself takes a cycle, so the instructions are fetched in the cycle before the answer: kNext
  // cycles later than with the ideal i-cache. The rest of the line follows without a stall.
  FakeMem below(kNext);
  Cache l1i({"l1i", 1024, 2, kLineBytes, 1, 4, true}, below);
  Rig ideal(1), missing(1, base_config(), nullptr, &l1i);
  for (Rig* rig : {&ideal, &missing})
    load(*rig, {enc::addiu(r::t0, r::t0, 1), enc::addiu(r::t1, r::t1, 1),
                enc::addiu(r::t2, r::t2, 1), enc::addiu(r::t3, r::t3, 1),
                enc::addiu(r::t4, r::t4, 1), enc::addiu(r::t5, r::t5, 1)});
  ASSERT_TRUE(ideal.drain());
  ASSERT_TRUE(missing.drain());
  EXPECT_EQ(missing.core.cycle_of(0, kCode0), ideal.core.cycle_of(0, kCode0) + kNext);
  EXPECT_EQ(missing.core.cycle_of(0, kCode0 + 20), ideal.core.cycle_of(0, kCode0 + 20) + kNext);
  ASSERT_GE(below.accesses.size(), 1u);
  EXPECT_EQ(below.accesses[0].pa, kCode0 & 0x1fffffffu);
  EXPECT_EQ(below.accesses[0].now, 0u);
}

}  // namespace
}  // namespace kasane::test

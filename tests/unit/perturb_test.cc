// Seeded perturbation (sim.perturb_seed): the PRNG's stream is a function of the seed alone, the
// extra cycles stay within 0..max, they land on main memory in the flat model and on the L2 and
// DRAM in the cached one (never on an L1 hit), and seed 0 leaves every latency as configured.
#include "mem/perturb.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "mem/hierarchy.h"

namespace kasane {
namespace {

std::vector<uint32_t> draws(uint64_t seed, uint32_t max, int n) {
  Perturbation p(seed, max);
  std::vector<uint32_t> v;
  for (int i = 0; i < n; ++i) v.push_back(p.next());
  return v;
}

TEST(Perturbation, SameSeedSameStreamOtherSeedOtherStream) {
  EXPECT_EQ(draws(1, 4, 200), draws(1, 4, 200));
  EXPECT_NE(draws(1, 4, 200), draws(2, 4, 200));
  for (uint32_t v : draws(12345, 4, 1000)) EXPECT_LE(v, 4u);
  // Every value of 0..max comes up.
  std::vector<int> seen(5);
  for (uint32_t v : draws(7, 4, 1000)) ++seen[v];
  for (int k : seen) EXPECT_GT(k, 100);
}

TEST(Perturbation, SplitMix64MatchesItsReferenceOutput) {
  // The first outputs for seed 1234567 of the reference implementation (Vigna's splitmix64.c).
  uint64_t state = 1234567;
  EXPECT_EQ(splitmix64(state), 6457827717110365317ull);
  EXPECT_EQ(splitmix64(state), 3203168211198807973ull);
}

HierarchyConfig flat(uint64_t seed) {
  HierarchyConfig c;
  c.model = "flat";
  c.memory_latency = 18;
  c.perturb_seed = seed;
  c.perturb_max = 4;
  return c;
}

TEST(Perturbation, FlatMemoryAccessesTakeZeroToMaxExtraCycles) {
  MemoryHierarchy h(flat(99));
  std::vector<uint64_t> extra;
  for (uint64_t now = 0; now < 500; ++now) {
    const uint64_t ready = *(now % 2 ? h.data() : h.inst()).access(0x1000, false, now);
    ASSERT_GE(ready, now + 18);
    ASSERT_LE(ready, now + 18 + 4);
    extra.push_back(ready - now - 18);
  }
  EXPECT_NE(*std::min_element(extra.begin(), extra.end()),
            *std::max_element(extra.begin(), extra.end()));
}

TEST(Perturbation, SeedZeroLeavesEveryLatencyAsConfigured) {
  MemoryHierarchy h(flat(0));
  for (uint64_t now = 0; now < 100; ++now)
    EXPECT_EQ(h.data().access(0x40, now % 3 == 0, now), std::optional<uint64_t>(now + 18));
}

TEST(Perturbation, CachedModelPerturbsL2AndDramButNotL1Hits) {
  HierarchyConfig c;
  c.model = "cached";
  c.l1i = {"l1i", 1024, 2, 32, 1, 2, false};
  c.l1d = {"l1d", 1024, 2, 32, 2, 4, true};
  c.l2_enabled = true;
  c.l2 = {"l2", 8192, 4, 64, 8, 8, true};
  c.dram_latency = 100;
  c.perturb_seed = 5;
  c.perturb_max = 4;
  MemoryHierarchy h(c);
  // L1 miss -> L2 (perturbed) miss -> DRAM (perturbed): 0..8 extra cycles.
  const uint64_t miss = *h.data().access(0x1000, false, 0);
  EXPECT_GE(miss, 100u + 8 + 2);
  EXPECT_LE(miss, 100u + 8 + 2 + 8);
  // An L1 hit takes its hit latency exactly, every time.
  for (uint64_t now = 1000; now < 1100; ++now)
    EXPECT_EQ(h.data().access(0x1004, false, now), std::optional<uint64_t>(now + 2));
  // An L2 hit: 0..4 extra.
  const uint64_t l2_hit = *h.data().access(0x1020, false, 2000);
  EXPECT_GE(l2_hit, 2000u + 8 + 2);
  EXPECT_LE(l2_hit, 2000u + 8 + 2 + 4);
}

}  // namespace
}  // namespace kasane

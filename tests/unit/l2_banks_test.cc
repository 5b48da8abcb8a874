// Unit tests of the L2 banks' timing (mem/banks.h) over a fake L2 of fixed latency: accesses to
// one bank serialise, to two banks overlap, write-backs hold a bank, refusals take none; then a
// whole hierarchy, which reports its banks only when they are configured.
#include "mem/banks.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <stdexcept>

#include "mem/hierarchy.h"
#include "stats/counter_set.h"

namespace kasane {
namespace {

constexpr uint32_t kLine = 64;
constexpr uint32_t kLatency = 10;

// The L2 under the banks: answers every access kLatency cycles after the cycle it is asked at,
// or refuses every one while `refuse` is set; counts what it was asked.
class FakeL2 : public MemLevel {
 public:
  std::optional<uint64_t> access(uint32_t, bool, uint64_t now) override {
    if (refuse) return std::nullopt;
    ++accesses;
    last_now = now;
    return now + kLatency;
  }
  void prefetch(uint32_t, uint64_t) override {}
  void writeback(uint32_t, uint64_t now) override {
    ++writebacks;
    last_now = now;
  }
  bool refuse = false;
  unsigned accesses = 0, writebacks = 0;
  uint64_t last_now = 0;
};

// Line n of bank b, with `banks` banks.
uint32_t line_in_bank(uint32_t n, uint32_t b, uint32_t banks) { return (n * banks + b) * kLine; }

TEST(L2Banks, TwoAccessesToOneBankSerialise) {
  FakeL2 l2;
  L2Banks banks(l2, {2, 4}, kLine);
  EXPECT_EQ(banks.access(line_in_bank(0, 0, 2), false, 100), 100u + kLatency);
  // Another line of bank 0 in the same cycle waits the 4 cycles the first holds the bank.
  EXPECT_EQ(banks.access(line_in_bank(1, 0, 2), false, 100), 104u + kLatency);
  // A third queues behind both.
  EXPECT_EQ(banks.access(line_in_bank(2, 0, 2), true, 101), 108u + kLatency);
  EXPECT_EQ(banks.stats(0).accesses, 3u);
  EXPECT_EQ(banks.stats(0).conflicts, 2u);
  EXPECT_EQ(banks.stats(0).wait_cycles, 4u + 7u);
  EXPECT_EQ(banks.stats(1).accesses, 0u);
  // The L2 is asked at the request's cycle (time never goes backwards below), not the bank's.
  EXPECT_EQ(l2.last_now, 101u);
}

TEST(L2Banks, AccessesToTwoBanksOverlap) {
  FakeL2 l2;
  L2Banks banks(l2, {2, 4}, kLine);
  EXPECT_EQ(banks.access(line_in_bank(0, 0, 2), false, 100), 100u + kLatency);
  EXPECT_EQ(banks.access(line_in_bank(0, 1, 2), false, 100), 100u + kLatency);
  EXPECT_EQ(banks.stats(0).conflicts + banks.stats(1).conflicts, 0u);
  // Once the bank's busy cycles are over, the next access to it does not wait.
  EXPECT_EQ(banks.access(line_in_bank(3, 0, 2), false, 104), 104u + kLatency);
  EXPECT_EQ(banks.stats(0).conflicts, 0u);
}

TEST(L2Banks, LinesAreInterleavedOverTheBanks) {
  FakeL2 l2;
  L2Banks banks(l2, {4, 1}, kLine);
  for (uint32_t n = 0; n < 8; ++n) EXPECT_EQ(banks.bank_of(n * kLine + 5), n % 4);
}

TEST(L2Banks, OneBankWithoutBusyCyclesNeverWaits) {
  FakeL2 l2;
  L2Banks banks(l2, {1, 0}, kLine);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(banks.access(0, false, 100), 100u + kLatency);
  EXPECT_EQ(banks.stats(0).conflicts, 0u);
}

TEST(L2Banks, AWritebackHoldsItsBank) {
  FakeL2 l2;
  L2Banks banks(l2, {2, 5}, kLine);
  banks.writeback(line_in_bank(0, 1, 2), 100);
  EXPECT_EQ(l2.writebacks, 1u);
  EXPECT_EQ(banks.access(line_in_bank(1, 1, 2), false, 100), 105u + kLatency);
  EXPECT_EQ(banks.stats(1).conflicts, 1u);
}

TEST(L2Banks, ARefusedAccessTakesNoBank) {
  FakeL2 l2;
  L2Banks banks(l2, {2, 4}, kLine);
  l2.refuse = true;
  EXPECT_EQ(banks.access(0, false, 100), std::nullopt);
  l2.refuse = false;
  EXPECT_EQ(banks.access(0, false, 100), 100u + kLatency);
  EXPECT_EQ(banks.stats(0).accesses, 1u);
  EXPECT_EQ(banks.stats(0).conflicts, 0u);
}

TEST(L2Banks, BankCountsOtherThanPowersOfTwoUpToSixteenAreRefused) {
  FakeL2 l2;
  for (uint32_t n : {0u, 3u, 6u, 32u})
    EXPECT_THROW(L2Banks(l2, {n, 1}, kLine), std::invalid_argument) << n;
  for (uint32_t n : {1u, 2u, 4u, 8u, 16u}) EXPECT_NO_THROW(L2Banks(l2, {n, 1}, kLine)) << n;
}

TEST(L2Banks, ReportAddsUpTheBanks) {
  FakeL2 l2;
  L2Banks banks(l2, {2, 3}, kLine);
  banks.access(line_in_bank(0, 0, 2), false, 10);
  banks.access(line_in_bank(1, 0, 2), false, 10);
  banks.access(line_in_bank(0, 1, 2), false, 10);
  CounterSet c;
  banks.counters(c);
  const nlohmann::json j = banks.report(c);
  EXPECT_EQ(j["banks"], 2);
  EXPECT_EQ(j["bank_busy"], 3);
  EXPECT_EQ(j["conflicts"], 1);
  EXPECT_EQ(j["wait_cycles"], 3);
  ASSERT_EQ(j["per_bank"].size(), 2u);
  EXPECT_EQ(j["per_bank"][0]["accesses"], 2);
  EXPECT_EQ(j["per_bank"][1]["accesses"], 1);
}

HierarchyConfig cached(L2BankConfig banks) {
  HierarchyConfig h;
  h.model = "cached";
  h.l1i = {"l1i", 1024, 2, 32, 1, 4, true, 0};
  h.l1d = {"l1d", 1024, 2, 32, 2, 4, true, 0};
  h.l2_enabled = true;
  h.l2 = {"l2", 8192, 4, 64, kLatency, 8, true, 0};
  h.l2_banks = banks;
  h.dram_latency = 100;
  return h;
}

TEST(L2Banks, AHierarchyReportsItsBanksOnlyWhenTheyAreConfigured) {
  MemoryHierarchy plain(cached({1, 0}));
  EXPECT_FALSE(plain.stats_json(1).contains("l2_banks"));
  MemoryHierarchy banked(cached({2, 4}));
  // Two L1D misses in one cycle to two lines of one L2 line: the second waits for its bank.
  const uint64_t first = *banked.data().access(0x1000, false, 0);
  const uint64_t second = *banked.inst().access(0x1020, false, 0);
  EXPECT_EQ(second, first + 4 - 2 + 1);  // the bank's 4 cycles; l1i hits in 1, l1d in 2
  const nlohmann::json j = banked.stats_json(1);
  ASSERT_TRUE(j.contains("l2_banks"));
  EXPECT_EQ(j["l2_banks"]["conflicts"], 1);
}

}  // namespace
}  // namespace kasane

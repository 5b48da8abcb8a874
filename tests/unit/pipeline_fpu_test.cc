// Tests of the pipeline's FPU timing with mock neighbours (pipeline_fakes.h): a consumer waits
// exactly its FP producer's latency (add, multiply, divide, square root), the non-pipelined
// divider blocks a second divide, a branch or move on a condition code waits for the compare,
// FP loads go through the memory stage (indexed ones at base + index), FPU and integer units
// work side by side, and the CPI stack and unit statistics count the FPU.
#include <gtest/gtest.h>

#include <cstdint>

#include "fpu_test_util.h"
#include "pipeline_fakes.h"

namespace kasane::test {
namespace {

using enc::fp::D;
using enc::fp::S;
namespace fp = enc::fp;

void load(Rig& rig, const std::vector<uint32_t>& words) {
  rig.core.place(kCode0, words);
  rig.core.start(0, kCode0);
  rig.core.halt_after(kCode0 + 4 * static_cast<uint32_t>(words.size() - 1));
}

// Cycles from the first instruction's issue to the second's, for a two-instruction program.
int64_t gap(const std::vector<uint32_t>& pair, const PipelineConfig& cfg = base_config()) {
  Rig rig(1, cfg);
  load(rig, pair);
  EXPECT_TRUE(rig.drain());
  const int64_t a = rig.core.cycle_of(0, kCode0), b = rig.core.cycle_of(0, kCode0 + 4);
  EXPECT_GE(a, 0);
  EXPECT_GE(b, 0);
  return b - a;
}

TEST(PipelineFpu, DefaultLatenciesAreThe24Kf) {
  const FuConfig fu = base_config().fu;
  EXPECT_EQ(fu.fpadd.latency, 4u);
  EXPECT_EQ(fu.fpmul.latency, 5u);
  EXPECT_EQ(fu.fpdiv.latency, 32u);
  EXPECT_EQ(fu.fp_sqrt_latency, 32u);
  EXPECT_TRUE(fu.fpadd.pipelined);
  EXPECT_TRUE(fu.fpmul.pipelined);
  EXPECT_FALSE(fu.fpdiv.pipelined);
}

TEST(PipelineFpu, ConsumerWaitsItsProducersLatency) {
  PipelineConfig cfg = base_config();
  cfg.fu.fpadd.latency = 3;
  cfg.fu.fpmul.latency = 6;
  cfg.fu.fpdiv.latency = 20;
  cfg.fu.fp_sqrt_latency = 25;
  EXPECT_EQ(gap({fp::add(D, 0, 2, 4), fp::add(D, 6, 0, 0)}, cfg), 3);
  EXPECT_EQ(gap({fp::mul(S, 0, 2, 4), fp::add(S, 6, 0, 0)}, cfg), 6);
  EXPECT_EQ(gap({fp::madd_kind(4, D, 0, 2, 4, 6), fp::sub(D, 8, 10, 0)}, cfg), 6);
  EXPECT_EQ(gap({fp::div(D, 0, 2, 4), fp::add(D, 6, 0, 0)}, cfg), 20);
  EXPECT_EQ(gap({fp::sqrt(D, 0, 2), fp::add(D, 6, 0, 0)}, cfg), 25);
  EXPECT_EQ(gap({fp::recip(S, 0, 2), fp::add(S, 6, 0, 0)}, cfg), 20);
  EXPECT_EQ(gap({fp::rsqrt(S, 0, 2), fp::add(S, 6, 0, 0)}, cfg), 25);
  // The result reaches the integer side through MFC1, which waits like any consumer.
  EXPECT_EQ(gap({fp::cvt_w(D, 0, 2), fp::mfc1(r::t0, 0)}, cfg), 3);
  // Independent: the next cycle (pipelined adder).
  EXPECT_EQ(gap({fp::add(D, 0, 2, 4), fp::add(D, 6, 8, 8)}, cfg), 1);
}

TEST(PipelineFpu, DoublesDependOnTheWholePair) {
  // A write to $f1 (the high half of the pair $f0/$f1) delays a reader of $f0.
  PipelineConfig cfg = base_config();
  EXPECT_EQ(gap({fp::mtc1(r::t0, 1), fp::add(D, 6, 0, 0)}, cfg), cfg.fu.fpadd.latency);
  EXPECT_EQ(gap({fp::mthc1(r::t0, 0), fp::mfc1(r::t1, 1)}, cfg), cfg.fu.fpadd.latency);
}

TEST(PipelineFpu, DividerBlocksASecondDivide) {
  PipelineConfig cfg = base_config();
  const std::vector<uint32_t> divs = {fp::div(D, 0, 2, 4), fp::sqrt(D, 6, 8)};
  EXPECT_EQ(gap(divs, cfg), static_cast<int64_t>(cfg.fu.fpdiv.latency));
  cfg.fu.fpdiv.pipelined = true;
  EXPECT_EQ(gap(divs, cfg), 1);
  cfg.fu.fpdiv.pipelined = false;
  cfg.fu.fpdiv.count = 2;
  EXPECT_EQ(gap(divs, cfg), 0) << "a second divider takes the second operation at once";
}

TEST(PipelineFpu, ConditionCodeConsumersWaitForTheCompare) {
  PipelineConfig cfg = base_config();
  cfg.fu.fpadd.latency = 4;
  EXPECT_EQ(gap({fp::c(D, 2, 5, 0, 2), fp::bc1(true, false, 5, 4)}, cfg), 4);
  EXPECT_EQ(gap({fp::c(S, 12, 0, 0, 2), fp::movcf_gpr(false, 0, r::a0, r::a1)}, cfg), 4);
  EXPECT_EQ(gap({fp::c(S, 12, 0, 0, 2), fp::movcf(D, true, 0, 4, 6)}, cfg), 4);
}

TEST(PipelineFpu, FpAndIntegerWorkSideBySide) {
  // An FP divide and an integer add issue in the same cycle: different units, no dependence.
  EXPECT_EQ(gap({fp::div(D, 0, 2, 4), enc::addiu(r::t0, r::t1, 1)}), 0);
}

TEST(PipelineFpu, FpLoadsGoThroughTheMemoryStage) {
  FakeMem data(7);
  Rig rig(1, base_config(), &data);
  rig.core.gpr(0, r::a0) = 0x80010000u;
  rig.core.gpr(0, r::a1) = 0x40;
  load(rig, {fp::ldc1(2, 8, r::a0), fp::add(D, 0, 2, 2), fp::lwxc1(4, r::a1, r::a0),
             fp::swxc1(4, r::a1, r::a0)});
  ASSERT_TRUE(rig.drain());
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4) - rig.core.cycle_of(0, kCode0), 7);
  ASSERT_EQ(data.accesses.size(), 3u);
  EXPECT_EQ(data.accesses[0].pa, 0x00010008u);
  EXPECT_EQ(data.accesses[1].pa, 0x00010040u) << "indexed: base + index";
  EXPECT_TRUE(data.accesses[2].write);
  EXPECT_GT(rig.cpi(0, CpiCat::kMemory), 0u);
}

TEST(PipelineFpu, CpiStackAndUnitsCountTheFpu) {
  Rig rig(1);
  load(rig, {fp::div(D, 0, 2, 4), fp::add(D, 6, 0, 0), fp::mul(D, 8, 6, 6)});
  ASSERT_TRUE(rig.drain());
  // The add waits ~32 cycles for the divide, the multiply for the add: FPU cycles, not
  // integer dependences.
  EXPECT_GE(rig.cpi(0, CpiCat::kFpu), 32u);
  EXPECT_EQ(rig.cpi(0, CpiCat::kDependence), 0u);
  const nlohmann::json units = rig.pipe.stats_json(rig.now)["units"];
  EXPECT_EQ(units["fpdiv"]["issued"], 1) << units.dump();
  EXPECT_EQ(units["fpadd"]["issued"], 1) << units.dump();
  EXPECT_EQ(units["fpmul"]["issued"], 1) << units.dump();
  EXPECT_GT(units["fpdiv"]["utilisation"].get<double>(), 0.0);
}

}  // namespace
}  // namespace kasane::test

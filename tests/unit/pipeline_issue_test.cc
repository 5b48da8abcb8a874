// Tests of the issue and execute stages with mock neighbours (pipeline_fakes.h): the scoreboard
// makes a consumer wait exactly its producer's latency, the non-pipelined complex unit blocks a
// second divide, and contexts share the issue width and the units. Times are read from the
// FakeCore's execution log: an instruction executes in the cycle it issues. With the ideal
// i-cache an instruction fetched in cycle t decodes at t+1 and issues at t+2 at the earliest.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <optional>

#include "pipeline_fakes.h"

namespace kasane::test {
namespace {

// Context c's program at `base` runs and stops after its last instruction.
void load(Rig& rig, unsigned c, uint32_t base, const std::vector<uint32_t>& words) {
  rig.core.place(base, words);
  rig.core.start(c, base);
  rig.core.halt_after(base + 4 * static_cast<uint32_t>(words.size() - 1));
}

TEST(PipelineIssue, DependentPairIssuesAfterTheProducersLatency) {
  const unsigned mul_latency = base_config().fu.muldiv.latency;
  ASSERT_EQ(mul_latency, 12u);  // the papers' complex ALU

  Rig after_mul(1);
  load(after_mul, 0, kCode0, {enc::mul(r::t0, r::a0, r::a1), enc::addu(r::t1, r::t0, r::t0)});
  ASSERT_TRUE(after_mul.drain());
  const int64_t mul_at = after_mul.core.cycle_of(0, kCode0);
  ASSERT_GE(mul_at, 0);
  EXPECT_EQ(after_mul.core.cycle_of(0, kCode0 + 4) - mul_at, mul_latency);

  Rig after_alu(1);  // a 1-cycle ALU producer: the consumer issues the next cycle
  load(after_alu, 0, kCode0, {enc::addiu(r::t0, r::a0, 1), enc::addu(r::t1, r::t0, r::t0)});
  ASSERT_TRUE(after_alu.drain());
  const int64_t alu_at = after_alu.core.cycle_of(0, kCode0);
  ASSERT_GE(alu_at, 0);
  EXPECT_EQ(after_alu.core.cycle_of(0, kCode0 + 4) - alu_at, 1);
}

TEST(PipelineIssue, DividerBlocksASecondDivideFor32Cycles) {
  // Two independent divides (different sources; both write HI/LO, which nothing reads).
  const std::vector<uint32_t> divs = {enc::div(r::a0, r::a1), enc::div(r::a2, r::a3)};
  PipelineConfig cfg = base_config();
  ASSERT_FALSE(cfg.fu.muldiv.pipelined);
  ASSERT_EQ(cfg.fu.div_latency, 32u);

  Rig blocking(1, cfg);
  load(blocking, 0, kCode0, divs);
  ASSERT_TRUE(blocking.drain());
  const int64_t first = blocking.core.cycle_of(0, kCode0);
  ASSERT_GE(first, 0);
  EXPECT_EQ(blocking.core.cycle_of(0, kCode0 + 4) - first, 32);

  cfg.fu.muldiv.pipelined = true;  // a new operation every cycle
  Rig pipelined(1, cfg);
  load(pipelined, 0, kCode0, divs);
  ASSERT_TRUE(pipelined.drain());
  const int64_t first_p = pipelined.core.cycle_of(0, kCode0);
  ASSERT_GE(first_p, 0);
  EXPECT_EQ(pipelined.core.cycle_of(0, kCode0 + 4) - first_p, 1);
}

// Two contexts, each with one ALU instruction. A fetch queue of one instruction per context makes
// fetch serve both contexts in cycle 0 (otherwise the first context served takes the whole fetch
// width), so both instructions are ready to issue in cycle 2.
PipelineConfig one_each() {
  PipelineConfig cfg = base_config();
  cfg.fetch_queue = 1;
  return cfg;
}

int64_t two_context_gap(Rig& rig) {
  load(rig, 0, kCode0, {enc::addiu(r::t0, r::a0, 1)});
  load(rig, 1, kCode1, {enc::addiu(r::t0, r::a0, 2)});
  EXPECT_TRUE(rig.drain());
  const int64_t a = rig.core.cycle_of(0, kCode0), b = rig.core.cycle_of(1, kCode1);
  EXPECT_GE(a, 0);
  EXPECT_GE(b, 0);
  return std::llabs(a - b);
}

TEST(PipelineIssue, TwoContextsIssueInTheSameCycleWhenUnitsAllow) {
  Rig rig(2, one_each());
  EXPECT_EQ(two_context_gap(rig), 0);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0), 2);
}

TEST(PipelineIssue, WithIssueWidthOneTwoContextsIssueInConsecutiveCycles) {
  PipelineConfig cfg = one_each();
  cfg.issue_width = 1;
  Rig rig(2, cfg);
  EXPECT_EQ(two_context_gap(rig), 1);
  // The one that waited was ready but had no issue slot.
  EXPECT_EQ(rig.cpi(0, CpiCat::kUnit) + rig.cpi(1, CpiCat::kUnit), 1u);
}

TEST(PipelineIssue, WithOneAluTheSecondContextsAluInstructionWaits) {
  PipelineConfig cfg = one_each();
  cfg.fu.alu.count = 1;
  Rig rig(2, cfg);
  EXPECT_EQ(two_context_gap(rig), 1);
  EXPECT_EQ(rig.cpi(0, CpiCat::kUnit) + rig.cpi(1, CpiCat::kUnit), 1u);
}

TEST(PipelineIssue, InstructionsOfDifferentClassesShareACycleWithinAContext) {
  // In order within a context, but an ALU and a multiply can go together.
  Rig rig(1);
  load(rig, 0, kCode0, {enc::mul(r::t0, r::a0, r::a1), enc::addiu(r::t1, r::a0, 1)});
  ASSERT_TRUE(rig.drain());
  EXPECT_EQ(rig.core.cycle_of(0, kCode0), rig.core.cycle_of(0, kCode0 + 4));
}

TEST(PipelineIssue, SystemInstructionWaitsForOlderOnesAndHoldsYoungerOnes) {
  // MFC0 serialises: it issues only once the MUL before it has retired, and the independent
  // ADDIU after it waits until it is done.
  Rig rig(1);
  load(rig, 0, kCode0,
       {enc::mul(r::t0, r::a0, r::a1), enc::mfc0(r::t1, 12), enc::addiu(r::t2, r::a0, 1)});
  ASSERT_TRUE(rig.drain());
  const int64_t mul_at = rig.core.cycle_of(0, kCode0);
  ASSERT_GE(mul_at, 0);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4), mul_at + 12);  // the MUL retires, then MFC0 issues
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 8), mul_at + 13);  // MFC0 takes one cycle
}

TEST(PipelineIssue, MfloWaitsForTheMultiplyThatWritesLo) {
  Rig rig(1);
  load(rig, 0, kCode0, {enc::mult(r::a0, r::a1), enc::mflo(r::t0)});
  ASSERT_TRUE(rig.drain());
  const int64_t mult_at = rig.core.cycle_of(0, kCode0);
  ASSERT_GE(mult_at, 0);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4) - mult_at, 12);
}

// An instruction level where context 1's code (at kCode1 and above) takes 30 cycles to arrive
// and context 0's arrives at once.
class SlowForContext1 : public MemLevel {
 public:
  std::optional<uint64_t> access(uint32_t pa, bool, uint64_t now) override {
    return now + (pa >= (kCode1 & 0x1fffffffu) ? 30 : 1);
  }
  void prefetch(uint32_t, uint64_t) override {}
};

TEST(PipelineIssue, ContextWithNothingToIssueIsNotChargedForIssueSlots) {
  // Context 0 runs NOPs at the full issue width (four ALUs) while context 1 waits for its first
  // instructions to arrive: in those cycles context 1 has nothing decoded, so its cycles are
  // fetch cycles whether or not context 0 used up the issue slots first.
  PipelineConfig cfg = base_config();
  cfg.fu.alu.count = 4;
  SlowForContext1 inst;
  Rig rig(2, cfg, nullptr, &inst);
  rig.core.start(0, kCode0);
  rig.core.start(1, kCode1);
  rig.run(25);
  ASSERT_EQ(rig.core.executions(1), 0u);
  EXPECT_EQ(rig.cpi(1, CpiCat::kUnit), 0u);
  EXPECT_EQ(rig.cpi(1, CpiCat::kFetch), 25u);
}

TEST(PipelineIssue, ContextsTakeTurnsAtTheNonPipelinedMultiplier) {
  // Four contexts each run 20 independent multiplies on the one 12-cycle, non-pipelined complex
  // ALU. Served oldest first, they take turns by fetch group: between two multiplies of one
  // context, each sibling gets at most one fetch group's worth. (A start that rotated with the
  // cycle found the unit free on the same turn every 12 cycles with 4 contexts, and served one
  // context all its multiplies while the others waited 700 cycles.)
  const unsigned n = 4, muls = 20, mul_latency = 12;
  const PipelineConfig cfg = base_config();
  Rig rig(n, cfg);
  std::vector<uint32_t> code(muls, enc::mult(r::a0, r::a1));
  for (unsigned c = 0; c < n; ++c) load(rig, c, kCode0 + c * 0x1000, code);
  ASSERT_TRUE(rig.drain());
  const int64_t longest_wait = (1 + (n - 1) * cfg.fetch_width) * mul_latency;
  for (unsigned c = 0; c < n; ++c) {
    int64_t prev = rig.core.cycle_of(c, kCode0 + c * 0x1000);
    ASSERT_GE(prev, 0);
    EXPECT_LE(prev, longest_wait) << "context " << c << "'s first multiply";
    for (unsigned k = 1; k < muls; ++k) {
      const int64_t t = rig.core.cycle_of(c, kCode0 + c * 0x1000 + 4 * k);
      ASSERT_GT(t, prev);
      EXPECT_LE(t - prev, longest_wait) << "context " << c << ", multiply " << k;
      prev = t;
    }
  }
}

}  // namespace
}  // namespace kasane::test

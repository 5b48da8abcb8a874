// Tests of branch prediction and recovery in the pipeline: a mispredicted branch squashes the
// wrong path (none of it ever executes) and costs the refill of the front end; a correctly
// predicted one costs nothing; in check mode a program with many mispredicts retires exactly
// what the functional model executed. The FakeCore's oracle (pipeline_fakes.h) catches any
// instruction that issues while the functional model is elsewhere.
#include <gtest/gtest.h>

#include "pipeline_fakes.h"

namespace kasane::test {
namespace {

constexpr uint32_t kTarget = kCode0 + 0x100;
constexpr int32_t kOffset = (kTarget - (kCode0 + 4)) / 4;  // branch offset from the delay slot

// Context 0: `branch` at kCode0, its delay slot, four wrong-path (fall-through) instructions, and
// the branch target; missing words after them read as NOPs. No halt: tests run a fixed count.
void load_branch(Rig& rig, uint32_t branch) {
  rig.core.place(kCode0, {branch, enc::addiu(r::s0, r::s0, 1), enc::addiu(r::s1, r::s1, 1),
                          enc::addiu(r::s1, r::s1, 2), enc::addiu(r::s1, r::s1, 3),
                          enc::addiu(r::s1, r::s1, 4)});
  rig.core.place(kTarget, {enc::addiu(r::s2, r::s2, 1)});
  rig.core.start(0, kCode0);
}

// Cycles from the branch's execution to its target's.
int64_t branch_to_target(const Rig& rig) {
  const int64_t b = rig.core.cycle_of(0, kCode0), t = rig.core.cycle_of(0, kTarget);
  EXPECT_GE(b, 0);
  EXPECT_GE(t, 0);
  return t - b;
}

// The front-end stages an instruction passes before issue: fetch (cycle t) and decode (t+1); it
// issues at t+2 at the earliest.
constexpr int64_t kFrontEndStages = 2;

TEST(PipelineBranch, MispredictCostsWhatTheConfigSays) {
  // A correctly predicted taken branch: B (BEQ $0,$0) is always predicted taken, so fetch ends
  // the group after the delay slot and fetches the target the next cycle; the target then
  // issues one cycle after the branch and its slot.
  Rig predicted(1);
  load_branch(predicted, enc::beq(r::zero, r::zero, kOffset));
  predicted.run(20);
  const int64_t predicted_delay = branch_to_target(predicted);
  EXPECT_EQ(predicted_delay, 1);
  EXPECT_EQ(predicted.pipe.stats(0).mispredicts, 0u);

  // BNE scripted taken under the not_taken predictor: fetch runs down the fall-through path.
  // The slot executes in the branch's cycle s (another unit) and finds the next instruction in
  // the window is not the target: the wrong path is squashed and the redirect reaches fetch at
  // s+1 (fetch), the target decodes at s+2 and issues at s+3. Against the predicted case the
  // mispredict costs the front-end stages that must refill: fetch and decode.
  Rig mispredicted(1);
  load_branch(mispredicted, enc::bne(r::t0, r::t1, kOffset));
  mispredicted.core.script(kCode0, {true});
  mispredicted.run(20);
  const int64_t mispredicted_delay = branch_to_target(mispredicted);
  EXPECT_EQ(mispredicted_delay, 1 + kFrontEndStages);  // redirect next cycle, fetch, decode, issue
  EXPECT_EQ(mispredicted_delay, predicted_delay + kFrontEndStages);

  EXPECT_EQ(mispredicted.pipe.stats(0).mispredicts, 1u);
  EXPECT_GT(mispredicted.pipe.stats(0).squashed, 0u);
  // The wrong path never executes; the slot and the target do.
  for (uint32_t pc = kCode0 + 8; pc < kCode0 + 24; pc += 4)
    EXPECT_EQ(mispredicted.core.cycle_of(0, pc), -1) << std::hex << pc;
  const std::vector<uint32_t> path = mispredicted.core.path(0);
  ASSERT_GE(path.size(), 3u);
  EXPECT_EQ(path[1], kCode0 + 4);
  EXPECT_EQ(path[2], kTarget);
  EXPECT_TRUE(mispredicted.core.mismatches.empty()) << first_mismatch(mispredicted.core);
}

TEST(PipelineBranch, NotTakenBranchWithTheNotTakenPredictorSquashesNothing) {
  Rig rig(1);
  load_branch(rig, enc::bne(r::t0, r::t1, kOffset));
  rig.core.script(kCode0, {false});
  rig.run(20);
  EXPECT_EQ(rig.pipe.stats(0).branches, 1u);
  EXPECT_EQ(rig.pipe.stats(0).mispredicts, 0u);
  EXPECT_EQ(rig.pipe.stats(0).squashed, 0u);
  EXPECT_EQ(rig.core.cycle_of(0, kTarget), -1);
  // The fall-through path runs without a bubble: the slot and the next instruction issue with
  // the branch (a branch unit and two ALUs).
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 8), rig.core.cycle_of(0, kCode0));
}

TEST(PipelineBranch, BranchLikelyPredictedNotTakenSkipsItsSlot) {
  Rig rig(1);
  load_branch(rig, enc::bnel(r::t0, r::t1, kOffset));
  rig.core.script(kCode0, {false});
  rig.run(20);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4), -1);  // annulled: it never executes
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 8), rig.core.cycle_of(0, kCode0));
  EXPECT_EQ(rig.pipe.stats(0).squashed, 0u);
  EXPECT_EQ(rig.pipe.stats(0).mispredicts, 0u);
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
}

TEST(PipelineBranch, TakenBranchLikelyPredictedNotTakenRefetchesItsSlot) {
  // Fetch skipped the slot; the branch finds pc + 8 after it, squashes and refetches the slot,
  // which then goes to the target.
  Rig rig(1);
  load_branch(rig, enc::bnel(r::t0, r::t1, kOffset));
  rig.core.script(kCode0, {true});
  rig.run(20);
  const std::vector<uint32_t> path = rig.core.path(0);
  ASSERT_GE(path.size(), 3u);
  EXPECT_EQ(path[1], kCode0 + 4);
  EXPECT_EQ(path[2], kTarget);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4) - rig.core.cycle_of(0, kCode0), 1 + kFrontEndStages);
  EXPECT_EQ(rig.pipe.stats(0).mispredicts, 1u);
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
}

TEST(PipelineBranch, MispredictRefillIsChargedToTheMispredictCategory) {
  // The same two runs as above, 20 cycles each. In the mispredicted run the branch and its slot
  // execute in cycle 2 (the squash), retire in cycle 3 while the target is fetched, and in cycle
  // 4 the target is only being decoded: issue has nothing, because the front end is refilling
  // after the redirect. That cycle belongs to "mispredict" (CpiCat::kMispredict), and "fetch"
  // should not grow: the i-cache is ideal and fetch bandwidth is the same in both runs.
  Rig predicted(1), mispredicted(1);
  load_branch(predicted, enc::beq(r::zero, r::zero, kOffset));
  load_branch(mispredicted, enc::bne(r::t0, r::t1, kOffset));
  mispredicted.core.script(kCode0, {true});
  predicted.run(20);
  mispredicted.run(20);
  EXPECT_GE(mispredicted.cpi(0, CpiCat::kMispredict), 1u);
  EXPECT_EQ(mispredicted.cpi(0, CpiCat::kFetch), predicted.cpi(0, CpiCat::kFetch));
}

TEST(PipelineBranch, OnlyConditionalBranchesCountAsPredictorLookups) {
  // bpred.h: `lookups` counts conditional branches resolved; a J is not one (nor is it a BTB
  // lookup: it has no predicted direction or indirect target).
  Rig rig(1);
  load_branch(rig, enc::j(kTarget));
  rig.run(20);
  ASSERT_GE(rig.core.cycle_of(0, kTarget), 0);
  const nlohmann::json bp = rig.pipe.stats_json(rig.now)["branch_predictor"];
  EXPECT_EQ(bp["lookups"], 0) << bp.dump();
  EXPECT_EQ(bp["btb_lookups"], 0) << bp.dump();
}

TEST(PipelineBranch, IndirectJumpIsPredictedFromTheBtbAfterItsFirstExecution) {
  // A loop closed by JR $t9 ($t9 = the loop's start): the BTB has no entry the first time, so
  // fetch goes down the fall-through path; every later JR is predicted to the loop.
  Rig rig(1);
  rig.core.place(kCode0, {enc::addiu(r::t0, r::t0, 1), enc::jr(r::t9), enc::nop()});
  rig.core.gpr(0, r::t9) = kCode0;
  rig.core.start(0, kCode0);
  rig.run(100);
  const ContextStats& st = rig.pipe.stats(0);
  ASSERT_GT(st.branches, 10u);
  EXPECT_EQ(st.mispredicts, 1u);
  const nlohmann::json bp = rig.pipe.stats_json(rig.now)["branch_predictor"];
  EXPECT_EQ(bp["btb_lookups"], st.branches) << bp.dump();
  EXPECT_EQ(bp["btb_hits"], st.branches - 1) << bp.dump();
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
}

// Context 0 runs from kCode0; its first instruction raises an exception whose vector holds one
// instruction, after which it halts.
constexpr uint32_t kVector = kCode0 + 0x400;
void load_fault(Rig& rig, bool fault) {
  rig.core.place(kCode0, {enc::addiu(r::s0, r::s0, 1), enc::addiu(r::s1, r::s1, 1),
                          enc::addiu(r::s1, r::s1, 2)});
  rig.core.place(kVector, {enc::addiu(r::k0, r::k0, 1)});
  if (fault) rig.core.fault_once(kCode0, kVector);
  rig.core.halt_after(fault ? kVector : kCode0 + 8);
  rig.core.start(0, kCode0);
}

TEST(PipelineBranch, ExceptionSquashesTheFaultingInstructionAndRefetchesFromTheVector) {
  PipelineConfig cfg = base_config();
  cfg.check = true;
  Rig rig(1, cfg);
  load_fault(rig, true);
  ASSERT_TRUE(rig.drain());
  EXPECT_EQ(rig.pipe.stats(0).exceptions, 1u);
  EXPECT_EQ(rig.pipe.stats(0).retired, 1u);  // the vector's instruction only
  EXPECT_EQ(rig.core.executions(0), 1u);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4), -1);  // younger ones never execute
  // Like a mispredict: the redirect reaches fetch the next cycle, then decode, then issue.
  EXPECT_EQ(rig.core.cycle_of(0, kVector) - rig.core.cycle_of(0, kCode0), 1 + kFrontEndStages);
  EXPECT_EQ(rig.pipe.check_failures(), 0u) << rig.pipe.first_check_failure();
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
}

TEST(PipelineBranch, ExceptionRefillIsChargedToTheMispredictCategory) {
  // The cycles from the exception until the vector's first instruction can issue are the
  // refill (CpiCat::kMispredict: "refilling after a mispredicted branch or an exception"): the
  // exception is raised in cycle 2, the vector is fetched at 3, decoded at 4 and issues at 5.
  // The run without the exception has no refill, and both have the same two fetch cycles
  // (0 and 1) before anything can issue. (This holds because nothing older than the faulting
  // instruction is left to retire and clear `recovering`; compare the branch case above.)
  Rig faulting(1), clean(1);
  load_fault(faulting, true);
  load_fault(clean, false);
  ASSERT_TRUE(faulting.drain());
  ASSERT_TRUE(clean.drain());
  EXPECT_EQ(faulting.cpi(0, CpiCat::kMispredict), 3u);
  EXPECT_EQ(faulting.cpi(0, CpiCat::kFetch), clean.cpi(0, CpiCat::kFetch));
}

// A loop nest with three scripted branches, placed at `base`, that executes a known number of
// instructions and then halts. Offsets (from base):
//   0 addiu t0,t0,1 | 4 bne -> 0 (inner loop) | 8 slot | 12 lw | 16 bne -> 28 | 20 slot | 24 addiu
//   28 bne -> 0 (outer loop) | 32 slot (mul) | 36 addiu, halt
// Returns how many instructions the script makes it execute.
size_t load_loops(Rig& rig, unsigned c, uint32_t base, unsigned outer, unsigned phase) {
  rig.core.place(base, {enc::addiu(r::t0, r::t0, 1), enc::bne(r::t0, r::t1, -2),
                        enc::addu(r::s0, r::s0, r::t0), enc::lw(r::s1, 0, r::a0),
                        enc::bne(r::s1, r::s2, 2), enc::addiu(r::s3, r::s3, 1),
                        enc::addiu(r::s4, r::s4, 1), enc::bne(r::s5, r::s6, -8),
                        enc::mul(r::s7, r::s0, r::s0), enc::addiu(r::v0, r::v0, 1)});
  rig.core.gpr(c, r::a0) = 0x80010000u + 0x40 * c;
  size_t expected = 1;  // the final addiu
  for (unsigned k = 0; k < outer; ++k) {
    const unsigned inner_taken = (k + phase) % 3;
    std::vector<bool> inner(inner_taken, true);
    inner.push_back(false);
    rig.core.script(base + 4, inner);
    const bool skip = (k + phase) % 2 == 0;
    rig.core.script(base + 16, {skip});
    rig.core.script(base + 28, {k + 1 < outer});
    expected += 3 * (inner_taken + 1) + 3 + (skip ? 0 : 1) + 2;
  }
  rig.core.halt_after(base + 36);
  rig.core.start(c, base);
  return expected;
}

TEST(PipelineBranch, SquashedInstructionsNeverExecuteAndRetireInOrder) {
  PipelineConfig cfg = base_config();
  cfg.check = true;
  cfg.bpred = PredictorConfig{PredictorKind::kBimodal, 1024, 8, 64};
  Rig rig(2, cfg);
  const size_t expected0 = load_loops(rig, 0, kCode0, 6, 0);
  const size_t expected1 = load_loops(rig, 1, kCode1, 5, 1);
  ASSERT_TRUE(rig.drain());

  EXPECT_EQ(rig.pipe.check_failures(), 0u) << rig.pipe.first_check_failure();
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
  EXPECT_EQ(rig.core.executions(0), expected0);
  EXPECT_EQ(rig.core.executions(1), expected1);
  EXPECT_EQ(rig.pipe.stats(0).retired, rig.core.executions(0));
  EXPECT_EQ(rig.pipe.stats(1).retired, rig.core.executions(1));
  EXPECT_GE(rig.pipe.stats(0).mispredicts + rig.pipe.stats(1).mispredicts, 4u);
  EXPECT_GT(rig.pipe.stats(0).squashed, 0u);
}

}  // namespace
}  // namespace kasane::test

// Tests of the writeback stage and of the per-context accounting: instructions retire in program
// order within a context (a long-latency one holds the younger ones of its own context, not
// another context's), the retire width is shared by the contexts, and every cycle of every
// context lands in exactly one CPI-stack category. The stage tests drive a WritebackStage over a
// PipeState whose windows they fill by hand.
#include "core/pipeline/writeback.h"

#include <gtest/gtest.h>

#include "core/pipeline/execute.h"
#include "mem/cache.h"
#include "pipeline_fakes.h"

namespace kasane::test {
namespace {

// Append an instruction of context c that issued and is done at cycle `ready`.
void issued(PipeState& s, unsigned c, uint32_t pc, uint64_t ready) {
  DynInst& d = s.ctx[c].window.push_back();
  d.pc = pc;
  d.stage = Stage::kIssued;
  d.ready_at = ready;
}

TEST(PipelineWriteback, RetiresInOrderWithinAContext) {
  PipeState s(base_config(), 2);
  issued(s, 0, kCode0, 12);     // a multiply, done at 12
  issued(s, 0, kCode0 + 4, 1);  // a younger ALU operation of the same context, done at 1
  issued(s, 1, kCode1, 1);      // another context's ALU operation, done at 1
  WritebackStage wb(s);
  for (uint64_t now = 1; now < 12; ++now) {
    wb.evaluate(now);
    EXPECT_EQ(s.ctx[0].stats.retired, 0u) << "cycle " << now;  // held by the multiply
    EXPECT_EQ(s.ctx[1].stats.retired, 1u) << "cycle " << now;  // not held by it
  }
  wb.evaluate(12);
  EXPECT_EQ(s.ctx[0].stats.retired, 2u);
  EXPECT_TRUE(s.ctx[0].window.empty());
}

TEST(PipelineWriteback, UnissuedInstructionsDoNotRetire) {
  PipeState s(base_config(), 1);
  DynInst& d = s.ctx[0].window.push_back();
  d.stage = Stage::kDecoded;  // ready_at 0, but it has not issued
  s.ctx[0].n_decoded = 1;
  WritebackStage wb(s);
  wb.evaluate(5);
  EXPECT_EQ(s.ctx[0].stats.retired, 0u);
  EXPECT_FALSE(s.ctx[0].retired_this_cycle);
}

// The run ends: what has executed (in the functional model, at issue) retires, whatever its
// latency and the retire width, so the pipeline's retired count is the contexts' executed count;
// what has not issued does not.
TEST(PipelineWriteback, DrainAtTheEndRetiresEveryExecutedInstructionAndNothingElse) {
  PipelineConfig cfg = base_config();
  cfg.retire_width = 1;
  PipeState s(cfg, 2);
  issued(s, 0, kCode0, 40);     // the store that ended the run, say, done much later
  issued(s, 0, kCode0 + 4, 41);
  DynInst& d = s.ctx[0].window.push_back();  // fetched behind them, never executed
  d.stage = Stage::kFetched;
  s.ctx[0].n_fetched = 1;
  issued(s, 1, kCode1, 50);
  WritebackStage wb(s);
  wb.drain(10);
  EXPECT_EQ(s.ctx[0].stats.retired, 2u);
  EXPECT_EQ(s.ctx[1].stats.retired, 1u);
  ASSERT_EQ(s.ctx[0].window.size(), 1u);
  EXPECT_EQ(s.ctx[0].window.front().stage, Stage::kFetched);
  EXPECT_FALSE(s.ctx[0].retired_this_cycle);  // no cycle was spent: the CPI stack is unchanged
}

TEST(PipelineWriteback, RetireWidthIsSharedByTheContexts) {
  PipelineConfig cfg = base_config();
  cfg.retire_width = 2;
  PipeState s(cfg, 2);
  for (uint32_t k = 0; k < 3; ++k) issued(s, 0, kCode0 + 4 * k, 1);
  for (uint32_t k = 0; k < 3; ++k) issued(s, 1, kCode1 + 4 * k, 1);
  WritebackStage wb(s);
  for (uint64_t now = 1; now <= 3; ++now) {
    wb.evaluate(now);
    EXPECT_EQ(s.ctx[0].stats.retired + s.ctx[1].stats.retired, 2 * now) << "cycle " << now;
  }
  EXPECT_EQ(s.ctx[0].stats.retired, 3u);
  EXPECT_EQ(s.ctx[1].stats.retired, 3u);
}

TEST(PipelineWriteback, ALongLatencyInstructionHoldsOnlyItsOwnContext) {
  // The same through the whole pipeline: a MUL and an independent ADDIU in context 0 issue
  // together; both retire when the MUL is done. Context 1's ADDIU retires long before.
  Rig rig(2);
  rig.core.place(kCode0, {enc::mul(r::t0, r::a0, r::a1), enc::addiu(r::t1, r::a0, 1)});
  rig.core.place(kCode1, {enc::addiu(r::t1, r::a0, 1)});
  rig.core.start(0, kCode0);
  rig.core.start(1, kCode1);
  rig.core.halt_after(kCode0 + 4);
  rig.core.halt_after(kCode1);
  int64_t first_retire[2] = {-1, -1};
  while (!rig.pipe.quiescent() && rig.now < 100) {
    rig.run(1);
    for (unsigned c = 0; c < 2; ++c)
      if (first_retire[c] < 0 && rig.pipe.stats(c).retired > 0) {
        first_retire[c] = static_cast<int64_t>(rig.now - 1);
        if (c == 0) EXPECT_EQ(rig.pipe.stats(0).retired, 2u);  // together, in order
      }
  }
  const int64_t mul_at = rig.core.cycle_of(0, kCode0);
  ASSERT_GE(mul_at, 0);
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4), mul_at);
  EXPECT_EQ(first_retire[0], mul_at + 12);
  EXPECT_EQ(first_retire[1], rig.core.cycle_of(1, kCode1) + 1);
}

TEST(PipelineWriteback, CheckModeFlagsAnInstructionTheFunctionalModelDidNotExecute) {
  // The reference check must compare what retires with what the functional model executed. Here
  // the pipeline issues its instruction at kCode0 while the functional model is at kCode0 + 0x40
  // (a desynchronised pipeline, the kind of bug check mode exists to catch): the model executes
  // the instruction at kCode0 + 0x40, and the one at kCode0 must not retire unnoticed.
  PipelineConfig cfg = base_config();
  cfg.check = true;
  PipeState s(cfg, 1);
  FakeCore core(1);
  core.place(kCode0, {enc::addiu(r::t0, r::t0, 1)});
  core.place(kCode0 + 0x40, {enc::addiu(r::t1, r::t1, 1)});
  core.start(0, kCode0 + 0x40);
  FuPool fu(cfg.fu);
  BranchPredictor bp(cfg.bpred, 1);
  ExecuteStage<FunctionalCore> ex(s, core, fu, bp);
  WritebackStage wb(s);

  DynInst& d = s.ctx[0].window.push_back();
  d.pc = kCode0;
  d.raw = enc::addiu(r::t0, r::t0, 1);
  d.info = decode_exec(d.raw);
  set_dependences(d);
  d.stage = Stage::kDecoded;
  s.ctx[0].n_decoded = 1;
  ex.execute(0, 0, 10, 0, false);
  ASSERT_EQ(core.path(0), std::vector<uint32_t>{kCode0 + 0x40});
  wb.evaluate(11);
  ASSERT_EQ(s.ctx[0].stats.retired, 1u);
  EXPECT_EQ(s.check_failures, 1u);
}

TEST(PipelineWriteback, CpiStackSumsToCycles) {
  // Three contexts that between them stall on everything: context 0 loops over loads that miss
  // (one MSHR) with a mispredicted loop branch, context 1 runs a multiply/divide chain that
  // fights over the complex unit, context 2 is parked throughout.
  FakeMem below(20);
  Cache cache({"l1d", 1024, 2, kLineBytes, 2, 1, true}, below);
  PipelineConfig cfg = base_config();
  cfg.check = true;
  Rig rig(3, cfg, &cache);
  rig.core.place(kCode0, {enc::lw(r::t0, 0, r::a0), enc::addu(r::t1, r::t0, r::t0),
                          enc::addiu(r::a0, r::a0, 0x40), enc::bne(r::t1, r::t2, -4),
                          enc::nop(), enc::addiu(r::v0, r::v0, 1)});
  rig.core.gpr(0, r::a0) = 0x80010000u;
  rig.core.script(kCode0 + 12, {true, true, true, true, true, false});
  rig.core.halt_after(kCode0 + 20);
  rig.core.place(kCode1, {enc::mul(r::t0, r::a0, r::a1), enc::div(r::t0, r::a1),
                          enc::mflo(r::t1), enc::mul(r::t2, r::t1, r::t1), enc::div(r::a2, r::a3),
                          enc::addiu(r::v0, r::v0, 1)});
  rig.core.halt_after(kCode1 + 20);
  rig.core.start(0, kCode0);
  rig.core.start(1, kCode1);

  for (unsigned t = 0; t < 400; ++t) {
    rig.run(1);
    for (unsigned c = 0; c < 3; ++c) {
      uint64_t sum = 0;
      for (uint64_t n : rig.pipe.stats(c).cpi) sum += n;
      ASSERT_EQ(sum, rig.now) << "context " << c << " after cycle " << t;
    }
  }
  ASSERT_TRUE(rig.pipe.quiescent());  // both programs ran to their end
  EXPECT_EQ(rig.pipe.check_failures(), 0u) << rig.pipe.first_check_failure();
  EXPECT_EQ(rig.cpi(2, CpiCat::kIdle), rig.now);
  EXPECT_GT(rig.cpi(0, CpiCat::kMemory), 0u);
  EXPECT_GT(rig.cpi(1, CpiCat::kDependence) + rig.cpi(1, CpiCat::kUnit), 0u);
}

}  // namespace
}  // namespace kasane::test

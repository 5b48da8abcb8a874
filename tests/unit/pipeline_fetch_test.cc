// Tests of the fetch stage: which contexts FetchStage::select serves, in what order, under each
// fetch policy and fetch priority; and that a parked context takes no fetch or issue slot. The
// selection tests drive a FetchStage over a bare PipeState; the counts icount reads (n_fetched and
// n_decoded) are set directly, since they are all select() looks at.
#include "core/pipeline/fetch.h"

#include <gtest/gtest.h>

#include <array>

#include "pipeline_fakes.h"

namespace kasane::test {
namespace {

using Order = std::array<unsigned, kMaxContexts>;

// A FetchStage over two running contexts; context 0 has 5 instructions in its window (3 fetched,
// 2 decoded) and context 1 has 1, so context 0 is the one round robin serves first in cycle 0.
struct FetchRig {
  explicit FetchRig(FetchPolicy policy)
      : cfg(with_policy(policy)),
        s(cfg, 2),
        core(2),
        icache(1),
        bp(cfg.bpred, 2),
        fetch(s, core, icache, bp, kLineBytes) {
    core.start(0, kCode0);
    core.start(1, kCode1);
  }
  void skew() {
    s.ctx[0].n_fetched = 3;
    s.ctx[0].n_decoded = 2;
    s.ctx[1].n_decoded = 1;
  }
  static PipelineConfig with_policy(FetchPolicy p) {
    PipelineConfig c = base_config();
    c.fetch_policy = p;
    return c;
  }

  PipelineConfig cfg;
  PipeState s;
  FakeCore core;
  FakeMem icache;
  BranchPredictor bp;
  FetchStage<FunctionalCore> fetch;
};

TEST(PipelineFetch, IcountFavoursTheContextWithFewerInstructionsInFlight) {
  FetchRig rig(FetchPolicy::kIcount);
  rig.skew();
  Order order;
  ASSERT_EQ(rig.fetch.select(0, order), 2u);
  EXPECT_EQ(order[0], 1u);
  EXPECT_EQ(order[1], 0u);
}

// BRCOUNT and MISSCOUNT read counts that the out-of-order core keeps (the pipeline refuses them).
TEST(PipelineFetch, BrcountFavoursTheContextWithFewerUnresolvedBranches) {
  FetchRig rig(FetchPolicy::kBrcount);
  rig.skew();  // context 0 has more in flight, but fewer branches
  rig.s.ctx[0].n_branches = 1;
  rig.s.ctx[1].n_branches = 3;
  Order order;
  ASSERT_EQ(rig.fetch.select(0, order), 2u);
  EXPECT_EQ(order[0], 0u);
  EXPECT_EQ(order[1], 1u);
}

TEST(PipelineFetch, MisscountFavoursTheContextWithFewerOutstandingMisses) {
  FetchRig rig(FetchPolicy::kMisscount);
  rig.s.ctx[0].n_misses = 2;
  Order order;
  ASSERT_EQ(rig.fetch.select(0, order), 2u);
  EXPECT_EQ(order[0], 1u);
  EXPECT_EQ(order[1], 0u);
}

TEST(PipelineFetch, RoundRobinAlternatesWhateverTheOccupancy) {
  FetchRig rig(FetchPolicy::kRoundRobin);
  rig.skew();
  Order order;
  // Each evaluate() fetches (the whole width goes to the first context served) and rotates.
  for (uint64_t now = 0; now < 3; ++now) {  // (by cycle 3 context 0's queue is full)
    ASSERT_EQ(rig.fetch.select(now, order), 2u) << "cycle " << now;
    EXPECT_EQ(order[0], now % 2) << "cycle " << now;
    rig.fetch.evaluate(now);
  }
}

TEST(PipelineFetch, HigherFetchPriorityWinsOverIcount) {
  FetchRig rig(FetchPolicy::kIcount);
  rig.skew();
  rig.core.set_priority(0, 2);  // the fuller context, at high priority
  Order order;
  ASSERT_EQ(rig.fetch.select(0, order), 2u);
  EXPECT_EQ(order[0], 0u);
  EXPECT_EQ(order[1], 1u);
}

TEST(PipelineFetch, FetchThreadsLimitsTheContextsServedPerCycle) {
  FetchRig rig(FetchPolicy::kIcount);
  rig.cfg.fetch_threads = 1;
  rig.s.cfg.fetch_threads = 1;
  rig.skew();
  Order order;
  ASSERT_EQ(rig.fetch.select(0, order), 1u);
  EXPECT_EQ(order[0], 1u);
}

TEST(PipelineFetch, ParkedContextTakesNoFetchOrIssueSlot) {
  // One fetch thread per cycle, and icount would prefer the parked context (it has nothing in
  // flight) if it were a candidate. Four ALUs so that issue, not the units, is the limit.
  PipelineConfig cfg = base_config();
  cfg.fetch_threads = 1;
  cfg.fu.alu.count = 4;
  Rig rig(2, cfg);
  rig.core.start(0, kCode0);  // a stream of NOPs (missing words read as NOP)
  rig.core.set_running(1, false);

  for (unsigned t = 0; t < 10; ++t) {
    rig.run(1);
    EXPECT_EQ(rig.pipe.stats(0).fetched, 4u * (t + 1)) << "cycle " << t;  // the full width
  }
  // From cycle 2 on, context 0 issues the full issue width every cycle.
  for (uint64_t t = 2; t < 10; ++t) {
    unsigned n = 0;
    for (const FakeCore::Exec& e : rig.core.log) n += e.ctx == 0 && e.cycle == t;
    EXPECT_EQ(n, cfg.issue_width) << "cycle " << t;
  }
  EXPECT_EQ(rig.pipe.stats(1).fetched, 0u);
  EXPECT_EQ(rig.core.executions(1), 0u);
  EXPECT_EQ(rig.cpi(1, CpiCat::kIdle), 10u);
}

TEST(PipelineFetch, UnfetchableWordBlocksFetchUntilItRaisesItsException) {
  // The second word cannot be fetched: fetch stops after it; it waits (like any instruction
  // whose row is unknown, it serialises) until the one before it has retired, executes and
  // raises its exception, and fetch restarts at the vector.
  constexpr uint32_t kVector = kCode0 + 0x400;
  Rig rig(1);
  rig.core.place(kCode0, {enc::addiu(r::s0, r::s0, 1)});
  rig.core.place(kVector, {enc::addiu(r::k0, r::k0, 1)});
  rig.core.unfetchable(kCode0 + 4);
  rig.core.fault_once(kCode0 + 4, kVector);
  rig.core.halt_after(kVector);
  rig.core.start(0, kCode0);
  rig.run(3);  // cycles 0-2: the first instruction issues at 2 and is done at 3
  EXPECT_EQ(rig.pipe.stats(0).fetched, 2u);
  ASSERT_TRUE(rig.drain());
  EXPECT_EQ(rig.core.cycle_of(0, kCode0 + 4), 3);  // once the first has retired
  EXPECT_EQ(rig.core.cycle_of(0, kVector), 3 + 3);  // redirect, fetch, decode, issue
  EXPECT_EQ(rig.pipe.stats(0).exceptions, 1u);
  EXPECT_EQ(rig.pipe.stats(0).retired, 2u);
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
}

TEST(PipelineFetch, ContextStartedLaterFetchesFromItsStartPc) {
  Rig rig(1);
  rig.core.place(kCode1, {enc::addiu(r::t0, r::t0, 1), enc::addiu(r::t1, r::t1, 1)});
  rig.run(10);
  EXPECT_EQ(rig.pipe.stats(0).fetched, 0u);
  rig.core.start(0, kCode1);  // from cycle 10
  rig.run(10);
  EXPECT_EQ(rig.core.cycle_of(0, kCode1), 12);  // fetched at 10, decoded at 11
  EXPECT_EQ(rig.core.cycle_of(0, kCode1 + 4), 12);
  EXPECT_EQ(rig.cpi(0, CpiCat::kIdle), 10u);
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
}

TEST(PipelineFetch, ContextStoppedAndRestartedElsewhereDropsItsStaleInstructions) {
  // A context is stopped from outside (not by an instruction of its own) while it has fetched
  // instructions that have not issued, and later restarted at another pc. Those instructions
  // are no longer its future: the first instruction to execute must be the one at the new pc,
  // fetched after the restart. (Latent: THALT/TSTART resume at the same pc and TFORK only
  // starts free contexts, so today's ISA cannot do this; anything that moves a stopped
  // context's pc would.)
  constexpr uint32_t kElsewhere = kCode0 + 0x800;
  Rig rig(1);
  rig.core.place(kCode0, {enc::addiu(r::s0, r::s0, 1), enc::addiu(r::s0, r::s0, 2),
                          enc::addiu(r::s0, r::s0, 3), enc::addiu(r::s0, r::s0, 4)});
  rig.core.place(kElsewhere, {enc::addiu(r::s1, r::s1, 1)});
  rig.core.start(0, kCode0);
  rig.run(1);  // cycle 0: fetches the four instructions at kCode0
  rig.core.set_running(0, false);
  rig.run(4);  // cycles 1-4: they decode and wait
  EXPECT_EQ(rig.core.executions(0), 0u);
  const uint64_t restart = rig.now;
  rig.core.start(0, kElsewhere);
  rig.run(10);
  const int64_t at = rig.core.cycle_of(0, kElsewhere);
  ASSERT_GE(at, 0);
  EXPECT_GE(at, static_cast<int64_t>(restart) + 2);  // fetch, decode, then issue
  EXPECT_TRUE(rig.core.mismatches.empty()) << first_mismatch(rig.core);
}

}  // namespace
}  // namespace kasane::test

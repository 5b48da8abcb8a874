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

using Order = std::array<unsigned, FetchStage::kMaxContexts>;

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
  FetchStage fetch;
};

TEST(PipelineFetch, IcountFavoursTheContextWithFewerInstructionsInFlight) {
  FetchRig rig(FetchPolicy::kIcount);
  rig.skew();
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

}  // namespace
}  // namespace kasane::test

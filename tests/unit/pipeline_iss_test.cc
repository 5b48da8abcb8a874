// The pipeline over the real functional model: IssCore adapting an Iss on the FlatRam of
// test_machine.h, with ideal caches (FakeMem of latency 1). A two-context SMT loop with loads
// and mispredicted branches must compute what the ISS alone computes, retire exactly the
// instructions the ISS executed, and never issue an instruction while the ISS is elsewhere
// (checked by a wrapper around IssCore, like FakeCore's oracle). Contexts that fork, suspend,
// are resumed and exit run the same cycles whether the pipeline parks the idle ones or visits
// every context every cycle.
#include <gtest/gtest.h>

#include "pipeline_fakes.h"
#include "thread_test_util.h"

namespace kasane::test {
namespace {

// IssCore that checks, before each step, that the instruction the pipeline issues is the one
// at the context's pc.
class CheckedIssCore : public IssCore {
 public:
  explicit CheckedIssCore(Iss& iss) : IssCore(iss) {}
  ExecResult execute(unsigned c, uint64_t cycle) override {
    bool in_slot;
    uint32_t target;
    const uint32_t pc = next_pc(c, in_slot, target);
    const ContextPipe& cp = pipe->ctx[c];
    const size_t idx = cp.window.size() - cp.n_fetched - cp.n_decoded;
    if (cp.n_decoded == 0 || cp.window[idx].pc != pc) ++mismatches;
    return IssCore::execute(c, cycle);
  }
  const PipeState* pipe = nullptr;
  unsigned mismatches = 0;
};

TEST(PipelineIss, SmtLoopOnTheRealIssRetiresWhatTheIssExecuted) {
  IssConfig icfg;
  icfg.contexts = 2;
  icfg.smp_start = true;  // both contexts start at kEntry
  Machine m(icfg);
  // t1 = sum over t0 = 10..1 of (t0 + word at kData), then WAIT (the context stops).
  m.load({enc::addiu(r::t0, r::zero, 10), enc::addiu(r::t1, r::zero, 0), enc::lui(r::a0, 0x8001),
          enc::lw(r::t2, 0, r::a0),  // loop:
          enc::addu(r::t1, r::t1, r::t0), enc::addu(r::t1, r::t1, r::t2),
          enc::addiu(r::t0, r::t0, -1), enc::bne(r::t0, r::zero, -5), enc::nop(), enc::wait()});
  m.ram.write32(Machine::pa_of(kData), 7);
  ASSERT_TRUE(m.ctx(1).state == ContextState::kRunning);
  m.ctx(1).pc = kEntry;

  PipelineConfig cfg = base_config();
  cfg.check = true;
  cfg.bpred = PredictorConfig{PredictorKind::kBimodal, 1024, 8, 64};
  CheckedIssCore core(m.iss);
  FakeMem imem(1), dmem(1);
  Pipeline pipe(cfg, core, imem, dmem, kLineBytes);
  core.pipe = &pipe.state();
  uint64_t now = 0;
  while (!pipe.quiescent() && now < 5000) pipe.tick(now++);
  ASSERT_TRUE(pipe.quiescent());

  const uint64_t expected = 3 + 10 * 6 + 1;  // setup, ten iterations, WAIT
  for (unsigned c = 0; c < 2; ++c) {
    EXPECT_EQ(m.gpr(r::t1, c), 55u + 10 * 7) << "context " << c;
    EXPECT_EQ(m.ctx(c).instret, expected) << "context " << c;
    EXPECT_EQ(pipe.stats(c).retired, expected) << "context " << c;
    EXPECT_GT(pipe.stats(c).mispredicts, 0u) << "context " << c;
  }
  EXPECT_EQ(core.mismatches, 0u);
  EXPECT_EQ(pipe.check_failures(), 0u) << pipe.first_check_failure();
}

// IssCore as the pipeline saw it before it parked idle contexts: every context may run, and
// there is no state count, so every stage visits every context every cycle.
class VisitEveryContext : public IssCore {
 public:
  explicit VisitEveryContext(Iss& iss) : IssCore(iss) {}
  bool may_run(unsigned) const override { return true; }
  const uint64_t* state_epoch() const override { return nullptr; }
};

struct ThreadRun {
  uint64_t cycles = 0;
  std::vector<ContextStats> stats;
  std::vector<uint64_t> instret;
};

// Context 0 forks two contexts that suspend at once, resumes each after a loop of its own, and
// waits; each resumed context counts down a loop and exits. On the real ISS, 4 contexts.
template <typename Functional>
ThreadRun run_fork_suspend_resume() {
  using namespace tenc;
  IssConfig icfg;
  icfg.contexts = 4;
  Machine m(icfg);
  const uint32_t child = code_of(1);
  m.load({enc::lui(r::t0, child >> 16), enc::ori(r::t0, r::t0, child & 0xffff),
          enc::tfork(r::v0, r::t0, r::zero), enc::tfork(r::v1, r::t0, r::zero),
          enc::addiu(r::t1, r::zero, 30), enc::addiu(r::t1, r::t1, -1),
          enc::bne(r::t1, r::zero, -2), enc::nop(), tresume(r::a0, r::v0),
          enc::addiu(r::t1, r::zero, 30), enc::addiu(r::t1, r::t1, -1),
          enc::bne(r::t1, r::zero, -2), enc::nop(), tresume(r::a1, r::v1), enc::wait()});
  m.place(child, {tsuspend(), enc::addiu(r::t2, r::zero, 20), enc::addiu(r::t2, r::t2, -1),
                  enc::bne(r::t2, r::zero, -2), enc::nop(), texit()});
  PipelineConfig cfg = base_config();
  cfg.check = true;
  Functional core(m.iss);
  FakeMem imem(1), dmem(1);
  Pipeline pipe(cfg, core, imem, dmem, kLineBytes);
  ThreadRun run;
  while (!pipe.quiescent() && run.cycles < 5000) {
    m.iss.set_cycle(run.cycles);
    pipe.tick(run.cycles++);
  }
  EXPECT_TRUE(pipe.quiescent());
  EXPECT_EQ(pipe.check_failures(), 0u) << pipe.first_check_failure();
  for (unsigned c = 0; c < 4; ++c) {
    run.stats.push_back(pipe.stats(c));
    run.instret.push_back(m.ctx(c).instret);
  }
  return run;
}

TEST(PipelineIss, ParkingIdleContextsChangesNoCycleOfForkSuspendResumeExit) {
  const ThreadRun parked = run_fork_suspend_resume<IssCore>();
  const ThreadRun visited = run_fork_suspend_resume<VisitEveryContext>();
  // The program ran as written: both children were resumed and counted down to their exit, and
  // the fourth context never ran.
  EXPECT_EQ(parked.instret[1], 1u + 1 + 20 * 3 + 1);
  EXPECT_EQ(parked.instret[2], parked.instret[1]);
  EXPECT_EQ(parked.instret[3], 0u);
  ASSERT_EQ(parked.cycles, visited.cycles);
  for (unsigned c = 0; c < 4; ++c) {
    const ContextStats &a = parked.stats[c], &b = visited.stats[c];
    EXPECT_EQ(a.retired, b.retired) << "context " << c;
    EXPECT_EQ(a.fetched, b.fetched) << "context " << c;
    EXPECT_EQ(a.squashed, b.squashed) << "context " << c;
    EXPECT_EQ(a.cpi, b.cpi) << "context " << c;
    EXPECT_EQ(parked.instret[c], visited.instret[c]) << "context " << c;
  }
  // Suspended and never-started contexts were charged their idle cycles.
  EXPECT_EQ(parked.stats[3].cpi[static_cast<size_t>(CpiCat::kIdle)], parked.cycles);
  EXPECT_GT(parked.stats[1].cpi[static_cast<size_t>(CpiCat::kIdle)], 60u);
}

}  // namespace
}  // namespace kasane::test

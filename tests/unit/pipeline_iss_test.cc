// The pipeline over the real functional model: IssCore adapting an Iss on the FlatRam of
// test_machine.h, with ideal caches (FakeMem of latency 1). A two-context SMT loop with loads
// and mispredicted branches must compute what the ISS alone computes, retire exactly the
// instructions the ISS executed, and never issue an instruction while the ISS is elsewhere
// (checked by a wrapper around IssCore, like FakeCore's oracle).
#include <gtest/gtest.h>

#include "pipeline_fakes.h"

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

}  // namespace
}  // namespace kasane::test

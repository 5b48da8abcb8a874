// The out-of-order core over the real ISS (the FlatRam machine of test_machine.h) with ideal
// caches (FakeMem): it must compute what the ISS alone computes and commit exactly what the ISS
// executed (the reference check), through mispredicts, exceptions in delay slots, forwarding,
// memory-order violations, the long-latency policies and several contexts; and the policies must
// do what they are for (ICOUNT serves the context with fewer instructions in flight, STALL and
// FLUSH give the window to the other context).
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <memory>

#include "core/o3/o3_core.h"
#include "pipeline_fakes.h"
#include "thread_test_util.h"

namespace kasane::test {
namespace {

O3Config o3_config() {
  O3Config cfg;
  cfg.front = base_config();
  cfg.front.bpred = PredictorConfig{PredictorKind::kBimodal, 1024, 8, 64};
  cfg.front.check = true;
  cfg.front.issue_width = 4;
  return cfg;
}

// A data level whose accesses to [slow_from, slow_to) take `slow` cycles, the rest `fast`.
class SplitMem : public MemLevel {
 public:
  SplitMem(uint32_t fast, uint32_t slow, uint32_t slow_from, uint32_t slow_to)
      : fast_(fast), slow_(slow), from_(slow_from), to_(slow_to) {}
  std::optional<uint64_t> access(uint32_t pa, bool, uint64_t now) override {
    return now + (pa >= from_ && pa < to_ ? slow_ : fast_);
  }
  void prefetch(uint32_t, uint64_t) override {}

 private:
  uint32_t fast_, slow_, from_, to_;
};

struct O3Run {
  std::unique_ptr<IssModel> f;
  std::unique_ptr<O3Core<IssModel>> core;
  uint64_t cycles = 0;
  std::vector<uint64_t> stopped;  // per context: the first cycle after which it no longer ran
};

// Run `m` on an out-of-order core until nothing is left to do (or `limit` cycles).
O3Run run_o3(Machine& m, const O3Config& cfg, MemLevel& dmem, uint64_t limit = 200000) {
  static FakeMem imem(1);
  O3Run r;
  r.f = std::make_unique<IssModel>(m.iss);
  r.core = std::make_unique<O3Core<IssModel>>(cfg, *r.f, imem, dmem, kLineBytes);
  r.stopped.assign(m.iss.num_contexts(), 0);
  uint64_t now = 0;
  while (now < limit) {
    m.iss.set_cycle(now);
    m.iss.update_timers();
    if (r.core->quiescent()) break;
    r.core->tick(now++);
    for (unsigned c = 0; c < m.iss.num_contexts(); ++c)
      if (m.ctx(c).state == ContextState::kRunning) r.stopped[c] = now;
  }
  r.core->finish(now);
  r.cycles = now;
  return r;
}

uint64_t retired(const O3Run& r, unsigned c) {
  CounterSet n;
  r.core->counters(n);
  return n.count("ctx." + std::to_string(c) + ".retired");
}
// Every counter, for a failure's message.
std::string all_counters(const O3Run& r) {
  CounterSet n;
  r.core->counters(n);
  nlohmann::json j = r.core->report(n, r.cycles);
  return j["o3"].dump() + " " + j["contexts"][0].dump();
}
uint64_t counter(const O3Run& r, const std::string& name) {
  CounterSet n;
  r.core->counters(n);
  return n.count(name);
}

// t1 = sum over t0 = 10..1 of (t0 + word at kData), then WAIT.
const std::vector<uint32_t> kSumLoop = {
    enc::addiu(r::t0, r::zero, 10), enc::addiu(r::t1, r::zero, 0), enc::lui(r::a0, 0x8001),
    enc::lw(r::t2, 0, r::a0),  // loop:
    enc::addu(r::t1, r::t1, r::t0), enc::addu(r::t1, r::t1, r::t2),
    enc::addiu(r::t0, r::t0, -1), enc::bne(r::t0, r::zero, -5), enc::nop(), enc::wait()};

TEST(O3Core, SmtLoopOnTheRealIssCommitsWhatTheIssExecuted) {
  IssConfig icfg;
  icfg.contexts = 2;
  icfg.smp_start = true;
  Machine m(icfg);
  m.load(kSumLoop);
  m.ram.write32(Machine::pa_of(kData), 7);
  m.ctx(1).pc = kEntry;
  FakeMem dmem(2);
  O3Run r = run_o3(m, o3_config(), dmem);
  ASSERT_TRUE(r.core->quiescent());
  const uint64_t expected = 3 + 10 * 6 + 1;
  for (unsigned c = 0; c < 2; ++c) {
    EXPECT_EQ(m.gpr(r::t1, c), 55u + 10 * 7) << "context " << c;
    EXPECT_EQ(m.ctx(c).instret, expected) << "context " << c;
    EXPECT_EQ(retired(r, c), expected) << "context " << c;
  }
  EXPECT_GT(counter(r, "ctx.0.mispredicts"), 0u);
  EXPECT_GT(counter(r, "ctx.0.squashed"), 0u) << "the wrong path after the loop's last branch";
  EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();
  // Nothing leaks: every count the fetch policies read is back to zero.
  for (unsigned c = 0; c < 2; ++c) {
    const ContextPipe& cp = r.core->state().front.ctx[c];
    EXPECT_EQ(cp.n_fetched + cp.n_decoded + cp.n_branches + cp.n_misses, 0u) << c;
  }
}

TEST(O3Core, IndependentWorkOverlapsALongMultiplyThatThePipelineWaitsFor) {
  // A 12-cycle multiply, its consumer at once (an in-order core waits here), then work that
  // does not need it.
  std::vector<uint32_t> code = {enc::addiu(r::a1, r::zero, 3), enc::mul(r::a2, r::a1, r::a1),
                                enc::addu(r::a3, r::a2, r::a2)};
  for (int k = 0; k < 40; ++k) code.push_back(enc::addiu(r::t0 + (k % 8), r::t0 + (k % 8), 1));
  code.push_back(enc::addu(r::v0, r::a3, r::t0));
  code.push_back(enc::wait());
  Machine a, b;
  a.load(code);
  b.load(code);
  FakeMem dmem(2), imem(1);
  O3Run o3 = run_o3(a, o3_config(), dmem);
  PipelineConfig pcfg = o3_config().front;
  IssCore core(b.iss);
  Pipeline pipe(pcfg, core, imem, dmem, kLineBytes);
  uint64_t now = 0;
  while (!pipe.quiescent() && now < 10000) pipe.tick(now++);
  EXPECT_EQ(a.gpr(r::v0), b.gpr(r::v0));
  EXPECT_LT(o3.cycles, now) << "out of order: the adds run under the multiply";
  EXPECT_EQ(o3.core->check_failures(), 0u) << o3.core->first_check_failure();
}

TEST(O3Core, ALoadTakesItsDataFromTheOlderStore) {
  Machine m;
  // Store t0 and load it straight back, ten times; t1 sums what was loaded.
  m.load({enc::addiu(r::t0, r::zero, 10), enc::lui(r::a0, 0x8001), enc::addiu(r::t1, r::zero, 0),
          enc::sw(r::t0, 0, r::a0),  // loop:
          enc::lw(r::t2, 0, r::a0), enc::addu(r::t1, r::t1, r::t2), enc::addiu(r::t0, r::t0, -1),
          enc::bne(r::t0, r::zero, -5), enc::nop(), enc::wait()});
  FakeMem dmem(3);
  O3Run r = run_o3(m, o3_config(), dmem);
  EXPECT_EQ(m.gpr(r::t1), 55u);
  EXPECT_GE(counter(r, "o3.forwards"), 9u) << all_counters(r);
  EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();
}

TEST(O3Core, ALoadOverlappingPartOfAnOlderStoreWaitsForTheCache) {
  Machine m;
  // SB then LW of the word holding the byte: the load must wait for the store to reach memory.
  m.load({enc::addiu(r::t0, r::zero, 0x5a), enc::lui(r::a0, 0x8001),
          enc::itype(40, r::a0, r::t0, 1),  // sb t0, 1(a0)
          enc::lw(r::t2, 0, r::a0), enc::wait()});
  m.ram.write32(Machine::pa_of(kData), 0x11223344);
  FakeMem dmem(2);
  O3Run r = run_o3(m, o3_config(), dmem);
  EXPECT_EQ(m.gpr(r::t2), 0x11225a44u);
  EXPECT_GT(counter(r, "o3.partial_waits"), 0u) << all_counters(r);
  EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();
}

// A store whose address comes from a 32-cycle divide, and a load of the same word right after
// it whose address is ready at once: the load reads memory first.
Machine& violation_program(Machine& m) {
  m.load({enc::addiu(r::t0, r::zero, 20), enc::lui(r::a0, 0x8001), enc::addiu(r::t3, r::zero, 0),
          enc::addiu(r::t4, r::zero, 1), enc::addiu(r::t2, r::zero, 0),
          enc::div(r::t3, r::t4),  // loop: lo = 0, late
          enc::mflo(r::t5), enc::addu(r::t6, r::a0, r::t5), enc::sw(r::t0, 0, r::t6),
          enc::lw(r::t1, 0, r::a0), enc::addu(r::t2, r::t2, r::t1), enc::addiu(r::t0, r::t0, -1),
          enc::bne(r::t0, r::zero, -8), enc::nop(), enc::wait()});
  return m;
}

TEST(O3Core, AMemoryOrderViolationSquashesTheLoadAndThePredictorLearns) {
  Machine m;
  FakeMem dmem(2);
  O3Run r = run_o3(violation_program(m), o3_config(), dmem);
  EXPECT_EQ(m.gpr(r::t2), 210u) << "each load saw its own iteration's store";
  const uint64_t violations = counter(r, "o3.violations");
  EXPECT_GE(violations, 1u);
  EXPECT_LE(violations, 2u) << "store sets: the load waits for the store from then on";
  EXPECT_GT(counter(r, "o3.store_set_waits"), 0u);
  EXPECT_GT(counter(r, "ctx.0.replayed"), 0u) << "the squashed loads were dispatched again";
  EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();

  Machine blind;
  O3Config none = o3_config();
  none.mem_dep = MemDepPolicy::kNone;
  FakeMem dmem2(2);
  O3Run b = run_o3(violation_program(blind), none, dmem2);
  EXPECT_EQ(blind.gpr(r::t2), 210u);
  EXPECT_GT(counter(b, "o3.violations"), 10u) << "without the predictor, nearly every iteration";
  EXPECT_EQ(b.core->check_failures(), 0u) << b.core->first_check_failure();
}

// The ISS behind the interface, but while context 0 has instructions to replay fetch cannot
// translate their code: another context's TLB refill took the page's entry after the squash, and
// only the ISS, executing something new, would refill it (E9's livelock, docs/o3.md).
class LosesCodeTranslationWhileReplaying : public IssCore {
 public:
  using IssCore::IssCore;
  bool peek_fetch(unsigned ctx, uint32_t va, uint32_t& pa, uint32_t& raw) override {
    if (core && !core->state().threads[0].replay.empty()) {
      ++refused;
      return false;
    }
    return IssCore::peek_fetch(ctx, va, pa, raw);
  }
  O3Core<FunctionalCore>* core = nullptr;
  uint64_t refused = 0;
};

TEST(O3Core, AReplayedInstructionWhosePageLostItsTranslationStillDispatches) {
  Machine m;
  violation_program(m);
  LosesCodeTranslationWhileReplaying f(m.iss);
  FakeMem dmem(2), imem(1);
  O3Core<FunctionalCore> core(o3_config(), f, imem, dmem, kLineBytes);
  f.core = &core;
  uint64_t now = 0;
  for (; now < 20000 && !core.quiescent(); ++now) {
    m.iss.set_cycle(now);
    core.tick(now);
  }
  core.finish(now);
  ASSERT_TRUE(core.quiescent()) << "livelock: the replay never dispatched";
  EXPECT_GT(f.refused, 0u) << "fetch did try the lost page";
  CounterSet n;
  core.counters(n);
  EXPECT_GT(n.count("ctx.0.replayed"), 0u);
  EXPECT_EQ(m.gpr(r::t2), 210u);
  EXPECT_EQ(n.count("ctx.0.retired"), m.ctx().instret);
  EXPECT_EQ(core.check_failures(), 0u) << core.first_check_failure();
}

TEST(O3Core, AnExceptionInADelaySlotTakesEffectAtCommit) {
  // A BNEL loop whose delay slot loads from nowhere (a bus error) each time the branch is taken;
  // the handler counts it and goes back to the decrement before the branch (EPC, the branch, -4).
  // The last time the branch is not taken and annuls its slot.
  auto program = [](Machine& m) {
    m.place(kGeneralVector, {enc::addiu(r::s0, r::s0, 1), enc::mfc0(r::k0, cp0::kEPC),
                             enc::addiu(r::k0, r::k0, -4), enc::mtc0(r::k0, cp0::kEPC),
                             enc::eret()});
    m.load({enc::lui(r::a1, kBusErrorVa >> 16), enc::addiu(r::t0, r::zero, 5),
            enc::addiu(r::t0, r::t0, -1),                                   // loop:
            enc::itype(21, r::t0, r::zero, -2), enc::lw(r::t1, 0, r::a1),  // bnel; slot
            enc::addiu(r::v0, r::s0, 100), enc::wait()});
  };
  Machine alone, o3m;
  program(alone);
  program(o3m);
  while (alone.ctx().state == ContextState::kRunning) alone.iss.step(alone.ctx());
  FakeMem dmem(2);
  O3Run r = run_o3(o3m, o3_config(), dmem);
  EXPECT_EQ(alone.gpr(r::s0), 4u);
  EXPECT_EQ(o3m.gpr(r::s0), alone.gpr(r::s0));
  EXPECT_EQ(o3m.gpr(r::v0), alone.gpr(r::v0));
  EXPECT_EQ(o3m.ctx().instret, alone.ctx().instret);
  EXPECT_EQ(retired(r, 0), alone.ctx().instret);
  EXPECT_EQ(counter(r, "ctx.0.exceptions"), 4u);
  EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();
}

// Context 0: a load that misses (the slow range) feeding a long chain; context 1: independent
// adds. Both on one small shared window.
// With `dependent`, the loop's other instructions need the load too, so they wait in the issue
// queue; otherwise they complete and wait in the ROB.
std::pair<O3Run, uint64_t> smt_mix(LongLatencyPolicy policy, FetchPolicy fetch, Machine& m,
                                   SplitMem& dmem, bool dependent = false) {
  const unsigned src = dependent ? r::t1 : r::zero;
  m.load({enc::addiu(r::t0, r::zero, 30), enc::lui(r::a0, 0x8002),  // slow data at 0x80020000
          enc::lw(r::t1, 0, r::a0),  // loop:
          enc::addu(r::t2, r::t2, r::t1), enc::addu(r::t3, r::t3, src),
          enc::addu(r::t4, r::t4, src),
          enc::addiu(r::a0, r::a0, 64), enc::addiu(r::t0, r::t0, -1),
          enc::bne(r::t0, r::zero, -7), enc::nop(), enc::wait()});
  std::vector<uint32_t> adds;
  for (int k = 0; k < 400; ++k) adds.push_back(enc::addiu(r::t0 + (k % 6), r::t0 + (k % 6), 1));
  adds.push_back(enc::wait());
  start(m, 1, adds);
  O3Config cfg = o3_config();
  // The window: a small ROB, or for the dependent loop a small issue queue.
  cfg.rob = ShareConfig{dependent ? 96u : 24u};
  cfg.iq = ShareConfig{12};
  cfg.long_latency = policy;
  cfg.front.fetch_policy = fetch;
  cfg.l1_hit_latency = 2;
  cfg.l2_hit_latency = 12;
  O3Run r = run_o3(m, cfg, dmem);
  return {std::move(r), m.ctx(1).instret};
}

TEST(O3Core, StallAndFlushOnAnL2MissGiveTheWindowToTheOtherContext) {
  std::map<LongLatencyPolicy, uint64_t> cycles;
  for (LongLatencyPolicy p :
       {LongLatencyPolicy::kNone, LongLatencyPolicy::kStall, LongLatencyPolicy::kFlush}) {
    IssConfig icfg;
    icfg.contexts = 2;
    Machine m(icfg);
    SplitMem dmem(2, 150, 0x20000, 0x30000);
    auto [r, instret1] = smt_mix(p, FetchPolicy::kRoundRobin, m, dmem);
    EXPECT_EQ(m.gpr(r::t0, 0), 0u) << long_latency_name(p);
    EXPECT_EQ(instret1, 401u) << long_latency_name(p);
    EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();
    if (p != LongLatencyPolicy::kNone) EXPECT_GT(counter(r, "o3.long_latency"), 0u);
    if (p == LongLatencyPolicy::kFlush) EXPECT_GT(counter(r, "ctx.0.replayed"), 0u);
    cycles[p] = r.stopped[1];  // when context 1's adds were done
  }
  EXPECT_LT(cycles[LongLatencyPolicy::kStall], cycles[LongLatencyPolicy::kNone]);
  EXPECT_LT(cycles[LongLatencyPolicy::kFlush], cycles[LongLatencyPolicy::kNone]);
}

TEST(O3Core, IcountFetchesForTheContextWithFewerInstructionsInFlight) {
  std::map<FetchPolicy, uint64_t> done;
  for (FetchPolicy p : {FetchPolicy::kRoundRobin, FetchPolicy::kIcount}) {
    IssConfig icfg;
    icfg.contexts = 2;
    Machine m(icfg);
    SplitMem dmem(2, 150, 0x20000, 0x30000);
    auto [r, instret1] = smt_mix(LongLatencyPolicy::kNone, p, m, dmem, true);
    EXPECT_EQ(instret1, 401u);
    EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();
    done[p] = r.stopped[1];
  }
  // Round robin keeps filling the issue queue with the missing context's waiting instructions;
  // ICOUNT fetches for the context whose instructions leave it quickly, which finishes sooner.
  EXPECT_LT(done[FetchPolicy::kIcount], done[FetchPolicy::kRoundRobin]);
}

TEST(O3Core, OldestReadyCommitsTheOlderContextFirstAndRoundRobinTakesTurns) {
  // Two contexts of adds with a one-wide commit: round robin alternates the contexts in the
  // commit slot; oldest_ready gives it to the one whose head was fetched first, which keeps
  // being the same context for runs of instructions fetched together.
  std::map<CommitPolicy, unsigned> switches;
  for (CommitPolicy p : {CommitPolicy::kRoundRobin, CommitPolicy::kOldestReady}) {
    IssConfig icfg;
    icfg.contexts = 2;
    Machine m(icfg);
    std::vector<uint32_t> adds(200, enc::addiu(r::t0, r::t0, 1));
    adds.push_back(enc::wait());
    m.load(adds);
    start(m, 1, adds);
    O3Config cfg = o3_config();
    cfg.front.retire_width = 1;
    cfg.commit = p;
    FakeMem dmem(2), imem(1);
    IssModel f(m.iss);
    O3Core<IssModel> core(cfg, f, imem, dmem, kLineBytes);
    std::array<uint64_t, 2> before{};
    int last = -1;
    for (uint64_t now = 0; now < 2000 && !core.quiescent(); ++now) {
      m.iss.set_cycle(now);
      core.tick(now);
      CounterSet n;
      core.counters(n);
      for (unsigned c = 0; c < 2; ++c) {
        const uint64_t done = n.count("ctx." + std::to_string(c) + ".retired");
        if (done == before[c]) continue;
        if (last >= 0 && last != static_cast<int>(c)) ++switches[p];
        last = static_cast<int>(c);
        before[c] = done;
      }
    }
    EXPECT_EQ(m.gpr(r::t0, 0), 200u);
    EXPECT_EQ(m.gpr(r::t0, 1), 200u);
    EXPECT_EQ(core.check_failures(), 0u) << core.first_check_failure();
  }
  EXPECT_GT(switches[CommitPolicy::kRoundRobin], 300u) << "nearly every slot";
  EXPECT_LT(switches[CommitPolicy::kOldestReady], switches[CommitPolicy::kRoundRobin]);
}

TEST(O3Core, ContextsThatForkSuspendAndExitCommitWhatTheIssExecuted) {
  using namespace tenc;
  Machine m(thread_config(4));
  const uint32_t child = code_of(1);
  m.load({enc::lui(r::t0, child >> 16), enc::ori(r::t0, r::t0, child & 0xffff),
          enc::tfork(r::v0, r::t0, r::zero), enc::tfork(r::v1, r::t0, r::zero),
          enc::addiu(r::t1, r::zero, 30), enc::addiu(r::t1, r::t1, -1),
          enc::bne(r::t1, r::zero, -2), enc::nop(), tresume(r::a0, r::v0),
          enc::addiu(r::t1, r::zero, 30), enc::addiu(r::t1, r::t1, -1),
          enc::bne(r::t1, r::zero, -2), enc::nop(), tresume(r::a1, r::v1), enc::wait()});
  m.place(child, {tsuspend(), enc::addiu(r::t2, r::zero, 20), enc::addiu(r::t2, r::t2, -1),
                  enc::bne(r::t2, r::zero, -2), enc::nop(), texit()});
  FakeMem dmem(2);
  O3Run r = run_o3(m, o3_config(), dmem);
  ASSERT_TRUE(r.core->quiescent());
  EXPECT_EQ(r.core->check_failures(), 0u) << r.core->first_check_failure();
  for (unsigned c = 0; c < 4; ++c) EXPECT_EQ(retired(r, c), m.ctx(c).instret) << c;
  EXPECT_EQ(m.ctx(1).state, ContextState::kFree);
  EXPECT_EQ(m.ctx(2).state, ContextState::kFree);
}

}  // namespace
}  // namespace kasane::test

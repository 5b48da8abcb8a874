// Unit tests of the thread extension in the functional ISS (../shared/design/isa.md): TFORK (start
// pc, $a0, $gp, zeroed GPRs and FPRs, the caller's FCSR, mode and ASID, lowest free context
// allowed by TMask, fork latency, failure with rd = 0), TEXIT (free and reusable; Thread
// exception with TControl.XT), TID, TPRIO, the kernel's THALT/TSTART/TINTR, user-mode legality
// (TControl.TU / MU: CpU with CE = 2; kernel-only: CpU with CE = 0), CP0 register 22, and
// Iss::run ending when every context has exited or deadlocking when none can wake. Sleeping and
// waking (TSUSPEND/TRESUME, MONITOR/MWAIT): iss_thread_wait_test.cc.
#include "thread_test_util.h"

namespace kasane::test {
namespace {

using namespace enc;
using namespace tenc;

using W = std::vector<uint32_t>;

TEST(ThreadEncoding, TheTestEncodersMatchTheIsaTable) {
  const std::pair<uint32_t, const char*> rows[] = {
      {tfork(1, 2, 3), "tfork"},     {texit(), "texit"},         {tid(2), "tid"},
      {tsuspend(), "tsuspend"},      {tresume(2, 3), "tresume"}, {monitor(4), "monitor"},
      {mwait(2, 3, 4), "mwait"},     {tprio(4), "tprio"},        {thalt(4), "thalt"},
      {tstart(4), "tstart"},         {tintr(4), "tintr"}};
  for (const auto& [raw, name] : rows) {
    const InsnInfo* info = decode(raw);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_STREQ(info->name, name);
  }
}

// ---- TFORK ----

TEST(TFork, StartsAFreeContextAtRsWithA0FromRtGpCopiedAndOtherGprsZero) {
  Machine m(thread_config());
  for (unsigned k = 1; k < 4; ++k) {
    m.ctx(k).gpr.fill(0xdeadbeefu);
    m.ctx(k).hi = m.ctx(k).lo = 0xdeadbeefu;
    m.ctx(k).fpr.fill(0xdeadbeefu);
  }
  m.ctx(0).fcsr = 0x01000f83u;  // FS, every enable, rounding toward -infinity
  m.gpr(r::t0) = code_of(1);
  m.gpr(r::t1) = 0x1234;
  m.gpr(r::gp) = 0x10008000u;
  m.gpr(r::s3) = 77;
  m.gpr(r::v0) = 0x5555;
  m.exec({tfork(r::v0, r::t0, r::t1)});
  EXPECT_EQ(m.gpr(r::v0), 2u) << "LTN of context 1";
  const Context& c = m.ctx(1);
  EXPECT_EQ(c.state, ContextState::kRunning);
  EXPECT_EQ(c.pc, code_of(1));
  EXPECT_FALSE(c.cp0.user_mode()) << "same mode as the kernel-mode caller";
  for (unsigned reg = 0; reg < 32; ++reg) {
    const uint32_t want = reg == r::a0 ? 0x1234u : reg == r::gp ? 0x10008000u : 0u;
    EXPECT_EQ(c.gpr[reg], want) << "gpr " << reg;
  }
  EXPECT_EQ(c.hi, 0u);
  EXPECT_EQ(c.lo, 0u);
  for (unsigned reg = 0; reg < 32; ++reg) EXPECT_EQ(c.fpr[reg], 0u) << "fpr " << reg;
  EXPECT_EQ(c.fcsr, 0x01000f83u) << "FCSR is the caller's";
  EXPECT_EQ(m.ctx(2).state, ContextState::kFree);
  EXPECT_EQ(m.ctx(3).state, ContextState::kFree);
}

TEST(TFork, TheNewContextExecutesOnlyFromForkLatencyCyclesOn) {
  Machine m(thread_config());
  m.gpr(r::t0) = code_of(1);
  m.load(W{tfork(r::v0, r::t0, r::zero)} + nops(100));
  m.place(code_of(1), counter());
  m.iss.run(kForkLatency);  // the tfork at cycle 0, then cycles 1 .. latency-1
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning);
  EXPECT_EQ(m.ctx(1).instret, 0u) << "not before cycle " << kForkLatency;
  m.iss.run(1);
  EXPECT_EQ(m.ctx(1).instret, 1u) << "first instruction at cycle " << kForkLatency;
  m.iss.run(10);
  EXPECT_EQ(m.gpr(r::s0, 1), 11u);
}

TEST(TFork, InUserModeTheNewContextRunsInUserModeWithTheCallersAsidTMaskAndTControl) {
  Machine m(thread_config());
  m.enter_user({tfork(r::v0, r::t0, r::t1)});
  m.place_phys(Machine::kUserCode + 0x100, counter(8));
  m.ctx(0).cp0.entryhi = 5;  // ASID 5 (the user page is global)
  m.ctx(0).cp0.tmask = 0xe;
  m.ctx(0).cp0.tcontrol = cp0::kTControlTU | cp0::kTControlMU;
  m.ctx(1).cp0.ebase = 0x80004000u;
  m.gpr(r::t0) = Machine::kUserCode + 0x100;
  m.gpr(r::t1) = 9;
  m.step();
  ASSERT_FALSE(m.exl()) << cp0::exc_mnemonic(m.exc_code());
  ASSERT_EQ(m.gpr(r::v0), 2u);
  const Context& c = m.ctx(1);
  EXPECT_TRUE(c.cp0.user_mode());
  EXPECT_EQ(c.cp0.entryhi & cp0::kEntryHiASIDMask, 5u);
  EXPECT_EQ(c.cp0.tmask, 0xeu);
  EXPECT_EQ(c.cp0.tcontrol, cp0::kTControlTU | cp0::kTControlMU);
  EXPECT_EQ(c.cp0.ebase, 0x80004000u) << "EBase is the context's own";
  m.step(2, 1);
  EXPECT_FALSE(m.exl(1)) << cp0::exc_mnemonic(m.exc_code(1));
  EXPECT_EQ(m.gpr(r::s0, 1), 2u);
  EXPECT_EQ(m.gpr(r::a0, 1), 9u);
}

TEST(TFork, TakesTheLowestFreeContextThatTMaskAllows) {
  Machine m(thread_config());
  m.ctx(0).cp0.tmask = 0xc;  // contexts 2 and 3 (LTN 3 and 4)
  m.gpr(r::t0) = code_of(2);
  m.exec({tfork(r::v0, r::t0, r::zero), tfork(r::v1, r::t0, r::zero), tfork(r::s4, r::t0, r::zero)});
  EXPECT_EQ(m.gpr(r::v0), 3u);
  EXPECT_EQ(m.gpr(r::v1), 4u);
  EXPECT_EQ(m.gpr(r::s4), 0u) << "both allowed contexts are taken";
  EXPECT_EQ(m.ctx(1).state, ContextState::kFree) << "TMask excludes context 1";
}

TEST(TFork, WithNoFreeContextReturnsZeroAndChangesNoOtherContext) {
  Machine m(thread_config(2));
  m.gpr(r::t0) = code_of(1);
  m.gpr(r::t1) = 1;
  m.gpr(r::t2) = code_of(1) + 0x100;
  m.gpr(r::t3) = 2;
  m.exec({tfork(r::v0, r::t0, r::t1)});
  ASSERT_EQ(m.gpr(r::v0), 2u);
  const Context before = m.ctx(1);
  m.gpr(r::v1) = 0x5555;
  m.exec({tfork(r::v1, r::t2, r::t3)});
  EXPECT_EQ(m.gpr(r::v1), 0u);
  EXPECT_FALSE(m.exl()) << "creation failure is not a trap";
  EXPECT_EQ(m.ctx(1).pc, before.pc);
  EXPECT_EQ(m.ctx(1).gpr, before.gpr);
  EXPECT_EQ(m.ctx(1).state, before.state);
  EXPECT_EQ(m.ctx(1).wake_at, before.wake_at);
}

TEST(TFork, WithATMaskThatExcludesEveryFreeContextReturnsZero) {
  Machine m(thread_config());
  m.ctx(0).cp0.tmask = 0x1;  // only the caller itself
  m.gpr(r::t0) = code_of(1);
  m.gpr(r::v0) = 0x5555;
  m.exec({tfork(r::v0, r::t0, r::zero)});
  EXPECT_EQ(m.gpr(r::v0), 0u);
  for (unsigned k = 1; k < 4; ++k) EXPECT_EQ(m.ctx(k).state, ContextState::kFree) << k;
}

// ---- TEXIT, TID ----

TEST(TExit, MakesTheContextFreeAndALaterTForkReusesIt) {
  Machine m(thread_config(2));
  m.place(code_of(1), {texit()});
  m.place(code_of(1) + 0x100, counter(4));
  m.gpr(r::t0) = code_of(1);
  m.gpr(r::t1) = code_of(1) + 0x100;
  m.gpr(r::t2) = 2;
  m.exec({tfork(r::v0, r::t0, r::zero)});
  ASSERT_EQ(m.gpr(r::v0), 2u);
  m.step(1, 1);
  EXPECT_EQ(m.ctx(1).state, ContextState::kFree);
  m.exec({tfork(r::v1, r::t1, r::t2)});
  EXPECT_EQ(m.gpr(r::v1), 2u) << "the exited context is free again";
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning);
  EXPECT_EQ(m.ctx(1).pc, code_of(1) + 0x100);
  EXPECT_EQ(m.gpr(r::a0, 1), 2u);
}

TEST(TExit, WithTControlXTRaisesAThreadException) {
  Machine m(thread_config());
  m.ctx().cp0.tcontrol |= cp0::kTControlXT;
  m.load({texit()});
  m.step();
  EXPECT_TRUE(m.exl());
  EXPECT_EQ(m.exc_code(), cp0::kThread) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.exc_code(), 25u);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
  EXPECT_EQ(m.ctx().state, ContextState::kRunning) << "the context has not exited";
}

TEST(Tid, ReturnsTheLtnWhichIsTheContextIndexPlusOne) {
  Machine m(thread_config());
  for (unsigned k = 0; k < 4; ++k) {
    m.load({tid(r::v0)}, code_of(k), k);
    m.step(1, k);
    EXPECT_EQ(m.gpr(r::v0, k), k + 1);
  }
}

// ---- TPRIO ----

TEST(TPrio, SetsTheFetchPriorityClampedToHigh) {
  const std::pair<uint32_t, unsigned> cases[] = {{0, 0}, {1, 1}, {2, 2}, {3, 2}, {0xffffffffu, 2}};
  for (const auto& [value, want] : cases) {
    Machine m(thread_config(1));
    m.gpr(r::t0) = value;
    m.load({tprio(r::t0)});
    m.step();
    EXPECT_EQ(m.ctx().fetch_priority, want) << value;
  }
}

// ---- THALT / TSTART / TINTR ----

TEST(THalt, StopsARunningContextAndTStartLetsItGoOnWhereItWas) {
  Machine m(thread_config(2));
  start(m, 1, counter(1000));
  m.gpr(r::s1) = 2;
  m.load(nops(5) + W{thalt(r::s1)} + nops(50) +
         W{tstart(r::s1)} + nops(300));
  m.iss.run(6);  // thalt at cycle 5, before context 1's turn in that cycle
  EXPECT_EQ(m.ctx(1).state, ContextState::kHalted);
  EXPECT_EQ(m.ctx(1).instret, 5u);
  m.iss.run(50);
  EXPECT_EQ(m.ctx(1).instret, 5u) << "a halted context executes nothing";
  EXPECT_EQ(m.ctx(1).pc, code_of(1) + 20);
  EXPECT_EQ(m.iss.cp0_read(m.ctx(0), cp0::kThreadCtl, 2), 0x3u) << "TState: a halted context is live";
  m.iss.run(1);  // tstart at cycle 56
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning);
  m.iss.run(20);
  EXPECT_GT(m.ctx(1).instret, 5u);
  EXPECT_EQ(m.gpr(r::s0, 1), m.ctx(1).instret) << "no instruction skipped or repeated";
  EXPECT_EQ(m.ctx(1).pc, code_of(1) + 4 * m.ctx(1).instret);
}

TEST(TIntr, SetsIP1OnTheTargetAndWakesASuspendedContextWithIEAndIM1) {
  Machine m(thread_config(2));
  place_handler(m);
  start(m, 1, W{tsuspend()} + counter());
  m.ctx(1).cp0.status |= cp0::kStatusIE | kStatusIM1;
  m.gpr(r::s2) = 2;
  m.load(nops(10) + W{tintr(r::s2)} + nops(200));
  m.iss.run(10);
  ASSERT_EQ(m.ctx(1).state, ContextState::kSuspended);
  m.iss.run(1);  // tintr at cycle 10
  EXPECT_TRUE(m.ctx(1).cp0.cause & kCauseIP1);
  EXPECT_FALSE(m.ctx(0).cp0.cause & kCauseIP1) << "only the target";
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning);
  m.iss.run(100);
  EXPECT_EQ(m.gpr(r::s1, 1), 1u) << "the handler ran once on context 1";
  EXPECT_EQ(m.gpr(r::k1, 1), code_of(1) + 4) << "EPC: after the tsuspend";
  EXPECT_GT(m.gpr(r::s0, 1), 0u);
  EXPECT_FALSE(m.exl(1));
  EXPECT_EQ(m.gpr(r::s1, 0), 0u) << "context 0 took no interrupt";
}

TEST(TIntr, DoesNotWakeASuspendedContextThatMasksIP1) {
  Machine m(thread_config(2));
  start(m, 1, W{tsuspend()} + counter());
  m.ctx(1).cp0.status |= cp0::kStatusIE;  // IM1 clear
  m.step(1, 1);
  m.gpr(r::s2) = 2;
  m.exec({tintr(r::s2)});
  EXPECT_TRUE(m.ctx(1).cp0.cause & kCauseIP1);
  EXPECT_EQ(m.ctx(1).state, ContextState::kSuspended);
}

TEST(TIntr, AnInterruptSentWhileHaltedIsTakenAfterTStart) {
  Machine m(thread_config(2));
  place_handler(m);
  start(m, 1, W{tsuspend()} + counter());
  m.ctx(1).cp0.status |= cp0::kStatusIE | kStatusIM1;
  m.step(1, 1);
  m.gpr(r::s2) = 2;
  m.load(W{thalt(r::s2), tintr(r::s2)} + nops(20) + W{tstart(r::s2)} +
         nops(200));
  m.iss.run(22);
  EXPECT_EQ(m.ctx(1).state, ContextState::kHalted) << "no interrupt while halted";
  EXPECT_EQ(m.gpr(r::s1, 1), 0u);
  m.iss.run(100);
  EXPECT_EQ(m.gpr(r::s1, 1), 1u);
  EXPECT_GT(m.gpr(r::s0, 1), 0u);
}

TEST(ThreadKernelOnly, ABadLtnRaisesThread) {
  for (uint32_t raw : {thalt(r::s2), tstart(r::s2), tintr(r::s2)}) {
    for (uint32_t ltn : {0u, 5u}) {
      Machine m(thread_config());
      m.gpr(r::s2) = ltn;
      m.load({raw});
      m.step();
      EXPECT_EQ(m.exc_code(), cp0::kThread)
          << decode(raw)->name << " of LTN " << ltn << ": " << cp0::exc_mnemonic(m.exc_code());
    }
  }
}

// ---- legality in user mode ----

TEST(ThreadUserMode, KernelOnlyInstructionsRaiseCoprocessorUnusableWithCe0) {
  for (uint32_t raw : {thalt(r::s2), tstart(r::s2), tintr(r::s2)}) {
    Machine m(thread_config(2));
    start(m, 1, counter());
    m.enter_user({raw});
    m.gpr(r::s2) = 2;
    m.step();
    EXPECT_EQ(m.exc_code(), cp0::kCpU) << decode(raw)->name;
    EXPECT_EQ(m.cause_ce(), 0u) << decode(raw)->name;
    EXPECT_EQ(m.ctx(1).state, ContextState::kRunning) << decode(raw)->name;
  }
}

TEST(ThreadUserMode, ThreadInstructionsWithTControlTUClearRaiseCoprocessorUnusableWithCe2) {
  for (uint32_t raw : {tfork(r::v0, r::t0, r::t1), texit(), tid(r::v0), tsuspend(),
                       tresume(r::v0, r::s1), tprio(r::t0)}) {
    Machine m(thread_config(2));
    m.enter_user({raw});
    m.ctx().cp0.tcontrol = cp0::kTControlMU;
    m.gpr(r::t0) = Machine::kUserCode;
    m.gpr(r::s1) = 1;
    m.gpr(r::v0) = 0x5555;
    m.step();
    EXPECT_EQ(m.exc_code(), cp0::kCpU) << decode(raw)->name;
    EXPECT_EQ(m.cause_ce(), 2u) << decode(raw)->name;
    EXPECT_EQ(m.gpr(r::v0), 0x5555u) << decode(raw)->name;
    EXPECT_EQ(m.ctx(1).state, ContextState::kFree) << decode(raw)->name;
  }
}

TEST(ThreadUserMode, MonitorAndMwaitWithTControlMUClearRaiseCoprocessorUnusableWithCe2) {
  for (uint32_t raw : {monitor(r::t0), mwait(r::v0, r::zero, r::zero)}) {
    Machine m(thread_config(1));
    m.enter_user({raw});
    m.ctx().cp0.tcontrol = cp0::kTControlTU;
    m.gpr(r::t0) = Machine::kUserCode;
    m.step();
    EXPECT_EQ(m.exc_code(), cp0::kCpU) << decode(raw)->name;
    EXPECT_EQ(m.cause_ce(), 2u) << decode(raw)->name;
  }
}

TEST(ThreadUserMode, MUAloneMakesMonitorAndMwaitLegal) {
  Machine m(thread_config(1));
  m.enter_user({monitor(r::t0), mwait(r::v0, r::zero, r::zero)});
  m.ctx().cp0.tcontrol = cp0::kTControlMU;
  m.gpr(r::t0) = Machine::kUserCode;
  m.step();
  ASSERT_FALSE(m.exl()) << cp0::exc_mnemonic(m.exc_code());
  m.step();
  EXPECT_FALSE(m.exl()) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.ctx().state, ContextState::kMwait);
}

TEST(ThreadUserMode, TUAloneMakesTheThreadInstructionsLegal) {
  Machine m(thread_config(2));
  m.enter_user({tid(r::v0)});
  m.ctx().cp0.tcontrol = cp0::kTControlTU;
  m.step();
  EXPECT_FALSE(m.exl()) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.gpr(r::v0), 1u);
}

TEST(ThreadKernelMode, ThreadInstructionsAreLegalWhateverTControlSays) {
  Machine m(thread_config(2));
  m.ctx().cp0.tcontrol = 0;
  m.gpr(r::t0) = code_of(1);
  m.exec({tfork(r::v0, r::t0, r::zero), tid(r::v1)});
  EXPECT_FALSE(m.exl()) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.gpr(r::v0), 2u);
  EXPECT_EQ(m.gpr(r::v1), 1u);
}

// ---- CP0 register 22 ----

TEST(ThreadCp0, TStateShowsTheLiveContextsRunningOrAsleep) {
  Machine m(thread_config());
  m.place(code_of(1), {tsuspend()});
  m.place(code_of(2), counter());
  m.gpr(r::t0) = code_of(1);
  m.gpr(r::t2) = code_of(2);
  m.exec({tfork(r::v0, r::t0, r::zero), tfork(r::v1, r::t2, r::zero)});
  m.step(1, 1);  // context 1 suspends; context 3 stays free
  ASSERT_EQ(m.ctx(1).state, ContextState::kSuspended);
  m.gpr(r::t9) = 0x5555;
  m.exec({mfc0(r::t9, cp0::kThreadCtl, 2)});
  EXPECT_EQ(m.gpr(r::t9), 0x7u) << "the suspended context 1 is live too";
}

TEST(ThreadCp0, TMaskAndTControlReadBackWhatWasWrittenTControlOnlyItsFourBits) {
  Machine m(thread_config());
  m.gpr(r::t0) = 0xffffffffu;
  m.gpr(r::t1) = 0x0000000au;
  m.exec({mtc0(r::t1, cp0::kThreadCtl, 0), mtc0(r::t0, cp0::kThreadCtl, 1),
          mtc0(r::t0, cp0::kThreadCtl, 2), mfc0(r::s0, cp0::kThreadCtl, 0),
          mfc0(r::s1, cp0::kThreadCtl, 1), mfc0(r::s2, cp0::kThreadCtl, 2)});
  EXPECT_EQ(m.gpr(r::s0), 0xau);
  EXPECT_EQ(m.gpr(r::s1),
            cp0::kTControlXT | cp0::kTControlMU | cp0::kTControlTU | cp0::kTControlXW);
  EXPECT_EQ(m.gpr(r::s2), 0x1u) << "TState is read-only";
}

TEST(ThreadCp0, TforkDoesNotPassTControlXTOrXWToTheNewContext) {
  Machine m(thread_config());
  m.place(code_of(1), counter());
  m.gpr(r::t0) = code_of(1);
  m.gpr(r::t1) = cp0::kTControlXT | cp0::kTControlMU | cp0::kTControlTU | cp0::kTControlXW;
  m.exec({mtc0(r::t1, cp0::kThreadCtl, 1), tfork(r::v0, r::t0, r::zero)});
  EXPECT_EQ(m.ctx(1).cp0.tcontrol, cp0::kTControlMU | cp0::kTControlTU);
  EXPECT_EQ(m.ctx(0).cp0.tcontrol & cp0::kTControlXT, cp0::kTControlXT);
}

// ---- the core loop ----

TEST(ThreadRun, WhenTheLastContextExitsRunReturnsAndAllExitedIsTrue) {
  Machine m(thread_config(2));
  m.gpr(r::t0) = code_of(1);
  m.load({tfork(r::v0, r::t0, r::zero), texit()});
  m.place(code_of(1), counter(20) + W{texit()});
  const uint64_t ran = m.iss.run(1000);
  EXPECT_EQ(ran, kForkLatency + 21u) << "stops in the cycle after the last texit";
  EXPECT_TRUE(m.iss.all_exited());
  EXPECT_FALSE(m.iss.deadlocked());
  EXPECT_TRUE(m.iss.stop_requested());
  EXPECT_EQ(m.gpr(r::s0, 1), 20u);
  EXPECT_EQ(m.ctx(0).state, ContextState::kFree);
  EXPECT_EQ(m.ctx(1).state, ContextState::kFree);
}

TEST(ThreadRun, EveryContextSuspendedWithNothingToWakeThemIsADeadlock) {
  Machine m(thread_config(2));
  m.gpr(r::t0) = code_of(1);
  m.load({tfork(r::v0, r::t0, r::zero), tsuspend()});
  m.place(code_of(1), {tsuspend()});
  const uint64_t ran = m.iss.run(1000);
  EXPECT_LT(ran, 1000u);
  EXPECT_TRUE(m.iss.deadlocked());
  EXPECT_FALSE(m.iss.all_exited());
  EXPECT_EQ(m.ctx(0).state, ContextState::kSuspended);
  EXPECT_EQ(m.ctx(1).state, ContextState::kSuspended);
}

}  // namespace
}  // namespace kasane::test

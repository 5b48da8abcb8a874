// Unit tests of sleeping and waking in the thread extension of the functional ISS
// (../shared/design/isa.md). TSUSPEND/TRESUME: the wake token (a resume ahead of the suspend is
// not lost), TRESUME results 1 / 0 / -1 and the Thread exception for a target outside TMask, the
// resume latency, interrupts that wake a suspended context. MONITOR/MWAIT: the wake reasons (0
// store by another context or a device, or any TEXIT with TControl.XW; 1 timeout, 2 enabled
// interrupt, 3 monitor not armed), a store since MONITOR returning at once, the monitored line's extent (core.monitor_line), the
// light and deep wake-up latencies, TRESUME of a waiting context. THALT/TSTART of a suspended or
// waiting context: a resume, store or timeout that arrives while it is halted is not lost.
#include "thread_test_util.h"

namespace kasane::test {
namespace {

using namespace enc;
using namespace tenc;
using W = std::vector<uint32_t>;

constexpr uint32_t kMinus1 = 0xffffffffu;
constexpr uint32_t kWatched = kData + 12;  // inside the line kData .. kData + 31

// Context `i` arms its monitor on kWatched and waits (mwait $v0, $t2, $t3 with $t2 = timeout,
// $t3 = hint); then counts in $s0. The monitor at cycle 0, the mwait at cycle 1.
void monitor_and_wait(Machine& m, unsigned i = 0, uint32_t timeout = 0, uint32_t hint = 0) {
  m.gpr(r::a0, i) = kWatched;
  m.gpr(r::t2, i) = timeout;
  m.gpr(r::t3, i) = hint;
  m.gpr(r::v0, i) = 0x5555;
  start(m, i, W{monitor(r::a0), mwait(r::v0, r::t2, r::t3)} + counter());
}

// Context 1 stores 42 to `va` at cycle `at` (a word, or a byte), then runs nops.
void store_at(Machine& m, unsigned at, uint32_t va, bool byte = false) {
  m.gpr(r::a1, 1) = va;
  m.gpr(r::t1, 1) = 42;
  start(m, 1, nops(at) + W{byte ? sb(r::t1, 0, r::a1) : sw(r::t1, 0, r::a1)} + nops(900));
}

// ---- TSUSPEND / TRESUME ----

TEST(TResume, OfARunningContextReturns0AndIsNotLostByALaterTSuspend) {
  Machine m(thread_config(2));
  start(m, 1, {tsuspend(), addiu(r::s0, r::s0, 1), tsuspend(), addiu(r::s0, r::s0, 1)});
  m.gpr(r::s1) = 2;
  m.exec({tresume(r::v0, r::s1)});
  EXPECT_EQ(m.gpr(r::v0), 0u) << "context 1 was running";
  EXPECT_TRUE(m.ctx(1).wake_token);
  m.step(1, 1);
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning) << "the early resume is not lost";
  EXPECT_FALSE(m.ctx(1).wake_token) << "the token is used up";
  EXPECT_EQ(m.ctx(1).pc, code_of(1) + 4);
  m.step(2, 1);
  EXPECT_EQ(m.ctx(1).state, ContextState::kSuspended) << "the second tsuspend sleeps";
}

TEST(TResume, OfASuspendedContextReturns1AndItRunsAgainAfterResumeLatency) {
  Machine m(thread_config(2));
  start(m, 1, W{tsuspend()} + counter());
  m.gpr(r::s1) = 2;
  m.gpr(r::v1) = 0x5555;
  m.load(nops(20) + W{tresume(r::v1, r::s1)} + nops(100));
  m.iss.run(20);  // context 1 suspends at cycle 0
  EXPECT_EQ(m.ctx(1).state, ContextState::kSuspended);
  EXPECT_EQ(m.ctx(1).instret, 1u);
  m.iss.run(1);  // cycle 20: tresume
  EXPECT_EQ(m.gpr(r::v1), 1u);
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning);
  m.iss.run(kResumeLatency - 1);  // cycles 21 .. 20 + latency - 1
  EXPECT_EQ(m.ctx(1).instret, 1u) << "nothing before cycle 20 + " << kResumeLatency;
  m.iss.run(1);
  EXPECT_EQ(m.ctx(1).instret, 2u);
  EXPECT_EQ(m.ctx(1).pc, code_of(1) + 8) << "continues after the tsuspend";
}

TEST(TResume, OfAFreeOrNonexistentContextReturnsMinus1) {
  Machine m(thread_config());
  m.gpr(r::s1) = 2;           // free
  m.gpr(r::s2) = 0;           // "none"
  m.gpr(r::s3) = 5;           // beyond the 4 contexts
  m.gpr(r::s4) = kMinus1;
  m.exec({tresume(r::v0, r::s1), tresume(r::v1, r::s2), tresume(r::a2, r::s3),
          tresume(r::a3, r::s4)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::v0), kMinus1);
  EXPECT_EQ(m.gpr(r::v1), kMinus1);
  EXPECT_EQ(m.gpr(r::a2), kMinus1);
  EXPECT_EQ(m.gpr(r::a3), kMinus1);
  EXPECT_FALSE(m.ctx(1).wake_token) << "a free context gets no token";
}

TEST(TResume, InUserModeOfALiveContextOutsideTMaskRaisesThread) {
  Machine m(thread_config(2));
  start(m, 1, counter());
  m.enter_user({tresume(r::v0, r::s1)});
  m.ctx(0).cp0.tmask = 0x1;
  m.gpr(r::s1) = 2;
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kThread) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_FALSE(m.ctx(1).wake_token);
}

TEST(TSuspend, ATimerInterruptWakesItTheHandlerRunsAndEretReturnsAfterTheTSuspend) {
  Machine m(thread_config(1));
  place_handler(m);
  m.gpr(r::t1) = m.ctx().cp0.status | cp0::kStatusIE | kStatusIM7;
  // Compare = 50; IE, IM7; tsuspend at kEntry + 16 (cycle 4).
  m.load(W{mfc0(r::t0, cp0::kCount), addiu(r::t0, r::t0, 50), mtc0(r::t0, cp0::kCompare),
           mtc0(r::t1, cp0::kStatus), tsuspend()} +
         counter());
  m.iss.run(50);
  EXPECT_EQ(m.ctx().state, ContextState::kSuspended);
  EXPECT_FALSE(m.iss.deadlocked()) << "the timer can wake it";
  m.iss.run(kResumeLatency);  // the timer fires at cycle 50
  EXPECT_EQ(m.ctx().state, ContextState::kRunning);
  EXPECT_FALSE(m.exl()) << "woken after resume_latency, not before";
  m.iss.run(1);
  ASSERT_TRUE(m.exl());
  EXPECT_EQ(m.exc_code(), cp0::kInt);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry + 20) << "the instruction after the tsuspend";
  m.iss.run(20);
  EXPECT_EQ(m.gpr(r::s1), 1u) << "the handler ran once";
  EXPECT_EQ(m.gpr(r::k1), kEntry + 20);
  EXPECT_FALSE(m.exl());
  EXPECT_GT(m.gpr(r::s0), 0u) << "execution went on after the tsuspend";
}

TEST(TSuspend, AMaskedTimerDoesNotWakeItSoTheCoreDeadlocks) {
  Machine m(thread_config(1));
  m.gpr(r::t1) = m.ctx().cp0.status | kStatusIM7;  // IE clear
  m.load(W{mfc0(r::t0, cp0::kCount), addiu(r::t0, r::t0, 50), mtc0(r::t0, cp0::kCompare),
           mtc0(r::t1, cp0::kStatus), tsuspend()} +
         counter());
  m.iss.run(1000);
  EXPECT_TRUE(m.iss.deadlocked());
  EXPECT_EQ(m.ctx().state, ContextState::kSuspended);
  EXPECT_EQ(m.gpr(r::s0), 0u);
}

// ---- MONITOR / MWAIT ----

TEST(Mwait, WithoutMonitorReturns3AtOnce) {
  Machine m(thread_config(1));
  m.exec({mwait(r::v0, r::zero, r::zero)});
  EXPECT_EQ(m.gpr(r::v0), 3u);
  EXPECT_EQ(m.ctx().state, ContextState::kRunning);
  EXPECT_EQ(m.ctx().pc, kEntry + 4);
}

TEST(Mwait, AStoreOfItsOwnSinceMonitorReturns0AtOnce) {
  Machine m(thread_config(1));
  m.gpr(r::a0) = kWatched;
  m.gpr(r::v0) = 0x5555;
  m.exec({monitor(r::a0), sw(r::a0, 0, r::a0), mwait(r::v0, r::zero, r::zero)});
  EXPECT_EQ(m.gpr(r::v0), 0u);
  EXPECT_EQ(m.ctx().state, ContextState::kRunning);
}

TEST(Mwait, AStoreByAnotherContextSinceMonitorReturns0AtOnce) {
  Machine m(thread_config(2));
  m.gpr(r::a0) = kWatched;
  m.gpr(r::v0) = 0x5555;
  m.exec({monitor(r::a0)});
  m.gpr(r::a1, 1) = kData;
  m.load({sw(r::zero, 0, r::a1)}, code_of(1), 1);
  m.step(1, 1);
  m.exec({mwait(r::v0, r::zero, r::zero)});
  EXPECT_EQ(m.gpr(r::v0), 0u);
  EXPECT_EQ(m.ctx().state, ContextState::kRunning);
}

TEST(Mwait, AStoreBeforeMonitorDoesNotCount) {
  Machine m(thread_config(1));
  m.gpr(r::a0) = kWatched;
  m.exec({sw(r::a0, 0, r::a0), monitor(r::a0), mwait(r::v0, r::zero, r::zero)});
  EXPECT_EQ(m.ctx().state, ContextState::kMwait);
}

TEST(Mwait, AStoreByAnotherContextWakesItWithReason0AfterTheLightWakeLatency) {
  Machine m(thread_config(2));
  monitor_and_wait(m);
  store_at(m, 20, kData + 28);  // same line, another word
  m.iss.run(20);
  EXPECT_EQ(m.ctx(0).state, ContextState::kMwait);
  m.iss.run(1);  // the store, at cycle 20
  EXPECT_EQ(m.ram.read32(Machine::pa_of(kData + 28)), 42u);
  EXPECT_EQ(m.ctx(0).state, ContextState::kRunning);
  EXPECT_EQ(m.gpr(r::v0), 0u);
  m.iss.run(kLightWake - 1);
  EXPECT_EQ(m.ctx(0).instret, 2u) << "nothing before cycle 20 + " << kLightWake;
  m.iss.run(1);
  EXPECT_EQ(m.ctx(0).instret, 3u);
  EXPECT_EQ(m.gpr(r::s0), 1u);
}

TEST(Mwait, DeepSleepWakesAfterTheDeepWakeLatency) {
  Machine m(thread_config(2));
  monitor_and_wait(m, 0, 0, /*hint=*/1);
  store_at(m, 20, kData);
  m.iss.run(21);
  EXPECT_EQ(m.gpr(r::v0), 0u);
  m.iss.run(kDeepWake - 1);
  EXPECT_EQ(m.ctx(0).instret, 2u) << "nothing before cycle 20 + " << kDeepWake;
  m.iss.run(1);
  EXPECT_EQ(m.ctx(0).instret, 3u);
}

TEST(Mwait, AStoreToTheNextOrPreviousLineDoesNotWakeIt) {
  Machine m(thread_config(2));
  monitor_and_wait(m);
  m.gpr(r::a1, 1) = kData + kMonitorLine;
  m.gpr(r::a2, 1) = kData - 4;
  start(m, 1, nops(5) + W{sw(r::a1, 0, r::a1), sb(r::a1, 0, r::a1), sw(r::a2, 0, r::a2)} +
                  nops(900));
  m.iss.run(300);
  EXPECT_EQ(m.ctx(0).state, ContextState::kMwait);
  EXPECT_EQ(m.ctx(0).instret, 2u);
  EXPECT_EQ(m.gpr(r::v0), 0x5555u);
  EXPECT_FALSE(m.iss.deadlocked());
}

TEST(Mwait, AByteStoreToTheLastByteOfTheLineWakesIt) {
  Machine m(thread_config(2));
  monitor_and_wait(m);
  store_at(m, 5, kData + kMonitorLine - 1, /*byte=*/true);
  m.iss.run(6);
  EXPECT_EQ(m.ctx(0).state, ContextState::kRunning);
  EXPECT_EQ(m.gpr(r::v0), 0u);
}

TEST(Mwait, TheMonitoredLineIsMonitorLineBytes) {
  IssConfig cfg = thread_config(2);
  cfg.thread.monitor_line = 64;
  Machine m(cfg);
  monitor_and_wait(m);
  store_at(m, 5, kData + 60);
  m.iss.run(6);
  EXPECT_EQ(m.ctx(0).state, ContextState::kRunning);
  EXPECT_EQ(m.gpr(r::v0), 0u);
}

// TControl.XW: the kernel's wait for user contexts that free themselves without a trap.
TEST(Mwait, WithTControlXWATExitOfAnotherContextWakesItWithReason0) {
  Machine m(thread_config(2));
  m.ctx(0).cp0.tcontrol |= cp0::kTControlXW;
  monitor_and_wait(m);
  start(m, 1, nops(20) + W{texit()});
  m.iss.run(20);
  EXPECT_EQ(m.ctx(0).state, ContextState::kMwait);
  m.iss.run(1);  // the texit, at cycle 20
  EXPECT_EQ(m.ctx(1).state, ContextState::kFree);
  EXPECT_EQ(m.ctx(0).state, ContextState::kRunning);
  EXPECT_EQ(m.gpr(r::v0), 0u);
  EXPECT_FALSE(m.iss.deadlocked());
}

TEST(Mwait, WithoutTControlXWATExitOfAnotherContextIsNoWakeEventAndNothingIsLeftToWakeIt) {
  Machine m(thread_config(2));
  monitor_and_wait(m);
  start(m, 1, nops(20) + W{texit()});
  m.iss.run(300);
  EXPECT_EQ(m.ctx(1).state, ContextState::kFree);
  EXPECT_EQ(m.ctx(0).state, ContextState::kMwait);
  EXPECT_EQ(m.gpr(r::v0), 0x5555u);
  EXPECT_TRUE(m.iss.deadlocked());
}

TEST(Mwait, WithTControlXWATExitSinceMonitorReturns0AtOnce) {
  Machine m(thread_config(2));
  m.ctx(0).cp0.tcontrol |= cp0::kTControlXW;
  m.gpr(r::a0) = kWatched;
  start(m, 1, W{texit()});
  m.load(nops(10) + W{monitor(r::a0)} + nops(10) + W{mwait(r::v0, r::zero, r::zero)} + counter());
  m.iss.run(12);
  ASSERT_EQ(m.ctx(1).state, ContextState::kFree) << "the texit came before the monitor";
  m.iss.run(20);
  EXPECT_EQ(m.ctx(0).state, ContextState::kMwait) << "a texit before MONITOR does not count";
}

TEST(Mwait, AStoreFromOutsideTheCoreWakesItWithReason0) {
  Machine m(thread_config(2));
  monitor_and_wait(m);
  start(m, 1, nops(900));
  m.iss.run(10);
  ASSERT_EQ(m.ctx(0).state, ContextState::kMwait);
  m.iss.external_store(Machine::pa_of(kData + 4));
  EXPECT_EQ(m.ctx(0).state, ContextState::kRunning);
  EXPECT_EQ(m.gpr(r::v0), 0u);
  m.iss.run(kLightWake + 1);
  EXPECT_EQ(m.gpr(r::s0), 1u);
}

TEST(Mwait, TheTimeoutWakesItWithReason1AfterTheWakeLatency) {
  for (uint32_t hint : {0u, 1u}) {
    const unsigned latency = hint ? kDeepWake : kLightWake;
    Machine m(thread_config(1));
    monitor_and_wait(m, 0, /*timeout=*/40, hint);
    m.iss.run(41);  // the mwait at cycle 1: the deadline is cycle 41
    EXPECT_EQ(m.ctx().state, ContextState::kMwait) << hint;
    EXPECT_FALSE(m.iss.deadlocked()) << "the timeout can wake it";
    m.iss.run(1);
    EXPECT_EQ(m.ctx().state, ContextState::kRunning) << hint;
    EXPECT_EQ(m.gpr(r::v0), 1u) << hint;
    m.iss.run(latency - 1);
    EXPECT_EQ(m.ctx().instret, 2u) << hint;
    m.iss.run(1);
    EXPECT_EQ(m.ctx().instret, 3u) << hint;
  }
}

// Compare = 60, IM7 (and IE when `ie`); monitor; mwait $v0, $t2 (timeout), $zero at kEntry + 20.
void timer_then_mwait(Machine& m, bool ie, uint32_t timeout) {
  place_handler(m);
  m.gpr(r::t1) = m.ctx().cp0.status | kStatusIM7 | (ie ? cp0::kStatusIE : 0u);
  m.gpr(r::a0) = kWatched;
  m.gpr(r::t2) = timeout;
  m.gpr(r::v0) = 0x5555;
  m.load(W{mfc0(r::t0, cp0::kCount), addiu(r::t0, r::t0, 60), mtc0(r::t0, cp0::kCompare),
           mtc0(r::t1, cp0::kStatus), monitor(r::a0), mwait(r::v0, r::t2, r::zero)} +
         counter());
}

TEST(Mwait, AnEnabledInterruptWakesItWithReason2AndTheHandlerRuns) {
  Machine m(thread_config(1));
  timer_then_mwait(m, /*ie=*/true, 0);
  m.iss.run(60);
  EXPECT_EQ(m.ctx().state, ContextState::kMwait);
  m.iss.run(1);  // the timer fires at cycle 60
  EXPECT_EQ(m.ctx().state, ContextState::kRunning);
  EXPECT_EQ(m.gpr(r::v0), 2u);
  m.iss.run(kLightWake - 1);
  EXPECT_FALSE(m.exl()) << "not before the light wake latency";
  m.iss.run(1);
  ASSERT_TRUE(m.exl());
  EXPECT_EQ(m.exc_code(), cp0::kInt);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry + 24) << "the instruction after the mwait";
  m.iss.run(20);
  EXPECT_EQ(m.gpr(r::s1), 1u);
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::v0), 2u);
  EXPECT_GT(m.gpr(r::s0), 0u);
}

TEST(Mwait, AMaskedInterruptDoesNotWakeItTheTimeoutDoes) {
  Machine m(thread_config(1));
  timer_then_mwait(m, /*ie=*/false, /*timeout=*/200);
  m.iss.run(150);
  EXPECT_EQ(m.ctx().state, ContextState::kMwait) << "the timer (cycle 60) is masked";
  m.iss.run(200);
  EXPECT_EQ(m.gpr(r::v0), 1u);
  EXPECT_EQ(m.gpr(r::s1), 0u) << "no handler";
}

TEST(Mwait, TResumeOfAWaitingContextReturns0AndDoesNotWakeIt) {
  Machine m(thread_config(2));
  monitor_and_wait(m, 1);
  m.step(2, 1);
  ASSERT_EQ(m.ctx(1).state, ContextState::kMwait);
  m.gpr(r::s1) = 2;
  m.gpr(r::v1) = 0x5555;
  m.exec({tresume(r::v1, r::s1)});
  EXPECT_EQ(m.gpr(r::v1), 0u);
  EXPECT_EQ(m.ctx(1).state, ContextState::kMwait);
  EXPECT_TRUE(m.ctx(1).wake_token);
}

// ---- THALT of a sleeping context: what arrives while it is halted must not be lost ----

TEST(THalt, AResumeSentToAHaltedSuspendedContextIsNotLost) {
  Machine m(thread_config(2));
  start(m, 1, W{tsuspend()} + counter());
  m.step(1, 1);
  ASSERT_EQ(m.ctx(1).state, ContextState::kSuspended);
  m.gpr(r::s1) = 2;
  m.load(W{thalt(r::s1), tresume(r::v0, r::s1), tstart(r::s1)} + nops(100));
  m.iss.run(3 + kResumeLatency + 5);
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning)
      << "tresume returned " << m.gpr(r::v0) << "; after tstart context 1 is "
      << context_state_name(m.ctx(1).state);
  EXPECT_GT(m.gpr(r::s0, 1), 0u);
}

TEST(Mwait, AStoreWhileTheWaitingContextIsHaltedWakesItAfterTStart) {
  Machine m(thread_config(2));
  monitor_and_wait(m, 1);
  m.gpr(r::a0) = kData;
  m.gpr(r::s1) = 2;
  m.load(nops(5) + W{thalt(r::s1), sw(r::s1, 0, r::a0)} + nops(5) + W{tstart(r::s1)} +
         nops(500));
  m.iss.run(6);  // context 1 waits from cycle 1; thalt at cycle 5
  ASSERT_EQ(m.ctx(1).state, ContextState::kHalted);
  m.iss.run(7);  // the store at cycle 6, tstart at cycle 12
  EXPECT_NE(m.ctx(1).state, ContextState::kHalted);
  m.iss.run(kLightWake + 5);
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning)
      << "context 1 is " << context_state_name(m.ctx(1).state);
  EXPECT_EQ(m.gpr(r::v0, 1), 0u);
  EXPECT_GT(m.gpr(r::s0, 1), 0u);
}

TEST(Mwait, ATimeoutThatExpiresWhileHaltedWakesItAfterTStart) {
  Machine m(thread_config(2));
  monitor_and_wait(m, 1, /*timeout=*/20);
  m.gpr(r::s1) = 2;
  m.load(nops(5) + W{thalt(r::s1)} + nops(50) + W{tstart(r::s1)} + nops(500));
  m.iss.run(57);  // thalt at cycle 5, deadline at cycle 21, tstart at cycle 56
  EXPECT_NE(m.ctx(1).state, ContextState::kHalted);
  // Whether the halted time counts or not, 20 cycles and the wake latency later it runs.
  m.iss.run(20 + kLightWake + 5);
  EXPECT_EQ(m.ctx(1).state, ContextState::kRunning)
      << "context 1 is " << context_state_name(m.ctx(1).state);
  EXPECT_EQ(m.gpr(r::v0, 1), 1u);
  EXPECT_GT(m.gpr(r::s0, 1), 0u);
}

}  // namespace
}  // namespace kasane::test

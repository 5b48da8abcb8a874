// Unit tests of the functional ISS (kasane::Iss): Count advancing with Iss::run, the Count ==
// Compare timer interrupt (Cause.TI / IP7, taken when enabled, acknowledged by writing Compare);
// RDHWR in kernel and user mode; WAIT (sleep, deadlock detection, wake-up by the timer,
// idle-cycle skipping that gives the same Count as ticking); two contexts of one core running
// interleaved with separate state; a few CP0 register write rules.
#include <string>

#include "test_machine.h"

namespace kasane::test {
namespace {

using namespace enc;

// ---- Count / Compare ----

TEST(Timer, CountAdvancesOnceEveryCycle) {
  Machine m;
  m.load({mfc0(r::t0, cp0::kCount), nop(), nop(), nop(), nop(), nop(), mfc0(r::t1, cp0::kCount)});
  EXPECT_EQ(m.iss.run(7), 7u);
  EXPECT_EQ(m.gpr(r::t1) - m.gpr(r::t0), 6u);
  EXPECT_EQ(m.iss.cycle(), 7u);
}

TEST(Timer, WritingCountSetsIt) {
  Machine m;
  m.gpr(r::t0) = 1000;
  m.load({mtc0(r::t0, cp0::kCount), nop(), mfc0(r::t1, cp0::kCount)});
  m.iss.run(3);
  EXPECT_EQ(m.gpr(r::t1), 1002u);
}

// The program arms Compare = Count + 20 and enables IM7 (and IE when `ie`); then nops.
void arm_timer(Machine& m, bool ie) {
  m.gpr(r::t1) = m.ctx().cp0.status | kStatusIM7 | (ie ? cp0::kStatusIE : 0u);
  std::vector<uint32_t> p = {mfc0(r::t0, cp0::kCount), addiu(r::t0, r::t0, 20),
                             mtc0(r::t0, cp0::kCompare), mtc0(r::t1, cp0::kStatus)};
  p.resize(64, nop());
  m.load(p);
}

TEST(Timer, CountReachingCompareTakesTheTimerInterruptWhenEnabled) {
  Machine m;
  arm_timer(m, true);
  m.iss.run(20);
  EXPECT_FALSE(m.exl()) << "Count (19) has not reached Compare (20) yet";
  m.iss.run(1);
  // Count == Compare at cycle 20: the interrupt is taken instead of the instruction of cycle 20.
  expect_exception(m, cp0::kInt, kEntry + 4 * 20);
  EXPECT_TRUE(m.ctx().cp0.cause & cp0::kCauseTI);
  EXPECT_TRUE(m.ctx().cp0.cause & cp0::kCauseIP7);
}

TEST(Timer, WritingCompareAcknowledgesTheTimer) {
  Machine m;
  arm_timer(m, true);
  m.place(kGeneralVector, {mtc0(r::t0, cp0::kCompare), mfc0(r::t2, cp0::kCause)});
  m.iss.run(21);
  ASSERT_EQ(m.ctx().pc, kGeneralVector);
  m.iss.run(2);
  EXPECT_FALSE(m.gpr(r::t2) & cp0::kCauseTI);
  EXPECT_FALSE(m.gpr(r::t2) & cp0::kCauseIP7);
}

TEST(Timer, ADisabledTimerInterruptIsPendingButNotTaken) {
  Machine m;
  arm_timer(m, false);
  m.iss.run(40);
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.ctx().pc, kEntry + 4 * 40);
  EXPECT_TRUE(m.ctx().cp0.cause & cp0::kCauseTI);
  EXPECT_TRUE(m.ctx().cp0.cause & cp0::kCauseIP7);
}

TEST(Timer, EnablingInterruptsLaterTakesThePendingTimerInterrupt) {
  Machine m;
  arm_timer(m, false);
  m.place(kEntry + 4 * 30, {ei(r::zero), nop()});
  m.iss.run(31);
  ASSERT_FALSE(m.exl());
  m.iss.run(1);
  expect_exception(m, cp0::kInt, kEntry + 4 * 31);
}

// ---- RDHWR ----

TEST(Rdhwr, CycleCounterInUserModeWithHwrenaBit2) {
  Machine m;
  m.ctx().cp0.hwrena = 1u << 2;
  m.enter_user({nop(), nop(), nop(), rdhwr(r::t0, 2), nop(), rdhwr(r::t1, 2)});
  m.iss.run(6);
  EXPECT_FALSE(m.exl()) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.gpr(r::t0), 3u) << "read at cycle 3";
  EXPECT_EQ(m.gpr(r::t1), 5u) << "read at cycle 5";
}

TEST(Rdhwr, CycleCounterInUserModeWithoutHwrenaBit2RaisesReservedInstruction) {
  Machine m;
  m.ctx().cp0.hwrena = 0xb;  // every bit but 2
  m.gpr(r::t0) = 5;
  m.enter_user({rdhwr(r::t0, 2)});
  m.step();
  expect_exception(m, cp0::kRI, Machine::kUserCode);
  EXPECT_EQ(m.gpr(r::t0), 5u);
}

TEST(Rdhwr, CpuNumberIsTheGlobalContextNumber) {
  IssConfig cfg;
  cfg.first_cpunum = 6;
  Machine m(cfg);
  m.load({rdhwr(r::t0, 0), mfc0(r::t1, cp0::kPRId, 1)});
  m.step(2);
  EXPECT_EQ(m.gpr(r::t0), 6u);
  EXPECT_EQ(m.gpr(r::t1) & 0x3ffu, 6u) << "EBase.CPUNum";
}

TEST(Rdhwr, KernelModeNeedsNoHwrenaBitAndCcResIsOne) {
  Machine m;
  m.ctx().cp0.userlocal = 0xabcdef01u;
  m.load({rdhwr(r::t0, 3), rdhwr(r::t1, 29), rdhwr(r::t2, 1)});
  m.step(3);
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t0), 1u);
  EXPECT_EQ(m.gpr(r::t1), 0xabcdef01u);
  EXPECT_EQ(m.gpr(r::t2), 0u);
}

TEST(Rdhwr, UserLocalInUserModeWithHwrenaBit29) {
  Machine m;
  m.gpr(r::t0) = 0x1234u;
  m.load({mtc0(r::t0, cp0::kContext, 2)});  // UserLocal
  m.step();
  m.ctx().cp0.hwrena = 1u << 29;
  m.enter_user({rdhwr(r::v1, 29)});
  m.step();
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::v1), 0x1234u);
}

TEST(Rdhwr, AnUnknownHardwareRegisterRaisesReservedInstructionEvenInKernelMode) {
  Machine m;
  m.load({rdhwr(r::t0, 5)});
  m.step();
  expect_exception(m, cp0::kRI, kEntry);
}

// ---- WAIT ----

TEST(Wait, WithNothingToWakeItTheCoreReportsADeadlock) {
  Machine m;
  m.load({wait(), nop()});
  const uint64_t ran = m.iss.run(1000);
  EXPECT_LT(ran, 1000u);
  EXPECT_TRUE(m.iss.deadlocked());
  EXPECT_TRUE(m.iss.stop_requested());
  EXPECT_EQ(m.ctx().state, ContextState::kWaiting);
  EXPECT_EQ(m.ctx().pc, kEntry + 4);
}

// Compare = Count + 100, IM7 set, IE clear; WAIT; then read Count.
void arm_and_wait(Machine& m) {
  m.gpr(r::t1) = m.ctx().cp0.status | kStatusIM7;
  m.load({mfc0(r::t0, cp0::kCount), addiu(r::t0, r::t0, 100), mtc0(r::t0, cp0::kCompare),
          mtc0(r::t1, cp0::kStatus), wait(), mfc0(r::t2, cp0::kCount), b(-1), nop()});
}

TEST(Wait, APendingTimerWakesTheContext) {
  Machine m;
  arm_and_wait(m);
  m.iss.run(5);
  ASSERT_EQ(m.ctx().state, ContextState::kWaiting);
  m.iss.run(1000);
  EXPECT_FALSE(m.iss.deadlocked());
  EXPECT_EQ(m.ctx().state, ContextState::kRunning);
  EXPECT_FALSE(m.exl()) << "IE is clear: execution continues after the WAIT";
  EXPECT_EQ(m.gpr(r::t2), 100u) << "woken in the cycle Count reaches Compare";
}

TEST(Wait, SkippingIdleCyclesGivesTheSameCountAsTicking) {
  Machine skip, tick;
  arm_and_wait(skip);
  arm_and_wait(tick);
  skip.iss.run(300);
  for (int k = 0; k < 300; ++k) tick.iss.run(1);
  EXPECT_EQ(skip.iss.cycle(), 300u);
  EXPECT_EQ(tick.iss.cycle(), 300u);
  EXPECT_EQ(skip.gpr(r::t2), tick.gpr(r::t2));
  EXPECT_EQ(skip.ctx().instret, tick.ctx().instret);
  EXPECT_EQ(skip.ctx().pc, tick.ctx().pc);
}

TEST(Wait, WithInterruptsEnabledTheTimerInterruptIsTakenAfterTheWait) {
  Machine m;
  arm_and_wait(m);
  m.gpr(r::t1) |= cp0::kStatusIE;
  m.iss.run(1000);
  ASSERT_TRUE(m.exl());
  EXPECT_EQ(m.exc_code(), cp0::kInt);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry + 20) << "EPC is the instruction after the WAIT";
}

TEST(Wait, WaitWithAnInterruptAlreadyPendingDoesNotSleep) {
  Machine m;
  m.ctx().cp0.status |= kStatusIM0;
  m.ctx().cp0.cause |= 1u << cp0::kCauseIPShift;
  m.load({wait(), nop()});
  m.step();
  EXPECT_EQ(m.ctx().state, ContextState::kRunning);
}

// ---- two contexts ----

IssConfig two_contexts() {
  IssConfig c;
  c.contexts = 2;
  c.smp_start = true;
  return c;
}

TEST(Contexts, TwoContextsRunInterleavedOneInstructionEachPerCycle) {
  Machine m(two_contexts());
  m.load({addiu(r::t0, r::t0, 1), addiu(r::t0, r::t0, 1), addiu(r::t0, r::t0, 1)});
  m.ctx(1).pc = kEntry;
  EXPECT_EQ(m.iss.run(1), 1u);
  EXPECT_EQ(m.ctx(0).instret, 1u);
  EXPECT_EQ(m.ctx(1).instret, 1u);
  EXPECT_EQ(m.ctx(0).pc, kEntry + 4);
  EXPECT_EQ(m.ctx(1).pc, kEntry + 4);
  m.iss.run(2);
  EXPECT_EQ(m.gpr(r::t0, 0), 3u);
  EXPECT_EQ(m.gpr(r::t0, 1), 3u);
}

TEST(Contexts, EachContextHasItsOwnRegistersAndNumber) {
  Machine m(two_contexts());
  m.gpr(r::a1, 0) = 10;
  m.gpr(r::a1, 1) = 20;
  m.load({rdhwr(r::t0, 0), addu(r::t1, r::a1, r::t0), mthi(r::t1), syscall()});
  m.ctx(1).pc = kEntry;
  m.iss.run(4);
  EXPECT_EQ(m.gpr(r::t0, 0), 0u);
  EXPECT_EQ(m.gpr(r::t0, 1), 1u);
  EXPECT_EQ(m.gpr(r::t1, 0), 10u);
  EXPECT_EQ(m.gpr(r::t1, 1), 21u);
  EXPECT_EQ(m.ctx(0).hi, 10u);
  EXPECT_EQ(m.ctx(1).hi, 21u);
  EXPECT_TRUE(m.exl(0));
  EXPECT_TRUE(m.exl(1));
}

TEST(Contexts, TheContextsInterleaveInLockstep) {
  // Both increment a shared counter with lw / addiu / sw: in lockstep both load 0 in the same
  // cycle, so one update is lost.
  Machine m(two_contexts());
  for (unsigned i = 0; i < 2; ++i) m.gpr(r::s0, i) = kData;
  m.load({lw(r::t0, 0, r::s0), addiu(r::t0, r::t0, 1), sw(r::t0, 0, r::s0), b(-1), nop()});
  m.ctx(1).pc = kEntry;
  m.iss.run(3);
  EXPECT_EQ(m.ram.read32(kData & 0x1fffffffu), 1u);
}

TEST(Contexts, WithoutSmpStartOnlyContextZeroRuns) {
  IssConfig cfg = two_contexts();
  cfg.smp_start = false;
  Machine m(cfg);
  m.load({nop(), nop(), nop()});
  m.iss.run(3);
  EXPECT_EQ(m.ctx(0).instret, 3u);
  EXPECT_EQ(m.ctx(1).instret, 0u);
  EXPECT_EQ(m.ctx(1).state, ContextState::kFree);
}

TEST(Contexts, OneWaitingContextDoesNotStopTheOther) {
  Machine m(two_contexts());
  m.load({wait(), nop()});
  m.place(kEntry + 0x100, {addiu(r::t0, r::t0, 1), b(-2), nop()});
  m.ctx(1).pc = kEntry + 0x100;
  m.iss.run(100);
  EXPECT_FALSE(m.iss.deadlocked());
  EXPECT_EQ(m.iss.cycle(), 100u);
  EXPECT_EQ(m.ctx(0).state, ContextState::kWaiting);
  EXPECT_GT(m.gpr(r::t0, 1), 20u);
}

TEST(Vectors, AnInterruptPendingDuringAHandlerIsTakenRightAfterEret) {
  Machine m;
  m.load({syscall(), nop(), nop()});
  m.step();
  ASSERT_EQ(m.exc_code(), cp0::kSys);
  // In the handler (EXL = 1) software interrupt 0 becomes pending and enabled: not taken yet.
  m.gpr(r::t0) = 1u << cp0::kCauseIPShift;
  m.gpr(r::t1) = m.ctx().cp0.status | cp0::kStatusIE | kStatusIM0;
  m.gpr(r::k0) = kEntry + 4;
  m.place(kGeneralVector, {mtc0(r::t0, cp0::kCause), mtc0(r::t1, cp0::kStatus), mtc0(r::k0, cp0::kEPC),
                           nop(), eret()});
  m.step(5);
  ASSERT_EQ(m.ctx().pc, kEntry + 4) << "no interrupt while EXL is set";
  m.step();
  expect_exception(m, cp0::kInt, kEntry + 4);
}

TEST(Cp0, WritesToReadOnlyRegistersAreIgnored) {
  Machine m;
  m.gpr(r::t0) = 0x12345678u;
  m.load({mtc0(r::t0, cp0::kPRId), mtc0(r::t0, cp0::kBadVAddr), mtc0(r::t0, cp0::kPageMask),
          mfc0(r::s0, cp0::kPRId), mfc0(r::s1, cp0::kBadVAddr), mfc0(r::s2, cp0::kPageMask)});
  m.step(6);
  EXPECT_EQ(m.gpr(r::s0), IssConfig{}.prid);
  EXPECT_EQ(m.gpr(r::s1), 0u);
  EXPECT_EQ(m.gpr(r::s2), 0u);
}

TEST(Cp0, StatusCU1IsWritableButFRStaysZero) {
  Machine m;
  m.gpr(r::t0) = m.ctx().cp0.status | (1u << 29) | (1u << 26);  // CU1 and FR
  m.load({mtc0(r::t0, cp0::kStatus), mfc0(r::s0, cp0::kStatus)});
  m.step(2);
  EXPECT_NE(m.gpr(r::s0) & (1u << 29), 0u);
  EXPECT_EQ(m.gpr(r::s0) & (1u << 26), 0u) << "FR = 0: doubles live in register pairs";
}

TEST(Cp0, WithoutCU1AnFpuInstructionRaisesCpUWithCE1) {
  Machine m;  // kernel mode: CU0 does not stand in for CU1
  m.load({0xc4800000u /* lwc1 $f0, 0($a0) */});
  m.step(1);
  EXPECT_EQ(m.exc_code(), cp0::kCpU);
  EXPECT_EQ(m.cause_ce(), 1u);
}

TEST(Cp0, EntryLoWritesKeepOnlyPfnAndFlags) {
  Machine m;
  m.gpr(r::t0) = 0xffffffffu;
  m.load({mtc0(r::t0, cp0::kEntryLo0), mfc0(r::s0, cp0::kEntryLo0), mtc0(r::t0, cp0::kHWREna),
          mfc0(r::s1, cp0::kHWREna)});
  m.step(4);
  EXPECT_EQ(m.gpr(r::s0), 0x03ffffffu);
  EXPECT_EQ(m.gpr(r::s1), 0x2000000fu);
}

}  // namespace
}  // namespace kasane::test

// Unit tests of the functional ISS (kasane::Iss): exceptions, CP0 and the core loop. SYSCALL and
// BREAK (8/9, EPC at the instruction); Reserved Instruction (10) for words no row matches;
// Coprocessor Unusable (11) with CE = 1 for FPU instructions and
// CE = 0 for privileged instructions in user mode; user fetches from kseg0 (AdEL); the exception
// vectors (refill at EBase + 0x000 only for TLB misses with EXL = 0, general at + 0x180, interrupts
// at + 0x200 with Cause.IV, BEV = 1 at 0xBFC00200 + offset, a moved EBase); ERET (EPC / ErrorEPC);
// DI/EI; CP0 registers. The timer, RDHWR, WAIT and contexts are in iss_timer_test.cc.
#include <string>

#include "test_machine.h"

namespace kasane::test {
namespace {

using namespace enc;


// ---- synchronous exceptions ----

TEST(Exceptions, SyscallRaisesSysWithEpcAtTheInstruction) {
  Machine m;
  m.load({nop(), syscall(0x1234)});
  m.step(2);
  expect_exception(m, cp0::kSys, kEntry + 4);
  EXPECT_FALSE(m.bd());
  EXPECT_EQ(m.ctx().instret, 1u) << "the syscall does not retire";
}

TEST(Exceptions, BreakRaisesBpWithEpcAtTheInstruction) {
  Machine m;
  m.load({break_(7)});
  m.step();
  expect_exception(m, cp0::kBp, kEntry);
}

TEST(Exceptions, AWordThatDecodesToNothingRaisesReservedInstruction) {
  for (uint32_t raw : {0xfc000000u, 0x0000003fu, 0x7000003fu}) {
    ASSERT_EQ(decode(raw), nullptr);
    Machine m;
    m.load({raw});
    m.step();
    expect_exception(m, cp0::kRI, kEntry);
  }
}

TEST(Exceptions, FpuInstructionsRaiseCoprocessorUnusableWithCe1) {
  // cop1 (mfc1 $a0, $f0), lwc1, ldc1, swc1, sdc1, in kernel mode too: there is no FPU.
  for (uint32_t raw : {0x44040000u, 0xc4800000u, 0xd4800000u, 0xe4800000u, 0xf4800000u}) {
    Machine m;
    m.load({raw});
    m.step();
    expect_exception(m, cp0::kCpU, kEntry);
    EXPECT_EQ(m.cause_ce(), 1u) << std::hex << raw;
  }
}

// MIPS32 r2: COP1X (opcode 0x13: LWXC1, MADD.fmt, ...) and MOVF/MOVT (SPECIAL funct 0x01) are
// coprocessor-1 instructions like LWC1; with CU1 = 0 (always, without an FPU) they raise
// Coprocessor Unusable with CE = 1, as LWC1 does here (and as qemu does for an FPU-less CPU).
TEST(Exceptions, Cop1xInstructionsRaiseCoprocessorUnusableWithCe1) {
  Machine m;
  m.load({0x4c000000u});  // lwxc1 $f0, $zero($zero)
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kCpU) << "got " << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.cause_ce(), 1u);
}

TEST(Exceptions, MovfAndMovtRaiseCoprocessorUnusableWithCe1) {
  Machine m;
  m.load({0x00002001u});  // movf $a0, $zero, $fcc0
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kCpU) << "got " << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.cause_ce(), 1u);
}

TEST(Exceptions, Mfc0InUserModeRaisesCoprocessorUnusableWithCe0) {
  Machine m;
  m.gpr(r::t0) = 0x77u;
  m.enter_user({mfc0(r::t0, cp0::kStatus)});
  m.step();
  expect_exception(m, cp0::kCpU, Machine::kUserCode);
  EXPECT_EQ(m.cause_ce(), 0u);
  EXPECT_EQ(m.gpr(r::t0), 0x77u);
}

TEST(Exceptions, Mfc0InUserModeWorksWhenCu0IsSet) {
  Machine m;
  m.enter_user({mfc0(r::t0, cp0::kStatus)});
  m.ctx().cp0.status |= cp0::kStatusCU0;
  m.step();
  EXPECT_FALSE(m.exl()) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.gpr(r::t0), m.ctx().cp0.status);
}

TEST(Exceptions, EveryPrivilegedInstructionRaisesCoprocessorUnusableInUserMode) {
  int rows = 0;
  for (const InsnInfo& row : isa_table()) {
    if (!(row.flags & kF_priv) || (row.flags & kF_pseudo)) continue;
    ++rows;
    Machine m;
    m.enter_user({row.match});
    m.step();
    EXPECT_EQ(m.exc_code(), cp0::kCpU) << row.name << " got " << cp0::exc_mnemonic(m.exc_code());
    EXPECT_EQ(m.cause_ce(), 0u) << row.name;
    EXPECT_EQ(m.ctx().cp0.epc, Machine::kUserCode) << row.name;
  }
  EXPECT_GE(rows, 11);  // mfc0 mtc0 di ei tlbr tlbwi tlbwr tlbp eret wait cache
}

TEST(Exceptions, UserFetchFromKseg0RaisesAdel) {
  Machine m;
  m.enter_user({nop()});
  m.ctx().pc = kEntry;
  m.step();
  expect_exception(m, cp0::kAdEL, kEntry);
  EXPECT_EQ(m.ctx().cp0.badvaddr, kEntry);
}

TEST(Exceptions, AnExceptionInUserModeEntersKernelMode) {
  Machine m;
  m.enter_user({syscall()});
  ASSERT_TRUE(m.ctx().cp0.user_mode());
  m.step();
  EXPECT_FALSE(m.ctx().cp0.user_mode());
  EXPECT_TRUE(m.exl());
}

// ---- vectors ----

TEST(Vectors, TlbMissWithExlClearGoesToTheRefillVector) {
  Machine m;
  m.gpr(r::a0) = 0x00400000u;
  m.load({lw(r::t0, 0, r::a0)});
  m.step();
  expect_exception(m, cp0::kTLBL, kEntry, kRefillVector);
}

TEST(Vectors, TlbMissWithExlSetGoesToTheGeneralVectorAndKeepsEpc) {
  Machine m;
  m.gpr(r::a0) = 0x00400000u;
  m.ctx().cp0.status |= cp0::kStatusEXL;
  m.ctx().cp0.epc = 0x12345678u;
  m.load({sw(r::t0, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kTLBS);
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
  EXPECT_EQ(m.ctx().cp0.epc, 0x12345678u) << "EPC is not updated while EXL is set";
}

TEST(Vectors, TlbInvalidGoesToTheGeneralVector) {
  Machine m;
  m.map(0, 0x00400000u, 0x70000, 0x71000, 0, cp0::kEntryLoG);  // V = 0
  m.gpr(r::a0) = 0x00400000u;
  m.load({lw(r::t0, 0, r::a0)});
  m.step();
  expect_exception(m, cp0::kTLBL, kEntry, kGeneralVector);
}

TEST(Vectors, BevUsesTheBootVectors) {
  Machine m;
  m.ctx().cp0.status |= cp0::kStatusBEV;
  m.load({syscall()});
  m.step();
  expect_exception(m, cp0::kSys, kEntry, 0xbfc00380u);

  Machine m2;
  m2.ctx().cp0.status |= cp0::kStatusBEV;
  m2.gpr(r::a0) = 0x00400000u;
  m2.load({lw(r::t0, 0, r::a0)});
  m2.step();
  expect_exception(m2, cp0::kTLBL, kEntry, 0xbfc00200u);
}

TEST(Vectors, MovingEBaseMovesTheVectors) {
  Machine m;
  m.gpr(r::t0) = 0x80100000u;
  m.load({mtc0(r::t0, cp0::kPRId, 1), mfc0(r::t1, cp0::kPRId, 1), syscall()});
  m.step(3);
  EXPECT_EQ(m.gpr(r::t1), 0x80100000u) << "EBase with CPUNum 0";
  expect_exception(m, cp0::kSys, kEntry + 8, 0x80100180u);
}

TEST(Vectors, InterruptsUseOffset0x200WhenCauseIvIsSet) {
  Machine m;
  m.gpr(r::t0) = (1u << 23) | (1u << cp0::kCauseIPShift);  // IV | IP0
  m.gpr(r::t1) = m.ctx().cp0.status | cp0::kStatusIE | kStatusIM0;
  m.load({mtc0(r::t0, cp0::kCause), mtc0(r::t1, cp0::kStatus), nop(), nop()});
  m.step(3);
  expect_exception(m, cp0::kInt, kEntry + 8, kInterruptVectorIV);
}

TEST(Vectors, SoftwareInterruptIsTakenAtTheGeneralVectorWithoutIv) {
  Machine m;
  m.gpr(r::t0) = 2u << cp0::kCauseIPShift;  // IP1
  m.gpr(r::t1) = m.ctx().cp0.status | cp0::kStatusIE | (2u << cp0::kStatusIMShift);
  m.load({mtc0(r::t1, cp0::kStatus), mtc0(r::t0, cp0::kCause), nop(), nop()});
  m.step(3);
  expect_exception(m, cp0::kInt, kEntry + 8);
  EXPECT_TRUE(m.ctx().cp0.cause & (2u << cp0::kCauseIPShift));
}

TEST(Vectors, AMaskedSoftwareInterruptIsNotTaken) {
  Machine m;
  m.gpr(r::t0) = 1u << cp0::kCauseIPShift;  // IP0, but only IM1 enabled
  m.gpr(r::t1) = m.ctx().cp0.status | cp0::kStatusIE | (2u << cp0::kStatusIMShift);
  m.load({mtc0(r::t1, cp0::kStatus), mtc0(r::t0, cp0::kCause), nop(), nop()});
  m.step(4);
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.ctx().pc, kEntry + 16);
}

// ---- ERET, DI, EI ----

TEST(Eret, ReturnsToEpcAndClearsExl) {
  Machine m;
  m.load({syscall()});
  m.step();
  ASSERT_TRUE(m.exl());
  // Handler: skip the syscall.
  m.place(kGeneralVector, {mfc0(r::k0, cp0::kEPC), addiu(r::k0, r::k0, 4), mtc0(r::k0, cp0::kEPC), eret()});
  m.place(kEntry + 4, {addiu(r::s0, r::zero, 1)});
  m.step(4);
  EXPECT_EQ(m.ctx().pc, kEntry + 4);
  EXPECT_FALSE(m.exl());
  m.step();
  EXPECT_EQ(m.gpr(r::s0), 1u);
}

TEST(Eret, ReturnsToUserModeWhenKsuIsUser) {
  Machine m;
  m.enter_user({syscall(), addiu(r::s0, r::zero, 1)});
  m.step();
  ASSERT_FALSE(m.ctx().cp0.user_mode());
  m.ctx().cp0.epc = Machine::kUserCode + 4;
  m.place(kGeneralVector, {eret()});
  m.step();
  EXPECT_TRUE(m.ctx().cp0.user_mode());
  EXPECT_EQ(m.ctx().pc, Machine::kUserCode + 4);
  m.step();
  EXPECT_EQ(m.gpr(r::s0), 1u);
}

TEST(Eret, WithErlSetReturnsToErrorEpcAndClearsOnlyErl) {
  Machine m;
  m.ctx().cp0.status |= cp0::kStatusERL | cp0::kStatusEXL;
  m.ctx().cp0.errorepc = 0x80002000u;
  m.ctx().cp0.epc = 0x80003000u;
  m.load({eret()});
  m.step();
  EXPECT_EQ(m.ctx().pc, 0x80002000u);
  EXPECT_FALSE(m.ctx().cp0.status & cp0::kStatusERL);
  EXPECT_TRUE(m.exl());
}

TEST(Eret, DiAndEiReturnTheOldStatusAndClearOrSetIe) {
  Machine m;
  const uint32_t before = m.ctx().cp0.status;
  m.load({ei(r::t0), di(r::t1)});
  m.step();
  EXPECT_EQ(m.gpr(r::t0), before);
  EXPECT_TRUE(m.ctx().cp0.status & cp0::kStatusIE);
  m.step();
  EXPECT_EQ(m.gpr(r::t1), before | cp0::kStatusIE);
  EXPECT_FALSE(m.ctx().cp0.status & cp0::kStatusIE);
}

// ---- CP0 registers ----

TEST(Cp0, ConfigRegistersDescribeTheCore) {
  Machine m;
  m.load({mfc0(r::t0, cp0::kConfig, 0), mfc0(r::t1, cp0::kConfig, 1), mfc0(r::t2, cp0::kPRId, 0)});
  m.step(3);
  EXPECT_EQ(m.gpr(r::t0) & (1u << 15), 0u) << "BE = 0: little-endian";
  EXPECT_EQ((m.gpr(r::t0) >> 10) & 7u, 1u) << "AR = 1: release 2";
  EXPECT_EQ((m.gpr(r::t0) >> 7) & 7u, 1u) << "MT = 1: standard TLB";
  EXPECT_EQ((m.gpr(r::t1) >> 25) & 63u, 31u) << "MMU size - 1";
  EXPECT_EQ(m.gpr(r::t1) & 1u, 1u) << "FP = 1: there is an FPU";
  EXPECT_EQ(m.gpr(r::t2), IssConfig{}.prid);
}

TEST(Cp0, CauseWritesChangeOnlyTheSoftwareInterruptBitsAndIv) {
  Machine m;
  m.gpr(r::t0) = 0xffffffffu;
  m.load({mtc0(r::t0, cp0::kCause), mfc0(r::t1, cp0::kCause)});
  m.step(2);
  EXPECT_EQ(m.gpr(r::t1), (1u << 23) | (3u << 8));
}

}  // namespace
}  // namespace kasane::test

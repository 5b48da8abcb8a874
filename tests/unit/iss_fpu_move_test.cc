// Unit tests of the FPU's moves, control registers and memory accesses in the ISS
// (sim/core/exec_fpu_move.cc, sim/core/fpu.cc): MFC1/MTC1 and the MFHC1/MTHC1 pair halves,
// FIR and FCSR and its FCCR/FEXR/FENR views through CFC1/CTC1, the loads and stores (base +
// offset and indexed, alignment faults), and Status.CU1 gating in user mode.
#include "fpu_test_util.h"

namespace kasane::test {
namespace {

using namespace enc;
using fp::D;
using namespace fcsr;

TEST(IssFpu, MovesBetweenRegisterFilesAndPairHalves) {
  FpuMachine m;
  m.gpr(r::t0) = 0x00000000u;  // 2.5 = 0x4004000000000000: low word, high word
  m.gpr(r::t1) = 0x40040000u;
  m.exec({fp::mtc1(r::t0, 2), fp::mthc1(r::t1, 2), fp::add(D, 4, 2, 2), fp::mfc1(r::s0, 4),
          fp::mfhc1(r::s1, 4), fp::mfc1(r::s2, 5)});
  EXPECT_EQ(m.d(2), bits(2.5));
  EXPECT_EQ(m.gpr(r::s0), 0u);
  EXPECT_EQ(m.gpr(r::s1), 0x40140000u);  // 5.0
  EXPECT_EQ(m.gpr(r::s2), 0x40140000u) << "FR = 0: the high half is the odd register";
  // qemu-mipsel: mthc1 to an odd register writes that register, like to its even partner.
  m.gpr(r::t2) = 2;
  m.exec({fp::mthc1(r::t2, 5)});
  EXPECT_EQ(m.f(5), 2u);
  EXPECT_EQ(m.f(4), 0u);
}

TEST(IssFpu, FirDescribesTheFpu) {
  FpuMachine m;
  m.exec({fp::cfc1(r::t0, 0)});
  // S, D, W and L (L only with FR = 1), F64 = 0, implementation 0x93 (the 24Kf's; qemu-mipsel
  // reports 0x00739300, with F64 set since its Status.FR is writable).
  EXPECT_EQ(m.gpr(r::t0), 0x00339300u);
  m.gpr(r::t1) = 0;
  m.exec({fp::ctc1(r::t1, 0), fp::cfc1(r::t2, 0)});
  EXPECT_EQ(m.gpr(r::t2), 0x00339300u) << "read-only";
}

TEST(IssFpu, FcsrAndItsViews) {
  FpuMachine m;
  // qemu-mipsel: ctc1 0xff840003 to $31 reads back 0xff800003 (bits 22:18 are zero), and then
  // FCCR = 0xff, FEXR = 0, FENR = 7 (FS and RM).
  m.gpr(r::t0) = 0xff840003u;
  m.exec({fp::ctc1(r::t0, 31), fp::cfc1(r::s0, 31), fp::cfc1(r::s1, 25), fp::cfc1(r::s2, 26),
          fp::cfc1(r::s3, 28)});
  EXPECT_EQ(m.gpr(r::s0), 0xff800003u);
  EXPECT_EQ(m.gpr(r::s1), 0xffu);
  EXPECT_EQ(m.gpr(r::s2), 0u);
  EXPECT_EQ(m.gpr(r::s3), 7u);
  // FCCR writes the condition codes only; qemu ignores a write with any other bit set.
  m.fcsr() = 0;
  m.gpr(r::t0) = 0xa5u;
  m.gpr(r::t1) = 0xffffffffu;
  m.exec({fp::ctc1(r::t0, 25), fp::cfc1(r::s0, 31), fp::ctc1(r::t1, 25), fp::cfc1(r::s1, 31)});
  EXPECT_EQ(m.gpr(r::s0), fcsr_cc_bit(0) | fcsr_cc_bit(2) | fcsr_cc_bit(5) | fcsr_cc_bit(7));
  EXPECT_EQ(m.gpr(r::s1), m.gpr(r::s0));
  // qemu-mipsel: FEXR 0x0001f07c sets Cause and Flags.
  m.fcsr() = 0;
  m.gpr(r::t0) = 0x0001f07cu;
  m.exec({fp::ctc1(r::t0, 26), fp::cfc1(r::s0, 31)});
  EXPECT_EQ(m.gpr(r::s0), 0x0001f07cu);
  // FENR: Enables, FS (its bit 2) and RM.
  m.fcsr() = 0;
  m.gpr(r::t0) = 0x00000f86u;
  m.exec({fp::ctc1(r::t0, 28), fp::cfc1(r::s0, 31)});
  EXPECT_EQ(m.gpr(r::s0), 0x00000f82u | kFS);
}

TEST(IssFpu, Ctc1OfAnEnabledCauseTraps) {
  FpuMachine m;
  m.gpr(r::t0) = enables(Z) | cause(Z);
  m.exec({fp::ctc1(r::t0, 31)});
  EXPECT_EQ(m.exc_code(), cp0::kFPE);
  EXPECT_EQ(m.fcsr(), enables(Z) | cause(Z)) << "the write happened";
  // Unimplemented has no Enable bit: it always traps.
  FpuMachine u;
  u.gpr(r::t0) = cause(E);
  u.exec({fp::ctc1(r::t0, 31)});
  EXPECT_EQ(u.exc_code(), cp0::kFPE);
}

TEST(IssFpu, LoadsAndStoresKeepTheLittleEndianPairLayout) {
  FpuMachine m;
  const uint32_t base = kData, pa = Machine::pa_of(kData);
  m.ram.write32(pa + 0, 0x11111111u);
  m.ram.write32(pa + 8, 0x33333333u);  // a double: low word first
  m.ram.write32(pa + 12, 0x44444444u);
  m.ram.write32(pa + 16, 0x55555555u);
  m.gpr(r::a0) = base;
  m.gpr(r::a1) = 8;
  m.exec({fp::lwc1(7, 0, r::a0), fp::ldc1(2, 8, r::a0), fp::lwxc1(9, r::a1, r::a0),
          fp::ldxc1(10, r::a1, r::a0), fp::swc1(7, 100, r::a0), fp::sdc1(2, 104, r::a0)});
  EXPECT_EQ(m.f(7), 0x11111111u);
  EXPECT_EQ(m.d(2), 0x4444444433333333ull);
  EXPECT_EQ(m.f(9), 0x33333333u);
  EXPECT_EQ(m.d(10), 0x4444444433333333ull);
  EXPECT_EQ(m.ram.read32(pa + 100), 0x11111111u);
  EXPECT_EQ(m.ram.read32(pa + 104), 0x33333333u);
  EXPECT_EQ(m.ram.read32(pa + 108), 0x44444444u);
  m.gpr(r::a2) = 200;
  m.exec({fp::swxc1(9, r::a2, r::a0), fp::sdxc1(10, r::a2, r::a0)});
  EXPECT_EQ(m.ram.read32(pa + 200), 0x33333333u);
  EXPECT_EQ(m.ram.read32(pa + 204), 0x44444444u);
  // An odd register in a doubleword access names its pair (as qemu-mipsel does with FR = 0).
  m.exec({fp::ldc1(13, 16, r::a0)});
  EXPECT_EQ(m.f(12), 0x55555555u);
}

TEST(IssFpu, MisalignedAccessesRaiseAddressErrors) {
  struct Case {
    uint32_t word;
    uint32_t code;
    uint32_t offset;
  } cases[] = {
      {fp::ldc1(2, 4, r::a0), cp0::kAdEL, 4},  {fp::sdc1(2, 12, r::a0), cp0::kAdES, 12},
      {fp::lwc1(2, 2, r::a0), cp0::kAdEL, 2},  {fp::swc1(2, 1, r::a0), cp0::kAdES, 1},
      {fp::ldxc1(2, r::a1, r::a0), cp0::kAdEL, 4},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.word);
    FpuMachine m;
    m.gpr(r::a0) = kData;
    m.gpr(r::a1) = 4;
    m.f(2) = 0xabcdef01u;
    m.exec({k.word});
    EXPECT_EQ(m.exc_code(), k.code);
    EXPECT_EQ(m.ctx().cp0.badvaddr, kData + k.offset);
    EXPECT_EQ(m.f(2), 0xabcdef01u);
    EXPECT_EQ(m.ram.read32(Machine::pa_of(kData) + (k.offset & ~3u)), 0u) << "nothing stored";
  }
}

TEST(IssFpu, UserModeNeedsCU1) {
  FpuMachine m;
  m.gpr(r::t0) = 0x3f800000u;
  m.enter_user({fp::mtc1(r::t0, 0), fp::mfc1(r::t1, 0)});
  m.step(2);
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t1), 0x3f800000u);
  FpuMachine n;
  n.ctx().cp0.status &= ~cp0::kStatusCU1;
  n.enter_user({fp::mtc1(r::t0, 0)});
  n.step(1);
  EXPECT_EQ(n.exc_code(), cp0::kCpU);
  EXPECT_EQ(n.cause_ce(), 1u);
  EXPECT_EQ(n.ctx().cp0.epc, Machine::kUserCode);
  // MOVF/MOVT on a GPR read the FPU's condition codes: they need CU1 too.
  FpuMachine g;
  g.ctx().cp0.status &= ~cp0::kStatusCU1;
  g.exec({fp::movcf_gpr(false, 0, r::a0, r::a1)});
  EXPECT_EQ(g.exc_code(), cp0::kCpU);
  EXPECT_EQ(g.cause_ce(), 1u);
}

}  // namespace
}  // namespace kasane::test

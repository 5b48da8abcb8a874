// Unit tests of the FPU's arithmetic in the ISS (sim/core/exec_fpu_arith.cc): both formats, the
// four rounding modes, NaNs and the legacy default NaN, signed zeros, denormals and FCSR.FS,
// the exception flags, the unfused multiply-adds, and an enabled exception that traps without
// writing its destination. Register use: $f0 = fs OP ft with fs = $f2, ft = $f4 (FpuMachine).
#include "fpu_test_util.h"

namespace kasane::test {
namespace {

using namespace enc;
using fp::D;
using fp::S;
using namespace fcsr;

constexpr uint32_t kOne = 0x3f800000u, kTwo = 0x40000000u, kThree = 0x40400000u;
constexpr uint32_t kInfS = 0x7f800000u, kFltMax = 0x7f7fffffu, kFltMin = 0x00800000u;
constexpr uint32_t kDefaultNanS = 0x7fbfffffu;
constexpr uint64_t kDefaultNanD = 0x7ff7ffffffffffffull;
constexpr uint32_t kSNanS = 0x7fc00000u;  // legacy encoding: quiet bit set = signalling
constexpr uint32_t kQNanS = 0x7f800001u;

TEST(IssFpu, SingleArithmeticIsIeee) {
  FpuMachine m;
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), bits(1.5f), bits(2.25f)), bits(3.75f));
  EXPECT_EQ(m.fcsr(), 0u) << "exact: no cause, no flag";
  EXPECT_EQ(m.op_s(fp::sub(S, 0, 2, 4), bits(1.5f), bits(2.25f)), bits(-0.75f));
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), bits(1.5f), bits(-4.0f)), bits(-6.0f));
  EXPECT_EQ(m.op_s(fp::div(S, 0, 2, 4), kOne, kThree), 0x3eaaaaabu);
  EXPECT_EQ(m.fcsr(), after(I));
  EXPECT_EQ(m.op_s(fp::sqrt(S, 0, 2), bits(2.0f)), 0x3fb504f3u);
  EXPECT_EQ(m.fcsr(), after(I));
}

TEST(IssFpu, DoubleArithmeticUsesRegisterPairs) {
  FpuMachine m;
  EXPECT_EQ(m.op_d(fp::add(D, 0, 2, 4), bits(0.1), bits(0.2)), 0x3fd3333333333334ull);
  EXPECT_EQ(m.fcsr(), after(I));
  EXPECT_EQ(m.op_d(fp::mul(D, 0, 2, 4), bits(3.0), bits(-0.5)), bits(-1.5));
  EXPECT_EQ(m.op_d(fp::div(D, 0, 2, 4), bits(1.0), bits(3.0)), 0x3fd5555555555555ull);
  EXPECT_EQ(m.op_d(fp::sqrt(D, 0, 2), bits(2.0)), 0x3ff6a09e667f3bcdull);
  EXPECT_EQ(m.op_d(fp::sub(D, 0, 2, 4), bits(1e300), bits(-1e300)), bits(2e300));
}

TEST(IssFpu, DoubleOperandInAnOddRegisterIsReserved) {
  FpuMachine m;  // qemu-mipsel (FR = 0) raises SIGILL for add.d $f1, $f2, $f2
  m.f(1) = 0x12345678u;
  m.exec({fp::add(D, 1, 2, 2)});
  EXPECT_EQ(m.exc_code(), cp0::kRI);
  EXPECT_EQ(m.f(1), 0x12345678u);
}

TEST(IssFpu, EveryRoundingModeSetByCtc1) {
  // 1/3 and -1/3 in single: the two neighbours are ...aaa and ...aab.
  const uint32_t pos[4] = {0x3eaaaaabu, 0x3eaaaaaau, 0x3eaaaaabu, 0x3eaaaaaau};  // RN RZ RP RM
  const uint32_t neg[4] = {0xbeaaaaabu, 0xbeaaaaaau, 0xbeaaaaaau, 0xbeaaaaabu};
  for (uint32_t rm = 0; rm < 4; ++rm) {
    SCOPED_TRACE(rm);
    FpuMachine m;
    m.gpr(r::t0) = rm;
    m.f(2) = kOne;
    m.f(4) = kThree;
    m.f(6) = bits(-1.0f);
    m.exec({fp::ctc1(r::t0, 31), fp::div(S, 0, 2, 4), fp::div(S, 8, 6, 4), fp::cfc1(r::t1, 31)});
    EXPECT_EQ(m.f(0), pos[rm]);
    EXPECT_EQ(m.f(8), neg[rm]);
    EXPECT_EQ(m.gpr(r::t1), rm | after(I));
  }
}

TEST(IssFpu, OverflowRoundsByMode) {
  FpuMachine m;
  // qemu-mipsel: mul.s 0x7f7fffff, 2.0 -> 0x7f800000, FCSR 0x00005014.
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), kFltMax, kTwo), kInfS);
  EXPECT_EQ(m.fcsr(), after(O | I));
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), kFltMax, kTwo, 1 /* RZ */), kFltMax);
  EXPECT_EQ(m.fcsr(), 1 | after(O | I));
}

TEST(IssFpu, DivideByZeroAndInvalid) {
  FpuMachine m;
  // qemu-mipsel: div.s 1, 0 -> 0x7f800000, FCSR 0x00008020; 0/0 -> 0x7fbfffff, 0x00010040.
  EXPECT_EQ(m.op_s(fp::div(S, 0, 2, 4), kOne, 0), kInfS);
  EXPECT_EQ(m.fcsr(), after(Z));
  EXPECT_EQ(m.op_s(fp::div(S, 0, 2, 4), 0, 0), kDefaultNanS);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), kInfS, 0xff800000u), kDefaultNanS);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_s(fp::sqrt(S, 0, 2), bits(-1.0f)), kDefaultNanS);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_d(fp::div(D, 0, 2, 4), 0, 0), kDefaultNanD);
  EXPECT_EQ(m.fcsr(), after(V));
}

TEST(IssFpu, NanOperandsGiveTheDefaultNan) {
  FpuMachine m;
  // qemu-mipsel: a signalling NaN operand is Invalid; a quiet one is not, and either way the
  // result is the default NaN (not the operand's payload).
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), kSNanS, kOne), kDefaultNanS);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), kQNanS, 0x7f800002u), kDefaultNanS);
  EXPECT_EQ(m.fcsr(), 0u);
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), kOne, 0xff800003u), kDefaultNanS);
  EXPECT_EQ(m.fcsr(), 0u);
  EXPECT_EQ(m.op_d(fp::add(D, 0, 2, 4), 0x7ff8000000000000ull, bits(1.0)), kDefaultNanD);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_d(fp::add(D, 0, 2, 4), 0x7ff0000000000001ull, bits(1.0)), kDefaultNanD);
  EXPECT_EQ(m.fcsr(), 0u);
}

TEST(IssFpu, SignedZeros) {
  FpuMachine m;
  const uint32_t pz = 0, nz = 0x80000000u;
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), pz, nz), pz);
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), pz, nz, 3 /* RM */), nz);
  EXPECT_EQ(m.op_s(fp::sub(S, 0, 2, 4), kOne, kOne, 3), nz);
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), nz, kThree), nz);
  EXPECT_EQ(m.op_s(fp::sqrt(S, 0, 2), nz), nz);  // qemu-mipsel: sqrt.s -0 -> -0, no flag
  EXPECT_EQ(m.fcsr(), 0u);
  EXPECT_EQ(m.op_s(fp::div(S, 0, 2, 4), kOne, nz), 0xff800000u);
}

TEST(IssFpu, DenormalsAndUnderflow) {
  FpuMachine m;
  // qemu-mipsel: FLT_MIN * 0.5 = 0x00400000 exactly (no Underflow: tiny but exact);
  // FLT_MIN * 0.3 = 0x00266666 with FCSR 0x0000300c (Underflow and Inexact).
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), kFltMin, bits(0.5f)), 0x00400000u);
  EXPECT_EQ(m.fcsr(), 0u);
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), kFltMin, 0x3e99999au), 0x00266666u);
  EXPECT_EQ(m.fcsr(), after(U | I));
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), 1u, 1u), 2u);  // denormal + denormal
  EXPECT_EQ(m.op_d(fp::mul(D, 0, 2, 4), 0x0010000000000000ull, bits(0.5)), 0x0008000000000000ull);
}

TEST(IssFpu, FlushToZeroFlushesResultsWithoutFlags) {
  FpuMachine m;
  // qemu-mipsel with FCSR.FS: FLT_MIN * 0.3 -> 0 and FCSR = FS only; 1 ulp + 0 -> 0 (the
  // denormal result is flushed); a result that underflows to zero raises nothing either.
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), kFltMin, 0x3e99999au, kFS), 0u);
  EXPECT_EQ(m.fcsr(), kFS);
  EXPECT_EQ(m.op_s(fp::add(S, 0, 2, 4), 1u, 0u, kFS), 0u);
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), 1u, 0x3e99999au, kFS | 2 /* RP */), 0u);
  EXPECT_EQ(m.fcsr(), kFS | 2);
  // Operands are not flushed (as in qemu): 2^-127 / 2^-10 is the normal 2^-117.
  EXPECT_EQ(m.op_s(fp::div(S, 0, 2, 4), 0x00400000u, 0x3a800000u, kFS), 0x05000000u);
  EXPECT_EQ(m.fcsr(), kFS);
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), 0x80800000u, 0x3e99999au, kFS), 0x80000000u);
  EXPECT_EQ(m.op_s(fp::mul(S, 0, 2, 4), kFltMin, kTwo, kFS), 0x01000000u) << "normal: kept";
}

TEST(IssFpu, MultiplyAddRoundsTheProductFirst) {
  FpuMachine m;
  // (1 + 2^-12)^2 - 1: the product rounds to 1 + 2^-11 (a tie, to even), so the unfused result
  // is 2^-11 (0x3a000000); a fused one would be 2^-11 + 2^-24 (0x3a000800).
  m.f(2) = 0x3f800800u;
  m.f(4) = 0x3f800800u;
  m.f(6) = bits(-1.0f);
  m.exec({fp::madd_kind(4, S, 0, 6, 2, 4)});
  EXPECT_EQ(m.f(0), 0x3a000000u);
  // qemu-mipsel: nmsub.s with fr = 1, fs = 2, ft = 3 -> -(2 * 3 - 1) = 0xc0a00000.
  m.f(2) = kTwo;
  m.f(4) = kThree;
  m.f(6) = kOne;
  m.exec({fp::madd_kind(7, S, 0, 6, 2, 4), fp::madd_kind(5, S, 8, 6, 2, 4),
          fp::madd_kind(6, S, 10, 6, 2, 4)});
  EXPECT_EQ(m.f(0), 0xc0a00000u);
  EXPECT_EQ(m.f(8), bits(5.0f));
  EXPECT_EQ(m.f(10), bits(-7.0f));
  // qemu-mipsel: nmadd.s of a NaN is the default NaN negated, 0xffbfffff.
  m.f(6) = kQNanS;
  m.exec({fp::madd_kind(6, S, 0, 6, 2, 4)});
  EXPECT_EQ(m.f(0), 0xffbfffffu);
  m.set_d(2, bits(1.5));
  m.set_d(4, bits(4.0));
  m.set_d(6, bits(0.25));
  m.exec({fp::madd_kind(4, D, 0, 6, 2, 4)});
  EXPECT_EQ(m.d(0), bits(6.25));
}

TEST(IssFpu, RecipAndRsqrt) {
  FpuMachine m;
  // qemu-mipsel: recip.s 3 -> 0x3eaaaaab, rsqrt.s 2 -> 0x3f3504f3, both Inexact.
  EXPECT_EQ(m.op_s(fp::recip(S, 0, 2), kThree), 0x3eaaaaabu);
  EXPECT_EQ(m.fcsr(), after(I));
  EXPECT_EQ(m.op_s(fp::rsqrt(S, 0, 2), kTwo), 0x3f3504f3u);
  EXPECT_EQ(m.fcsr(), after(I));
  EXPECT_EQ(m.op_d(fp::recip(D, 0, 2), bits(4.0)), bits(0.25));
  EXPECT_EQ(m.op_d(fp::rsqrt(D, 0, 2), bits(4.0)), bits(0.5));
}

TEST(IssFpu, AbsNegMovOnlyMoveBits) {
  FpuMachine m;
  // qemu-mipsel: abs.s of a signalling NaN keeps it and raises nothing; neg.s flips the sign.
  EXPECT_EQ(m.op_s(fp::abs(S, 0, 2), kSNanS | 0x80000000u), kSNanS);
  EXPECT_EQ(m.fcsr(), 0u);
  EXPECT_EQ(m.op_s(fp::neg(S, 0, 2), kQNanS), 0xff800001u);
  EXPECT_EQ(m.op_s(fp::mov(S, 0, 2), 0x00000001u, 0, after(O)), 1u);
  EXPECT_EQ(m.fcsr(), after(O)) << "MOV leaves Cause alone";
  EXPECT_EQ(m.op_d(fp::neg(D, 0, 2), bits(2.5)), bits(-2.5));
  EXPECT_EQ(m.op_d(fp::abs(D, 0, 2), bits(-0.0)), 0u);
  EXPECT_EQ(m.op_d(fp::mov(D, 0, 2), 0x0123456789abcdefull), 0x0123456789abcdefull);
}

TEST(IssFpu, EnabledExceptionTrapsWithoutWriteback) {
  FpuMachine m;
  m.f(0) = 0xdeadbeefu;
  m.f(2) = kInfS;
  m.f(4) = 0xff800000u;
  m.fcsr() = enables(V);
  m.exec({fp::add(S, 0, 2, 4)});
  EXPECT_EQ(m.exc_code(), cp0::kFPE);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_EQ(m.f(0), 0xdeadbeefu) << "the destination is not written";
  EXPECT_EQ(m.fcsr(), enables(V) | cause(V)) << "Cause says why; Flags are not updated";
}

TEST(IssFpu, ExceptionInADelaySlotReportsTheBranch) {
  FpuMachine m;
  m.f(0) = 5;
  m.f(2) = kOne;
  m.f(4) = 0;
  m.fcsr() = enables(Z);
  m.exec({beq(r::zero, r::zero, 4), fp::div(S, 0, 2, 4)});
  EXPECT_EQ(m.exc_code(), cp0::kFPE);
  EXPECT_TRUE(m.bd());
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_EQ(m.f(0), 5u);
  EXPECT_EQ(m.fcsr(), enables(Z) | cause(Z));
}

TEST(IssFpu, DisabledExceptionsDoNotTrap) {
  FpuMachine m;
  // Invalid is enabled, the operation raises only Inexact.
  EXPECT_EQ(m.op_s(fp::div(S, 0, 2, 4), kOne, kThree, enables(V)), 0x3eaaaaabu);
  EXPECT_EQ(m.fcsr(), enables(V) | after(I));
  EXPECT_FALSE(m.exl());
  // ... and the flags accumulate from one operation to the next, Cause does not.
  EXPECT_EQ(m.op_s(fp::div(S, 0, 2, 4), kOne, 0, m.fcsr()), kInfS);
  EXPECT_EQ(m.fcsr(), enables(V) | cause(Z) | flags(Z | I));
}

TEST(IssFpu, InexactEnabledTrapsOnARoundedResult) {
  FpuMachine m;
  m.f(0) = 7;
  m.op_s(fp::div(S, 0, 2, 4), kOne, kThree, enables(I));
  EXPECT_EQ(m.exc_code(), cp0::kFPE);
  EXPECT_EQ(m.f(0), 7u);
}

}  // namespace
}  // namespace kasane::test

// Unit tests of the FPU's conversions and comparisons in the ISS (sim/core/exec_fpu_convert.cc):
// conversions at their edges (2^31, -2^31 - 1, NaN, infinity), ties in every rounding mode,
// every C.cond condition on ordered and unordered operands with several condition codes, and
// the branches and conditional moves that read the condition codes.
#include "fpu_test_util.h"

namespace kasane::test {
namespace {

using namespace enc;
using fp::D;
using fp::S;
using fp::W;
using namespace fcsr;

constexpr uint32_t kIntOverflow = 0x7fffffffu;  // NaN or out of range, whatever the sign

TEST(IssFpu, ConversionToWordAtTheEdges) {
  FpuMachine m;
  // qemu-mipsel: cvt.w.s 2^31 -> 0x7fffffff Invalid; -2^31 -> 0x80000000 exact;
  // trunc.w.d -2^31 - 1 -> 0x7fffffff Invalid; trunc.w.d -2^31 - 0.5 -> 0x80000000 Inexact;
  // round.w.s of either NaN -> 0x7fffffff Invalid.
  EXPECT_EQ(m.op_s(fp::cvt_w(S, 0, 2), 0x4f000000u), kIntOverflow);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_s(fp::cvt_w(S, 0, 2), 0xcf000000u), 0x80000000u);
  EXPECT_EQ(m.fcsr(), 0u);
  m.set_d(2, bits(-2147483649.0));
  m.fcsr() = 0;
  m.exec({fp::trunc_w(D, 0, 2)});
  EXPECT_EQ(m.f(0), kIntOverflow);
  EXPECT_EQ(m.fcsr(), after(V));
  m.set_d(2, bits(-2147483648.5));
  m.fcsr() = 0;
  m.exec({fp::trunc_w(D, 0, 2)});
  EXPECT_EQ(m.f(0), 0x80000000u);
  EXPECT_EQ(m.fcsr(), after(I));
  m.set_d(2, bits(2147483647.0));
  m.exec({fp::cvt_w(D, 0, 2)});
  EXPECT_EQ(m.f(0), 0x7fffffffu);
  EXPECT_EQ(m.op_s(fp::round_w(S, 0, 2), 0x7fc00000u), kIntOverflow);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_s(fp::round_w(S, 0, 2), 0x7f800001u), kIntOverflow);
  EXPECT_EQ(m.fcsr(), after(V));
  EXPECT_EQ(m.op_s(fp::floor_w(S, 0, 2), 0xff800000u), kIntOverflow) << "-infinity";
  EXPECT_EQ(m.op_s(fp::ceil_w(S, 0, 2), bits(-0.5f)), 0u);
  EXPECT_EQ(m.fcsr(), after(I));
}

TEST(IssFpu, TiesInEachRoundingMode) {
  struct Case {
    float x;
    int32_t round, trunc, ceil, floor;
  } cases[] = {
      {0.5f, 0, 0, 1, 0},   {1.5f, 2, 1, 2, 1},     {2.5f, 2, 2, 3, 2},
      {-2.5f, -2, -2, -2, -3}, {-0.5f, 0, 0, 0, -1}, {3.0f, 3, 3, 3, 3},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.x);
    FpuMachine m;
    m.f(2) = bits(k.x);
    m.exec({fp::round_w(S, 4, 2), fp::trunc_w(S, 6, 2), fp::ceil_w(S, 8, 2), fp::floor_w(S, 10, 2)});
    EXPECT_EQ(static_cast<int32_t>(m.f(4)), k.round);
    EXPECT_EQ(static_cast<int32_t>(m.f(6)), k.trunc);
    EXPECT_EQ(static_cast<int32_t>(m.f(8)), k.ceil);
    EXPECT_EQ(static_cast<int32_t>(m.f(10)), k.floor);
    // CVT.W uses the FCSR mode: RN, RZ, RP, RM are round, trunc, ceil, floor.
    const int32_t by_mode[4] = {k.round, k.trunc, k.ceil, k.floor};
    for (uint32_t rm = 0; rm < 4; ++rm) {
      m.set_d(12, bits(static_cast<double>(k.x)));
      m.fcsr() = rm;
      m.exec({fp::cvt_w(S, 0, 2), fp::cvt_w(D, 14, 12)});
      EXPECT_EQ(static_cast<int32_t>(m.f(0)), by_mode[rm]) << "rm " << rm;
      EXPECT_EQ(static_cast<int32_t>(m.f(14)), by_mode[rm]) << "rm " << rm;
      EXPECT_EQ(m.fcsr() & flags(I), k.x == 3.0f ? 0u : flags(I));
    }
  }
}

TEST(IssFpu, ConversionsBetweenFormats) {
  FpuMachine m;
  m.f(2) = bits(1.5f);
  m.exec({fp::cvt_d(S, 4, 2)});
  EXPECT_EQ(m.d(4), bits(1.5));
  m.set_d(2, bits(0.1));
  m.exec({fp::cvt_s(D, 0, 2)});
  EXPECT_EQ(m.f(0), 0x3dcccccdu);
  EXPECT_EQ(m.fcsr() & 0x3f000u, cause(I));
  m.set_d(2, bits(1e300));
  m.fcsr() = 0;
  m.exec({fp::cvt_s(D, 0, 2)});
  EXPECT_EQ(m.f(0), 0x7f800000u);
  EXPECT_EQ(m.fcsr(), after(O | I));
  // qemu-mipsel: cvt.s.w 0x7fffffff -> 0x4f000000, Inexact.
  EXPECT_EQ(m.op_s(fp::cvt_s(W, 0, 2), 0x7fffffffu), 0x4f000000u);
  EXPECT_EQ(m.fcsr(), after(I));
  EXPECT_EQ(m.op_s(fp::cvt_s(W, 0, 2), 0x7fffffffu, 0, 1 /* RZ */), 0x4effffffu);
  m.f(2) = 0xffffffffu;  // -1
  m.exec({fp::cvt_d(W, 4, 2)});
  EXPECT_EQ(m.d(4), bits(-1.0));
  // qemu-mipsel: cvt.s.d of a quiet NaN -> 0x7fbfffff, nothing raised; of a signalling one
  // (0x7ff8...) -> 0x7fbfffff, Invalid; cvt.d.s of 0x7f800001 -> 0x7ff7ffffffffffff.
  m.set_d(2, 0x7ff0000000000001ull);
  m.fcsr() = 0;
  m.exec({fp::cvt_s(D, 0, 2)});
  EXPECT_EQ(m.f(0), 0x7fbfffffu);
  EXPECT_EQ(m.fcsr(), 0u);
  m.set_d(2, 0x7ff8000000000000ull);
  m.exec({fp::cvt_s(D, 0, 2)});
  EXPECT_EQ(m.f(0), 0x7fbfffffu);
  EXPECT_EQ(m.fcsr(), after(V));
  m.f(2) = 0x7f800001u;
  m.fcsr() = 0;
  m.exec({fp::cvt_d(S, 4, 2)});
  EXPECT_EQ(m.d(4), 0x7ff7ffffffffffffull);
  EXPECT_EQ(m.fcsr(), 0u);
}

TEST(IssFpu, CompareEveryCondition) {
  // For each condition: the result when fs < ft, fs == ft, fs > ft, and unordered.
  struct Cond {
    const char* name;
    bool lt, eq, gt, un;
  } conds[16] = {
      {"f", 0, 0, 0, 0},    {"un", 0, 0, 0, 1},   {"eq", 0, 1, 0, 0},   {"ueq", 0, 1, 0, 1},
      {"olt", 1, 0, 0, 0},  {"ult", 1, 0, 0, 1},  {"ole", 1, 1, 0, 0},  {"ule", 1, 1, 0, 1},
      {"sf", 0, 0, 0, 0},   {"ngle", 0, 0, 0, 1}, {"seq", 0, 1, 0, 0},  {"ngl", 0, 1, 0, 1},
      {"lt", 1, 0, 0, 0},   {"nge", 1, 0, 0, 1},  {"le", 1, 1, 0, 0},   {"ngt", 1, 1, 0, 1},
  };
  const float lhs[4] = {1.0f, 2.0f, 3.0f, 0.0f};
  for (unsigned cond = 0; cond < 16; ++cond) {
    const bool want[4] = {conds[cond].lt, conds[cond].eq, conds[cond].gt, conds[cond].un};
    for (unsigned k = 0; k < 4; ++k) {
      SCOPED_TRACE(std::string("c.") + conds[cond].name + " case " + std::to_string(k));
      const unsigned cc = (cond + k) % 8;  // spread over every condition code
      FpuMachine m;
      m.f(2) = k == 3 ? 0x7f800001u : bits(lhs[k]);  // a quiet NaN for the unordered case
      m.f(4) = bits(2.0f);
      m.set_d(6, k == 3 ? 0x7ff0000000000001ull : bits(static_cast<double>(lhs[k])));
      m.set_d(8, bits(2.0));
      m.fcsr() = 0xfe800000u & ~fcsr_cc_bit(cc);  // every other cc set: only cc may change
      m.exec({fp::c(S, cond, cc, 2, 4)});
      EXPECT_EQ((m.fcsr() & fcsr_cc_bit(cc)) != 0, want[k]) << "single";
      EXPECT_EQ(m.fcsr() & 0xfe800000u & ~fcsr_cc_bit(cc), 0xfe800000u & ~fcsr_cc_bit(cc));
      // qemu-mipsel: c.lt.s on a quiet NaN is Invalid, c.ult.s is not.
      const uint32_t e = (k == 3 && cond >= 8) ? V : 0;
      EXPECT_EQ(m.fcsr() & 0x3f07cu, after(e));
      m.fcsr() = 0;
      m.exec({fp::c(D, cond, cc, 6, 8)});
      EXPECT_EQ((m.fcsr() & fcsr_cc_bit(cc)) != 0, want[k]) << "double";
    }
  }
}

TEST(IssFpu, SignallingNanCompareIsAlwaysInvalid) {
  FpuMachine m;
  // qemu-mipsel: c.eq.s with a signalling NaN -> FCSR 0x00010040.
  EXPECT_EQ((m.op_s(fp::c(S, 2, 0, 2, 4), 0x7fc00000u, 0), m.fcsr()), after(V));
  EXPECT_EQ((m.op_s(fp::c(S, 0, 0, 2, 4), 0x7fc00000u, 0), m.fcsr()), after(V)) << "even c.f";
  // An enabled Invalid traps and leaves the condition code alone.
  m.f(2) = 0x7fc00000u;
  m.fcsr() = enables(V) | fcsr_cc_bit(1);
  m.exec({fp::c(S, 0, 1, 2, 4)});
  EXPECT_EQ(m.exc_code(), cp0::kFPE);
  EXPECT_NE(m.fcsr() & fcsr_cc_bit(1), 0u);
}

TEST(IssFpu, Bc1BranchesOnTheirConditionCode) {
  // c.eq.s sets cc 3 (1 == 1); bc1t $fcc3 is taken, bc1f $fcc3 and bc1t $fcc2 are not.
  for (int variant = 0; variant < 6; ++variant) {
    SCOPED_TRACE(variant);
    const bool tf[6] = {true, false, true, true, false, false};
    const bool likely[6] = {false, false, false, true, true, true};
    const unsigned cc[6] = {3, 3, 2, 3, 3, 2};
    const bool taken = tf[variant] == (cc[variant] == 3);
    FpuMachine m;
    m.f(2) = m.f(4) = bits(1.0f);
    m.load({fp::c(S, 2, 3, 2, 4), fp::bc1(tf[variant], likely[variant], cc[variant], 3),
            addiu(r::t0, r::zero, 1) /* the slot */, addiu(r::t1, r::zero, 1),
            addiu(r::t2, r::zero, 1), addiu(r::t3, r::zero, 1) /* the target */});
    m.step(2);
    const bool slot_ran = taken || !likely[variant];
    if (slot_ran) m.step(1);  // an annulled slot is skipped: the branch went on to pc + 8
    EXPECT_EQ(m.gpr(r::t0), slot_ran ? 1u : 0u) << "delay slot";
    EXPECT_EQ(m.ctx().pc, taken ? kEntry + 20 : kEntry + 12);
  }
}

TEST(IssFpu, ConditionalMoves) {
  FpuMachine m;
  m.fcsr() = fcsr_cc_bit(5);  // cc 5 true, cc 0 false
  m.f(2) = 0x11111111u;
  m.set_d(4, 0x2222222233333333ull);
  m.gpr(r::a1) = 42;
  m.gpr(r::t0) = 0;
  m.gpr(r::t1) = 7;
  m.exec({fp::movcf(S, true, 5, 0, 2),       // movt.s: cc 5 true -> moves
          fp::movcf(S, false, 5, 1, 2),      // movf.s: does not
          fp::movcf(D, false, 0, 6, 4),      // movf.d: cc 0 false -> moves
          fp::movcf(D, true, 0, 8, 4),       // movt.d: does not
          fp::movcf_gpr(true, 5, r::a2, r::a1), fp::movcf_gpr(false, 5, r::a3, r::a1),
          fp::movz(S, 10, 2, r::t0), fp::movn(S, 11, 2, r::t0), fp::movn(D, 12, 4, r::t1),
          fp::movz(D, 14, 4, r::t1)});
  EXPECT_EQ(m.f(0), 0x11111111u);
  EXPECT_EQ(m.f(1), 0u);
  EXPECT_EQ(m.d(6), 0x2222222233333333ull);
  EXPECT_EQ(m.d(8), 0u);
  EXPECT_EQ(m.gpr(r::a2), 42u);
  EXPECT_EQ(m.gpr(r::a3), 0u);
  EXPECT_EQ(m.f(10), 0x11111111u);
  EXPECT_EQ(m.f(11), 0u);
  EXPECT_EQ(m.d(12), 0x2222222233333333ull);
  EXPECT_EQ(m.d(14), 0u);
}

}  // namespace
}  // namespace kasane::test

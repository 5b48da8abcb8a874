// Unit tests of the functional ISS (kasane::Iss): the integer ALU, multiply/divide and trap
// families, one instruction at a time in kernel mode. Edge cases: signed overflow of ADD/ADDI/SUB
// (Integer Overflow, ExcCode 12, destination unchanged), wrapping of the -U forms, shifts by 0 and
// 31, arithmetic shifts of negatives, rotates, signed vs unsigned compares, 64-bit HI/LO results,
// INT_MIN / -1 and division by zero (the values exec_muldiv.cc documents: LO = dividend, HI = 0),
// CLZ/CLO of 0 and ~0, the bit-field and byte instructions, conditional moves, and every
// conditional trap taken and not taken (Trap, ExcCode 13, EPC at the trap).
#include <cctype>
#include <climits>
#include <string>

#include "test_machine.h"

namespace kasane::test {
namespace {

using namespace enc;

constexpr uint32_t kIntMin = 0x80000000u, kIntMax = 0x7fffffffu;

class Alu : public ::testing::Test {
 protected:
  Machine m;

  // Execute one instruction with the given register values and return rd (or rt) afterwards.
  uint32_t run1(uint32_t word, unsigned dest, uint32_t a0, uint32_t a1 = 0) {
    m.gpr(r::a0) = a0;
    m.gpr(r::a1) = a1;
    m.exec({word});
    return m.gpr(dest);
  }
  void expect_no_exception() {
    EXPECT_FALSE(m.exl()) << "unexpected exception, ExcCode " << m.exc_code();
  }
  void expect_exception(uint32_t code, uint32_t epc) {
    EXPECT_TRUE(m.exl());
    EXPECT_EQ(m.exc_code(), code);
    EXPECT_EQ(m.ctx().cp0.epc, epc);
    EXPECT_EQ(m.ctx().pc, kGeneralVector);
    EXPECT_FALSE(m.bd());
  }
};

// ---- add / subtract ----

TEST_F(Alu, AddOverflowRaisesIntegerOverflowAndLeavesRdUnchanged) {
  const uint32_t pc = m.ctx().pc;
  m.gpr(r::t0) = 0xdeadbeefu;
  run1(add(r::t0, r::a0, r::a1), r::t0, kIntMax, 1);
  expect_exception(cp0::kOv, pc);
  EXPECT_EQ(m.gpr(r::t0), 0xdeadbeefu);
}

TEST_F(Alu, AddOfTwoNegativesThatOverflowsRaisesIntegerOverflow) {
  m.gpr(r::t0) = 7;
  run1(add(r::t0, r::a0, r::a1), r::t0, kIntMin, 0xffffffffu);
  EXPECT_EQ(m.exc_code(), cp0::kOv);
  EXPECT_EQ(m.gpr(r::t0), 7u);
}

TEST_F(Alu, AddWithoutOverflowWritesTheSum) {
  EXPECT_EQ(run1(add(r::t0, r::a0, r::a1), r::t0, kIntMax, 0xffffffffu), kIntMax - 1);
  expect_no_exception();
  EXPECT_EQ(run1(add(r::t0, r::a0, r::a1), r::t0, kIntMin, kIntMax), 0xffffffffu);
  expect_no_exception();
}

TEST_F(Alu, AddiOverflowRaisesIntegerOverflowAndLeavesRtUnchanged) {
  const uint32_t pc = m.ctx().pc;
  m.gpr(r::t1) = 0x12345678u;
  run1(addi(r::t1, r::a0, 1), r::t1, kIntMax);
  expect_exception(cp0::kOv, pc);
  EXPECT_EQ(m.gpr(r::t1), 0x12345678u);
}

TEST_F(Alu, AddiWithANegativeImmediateOverflowsBelowIntMin) {
  m.gpr(r::t1) = 5;
  run1(addi(r::t1, r::a0, -1), r::t1, kIntMin);
  EXPECT_EQ(m.exc_code(), cp0::kOv);
  EXPECT_EQ(m.gpr(r::t1), 5u);
}

TEST_F(Alu, AddiSignExtendsItsImmediate) {
  EXPECT_EQ(run1(addi(r::t1, r::a0, -32768), r::t1, 0), 0xffff8000u);
  expect_no_exception();
}

TEST_F(Alu, SubOverflowRaisesIntegerOverflowAndLeavesRdUnchanged) {
  const uint32_t pc = m.ctx().pc;
  m.gpr(r::t2) = 99;
  run1(sub(r::t2, r::a0, r::a1), r::t2, kIntMin, 1);
  expect_exception(cp0::kOv, pc);
  EXPECT_EQ(m.gpr(r::t2), 99u);
}

TEST_F(Alu, SubOfIntMinFromZeroOverflows) {
  m.gpr(r::t2) = 99;
  run1(sub(r::t2, r::a0, r::a1), r::t2, 0, kIntMin);
  EXPECT_EQ(m.exc_code(), cp0::kOv);
  EXPECT_EQ(m.gpr(r::t2), 99u);
}

TEST_F(Alu, SubWithoutOverflowWritesTheDifference) {
  EXPECT_EQ(run1(sub(r::t2, r::a0, r::a1), r::t2, 3, 5), 0xfffffffeu);
  expect_no_exception();
}

TEST_F(Alu, AdduAddiuAndSubuWrapWithoutTrapping) {
  EXPECT_EQ(run1(addu(r::t0, r::a0, r::a1), r::t0, kIntMax, 1), kIntMin);
  EXPECT_EQ(run1(addu(r::t0, r::a0, r::a1), r::t0, 0xffffffffu, 2), 1u);
  EXPECT_EQ(run1(addiu(r::t0, r::a0, 1), r::t0, kIntMax), kIntMin);
  EXPECT_EQ(run1(addiu(r::t0, r::a0, -1), r::t0, 0), 0xffffffffu);
  EXPECT_EQ(run1(subu(r::t0, r::a0, r::a1), r::t0, kIntMin, 1), kIntMax);
  expect_no_exception();
}

TEST_F(Alu, WritesToRegisterZeroAreDiscarded) {
  run1(addiu(r::zero, r::a0, 5), r::zero, 1);
  EXPECT_EQ(m.gpr(r::zero), 0u);
  run1(lui(r::zero, 0xffff), r::zero, 0);
  EXPECT_EQ(m.gpr(r::zero), 0u);
}

// ---- logic ----

TEST_F(Alu, LogicalImmediatesAreZeroExtended) {
  EXPECT_EQ(run1(andi(r::t0, r::a0, 0x8000), r::t0, 0xffffffffu), 0x00008000u);
  EXPECT_EQ(run1(ori(r::t0, r::a0, 0xffff), r::t0, 0x12340000u), 0x1234ffffu);
  EXPECT_EQ(run1(xori(r::t0, r::a0, 0xffff), r::t0, 0xffffffffu), 0xffff0000u);
  EXPECT_EQ(run1(lui(r::t0, 0x8001), r::t0, 0), 0x80010000u);
}

TEST_F(Alu, RegisterLogicOperations) {
  EXPECT_EQ(run1(and_(r::t0, r::a0, r::a1), r::t0, 0xff00ff00u, 0x0ff00ff0u), 0x0f000f00u);
  EXPECT_EQ(run1(or_(r::t0, r::a0, r::a1), r::t0, 0xff00ff00u, 0x0ff00ff0u), 0xfff0fff0u);
  EXPECT_EQ(run1(xor_(r::t0, r::a0, r::a1), r::t0, 0xff00ff00u, 0x0ff00ff0u), 0xf0f0f0f0u);
  EXPECT_EQ(run1(nor(r::t0, r::a0, r::a1), r::t0, 0xff00ff00u, 0x0ff00ff0u), 0x000f000fu);
  EXPECT_EQ(run1(nor(r::t0, r::a0, r::zero), r::t0, 0), 0xffffffffu);
}

// ---- shifts and rotates ----

TEST_F(Alu, ShiftsByZeroLeaveTheValue) {
  EXPECT_EQ(run1(sll(r::t0, r::a0, 0), r::t0, 0x87654321u), 0x87654321u);
  EXPECT_EQ(run1(srl(r::t0, r::a0, 0), r::t0, 0x87654321u), 0x87654321u);
  EXPECT_EQ(run1(sra(r::t0, r::a0, 0), r::t0, 0x87654321u), 0x87654321u);
  EXPECT_EQ(run1(rotr(r::t0, r::a0, 0), r::t0, 0x87654321u), 0x87654321u);
  EXPECT_EQ(run1(sllv(r::t0, r::a0, r::a1), r::t0, 0x87654321u, 0), 0x87654321u);
  EXPECT_EQ(run1(rotrv(r::t0, r::a0, r::a1), r::t0, 0x87654321u, 0), 0x87654321u);
}

TEST_F(Alu, ShiftsBy31) {
  EXPECT_EQ(run1(sll(r::t0, r::a0, 31), r::t0, 3), 0x80000000u);
  EXPECT_EQ(run1(srl(r::t0, r::a0, 31), r::t0, 0x80000000u), 1u);
  EXPECT_EQ(run1(sra(r::t0, r::a0, 31), r::t0, 0x80000000u), 0xffffffffu);
  EXPECT_EQ(run1(sra(r::t0, r::a0, 31), r::t0, 0x7fffffffu), 0u);
  EXPECT_EQ(run1(rotr(r::t0, r::a0, 31), r::t0, 0x80000001u), 0x00000003u);
}

TEST_F(Alu, SraOfANegativeValueShiftsInSignBits) {
  EXPECT_EQ(run1(sra(r::t0, r::a0, 4), r::t0, 0x80000000u), 0xf8000000u);
  EXPECT_EQ(run1(sra(r::t0, r::a0, 1), r::t0, 0xfffffffeu), 0xffffffffu);
  EXPECT_EQ(run1(srav(r::t0, r::a0, r::a1), r::t0, 0x80000010u, 4), 0xf8000001u);
  EXPECT_EQ(run1(srl(r::t0, r::a0, 4), r::t0, 0x80000000u), 0x08000000u);
}

TEST_F(Alu, VariableShiftsUseTheLowFiveBitsOfRs) {
  EXPECT_EQ(run1(sllv(r::t0, r::a0, r::a1), r::t0, 1, 33), 2u);
  EXPECT_EQ(run1(srlv(r::t0, r::a0, r::a1), r::t0, 0x80000000u, 0xffffffffu), 1u);
  EXPECT_EQ(run1(srav(r::t0, r::a0, r::a1), r::t0, 0x80000000u, 63), 0xffffffffu);
  EXPECT_EQ(run1(rotrv(r::t0, r::a0, r::a1), r::t0, 0x12345678u, 36), 0x81234567u);
}

TEST_F(Alu, RotrRotatesBitsAround) {
  EXPECT_EQ(run1(rotr(r::t0, r::a0, 8), r::t0, 0x12345678u), 0x78123456u);
  EXPECT_EQ(run1(rotr(r::t0, r::a0, 1), r::t0, 1), 0x80000000u);
  EXPECT_EQ(run1(rotrv(r::t0, r::a0, r::a1), r::t0, 0x12345678u, 16), 0x56781234u);
  EXPECT_EQ(run1(rotrv(r::t0, r::a0, r::a1), r::t0, 0x12345678u, 32), 0x12345678u);
}

// ---- compares ----

TEST_F(Alu, SltIsSignedAndSltuIsUnsigned) {
  EXPECT_EQ(run1(slt(r::t0, r::a0, r::a1), r::t0, 0xffffffffu, 1), 1u);   // -1 < 1
  EXPECT_EQ(run1(sltu(r::t0, r::a0, r::a1), r::t0, 0xffffffffu, 1), 0u);  // 0xffffffff > 1
  EXPECT_EQ(run1(slt(r::t0, r::a0, r::a1), r::t0, kIntMin, kIntMax), 1u);
  EXPECT_EQ(run1(sltu(r::t0, r::a0, r::a1), r::t0, kIntMin, kIntMax), 0u);
  EXPECT_EQ(run1(slt(r::t0, r::a0, r::a1), r::t0, 5, 5), 0u);
  EXPECT_EQ(run1(sltu(r::t0, r::a0, r::a1), r::t0, 4, 5), 1u);
}

TEST_F(Alu, SltiSignExtendsAndSltiuComparesTheSignExtendedImmediateUnsigned) {
  EXPECT_EQ(run1(slti(r::t0, r::a0, -1), r::t0, 0xfffffffeu), 1u);  // -2 < -1
  EXPECT_EQ(run1(slti(r::t0, r::a0, -1), r::t0, 0), 0u);
  // sltiu: the immediate -1 is 0xffffffff, the largest unsigned value.
  EXPECT_EQ(run1(sltiu(r::t0, r::a0, -1), r::t0, 0xfffffffeu), 1u);
  EXPECT_EQ(run1(sltiu(r::t0, r::a0, -1), r::t0, 0xffffffffu), 0u);
  EXPECT_EQ(run1(sltiu(r::t0, r::a0, 1), r::t0, 0), 1u);  // the "seqz" idiom
}

// ---- multiply / divide ----

TEST_F(Alu, MultGivesTheSigned64BitProductInHiLo) {
  m.gpr(r::a0) = static_cast<uint32_t>(-2);
  m.gpr(r::a1) = 3;
  m.exec({mult(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().hi, 0xffffffffu);
  EXPECT_EQ(m.ctx().lo, 0xfffffffau);
  m.gpr(r::a0) = kIntMin;
  m.gpr(r::a1) = kIntMin;
  m.exec({mult(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().hi, 0x40000000u);
  EXPECT_EQ(m.ctx().lo, 0u);
}

TEST_F(Alu, MultuGivesTheUnsigned64BitProductInHiLo) {
  m.gpr(r::a0) = 0xffffffffu;
  m.gpr(r::a1) = 0xffffffffu;
  m.exec({multu(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().hi, 0xfffffffeu);
  EXPECT_EQ(m.ctx().lo, 0x00000001u);
}

TEST_F(Alu, MaddAndMsubAccumulateSignedProductsIntoHiLo) {
  m.ctx().hi = 0;
  m.ctx().lo = 1;
  m.gpr(r::a0) = static_cast<uint32_t>(-1);
  m.gpr(r::a1) = 2;
  m.exec({madd(r::a0, r::a1)});  // 1 + (-2) = -1
  EXPECT_EQ(m.ctx().hi, 0xffffffffu);
  EXPECT_EQ(m.ctx().lo, 0xffffffffu);
  m.gpr(r::a0) = 3;
  m.gpr(r::a1) = static_cast<uint32_t>(-4);
  m.exec({msub(r::a0, r::a1)});  // -1 - (-12) = 11
  EXPECT_EQ(m.ctx().hi, 0u);
  EXPECT_EQ(m.ctx().lo, 11u);
}

TEST_F(Alu, MadduCarriesFromLoIntoHiAndMsubuBorrows) {
  m.ctx().hi = 0;
  m.ctx().lo = 0xffffffffu;
  m.gpr(r::a0) = 1;
  m.gpr(r::a1) = 1;
  m.exec({maddu(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().hi, 1u);
  EXPECT_EQ(m.ctx().lo, 0u);
  m.gpr(r::a0) = 0xffffffffu;
  m.gpr(r::a1) = 2;
  m.exec({msubu(r::a0, r::a1)});  // 0x1_00000000 - 0x1_fffffffe = -0xfffffffe
  EXPECT_EQ(m.ctx().hi, 0xffffffffu);
  EXPECT_EQ(m.ctx().lo, 0x00000002u);
}

TEST_F(Alu, MulWritesTheLow32BitsOfTheSignedProductToRd) {
  EXPECT_EQ(run1(mul(r::t0, r::a0, r::a1), r::t0, static_cast<uint32_t>(-3), 7), static_cast<uint32_t>(-21));
  EXPECT_EQ(run1(mul(r::t0, r::a0, r::a1), r::t0, 0x10000u, 0x10000u), 0u);
  EXPECT_EQ(run1(mul(r::t0, r::a0, r::a1), r::t0, 0x12345u, 0x10001u), 0x23462345u);
}

TEST_F(Alu, DivTruncatesTowardZero) {
  m.gpr(r::a0) = 7;
  m.gpr(r::a1) = static_cast<uint32_t>(-2);
  m.exec({div(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().lo, static_cast<uint32_t>(-3));
  EXPECT_EQ(m.ctx().hi, 1u);
  m.gpr(r::a0) = static_cast<uint32_t>(-7);
  m.gpr(r::a1) = 2;
  m.exec({div(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().lo, static_cast<uint32_t>(-3));
  EXPECT_EQ(m.ctx().hi, static_cast<uint32_t>(-1));
}

TEST_F(Alu, DivOfIntMinByMinusOneGivesIntMinAndZero) {
  m.gpr(r::a0) = kIntMin;
  m.gpr(r::a1) = 0xffffffffu;
  m.exec({div(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().lo, kIntMin);
  EXPECT_EQ(m.ctx().hi, 0u);
  expect_no_exception();
}

TEST_F(Alu, DivAndDivuByZeroGiveTheDividendAndZeroWithoutTrapping) {
  m.gpr(r::a0) = static_cast<uint32_t>(-9);
  m.gpr(r::a1) = 0;
  m.exec({div(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().lo, static_cast<uint32_t>(-9));
  EXPECT_EQ(m.ctx().hi, 0u);
  m.gpr(r::a0) = 0xfffffff7u;
  m.exec({divu(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().lo, 0xfffffff7u);
  EXPECT_EQ(m.ctx().hi, 0u);
  expect_no_exception();
}

TEST_F(Alu, DivuIsUnsigned) {
  m.gpr(r::a0) = 0xffffffffu;
  m.gpr(r::a1) = 2;
  m.exec({divu(r::a0, r::a1)});
  EXPECT_EQ(m.ctx().lo, 0x7fffffffu);
  EXPECT_EQ(m.ctx().hi, 1u);
}

TEST_F(Alu, HiLoMoves) {
  m.gpr(r::a0) = 0x11111111u;
  m.gpr(r::a1) = 0x22222222u;
  m.exec({mthi(r::a0), mtlo(r::a1), mfhi(r::t0), mflo(r::t1)});
  EXPECT_EQ(m.ctx().hi, 0x11111111u);
  EXPECT_EQ(m.ctx().lo, 0x22222222u);
  EXPECT_EQ(m.gpr(r::t0), 0x11111111u);
  EXPECT_EQ(m.gpr(r::t1), 0x22222222u);
}

// ---- count leading, bit fields, bytes ----

TEST_F(Alu, ClzAndCloOfZeroAndAllOnes) {
  EXPECT_EQ(run1(clz(r::t0, r::a0), r::t0, 0), 32u);
  EXPECT_EQ(run1(clz(r::t0, r::a0), r::t0, 0xffffffffu), 0u);
  EXPECT_EQ(run1(clo(r::t0, r::a0), r::t0, 0), 0u);
  EXPECT_EQ(run1(clo(r::t0, r::a0), r::t0, 0xffffffffu), 32u);
  EXPECT_EQ(run1(clz(r::t0, r::a0), r::t0, 1), 31u);
  EXPECT_EQ(run1(clo(r::t0, r::a0), r::t0, 0xf0000000u), 4u);
  EXPECT_EQ(run1(clz(r::t0, r::a0), r::t0, 0x00010000u), 15u);
}

TEST_F(Alu, ExtExtractsAZeroExtendedField) {
  EXPECT_EQ(run1(ext(r::t0, r::a0, 4, 8), r::t0, 0x12345678u), 0x67u);
  EXPECT_EQ(run1(ext(r::t0, r::a0, 0, 32), r::t0, 0x87654321u), 0x87654321u);
  EXPECT_EQ(run1(ext(r::t0, r::a0, 31, 1), r::t0, 0x80000000u), 1u);
  EXPECT_EQ(run1(ext(r::t0, r::a0, 0, 1), r::t0, 0xfffffffeu), 0u);
  EXPECT_EQ(run1(ext(r::t0, r::a0, 16, 16), r::t0, 0xffff0000u), 0xffffu);
}

TEST_F(Alu, InsReplacesAFieldOfRtWithTheLowBitsOfRs) {
  m.gpr(r::t0) = 0xffffffffu;
  EXPECT_EQ(run1(ins(r::t0, r::a0, 4, 8), r::t0, 0), 0xfffff00fu);
  m.gpr(r::t0) = 0;
  EXPECT_EQ(run1(ins(r::t0, r::a0, 4, 8), r::t0, 0xabcu), 0x00000bc0u);
  m.gpr(r::t0) = 0x12345678u;
  EXPECT_EQ(run1(ins(r::t0, r::a0, 0, 32), r::t0, 0x87654321u), 0x87654321u);
  m.gpr(r::t0) = 0;
  EXPECT_EQ(run1(ins(r::t0, r::a0, 31, 1), r::t0, 1), 0x80000000u);
}

TEST_F(Alu, WsbhSwapsTheBytesOfEachHalfword) {
  EXPECT_EQ(run1(wsbh(r::t0, r::a0), r::t0, 0x11223344u), 0x22114433u);
  EXPECT_EQ(run1(wsbh(r::t0, r::a0), r::t0, 0xff000080u), 0x00ff8000u);
}

TEST_F(Alu, SebAndSehSignExtend) {
  EXPECT_EQ(run1(seb(r::t0, r::a0), r::t0, 0x12345680u), 0xffffff80u);
  EXPECT_EQ(run1(seb(r::t0, r::a0), r::t0, 0xffffff7fu), 0x0000007fu);
  EXPECT_EQ(run1(seh(r::t0, r::a0), r::t0, 0x12348000u), 0xffff8000u);
  EXPECT_EQ(run1(seh(r::t0, r::a0), r::t0, 0xffff7fffu), 0x00007fffu);
}

// ---- conditional moves ----

TEST_F(Alu, MovnMovesOnlyWhenRtIsNonZero) {
  m.gpr(r::t0) = 111;
  EXPECT_EQ(run1(movn(r::t0, r::a0, r::a1), r::t0, 222, 1), 222u);
  m.gpr(r::t0) = 111;
  EXPECT_EQ(run1(movn(r::t0, r::a0, r::a1), r::t0, 222, 0), 111u);
}

TEST_F(Alu, MovzMovesOnlyWhenRtIsZero) {
  m.gpr(r::t0) = 111;
  EXPECT_EQ(run1(movz(r::t0, r::a0, r::a1), r::t0, 222, 0), 222u);
  m.gpr(r::t0) = 111;
  EXPECT_EQ(run1(movz(r::t0, r::a0, r::a1), r::t0, 222, 0x80000000u), 111u);
}

// ---- traps ----

struct TrapCase {
  const char* what;
  uint32_t word;  // compares $a0 with $a1 (or with its immediate)
  uint32_t a0, a1;
  bool taken;
};

void PrintTo(const TrapCase& t, std::ostream* os) { *os << t.what; }

class Traps : public ::testing::TestWithParam<TrapCase> {};

TEST_P(Traps, TrapIsTakenExactlyWhenTheConditionHolds) {
  const TrapCase& t = GetParam();
  Machine m;
  m.gpr(r::a0) = t.a0;
  m.gpr(r::a1) = t.a1;
  const uint32_t pc = m.ctx().pc;
  m.exec({t.word});
  if (t.taken) {
    EXPECT_TRUE(m.exl());
    EXPECT_EQ(m.exc_code(), cp0::kTr);
    EXPECT_EQ(m.ctx().cp0.epc, pc);
    EXPECT_EQ(m.ctx().pc, kGeneralVector);
  } else {
    EXPECT_FALSE(m.exl()) << "ExcCode " << m.exc_code();
    EXPECT_EQ(m.ctx().pc, pc + 4);
  }
}

constexpr uint32_t kM1 = 0xffffffffu;
INSTANTIATE_TEST_SUITE_P(
    Alu, Traps,
    ::testing::Values(
        TrapCase{"tge taken (equal)", tge(r::a0, r::a1, 7), 5, 5, true},
        TrapCase{"tge not taken (signed: -1 < 1)", tge(r::a0, r::a1), kM1, 1, false},
        TrapCase{"tgeu taken (unsigned: 0xffffffff >= 1)", tgeu(r::a0, r::a1), kM1, 1, true},
        TrapCase{"tgeu not taken", tgeu(r::a0, r::a1), 0, 1, false},
        TrapCase{"tlt taken (signed)", tlt(r::a0, r::a1), kM1, 0, true},
        TrapCase{"tlt not taken (equal)", tlt(r::a0, r::a1), 3, 3, false},
        TrapCase{"tltu taken", tltu(r::a0, r::a1), 0, kM1, true},
        TrapCase{"tltu not taken (unsigned)", tltu(r::a0, r::a1), kM1, 0, false},
        TrapCase{"teq taken", teq(r::a0, r::a1, 7), 0, 0, true},
        TrapCase{"teq not taken", teq(r::a0, r::a1, 7), 1, 0, false},
        TrapCase{"tne taken", tne(r::a0, r::a1), 1, 0, true},
        TrapCase{"tne not taken", tne(r::a0, r::a1), 9, 9, false},
        TrapCase{"tgei taken", tgei(r::a0, -1), 0, 0, true},
        TrapCase{"tgei not taken (signed)", tgei(r::a0, 0), kM1, 0, false},
        TrapCase{"tgeiu taken (imm -1 is 0xffffffff)", tgeiu(r::a0, -1), kM1, 0, true},
        TrapCase{"tgeiu not taken (imm -1 is 0xffffffff)", tgeiu(r::a0, -1), 0x7fffffffu, 0, false},
        TrapCase{"tlti taken", tlti(r::a0, 0), kM1, 0, true},
        TrapCase{"tlti not taken", tlti(r::a0, -5), 0xfffffffbu, 0, false},
        TrapCase{"tltiu taken (imm -1 is 0xffffffff)", tltiu(r::a0, -1), 0x80000000u, 0, true},
        TrapCase{"tltiu not taken", tltiu(r::a0, 1), kM1, 0, false},
        TrapCase{"teqi taken (sign-extended immediate)", teqi(r::a0, -1), kM1, 0, true},
        TrapCase{"teqi not taken", teqi(r::a0, -1), 0xffffu, 0, false},
        TrapCase{"tnei taken", tnei(r::a0, 0), 1, 0, true},
        TrapCase{"tnei not taken", tnei(r::a0, -32768), 0xffff8000u, 0, false}),
    [](const ::testing::TestParamInfo<TrapCase>& info) {
      std::string s;
      for (const char* p = info.param.what; *p; ++p)
        s += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
      return s;
    });

}  // namespace
}  // namespace kasane::test

// Unit tests of the functional ISS (kasane::Iss): branches, jumps and delay slots. The slot runs
// after a taken and after a not-taken branch; branch-likely annuls the slot when not taken; every
// conditional branch on its sign boundaries; the -and-link forms write pc + 8 whether or not they
// branch; jump targets take the region of the delay slot; JALR with rd == rs; an exception or an
// interrupt in a delay slot sets EPC to the branch and Cause.BD, and ERET to that EPC re-executes
// the branch; an unaligned jump target faults on fetch at the target.
#include <cctype>
#include <string>

#include "test_machine.h"

namespace kasane::test {
namespace {

using namespace enc;

// The layout of most tests, at kEntry:
//   +0   the branch, to +16 (offset 3)
//   +4   slot:         addiu s0, zero, 1
//   +8   fall-through: addiu s1, zero, 1
//   +12  nop
//   +16  target:       addiu s2, zero, 1
constexpr uint32_t kSlot = kEntry + 4, kFall = kEntry + 8, kTarget = kEntry + 16;

std::vector<uint32_t> program(uint32_t branch, uint32_t slot = addiu(r::s0, r::zero, 1)) {
  return {branch, slot, addiu(r::s1, r::zero, 1), nop(), addiu(r::s2, r::zero, 1)};
}

TEST(Branch, TakenBranchRunsItsDelaySlotThenGoesToTheTarget) {
  Machine m;
  m.load(program(beq(r::a0, r::a0, 3)));
  m.step();
  EXPECT_EQ(m.ctx().pc, kSlot);
  EXPECT_EQ(m.gpr(r::s0), 0u);
  m.step();
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.ctx().pc, kTarget);
  m.step();
  EXPECT_EQ(m.gpr(r::s2), 1u);
  EXPECT_EQ(m.gpr(r::s1), 0u) << "the fall-through path must not run";
  EXPECT_EQ(m.ctx().instret, 3u);
}

TEST(Branch, NotTakenBranchRunsItsDelaySlotThenFallsThrough) {
  Machine m;
  m.load(program(bne(r::a0, r::a0, 3)));
  m.step(2);
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.ctx().pc, kFall);
  m.step();
  EXPECT_EQ(m.gpr(r::s1), 1u);
}

TEST(Branch, BranchLikelyNotTakenAnnulsItsDelaySlot) {
  Machine m;
  m.gpr(r::a1) = 1;
  m.load(program(beql(r::a0, r::a1, 3)));
  m.step();
  EXPECT_EQ(m.ctx().pc, kFall);
  EXPECT_EQ(m.gpr(r::s0), 0u);
  EXPECT_EQ(m.ctx().instret, 1u) << "the annulled slot does not retire";
  m.step();
  EXPECT_EQ(m.gpr(r::s1), 1u);
  EXPECT_EQ(m.gpr(r::s0), 0u);
}

TEST(Branch, BranchLikelyTakenRunsItsDelaySlot) {
  Machine m;
  m.load(program(beql(r::a0, r::a0, 3)));
  m.step(2);
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.ctx().pc, kTarget);
}

TEST(Branch, BackwardBranchToItselfLoops) {
  Machine m;
  m.load({b(-1), addiu(r::s0, r::s0, 1)});
  m.step(6);
  EXPECT_EQ(m.ctx().pc, kEntry);
  EXPECT_EQ(m.gpr(r::s0), 3u);
}

// ---- every conditional branch ----

struct BranchCase {
  const char* what;
  uint32_t word;  // tests $a0 (and $a1), offset 3
  uint32_t a0, a1;
  bool taken, likely, link;
};

void PrintTo(const BranchCase& c, std::ostream* os) { *os << c.what; }

class Conditional : public ::testing::TestWithParam<BranchCase> {};

TEST_P(Conditional, BranchesExactlyWhenTheConditionHolds) {
  const BranchCase& c = GetParam();
  Machine m;
  m.gpr(r::a0) = c.a0;
  m.gpr(r::a1) = c.a1;
  m.gpr(r::ra) = 0xdeadbeefu;
  m.load(program(c.word));
  m.step();
  EXPECT_FALSE(m.exl());
  if (c.link) EXPECT_EQ(m.gpr(r::ra), kEntry + 8) << "links whether or not it branches";
  else EXPECT_EQ(m.gpr(r::ra), 0xdeadbeefu);
  if (c.likely && !c.taken) {
    EXPECT_EQ(m.ctx().pc, kFall) << "slot annulled";
    EXPECT_EQ(m.gpr(r::s0), 0u);
    return;
  }
  EXPECT_EQ(m.ctx().pc, kSlot);
  m.step();
  EXPECT_EQ(m.gpr(r::s0), 1u) << "the slot runs";
  EXPECT_EQ(m.ctx().pc, c.taken ? kTarget : kFall);
}

constexpr uint32_t kM1 = 0xffffffffu, kMin = 0x80000000u, kMax = 0x7fffffffu;
INSTANTIATE_TEST_SUITE_P(
    Branch, Conditional,
    ::testing::Values(
        BranchCase{"beq taken", beq(r::a0, r::a1, 3), 5, 5, true, false, false},
        BranchCase{"beq not taken", beq(r::a0, r::a1, 3), 5, 6, false, false, false},
        BranchCase{"bne taken", bne(r::a0, r::a1, 3), 5, 6, true, false, false},
        BranchCase{"bne not taken", bne(r::a0, r::a1, 3), 6, 6, false, false, false},
        BranchCase{"blez taken on zero", blez(r::a0, 3), 0, 0, true, false, false},
        BranchCase{"blez taken on INT_MIN", blez(r::a0, 3), kMin, 0, true, false, false},
        BranchCase{"blez not taken on one", blez(r::a0, 3), 1, 0, false, false, false},
        BranchCase{"bgtz taken on INT_MAX", bgtz(r::a0, 3), kMax, 0, true, false, false},
        BranchCase{"bgtz not taken on zero", bgtz(r::a0, 3), 0, 0, false, false, false},
        BranchCase{"bgtz not taken on INT_MIN", bgtz(r::a0, 3), kMin, 0, false, false, false},
        BranchCase{"bltz taken on minus one", bltz(r::a0, 3), kM1, 0, true, false, false},
        BranchCase{"bltz not taken on zero", bltz(r::a0, 3), 0, 0, false, false, false},
        BranchCase{"bgez taken on zero", bgez(r::a0, 3), 0, 0, true, false, false},
        BranchCase{"bgez not taken on INT_MIN", bgez(r::a0, 3), kMin, 0, false, false, false},
        BranchCase{"beql taken", beql(r::a0, r::a1, 3), 1, 1, true, true, false},
        BranchCase{"beql not taken", beql(r::a0, r::a1, 3), 1, 2, false, true, false},
        BranchCase{"bnel taken", bnel(r::a0, r::a1, 3), 1, 2, true, true, false},
        BranchCase{"bnel not taken", bnel(r::a0, r::a1, 3), 2, 2, false, true, false},
        BranchCase{"blezl taken", blezl(r::a0, 3), 0, 0, true, true, false},
        BranchCase{"blezl not taken", blezl(r::a0, 3), 1, 0, false, true, false},
        BranchCase{"bgtzl taken", bgtzl(r::a0, 3), 1, 0, true, true, false},
        BranchCase{"bgtzl not taken", bgtzl(r::a0, 3), 0, 0, false, true, false},
        BranchCase{"bltzl taken", bltzl(r::a0, 3), kMin, 0, true, true, false},
        BranchCase{"bltzl not taken", bltzl(r::a0, 3), 0, 0, false, true, false},
        BranchCase{"bgezl taken", bgezl(r::a0, 3), kMax, 0, true, true, false},
        BranchCase{"bgezl not taken", bgezl(r::a0, 3), kM1, 0, false, true, false},
        BranchCase{"bltzal taken", bltzal(r::a0, 3), kM1, 0, true, false, true},
        BranchCase{"bltzal not taken still links", bltzal(r::a0, 3), 0, 0, false, false, true},
        BranchCase{"bgezal taken", bgezal(r::a0, 3), 0, 0, true, false, true},
        BranchCase{"bgezal not taken still links", bgezal(r::a0, 3), kM1, 0, false, false, true},
        BranchCase{"bltzall taken", bltzall(r::a0, 3), kM1, 0, true, true, true},
        BranchCase{"bltzall not taken still links", bltzall(r::a0, 3), 1, 0, false, true, true},
        BranchCase{"bgezall taken", bgezall(r::a0, 3), 1, 0, true, true, true},
        BranchCase{"bgezall not taken still links", bgezall(r::a0, 3), kMin, 0, false, true, true},
        BranchCase{"bal always taken", bal(3), 0, 0, true, false, true},
        BranchCase{"b always taken", b(3), 0, 0, true, false, false}),
    [](const ::testing::TestParamInfo<BranchCase>& info) {
      std::string s;
      for (const char* p = info.param.what; *p; ++p)
        s += std::isalnum(static_cast<unsigned char>(*p)) ? *p : '_';
      return s;
    });

// ---- jumps ----

TEST(Branch, JalLinksToPcPlus8AndJumps) {
  Machine m;
  m.load({jal(0x80002000u), addiu(r::s0, r::zero, 1)});
  m.step(2);
  EXPECT_EQ(m.gpr(r::ra), kEntry + 8);
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.ctx().pc, 0x80002000u);
}

TEST(Branch, JGoesToTheTargetWithoutLinking) {
  Machine m;
  m.load({j(0x80003004u), nop()});
  m.step(2);
  EXPECT_EQ(m.ctx().pc, 0x80003004u);
  EXPECT_EQ(m.gpr(r::ra), 0u);
}

TEST(Branch, JumpTargetsTakeTheRegionOfTheDelaySlot) {
  // A j at 0x0ffffffc (the last word of a 256 MiB region) has its slot at 0x10000000, so its
  // target is in the 0x1xxxxxxx region. Both pages are mapped through the TLB.
  Machine m;
  m.map(0, 0x0ffff000u, 0x40000, 0x41000);  // pair 0x0fffe000..0x0fffffff
  m.map(1, 0x10000000u, 0x50000, 0x51000);  // pair 0x10000000..0x10001fff
  m.place_phys(0x41ffc, {j(0x00000040u)});
  m.place_phys(0x50000, {addiu(r::s0, r::zero, 1)});
  m.ctx().pc = 0x0ffffffcu;
  m.step(2);
  EXPECT_FALSE(m.exl()) << m.exc_code();
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.ctx().pc, 0x10000040u);
}

TEST(Branch, JrJumpsToRsAfterItsSlot) {
  Machine m;
  m.gpr(r::t9) = 0x80004000u;
  m.load({jr(r::t9), addiu(r::s0, r::zero, 1)});
  m.step(2);
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.ctx().pc, 0x80004000u);
}

TEST(Branch, JalrLinksRdToPcPlus8) {
  Machine m;
  m.gpr(r::t9) = 0x80004000u;
  m.load({jalr(r::ra, r::t9), nop()});
  m.step(2);
  EXPECT_EQ(m.gpr(r::ra), kEntry + 8);
  EXPECT_EQ(m.ctx().pc, 0x80004000u);
}

TEST(Branch, JalrWithRdEqualToRsJumpsToTheOldValue) {
  Machine m;
  m.gpr(r::t0) = 0x80004000u;
  m.load({jalr(r::t0, r::t0), nop()});
  m.step(2);
  EXPECT_EQ(m.ctx().pc, 0x80004000u);
  EXPECT_EQ(m.gpr(r::t0), kEntry + 8);
}

TEST(Branch, AnUnalignedJumpTargetFaultsOnFetchAtTheTarget) {
  Machine m;
  m.gpr(r::a0) = kEntry + 0x102;
  m.load({jr(r::a0), nop()});
  m.step(2);
  EXPECT_EQ(m.ctx().pc, kEntry + 0x102);
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kAdEL);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry + 0x102);
  EXPECT_EQ(m.ctx().cp0.badvaddr, kEntry + 0x102);
  EXPECT_FALSE(m.bd()) << "the fetch at the target is not in a delay slot";
}

// ---- exceptions and interrupts in delay slots ----

TEST(Branch, ExceptionInTheDelaySlotOfATakenBranchSetsEpcToTheBranchAndBd) {
  Machine m;
  m.load(program(beq(r::zero, r::zero, 3), syscall()));
  m.step(2);
  EXPECT_EQ(m.exc_code(), cp0::kSys);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_TRUE(m.bd());
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
}

TEST(Branch, ExceptionInTheDelaySlotOfAJumpSetsEpcToTheJumpAndBd) {
  Machine m;
  m.gpr(r::t9) = 0x80004000u;
  m.gpr(r::a0) = 0x7fffffffu;
  m.load({jalr(r::ra, r::t9), addi(r::a0, r::a0, 1)});  // overflows
  m.step(2);
  EXPECT_EQ(m.exc_code(), cp0::kOv);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_TRUE(m.bd());
}

TEST(Branch, ExceptionInTheDelaySlotOfATakenBranchLikelySetsEpcToTheBranchAndBd) {
  Machine m;
  m.load(program(bgezl(r::zero, 3), break_()));
  m.step(2);
  EXPECT_EQ(m.exc_code(), cp0::kBp);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_TRUE(m.bd());
}

// MIPS32 Vol. III, Cause.BD and EPC: an exception in a branch delay slot sets BD and points EPC
// at the branch; that a conditional branch was not taken does not make its slot any less a
// delay slot (the slot is still executed as one; returning to the branch re-evaluates it).
TEST(Branch, ExceptionInTheDelaySlotOfANotTakenBranchSetsEpcToTheBranchAndBd) {
  Machine m;
  m.gpr(r::a1) = 1;
  m.load(program(beq(r::a0, r::a1, 3), syscall()));
  m.step(2);
  EXPECT_EQ(m.exc_code(), cp0::kSys);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry) << "EPC should be the branch, not the slot";
  EXPECT_TRUE(m.bd());
}

TEST(Branch, AnExceptionOutsideADelaySlotClearsBd) {
  Machine m;
  m.load(program(beq(r::zero, r::zero, 3), syscall()));
  m.step(2);
  ASSERT_TRUE(m.bd());
  m.ctx().cp0.status &= ~cp0::kStatusEXL;
  m.load({syscall()});
  m.step();
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_FALSE(m.bd());
}

TEST(Branch, EretToABranchWhoseSlotFaultedRunsTheBranchAndSlotAgain) {
  Machine m;
  m.gpr(r::a1) = 0x00010000u;  // kuseg, not mapped yet: the slot's load takes a TLB refill
  m.load(program(beq(r::zero, r::zero, 3), lw(r::t0, 0, r::a1)));
  m.place(kRefillVector, {eret()});
  m.step(2);
  ASSERT_EQ(m.ctx().pc, kRefillVector);
  ASSERT_EQ(m.exc_code(), cp0::kTLBL);
  ASSERT_TRUE(m.bd());
  // The "handler": map the page, then ERET.
  m.map(0, 0x00010000u, 0x60000, 0x61000);
  m.ram.write32(0x60000, 0x1234abcdu);
  m.step();
  EXPECT_EQ(m.ctx().pc, kEntry);
  EXPECT_FALSE(m.exl());
  m.step(2);
  EXPECT_EQ(m.gpr(r::t0), 0x1234abcdu);
  EXPECT_EQ(m.ctx().pc, kTarget);
}

TEST(Branch, InterruptBetweenABranchAndItsSlotSetsEpcToTheBranchAndBd) {
  Machine m;
  m.load(program(beq(r::zero, r::zero, 3)));
  m.step();  // the branch
  ASSERT_EQ(m.ctx().pc, kSlot);
  // Raise software interrupt 0 and enable it.
  m.iss.cp0_write(m.ctx(), cp0::kStatus, 0,
                  m.ctx().cp0.status | cp0::kStatusIE | (1u << cp0::kStatusIMShift));
  m.iss.cp0_write(m.ctx(), cp0::kCause, 0, 1u << cp0::kCauseIPShift);
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kInt);
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_TRUE(m.bd());
  EXPECT_EQ(m.gpr(r::s0), 0u) << "the slot has not run";
}

TEST(Branch, AFetchFaultInTheDelaySlotSetsEpcToTheBranchAndBd) {
  // The branch is the last word of a mapped page; its slot is on the next, unmapped page.
  Machine m;
  m.map(0, 0x00400000u, 0x40000, 0x41000);  // 0x00400000..0x00401fff
  m.place_phys(0x41ffc, {beq(r::zero, r::zero, 8)});
  m.ctx().pc = 0x00401ffcu;
  m.step(2);
  EXPECT_EQ(m.exc_code(), cp0::kTLBL);
  EXPECT_EQ(m.ctx().pc, kRefillVector);
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x00402000u);
  EXPECT_EQ(m.ctx().cp0.epc, 0x00401ffcu);
  EXPECT_TRUE(m.bd());
}

}  // namespace
}  // namespace kasane::test

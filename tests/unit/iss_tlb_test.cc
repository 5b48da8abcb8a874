// Unit tests of the functional ISS (kasane::Iss): the TLB and mapped address translation, driven
// by the CP0 instructions a kernel would use. TLBWI / TLBP / TLBR round trip, TLBP failure,
// TLBWR and Random within [Wired, entries - 1], translation through the EntryLo PFN of the even
// and odd page, V = 0 (TLB Invalid at the general vector), D = 0 (TLB Modified, 1), ASID matching
// and the G bit, Context.BadVPN2 / EntryHi.VPN2 / BadVAddr on a miss, fetches through the TLB,
// and the translation caches: a changed ASID or a rewritten entry takes effect at once; ERL makes
// kuseg unmapped. core.tlb_flush_on_switch drops the non-global entries at a return to user
// mode in another ASID; every refill counts for its context.
#include <string>

#include "test_machine.h"

namespace kasane::test {
namespace {

using namespace enc;

constexpr uint32_t kV = cp0::kEntryLoV, kD = cp0::kEntryLoD, kG = cp0::kEntryLoG;
constexpr uint32_t lo(uint32_t pa, uint32_t flags) { return (pa >> 12) << 6 | flags; }

// Code that writes TLB entry `index` from t0 = EntryHi, t1 = EntryLo0, t2 = EntryLo1.
std::vector<uint32_t> write_entry_code(unsigned index) {
  return {addiu(r::t3, r::zero, static_cast<int32_t>(index)), mtc0(r::t3, cp0::kIndex),
          mtc0(r::t0, cp0::kEntryHi), mtc0(r::t1, cp0::kEntryLo0), mtc0(r::t2, cp0::kEntryLo1),
          tlbwi()};
}

class Tlb : public ::testing::Test {
 protected:
  Machine m;
  // Run `code` from kEntry to its end.
  void run(const std::vector<uint32_t>& code) {
    m.load(code);
    m.step(static_cast<unsigned>(code.size()));
    ASSERT_FALSE(m.exl()) << "unexpected " << cp0::exc_mnemonic(m.exc_code()) << " at 0x"
                          << std::hex << m.ctx().cp0.epc;
  }
  void write_entry(unsigned index, uint32_t entryhi, uint32_t lo0, uint32_t lo1) {
    m.gpr(r::t0) = entryhi;
    m.gpr(r::t1) = lo0;
    m.gpr(r::t2) = lo1;
    run(write_entry_code(index));
  }
  void set_asid(uint32_t asid) {
    m.gpr(r::t0) = asid;
    run({mtc0(r::t0, cp0::kEntryHi)});
  }
};

TEST_F(Tlb, TlbwiThenTlbpThenTlbrRoundTrip) {
  write_entry(7, 0x00402000u | 5, lo(0x90000, kV | kD), lo(0x91000, kV));
  const TlbEntry& e = m.iss.tlb().read(7);
  EXPECT_EQ(e.entryhi, 0x00402000u | 5);
  EXPECT_EQ(e.lo[0], lo(0x90000, kV | kD));
  EXPECT_EQ(e.lo[1], lo(0x91000, kV));
  EXPECT_FALSE(e.global);

  // Probe for it, clobber the EntryLo registers, read it back.
  m.gpr(r::t0) = 0x00403000u | 5;  // any address of the pair
  run({mtc0(r::t0, cp0::kEntryHi), mtc0(r::zero, cp0::kIndex), tlbp(), mfc0(r::s0, cp0::kIndex),
       mtc0(r::zero, cp0::kEntryLo0), mtc0(r::zero, cp0::kEntryLo1), mtc0(r::zero, cp0::kEntryHi),
       tlbr(), mfc0(r::s1, cp0::kEntryHi), mfc0(r::s2, cp0::kEntryLo0), mfc0(r::s3, cp0::kEntryLo1)});
  EXPECT_EQ(m.gpr(r::s0), 7u);
  EXPECT_EQ(m.gpr(r::s1), 0x00402000u | 5);
  EXPECT_EQ(m.gpr(r::s2), lo(0x90000, kV | kD));
  EXPECT_EQ(m.gpr(r::s3), lo(0x91000, kV));
}

TEST_F(Tlb, TlbrReportsTheGlobalBitInBothEntryLos) {
  write_entry(3, 0x00600000u, lo(0x90000, kV | kG), lo(0x91000, kV | kG));
  EXPECT_TRUE(m.iss.tlb().read(3).global);
  run({tlbr(), mfc0(r::s0, cp0::kEntryLo0), mfc0(r::s1, cp0::kEntryLo1)});
  EXPECT_EQ(m.gpr(r::s0) & kG, kG);
  EXPECT_EQ(m.gpr(r::s1) & kG, kG);
}

TEST_F(Tlb, AnEntryIsGlobalOnlyIfBothHalvesHaveG) {
  write_entry(3, 0x00600000u, lo(0x90000, kV | kG), lo(0x91000, kV));
  EXPECT_FALSE(m.iss.tlb().read(3).global);
}

TEST_F(Tlb, TlbpThatFindsNothingSetsTheProbeFailureBit) {
  m.gpr(r::t0) = 0x7fff0000u;
  run({mtc0(r::t0, cp0::kEntryHi), tlbp(), mfc0(r::s0, cp0::kIndex)});
  EXPECT_TRUE(m.gpr(r::s0) & cp0::kIndexProbeFail);
}

TEST_F(Tlb, TlbpMatchesTheAsidUnlessTheEntryIsGlobal) {
  write_entry(4, 0x00800000u | 9, lo(0x90000, kV), lo(0x91000, kV));
  m.gpr(r::t0) = 0x00800000u | 8;
  run({mtc0(r::t0, cp0::kEntryHi), tlbp(), mfc0(r::s0, cp0::kIndex)});
  EXPECT_TRUE(m.gpr(r::s0) & cp0::kIndexProbeFail);
  write_entry(4, 0x00800000u | 9, lo(0x90000, kV | kG), lo(0x91000, kV | kG));
  m.gpr(r::t0) = 0x00800000u | 8;
  run({mtc0(r::t0, cp0::kEntryHi), tlbp(), mfc0(r::s0, cp0::kIndex)});
  EXPECT_EQ(m.gpr(r::s0), 4u);
}

TEST_F(Tlb, TlbwrAndRandomStayWithinWiredAndTheLastEntry) {
  m.gpr(r::t4) = 30;
  run({mtc0(r::t4, cp0::kWired)});
  for (int k = 0; k < 8; ++k) {
    const uint32_t va = 0x01000000u + (static_cast<uint32_t>(k) << 13);
    m.gpr(r::t0) = va;
    m.gpr(r::t1) = lo(0x90000, kV | kG);
    m.gpr(r::t2) = lo(0x90000, kV | kG);
    run({mfc0(r::s1, cp0::kRandom), mtc0(r::t0, cp0::kEntryHi), mtc0(r::t1, cp0::kEntryLo0),
         mtc0(r::t2, cp0::kEntryLo1), tlbwr(), tlbp(), mfc0(r::s0, cp0::kIndex)});
    EXPECT_GE(m.gpr(r::s0), 30u);
    EXPECT_LE(m.gpr(r::s0), 31u);
    EXPECT_GE(m.gpr(r::s1), 30u);
    EXPECT_LE(m.gpr(r::s1), 31u);
    m.iss.run(1);  // let the cycle counter (and so Random) move
    m.ctx().pc = kEntry;
  }
}

// ---- translation ----

TEST_F(Tlb, AMappedAccessTranslatesThroughTheEntryLoPfnOfItsPage) {
  write_entry(0, 0x00402000u, lo(0x90000, kV | kD | kG), lo(0xa5000, kV | kD | kG));
  m.ram.write32(0x90010, 0x11111111u);
  m.ram.write32(0xa5ffc, 0x22222222u);
  m.gpr(r::a0) = 0x00402010u;
  m.gpr(r::a1) = 0x00403ffcu;
  m.gpr(r::a2) = 0x33333333u;
  run({lw(r::s0, 0, r::a0), lw(r::s1, 0, r::a1), sw(r::a2, 4, r::a0)});
  EXPECT_EQ(m.gpr(r::s0), 0x11111111u);
  EXPECT_EQ(m.gpr(r::s1), 0x22222222u);
  EXPECT_EQ(m.ram.read32(0x90014), 0x33333333u);
}

TEST_F(Tlb, Kseg2IsMappedInKernelMode) {
  write_entry(0, 0xc0000000u, lo(0x90000, kV | kD | kG), lo(0x91000, kV | kD | kG));
  m.ram.write32(0x91008, 0x5eed5eedu);
  m.gpr(r::a0) = 0xc0001008u;
  run({lw(r::s0, 0, r::a0)});
  EXPECT_EQ(m.gpr(r::s0), 0x5eed5eedu);
}

TEST_F(Tlb, AnInvalidEntryRaisesTlblAtTheGeneralVector) {
  write_entry(0, 0x00402000u, lo(0x90000, kD | kG), lo(0x91000, kV | kD | kG));
  m.gpr(r::a0) = 0x00402ff0u;
  m.load({lw(r::s0, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kTLBL);
  EXPECT_EQ(m.ctx().pc, kGeneralVector) << "TLB Invalid never uses the refill vector";
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x00402ff0u);
}

TEST_F(Tlb, AStoreToAnInvalidEntryRaisesTlbs) {
  write_entry(0, 0x00402000u, lo(0x90000, kD | kG), lo(0x91000, kD | kG));
  m.gpr(r::a0) = 0x00403000u;
  m.load({sb(r::s0, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kTLBS);
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
}

TEST_F(Tlb, AStoreToACleanPageRaisesTlbModified) {
  write_entry(0, 0x00402000u, lo(0x90000, kV | kG), lo(0x91000, kV | kG));  // D = 0
  m.ram.write32(0x90000, 0xabababab);
  m.gpr(r::a0) = 0x00402000u;
  run({lw(r::s0, 0, r::a0)});  // loads are fine (and fill the translation cache)
  EXPECT_EQ(m.gpr(r::s0), 0xababababu);
  m.load({sw(r::zero, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kMod);
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
  EXPECT_EQ(m.ctx().cp0.epc, kEntry);
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x00402000u);
  EXPECT_EQ(m.ram.read32(0x90000), 0xababababu) << "nothing stored";
}

TEST_F(Tlb, AsidMismatchMissesUnlessTheEntryIsGlobal) {
  write_entry(0, 0x00402000u | 5, lo(0x90000, kV | kD), lo(0x91000, kV | kD));
  m.ram.write32(0x90000, 0x5555u);
  m.gpr(r::a0) = 0x00402000u;
  set_asid(5);
  run({lw(r::s0, 0, r::a0)});
  EXPECT_EQ(m.gpr(r::s0), 0x5555u);

  set_asid(6);
  m.load({lw(r::s1, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kTLBL);
  EXPECT_EQ(m.ctx().pc, kRefillVector) << "a different ASID is a miss (refill)";

  Machine g;
  g.map(0, 0x00402000u, 0x90000, 0x91000, 5, kV | kD | kG);
  g.ram.write32(0x90000, 0x6666u);
  g.ctx().cp0.entryhi = 6;
  g.gpr(r::a0) = 0x00402000u;
  g.load({lw(r::s1, 0, r::a0)});
  g.step();
  EXPECT_FALSE(g.exl()) << cp0::exc_mnemonic(g.exc_code());
  EXPECT_EQ(g.gpr(r::s1), 0x6666u) << "a global entry matches any ASID";
}

TEST_F(Tlb, AMissSetsBadVAddrContextBadVpn2AndEntryHiVpn2) {
  m.gpr(r::t0) = 0xff800000u | 0x7ff0u;  // PTEBase (and bits software may not write)
  m.gpr(r::t1) = 0x0000e000u | 0x2a;     // some VPN2, ASID 0x2a
  run({mtc0(r::t0, cp0::kContext), mtc0(r::t1, cp0::kEntryHi)});
  m.gpr(r::a0) = 0x12345678u;
  m.load({lw(r::s0, 0, r::a0)});
  m.step();
  ASSERT_EQ(m.exc_code(), cp0::kTLBL);
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x12345678u);
  EXPECT_EQ(m.ctx().cp0.context, 0xff800000u | ((0x12345678u >> 13) << 4));
  EXPECT_EQ(m.ctx().cp0.entryhi, 0x12344000u | 0x2a) << "VPN2 of the address, ASID kept";
  // And through MFC0.
  m.place(kRefillVector, {mfc0(r::k0, cp0::kContext), mfc0(r::k1, cp0::kEntryHi)});
  m.step(2);
  EXPECT_EQ(m.gpr(r::k0), 0xff800000u | ((0x12345678u >> 13) << 4));
  EXPECT_EQ(m.gpr(r::k1), 0x12344000u | 0x2a);
}

TEST_F(Tlb, AStoreMissRaisesTlbsAtTheRefillVector) {
  m.gpr(r::a0) = 0x00500000u;
  m.load({sw(r::zero, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kTLBS);
  EXPECT_EQ(m.ctx().pc, kRefillVector);
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x00500000u);
}

TEST_F(Tlb, AFetchMissRaisesTlblWithEpcAndBadVAddrAtTheTarget) {
  m.gpr(r::a0) = 0x00700000u;
  m.load({jr(r::a0), nop()});
  m.step(3);
  EXPECT_EQ(m.exc_code(), cp0::kTLBL);
  EXPECT_EQ(m.ctx().pc, kRefillVector);
  EXPECT_EQ(m.ctx().cp0.epc, 0x00700000u);
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x00700000u);
}

TEST_F(Tlb, ChangingTheAsidTakesEffectAtOnce) {
  write_entry(0, 0x00402000u | 1, lo(0x90000, kV | kD), lo(0x91000, kV | kD));
  write_entry(1, 0x00402000u | 2, lo(0xa0000, kV | kD), lo(0xa1000, kV | kD));
  m.ram.write32(0x90000, 1);
  m.ram.write32(0xa0000, 2);
  m.gpr(r::a0) = 0x00402000u;
  set_asid(1);
  run({lw(r::s0, 0, r::a0)});
  set_asid(2);
  run({lw(r::s1, 0, r::a0)});
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.gpr(r::s1), 2u);
}

TEST_F(Tlb, RewritingAnEntryTakesEffectAtOnce) {
  write_entry(0, 0x00402000u, lo(0x90000, kV | kD | kG), lo(0x91000, kV | kD | kG));
  m.ram.write32(0x90000, 1);
  m.ram.write32(0xb0000, 2);
  m.gpr(r::a0) = 0x00402000u;
  run({lw(r::s0, 0, r::a0), sw(r::s0, 4, r::a0)});
  write_entry(0, 0x00402000u, lo(0xb0000, kV | kD | kG), lo(0xb1000, kV | kD | kG));
  run({lw(r::s1, 0, r::a0)});
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.gpr(r::s1), 2u);
  // And an entry made invalid faults at once, even for a page just accessed.
  write_entry(0, 0x00402000u, lo(0xb0000, kD | kG), lo(0xb1000, kD | kG));
  m.load({lw(r::s2, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kTLBL);
}

TEST_F(Tlb, WithErlSetKusegIsUnmapped) {
  m.ram.write32(0x00402000u, 0x4e524c00u);
  m.ctx().cp0.status |= cp0::kStatusERL;
  m.gpr(r::a0) = 0x00402000u;
  run({lw(r::s0, 0, r::a0)});
  EXPECT_EQ(m.gpr(r::s0), 0x4e524c00u);
  // Clearing ERL maps kuseg again: the same access now misses.
  m.gpr(r::t0) = m.ctx().cp0.status & ~cp0::kStatusERL;
  m.load({mtc0(r::t0, cp0::kStatus), lw(r::s1, 0, r::a0)});
  m.step(2);
  EXPECT_EQ(m.exc_code(), cp0::kTLBL);
  EXPECT_EQ(m.ctx().pc, kRefillVector);
}

TEST_F(Tlb, UserCodeRunsFromAMappedPage) {
  m.enter_user({addiu(r::s0, r::zero, 1), addiu(r::s1, r::zero, 2)});
  m.step(2);
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::s0), 1u);
  EXPECT_EQ(m.gpr(r::s1), 2u);
  EXPECT_EQ(m.ctx().pc, Machine::kUserCode + 8);
}

TEST_F(Tlb, AddressErrorsLeaveContextAndEntryHiAlone) {
  m.gpr(r::t1) = 0x0000e000u | 0x2a;
  run({mtc0(r::t1, cp0::kEntryHi)});
  const uint32_t context = m.ctx().cp0.context;
  m.gpr(r::a0) = 0x00400002u;
  m.load({lw(r::s0, 0, r::a0)});
  m.step();
  ASSERT_EQ(m.exc_code(), cp0::kAdEL);
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x00400002u);
  EXPECT_EQ(m.ctx().cp0.entryhi, 0x0000e000u | 0x2a);
  EXPECT_EQ(m.ctx().cp0.context, context);
}

// core.tlb_flush_on_switch: an ERET to user mode in another ASID than the context's last drops
// the non-global entries (x86 without PCID); off, they survive. Entry 31 maps the user code
// (global); entries 0 and 1 belong to ASIDs 5 and 6.
uint32_t eret_to_user_in(Machine& m, uint32_t asid) {
  m.enter_user({nop()});
  m.ctx().cp0.status |= cp0::kStatusEXL;
  m.ctx().cp0.status &= ~cp0::kStatusKSUMask;  // kernel mode inside the handler
  m.ctx().cp0.status |= cp0::kStatusKSUUser;   // ... returning to user mode
  m.ctx().cp0.epc = Machine::kUserCode;
  m.ctx().cp0.entryhi = asid;
  m.place(kEntry, {eret()});
  m.ctx().pc = kEntry;
  m.step();
  EXPECT_TRUE(m.ctx().cp0.user_mode());
  unsigned valid = 0;
  for (unsigned i = 0; i < m.iss.tlb().size(); ++i)
    if (m.iss.tlb().read(i).lo[0] & kV) ++valid;
  return valid;
}

TEST(TlbFlushOnSwitch, AReturnToUserInAnotherAsidDropsTheNonGlobalEntriesOnlyWhenOn) {
  for (bool on : {false, true}) {
    IssConfig cfg;
    cfg.tlb_flush_on_switch = on;
    Machine m(cfg);
    eret_to_user_in(m, 5);
    m.map(0, 0x00402000u, 0x90000, 0x91000, 5, kV | kD);
    m.map(1, 0x00402000u, 0x92000, 0x93000, 6, kV | kD);
    EXPECT_EQ(eret_to_user_in(m, 5), 3u) << "the same ASID again is no switch";
    EXPECT_EQ(eret_to_user_in(m, 6), on ? 1u : 3u) << "only the global entry stays when on";
    EXPECT_EQ(m.iss.tlb().read(31).lo[0] & kV, kV);
  }
}

TEST(TlbFlushOnSwitch, EveryMissCountsARefillOfItsContext) {
  Machine m;
  m.gpr(r::a0) = 0x00500000u;
  m.load({sw(r::zero, 0, r::a0)});
  EXPECT_EQ(m.ctx().tlb_refills, 0u);
  m.step();
  EXPECT_EQ(m.ctx().tlb_refills, 1u);
  m.map(0, 0x00500000u, 0x90000, 0x91000, 0, kV);  // V but not D: a Modified, no refill
  m.load({sw(r::zero, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kMod);
  EXPECT_EQ(m.ctx().tlb_refills, 1u);
}

}  // namespace
}  // namespace kasane::test

// Unit tests of the functional ISS (kasane::Iss): loads and stores. Every width with sign or zero
// extension; stores touch only their bytes; unaligned LW/LH/LHU/SW/SH raise Address Error
// (AdEL 4 / AdES 5) with BadVAddr and leave the destination unchanged; LWL/LWR/SWL/SWR at all four
// byte offsets (little-endian, values derived by hand from the MIPS32 pseudo-code) and the
// unaligned-word idioms built from them; the address a faulting partial-word access reports;
// LL/SC (success, failure without a link, after another context's store to the linked word, after
// ERET); device accesses through PhysMemory::io, bus errors (DBE 7, IBE 6); user-mode accesses to
// the kernel segments (AdEL/AdES).
#include <string>

#include "test_machine.h"

namespace kasane::test {
namespace {

using namespace enc;

constexpr uint32_t kDataPa = kData & 0x1fffffffu;

class Mem : public ::testing::Test {
 protected:
  Machine m;
  void SetUp() override { m.gpr(r::a0) = kData; }
  void set_bytes(uint32_t pa, std::initializer_list<uint8_t> bytes) {
    for (uint8_t b : bytes) m.ram.write8(pa++, b);
  }
  void expect_address_error(uint32_t code, uint32_t badvaddr, uint32_t epc) {
    EXPECT_TRUE(m.exl());
    EXPECT_EQ(m.exc_code(), code);
    EXPECT_EQ(m.ctx().cp0.badvaddr, badvaddr);
    EXPECT_EQ(m.ctx().cp0.epc, epc);
    EXPECT_EQ(m.ctx().pc, kGeneralVector);
  }
};

// ---- every width ----

TEST_F(Mem, LoadsSignOrZeroExtendEveryWidth) {
  set_bytes(kDataPa, {0x80, 0x7f, 0xfe, 0xff});
  m.exec({lb(r::t0, 0, r::a0), lbu(r::t1, 0, r::a0), lb(r::t2, 1, r::a0), lbu(r::t3, 3, r::a0),
          lh(r::t4, 0, r::a0), lh(r::t5, 2, r::a0), lhu(r::t6, 2, r::a0), lw(r::t7, 0, r::a0)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t0), 0xffffff80u);
  EXPECT_EQ(m.gpr(r::t1), 0x00000080u);
  EXPECT_EQ(m.gpr(r::t2), 0x0000007fu);
  EXPECT_EQ(m.gpr(r::t3), 0x000000ffu);
  EXPECT_EQ(m.gpr(r::t4), 0x00007f80u);
  EXPECT_EQ(m.gpr(r::t5), 0xfffffffeu);
  EXPECT_EQ(m.gpr(r::t6), 0x0000fffeu);
  EXPECT_EQ(m.gpr(r::t7), 0xfffe7f80u);
}

TEST_F(Mem, StoresWriteOnlyTheBytesOfTheirWidth) {
  m.ram.write32(kDataPa, 0x11223344u);
  m.ram.write32(kDataPa + 4, 0x55667788u);
  m.gpr(r::t0) = 0xaabbccddu;
  m.exec({sb(r::t0, 1, r::a0)});
  EXPECT_EQ(m.ram.read32(kDataPa), 0x1122dd44u);
  m.exec({sh(r::t0, 2, r::a0)});
  EXPECT_EQ(m.ram.read32(kDataPa), 0xccdddd44u);
  EXPECT_EQ(m.ram.read32(kDataPa + 4), 0x55667788u);
  m.exec({sw(r::t0, 4, r::a0)});
  EXPECT_EQ(m.ram.read32(kDataPa + 4), 0xaabbccddu);
  EXPECT_EQ(m.ram.read32(kDataPa), 0xccdddd44u);
}

TEST_F(Mem, NegativeOffsetsAddressBelowTheBase) {
  m.ram.write32(kDataPa - 4, 0xcafef00du);
  m.gpr(r::t1) = 0x01020304u;
  m.exec({lw(r::t0, -4, r::a0), sw(r::t1, -8, r::a0)});
  EXPECT_EQ(m.gpr(r::t0), 0xcafef00du);
  EXPECT_EQ(m.ram.read32(kDataPa - 8), 0x01020304u);
}

TEST_F(Mem, Kseg0AndKseg1SeeTheSamePhysicalMemory) {
  m.ram.write32(kDataPa, 0x600dd00du);
  m.gpr(r::a1) = kData | 0x20000000u;  // kseg1 alias
  m.exec({lw(r::t0, 0, r::a1)});
  EXPECT_EQ(m.gpr(r::t0), 0x600dd00du);
}

// ---- alignment ----

TEST_F(Mem, UnalignedLwRaisesAdelWithBadVAddrAndLeavesRtUnchanged) {
  const uint32_t pc = m.ctx().pc;
  m.gpr(r::t0) = 0x5a5a5a5au;
  m.exec({lw(r::t0, 2, r::a0)});
  expect_address_error(cp0::kAdEL, kData + 2, pc);
  EXPECT_EQ(m.gpr(r::t0), 0x5a5a5a5au);
}

TEST_F(Mem, UnalignedLhAndLhuRaiseAdel) {
  uint32_t pc = m.ctx().pc;
  m.exec({lh(r::t0, 1, r::a0)});
  expect_address_error(cp0::kAdEL, kData + 1, pc);
  Machine m2;
  m2.gpr(r::a0) = kData;
  pc = m2.ctx().pc;
  m2.exec({lhu(r::t0, 3, r::a0)});
  EXPECT_EQ(m2.exc_code(), cp0::kAdEL);
  EXPECT_EQ(m2.ctx().cp0.badvaddr, kData + 3);
  EXPECT_EQ(m2.ctx().cp0.epc, pc);
}

TEST_F(Mem, UnalignedSwRaisesAdesWithBadVAddrAndStoresNothing) {
  const uint32_t pc = m.ctx().pc;
  m.ram.write32(kDataPa, 0x11111111u);
  m.ram.write32(kDataPa + 4, 0x22222222u);
  m.gpr(r::t0) = 0xffffffffu;
  m.exec({sw(r::t0, 1, r::a0)});
  expect_address_error(cp0::kAdES, kData + 1, pc);
  EXPECT_EQ(m.ram.read32(kDataPa), 0x11111111u);
  EXPECT_EQ(m.ram.read32(kDataPa + 4), 0x22222222u);
}

TEST_F(Mem, UnalignedShRaisesAdes) {
  const uint32_t pc = m.ctx().pc;
  m.exec({sh(r::t0, 3, r::a0)});
  expect_address_error(cp0::kAdES, kData + 3, pc);
}

// ---- LWL / LWR / SWL / SWR ----
// Memory bytes at kData: 11 22 33 44 (the word reads 0x44332211); the register holds 0xaabbccdd.

struct PartialCase {
  unsigned offset;
  uint32_t result;  // register after a load, or the memory word after a store
};

void PrintTo(const PartialCase& c, std::ostream* os) {
  *os << "offset " << c.offset << " -> 0x" << std::hex << c.result << std::dec;
}

class PartialWord : public Mem, public ::testing::WithParamInterface<PartialCase> {
 protected:
  void SetUp() override {
    Mem::SetUp();
    set_bytes(kDataPa, {0x11, 0x22, 0x33, 0x44});
    m.gpr(r::t0) = 0xaabbccddu;
  }
};

class Lwl : public PartialWord {};
TEST_P(Lwl, MergesTheBytesUpToTheAddressIntoTheHighEndOfRt) {
  m.exec({lwl(r::t0, static_cast<int32_t>(GetParam().offset), r::a0)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t0), GetParam().result) << std::hex << m.gpr(r::t0);
}
INSTANTIATE_TEST_SUITE_P(Mem, Lwl,
                         ::testing::Values(PartialCase{0, 0x11bbccddu}, PartialCase{1, 0x2211ccddu},
                                           PartialCase{2, 0x332211ddu}, PartialCase{3, 0x44332211u}));

class Lwr : public PartialWord {};
TEST_P(Lwr, MergesTheBytesFromTheAddressIntoTheLowEndOfRt) {
  m.exec({lwr(r::t0, static_cast<int32_t>(GetParam().offset), r::a0)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t0), GetParam().result) << std::hex << m.gpr(r::t0);
}
INSTANTIATE_TEST_SUITE_P(Mem, Lwr,
                         ::testing::Values(PartialCase{0, 0x44332211u}, PartialCase{1, 0xaa443322u},
                                           PartialCase{2, 0xaabb4433u}, PartialCase{3, 0xaabbcc44u}));

class Swl : public PartialWord {};
TEST_P(Swl, StoresTheHighBytesOfRtUpToTheAddress) {
  m.exec({swl(r::t0, static_cast<int32_t>(GetParam().offset), r::a0)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.ram.read32(kDataPa), GetParam().result) << std::hex << m.ram.read32(kDataPa);
}
// Bytes after SWL at offset k: k=0 [aa 22 33 44], 1 [bb aa 33 44], 2 [cc bb aa 44], 3 [dd cc bb aa].
INSTANTIATE_TEST_SUITE_P(Mem, Swl,
                         ::testing::Values(PartialCase{0, 0x443322aau}, PartialCase{1, 0x4433aabbu},
                                           PartialCase{2, 0x44aabbccu}, PartialCase{3, 0xaabbccddu}));

class Swr : public PartialWord {};
TEST_P(Swr, StoresTheLowBytesOfRtFromTheAddress) {
  m.exec({swr(r::t0, static_cast<int32_t>(GetParam().offset), r::a0)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.ram.read32(kDataPa), GetParam().result) << std::hex << m.ram.read32(kDataPa);
}
// Bytes after SWR at offset k: k=0 [dd cc bb aa], 1 [11 dd cc bb], 2 [11 22 dd cc], 3 [11 22 33 dd].
INSTANTIATE_TEST_SUITE_P(Mem, Swr,
                         ::testing::Values(PartialCase{0, 0xaabbccddu}, PartialCase{1, 0xbbccdd11u},
                                           PartialCase{2, 0xccdd2211u}, PartialCase{3, 0xdd332211u}));

TEST_F(Mem, LwrThenLwlLoadAnUnalignedWord) {
  // Bytes 00 11 22 33 44 55 66 77: the word at kData + k is made of bytes k..k+3.
  for (unsigned k = 0; k < 4; ++k) {
    Machine mk;
    for (unsigned b = 0; b < 8; ++b) mk.ram.write8(kDataPa + b, static_cast<uint8_t>(b * 0x11));
    mk.gpr(r::a0) = kData + k;
    // The little-endian idiom: lwr rt, 0(base); lwl rt, 3(base).
    mk.exec({lwr(r::t0, 0, r::a0), lwl(r::t0, 3, r::a0)});
    const uint32_t expect = (k + 3) * 0x11u << 24 | (k + 2) * 0x11u << 16 | (k + 1) * 0x11u << 8 | k * 0x11u;
    EXPECT_EQ(mk.gpr(r::t0), expect) << "offset " << k;
  }
}

TEST_F(Mem, SwrThenSwlStoreAnUnalignedWord) {
  for (unsigned k = 0; k < 4; ++k) {
    Machine mk;
    for (unsigned b = 0; b < 8; ++b) mk.ram.write8(kDataPa + b, 0xee);
    mk.gpr(r::a0) = kData + k;
    mk.gpr(r::t0) = 0x44332211u;
    mk.exec({swr(r::t0, 0, r::a0), swl(r::t0, 3, r::a0)});
    for (unsigned b = 0; b < 8; ++b) {
      const uint8_t expect = (b >= k && b < k + 4) ? static_cast<uint8_t>((b - k + 1) * 0x11) : 0xee;
      EXPECT_EQ(mk.ram.read8(kDataPa + b), expect) << "offset " << k << " byte " << b;
    }
  }
}

// A faulting LWL/LWR/SWL/SWR must report its own (unaligned) effective address in BadVAddr:
// MIPS32 translates vAddr = base + offset, and BadVAddr captures "the virtual address that caused
// the exception" (qemu makes a byte access at vAddr first for exactly this reason). kuseg is not
// mapped here, so each access takes a TLB refill (TLBL for loads, TLBS for stores).
struct FaultCase {
  const char* name;
  uint32_t (*encode)(unsigned, int32_t, unsigned);
  unsigned offset;
  uint32_t code;
};

void PrintTo(const FaultCase& f, std::ostream* os) { *os << f.name << " at offset " << f.offset; }

class PartialWordFault : public ::testing::TestWithParam<FaultCase> {};

TEST_P(PartialWordFault, ReportsTheEffectiveAddressInBadVAddr) {
  const FaultCase& f = GetParam();
  Machine m;
  m.gpr(r::a0) = 0x00800000u;
  m.exec({f.encode(r::t0, static_cast<int32_t>(f.offset), r::a0)});
  EXPECT_EQ(m.exc_code(), f.code);
  EXPECT_EQ(m.ctx().pc, kRefillVector);
  EXPECT_EQ(m.ctx().cp0.badvaddr, 0x00800000u + f.offset)
      << f.name << " " << f.offset << "(base) faulted with BadVAddr 0x" << std::hex
      << m.ctx().cp0.badvaddr;
}

INSTANTIATE_TEST_SUITE_P(
    Mem, PartialWordFault,
    ::testing::Values(FaultCase{"lwl", &lwl, 0, cp0::kTLBL}, FaultCase{"lwl", &lwl, 1, cp0::kTLBL},
                      FaultCase{"lwl", &lwl, 3, cp0::kTLBL}, FaultCase{"lwr", &lwr, 0, cp0::kTLBL},
                      FaultCase{"lwr", &lwr, 2, cp0::kTLBL}, FaultCase{"swl", &swl, 0, cp0::kTLBS},
                      FaultCase{"swl", &swl, 2, cp0::kTLBS}, FaultCase{"swr", &swr, 1, cp0::kTLBS},
                      FaultCase{"swr", &swr, 3, cp0::kTLBS}),
    [](const ::testing::TestParamInfo<FaultCase>& info) {
      return std::string(info.param.name) + "_offset" + std::to_string(info.param.offset);
    });

// ---- LL / SC ----

TEST_F(Mem, LlThenScSucceedsAndStores) {
  m.ram.write32(kDataPa, 41);
  m.exec({ll(r::t0, 0, r::a0), addiu(r::t0, r::t0, 1), sc(r::t0, 0, r::a0)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t0), 1u);
  EXPECT_EQ(m.ram.read32(kDataPa), 42u);
  EXPECT_EQ(m.ctx().cp0.lladdr, kDataPa >> 4);
}

TEST_F(Mem, ScWithoutLlFailsAndStoresNothing) {
  m.ram.write32(kDataPa, 7);
  m.gpr(r::t0) = 99;
  m.exec({sc(r::t0, 0, r::a0)});
  EXPECT_EQ(m.gpr(r::t0), 0u);
  EXPECT_EQ(m.ram.read32(kDataPa), 7u);
}

TEST_F(Mem, ASecondScAfterASuccessfulOneFails) {
  m.gpr(r::t1) = 5;
  m.exec({ll(r::t0, 0, r::a0), sc(r::t1, 0, r::a0), addiu(r::t2, r::zero, 6), sc(r::t2, 0, r::a0)});
  EXPECT_EQ(m.gpr(r::t1), 1u);
  EXPECT_EQ(m.gpr(r::t2), 0u);
  EXPECT_EQ(m.ram.read32(kDataPa), 5u);
}

class TwoContexts : public ::testing::Test {
 protected:
  TwoContexts() : m(config()) {
    m.gpr(r::a0, 0) = kData;
    m.gpr(r::a0, 1) = kData;
    m.ctx(1).pc = kEntry + 0x100;  // its own code
  }
  static IssConfig config() {
    IssConfig c;
    c.contexts = 2;
    c.smp_start = true;
    return c;
  }
  Machine m;
};

TEST_F(TwoContexts, ScFailsAfterAnotherContextStoresToTheLinkedWord) {
  m.ram.write32(kDataPa, 10);
  m.gpr(r::t1, 1) = 77;
  m.exec({ll(r::t0, 0, r::a0)}, 0);
  m.exec({sw(r::t1, 0, r::a0)}, 1);
  m.gpr(r::t0, 0) = 11;
  m.exec({sc(r::t0, 0, r::a0)}, 0);
  EXPECT_EQ(m.gpr(r::t0, 0), 0u);
  EXPECT_EQ(m.ram.read32(kDataPa), 77u);
}

TEST_F(TwoContexts, ScFailsAfterAnotherContextStoresAByteOfTheLinkedWord) {
  m.exec({ll(r::t0, 0, r::a0)}, 0);
  m.exec({sb(r::zero, 3, r::a0)}, 1);
  m.exec({sc(r::t0, 0, r::a0)}, 0);
  EXPECT_EQ(m.gpr(r::t0, 0), 0u);
}

TEST_F(TwoContexts, ScFailsWhenAnotherContextsScWinsTheRace) {
  m.ram.write32(kDataPa, 1);
  m.exec({ll(r::t0, 0, r::a0)}, 0);
  m.exec({ll(r::t0, 0, r::a0)}, 1);
  m.exec({addiu(r::t0, r::t0, 1), sc(r::t0, 0, r::a0)}, 1);
  m.exec({addiu(r::t0, r::t0, 1), sc(r::t0, 0, r::a0)}, 0);
  EXPECT_EQ(m.gpr(r::t0, 1), 1u);
  EXPECT_EQ(m.gpr(r::t0, 0), 0u);
  EXPECT_EQ(m.ram.read32(kDataPa), 2u);
}

TEST_F(TwoContexts, AStoreToADifferentWordKeepsTheLink) {
  m.exec({ll(r::t0, 0, r::a0)}, 0);
  m.exec({sw(r::zero, 4, r::a0)}, 1);
  m.exec({sc(r::t0, 0, r::a0)}, 0);
  EXPECT_EQ(m.gpr(r::t0, 0), 1u);
}

TEST_F(Mem, ScFailsAfterEret) {
  // ll at kEntry, eret at kEntry+4 returning to the sc at kEntry+8.
  m.ram.write32(kDataPa, 3);
  m.load({ll(r::t0, 0, r::a0), eret(), sc(r::t0, 0, r::a0)});
  m.ctx().cp0.epc = kEntry + 8;
  m.step(1);
  m.ctx().cp0.status |= cp0::kStatusEXL;  // as if an exception had been taken after the ll
  m.step(2);
  EXPECT_EQ(m.ctx().pc, kEntry + 12);
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t0), 0u);
  EXPECT_EQ(m.ram.read32(kDataPa), 3u);
}

// ---- devices and bus errors ----

TEST_F(Mem, DeviceLoadsAndStoresGoThroughIo) {
  m.gpr(r::a1) = kDeviceVa;
  m.gpr(r::t3) = 0x12345678u;
  m.exec({lw(r::t0, 0, r::a1), lb(r::t1, 3, r::a1), lbu(r::t2, 3, r::a1), sh(r::t3, 2, r::a1)});
  EXPECT_FALSE(m.exl());
  EXPECT_EQ(m.gpr(r::t0), 0x89abcdefu);
  EXPECT_EQ(m.gpr(r::t1), 0xffffff89u);
  EXPECT_EQ(m.gpr(r::t2), 0x00000089u);
  ASSERT_EQ(m.ram.log.size(), 4u);
  EXPECT_EQ(m.ram.log[0].pa, kDevicePa);
  EXPECT_EQ(m.ram.log[0].size, 4u);
  EXPECT_FALSE(m.ram.log[0].write);
  EXPECT_EQ(m.ram.log[1].pa, kDevicePa + 3);
  EXPECT_EQ(m.ram.log[1].size, 1u);
  EXPECT_EQ(m.ram.log[3].pa, kDevicePa + 2);
  EXPECT_EQ(m.ram.log[3].size, 2u);
  EXPECT_TRUE(m.ram.log[3].write);
  EXPECT_EQ(m.ram.log[3].data, 0x5678u);
}

TEST_F(Mem, ALoadNothingAnswersRaisesADataBusError) {
  const uint32_t pc = m.ctx().pc;
  m.gpr(r::a1) = kBusErrorVa;
  m.gpr(r::t0) = 1234;
  m.exec({lw(r::t0, 0, r::a1)});
  EXPECT_EQ(m.exc_code(), cp0::kDBE);
  EXPECT_EQ(m.ctx().cp0.epc, pc);
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
  EXPECT_EQ(m.gpr(r::t0), 1234u);
}

TEST_F(Mem, AStoreNothingAnswersRaisesADataBusError) {
  m.gpr(r::a1) = kBusErrorVa;
  m.exec({sb(r::t0, 1, r::a1)});
  EXPECT_EQ(m.exc_code(), cp0::kDBE);
}

TEST_F(Mem, AFetchNothingAnswersRaisesAnInstructionBusError) {
  m.ctx().pc = kBusErrorVa;
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kIBE);
  EXPECT_EQ(m.ctx().cp0.epc, kBusErrorVa);
  EXPECT_EQ(m.ctx().pc, kGeneralVector);
}

// ---- user mode and the kernel segments ----

TEST_F(Mem, UserLoadFromKseg0RaisesAdelWithBadVAddr) {
  m.gpr(r::t0) = 0xabcdu;
  m.enter_user({lw(r::t0, 0, r::a0)});
  m.step();
  expect_address_error(cp0::kAdEL, kData, Machine::kUserCode);
  EXPECT_EQ(m.gpr(r::t0), 0xabcdu);
}

TEST_F(Mem, UserStoreToKseg1RaisesAdes) {
  m.gpr(r::a1) = 0xa0010000u;
  m.enter_user({sw(r::t0, 4, r::a1)});
  m.step();
  expect_address_error(cp0::kAdES, 0xa0010004u, Machine::kUserCode);
}

TEST_F(Mem, UserLoadFromKseg2RaisesAdelEvenIfMapped) {
  m.map(0, 0xc0000000u, 0x20000, 0x21000);
  m.gpr(r::a1) = 0xc0000000u;
  m.enter_user({lw(r::t0, 0, r::a1)});
  m.step();
  expect_address_error(cp0::kAdEL, 0xc0000000u, Machine::kUserCode);
}

TEST_F(Mem, AKernelSegmentPageTheKernelTouchedStillFaultsInUserMode) {
  m.ram.write32(kDataPa, 1);
  m.exec({lw(r::t0, 0, r::a0), sw(r::t0, 4, r::a0)});  // the kernel caches the page
  ASSERT_FALSE(m.exl());
  m.enter_user({lw(r::t1, 0, r::a0)});
  m.step();
  EXPECT_EQ(m.exc_code(), cp0::kAdEL);
  Machine m2;
  m2.gpr(r::a0) = kData;
  m2.exec({sw(r::t0, 0, r::a0)});
  m2.enter_user({sw(r::t1, 0, r::a0)});
  m2.step();
  EXPECT_EQ(m2.exc_code(), cp0::kAdES);
}

TEST_F(Mem, UserAccessesToMappedKusegWork) {
  m.map(0, 0x00010000u, 0x30000, 0x31000);
  m.ram.write32(0x31004, 0x0badcafeu);
  m.gpr(r::a1) = 0x00011000u;
  m.gpr(r::t1) = 0x11112222u;
  m.enter_user({lw(r::t0, 4, r::a1), sw(r::t1, 8, r::a1)});
  m.step(2);
  EXPECT_FALSE(m.exl()) << m.exc_code();
  EXPECT_EQ(m.gpr(r::t0), 0x0badcafeu);
  EXPECT_EQ(m.ram.read32(0x31008), 0x11112222u);
}

TEST_F(TwoContexts, AStoreThroughTheOtherContextsTranslationCacheBreaksTheLink) {
  // Context 1 touches the page first, so its later store takes the fast (cached) path.
  m.exec({lw(r::t2, 0, r::a0), sw(r::t2, 8, r::a0)}, 1);
  m.exec({ll(r::t0, 0, r::a0)}, 0);
  m.exec({sw(r::t2, 0, r::a0)}, 1);
  m.exec({sc(r::t0, 0, r::a0)}, 0);
  EXPECT_EQ(m.gpr(r::t0, 0), 0u);
}

TEST_F(Mem, CodeRewrittenByAStoreRunsTheNewInstruction) {
  // Run an instruction, overwrite it with a store, run it again.
  m.load({addiu(r::s0, r::s0, 1), b(-2), nop()});
  m.step(3);
  ASSERT_EQ(m.ctx().pc, kEntry);
  EXPECT_EQ(m.gpr(r::s0), 1u);
  m.gpr(r::t0) = addiu(r::s0, r::s0, 100);
  m.gpr(r::t1) = kEntry;
  m.place(0x80002000u, {sw(r::t0, 0, r::t1), j(kEntry), nop()});
  m.ctx().pc = 0x80002000u;
  m.step(4);
  EXPECT_EQ(m.gpr(r::s0), 101u);
}

}  // namespace
}  // namespace kasane::test

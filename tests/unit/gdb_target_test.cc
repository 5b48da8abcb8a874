// What GDB sees of a context (sim/debug/gdb_target.h): registers in GDB's MIPS numbering and
// the 'g' packet, the target description, and memory through translation (kseg0/kseg1, the
// kernel's page table for a user address the TLB does not hold), never touching a device.
#include <gtest/gtest.h>

#include <string>

#include "debug/gdb_target.h"
#include "debug/rsp_packet.h"
#include "test_machine.h"

namespace kasane::gdb {
namespace {

using test::Machine;
namespace r = test::r;

TEST(GdbTarget, RegistersFollowGdbsMipsNumbering) {
  Machine m;
  Context& c = m.ctx();
  c.gpr[r::sp] = 0x7fff0000u;
  c.lo = 1;
  c.hi = 2;
  c.pc = 0x80001234u;
  c.fpr[3] = 0x3f800000u;
  c.fcsr = 0x1000000u;
  EXPECT_EQ(read_reg(c, 29), 0x7fff0000u);
  EXPECT_EQ(read_reg(c, kRegLo), 1u);
  EXPECT_EQ(read_reg(c, kRegHi), 2u);
  EXPECT_EQ(read_reg(c, kRegPc), 0x80001234u);
  EXPECT_EQ(read_reg(c, kRegF0 + 3), 0x3f800000u);
  EXPECT_EQ(read_reg(c, kRegFcsr), 0x1000000u);
  EXPECT_EQ(read_reg(c, kRegSr), c.cp0.status);
  EXPECT_FALSE(read_reg(c, kNumRegs));
  const std::string g = encode_regs(c);
  ASSERT_EQ(g.size(), kNumRegs * 8);
  EXPECT_EQ(g.substr(kRegPc * 8, 8), "34120080");  // little-endian, as the target
}

TEST(GdbTarget, GPacketRoundTripsAndRejectsAShortOne) {
  Machine m;
  Context& c = m.ctx();
  c.gpr[5] = 0xdeadbeefu;
  c.pc = 0x80002000u;
  const std::string g = encode_regs(c);
  Machine other;
  ASSERT_TRUE(decode_regs(other.ctx(), g));
  EXPECT_EQ(other.ctx().gpr[5], 0xdeadbeefu);
  EXPECT_EQ(other.ctx().pc, 0x80002000u);
  EXPECT_FALSE(decode_regs(other.ctx(), g.substr(8)));
  EXPECT_TRUE(write_reg(other.ctx(), 0, 7));
  EXPECT_EQ(other.ctx().gpr[0], 0u);  // r0 stays zero
}

TEST(GdbTarget, DescriptionNamesGdbsMipsFeatures) {
  const std::string& x = target_xml();
  for (const char* s : {"org.gnu.gdb.mips.cpu", "org.gnu.gdb.mips.cp0", "org.gnu.gdb.mips.fpu",
                        "name=\"pc\" bitsize=\"32\" regnum=\"37\"", "name=\"fir\"",
                        "name=\"f31\" bitsize=\"32\" type=\"ieee_single\" regnum=\"69\""})
    EXPECT_NE(x.find(s), std::string::npos) << s;
}

TEST(GdbTarget, MemoryReadsKsegAndRefusesUnmappedAndDevices) {
  Machine m;
  MemoryView v(m.iss, m.ram, std::nullopt);
  m.ram.write32(0x10000, 0x11223344u);
  uint8_t b[4];
  ASSERT_EQ(v.read(m.ctx(), test::kData, b, 4), 4u);
  EXPECT_EQ(b[0], 0x44);
  EXPECT_EQ(v.read(m.ctx(), 0x00400000u, b, 4), 0u);  // kuseg, no TLB entry
  EXPECT_EQ(v.read(m.ctx(), test::kDeviceVa, b, 4), 0u);
  EXPECT_TRUE(m.ram.log.empty());  // no device was touched
  const uint8_t w[2] = {0xaa, 0xbb};
  EXPECT_TRUE(v.write(m.ctx(), test::kData + 1, w, 2));
  EXPECT_EQ(*m.ram.at(0x10001), 0xaa);
  EXPECT_FALSE(v.write(m.ctx(), test::kDeviceVa, w, 2));
}

TEST(GdbTarget, UserAddressMissingFromTheTlbIsFoundInThePageTable) {
  Machine m;
  // pgdir variable at kData -> directory at pa 0x20000 -> table at pa 0x21000 -> page 0x30000.
  m.ram.write32(0x10000, 0x80020000u);
  m.ram.write32(0x20000 + (0x00400000u >> 22) * 4, 0x80021000u);
  m.ram.write32(0x21000 + ((0x00401000u >> 12) & 1023) * 4, (0x30000u >> 12) << 6 | 2);
  m.ram.write32(0x30008, 0xcafef00du);
  MemoryView v(m.iss, m.ram, test::kData);
  uint32_t got = 0;
  ASSERT_EQ(v.read(m.ctx(), 0x00401008u, reinterpret_cast<uint8_t*>(&got), 4), 4u);
  EXPECT_EQ(got, 0xcafef00du);
  EXPECT_EQ(v.read(m.ctx(), 0x00402008u, reinterpret_cast<uint8_t*>(&got), 4), 0u);  // invalid
}

}  // namespace
}  // namespace kasane::gdb

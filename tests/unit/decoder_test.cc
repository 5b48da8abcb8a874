// Unit tests of the instruction decoder (sim/core/decoder.h) and of the ISA generator's checks
// (isa/gen_isa.py): every table row decodes to itself whatever its operand bits hold, words that
// match no row decode to nothing (Reserved Instruction), pseudo rows win over the row they refine
// for disassembly but never for execution, the generator rejects overlapping encodings naming
// both rows, and the committed isa/REFERENCE.md is what the generator produces from the table.
#include <bitset>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "test_machine.h"

namespace kasane::test {
namespace {

#define EXPECT_HAS(haystack, needle) EXPECT_PRED_FORMAT2(::testing::IsSubstring, needle, haystack)

bool is_pseudo(const InsnInfo& row) { return (row.flags & kF_pseudo) != 0; }
bool matches(const InsnInfo& row, uint32_t raw) { return (raw & row.mask) == row.match; }

// Sample words of a row: its fixed bits with the free bits all 0, all 1, and random (fixed seed).
std::vector<uint32_t> samples(const InsnInfo& row, std::mt19937& rng) {
  const uint32_t free = ~row.mask;
  std::vector<uint32_t> words = {row.match, row.match | free};
  for (int k = 0; k < 8; ++k) words.push_back(row.match | (static_cast<uint32_t>(rng()) & free));
  return words;
}

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

std::string gen_isa() {
#ifdef KASANE_SOURCE_DIR
  return std::string("python3 '") + KASANE_SOURCE_DIR + "/isa/gen_isa.py'";
#else
  return "python3 isa/gen_isa.py";
#endif
}

std::string source_file(const std::string& rel) {
#ifdef KASANE_SOURCE_DIR
  return std::string(KASANE_SOURCE_DIR) + "/" + rel;
#else
  return rel;
#endif
}

TEST(Decoder, TableHasEveryFamilyAndUniqueNames) {
  const auto& table = isa_table();
  ASSERT_GT(table.size(), 100u);
  for (size_t a = 0; a < table.size(); ++a)
    for (size_t b = a + 1; b < table.size(); ++b)
      EXPECT_STRNE(table[a].name, table[b].name) << "duplicate row name";
  for (const InsnInfo& row : table) {
    EXPECT_EQ(row.match & ~row.mask, 0u) << row.name << ": match has bits outside its mask";
    EXPECT_EQ(row.mask >> 26, 63u) << row.name << ": every row fixes the primary opcode";
    EXPECT_NE(row.exec, nullptr) << row.name;
  }
}

TEST(Decoder, RealRowsNeverOverlap) {
  const auto& table = isa_table();
  for (size_t a = 0; a < table.size(); ++a) {
    if (is_pseudo(table[a])) continue;
    for (size_t b = a + 1; b < table.size(); ++b) {
      if (is_pseudo(table[b])) continue;
      const uint32_t common = table[a].mask & table[b].mask;
      EXPECT_NE(table[a].match & common, table[b].match & common)
          << table[a].name << " and " << table[b].name << " can match the same word";
    }
  }
}

TEST(Decoder, EveryPseudoRowRefinesExactlyOneRealRowWithTheSameSemantics) {
  for (const InsnInfo& p : isa_table()) {
    if (!is_pseudo(p)) continue;
    int parents = 0;
    for (const InsnInfo& r : isa_table()) {
      if (is_pseudo(r)) continue;
      if ((p.mask & r.mask) == r.mask && (p.match & r.mask) == r.match) {
        ++parents;
        EXPECT_EQ(p.exec, r.exec) << p.name << " refines " << r.name;
      }
    }
    EXPECT_EQ(parents, 1) << p.name;
  }
}

TEST(Decoder, EveryRowDecodesToItself) {
  std::mt19937 rng(20240601);
  for (const InsnInfo& row : isa_table()) {
    for (uint32_t raw : samples(row, rng)) {
      SCOPED_TRACE(std::string(row.name) + " " + hex(raw));
      const InsnInfo* d = decode(raw);
      const InsnInfo* x = decode_exec(raw);
      ASSERT_NE(d, nullptr);
      ASSERT_NE(x, nullptr);
      EXPECT_FALSE(is_pseudo(*x)) << "execution must use a real row, got " << x->name;
      EXPECT_TRUE(matches(*d, raw)) << d->name;
      EXPECT_TRUE(matches(*x, raw)) << x->name;
      if (is_pseudo(row)) {
        // A pseudo row is the most specific match of its own words.
        EXPECT_EQ(d, &row) << "decoded as " << d->name;
        EXPECT_EQ(x->exec, row.exec) << "executes as " << x->name;
      } else {
        EXPECT_EQ(x, &row) << "executes as " << x->name;
        // The sample may be exactly a pseudo's encoding (sll 0,0,0 is nop): then the pseudo,
        // which refines this row, is what decode() returns.
        if (d != &row) {
          EXPECT_TRUE(is_pseudo(*d)) << "decoded as " << d->name;
          EXPECT_EQ(d->exec, row.exec) << "decoded as " << d->name;
          EXPECT_EQ(d->mask & row.mask, row.mask) << d->name << " does not refine " << row.name;
        }
      }
    }
  }
}

TEST(Decoder, PseudoRowsWinForDisassemblyButNotForExecution) {
  const InsnInfo* nop = decode(0);
  ASSERT_NE(nop, nullptr);
  EXPECT_STREQ(nop->name, "nop");
  EXPECT_STREQ(decode_exec(0)->name, "sll");
  // beq $zero, $zero, 4 is "b"; bgezal $zero is "bal".
  EXPECT_STREQ(decode(enc::b(4))->name, "b");
  EXPECT_STREQ(decode_exec(enc::b(4))->name, "beq");
  EXPECT_STREQ(decode(enc::bal(4))->name, "bal");
  EXPECT_STREQ(decode_exec(enc::bal(4))->name, "bgezal");
  // Not the pseudo when its fixed fields differ.
  EXPECT_STREQ(decode(enc::beq(r::a0, r::zero, 4))->name, "beq");
  EXPECT_STREQ(decode(enc::bgezal(r::a0, 4))->name, "bgezal");
  EXPECT_STREQ(decode(enc::sll(r::t0, r::t0, 0))->name, "sll");
}

TEST(Decoder, KnownWordsDecodeToTheirMnemonic) {
  struct Case {
    uint32_t raw;
    const char* name;
  } cases[] = {
      {0x27bdffe0u, "addiu"}, {0x8fbf001cu, "lw"},   {0x03e00008u, "jr"},
      {0x40086000u, "mfc0"},  {0x42000018u, "eret"}, {0x0000000cu, "syscall"},
      {0x7c0018c0u, "ext"},   {0x7c0018c4u, "ins"},  {0x7c0010a0u, "wsbh"},
      {0x7c02e83bu, "rdhwr"}, {0x70a62002u, "mul"},  {0x4a051101u, "tfork"},
      {0x00000040u, "sll"},   {0x44000000u, "mfc1"}, {0xc4800000u, "lwc1"},
      // FPU words as GNU as (-mips32r2 -mfp32) assembles them.
      {0x46241000u, "add.d"},   {0x4622023cu, "c.lt.d"},  {0x46062032u, "c.eq.s"},
      {0x45050001u, "bc1t"},    {0x4c231020u, "madd.s"},  {0x4ca60100u, "lwxc1"},
      {0x00ac2001u, "movf"},    {0x468020a1u, "cvt.d.w"}, {0x4600080du, "trunc.w.s"},
      {0x4448f800u, "cfc1"},    {0x44e91000u, "mthc1"},
  };
  for (const Case& c : cases) {
    const InsnInfo* d = decode(c.raw);
    ASSERT_NE(d, nullptr) << hex(c.raw);
    EXPECT_STREQ(d->name, c.name) << hex(c.raw);
  }
}

TEST(Decoder, RandomWordsThatMatchNoRowDecodeToNothing) {
  std::mt19937 rng(12345);
  const auto& table = isa_table();
  int unmatched = 0, matched = 0;
  for (int k = 0; k < 200000; ++k) {
    const uint32_t raw = static_cast<uint32_t>(rng());
    const InsnInfo* best = nullptr;  // brute force: the most specific matching row
    const InsnInfo* real = nullptr;
    for (const InsnInfo& row : table) {
      if (!matches(row, raw)) continue;
      if (!best || std::bitset<32>(row.mask).count() > std::bitset<32>(best->mask).count())
        best = &row;
      if (!is_pseudo(row)) real = &row;
    }
    if (!best) {
      ++unmatched;
      EXPECT_EQ(decode(raw), nullptr) << hex(raw) << " decoded as " << decode(raw)->name;
      EXPECT_EQ(decode_exec(raw), nullptr) << hex(raw);
    } else {
      ++matched;
      EXPECT_EQ(decode(raw), best) << hex(raw);
      EXPECT_EQ(decode_exec(raw), real) << hex(raw);
    }
  }
  // Both kinds must actually have been exercised.
  EXPECT_GT(unmatched, 1000);
  EXPECT_GT(matched, 1000);
}

TEST(Decoder, ReservedEncodingsDecodeToNothing) {
  const uint32_t reserved[] = {
      0x00000005u,  // SPECIAL funct 0x05
      0x00000028u,  // SPECIAL funct 0x28
      0x0000003fu,  // SPECIAL funct 0x3f
      0x7000003fu,  // SPECIAL2 funct 0x3f (SDBBP is not implemented)
      0xfc000000u,  // op 63
      0x42000021u,  // CO funct 0x21
      0x40200000u,  // COP0 rs = 1
      0x4a000001u & ~(0x10u << 21),  // op 18 without the thread extension's rs = 0x10
  };
  for (uint32_t raw : reserved) EXPECT_EQ(decode(raw), nullptr) << hex(raw) << " " << decode(raw)->name;
}

// ---- the generator ----

// Run gen_isa.py on `table_text` with `args`; returns the exit status and fills *messages.
int run_generator(const std::string& table_text, const std::string& args, std::string* messages) {
  TempDir dir;
  const std::string table = dir.file("table.isa");
  write_text(table, table_text);
  return run_command(gen_isa() + " '" + table + "' " + args, messages);
}

TEST(Generator, CommittedTablePassesTheCheck) {
  std::string messages;
  EXPECT_EQ(run_command(gen_isa() + " '" + source_file("isa/mips32.isa") + "' --check", &messages), 0)
      << messages;
}

TEST(Generator, DisjointRowsPassTheCheck) {
  std::string messages;
  EXPECT_EQ(run_generator("alpha | op=0 sa=0 funct=0x21 | rd, rs, rt | R | alu | rs rt | rd |\n"
                          "beta  | op=0 sa=0 funct=0x23 | rd, rs, rt | R | alu | rs rt | rd |\n",
                          "--check", &messages),
            0)
      << messages;
}

TEST(Generator, OverlappingRowsFailTheCheckNamingBothMnemonics) {
  std::string messages;
  // Every word of "narrowrow" also matches "widerow": decoding would depend on row order.
  const int status = run_generator(
      "widerow   | op=0 funct=0x21      | rd, rs, rt | R | alu | rs rt | rd |\n"
      "narrowrow | op=0 sa=0 funct=0x21 | rd, rs, rt | R | alu | rs rt | rd |\n",
      "--check", &messages);
  EXPECT_NE(status, 0);
  EXPECT_HAS(messages, "widerow");
  EXPECT_HAS(messages, "narrowrow");
  EXPECT_HAS(messages, "overlap");
}

TEST(Generator, PartiallyOverlappingRowsFailTheCheck) {
  std::string messages;
  // Neither row contains the other, but op=8 rt=3 words match both.
  const int status = run_generator("leftrow  | op=8 rs=0 | rt, imm | I | alu | | rt |\n"
                                   "rightrow | op=8 rt=3 | rs, imm | I | alu | rs | |\n",
                                   "--check", &messages);
  EXPECT_NE(status, 0);
  EXPECT_HAS(messages, "leftrow");
  EXPECT_HAS(messages, "rightrow");
}

TEST(Generator, APseudoRowThatRefinesNoRealRowFailsTheCheck) {
  std::string messages;
  const int status = run_generator("realrow  | op=9 | rt, rs, imm | I | alu | rs | rt |\n"
                                   "orphanrow | op=10 rs=0 | rt, imm | I | alu | | rt | pseudo\n",
                                   "--check", &messages);
  EXPECT_NE(status, 0);
  EXPECT_HAS(messages, "orphanrow");
}

TEST(Generator, CommittedReferenceIsWhatTheGeneratorProducesNow) {
  TempDir dir;
  const std::string out = dir.file("REFERENCE.md");
  std::string messages;
  ASSERT_EQ(run_command(gen_isa() + " '" + source_file("isa/mips32.isa") + "' --reference '" + out + "'",
                        &messages),
            0)
      << messages;
  const std::string fresh = read_text(out), committed = read_text(source_file("isa/REFERENCE.md"));
  ASSERT_FALSE(fresh.empty());
  EXPECT_EQ(committed, fresh)
      << "isa/REFERENCE.md is stale: run `cmake --build build --target isa_reference`";
}

TEST(Generator, ReferenceListsEveryRowOfTheTable) {
  const std::string ref = read_text(source_file("isa/REFERENCE.md"));
  for (const InsnInfo& row : isa_table()) EXPECT_HAS(ref, "| `" + std::string(row.name) + "` |");
}

}  // namespace
}  // namespace kasane::test

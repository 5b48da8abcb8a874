// Unit tests of the disassembler (sim/core/disasm.h): the text of a few well-known words, and a
// round trip through GNU as: for every row of the ISA table (real and pseudo) a sample word with
// fixed operand values is disassembled, all lines are assembled in one invocation of the cross
// toolchain, and the words must come back unchanged.
//
// How the round trip places code: each line gets its own 64-byte slot (`.org 64*i`), so a line
// that gas expands into a multi-instruction macro shows up as a wrong first word (and non-zero
// padding) in its own slot instead of shifting every later line. The text is linked at
// 0x00400000, the address the samples are disassembled at. gas refuses absolute branch targets
// in relocatable output, so the absolute target the disassembler prints for a branch is
// rewritten as `_start + (target - 0x400000)`; jumps get the same treatment and are resolved by
// the linker. Thread-extension rows (format T) assemble through the macros of the generated
// header build/gen/kasane/kasane_isa.h, included at the top of the .S file.
//
// If gas rejects some lines outright, those lines are reported, removed, and the rest assembled
// again, so one bad line does not hide the others; no row may be rejected. The FPU rows are
// assembled with -mfp32 (the o32 hard-float ABI), their register operands even so that the
// double-format rows are legal too.
#include "core/disasm.h"

#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_machine.h"

namespace kasane::test {
namespace {

constexpr uint32_t kBase = 0x00400000u;
constexpr uint32_t kSlot = 64;  // bytes per line in the round-trip file

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

// Set a field of `w` to `v`, if the row leaves every bit of the field free.
void set_field(uint32_t& w, const InsnInfo& row, int hi, int lo, uint32_t v) {
  const uint32_t m = static_cast<uint32_t>(((1ull << (hi - lo + 1)) - 1) << lo);
  if (row.mask & m) {
    ADD_FAILURE() << row.name << ": operand field " << hi << ":" << lo << " is fixed by the row";
    return;
  }
  w = (w & ~m) | ((v << lo) & m);
}

std::vector<std::string> operand_tokens(const InsnInfo& row) {
  std::vector<std::string> toks;
  std::stringstream ss(row.operands);
  std::string t;
  while (std::getline(ss, t, ',')) {
    t.erase(0, t.find_first_not_of(' '));
    if (!t.empty()) toks.push_back(t);
  }
  return toks;
}

bool has_token(const InsnInfo& row, const std::string& tok) {
  for (const std::string& t : operand_tokens(row))
    if (t == tok) return true;
  return false;
}

// A word of `row` with fixed operand values gas accepts: rd = $a0, rs = $a1, rt = $a2, sa 3,
// immediates -8 / 0x1234, branch offset -8 instructions, jump target 0x400100, ext/ins at pos 3
// size 4, CP0 register 12 sel 2, hardware register 29, codes 0x12 / 1,2 / 7. Bits no operand
// covers stay 0, except CLZ/CLO's rt, which the architecture requires to equal rd.
uint32_t sample_word(const InsnInfo& row) {
  uint32_t w = row.match;
  const bool t_format = row.format == Format::T;
  for (const std::string& tok : operand_tokens(row)) {
    if (tok == "rd") set_field(w, row, 15, 11, 4);
    else if (tok == "rs") t_format ? set_field(w, row, 10, 6, 5) : set_field(w, row, 25, 21, 5);
    else if (tok == "rt") set_field(w, row, 20, 16, 6);
    else if (tok == "sa") set_field(w, row, 10, 6, 3);
    else if (tok == "imm") set_field(w, row, 15, 0, 0xfff8);
    else if (tok == "immu") set_field(w, row, 15, 0, 0x1234);
    else if (tok == "off(rs)") {
      set_field(w, row, 15, 0, 0xfff8);
      set_field(w, row, 25, 21, 5);
    } else if (tok == "target") set_field(w, row, 25, 0, 0x00400100u >> 2);
    else if (tok == "broff") set_field(w, row, 15, 0, 0xfff8);
    else if (tok == "code") set_field(w, row, 25, 6, 0x12);
    else if (tok == "bcode") set_field(w, row, 25, 6, (1u << 10) | 2u);
    else if (tok == "tcode") set_field(w, row, 15, 6, 7);
    else if (tok == "sel") set_field(w, row, 2, 0, 2);
    else if (tok == "c0reg") set_field(w, row, 15, 11, 12);
    else if (tok == "hwr") set_field(w, row, 15, 11, 29);
    else if (tok == "pos") set_field(w, row, 10, 6, 3);
    else if (tok == "size") set_field(w, row, 15, 11, std::string(row.name) == "ins" ? 3 + 4 - 1 : 4 - 1);
    else if (tok == "cacheop" || tok == "hint") set_field(w, row, 20, 16, 6);
    else if (tok == "hintx") set_field(w, row, 15, 11, 6);
    else if (tok == "zero") continue;  // a literal $zero: no field
    else if (tok == "fd") set_field(w, row, 10, 6, 2);
    else if (tok == "fs") set_field(w, row, 15, 11, 4);
    else if (tok == "ft") set_field(w, row, 20, 16, 6);
    else if (tok == "fr") set_field(w, row, 25, 21, 8);
    else if (tok == "cc") set_field(w, row, 20, 18, 3);
    else if (tok == "ccfd") set_field(w, row, 10, 8, 5);
    else if (tok == "fcr") set_field(w, row, 15, 11, 31);
    else if (tok == "rt(rs)") {
      set_field(w, row, 20, 16, 6);
      set_field(w, row, 25, 21, 5);
    }
    else ADD_FAILURE() << row.name << ": unknown operand token " << tok;
  }
  // CLZ and CLO must have rt == rd (MIPS32: otherwise UNPREDICTABLE); gas encodes them so.
  const std::string name = row.name;
  if (name == "clz" || name == "clo") set_field(w, row, 20, 16, 4);
  return w;
}

// The disassembler prints branch and jump targets as absolute addresses; make them relative to
// _start (see the header comment).
std::string to_gas(const std::string& text, const InsnInfo& row) {
  if (!has_token(row, "broff") && !has_token(row, "target")) return text;
  static const std::regex last_hex("0x([0-9a-f]+)$");
  std::smatch m;
  if (!std::regex_search(text, m, last_hex)) {
    ADD_FAILURE() << "no target in '" << text << "'";
    return text;
  }
  const long long target = std::stoll(m[1].str(), nullptr, 16);
  return text.substr(0, m.position(0)) + "_start + (" + std::to_string(target - kBase) + ")";
}


struct Line {
  const InsnInfo* row;
  uint32_t word;
  std::string text;  // as the disassembler printed it
  uint32_t slot;     // index of its 64-byte slot
};

std::string round_trip_source(const std::vector<Line>& lines) {
  std::string s =
      "#include <kasane/kasane_isa.h>\n"
      ".set noreorder\n.set noat\n.set mips32r2; .set hardfloat; .set fp=32\n.text\n.globl _start\n_start:\n";
  for (const Line& l : lines) {
    s += ".org " + std::to_string(l.slot * kSlot) + "\n";
    s += to_gas(l.text, *l.row) + "\n";
  }
  // Pad the last slot so that every slot is complete in the binary.
  s += ".org " + std::to_string((lines.empty() ? 0 : lines.back().slot + 1) * kSlot) + "\n";
  return s;
}

// Line numbers of the .S file that gas reported errors for.
std::set<int> error_lines(const std::string& messages) {
  std::set<int> out;
  static const std::regex re("t\\.S:([0-9]+): Error");
  for (auto it = std::sregex_iterator(messages.begin(), messages.end(), re);
       it != std::sregex_iterator(); ++it)
    out.insert(std::stoi((*it)[1].str()));
  return out;
}

TEST(Disasm, EveryRowRoundTripsThroughGnuAs) {
  std::vector<Line> lines;
  uint32_t slot = 0;
  for (const InsnInfo& row : isa_table()) {
    const uint32_t word = sample_word(row);
    // Each sample must decode to the row it was built from (or, for a real row, to a pseudo
    // refining it: then that pseudo's text is what is round-tripped, which is fine).
    const InsnInfo* d = decode(word);
    ASSERT_NE(d, nullptr) << row.name;
    EXPECT_TRUE(d == &row || (d->flags & kF_pseudo)) << row.name << " sample decodes as " << d->name;
    lines.push_back(Line{&row, word, disassemble(word, kBase + slot * kSlot), slot});
    ++slot;
  }

  // Header lines before the first instruction line: 7 lines; each instruction takes 2 lines
  // (.org and the instruction), so line i of `lines` is on .S line 7 + 2*i + 2.
  auto sline_of = [](size_t i) { return static_cast<int>(7 + 2 * i + 2); };
  std::vector<uint32_t> words;
  std::string messages;
  std::vector<Line> kept = lines;
  std::set<std::string> rejected;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (assemble(round_trip_source(kept), words, &messages, kBase)) break;
    const std::set<int> bad = error_lines(messages);
    ASSERT_FALSE(bad.empty()) << "the toolchain failed without naming a line:\n" << messages;
    std::vector<Line> next;
    for (size_t i = 0; i < kept.size(); ++i) {
      if (bad.count(sline_of(i))) {
        rejected.insert(kept[i].row->name);
        ADD_FAILURE() << "gas rejects the disassembly of " << kept[i].row->name << " "
                      << hex(kept[i].word) << ": '" << kept[i].text << "'";
      } else {
        next.push_back(kept[i]);
      }
    }
    kept = next;
    words.clear();
    ASSERT_LT(attempt, 1) << "still failing after removing rejected lines:\n" << messages;
  }
  ASSERT_FALSE(words.empty()) << messages;

  int checked = 0;
  for (const Line& l : kept) {
    const size_t first = l.slot * kSlot / 4;
    ASSERT_LT(first + kSlot / 4 - 1, words.size()) << l.text;
    std::string slot_text;
    bool padding_clean = true;
    for (size_t k = 0; k < kSlot / 4; ++k) {
      if (k && words[first + k]) padding_clean = false;
      if (k == 0 || words[first + k]) slot_text += " " + hex(words[first + k]);
    }
    EXPECT_TRUE(words[first] == l.word && padding_clean)
        << l.row->name << ": '" << l.text << "' is " << hex(l.word) << " but gas assembles it as"
        << slot_text;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(isa_table().size()));
}

TEST(Disasm, FpuRowsPrintFpRegistersAndConditionCodes) {
  // Words from GNU as (-mips32r2 -mfp32); the text is what it accepts back.
  EXPECT_EQ(disassemble(0x46241000u, kBase), "add.d $f0, $f2, $f4");
  EXPECT_EQ(disassemble(0x4622023cu, kBase), "c.lt.d $fcc2, $f0, $f2");
  EXPECT_EQ(disassemble(0x4c231020u, kBase), "madd.s $f0, $f1, $f2, $f3");
  EXPECT_EQ(disassemble(0x4ca60100u, kBase), "lwxc1 $f4, $a2($a1)");
  EXPECT_EQ(disassemble(0x00ac2001u, kBase), "movf $a0, $a1, $fcc3");
  EXPECT_EQ(disassemble(0x4448f800u, kBase), "cfc1 $t0, $31");
  EXPECT_EQ(disassemble(0x45050001u, kBase), "bc1t $fcc1, 0x400008");
  EXPECT_EQ(disassemble(0xc4800000u, kBase), "lwc1 $f0, 0($a0)");
}

TEST(Disasm, DivAndDivuPrintTheFormGasDoesNotExpandIntoAMacro) {
  // GNU as treats `div rs, rt` and `divu rs, rt` as macros (a zero-divisor check with BREAK 7,
  // and for div an INT_MIN / -1 check); the machine instruction is written `div $zero, rs, rt`,
  // which is also what objdump prints.
  EXPECT_EQ(disassemble(enc::div(r::a1, r::a2), kBase), "div $zero, $a1, $a2");
  EXPECT_EQ(disassemble(enc::divu(r::a1, r::a2), kBase), "divu $zero, $a1, $a2");
}

TEST(Disasm, PrintsCommonInstructionsExactly) {
  EXPECT_EQ(disassemble(0x27bdffe0u, kBase), "addiu $sp, $sp, -32");
  EXPECT_EQ(disassemble(0x8fbf001cu, kBase), "lw $ra, 28($sp)");
  EXPECT_EQ(disassemble(0x03e00008u, kBase), "jr $ra");
  EXPECT_EQ(disassemble(0x00000000u, kBase), "nop");
  EXPECT_EQ(disassemble(enc::mfc0(r::t0, 12, 0), kBase), "mfc0 $t0, $12, 0");
  EXPECT_EQ(disassemble(enc::mtc0(r::t1, 9, 0), kBase), "mtc0 $t1, $9, 0");
  EXPECT_EQ(disassemble(enc::tfork(r::v0, r::a0, r::a1), kBase), "tfork $v0, $a0, $a1");
  EXPECT_EQ(disassemble(0x4a000002u, kBase), "texit");
}

TEST(Disasm, PrintsEveryOperandKind) {
  EXPECT_EQ(disassemble(enc::sll(r::t0, r::t1, 31), kBase), "sll $t0, $t1, 31");
  EXPECT_EQ(disassemble(enc::srav(r::t0, r::t1, r::t2), kBase), "srav $t0, $t1, $t2");
  EXPECT_EQ(disassemble(enc::lui(r::at, 0xbfc0), kBase), "lui $at, 0xbfc0");
  EXPECT_EQ(disassemble(enc::ori(r::t0, r::t0, 0xffff), kBase), "ori $t0, $t0, 0xffff");
  EXPECT_EQ(disassemble(enc::slti(r::t0, r::t0, -32768), kBase), "slti $t0, $t0, -32768");
  EXPECT_EQ(disassemble(enc::sb(r::zero, 32767, r::gp), kBase), "sb $zero, 32767($gp)");
  EXPECT_EQ(disassemble(enc::syscall(0x12), kBase), "syscall 0x12");
  EXPECT_EQ(disassemble(enc::break_((1u << 10) | 2), kBase), "break 1, 2");
  EXPECT_EQ(disassemble(enc::teq(r::a0, r::zero, 7), kBase), "teq $a0, $zero, 7");
  EXPECT_EQ(disassemble(enc::teqi(r::a0, -1), kBase), "teqi $a0, -1");
  EXPECT_EQ(disassemble(enc::ext(r::a2, r::a1, 3, 4), kBase), "ext $a2, $a1, 3, 4");
  EXPECT_EQ(disassemble(enc::ins(r::a2, r::a1, 3, 4), kBase), "ins $a2, $a1, 3, 4");
  EXPECT_EQ(disassemble(enc::ins(r::a2, r::a1, 0, 32), kBase), "ins $a2, $a1, 0, 32");
  EXPECT_EQ(disassemble(enc::rdhwr(r::v1, 29), kBase), "rdhwr $v1, $29");
  EXPECT_EQ(disassemble(enc::cache(0x14, 0, r::a0), kBase), "cache 0x14, 0($a0)");
  EXPECT_EQ(disassemble(enc::pref(5, 4, r::a0), kBase), "pref 0x5, 4($a0)");
  EXPECT_EQ(disassemble(enc::sync(0), kBase), "sync 0");
  EXPECT_EQ(disassemble(enc::eret(), kBase), "eret");
  EXPECT_EQ(disassemble(enc::jalr(r::ra, r::t9), kBase), "jalr $ra, $t9");
}

TEST(Disasm, BranchAndJumpTargetsAreAbsoluteAndRelativeToThePc) {
  EXPECT_EQ(disassemble(enc::beq(r::a0, r::a1, 3), 0x00400000u), "beq $a0, $a1, 0x400010");
  EXPECT_EQ(disassemble(enc::bne(r::a0, r::zero, -1), 0x00400100u), "bne $a0, $zero, 0x400100");
  EXPECT_EQ(disassemble(enc::b(-2), 0x00400008u), "b 0x400004");
  EXPECT_EQ(disassemble(enc::bal(0), 0x80001000u), "bal 0x80001004");
  EXPECT_EQ(disassemble(enc::bgezal(r::a0, 1), 0x80001000u), "bgezal $a0, 0x80001008");
  EXPECT_EQ(disassemble(enc::j(0x00400100u), 0x00400000u), "j 0x400100");
  // The region of a jump is that of its delay slot.
  EXPECT_EQ(disassemble(enc::jal(0x00000040u), 0x8ffffffcu), "jal 0x90000040");
  EXPECT_EQ(disassemble(enc::j(0x00000040u), 0x80001000u), "j 0x80000040");
}

TEST(Disasm, SymbolizerNamesBranchTargets) {
  Symbolizer sym = [](uint32_t a) -> std::string { return a == 0x00400100u ? "main" : ""; };
  EXPECT_EQ(disassemble(enc::jal(0x00400100u), 0x00400000u, sym), "jal 0x400100 <main>");
  EXPECT_EQ(disassemble(enc::beq(r::zero, r::a0, 0x3f), 0x00400000u, sym), "beq $zero, $a0, 0x400100 <main>");
  EXPECT_EQ(disassemble(enc::jal(0x00400200u), 0x00400000u, sym), "jal 0x400200");
}

TEST(Disasm, WordsThatMatchNoRowPrintAsData) {
  EXPECT_EQ(disassemble(0xfc000000u, kBase), ".word 0xfc000000");
  EXPECT_EQ(disassemble(0x0000003fu, kBase), ".word 0x3f");
}

TEST(Disasm, RegisterNamesFollowTheAbi) {
  EXPECT_STREQ(reg_name(0), "zero");
  EXPECT_STREQ(reg_name(1), "at");
  EXPECT_STREQ(reg_name(26), "k0");
  EXPECT_STREQ(reg_name(29), "sp");
  EXPECT_STREQ(reg_name(30), "fp");
  EXPECT_STREQ(reg_name(31), "ra");
}

}  // namespace
}  // namespace kasane::test

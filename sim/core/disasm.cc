// Disassembler. Each table row says which operands an instruction has ("rt, off(rs)"); this file
// only knows how to print each kind of operand. The output assembles back to the same word with
// GNU as (tests/unit/disasm_test.cc checks that).
#include "core/disasm.h"

#include <cstdio>
#include <cstring>

#include "core/decoder.h"

namespace kasane {

namespace {

const char* const kRegNames[32] = {"zero", "at", "v0", "v1", "a0", "a1", "a2", "a3",
                                   "t0",   "t1", "t2", "t3", "t4", "t5", "t6", "t7",
                                   "s0",   "s1", "s2", "s3", "s4", "s5", "s6", "s7",
                                   "t8",   "t9", "k0", "k1", "gp", "sp", "fp", "ra"};

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

std::string reg(unsigned r) { return std::string("$") + kRegNames[r & 31]; }
std::string freg(unsigned r) { return "$f" + std::to_string(r & 31); }
std::string fcc(unsigned n) { return "$fcc" + std::to_string(n & 7); }

std::string address(uint32_t a, const Symbolizer& sym) {
  std::string s = hex(a);
  if (sym) {
    std::string name = sym(a);
    if (!name.empty()) s += " <" + name + ">";
  }
  return s;
}

// One operand token of the table's syntax, printed for this word.
std::string operand(const std::string& tok, const InsnInfo& info, Insn i, uint32_t pc,
                    const Symbolizer& sym) {
  if (tok == "rs") return reg(info.format == Format::T ? i.t_rs() : i.rs());
  if (tok == "rt") return reg(i.rt());
  if (tok == "rd") return reg(i.rd());
  if (tok == "sa") return std::to_string(i.sa());
  if (tok == "imm") return std::to_string(i.simm());
  if (tok == "immu") return hex(i.uimm());
  if (tok == "off(rs)") return std::to_string(i.simm()) + "(" + reg(i.rs()) + ")";
  if (tok == "target") return address(((pc + 4) & 0xf0000000u) | (i.target26() << 2), sym);
  if (tok == "broff") return address(pc + 4 + (static_cast<uint32_t>(i.simm()) << 2), sym);
  if (tok == "code") return hex(i.code20());
  if (tok == "bcode") return std::to_string(i.code20() >> 10) + ", " + std::to_string(i.code20() & 0x3ff);
  if (tok == "tcode") return std::to_string(i.tcode());
  if (tok == "sel") return std::to_string(i.sel());
  if (tok == "c0reg" || tok == "hwr") return "$" + std::to_string(i.rd());
  if (tok == "pos") return std::to_string(i.sa());
  if (tok == "size") {
    // EXT encodes size-1 in rd; INS encodes the msb (pos+size-1).
    bool is_ins = std::strcmp(info.name, "ins") == 0;
    return std::to_string(is_ins ? i.rd() - i.sa() + 1 : i.rd() + 1);
  }
  if (tok == "cacheop" || tok == "hint") return hex(i.rt());
  if (tok == "hintx") return hex(i.fs());  // PREFX keeps its hint in bits 15:11
  if (tok == "zero") return "$zero";
  if (tok == "fd") return freg(i.fd());
  if (tok == "fs") return freg(i.fs());
  if (tok == "ft") return freg(i.ft());
  if (tok == "fr") return freg(i.fr());
  if (tok == "cc") return fcc(i.cc());
  if (tok == "ccfd") return fcc(i.cc_fd());
  if (tok == "fcr") return "$" + std::to_string(i.fs());
  if (tok == "rt(rs)") return reg(i.rt()) + "(" + reg(i.rs()) + ")";
  return "?" + tok;
}

}  // namespace

const char* reg_name(unsigned r) { return kRegNames[r & 31]; }

std::string disassemble(uint32_t raw, uint32_t pc, const Symbolizer& sym) {
  const InsnInfo* info = decode(raw);
  if (!info) return ".word " + hex(raw);
  std::string out = info->name;
  const char* ops = info->operands;
  bool first = true;
  while (*ops) {
    const char* end = std::strchr(ops, ',');
    std::string tok = end ? std::string(ops, end) : std::string(ops);
    out += first ? " " : ", ";
    out += operand(tok, *info, Insn{raw}, pc, sym);
    first = false;
    if (!end) break;
    ops = end + 1;
    while (*ops == ' ') ++ops;
  }
  return out;
}

}  // namespace kasane

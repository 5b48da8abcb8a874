// Shared helpers of the decoder, disassembler and ISS unit tests:
//  - FlatRam: a PhysMemory with 16 MiB of RAM at physical 0 and one fake 4-byte device register
//    at kDevicePa (every access to it is logged); anything else is a bus error.
//  - enc::*: instruction encoders (R/I/J formats and one helper per mnemonic the tests use).
//  - Machine: an Iss on a FlatRam with context 0 started at kEntry (kseg0) in kernel mode with
//    Status.BEV cleared, so exceptions go to EBase (0x80000000) + 0x000 / 0x180.
//  - Host tool helpers: a temporary directory, running a shell command and capturing its output,
//    and assembling MIPS source with the cross toolchain (mipsel-linux-gnu-gcc/ld/objcopy).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "core/cp0.h"
#include "core/decoder.h"
#include "core/iss.h"

namespace kasane::test {

constexpr uint32_t kRamBytes = 16u << 20;
constexpr uint32_t kDevicePa = 0x1f000000u;     // the fake device register (4 bytes)
constexpr uint32_t kDeviceVa = 0xbf000000u;     // ... seen through kseg1
constexpr uint32_t kBusErrorVa = 0xbe000000u;   // kseg1, pa 0x1e000000: nothing answers there
constexpr uint32_t kEntry = 0x80001000u;        // where context 0 starts (pa 0x1000)
constexpr uint32_t kData = 0x80010000u;         // a free data area (pa 0x10000)
constexpr uint32_t kRefillVector = 0x80000000u;   // EBase + 0x000
constexpr uint32_t kGeneralVector = 0x80000180u;  // EBase + 0x180
constexpr uint32_t kInterruptVectorIV = 0x80000200u;  // EBase + 0x200 (Cause.IV = 1)

// General-purpose register numbers by ABI name.
namespace r {
constexpr unsigned zero = 0, at = 1, v0 = 2, v1 = 3, a0 = 4, a1 = 5, a2 = 6, a3 = 7;
constexpr unsigned t0 = 8, t1 = 9, t2 = 10, t3 = 11, t4 = 12, t5 = 13, t6 = 14, t7 = 15;
constexpr unsigned s0 = 16, s1 = 17, s2 = 18, s3 = 19, s4 = 20, s5 = 21, s6 = 22, s7 = 23;
constexpr unsigned t8 = 24, t9 = 25, k0 = 26, k1 = 27, gp = 28, sp = 29, fp = 30, ra = 31;
}  // namespace r

// ---------------------------------------------------------------------------------------------
// Physical memory.

class FlatRam : public PhysMemory {
 public:
  struct IoAccess {
    uint32_t pa;
    unsigned size;
    bool write;
    uint32_t data;
  };

  FlatRam() : ram_(kRamBytes, 0) {}

  uint8_t* ram_page(uint32_t ppn) override {
    return ppn < (kRamBytes >> 12) ? ram_.data() + (static_cast<size_t>(ppn) << 12) : nullptr;
  }

  bool io(uint32_t pa, unsigned size, bool write, uint32_t& data) override {
    if ((pa & ~3u) != kDevicePa) return false;
    if (!write) {
      data = device_value >> ((pa & 3u) * 8);
      if (size < 4) data &= (1u << (size * 8)) - 1;
    }
    log.push_back(IoAccess{pa, size, write, data});
    return true;
  }

  uint8_t* at(uint32_t pa) { return ram_.data() + pa; }
  uint32_t read32(uint32_t pa) const {
    uint32_t v;
    std::memcpy(&v, ram_.data() + pa, 4);
    return v;
  }
  void write32(uint32_t pa, uint32_t v) { std::memcpy(ram_.data() + pa, &v, 4); }
  uint8_t read8(uint32_t pa) const { return ram_[pa]; }
  void write8(uint32_t pa, uint8_t v) { ram_[pa] = v; }

  std::vector<IoAccess> log;         // every device access, in order
  uint32_t device_value = 0x89abcdefu;  // what the device register reads as

 private:
  std::vector<uint8_t> ram_;
};

// ---------------------------------------------------------------------------------------------
// Encoders. Branch offsets are in instructions relative to the delay slot (the 16-bit field);
// jump targets are absolute addresses (their low 28 bits are encoded).

namespace enc {

constexpr uint32_t rtype(unsigned op, unsigned rs, unsigned rt, unsigned rd, unsigned sa,
                         unsigned funct) {
  return (op & 63u) << 26 | (rs & 31u) << 21 | (rt & 31u) << 16 | (rd & 31u) << 11 |
         (sa & 31u) << 6 | (funct & 63u);
}
constexpr uint32_t itype(unsigned op, unsigned rs, unsigned rt, int32_t imm) {
  return (op & 63u) << 26 | (rs & 31u) << 21 | (rt & 31u) << 16 |
         (static_cast<uint32_t>(imm) & 0xffffu);
}
constexpr uint32_t jtype(unsigned op, uint32_t target) {
  return (op & 63u) << 26 | ((target >> 2) & 0x3ffffffu);
}

// SPECIAL (op 0)
constexpr uint32_t special(unsigned rs, unsigned rt, unsigned rd, unsigned sa, unsigned f) {
  return rtype(0, rs, rt, rd, sa, f);
}
constexpr uint32_t nop() { return 0; }
constexpr uint32_t sll(unsigned rd, unsigned rt, unsigned sa) { return special(0, rt, rd, sa, 0x00); }
constexpr uint32_t srl(unsigned rd, unsigned rt, unsigned sa) { return special(0, rt, rd, sa, 0x02); }
constexpr uint32_t rotr(unsigned rd, unsigned rt, unsigned sa) { return special(1, rt, rd, sa, 0x02); }
constexpr uint32_t sra(unsigned rd, unsigned rt, unsigned sa) { return special(0, rt, rd, sa, 0x03); }
constexpr uint32_t sllv(unsigned rd, unsigned rt, unsigned rs) { return special(rs, rt, rd, 0, 0x04); }
constexpr uint32_t srlv(unsigned rd, unsigned rt, unsigned rs) { return special(rs, rt, rd, 0, 0x06); }
constexpr uint32_t rotrv(unsigned rd, unsigned rt, unsigned rs) { return special(rs, rt, rd, 1, 0x06); }
constexpr uint32_t srav(unsigned rd, unsigned rt, unsigned rs) { return special(rs, rt, rd, 0, 0x07); }
constexpr uint32_t jr(unsigned rs) { return special(rs, 0, 0, 0, 0x08); }
constexpr uint32_t jalr(unsigned rd, unsigned rs) { return special(rs, 0, rd, 0, 0x09); }
constexpr uint32_t movz(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x0a); }
constexpr uint32_t movn(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x0b); }
constexpr uint32_t syscall(uint32_t code = 0) { return (code & 0xfffffu) << 6 | 0x0c; }
constexpr uint32_t break_(uint32_t code = 0) { return (code & 0xfffffu) << 6 | 0x0d; }
constexpr uint32_t sync(unsigned stype = 0) { return special(0, 0, 0, stype, 0x0f); }
constexpr uint32_t mfhi(unsigned rd) { return special(0, 0, rd, 0, 0x10); }
constexpr uint32_t mthi(unsigned rs) { return special(rs, 0, 0, 0, 0x11); }
constexpr uint32_t mflo(unsigned rd) { return special(0, 0, rd, 0, 0x12); }
constexpr uint32_t mtlo(unsigned rs) { return special(rs, 0, 0, 0, 0x13); }
constexpr uint32_t mult(unsigned rs, unsigned rt) { return special(rs, rt, 0, 0, 0x18); }
constexpr uint32_t multu(unsigned rs, unsigned rt) { return special(rs, rt, 0, 0, 0x19); }
constexpr uint32_t div(unsigned rs, unsigned rt) { return special(rs, rt, 0, 0, 0x1a); }
constexpr uint32_t divu(unsigned rs, unsigned rt) { return special(rs, rt, 0, 0, 0x1b); }
constexpr uint32_t add(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x20); }
constexpr uint32_t addu(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x21); }
constexpr uint32_t sub(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x22); }
constexpr uint32_t subu(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x23); }
constexpr uint32_t and_(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x24); }
constexpr uint32_t or_(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x25); }
constexpr uint32_t xor_(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x26); }
constexpr uint32_t nor(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x27); }
constexpr uint32_t slt(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x2a); }
constexpr uint32_t sltu(unsigned rd, unsigned rs, unsigned rt) { return special(rs, rt, rd, 0, 0x2b); }
constexpr uint32_t trap_r(unsigned f, unsigned rs, unsigned rt, unsigned code) {
  return rtype(0, rs, rt, 0, 0, f) | (code & 0x3ffu) << 6;
}
constexpr uint32_t tge(unsigned rs, unsigned rt, unsigned code = 0) { return trap_r(0x30, rs, rt, code); }
constexpr uint32_t tgeu(unsigned rs, unsigned rt, unsigned code = 0) { return trap_r(0x31, rs, rt, code); }
constexpr uint32_t tlt(unsigned rs, unsigned rt, unsigned code = 0) { return trap_r(0x32, rs, rt, code); }
constexpr uint32_t tltu(unsigned rs, unsigned rt, unsigned code = 0) { return trap_r(0x33, rs, rt, code); }
constexpr uint32_t teq(unsigned rs, unsigned rt, unsigned code = 0) { return trap_r(0x34, rs, rt, code); }
constexpr uint32_t tne(unsigned rs, unsigned rt, unsigned code = 0) { return trap_r(0x36, rs, rt, code); }

// REGIMM (op 1)
constexpr uint32_t regimm(unsigned rs, unsigned rt, int32_t imm) { return itype(1, rs, rt, imm); }
constexpr uint32_t bltz(unsigned rs, int32_t off) { return regimm(rs, 0x00, off); }
constexpr uint32_t bgez(unsigned rs, int32_t off) { return regimm(rs, 0x01, off); }
constexpr uint32_t bltzl(unsigned rs, int32_t off) { return regimm(rs, 0x02, off); }
constexpr uint32_t bgezl(unsigned rs, int32_t off) { return regimm(rs, 0x03, off); }
constexpr uint32_t tgei(unsigned rs, int32_t imm) { return regimm(rs, 0x08, imm); }
constexpr uint32_t tgeiu(unsigned rs, int32_t imm) { return regimm(rs, 0x09, imm); }
constexpr uint32_t tlti(unsigned rs, int32_t imm) { return regimm(rs, 0x0a, imm); }
constexpr uint32_t tltiu(unsigned rs, int32_t imm) { return regimm(rs, 0x0b, imm); }
constexpr uint32_t teqi(unsigned rs, int32_t imm) { return regimm(rs, 0x0c, imm); }
constexpr uint32_t tnei(unsigned rs, int32_t imm) { return regimm(rs, 0x0e, imm); }
constexpr uint32_t bltzal(unsigned rs, int32_t off) { return regimm(rs, 0x10, off); }
constexpr uint32_t bgezal(unsigned rs, int32_t off) { return regimm(rs, 0x11, off); }
constexpr uint32_t bltzall(unsigned rs, int32_t off) { return regimm(rs, 0x12, off); }
constexpr uint32_t bgezall(unsigned rs, int32_t off) { return regimm(rs, 0x13, off); }
constexpr uint32_t bal(int32_t off) { return bgezal(0, off); }
constexpr uint32_t synci(int32_t off, unsigned base) { return regimm(base, 0x1f, off); }

// Jumps and branches
constexpr uint32_t j(uint32_t target) { return jtype(2, target); }
constexpr uint32_t jal(uint32_t target) { return jtype(3, target); }
constexpr uint32_t beq(unsigned rs, unsigned rt, int32_t off) { return itype(4, rs, rt, off); }
constexpr uint32_t bne(unsigned rs, unsigned rt, int32_t off) { return itype(5, rs, rt, off); }
constexpr uint32_t blez(unsigned rs, int32_t off) { return itype(6, rs, 0, off); }
constexpr uint32_t bgtz(unsigned rs, int32_t off) { return itype(7, rs, 0, off); }
constexpr uint32_t b(int32_t off) { return beq(0, 0, off); }
constexpr uint32_t beql(unsigned rs, unsigned rt, int32_t off) { return itype(20, rs, rt, off); }
constexpr uint32_t bnel(unsigned rs, unsigned rt, int32_t off) { return itype(21, rs, rt, off); }
constexpr uint32_t blezl(unsigned rs, int32_t off) { return itype(22, rs, 0, off); }
constexpr uint32_t bgtzl(unsigned rs, int32_t off) { return itype(23, rs, 0, off); }

// Immediate ALU
constexpr uint32_t addi(unsigned rt, unsigned rs, int32_t imm) { return itype(8, rs, rt, imm); }
constexpr uint32_t addiu(unsigned rt, unsigned rs, int32_t imm) { return itype(9, rs, rt, imm); }
constexpr uint32_t slti(unsigned rt, unsigned rs, int32_t imm) { return itype(10, rs, rt, imm); }
constexpr uint32_t sltiu(unsigned rt, unsigned rs, int32_t imm) { return itype(11, rs, rt, imm); }
constexpr uint32_t andi(unsigned rt, unsigned rs, uint32_t imm) { return itype(12, rs, rt, imm); }
constexpr uint32_t ori(unsigned rt, unsigned rs, uint32_t imm) { return itype(13, rs, rt, imm); }
constexpr uint32_t xori(unsigned rt, unsigned rs, uint32_t imm) { return itype(14, rs, rt, imm); }
constexpr uint32_t lui(unsigned rt, uint32_t imm) { return itype(15, 0, rt, imm); }

// COP0
constexpr uint32_t mfc0(unsigned rt, unsigned rd, unsigned sel = 0) {
  return rtype(16, 0, rt, rd, 0, 0) | (sel & 7u);
}
constexpr uint32_t mtc0(unsigned rt, unsigned rd, unsigned sel = 0) {
  return rtype(16, 4, rt, rd, 0, 0) | (sel & 7u);
}
constexpr uint32_t di(unsigned rt) { return rtype(16, 11, rt, 12, 0, 0x00); }
constexpr uint32_t ei(unsigned rt) { return rtype(16, 11, rt, 12, 0, 0x20); }
constexpr uint32_t co(unsigned funct) { return 16u << 26 | 1u << 25 | funct; }
constexpr uint32_t tlbr() { return co(0x01); }
constexpr uint32_t tlbwi() { return co(0x02); }
constexpr uint32_t tlbwr() { return co(0x06); }
constexpr uint32_t tlbp() { return co(0x08); }
constexpr uint32_t eret() { return co(0x18); }
constexpr uint32_t wait() { return co(0x20); }

// SPECIAL2 (op 28)
constexpr uint32_t sp2(unsigned rs, unsigned rt, unsigned rd, unsigned f) {
  return rtype(28, rs, rt, rd, 0, f);
}
constexpr uint32_t madd(unsigned rs, unsigned rt) { return sp2(rs, rt, 0, 0x00); }
constexpr uint32_t maddu(unsigned rs, unsigned rt) { return sp2(rs, rt, 0, 0x01); }
constexpr uint32_t mul(unsigned rd, unsigned rs, unsigned rt) { return sp2(rs, rt, rd, 0x02); }
constexpr uint32_t msub(unsigned rs, unsigned rt) { return sp2(rs, rt, 0, 0x04); }
constexpr uint32_t msubu(unsigned rs, unsigned rt) { return sp2(rs, rt, 0, 0x05); }
constexpr uint32_t clz(unsigned rd, unsigned rs) { return sp2(rs, rd, rd, 0x20); }  // rt = rd
constexpr uint32_t clo(unsigned rd, unsigned rs) { return sp2(rs, rd, rd, 0x21); }

// SPECIAL3 (op 31)
constexpr uint32_t ext(unsigned rt, unsigned rs, unsigned pos, unsigned size) {
  return rtype(31, rs, rt, size - 1, pos, 0x00);
}
constexpr uint32_t ins(unsigned rt, unsigned rs, unsigned pos, unsigned size) {
  return rtype(31, rs, rt, pos + size - 1, pos, 0x04);
}
constexpr uint32_t wsbh(unsigned rd, unsigned rt) { return rtype(31, 0, rt, rd, 0x02, 0x20); }
constexpr uint32_t seb(unsigned rd, unsigned rt) { return rtype(31, 0, rt, rd, 0x10, 0x20); }
constexpr uint32_t seh(unsigned rd, unsigned rt) { return rtype(31, 0, rt, rd, 0x18, 0x20); }
constexpr uint32_t rdhwr(unsigned rt, unsigned hwr) { return rtype(31, 0, rt, hwr, 0, 0x3b); }

// Loads and stores: op rt, off(base)
constexpr uint32_t lb(unsigned rt, int32_t off, unsigned base) { return itype(32, base, rt, off); }
constexpr uint32_t lh(unsigned rt, int32_t off, unsigned base) { return itype(33, base, rt, off); }
constexpr uint32_t lwl(unsigned rt, int32_t off, unsigned base) { return itype(34, base, rt, off); }
constexpr uint32_t lw(unsigned rt, int32_t off, unsigned base) { return itype(35, base, rt, off); }
constexpr uint32_t lbu(unsigned rt, int32_t off, unsigned base) { return itype(36, base, rt, off); }
constexpr uint32_t lhu(unsigned rt, int32_t off, unsigned base) { return itype(37, base, rt, off); }
constexpr uint32_t lwr(unsigned rt, int32_t off, unsigned base) { return itype(38, base, rt, off); }
constexpr uint32_t sb(unsigned rt, int32_t off, unsigned base) { return itype(40, base, rt, off); }
constexpr uint32_t sh(unsigned rt, int32_t off, unsigned base) { return itype(41, base, rt, off); }
constexpr uint32_t swl(unsigned rt, int32_t off, unsigned base) { return itype(42, base, rt, off); }
constexpr uint32_t sw(unsigned rt, int32_t off, unsigned base) { return itype(43, base, rt, off); }
constexpr uint32_t swr(unsigned rt, int32_t off, unsigned base) { return itype(46, base, rt, off); }
constexpr uint32_t cache(unsigned op, int32_t off, unsigned base) { return itype(47, base, op, off); }
constexpr uint32_t ll(unsigned rt, int32_t off, unsigned base) { return itype(48, base, rt, off); }
constexpr uint32_t pref(unsigned hint, int32_t off, unsigned base) { return itype(51, base, hint, off); }
constexpr uint32_t sc(unsigned rt, int32_t off, unsigned base) { return itype(56, base, rt, off); }

// The thread extension (format T: rd 15:11, rt 20:16, rs 10:6).
constexpr uint32_t tfork(unsigned rd, unsigned rs, unsigned rt) {
  return 0x4a000001u | rd << 11 | rt << 16 | rs << 6;
}

}  // namespace enc

// ---------------------------------------------------------------------------------------------
// The machine under test.

class Machine {
 public:
  explicit Machine(const IssConfig& cfg = IssConfig{}) : iss(cfg, ram) {
    iss.reset(kEntry, 0, 0);
    for (unsigned i = 0; i < iss.num_contexts(); ++i) iss.context(i).cp0.status &= ~cp0::kStatusBEV;
  }

  FlatRam ram;  // declared before iss, which keeps a reference to it
  Iss iss;

  Context& ctx(unsigned i = 0) { return iss.context(i); }
  uint32_t& gpr(unsigned reg, unsigned i = 0) { return iss.context(i).gpr[reg]; }

  // Physical address of an unmapped kernel address (kseg0 or kseg1).
  static uint32_t pa_of(uint32_t va) {
    EXPECT_TRUE(va >= 0x80000000u && va < 0xc0000000u) << std::hex << va;
    return va & 0x1fffffffu;
  }
  void place_phys(uint32_t pa, const std::vector<uint32_t>& words) {
    for (size_t k = 0; k < words.size(); ++k) ram.write32(pa + 4 * static_cast<uint32_t>(k), words[k]);
  }
  void place(uint32_t va, const std::vector<uint32_t>& words) { place_phys(pa_of(va), words); }
  // Place `words` at `at` and point context `i` there.
  void load(const std::vector<uint32_t>& words, uint32_t at = kEntry, unsigned i = 0) {
    place(at, words);
    ctx(i).pc = at;
  }
  void step(unsigned n = 1, unsigned i = 0) {
    for (unsigned k = 0; k < n; ++k) iss.step(ctx(i));
  }
  // Place `words` at the current pc of context `i` (which must be kseg0/kseg1) and step once
  // per word.
  void exec(const std::vector<uint32_t>& words, unsigned i = 0) {
    place(ctx(i).pc, words);
    step(static_cast<unsigned>(words.size()), i);
  }

  uint32_t exc_code(unsigned i = 0) { return (ctx(i).cp0.cause & cp0::kCauseExcMask) >> cp0::kCauseExcShift; }
  unsigned cause_ce(unsigned i = 0) { return (ctx(i).cp0.cause >> cp0::kCauseCEShift) & 3u; }
  bool exl(unsigned i = 0) { return (ctx(i).cp0.status & cp0::kStatusEXL) != 0; }
  bool bd(unsigned i = 0) { return (ctx(i).cp0.cause & cp0::kCauseBD) != 0; }

  // Write a TLB entry directly: the even page of the pair containing `va` maps to `pa_even`, the
  // odd one to `pa_odd`; `lo_flags` are the EntryLo C/D/V/G bits of both halves.
  void map(unsigned index, uint32_t va, uint32_t pa_even, uint32_t pa_odd, uint32_t asid = 0,
           uint32_t lo_flags = cp0::kEntryLoV | cp0::kEntryLoD | cp0::kEntryLoG) {
    const uint32_t lo0 = (pa_even >> 12) << 6 | lo_flags, lo1 = (pa_odd >> 12) << 6 | lo_flags;
    iss.tlb().write(index, (va & cp0::kEntryHiVPN2Mask) | (asid & 0xffu), lo0, lo1);
    iss.flush_all_utlbs();
  }

  // User code lives at kUserCode, mapped (TLB entry kUserTlbIndex, global) to the same physical
  // address, which is RAM. enter_user() places `words` there and drops context `i` to user mode
  // with Status.CU0 clear (so CP0 is really unusable), EXL/ERL/IE clear.
  static constexpr uint32_t kUserCode = 0x00400000u;
  static constexpr unsigned kUserTlbIndex = 31;
  void enter_user(const std::vector<uint32_t>& words, unsigned i = 0) {
    map(kUserTlbIndex, kUserCode, kUserCode, kUserCode + 0x1000);
    place_phys(kUserCode, words);
    Cp0& s = ctx(i).cp0;
    s.status &= ~(cp0::kStatusKSUMask | cp0::kStatusEXL | cp0::kStatusERL | cp0::kStatusIE |
                  cp0::kStatusCU0 | cp0::kStatusBEV);
    s.status |= cp0::kStatusKSUUser;
    ctx(i).pc = kUserCode;
  }
};

// ---------------------------------------------------------------------------------------------
// Host tools.

// A fresh directory under $TMPDIR (or /tmp), removed with its contents on destruction.
class TempDir {
 public:
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string tmpl = std::string(base && *base ? base : "/tmp") + "/kasane-test-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data())) ADD_FAILURE() << "mkdtemp failed: " << std::strerror(errno);
    path_ = buf.data();
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

inline std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}
inline void write_text(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

// Run `cmd` through the shell; its stdout and stderr go to `*output`. Returns the exit status
// (or -1 if it did not exit normally).
inline int run_command(const std::string& cmd, std::string* output = nullptr) {
  TempDir dir;
  const std::string out = dir.file("output.txt");
  int status = std::system(("( " + cmd + " ) >'" + out + "' 2>&1").c_str());
  if (output) *output = read_text(out);
  if (status == -1 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

// The build's generated-header directory (build/gen): the test executable is build/tests/X.
inline std::string gen_dir() {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    std::filesystem::path gen = exe.parent_path().parent_path() / "gen";
    if (std::filesystem::exists(gen / "kasane" / "kasane_isa.h")) return gen.string();
  }
#ifdef KASANE_SOURCE_DIR
  return std::string(KASANE_SOURCE_DIR) + "/build/gen";
#else
  return "build/gen";
#endif
}

// Assemble `source` (a .S file body: it goes through cpp with build/gen on the include path, so
// `#include <kasane/kasane_isa.h>` works) for mips32r2, link its .text at `text_address` and
// return the words of .text. (Debian's gas puts a SYNC before every LL by default, a Loongson 3
// erratum workaround: -mno-fix-loongson3-llsc turns that off.) On failure returns false and puts the tools' messages in *errors.
inline bool assemble(const std::string& source, std::vector<uint32_t>& words, std::string* errors,
                     uint32_t text_address = 0x00400000u) {
  TempDir dir;
  const std::string src = dir.file("t.S"), obj = dir.file("t.o"), elf = dir.file("t.elf"),
                    bin = dir.file("t.bin"), lds = dir.file("t.ld");
  write_text(src, source);
  char addr[16];
  std::snprintf(addr, sizeof addr, "0x%x", text_address);
  // Only .text matters; a script keeps ld from placing .MIPS.abiflags and friends over it.
  write_text(lds, std::string("SECTIONS {\n  .text ") + addr +
                      " : { *(.text) }\n  /DISCARD/ : { *(.MIPS.abiflags) *(.reginfo) *(.pdr) "
                      "*(.gnu.attributes) }\n}\n");
  std::string log;
  const std::string cmd =
      "mipsel-linux-gnu-gcc -march=mips32r2 -mno-abicalls -fno-pic -msoft-float "
      "-Wa,-mno-fix-loongson3-llsc -c -I'" +
      gen_dir() + "' '" + src + "' -o '" + obj + "' && mipsel-linux-gnu-ld -T '" + lds +
      "' -e " + addr + " --no-warn-mismatch '" + obj + "' -o '" + elf +
      "' && mipsel-linux-gnu-objcopy -O binary -j .text '" + elf + "' '" + bin + "'";
  if (run_command(cmd, &log) != 0) {
    if (errors) *errors = log;
    return false;
  }
  std::string data = read_text(bin);
  words.assign(data.size() / 4, 0);
  if (!words.empty()) std::memcpy(words.data(), data.data(), words.size() * 4);
  return true;
}

// Status.IM bits used by the tests.
constexpr uint32_t kStatusIM7 = 1u << 15, kStatusIM0 = 1u << 8;

// The machine took exception `code` at `epc` and is at `vector`.
inline void expect_exception(Machine& m, uint32_t code, uint32_t epc,
                             uint32_t vector = kGeneralVector) {
  EXPECT_TRUE(m.exl());
  EXPECT_EQ(m.exc_code(), code) << cp0::exc_mnemonic(m.exc_code());
  EXPECT_EQ(m.ctx().cp0.epc, epc);
  EXPECT_EQ(m.ctx().pc, vector);
}

}  // namespace kasane::test

// The FPU against qemu-mipsel, bit for bit: thousands of operations (every arithmetic, multiply-
// add, conversion, rounding, compare and sign operation of formats S, D and W) on special and
// random operands, in all four rounding modes, with and without FCSR.FS, run once under qemu
// (tests/data/fpu-ops-qemu.c, built with the cross compiler) and once in the ISS; the result
// bits and the whole FCSR afterwards must agree. This is where the tests' other expected patterns
// come from, and how the FS rule was found (qemu flushes results only, without flags).
#include <cstdio>
#include <random>
#include <sstream>

#include "fpu_test_util.h"

namespace kasane::test {
namespace {

struct Op {
  const char* name;
  uint32_t word;  // fd = $f0, fs = $f2, ft = $f4, fr = $f6; C.cond writes cc 1
  char src;       // operand format: s, d, w
  char dst;       // result: s, d, w, or c (a condition code)
};
// The order is the case numbers of tests/data/fpu-ops-qemu.c.
const Op kOps[] = {
    {"add.s", 0x46041000u, 's', 's'},
    {"sub.s", 0x46041001u, 's', 's'},
    {"mul.s", 0x46041002u, 's', 's'},
    {"div.s", 0x46041003u, 's', 's'},
    {"sqrt.s", 0x46001004u, 's', 's'},
    {"recip.s", 0x46001015u, 's', 's'},
    {"rsqrt.s", 0x46001016u, 's', 's'},
    {"add.d", 0x46241000u, 'd', 'd'},
    {"sub.d", 0x46241001u, 'd', 'd'},
    {"mul.d", 0x46241002u, 'd', 'd'},
    {"div.d", 0x46241003u, 'd', 'd'},
    {"sqrt.d", 0x46201004u, 'd', 'd'},
    {"recip.d", 0x46201015u, 'd', 'd'},
    {"rsqrt.d", 0x46201016u, 'd', 'd'},
    {"madd.s", 0x4cc41020u, 's', 's'},
    {"msub.s", 0x4cc41028u, 's', 's'},
    {"nmadd.s", 0x4cc41030u, 's', 's'},
    {"nmsub.s", 0x4cc41038u, 's', 's'},
    {"madd.d", 0x4cc41021u, 'd', 'd'},
    {"msub.d", 0x4cc41029u, 'd', 'd'},
    {"nmadd.d", 0x4cc41031u, 'd', 'd'},
    {"nmsub.d", 0x4cc41039u, 'd', 'd'},
    {"cvt.s.d", 0x46201020u, 'd', 's'},
    {"cvt.d.s", 0x46001021u, 's', 'd'},
    {"cvt.w.s", 0x46001024u, 's', 'w'},
    {"cvt.w.d", 0x46201024u, 'd', 'w'},
    {"round.w.s", 0x4600100cu, 's', 'w'},
    {"round.w.d", 0x4620100cu, 'd', 'w'},
    {"trunc.w.s", 0x4600100du, 's', 'w'},
    {"trunc.w.d", 0x4620100du, 'd', 'w'},
    {"ceil.w.s", 0x4600100eu, 's', 'w'},
    {"ceil.w.d", 0x4620100eu, 'd', 'w'},
    {"floor.w.s", 0x4600100fu, 's', 'w'},
    {"floor.w.d", 0x4620100fu, 'd', 'w'},
    {"cvt.s.w", 0x46801020u, 'w', 's'},
    {"cvt.d.w", 0x46801021u, 'w', 'd'},
    {"c.f.s", 0x46041130u, 's', 'c'},
    {"c.f.d", 0x46241130u, 'd', 'c'},
    {"c.un.s", 0x46041131u, 's', 'c'},
    {"c.un.d", 0x46241131u, 'd', 'c'},
    {"c.eq.s", 0x46041132u, 's', 'c'},
    {"c.eq.d", 0x46241132u, 'd', 'c'},
    {"c.ueq.s", 0x46041133u, 's', 'c'},
    {"c.ueq.d", 0x46241133u, 'd', 'c'},
    {"c.olt.s", 0x46041134u, 's', 'c'},
    {"c.olt.d", 0x46241134u, 'd', 'c'},
    {"c.ult.s", 0x46041135u, 's', 'c'},
    {"c.ult.d", 0x46241135u, 'd', 'c'},
    {"c.ole.s", 0x46041136u, 's', 'c'},
    {"c.ole.d", 0x46241136u, 'd', 'c'},
    {"c.ule.s", 0x46041137u, 's', 'c'},
    {"c.ule.d", 0x46241137u, 'd', 'c'},
    {"c.sf.s", 0x46041138u, 's', 'c'},
    {"c.sf.d", 0x46241138u, 'd', 'c'},
    {"c.ngle.s", 0x46041139u, 's', 'c'},
    {"c.ngle.d", 0x46241139u, 'd', 'c'},
    {"c.seq.s", 0x4604113au, 's', 'c'},
    {"c.seq.d", 0x4624113au, 'd', 'c'},
    {"c.ngl.s", 0x4604113bu, 's', 'c'},
    {"c.ngl.d", 0x4624113bu, 'd', 'c'},
    {"c.lt.s", 0x4604113cu, 's', 'c'},
    {"c.lt.d", 0x4624113cu, 'd', 'c'},
    {"c.nge.s", 0x4604113du, 's', 'c'},
    {"c.nge.d", 0x4624113du, 'd', 'c'},
    {"c.le.s", 0x4604113eu, 's', 'c'},
    {"c.le.d", 0x4624113eu, 'd', 'c'},
    {"c.ngt.s", 0x4604113fu, 's', 'c'},
    {"c.ngt.d", 0x4624113fu, 'd', 'c'},
    {"abs.s", 0x46001005u, 's', 's'},
    {"abs.d", 0x46201005u, 'd', 'd'},
    {"neg.s", 0x46001007u, 's', 's'},
    {"neg.d", 0x46201007u, 'd', 'd'},
    {"mov.d", 0x46201006u, 'd', 'd'},
};

std::string source(const std::string& rel) {
#ifdef KASANE_SOURCE_DIR
  return std::string(KASANE_SOURCE_DIR) + "/" + rel;
#else
  return rel;
#endif
}

// Operands: special values (zeros, ones, infinities, NaNs of both kinds, extremes, denormals,
// 2^31 neighbours, ties) two times in three, random bit patterns otherwise.
uint64_t operand(std::mt19937_64& rng, char format) {
  static const uint32_t kS[] = {
      0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x40000000u, 0x40400000u, 0x3eaaaaabu,
      0x7f800000u, 0xff800000u, 0x7f7fffffu, 0x00800000u, 0x00000001u, 0x807fffffu, 0x7fc00000u,
      0x7f800001u, 0x4f000000u, 0xcf000000u, 0x4effffffu, 0x3f000000u, 0x3fc00000u, 0x40200000u,
      0xc0200000u, 0x5f000000u, 0x33800000u, 0x00400000u};
  static const uint64_t kD[] = {
      0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
      0x4000000000000000ull, 0x3fd5555555555555ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
      0x7fefffffffffffffull, 0x0010000000000000ull, 1, 0x7ff8000000000000ull,
      0x7ff0000000000001ull, 0x41e0000000000000ull, 0xc1e0000000000000ull, 0xc1e0000000200000ull,
      0x41dfffffffc00000ull, 0x3fe0000000000000ull, 0x4004000000000000ull, 0xc004000000000000ull,
      0x47efffffe0000000ull, 0x3810000000000000ull, 0x36a0000000000000ull, 0x400921fb54442d18ull};
  const bool special = rng() % 3 != 0;
  if (format == 'd') return special ? kD[rng() % std::size(kD)] : rng();
  return special ? kS[rng() % std::size(kS)] : static_cast<uint32_t>(rng());
}

TEST(IssFpuQemu, RandomOperationsMatchQemuBitForBit) {
  if (run_command("command -v qemu-mipsel && command -v mipsel-linux-gnu-gcc") != 0)
    GTEST_SKIP() << "qemu-mipsel or the cross compiler is missing";
  TempDir dir;
  const std::string prog = dir.file("ref");
  std::string log;
  ASSERT_EQ(run_command("mipsel-linux-gnu-gcc -static -O1 -march=mips32r2 -mfp32 '" +
                            source("tests/data/fpu-ops-qemu.c") + "' -o '" + prog + "'",
                        &log),
            0)
      << log;

  struct Case {
    unsigned op;
    uint64_t a, b, c;
    uint32_t fcsr;
  };
  std::mt19937_64 rng(20261124);
  std::vector<Case> cases;
  std::ostringstream in;
  const uint32_t kModes[] = {0, 1, 2, 3, fcsr::kFS, fcsr::kFS | 2};
  for (unsigned k = 0; k < 6000; ++k) {
    const unsigned op = rng() % std::size(kOps);
    const char f = kOps[op].src;
    Case cs{op, operand(rng, f), operand(rng, f), operand(rng, f), kModes[rng() % 6]};
    cases.push_back(cs);
    char line[96];
    std::snprintf(line, sizeof line, "%u %llx %llx %llx %x\n", cs.op,
                  static_cast<unsigned long long>(cs.a), static_cast<unsigned long long>(cs.b),
                  static_cast<unsigned long long>(cs.c), cs.fcsr);
    in << line;
  }
  write_text(dir.file("cases.txt"), in.str());
  std::string out;
  ASSERT_EQ(run_command("qemu-mipsel '" + prog + "' < '" + dir.file("cases.txt") + "'", &out), 0)
      << out.substr(0, 2000);

  std::istringstream lines(out);
  unsigned mismatches = 0, compared = 0;
  for (const Case& cs : cases) {
    unsigned long long want;
    unsigned want_fcsr;
    std::string line;
    ASSERT_TRUE(std::getline(lines, line)) << "qemu stopped after " << compared << " cases";
    ASSERT_EQ(std::sscanf(line.c_str(), "%llx %x", &want, &want_fcsr), 2) << line;
    const Op& op = kOps[cs.op];
    FpuMachine m;
    m.set_d(2, cs.a);
    m.set_d(4, cs.b);
    m.set_d(6, cs.c);
    m.fcsr() = cs.fcsr;
    m.exec({op.word});
    ASSERT_FALSE(m.exl()) << op.name << " trapped";
    const uint64_t got = op.dst == 'c'                      ? (m.fcsr() >> 25) & 1
                         : (op.dst == 's' || op.dst == 'w') ? m.f(0)
                                                            : m.d(0);
    ++compared;
    if (got != want || m.fcsr() != want_fcsr) {
      if (++mismatches <= 10)
        ADD_FAILURE() << op.name << std::hex << " a=" << cs.a << " b=" << cs.b << " c=" << cs.c
                      << " fcsr=" << cs.fcsr << ": qemu " << want << " fcsr " << want_fcsr
                      << ", ISS " << got << " fcsr " << m.fcsr();
    }
  }
  EXPECT_EQ(mismatches, 0u) << "of " << compared;
  EXPECT_EQ(compared, cases.size());
}

}  // namespace
}  // namespace kasane::test

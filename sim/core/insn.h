// An instruction word as a small value type with named field getters, and the row type of the
// decode table generated from isa/mips32.isa (Spike's insn_t and opcode table, in miniature).
#pragma once

#include <cstdint>

namespace kasane {

struct Insn {
  uint32_t raw;

  uint32_t op() const { return raw >> 26; }
  uint32_t rs() const { return (raw >> 21) & 31; }
  uint32_t rt() const { return (raw >> 16) & 31; }
  uint32_t rd() const { return (raw >> 11) & 31; }
  uint32_t sa() const { return (raw >> 6) & 31; }
  uint32_t funct() const { return raw & 63; }
  int32_t simm() const { return static_cast<int16_t>(raw & 0xffff); }
  uint32_t uimm() const { return raw & 0xffff; }
  uint32_t target26() const { return raw & 0x3ffffff; }
  uint32_t code20() const { return (raw >> 6) & 0xfffff; }  // SYSCALL, BREAK
  uint32_t tcode() const { return (raw >> 6) & 0x3ff; }     // TEQ and friends
  uint32_t sel() const { return raw & 7; }
  // Thread extension (format T): rs sits in bits 10:6, not in its usual place.
  uint32_t t_rs() const { return sa(); }
  // The FPU's names for the same fields (format FP).
  uint32_t fmt() const { return rs(); }
  uint32_t fr() const { return rs(); }
  uint32_t ft() const { return rt(); }
  uint32_t fs() const { return rd(); }
  uint32_t fd() const { return sa(); }
  uint32_t cc() const { return (raw >> 18) & 7; }     // BC1T/F, MOVF/MOVT
  uint32_t cc_fd() const { return (raw >> 8) & 7; }   // C.cond.fmt
  bool tf() const { return (raw >> 16) & 1; }         // BC1T, MOVT: true; BC1F, MOVF: false
};

enum class Format : uint8_t { R, I, J, C0, T, S3, FP };
enum class Unit : uint8_t {
  nop, alu, mul, div, branch, load, store, system, thread, fpadd, fpmul, fpdiv, fpsqrt
};

// Register roles an instruction reads or writes (for dependence tracking in the pipeline).
// The order is the generator's REG_ROLES.
enum RegRole : uint16_t {
  kR_rs = 1 << 0,
  kR_rt = 1 << 1,
  kR_rd = 1 << 2,
  kR_hi = 1 << 3,
  kR_lo = 1 << 4,
  kR_ra = 1 << 5,
  kR_fs = 1 << 6,   // FP registers (a double reads or writes the even/odd pair)
  kR_ft = 1 << 7,
  kR_fd = 1 << 8,
  kR_fr = 1 << 9,
  kR_fcc = 1 << 10,  // the FP condition codes (FCSR.FCC7..0)
};

enum InsnFlag : uint16_t {
  kF_delay = 1 << 0,   // has a branch delay slot
  kF_likely = 1 << 1,  // annuls its delay slot when not taken
  kF_link = 1 << 2,    // writes a return address
  kF_priv = 1 << 3,    // Coprocessor Unusable in user mode unless Status.CU0
  kF_pseudo = 1 << 4,  // disassembler alias of a more general row
  kF_cp1 = 1 << 5,     // FPU: Coprocessor Unusable (CE = 1) unless Status.CU1
};

struct Context;
using ExecFn = void (*)(Context&, Insn);

struct InsnInfo {
  const char* name;
  uint32_t match;
  uint32_t mask;
  const char* operands;  // assembly syntax, e.g. "rt, off(rs)"
  Format format;
  Unit unit;
  uint16_t reads;   // RegRole bits
  uint16_t writes;  // RegRole bits
  uint16_t flags;  // InsnFlag bits
  ExecFn exec;
};

}  // namespace kasane

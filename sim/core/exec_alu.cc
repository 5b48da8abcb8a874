// Semantics of the integer ALU instructions: shifts, add/subtract, logic, set-on-less-than,
// conditional moves, bit-field and byte operations, HI/LO moves and the conditional traps.
#include "core/exec_util.h"

namespace kasane {

namespace {
uint32_t rotate_right(uint32_t v, unsigned n) { return n ? (v >> n) | (v << (32 - n)) : v; }
void trap_if(Context& c, bool cond) {
  if (cond) c.core->raise(c, cp0::kTr);
}
}  // namespace

void exec_sll(Context& c, Insn i) { c.gpr[i.rd()] = rt(c, i) << i.sa(); }
void exec_srl(Context& c, Insn i) { c.gpr[i.rd()] = rt(c, i) >> i.sa(); }
void exec_rotr(Context& c, Insn i) { c.gpr[i.rd()] = rotate_right(rt(c, i), i.sa()); }
void exec_sra(Context& c, Insn i) { c.gpr[i.rd()] = static_cast<uint32_t>(srt(c, i) >> i.sa()); }
void exec_sllv(Context& c, Insn i) { c.gpr[i.rd()] = rt(c, i) << (rs(c, i) & 31); }
void exec_srlv(Context& c, Insn i) { c.gpr[i.rd()] = rt(c, i) >> (rs(c, i) & 31); }
void exec_rotrv(Context& c, Insn i) { c.gpr[i.rd()] = rotate_right(rt(c, i), rs(c, i) & 31); }
void exec_srav(Context& c, Insn i) {
  c.gpr[i.rd()] = static_cast<uint32_t>(srt(c, i) >> (rs(c, i) & 31));
}

void exec_movz(Context& c, Insn i) {
  if (rt(c, i) == 0) c.gpr[i.rd()] = rs(c, i);
}
void exec_movn(Context& c, Insn i) {
  if (rt(c, i) != 0) c.gpr[i.rd()] = rs(c, i);
}

void exec_add(Context& c, Insn i) {
  int32_t r;
  if (__builtin_add_overflow(srs(c, i), srt(c, i), &r)) return c.core->raise(c, cp0::kOv);
  c.gpr[i.rd()] = static_cast<uint32_t>(r);
}
void exec_addu(Context& c, Insn i) { c.gpr[i.rd()] = rs(c, i) + rt(c, i); }
void exec_sub(Context& c, Insn i) {
  int32_t r;
  if (__builtin_sub_overflow(srs(c, i), srt(c, i), &r)) return c.core->raise(c, cp0::kOv);
  c.gpr[i.rd()] = static_cast<uint32_t>(r);
}
void exec_subu(Context& c, Insn i) { c.gpr[i.rd()] = rs(c, i) - rt(c, i); }
void exec_and(Context& c, Insn i) { c.gpr[i.rd()] = rs(c, i) & rt(c, i); }
void exec_or(Context& c, Insn i) { c.gpr[i.rd()] = rs(c, i) | rt(c, i); }
void exec_xor(Context& c, Insn i) { c.gpr[i.rd()] = rs(c, i) ^ rt(c, i); }
void exec_nor(Context& c, Insn i) { c.gpr[i.rd()] = ~(rs(c, i) | rt(c, i)); }
void exec_slt(Context& c, Insn i) { c.gpr[i.rd()] = srs(c, i) < srt(c, i); }
void exec_sltu(Context& c, Insn i) { c.gpr[i.rd()] = rs(c, i) < rt(c, i); }

void exec_addi(Context& c, Insn i) {
  int32_t r;
  if (__builtin_add_overflow(srs(c, i), i.simm(), &r)) return c.core->raise(c, cp0::kOv);
  c.gpr[i.rt()] = static_cast<uint32_t>(r);
}
void exec_addiu(Context& c, Insn i) { c.gpr[i.rt()] = rs(c, i) + static_cast<uint32_t>(i.simm()); }
void exec_slti(Context& c, Insn i) { c.gpr[i.rt()] = srs(c, i) < i.simm(); }
void exec_sltiu(Context& c, Insn i) { c.gpr[i.rt()] = rs(c, i) < static_cast<uint32_t>(i.simm()); }
void exec_andi(Context& c, Insn i) { c.gpr[i.rt()] = rs(c, i) & i.uimm(); }
void exec_ori(Context& c, Insn i) { c.gpr[i.rt()] = rs(c, i) | i.uimm(); }
void exec_xori(Context& c, Insn i) { c.gpr[i.rt()] = rs(c, i) ^ i.uimm(); }
void exec_lui(Context& c, Insn i) { c.gpr[i.rt()] = i.uimm() << 16; }

void exec_clz(Context& c, Insn i) {
  uint32_t v = rs(c, i);
  c.gpr[i.rd()] = v ? __builtin_clz(v) : 32;
}
void exec_clo(Context& c, Insn i) {
  uint32_t v = ~rs(c, i);
  c.gpr[i.rd()] = v ? __builtin_clz(v) : 32;
}

// EXT rt, rs, pos, size: size-1 is encoded in rd (msbd), pos in sa (lsb).
void exec_ext(Context& c, Insn i) {
  unsigned size = i.rd() + 1;
  uint64_t mask = (1ull << size) - 1;
  c.gpr[i.rt()] = static_cast<uint32_t>((rs(c, i) >> i.sa()) & mask);
}
// INS rt, rs, pos, size: the msb (pos+size-1) is encoded in rd, pos in sa.
void exec_ins(Context& c, Insn i) {
  unsigned lsb = i.sa(), msb = i.rd();
  if (msb < lsb) return;  // UNPREDICTABLE in MIPS32; leave rt unchanged
  uint32_t mask = static_cast<uint32_t>(((1ull << (msb - lsb + 1)) - 1) << lsb);
  c.gpr[i.rt()] = (rt(c, i) & ~mask) | ((rs(c, i) << lsb) & mask);
}
void exec_wsbh(Context& c, Insn i) {
  uint32_t v = rt(c, i);
  c.gpr[i.rd()] = ((v & 0x00ff00ffu) << 8) | ((v >> 8) & 0x00ff00ffu);
}
void exec_seb(Context& c, Insn i) { c.gpr[i.rd()] = static_cast<uint32_t>(static_cast<int8_t>(rt(c, i))); }
void exec_seh(Context& c, Insn i) { c.gpr[i.rd()] = static_cast<uint32_t>(static_cast<int16_t>(rt(c, i))); }

void exec_mfhi(Context& c, Insn i) { c.gpr[i.rd()] = c.hi; }
void exec_mthi(Context& c, Insn i) { c.hi = rs(c, i); }
void exec_mflo(Context& c, Insn i) { c.gpr[i.rd()] = c.lo; }
void exec_mtlo(Context& c, Insn i) { c.lo = rs(c, i); }

void exec_tge(Context& c, Insn i) { trap_if(c, srs(c, i) >= srt(c, i)); }
void exec_tgeu(Context& c, Insn i) { trap_if(c, rs(c, i) >= rt(c, i)); }
void exec_tlt(Context& c, Insn i) { trap_if(c, srs(c, i) < srt(c, i)); }
void exec_tltu(Context& c, Insn i) { trap_if(c, rs(c, i) < rt(c, i)); }
void exec_teq(Context& c, Insn i) { trap_if(c, rs(c, i) == rt(c, i)); }
void exec_tne(Context& c, Insn i) { trap_if(c, rs(c, i) != rt(c, i)); }
void exec_tgei(Context& c, Insn i) { trap_if(c, srs(c, i) >= i.simm()); }
void exec_tgeiu(Context& c, Insn i) { trap_if(c, rs(c, i) >= static_cast<uint32_t>(i.simm())); }
void exec_tlti(Context& c, Insn i) { trap_if(c, srs(c, i) < i.simm()); }
void exec_tltiu(Context& c, Insn i) { trap_if(c, rs(c, i) < static_cast<uint32_t>(i.simm())); }
void exec_teqi(Context& c, Insn i) { trap_if(c, srs(c, i) == i.simm()); }
void exec_tnei(Context& c, Insn i) { trap_if(c, srs(c, i) != i.simm()); }

}  // namespace kasane

// Semantics of loads and stores: every width, the unaligned-word pairs LWL/LWR and SWL/SWR
// (little-endian), LL/SC, and the hints that do nothing in a functional model (PREF, SYNC,
// SYNCI, CACHE).
#include "core/exec_util.h"

namespace kasane {

namespace {
template <typename T, typename Wide>
void load_into(Context& c, Insn i) {
  T v;
  if (c.core->load(c, ea(c, i), v)) c.gpr[i.rt()] = static_cast<uint32_t>(static_cast<Wide>(v));
}
template <typename T>
void store_from(Context& c, Insn i) {
  c.core->store(c, ea(c, i), static_cast<T>(rt(c, i)));
}
}  // namespace

void exec_lb(Context& c, Insn i) { load_into<uint8_t, int8_t>(c, i); }
void exec_lbu(Context& c, Insn i) { load_into<uint8_t, uint8_t>(c, i); }
void exec_lh(Context& c, Insn i) { load_into<uint16_t, int16_t>(c, i); }
void exec_lhu(Context& c, Insn i) { load_into<uint16_t, uint16_t>(c, i); }
void exec_lw(Context& c, Insn i) { load_into<uint32_t, uint32_t>(c, i); }
void exec_sb(Context& c, Insn i) { store_from<uint8_t>(c, i); }
void exec_sh(Context& c, Insn i) { store_from<uint16_t>(c, i); }
void exec_sw(Context& c, Insn i) { store_from<uint32_t>(c, i); }

// Little-endian LWL: the bytes from the addressed one down to the word's start fill the
// register from its most significant byte; the rest of the register is kept.
// The partial-word accesses translate the effective address first, so that a fault reports it
// in BadVAddr (not the aligned word's address).
static bool translates(Context& c, uint32_t addr, Access a) {
  uint32_t pa;
  return c.core->translate(c, addr, a, pa);
}

void exec_lwl(Context& c, Insn i) {
  uint32_t addr = ea(c, i), k = addr & 3, w;
  if (!translates(c, addr, Access::kLoad) || !c.core->load(c, addr & ~3u, w)) return;
  uint32_t keep = 0x00ffffffu >> (k * 8);
  c.gpr[i.rt()] = (rt(c, i) & keep) | (w << ((3 - k) * 8));
}
// Little-endian LWR: the bytes from the addressed one up to the word's end fill the register
// from its least significant byte.
void exec_lwr(Context& c, Insn i) {
  uint32_t addr = ea(c, i), k = addr & 3, w;
  if (!translates(c, addr, Access::kLoad) || !c.core->load(c, addr & ~3u, w)) return;
  uint32_t keep = ~(0xffffffffu >> (k * 8));
  c.gpr[i.rt()] = (rt(c, i) & keep) | (w >> (k * 8));
}
// SWL/SWR store byte by byte so that faults report a store (TLBS/AdES), never a load.
void exec_swl(Context& c, Insn i) {
  uint32_t addr = ea(c, i), k = addr & 3, v = rt(c, i) >> ((3 - k) * 8);
  if (!translates(c, addr, Access::kStore)) return;
  for (uint32_t b = 0; b <= k; ++b)
    if (!c.core->store(c, (addr & ~3u) + b, static_cast<uint8_t>(v >> (b * 8)))) return;
}
void exec_swr(Context& c, Insn i) {
  uint32_t addr = ea(c, i), k = addr & 3, v = rt(c, i);
  for (uint32_t b = k; b < 4; ++b)
    if (!c.core->store(c, (addr & ~3u) + b, static_cast<uint8_t>(v >> ((b - k) * 8)))) return;
}

void exec_ll(Context& c, Insn i) {
  uint32_t addr = ea(c, i), v, pa;
  if (!c.core->load(c, addr, v)) return;
  if (!c.core->translate(c, addr, Access::kLoad, pa)) return;
  c.gpr[i.rt()] = v;
  c.core->ll_link(c, pa);
}
void exec_sc(Context& c, Insn i) {
  if (!c.ll_bit) {
    c.gpr[i.rt()] = 0;
    return;
  }
  c.core->ll_clear(c);
  if (c.core->store(c, ea(c, i), rt(c, i))) c.gpr[i.rt()] = 1;
}

void exec_pref(Context&, Insn) {}   // a hint; never faults
void exec_sync(Context&, Insn) {}   // one context's accesses are already in program order
void exec_synci(Context&, Insn) {}  // no instruction cache to synchronise in this model
void exec_cache(Context& c, Insn) { require_cp0(c); }

}  // namespace kasane

// See rename.h.
#include "core/o3/rename.h"

#include <stdexcept>

namespace kasane {

Rename::Rename(unsigned contexts, unsigned int_regs, unsigned fp_regs)
    : int_regs_(int_regs),
      fp_regs_(fp_regs),
      map_(contexts),
      held_int_(contexts, 0),
      held_fp_(contexts, 0) {
  const unsigned ints = contexts * kIntArch + int_regs, fps = contexts * kFpArch + fp_regs;
  if (ints + fps >= kNoPreg)
    throw std::invalid_argument("rename: " + std::to_string(ints + fps) +
                                " physical registers, more than the core can number");
  ready_.assign(ints + fps, 0);
  // Physical registers: the integer ones first, then the FPU's; each context's architectural
  // registers take the first of each, ready from the start.
  uint16_t next_int = 0, next_fp = static_cast<uint16_t>(ints);
  for (unsigned c = 0; c < contexts; ++c) {
    map_[c].fill(kNoPreg);
    for (unsigned r = 1; r < kNumDepRegs; ++r) map_[c][r] = is_fp(r) ? next_fp++ : next_int++;
  }
  // The stacks hand out the lowest numbers first.
  for (unsigned p = ints; p-- > next_int;) free_int_.push_back(static_cast<uint16_t>(p));
  for (unsigned p = ints + fps; p-- > next_fp;) free_fp_.push_back(static_cast<uint16_t>(p));
}

bool Rename::can_rename(const O3Inst& d) const {
  unsigned need_int = 0, need_fp = 0;
  for (unsigned k = 0; k < d.regs.ndst; ++k) ++(is_fp(d.regs.dst[k]) ? need_fp : need_int);
  return need_int <= free_int_.size() && need_fp <= free_fp_.size();
}

void Rename::rename(unsigned c, O3Inst& d) {
  std::array<uint16_t, kNumDepRegs>& map = map_[c];
  for (unsigned k = 0; k < d.regs.nsrc; ++k) d.psrc[k] = map[d.regs.src[k]];
  for (unsigned k = 0; k < d.regs.ndst; ++k) {
    const unsigned r = d.regs.dst[k];
    std::vector<uint16_t>& free = free_list(r);
    const uint16_t p = free.back();
    free.pop_back();
    ready_[p] = kNotReady;
    d.pold[k] = map[r];
    d.pdst[k] = p;
    map[r] = p;
    ++(is_fp(r) ? held_fp_ : held_int_)[c];
  }
}

void Rename::commit(unsigned c, const O3Inst& d) {
  for (unsigned k = 0; k < d.regs.ndst; ++k) {
    const unsigned r = d.regs.dst[k];
    free_list(r).push_back(d.pold[k]);
    --(is_fp(r) ? held_fp_ : held_int_)[c];
  }
}

void Rename::undo(unsigned c, const O3Inst& d) {
  // The later destination first: an instruction that wrote one register twice (none does, but
  // HI and LO are two) would otherwise restore the wrong one.
  for (unsigned k = d.regs.ndst; k-- > 0;) {
    const unsigned r = d.regs.dst[k];
    map_[c][r] = d.pold[k];
    free_list(r).push_back(d.pdst[k]);
    --(is_fp(r) ? held_fp_ : held_int_)[c];
  }
}

}  // namespace kasane

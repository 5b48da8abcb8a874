// Register renaming: per context a map from architectural register to physical register, a free
// list per register class shared by the contexts, and the cycle from which each physical
// register's value is ready, which is the issue queue's wake-up: a consumer may issue once every
// source is ready. The classes are the integer registers (GPRs 1..31, HI, LO) and the FPU's
// (its registers by even/odd pair, and the condition codes), in dyn_inst.h's numbering.
//
// Each context holds a physical register for each of its architectural ones at all times; the
// rest (rename.int_regs, rename.fp_regs) are what renaming hands out. A destination gets a free
// register at rename and releases the one it replaced when it commits; a squash undoes the
// youngest first, which puts each map back as it was (gem5's history buffer, in the instructions).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/o3/o3_inst.h"

namespace kasane {

class Rename {
 public:
  static constexpr unsigned kIntArch = kRegFpPair0 - 1;     // $1..$31, HI, LO
  static constexpr unsigned kFpArch = kNumDepRegs - kRegFpPair0;  // 16 pairs and the FCCs
  static constexpr uint64_t kNotReady = ~0ull;

  Rename(unsigned contexts, unsigned int_regs, unsigned fp_regs);

  // There are free registers for every destination of `d`.
  bool can_rename(const O3Inst& d) const;
  // Map d's sources, give each destination a free register (not ready) and keep the one it
  // replaced, for context c.
  void rename(unsigned c, O3Inst& d);
  // `d` of context c commits: the registers its destinations replaced are free.
  void commit(unsigned c, const O3Inst& d);
  // `d`, the youngest renamed instruction of context c, is squashed: its destinations' mappings
  // go back to the registers they replaced, and its own registers are free.
  void undo(unsigned c, const O3Inst& d);

  uint64_t ready_at(uint16_t p) const { return ready_[p]; }
  void set_ready(uint16_t p, uint64_t cycle) { ready_[p] = cycle; }
  // Registers context c holds beyond its architectural ones (renamed, not committed).
  unsigned held(unsigned c, bool fp) const { return fp ? held_fp_[c] : held_int_[c]; }
  unsigned free_regs(bool fp) const {
    return static_cast<unsigned>(fp ? free_fp_.size() : free_int_.size());
  }
  unsigned rename_regs(bool fp) const { return fp ? fp_regs_ : int_regs_; }
  // Context c's mapping of architectural register r (for tests).
  uint16_t mapping(unsigned c, unsigned r) const { return map_[c][r]; }

  static bool is_fp(unsigned r) { return r >= kRegFpPair0; }

 private:
  std::vector<uint16_t>& free_list(unsigned r) { return is_fp(r) ? free_fp_ : free_int_; }

  unsigned int_regs_, fp_regs_;
  std::vector<std::array<uint16_t, kNumDepRegs>> map_;
  std::vector<uint16_t> free_int_, free_fp_;  // stacks: the last freed is handed out first
  std::vector<uint64_t> ready_;               // by physical register
  std::vector<unsigned> held_int_, held_fp_;
};

}  // namespace kasane

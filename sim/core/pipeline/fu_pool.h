// The functional units of a core, shared by its contexts: for each class a number of units, a
// latency and whether a unit accepts a new operation every cycle (pipelined) or stays busy for
// the whole latency. The default reproduces the papers' machine: 2 simple ALUs of 1 cycle and one
// complex ALU (multiply 12, divide 32 cycles) that is not pipelined. The FPU has three classes,
// with the MIPS 24Kf's double-precision latencies at a 1:1 FPU clock by default (as gcc's
// config/mips/24k.md quotes the 24K manual for its "24kx"): add 4, multiply 5 (both
// pipelined), divide and square root 32 (not pipelined).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include "core/insn.h"

namespace kasane {

enum class FuClass : uint8_t { kAlu, kMulDiv, kMem, kBranch, kFpAdd, kFpMul, kFpDiv, kCount };
const char* fu_class_name(FuClass k);
// Which class executes an instruction of each table unit, in Unit's order (insn.h): nop, alu,
// system and thread operations go to the ALU. A table rather than a switch: issue, execute and
// the CPI stack ask it for every instruction, and the switch compiled to a chain of compares.
inline constexpr FuClass kFuClassOf[] = {
    FuClass::kAlu,   FuClass::kAlu,   FuClass::kMulDiv, FuClass::kMulDiv, FuClass::kBranch,
    FuClass::kMem,   FuClass::kMem,   FuClass::kAlu,    FuClass::kAlu,    FuClass::kFpAdd,
    FuClass::kFpMul, FuClass::kFpDiv, FuClass::kFpDiv};
static_assert(std::size(kFuClassOf) == static_cast<size_t>(Unit::fpsqrt) + 1);
static_assert(kFuClassOf[static_cast<size_t>(Unit::mul)] == FuClass::kMulDiv &&
              kFuClassOf[static_cast<size_t>(Unit::branch)] == FuClass::kBranch &&
              kFuClassOf[static_cast<size_t>(Unit::store)] == FuClass::kMem &&
              kFuClassOf[static_cast<size_t>(Unit::thread)] == FuClass::kAlu &&
              kFuClassOf[static_cast<size_t>(Unit::fpadd)] == FuClass::kFpAdd &&
              kFuClassOf[static_cast<size_t>(Unit::fpsqrt)] == FuClass::kFpDiv);
inline FuClass fu_class_of(Unit u) { return kFuClassOf[static_cast<size_t>(u)]; }
// An FPU class (for the CPI stack's "fpu" category).
inline bool is_fpu_class(FuClass k) {
  return k == FuClass::kFpAdd || k == FuClass::kFpMul || k == FuClass::kFpDiv;
}

struct FuClassConfig {
  unsigned count = 1;
  unsigned latency = 1;
  bool pipelined = true;
};

struct FuConfig {
  FuClassConfig alu{2, 1, true};
  FuClassConfig muldiv{1, 12, false};  // latency here is the multiply's
  unsigned div_latency = 32;
  FuClassConfig mem{1, 1, true};       // address generation; the cache adds its own latency
  FuClassConfig branch{1, 1, true};
  FuClassConfig fpadd{1, 4, true};   // add, subtract, compare, convert, abs, neg, moves
  FuClassConfig fpmul{1, 5, true};   // multiply and the multiply-adds
  FuClassConfig fpdiv{1, 32, false};  // latency here is the divide's (DIV, RECIP)
  unsigned fp_sqrt_latency = 32;      // SQRT, RSQRT
};

class FuPool {
 public:
  explicit FuPool(const FuConfig& cfg);

  // Latency of an instruction of table unit `u` (divides take the divide latency, square roots
  // the square-root latency).
  unsigned latency(Unit u) const { return latency_[static_cast<size_t>(u)]; }
  // A unit of this class can accept an operation at cycle `now`.
  bool available(FuClass k, uint64_t now) const {
    return class_[static_cast<size_t>(k)].free_at <= now;
  }
  // Occupy a unit from `now` for an operation of `latency` cycles.
  void accept(FuClass k, uint64_t now, unsigned latency) {
    ClassState& cs = class_[static_cast<size_t>(k)];
    uint64_t* const unit = busy_until_.data() + cs.first;
    const unsigned n = cs.count;
    if (n == 1) {  // most classes: no unit to choose, no earliest to find
      if (unit[0] > now) return;
      unit[0] = now + (cs.pipelined ? 1 : latency);
      ++cs.issued;
      cs.free_at = unit[0];
      return;
    }
    unsigned u = 0;
    while (u < n && unit[u] > now) ++u;  // the first free unit takes it
    if (u == n) return;
    unit[u] = now + (cs.pipelined ? 1 : latency);
    ++cs.issued;
    uint64_t earliest = unit[0];  // in a local: a store to free_at might alias busy_until_
    for (unsigned v = 1; v < n; ++v) earliest = std::min(earliest, unit[v]);
    cs.free_at = earliest;
  }

  // Operations accepted per class, for utilisation.
  uint64_t issued(FuClass k) const { return class_[static_cast<size_t>(k)].issued; }
  unsigned count(FuClass k) const { return class_[static_cast<size_t>(k)].count; }

 private:
  const FuClassConfig& cls(FuClass k) const;
  // Each class's units, flattened: issue asks for one on every instruction, so the look-up is a
  // few loads from one array rather than a switch over the configuration and a vector per class.
  static constexpr uint64_t kNever = ~0ull;
  struct ClassState {
    unsigned first = 0;  // index of its first unit in busy_until_
    unsigned count = 0, latency = 0;
    bool pipelined = true;
    uint64_t issued = 0;
    // The earliest of its units' busy_until_ (kNever without units): available() is asked far
    // more often than accept() changes it, so it is kept rather than searched for.
    uint64_t free_at = 0;
  };
  FuConfig cfg_;
  std::array<ClassState, static_cast<size_t>(FuClass::kCount)> class_{};
  std::vector<uint64_t> busy_until_;  // per unit: the cycle from which it accepts again
  // latency() of each table unit, worked out once: execute asks for every instruction.
  std::array<unsigned, static_cast<size_t>(Unit::fpsqrt) + 1> latency_{};
};

}  // namespace kasane

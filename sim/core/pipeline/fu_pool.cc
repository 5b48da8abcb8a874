// See fu_pool.h.
#include "core/pipeline/fu_pool.h"

namespace kasane {

const char* fu_class_name(FuClass k) {
  switch (k) {
    case FuClass::kAlu: return "alu";
    case FuClass::kMulDiv: return "muldiv";
    case FuClass::kMem: return "mem";
    case FuClass::kBranch: return "branch";
    case FuClass::kFpAdd: return "fpadd";
    case FuClass::kFpMul: return "fpmul";
    case FuClass::kFpDiv: return "fpdiv";
    case FuClass::kCount: break;
  }
  return "?";
}

FuPool::FuPool(const FuConfig& cfg) : cfg_(cfg) {
  unsigned first = 0;
  for (size_t k = 0; k < class_.size(); ++k) {
    const FuClassConfig& c = cls(static_cast<FuClass>(k));
    class_[k] = ClassState{first, c.count, c.latency, c.pipelined, 0, c.count ? 0 : kNever};
    first += c.count;
  }
  busy_until_.assign(first, 0);
  // Divides take the divide latency, square roots the square-root latency, the rest their
  // class's.
  for (size_t u = 0; u < latency_.size(); ++u) {
    const Unit unit = static_cast<Unit>(u);
    latency_[u] = unit == Unit::div      ? cfg_.div_latency
                  : unit == Unit::fpsqrt ? cfg_.fp_sqrt_latency
                                         : class_[static_cast<size_t>(fu_class_of(unit))].latency;
  }
}

const FuClassConfig& FuPool::cls(FuClass k) const {
  switch (k) {
    case FuClass::kMulDiv: return cfg_.muldiv;
    case FuClass::kMem: return cfg_.mem;
    case FuClass::kBranch: return cfg_.branch;
    case FuClass::kFpAdd: return cfg_.fpadd;
    case FuClass::kFpMul: return cfg_.fpmul;
    case FuClass::kFpDiv: return cfg_.fpdiv;
    default: return cfg_.alu;
  }
}

}  // namespace kasane

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
  for (size_t k = 0; k < busy_until_.size(); ++k)
    busy_until_[k].assign(cls(static_cast<FuClass>(k)).count, 0);
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

unsigned FuPool::latency(Unit u) const {
  if (u == Unit::div) return cfg_.div_latency;
  if (u == Unit::fpsqrt) return cfg_.fp_sqrt_latency;
  return cls(fu_class_of(u)).latency;
}

bool FuPool::available(FuClass k, uint64_t now) const {
  for (uint64_t t : busy_until_[static_cast<size_t>(k)])
    if (t <= now) return true;
  return false;
}

void FuPool::accept(FuClass k, uint64_t now, unsigned latency) {
  for (uint64_t& t : busy_until_[static_cast<size_t>(k)]) {
    if (t > now) continue;
    t = now + (cls(k).pipelined ? 1 : latency);
    ++issued_[static_cast<size_t>(k)];
    return;
  }
}

}  // namespace kasane

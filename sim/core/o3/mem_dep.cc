// See mem_dep.h.
#include "core/o3/mem_dep.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace kasane {

StoreSets::StoreSets(unsigned entries, unsigned contexts, bool enabled) : enabled_(enabled) {
  if (entries == 0 || (entries & (entries - 1)))
    throw std::invalid_argument("lsq.ssit_entries = " + std::to_string(entries) +
                                " must be a power of two");
  ssit_.assign(entries, kNoSet);
  lfst_.assign(contexts, std::vector<uint64_t>(entries, kNoStore));
}

uint64_t StoreSets::load_dispatched(unsigned c, uint32_t pc) const {
  if (!enabled_) return kNoStore;
  const uint32_t set = ssit_[index(pc)];
  return set == kNoSet ? kNoStore : lfst_[c][set];
}

uint64_t StoreSets::store_dispatched(unsigned c, uint32_t pc, uint64_t seq) {
  if (!enabled_) return kNoStore;
  const uint32_t set = ssit_[index(pc)];
  if (set == kNoSet) return kNoStore;
  const uint64_t previous = lfst_[c][set];
  lfst_[c][set] = seq;
  return previous;
}

void StoreSets::store_issued(unsigned c, uint32_t pc, uint64_t seq) {
  if (!enabled_) return;
  const uint32_t set = ssit_[index(pc)];
  if (set != kNoSet && lfst_[c][set] == seq) lfst_[c][set] = kNoStore;
}

void StoreSets::violation(uint32_t store_pc, uint32_t load_pc) {
  if (!enabled_) return;
  uint32_t& s = ssit_[index(store_pc)];
  uint32_t& l = ssit_[index(load_pc)];
  // The paper's rules: a new set for two that have none; one joins the other's; of two sets,
  // both take the smaller id.
  if (s == kNoSet && l == kNoSet)
    s = l = index(store_pc);
  else if (s == kNoSet)
    s = l;
  else if (l == kNoSet)
    l = s;
  else
    s = l = std::min(s, l);
}

}  // namespace kasane

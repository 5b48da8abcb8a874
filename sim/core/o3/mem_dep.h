// The memory-dependence predictor (lsq.mem_dep): store sets (Chrysos and Emer, "Memory dependence
// prediction using store sets", ISCA 1998). A load that once read memory before an older store to
// the same address (a memory-order violation) is put in one set with that store; from then on it
// waits, when it dispatches, for the last store of its set that dispatched before it to issue.
// The stores of a set also issue in order. The store-set id table (SSIT) maps an instruction's
// address to its set; the last fetched store table (LFST, here per context: a context's loads
// never wait for another context's stores) maps a set to the last store of it in flight.
//
// Off (none), every load goes as soon as its address is ready, and each conflict is a violation.
#pragma once

#include <cstdint>
#include <vector>

namespace kasane {

class StoreSets {
 public:
  static constexpr uint64_t kNoStore = ~0ull;

  // `entries`: SSIT size (a power of two); sets are numbered like its entries. Disabled: every
  // answer is "wait for nothing" and nothing is learnt.
  StoreSets(unsigned entries, unsigned contexts, bool enabled);

  // A load at `pc` of context c dispatches: the seq of the store it must wait for, or kNoStore.
  uint64_t load_dispatched(unsigned c, uint32_t pc) const;
  // A store at `pc` (seq `seq`) dispatches: it becomes its set's last; returns the set's previous
  // last, which it must wait for, or kNoStore.
  uint64_t store_dispatched(unsigned c, uint32_t pc, uint64_t seq);
  // A store issued: if it is still its set's last, the set has no store waiting to issue.
  void store_issued(unsigned c, uint32_t pc, uint64_t seq);
  // The load at `load_pc` read memory before the store at `store_pc`: one set from now on.
  void violation(uint32_t store_pc, uint32_t load_pc);

  bool enabled() const { return enabled_; }

 private:
  static constexpr uint32_t kNoSet = ~0u;
  uint32_t index(uint32_t pc) const {
    return (pc >> 2) & (static_cast<uint32_t>(ssit_.size()) - 1);
  }

  bool enabled_;
  std::vector<uint32_t> ssit_;               // by instruction address: set id, or kNoSet
  std::vector<std::vector<uint64_t>> lfst_;  // by context, set id: last store's seq, or kNoStore
};

}  // namespace kasane

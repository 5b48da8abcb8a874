// The load and store queues: each context's loads and stores in program order, their entries
// shared among the contexts by lsq.policy. A load that issues searches its context's older stores
// for the youngest one whose address is known and that overlaps it: one that covers it forwards
// its data; one that covers part of it makes the load wait until the store has written the cache
// (a replay). A store whose address becomes known searches the younger loads that issued before
// it: one that overlaps it and did not take its data from this store or a younger one read
// memory too early, a memory-order violation, and is squashed with everything after it.
// Stores leave the store queue after they commit, once the data cache has taken them.
//
// The addresses are real ones: the ISS executed the instruction at dispatch. A phantom load or
// store (o3_inst.h) has none and takes part in no search.
#pragma once

#include <cstdint>
#include <vector>

#include "core/o3/o3_inst.h"
#include "core/o3/share_policy.h"

namespace kasane {

struct StoreEntry {
  uint64_t seq = 0;
  uint32_t pa = 0;
  uint8_t size = 0;
  bool partial = false, device = false, phantom = false;
  bool known = false;      // issued: its address is known to the timing model
  bool committed = false;  // committed: written to the cache once it takes it
  uint64_t committed_at = 0;  // ... from the cycle after this one
};

// The size of a load or store and whether it touches part of a word only (LWL and friends), from
// its word; pa is aligned down to the size.
struct MemShape {
  uint8_t size;
  bool partial;
};
MemShape mem_shape(uint32_t raw);

class LoadStoreQueue {
 public:
  LoadStoreQueue(const ShareConfig& lq, const ShareConfig& sq, unsigned contexts);

  SharedCapacity& loads() { return lq_cap_; }
  SharedCapacity& stores() { return sq_cap_; }
  const SharedCapacity& loads() const { return lq_cap_; }
  const SharedCapacity& stores() const { return sq_cap_; }

  void add_load(O3Inst* d);
  void add_store(const O3Inst& d);

  // What a load of context c finds among its older stores when it issues.
  struct Search {
    enum Kind : uint8_t { kMemory, kForward, kPartial } kind = kMemory;
    uint64_t store = 0;  // kForward, kPartial: that store's seq
  };
  Search search_stores(const O3Inst& load) const;
  // Store `d` issued: its address is known. Returns the oldest load that violated memory order
  // against it, or null.
  O3Inst* store_issued(const O3Inst& d);
  // The store `seq` of context c has issued, or left the queue (a store-set wait is over).
  bool store_known(unsigned c, uint64_t seq) const;

  // The oldest load of context c commits; the oldest uncommitted store of context c commits.
  void commit_load(unsigned c);
  void commit_store(unsigned c, uint64_t now);
  // The oldest store of context c, if it committed before cycle `now` and waits for the cache.
  const StoreEntry* committed_store(unsigned c, uint64_t now) const {
    const Ring<StoreEntry>& q = sq_[c];
    return !q.empty() && q[0].committed && q[0].committed_at < now ? &q[0] : nullptr;
  }
  void pop_store(unsigned c);  // committed_store(c) has been written
  // Committed stores of every context that wait for the cache.
  unsigned committed_stores() const { return committed_; }
  // Context c's loads and stores of seq >= `from` leave (a squash; committed stores stay).
  void squash(unsigned c, uint64_t from);
  // Stores of context c in the queue, committed ones included.
  unsigned stores_of(unsigned c) const { return static_cast<unsigned>(sq_[c].size()); }

 private:
  SharedCapacity lq_cap_, sq_cap_;
  std::vector<Ring<O3Inst*>> lq_;
  std::vector<Ring<StoreEntry>> sq_;
  unsigned committed_ = 0;
};

}  // namespace kasane

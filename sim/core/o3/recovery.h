// Squashes: taking a context's younger instructions out of the window and sending its fetch back
// to its path. Three causes share it: the redirect of a context that went down a wrong path (a
// mispredicted branch when it completes; an exception, ERET and the like when they commit), a
// memory-order violation (from the load on), and fetch.long_latency = flush (after the load).
//
// What the ISS executed stays executed: a squashed real instruction goes to the front of the
// context's replay list, and is fetched, dispatched and committed again without being executed a
// second time. Phantoms and undispatched instructions are dropped. Renaming is undone youngest
// first, the predictor's history is put back as the oldest squashed prediction found it, and
// fetch starts again in the next cycle at the context's path: the replay list's first
// instruction, or the ISS's next one.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/o3/o3_state.h"
#include "core/pipeline/fetch.h"

namespace kasane {

// It is also fetch's fallback (FetchFallback): a replayed instruction was translated when the
// ISS executed it, and is fetched again from the physical address it had then, even if its page
// has lost its TLB entry since (another context's refill took it). Fetch cannot fault on it, so
// the replay always goes on; the ISS, which sits after it (often at the TLB-refill vector),
// translates what it executes next itself and takes any refill exception precisely there.
template <typename F>
class Recovery final : public FetchFallback {
 public:
  Recovery(O3State& s, F& f) : s_(s), f_(f) {}

  // Squash context c's instructions from ring index `from` on, and its fetch queue.
  void squash(unsigned c, size_t from, uint64_t now);
  // The redirect of diverged context c fires: squash everything after the divergence. A
  // mispredicted conditional branch also puts its real direction in the history.
  void redirect(unsigned c, uint64_t now);
  // Where context c's path goes on: the pc, and whether it is a delay slot (then to slot_target).
  uint32_t path(unsigned c, bool& in_slot, uint32_t& slot_target) const;
  // The ring index of context c's first instruction of seq >= `seq` (its ring's size if none).
  size_t index_of(unsigned c, uint64_t seq) const;
  // The word at `va` from context c's replay list: its first instruction there, if any.
  bool word(unsigned c, uint32_t va, uint32_t& pa, uint32_t& raw) const override;

 private:
  O3State& s_;
  F& f_;
};

}  // namespace kasane

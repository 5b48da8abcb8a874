// Memory: the data-cache port. A load or store claims its cache access when it issues; if the
// cache cannot take it (every MSHR busy) the instruction does not issue this cycle. PREF starts a
// fill, waiting for a free MSHR like a load, but nothing waits for its data.
#pragma once

#include <cstdint>
#include <optional>

#include "core/pipeline/dyn_inst.h"
#include "core/pipeline/functional.h"
#include "mem/mem_level.h"

namespace kasane {

// F: the functional model (functional.h).
template <typename F>
class MemoryStage {
 public:
  MemoryStage(F& f, MemLevel& dcache) : f_(f), dcache_(dcache) {}

  struct Claim {
    bool accepted = true;   // false: the cache is full, retry later
    uint64_t ready_at = 0;  // when a load's data arrives (0: no access was made)
  };
  // Claim the access of load/store/PREF `d` of context c at cycle `now`. An access whose address
  // will fault makes no cache access: the exception is raised when it executes.
  Claim claim(unsigned c, const DynInst& d, uint64_t now);

  uint64_t accesses() const { return accesses_; }

 private:
  F& f_;
  MemLevel& dcache_;
  uint64_t accesses_ = 0;
};

}  // namespace kasane

// Dispatch: up to dispatch.width instructions per cycle over all contexts, in program order within
// each, from the rename latch into the ROB, the issue queue and the load or store queue; and the
// point where a real instruction takes effect: the ISS executes it here, in program order, so the
// ISS remains the one architectural state and the timing model only schedules what it executed.
//
// The ISS's answer says which path a context is on. If the instruction after the one just
// executed is not the one fetch brought (a mispredicted branch, an exception, an ERET), the
// context has diverged: what follows is a wrong path, dispatched as phantoms that hold ROB, issue
// queue and load/store queue entries and units until the redirect (recovery.h). An interrupt is
// taken at dispatch: the instruction does not execute and the front end is refetched from the
// vector. Instructions that act on other contexts, devices or the machine (system and thread
// instructions, LL/SC, SYNC, uncached device accesses) dispatch only with their context drained
// (nothing of it in the ROB, no store waiting for the cache) and nothing after them dispatches
// until they commit, so their effect lands where the in-order pipeline puts it.
#pragma once

#include <cstdint>
#include <utility>

#include "core/o3/o3_state.h"
#include "core/o3/recovery.h"
#include "core/pipeline/active_set.h"

namespace kasane {

class O3Rename;

template <typename F>
class O3Dispatch {
 public:
  O3Dispatch(O3State& s, F& f, Recovery<F>& recovery, const O3Rename& rename)
      : s_(s), f_(f), rec_(recovery), rename_(rename) {}
  void evaluate(uint64_t now);
  void skip(uint64_t cycles) { rr_.skip(cycles, s_.contexts); }

 private:
  enum class Outcome : uint8_t { kDispatched, kStalled, kRedirected };
  Outcome dispatch_one(unsigned c, O3Inst& d, uint64_t now);
  // Where a real load or store `d` of context c goes, from the ISS's registers before it runs.
  void locate(unsigned c, O3Inst& d);
  // After real instruction `d` (ring index idx) of context c: does the fetched path go on where
  // the ISS does?
  void check_path(unsigned c, size_t idx, O3Inst& d, uint64_t now);
  // The reference check's record of what the ISS is about to execute (sim.check).
  [[gnu::noinline, gnu::cold]] std::pair<uint32_t, uint32_t> reference(unsigned c);

  O3State& s_;
  F& f_;
  Recovery<F>& rec_;
  const O3Rename& rename_;
  RotatingStart rr_;
};

}  // namespace kasane

// An instruction in flight in the out-of-order core, from decode to commit (each context keeps
// its own in program order in a Ring, core/pipeline/ring.h).
//
// An instruction is real or a phantom. A real one is on the context's architectural path: the ISS
// executed it when it dispatched (or earlier, if it is being replayed after a squash), so its
// outcome (exception, branch direction and target, memory address) is known from then on; the
// timing model only decides when it issues, completes and commits. A phantom is on a wrong path
// (after a mispredicted branch or an exception, before the redirect): never executed, it occupies
// the window until the squash.
#pragma once

#include <cstdint>

#include "core/insn.h"
#include "core/pipeline/dyn_inst.h"
#include "core/pipeline/ring.h"

namespace kasane {

enum class O3Stage : uint8_t {
  kDecoded,     // in the decode latch, not renamed
  kRenamed,     // registers renamed, not dispatched
  kDispatched,  // in the ROB (and the issue queue, the load or store queue), not issued
  kIssued,      // issued: its result is ready at done_at
};

constexpr uint16_t kNoPreg = 0xffff;
constexpr uint64_t kNotForwarded = ~0ull;
constexpr uint32_t kNoFetchPa = ~0u;  // never a word's address

struct O3Inst {
  // From fetch (DynInst).
  uint64_t seq = 0;            // core-wide fetch order: the issue queue's age
  uint64_t trace_id = ~0ull;   // the pipeline trace's id, or ~0
  uint32_t pc = 0, raw = 0;
  const InsnInfo* info = nullptr;  // nullptr: no row matches (RI when executed)
  DepRegs regs;                // architectural sources and destinations (dyn_inst.h)
  Unit unit = Unit::system;
  O3Stage stage = O3Stage::kDecoded;
  uint8_t thread = 0;
  bool branch = false;       // has a delay slot: predicted at fetch
  bool fetch_fault = false;  // its word could not be fetched
  bool pred_taken = false;
  uint32_t pred_target = 0;
  uint32_t bp_snapshot = 0;  // the predictor's history its prediction read

  // Renamed registers: sources, destinations and the mappings the destinations replaced (freed
  // when it commits, restored when it is squashed).
  uint16_t psrc[4] = {kNoPreg, kNoPreg, kNoPreg, kNoPreg};
  uint16_t pdst[2] = {kNoPreg, kNoPreg};
  uint16_t pold[2] = {kNoPreg, kNoPreg};

  // What dispatch learnt.
  bool phantom = false;
  bool fault = false;       // the ISS took an exception on it: it commits as the exception
  bool serial = false;      // dispatched alone, with its context drained (Dispatch::serialising)
  bool replayed = false;    // dispatched from the replay list, not executed again
  bool in_iq = false;
  bool load = false, store = false, pref = false;
  bool device = false;      // its access goes to a device, not RAM (uncached: no cache access)
  bool partial = false;     // LWL/LWR/SWL/SWR: part of a word (never forwarded from or to)
  uint8_t size = 0;         // bytes accessed, naturally aligned at pa
  uint32_t pa = 0;          // physical address of its access (real loads and stores)
  uint32_t fetch_pa = kNoFetchPa;  // a real one: where the ISS found its word when it executed
  bool actual_taken = false;  // a real branch: where it went
  uint32_t actual_target = 0;
  bool mispredicted = false;
  // The ISS's delay-slot state before it (where fetch resumes if it is replayed).
  bool pre_in_slot = false;
  uint32_t pre_slot_target = 0;
  // A load that must wait for an older store to issue (store sets): that store's seq, or ~0.
  uint64_t wait_store = ~0ull;
  uint64_t forwarded_from = kNotForwarded;  // a load: the seq of the store that gave it its data

  uint64_t fetched_at = 0, decoded_at = 0, renamed_at = 0, dispatched_at = 0, issued_at = 0;
  uint64_t done_at = ~0ull;  // its result is ready (it may commit) from this cycle
};

}  // namespace kasane

// State the out-of-order core's stages share: the configuration, each context's state, the shared
// structures (ROB, rename, issue queue, load/store queue, store sets, units, predictor) and the
// counters. The stages (decode, rename, dispatch, issue, commit) are plain classes evaluated back
// to front once per cycle over this state; fetch is the pipeline's FetchStage on `front`.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "core/bpred.h"
#include "core/o3/issue_queue.h"
#include "core/o3/lsq.h"
#include "core/o3/mem_dep.h"
#include "core/o3/o3_config.h"
#include "core/o3/o3_stats.h"
#include "core/o3/rename.h"
#include "core/o3/rob.h"
#include "core/pipeline/fu_pool.h"
#include "core/pipeline/pipe_state.h"
#include "mem/mem_level.h"

namespace kasane {

class KanataWriter;
class PowerModel;

// When a context that went down a wrong path is sent back: at the completion of a branch that
// was mispredicted, or at the commit of the instruction after which the path went wrong (an
// exception, an ERET, a jump whose target the fetch did not know).
struct Redirect {
  enum Kind : uint8_t { kAtComplete, kAtCommit } kind = kAtCommit;
  const O3Inst* trigger = nullptr;  // in the ROB until it fires
};

struct O3Thread {
  // The ISS executed these, then a squash took them out of the window (a memory-order violation,
  // fetch.long_latency = flush): they are fetched and dispatched again in order, with the outcome
  // they had, before the ISS executes anything new for this context.
  std::deque<O3Inst> replay;
  // The last real instruction dispatched (diverge_seq) was followed by a wrong path: everything
  // after it is a phantom until `redirect` fires.
  bool diverged = false;
  uint64_t diverge_seq = 0;
  Redirect redirect;
  const O3Inst* last_real = nullptr;  // the last real instruction dispatched, while in the ROB
  uint64_t serial = kNone;            // a serialising instruction in the ROB: its seq
  O3Cpi block = O3Cpi::kFetch;        // why dispatch took nothing of this context this cycle
  bool committed = false;             // committed an instruction this cycle
  bool recovering = false;            // refilling after a squash, until an instruction
  uint64_t recover_seq = 0;           // fetched after it (seq >= recover_seq) commits
  uint64_t fetch_gate = 0;            // fetch.long_latency: no fetch before this cycle
  std::vector<uint64_t> misses;       // its loads' data cycles that missed the L1 (MISSCOUNT)
  O3ThreadStats stats;
  static constexpr uint64_t kNone = ~0ull;
};

struct O3State {
  O3State(const O3Config& c, unsigned contexts, MemLevel& dcache);

  O3Config cfg;
  unsigned contexts;
  // Fetch's state (core/pipeline/pipe_state.h): each context's fetch queue is its window, which
  // decode empties; n_decoded counts what ICOUNT counts here (decode and rename latches and the
  // issue queue), n_branches and n_misses what BRCOUNT and MISSCOUNT do. Its `active` set is
  // this core's, `executed` the reference check's stream.
  PipeState front;
  std::vector<O3Thread> threads;
  Rob rob;
  Rename rename;
  IssueQueue iq;
  LoadStoreQueue lsq;
  StoreSets store_sets;
  FuPool fu;
  BranchPredictor bp;
  MemLevel& dcache;
  O3CoreStats stats;
  KanataWriter* trace = nullptr;
  PowerModel* power = nullptr;
};

}  // namespace kasane

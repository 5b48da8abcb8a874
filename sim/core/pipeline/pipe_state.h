// State the pipeline stages share: the configuration, each context's window and fetch state,
// its scoreboard and its statistics. Stages are plain classes that read and write this state
// once per cycle, evaluated back to front (writeback, issue, decode, fetch).
#pragma once

#include <array>
#include <deque>
#include <cstdint>
#include <string>
#include <vector>

#include "core/bpred.h"
#include "core/pipeline/active_set.h"
#include "core/pipeline/dyn_inst.h"
#include "core/pipeline/fu_pool.h"

namespace kasane {

class KanataWriter;
class PowerModel;

// Fetch policies: named values with one small function each (fetch.cc). BRCOUNT (fewest
// unresolved branches) and MISSCOUNT (fewest outstanding data-cache misses) read counts that only
// the out-of-order core keeps (ContextPipe::n_branches, n_misses).
enum class FetchPolicy : uint8_t { kRoundRobin, kIcount, kBrcount, kMisscount };
FetchPolicy parse_fetch_policy(const std::string& name);  // throws std::invalid_argument
const char* fetch_policy_name(FetchPolicy p);

struct PipelineConfig {
  unsigned fetch_width = 4;         // instructions fetched per cycle, over all contexts
  unsigned fetch_threads = 2;       // contexts fetched from per cycle
  unsigned fetch_queue = 8;         // fetched, not yet decoded instructions per context
  FetchPolicy fetch_policy = FetchPolicy::kIcount;
  uint32_t fetch_skew = 0;          // flat memory: added to a pc before it is split into fetch blocks
  unsigned decode_width = 4;        // instructions decoded per cycle, over all contexts
  unsigned issue_queue = 16;        // decoded, not yet issued instructions per context
  unsigned issue_width = 4;         // instructions issued per cycle, over all contexts
  unsigned inflight = 32;           // issued, not yet retired instructions per context
  unsigned retire_width = 4;        // instructions retired per cycle, over all contexts
  FuConfig fu;
  PredictorConfig bpred{PredictorKind::kBimodal, 1024, 8, 64};
  bool check = false;               // compare every retired instruction with the executed stream
  bool keep_fetch_on_sleep = false; // a sleeping context keeps its fetched instructions
};

// Where a context's cycle went, for its CPI stack.
enum class CpiCat : uint8_t {
  kBase,        // retired at least one instruction
  kFetch,       // nothing to issue: instruction fetch (i-cache, fetch bandwidth, decode)
  kMispredict,  // nothing to issue: refilling after a mispredicted branch or an exception
  kDependence,  // the oldest instruction waits for an operand or its own execution
  kUnit,        // the oldest instruction is ready but no unit, issue slot or in-flight room
  kMemory,      // the oldest instruction waits for memory (a load, a full MSHR file)
  kFpu,         // the oldest instruction waits for an FPU result or a busy FPU unit, or is one
  kSerialize,   // a system instruction waits for older ones to drain, or younger wait for it
  kIdle,        // the context is parked, waiting or suspended
  kCount
};
const char* cpi_cat_name(CpiCat c);

struct ContextStats {
  uint64_t retired = 0, fetched = 0, squashed = 0, exceptions = 0;
  uint64_t branches = 0, mispredicts = 0;
  std::array<uint64_t, static_cast<size_t>(CpiCat::kCount)> cpi{};
};

struct ContextPipe {
  explicit ContextPipe(size_t window) : window(window) { reg_writer_trace.fill(~0ull); }

  Window window;
  unsigned n_fetched = 0, n_decoded = 0;  // instructions in those stages (queue occupancy)

  // Fetch: the next pc to fetch and whether it is a delay slot (then fetch goes to slot_target).
  uint32_t fetch_pc = 0;
  bool fetch_synced = false;  // false: take the pc from the functional model when the window empties
  bool in_slot = false;
  uint32_t slot_target = 0;
  uint64_t fetch_stall_until = 0;  // waiting for the i-cache
  uint32_t fetch_line = ~0u;       // block (physical, + fetch_skew) of the last i-cache access
  bool fetch_blocked = false;      // fetched a word that faults: nothing more until it executes

  // Scoreboard: cycle at which each register's latest value is available, and whether a load
  // produces it (to tell memory stalls from dependences).
  std::array<uint64_t, kNumDepRegs> reg_ready{};
  std::array<bool, kNumDepRegs> reg_by_load{};
  std::array<bool, kNumDepRegs> reg_by_fpu{};  // ... or an FPU operation (fpadd/fpmul/fpdiv)
  // The pipeline trace's id of the last issued writer of each register, for its W arrows.
  std::array<uint64_t, kNumDepRegs> reg_writer_trace{};
  uint64_t serial_until = 0;  // a serialising instruction is in flight until then

  CpiCat head_block = CpiCat::kFetch;  // why the oldest instruction did not issue this cycle
  bool recovering = false;             // refilling after a redirect, until an instruction
  uint64_t redirect_seq = 0;           // fetched after it (seq >= redirect_seq) retires
  bool retired_this_cycle = false;
  // The out-of-order core's unresolved branches and outstanding data-cache misses (the fetch
  // policies brcount and misscount). 16 bits each, in what was padding: the stages index
  // ContextPipe every cycle, and 8 more bytes made that indexing dearer.
  uint16_t n_branches = 0, n_misses = 0;
  ContextStats stats;
};

struct PipeState {
  PipeState(const PipelineConfig& c, unsigned contexts)
      : cfg(c),
        contexts(contexts),
        ctx(contexts, ContextPipe(c.fetch_queue + c.issue_queue + c.inflight)),
        active(contexts >= 32 ? ~0u : (1u << contexts) - 1),
        executed(contexts) {}
  PipelineConfig cfg;
  // ctx.size(), which the stages ask every cycle, kept: the vector's is a division by the size
  // of a ContextPipe.
  unsigned contexts;
  std::vector<ContextPipe> ctx;
  // The contexts the stages evaluate this cycle, bit c for context c (active_set.h); the others
  // are parked: not running, nothing in flight, their per-cycle fields at their idle values.
  // Every context at first (a stage driven alone sees them all); Pipeline parks the idle ones.
  uint32_t active;
  uint64_t next_seq = 0;
  KanataWriter* trace = nullptr;
  PowerModel* power = nullptr;  // counts the events that cost energy, if set
  // Instruction retired: the executed stream per context, for the reference check.
  std::vector<std::deque<std::pair<uint32_t, uint32_t>>> executed;  // (pc, raw), not yet retired
  uint64_t check_failures = 0;
  std::string first_check_failure;
};

}  // namespace kasane

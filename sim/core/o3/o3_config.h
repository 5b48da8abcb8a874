// The out-of-order core's configuration (sim.model = "o3"; the keys and their meaning are in
// platform/schema.cc) and its SMT policies, each a named value with one small function where it is
// used: how the ROB, the issue queue and the load/store queue are shared between the contexts
// (share_policy.h), what a context with a load that misses the L2 does (fetch.long_latency), and
// which context commits in each commit slot (retire.policy). The fetch policies are the
// pipeline's (core/pipeline/pipe_state.h), with BRCOUNT and MISSCOUNT, which count what only
// this core tracks.
#pragma once

#include <cstdint>
#include <string>

#include "core/pipeline/pipe_state.h"

namespace kasane {

// gem5's Dynamic, Partitioned and Threshold (BaseO3CPU.py's smtROBPolicy and friends).
enum class SharePolicy : uint8_t {
  kShared,       // any context may use every entry
  kPartitioned,  // each active context may use entries / active contexts
  kThreshold,    // each context may use at most threshold percent of the entries
};

// Tullsen and Brown, "Handling long-latency loads in a simultaneous multithreading processor",
// MICRO 2001: a context whose load misses the L2 (its data takes longer than an L2 hit)...
enum class LongLatencyPolicy : uint8_t {
  kNone,   // ... goes on fetching
  kStall,  // ... stops fetching until the data returns
  kFlush,  // ... has everything younger than the load squashed, and stops fetching until then
};

// Which context commits in each commit slot (gem5's smtCommitPolicy).
enum class CommitPolicy : uint8_t {
  kRoundRobin,   // the contexts in turn, one instruction each
  kOldestReady,  // the context whose oldest instruction is the oldest ready to commit
};

// How loads wait for older stores whose address is not known yet.
enum class MemDepPolicy : uint8_t {
  kStoreSets,  // Chrysos and Emer, ISCA 1998: a load waits for the stores it once conflicted with
  kNone,       // every load goes ahead; a conflict is always a memory-order violation
};

SharePolicy parse_share_policy(const std::string& name);  // these throw std::invalid_argument
LongLatencyPolicy parse_long_latency(const std::string& name);
CommitPolicy parse_commit_policy(const std::string& name);
MemDepPolicy parse_mem_dep(const std::string& name);
const char* share_policy_name(SharePolicy p);
const char* long_latency_name(LongLatencyPolicy p);
const char* commit_policy_name(CommitPolicy p);
const char* mem_dep_name(MemDepPolicy p);

// A shared structure's size and how the contexts share it.
struct ShareConfig {
  unsigned entries = 0;
  SharePolicy policy = SharePolicy::kShared;
  unsigned threshold = 100;  // kThreshold: percent of the entries one context may hold
};

struct O3Config {
  // What the out-of-order core shares with the pipeline: fetch (width, contexts per cycle, queue,
  // policy), the predictor, the units, decode.width, issue.width, retire.width, the check and
  // thread.keep_fetch_on_sleep. issue_queue and inflight are unused.
  PipelineConfig front;
  unsigned rename_width = 4;    // instructions renamed per cycle, over all contexts
  unsigned dispatch_width = 4;  // instructions dispatched per cycle, over all contexts
  ShareConfig rob{128};
  ShareConfig iq{32};
  ShareConfig lq{32};  // lsq.policy and lsq.threshold apply to the load and the store queue alike
  ShareConfig sq{32};
  unsigned int_regs = 128;  // physical registers beyond the contexts' architectural ones
  unsigned fp_regs = 64;
  unsigned forward_latency = 2;  // a load that takes its data from an older store
  MemDepPolicy mem_dep = MemDepPolicy::kStoreSets;
  unsigned ssit_entries = 1024;  // store sets: the store-set id table, by instruction address
  LongLatencyPolicy long_latency = LongLatencyPolicy::kNone;
  CommitPolicy commit = CommitPolicy::kRoundRobin;
  // From the memory hierarchy's keys: a load's data that arrives later than this after its
  // address is known missed the L1 (MISSCOUNT) or the L2 (fetch.long_latency).
  unsigned l1_hit_latency = 2;
  unsigned l2_hit_latency = 12;  // L1 hit + L2 hit
};

}  // namespace kasane

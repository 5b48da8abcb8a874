// The SMT policies' names (o3_config.h): one table each, which parsing, naming and the error
// message all read.
#include "core/o3/o3_config.h"

#include <stdexcept>

namespace kasane {

namespace {
template <typename E>
struct Named {
  E value;
  const char* name;
};

constexpr Named<SharePolicy> kShare[] = {{SharePolicy::kShared, "shared"},
                                         {SharePolicy::kPartitioned, "partitioned"},
                                         {SharePolicy::kThreshold, "threshold"}};
constexpr Named<LongLatencyPolicy> kLongLatency[] = {{LongLatencyPolicy::kNone, "none"},
                                                     {LongLatencyPolicy::kStall, "stall"},
                                                     {LongLatencyPolicy::kFlush, "flush"}};
constexpr Named<CommitPolicy> kCommit[] = {{CommitPolicy::kRoundRobin, "round_robin"},
                                           {CommitPolicy::kOldestReady, "oldest_ready"}};
constexpr Named<MemDepPolicy> kMemDep[] = {{MemDepPolicy::kStoreSets, "store_sets"},
                                           {MemDepPolicy::kNone, "none"}};

template <typename E, size_t N>
E parse(const Named<E> (&table)[N], const std::string& name, const char* what) {
  std::string choices;
  for (const Named<E>& n : table) {
    if (name == n.name) return n.value;
    choices += choices.empty() ? "" : ", ";
    choices += n.name;
  }
  throw std::invalid_argument(std::string("unknown ") + what + " '" + name + "' (" + choices +
                              ")");
}

template <typename E, size_t N>
const char* name_of(const Named<E> (&table)[N], E value) {
  for (const Named<E>& n : table)
    if (n.value == value) return n.name;
  return "?";
}
}  // namespace

SharePolicy parse_share_policy(const std::string& n) { return parse(kShare, n, "share policy"); }
LongLatencyPolicy parse_long_latency(const std::string& n) {
  return parse(kLongLatency, n, "long-latency policy");
}
CommitPolicy parse_commit_policy(const std::string& n) {
  return parse(kCommit, n, "commit policy");
}
MemDepPolicy parse_mem_dep(const std::string& n) {
  return parse(kMemDep, n, "memory-dependence predictor");
}
const char* share_policy_name(SharePolicy p) { return name_of(kShare, p); }
const char* long_latency_name(LongLatencyPolicy p) { return name_of(kLongLatency, p); }
const char* commit_policy_name(CommitPolicy p) { return name_of(kCommit, p); }
const char* mem_dep_name(MemDepPolicy p) { return name_of(kMemDep, p); }

}  // namespace kasane

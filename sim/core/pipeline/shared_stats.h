// The figures both timing models (the pipeline and the out-of-order core) report the same way:
// the functional units' use, the branch predictor's accuracy and the reference check, as raw
// counters (stats/counter_set.h) and as stats.json's sections from counters over some cycles;
// and the power events of an operation's issue.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include <nlohmann/json.hpp>

#include "core/bpred.h"
#include "core/pipeline/fu_pool.h"
#include "power/power.h"
#include "stats/counter_set.h"

namespace kasane {

// An operation issued to a unit of class fc, reading `reads` and writing `writes` registers.
inline void count_issue(PowerModel& power, FuClass fc, unsigned reads, unsigned writes) {
  static constexpr PowerEvent kIssue[] = {PowerEvent::kIssueAlu,   PowerEvent::kIssueMulDiv,
                                          PowerEvent::kIssueMem,   PowerEvent::kIssueBranch,
                                          PowerEvent::kIssueFpAdd, PowerEvent::kIssueFpMul,
                                          PowerEvent::kIssueFpDiv};
  static_assert(std::size(kIssue) == static_cast<size_t>(FuClass::kCount));
  power.count(kIssue[static_cast<size_t>(fc)]);
  power.count(PowerEvent::kRegRead, reads);
  power.count(PowerEvent::kRegWrite, writes);
}

// "fu.CLASS.issued", "bpred.NAME" and "check.failures".
void shared_counters(const FuPool& fu, const BranchPredictor& bp, uint64_t check_failures,
                     CounterSet& out);
// {"units": ..., "branch_predictor": ..., "reference_check": ...} over `cycles` cycles.
nlohmann::json shared_report(const FuPool& fu, PredictorKind kind, bool check,
                             const CounterSet& n, uint64_t cycles);

}  // namespace kasane

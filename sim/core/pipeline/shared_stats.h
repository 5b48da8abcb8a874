// The figures both timing models (the pipeline and the out-of-order core) report the same way:
// the functional units' use, the branch predictor's accuracy and the reference check, as raw
// counters (stats/counter_set.h) and as stats.json's sections from counters over some cycles.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "core/bpred.h"
#include "core/pipeline/fu_pool.h"
#include "stats/counter_set.h"

namespace kasane {

// "fu.CLASS.issued", "bpred.NAME" and "check.failures".
void shared_counters(const FuPool& fu, const BranchPredictor& bp, uint64_t check_failures,
                     CounterSet& out);
// {"units": ..., "branch_predictor": ..., "reference_check": ...} over `cycles` cycles.
nlohmann::json shared_report(const FuPool& fu, PredictorKind kind, bool check,
                             const CounterSet& n, uint64_t cycles);

}  // namespace kasane

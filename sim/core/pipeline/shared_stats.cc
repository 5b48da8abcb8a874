// See shared_stats.h.
#include "core/pipeline/shared_stats.h"

#include <string>

namespace kasane {

void shared_counters(const FuPool& fu, const BranchPredictor& bp, uint64_t check_failures,
                     CounterSet& out) {
  for (size_t k = 0; k < static_cast<size_t>(FuClass::kCount); ++k) {
    const FuClass fc = static_cast<FuClass>(k);
    out.set(std::string("fu.") + fu_class_name(fc) + ".issued", fu.issued(fc));
  }
  const BranchPredictor::Stats& b = bp.stats();
  out.set("bpred.lookups", b.lookups);
  out.set("bpred.mispredicts", b.mispredicts);
  out.set("bpred.btb_lookups", b.btb_lookups);
  out.set("bpred.btb_hits", b.btb_hits);
  out.set("check.failures", check_failures);
}

nlohmann::json shared_report(const FuPool& fu, PredictorKind kind, bool check,
                             const CounterSet& n, uint64_t cycles) {
  using nlohmann::json;
  json units;
  for (size_t k = 0; k < static_cast<size_t>(FuClass::kCount); ++k) {
    FuClass fc = static_cast<FuClass>(k);
    const uint64_t issued = n.count(std::string("fu.") + fu_class_name(fc) + ".issued");
    double slots = static_cast<double>(cycles) * fu.count(fc);
    units[fu_class_name(fc)] = {{"count", fu.count(fc)},
                                {"issued", issued},
                                {"utilisation", slots > 0 ? issued / slots : 0.0}};
  }
  return {{"units", units},
          {"branch_predictor",
           {{"kind", predictor_name(kind)},
            {"lookups", n.count("bpred.lookups")},
            {"mispredicts", n.count("bpred.mispredicts")},
            {"btb_lookups", n.count("bpred.btb_lookups")},
            {"btb_hits", n.count("bpred.btb_hits")}}},
          {"reference_check", {{"enabled", check}, {"failures", n.count("check.failures")}}}};
}

}  // namespace kasane

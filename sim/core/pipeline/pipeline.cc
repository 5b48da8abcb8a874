// See pipeline.h.
#include "core/pipeline/pipeline.h"

namespace kasane {

const char* cpi_cat_name(CpiCat c) {
  switch (c) {
    case CpiCat::kBase: return "base";
    case CpiCat::kFetch: return "fetch";
    case CpiCat::kMispredict: return "mispredict";
    case CpiCat::kDependence: return "dependence";
    case CpiCat::kUnit: return "unit";
    case CpiCat::kMemory: return "memory";
    case CpiCat::kFpu: return "fpu";
    case CpiCat::kSerialize: return "serialize";
    case CpiCat::kIdle: return "idle";
    case CpiCat::kCount: break;
  }
  return "?";
}

Pipeline::Pipeline(const PipelineConfig& cfg, FunctionalCore& f, MemLevel& icache,
                   MemLevel& dcache, unsigned line_bytes, KanataWriter* trace,
                   PowerModel* power)
    : s_(cfg, f.contexts()),
      f_(f),
      fu_(cfg.fu),
      bp_(cfg.bpred, f.contexts()),
      mem_(f, dcache),
      ex_(s_, f, fu_, bp_),
      wb_(s_),
      issue_(s_, f, ex_, mem_),
      decode_(s_),
      fetch_(s_, f, icache, bp_, line_bytes) {
  s_.trace = trace;
  s_.power = power;
}

void Pipeline::tick(uint64_t now) {
  // Back to front: each stage sees what the stage before it produced in earlier cycles.
  wb_.evaluate(now);
  issue_.evaluate(now);
  decode_.evaluate(now);
  fetch_.evaluate(now);
  account(now);
}

void Pipeline::idle(uint64_t cycles) {
  // Exactly what `cycles` ticks of a pipeline with nothing to do would have done, so that
  // skipping changes no count.
  for (ContextPipe& cp : s_.ctx) cp.stats.cpi[static_cast<size_t>(CpiCat::kIdle)] += cycles;
  wb_.skip(cycles);
  issue_.skip(cycles);
  decode_.skip(cycles);
  fetch_.skip(cycles);
}

bool Pipeline::quiescent() const {
  for (unsigned c = 0; c < s_.ctx.size(); ++c)
    if (f_.running(c) || !s_.ctx[c].window.empty()) return false;
  return true;
}

// Charge this cycle of each context to one CPI-stack category.
void Pipeline::account(uint64_t) {
  for (unsigned c = 0; c < s_.ctx.size(); ++c) {
    ContextPipe& cp = s_.ctx[c];
    CpiCat cat;
    if (cp.retired_this_cycle) {
      cat = CpiCat::kBase;
    } else if (!f_.running(c)) {
      cat = CpiCat::kIdle;
    } else if (!cp.window.empty() && cp.window.front().stage == Stage::kIssued) {
      const DynInst& d = cp.window.front();
      cat = d.info && d.info->unit == Unit::load              ? CpiCat::kMemory
            : serialising(d)                                  ? CpiCat::kSerialize
            : d.info && is_fpu_class(fu_class_of(d.info->unit)) ? CpiCat::kFpu
                                                              : CpiCat::kDependence;
    } else {
      cat = cp.head_block;
    }
    ++cp.stats.cpi[static_cast<size_t>(cat)];
  }
}

nlohmann::json Pipeline::stats_json(uint64_t cycles) const {
  using nlohmann::json;
  json ctxs = json::array();
  for (unsigned c = 0; c < s_.ctx.size(); ++c) {
    const ContextStats& st = s_.ctx[c].stats;
    json cpi;
    for (size_t k = 0; k < st.cpi.size(); ++k) cpi[cpi_cat_name(static_cast<CpiCat>(k))] = st.cpi[k];
    ctxs.push_back({{"id", c},
                    {"retired", st.retired},
                    {"ipc", cycles ? static_cast<double>(st.retired) / cycles : 0.0},
                    {"fetched", st.fetched},
                    {"squashed", st.squashed},
                    {"exceptions", st.exceptions},
                    {"branches", st.branches},
                    {"mispredicts", st.mispredicts},
                    {"cpi_stack_cycles", cpi}});
  }
  json units;
  for (size_t k = 0; k < static_cast<size_t>(FuClass::kCount); ++k) {
    FuClass fc = static_cast<FuClass>(k);
    double slots = static_cast<double>(cycles) * fu_.count(fc);
    units[fu_class_name(fc)] = {{"count", fu_.count(fc)},
                                {"issued", fu_.issued(fc)},
                                {"utilisation", slots > 0 ? fu_.issued(fc) / slots : 0.0}};
  }
  const BranchPredictor::Stats& b = bp_.stats();
  return {{"contexts", ctxs},
          {"units", units},
          {"branch_predictor",
           {{"kind", predictor_name(s_.cfg.bpred.kind)},
            {"lookups", b.lookups},
            {"mispredicts", b.mispredicts},
            {"btb_lookups", b.btb_lookups},
            {"btb_hits", b.btb_hits}}},
          {"reference_check",
           {{"enabled", s_.cfg.check}, {"failures", s_.check_failures}}}};
}

}  // namespace kasane

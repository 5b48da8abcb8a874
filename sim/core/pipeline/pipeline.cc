// See pipeline.h.
#include "core/pipeline/pipeline.h"

#include "core/pipeline/shared_stats.h"

#include <iterator>
#include <string>

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

template <typename F>
BasicPipeline<F>::BasicPipeline(const PipelineConfig& cfg, F& f, MemLevel& icache,
                                MemLevel& dcache, unsigned line_bytes, KanataWriter* trace,
                                PowerModel* power)
    : s_(cfg, f.contexts()),
      f_(f),
      epoch_now_(f.state_epoch()),
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

template <typename F>
void BasicPipeline<F>::tick(uint64_t now) {
  refresh_active();
  // Back to front: each stage sees what the stage before it produced in earlier cycles.
  wb_.evaluate(now);
  issue_.evaluate(now);
  decode_.evaluate(now);
  fetch_.evaluate(now);
  account(now);
}

template <typename F>
void BasicPipeline<F>::idle(uint64_t cycles) {
  // Exactly what `cycles` ticks of a pipeline with nothing to do would have done, so that
  // skipping changes no count: every context idle for that long.
  accounted_ += cycles;
  wb_.skip(cycles);
  decode_.skip(cycles);
  fetch_.skip(cycles);
}

template <typename F>
void BasicPipeline<F>::recount_active() {
  if (epoch_now_) epoch_ = *epoch_now_;
  for (unsigned c = 0; c < s_.ctx.size(); ++c) {
    if (f_.may_run(c) || !s_.ctx[c].window.empty())
      s_.active |= 1u << c;
    else
      park(c);
  }
}

template <typename F>
void BasicPipeline<F>::park(unsigned c) {
  ContextPipe& cp = s_.ctx[c];
  s_.active &= ~(1u << c);
  cp.retired_this_cycle = false;  // writeback clears it every cycle
  cp.head_block = CpiCat::kIdle;  // issue records that it is not running
  cp.fetch_synced = false;        // fetch: it resumes wherever the functional model says
}

template <typename F>
ContextStats BasicPipeline<F>::stats(unsigned c) const {
  // Every cycle is charged to one category of each context, and only the idle ones are not
  // counted as they pass: they are what is left.
  ContextStats st = s_.ctx[c].stats;
  uint64_t busy = 0;
  for (size_t k = 0; k < st.cpi.size(); ++k)
    if (k != static_cast<size_t>(CpiCat::kIdle)) busy += st.cpi[k];
  st.cpi[static_cast<size_t>(CpiCat::kIdle)] = accounted_ - busy;
  return st;
}

// Charge this cycle of each context to one CPI-stack category; a parked context's is idle, as
// is that of a context that can no longer run once its last instruction has left (it parks).
template <typename F>
void BasicPipeline<F>::account(uint64_t) {
  ++accounted_;
  ContextPipe* const pipes = &s_.ctx[0];  // read once: the stores below might alias it
  for_each_active(s_.active, 0, [&](unsigned c) {
    ContextPipe& cp = pipes[c];
    CpiCat cat;
    if (cp.retired_this_cycle) {
      cat = CpiCat::kBase;
    } else if (!f_.running(c)) {
      cat = CpiCat::kIdle;
    } else if (!cp.window.empty() && cp.window.front().stage == Stage::kIssued) {
      const DynInst& d = cp.window.front();
      cat = d.unit == Unit::load                ? CpiCat::kMemory
            : serialising(d)                    ? CpiCat::kSerialize
            : is_fpu_class(fu_class_of(d.unit)) ? CpiCat::kFpu
                                                : CpiCat::kDependence;
    } else {
      cat = cp.head_block;
    }
    if (cat != CpiCat::kIdle) ++cp.stats.cpi[static_cast<size_t>(cat)];
    if (cp.window.empty() && !f_.may_run(c)) park(c);
    return true;
  });
}

namespace {
// The per-context counters, in stats.json's order and spelling.
constexpr const char* kContextCounters[] = {"retired",  "fetched",  "squashed",
                                            "exceptions", "branches", "mispredicts"};

std::string ctx_key(unsigned c, const char* name) {
  return "ctx." + std::to_string(c) + "." + name;
}
}  // namespace

template <typename F>
void BasicPipeline<F>::counters(CounterSet& out) const {
  for (unsigned c = 0; c < s_.ctx.size(); ++c) {
    const ContextStats st = stats(c);
    const uint64_t values[] = {st.retired,  st.fetched,  st.squashed,
                               st.exceptions, st.branches, st.mispredicts};
    for (size_t k = 0; k < std::size(kContextCounters); ++k)
      out.set(ctx_key(c, kContextCounters[k]), values[k]);
    for (size_t k = 0; k < st.cpi.size(); ++k)
      out.set(ctx_key(c, "cpi.") + cpi_cat_name(static_cast<CpiCat>(k)), st.cpi[k]);
  }
  shared_counters(fu_, bp_, s_.check_failures, out);
}

template <typename F>
nlohmann::json BasicPipeline<F>::report(const CounterSet& n, uint64_t cycles) const {
  using nlohmann::json;
  json ctxs = json::array();
  for (unsigned c = 0; c < s_.ctx.size(); ++c) {
    json ctx = {{"id", c}};
    for (const char* name : kContextCounters) ctx[name] = n.count(ctx_key(c, name));
    const uint64_t retired = n.count(ctx_key(c, "retired"));
    ctx["ipc"] = cycles ? static_cast<double>(retired) / cycles : 0.0;
    json cpi;
    for (size_t k = 0; k < static_cast<size_t>(CpiCat::kCount); ++k) {
      const char* cat = cpi_cat_name(static_cast<CpiCat>(k));
      cpi[cat] = n.count(ctx_key(c, "cpi.") + cat);
    }
    ctx["cpi_stack_cycles"] = cpi;
    ctxs.push_back(ctx);
  }
  json j = shared_report(fu_, s_.cfg.bpred.kind, s_.cfg.check, n, cycles);
  j["contexts"] = ctxs;
  return j;
}

template class BasicPipeline<FunctionalCore>;
template class BasicPipeline<IssModel>;

}  // namespace kasane

// The out-of-order core's counters and stats.json's "pipeline" section: per context its counts,
// IPC, the CPI stack of its ROB head and the occupancy of each structure (mean and histogram);
// the units, the branch predictor and the reference check as the pipeline reports them; the
// structures and policies, and the memory-order events.
#include <iterator>
#include <string>

#include "core/o3/o3_core.h"
#include "core/pipeline/functional.h"
#include "core/pipeline/shared_stats.h"

namespace kasane {

const char* o3_cpi_name(O3Cpi c) {
  switch (c) {
    case O3Cpi::kBase: return "base";
    case O3Cpi::kFetch: return "fetch";
    case O3Cpi::kMispredict: return "mispredict";
    case O3Cpi::kDependence: return "dependence";
    case O3Cpi::kMemory: return "memory";
    case O3Cpi::kRobFull: return "rob_full";
    case O3Cpi::kIqFull: return "iq_full";
    case O3Cpi::kLsqFull: return "lsq_full";
    case O3Cpi::kRenameRegs: return "rename_regs";
    case O3Cpi::kSerialise: return "serialise";
    case O3Cpi::kIdle: return "idle";
    case O3Cpi::kCount: break;
  }
  return "?";
}

const char* o3_occ_name(O3Occ o) {
  switch (o) {
    case O3Occ::kRob: return "rob";
    case O3Occ::kIq: return "iq";
    case O3Occ::kLq: return "lq";
    case O3Occ::kSq: return "sq";
    case O3Occ::kIntRegs: return "int_regs";
    case O3Occ::kFpRegs: return "fp_regs";
    case O3Occ::kCount: break;
  }
  return "?";
}

namespace {
constexpr const char* kContextCounters[] = {"retired",  "fetched",  "squashed",   "exceptions",
                                            "branches", "mispredicts", "replayed"};

std::string key(unsigned c, const std::string& name) {
  return "ctx." + std::to_string(c) + "." + name;
}
std::string occ_key(unsigned c, size_t o, const std::string& what) {
  return key(c, std::string("occ.") + o3_occ_name(static_cast<O3Occ>(o)) + "." + what);
}
}  // namespace

template <typename F>
void O3Core<F>::counters(CounterSet& out) const {
  for (unsigned c = 0; c < s_.contexts; ++c) {
    const O3ThreadStats& st = s_.threads[c].stats;
    const uint64_t values[] = {st.retired,  s_.front.ctx[c].stats.fetched, st.squashed,
                               st.exceptions, st.branches, st.mispredicts, st.replayed};
    for (size_t k = 0; k < std::size(kContextCounters); ++k)
      out.set(key(c, kContextCounters[k]), values[k]);
    // Every cycle is charged to one category; the idle ones are what is left.
    uint64_t busy = 0;
    for (size_t k = 0; k < st.cpi.size(); ++k) {
      const O3Cpi cat = static_cast<O3Cpi>(k);
      if (cat == O3Cpi::kIdle) continue;
      busy += st.cpi[k];
      out.set(key(c, std::string("cpi.") + o3_cpi_name(cat)), st.cpi[k]);
    }
    out.set(key(c, "cpi.idle"), accounted_ - busy);
    // Cycles the context was parked count as empty: the first bucket.
    for (size_t o = 0; o < st.occ_sum.size(); ++o) {
      out.set(occ_key(c, o, "sum"), st.occ_sum[o]);
      for (unsigned b = 0; b < kOccBuckets; ++b)
        out.set(occ_key(c, o, "h" + std::to_string(b)),
                st.occ_hist[o][b] + (b == 0 ? accounted_ - st.active_cycles : 0));
    }
  }
  shared_counters(s_.fu, s_.bp, s_.front.check_failures, out);
  const O3CoreStats& cs = s_.stats;
  out.set("o3.forwards", cs.forwards);
  out.set("o3.partial_waits", cs.partial_waits);
  out.set("o3.violations", cs.violations);
  out.set("o3.store_set_waits", cs.store_set_waits);
  out.set("o3.long_latency", cs.long_latency);
  out.set("o3.redirects", cs.redirects);
}

template <typename F>
nlohmann::json O3Core<F>::report(const CounterSet& n, uint64_t cycles) const {
  using nlohmann::json;
  json ctxs = json::array();
  for (unsigned c = 0; c < s_.contexts; ++c) {
    json ctx = {{"id", c}};
    for (const char* name : kContextCounters) ctx[name] = n.count(key(c, name));
    ctx["ipc"] = cycles ? static_cast<double>(n.count(key(c, "retired"))) / cycles : 0.0;
    json cpi;
    for (size_t k = 0; k < static_cast<size_t>(O3Cpi::kCount); ++k) {
      const char* cat = o3_cpi_name(static_cast<O3Cpi>(k));
      cpi[cat] = n.count(key(c, std::string("cpi.") + cat));
    }
    ctx["cpi_stack_cycles"] = cpi;
    json occ;
    for (size_t o = 0; o < static_cast<size_t>(O3Occ::kCount); ++o) {
      json hist = json::array();
      for (unsigned b = 0; b < kOccBuckets; ++b)
        hist.push_back(n.count(occ_key(c, o, "h" + std::to_string(b))));
      occ[o3_occ_name(static_cast<O3Occ>(o))] = {
          {"size", occ_size_[o]},
          {"mean", cycles ? static_cast<double>(n.count(occ_key(c, o, "sum"))) / cycles : 0.0},
          {"histogram_eighths", hist}};
    }
    ctx["occupancy"] = occ;
    ctxs.push_back(ctx);
  }
  const O3Config& cfg = s_.cfg;
  auto share = [](const ShareConfig& sc, const char* entries) {
    json j = {{entries, sc.entries}, {"policy", share_policy_name(sc.policy)}};
    if (sc.policy == SharePolicy::kThreshold) j["threshold_percent"] = sc.threshold;
    return j;
  };
  json j = shared_report(s_.fu, cfg.front.bpred.kind, cfg.front.check, n, cycles);
  j["model"] = "o3";
  j["contexts"] = ctxs;
  j["o3"] = {
      {"rob", share(cfg.rob, "entries")},
      {"iq", share(cfg.iq, "entries")},
      {"lsq", {{"loads", cfg.lq.entries}, {"stores", cfg.sq.entries},
               {"policy", share_policy_name(cfg.lq.policy)}}},
      {"rename_regs", {{"int", cfg.int_regs}, {"fp", cfg.fp_regs}}},
      {"fetch_policy", fetch_policy_name(cfg.front.fetch_policy)},
      {"commit_policy", commit_policy_name(cfg.commit)},
      {"long_latency", {{"policy", long_latency_name(cfg.long_latency)},
                        {"loads", n.count("o3.long_latency")}}},
      {"memory_order", {{"predictor", mem_dep_name(cfg.mem_dep)},
                        {"forwards", n.count("o3.forwards")},
                        {"partial_waits", n.count("o3.partial_waits")},
                        {"violations", n.count("o3.violations")},
                        {"store_set_waits", n.count("o3.store_set_waits")}}},
      {"redirects", n.count("o3.redirects")}};
  if (cfg.lq.policy == SharePolicy::kThreshold)
    j["o3"]["lsq"]["threshold_percent"] = cfg.lq.threshold;
  return j;
}

// The members defined here; o3_core.cc instantiates the rest.
template void O3Core<FunctionalCore>::counters(CounterSet&) const;
template void O3Core<IssModel>::counters(CounterSet&) const;
template nlohmann::json O3Core<FunctionalCore>::report(const CounterSet&, uint64_t) const;
template nlohmann::json O3Core<IssModel>::report(const CounterSet&, uint64_t) const;

}  // namespace kasane

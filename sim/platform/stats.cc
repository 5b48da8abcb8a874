// See stats.h.
#include "platform/stats.h"

#include "platform/summary.h"

#include <sys/resource.h>

namespace kasane {

nlohmann::json make_stats(const Config& cfg, const RunResult& r, double host_seconds) {
  using nlohmann::json;
  json j;
  j["schema_version"] = kStatsSchemaVersion;
  j["config"] = cfg.to_json();
  j["outcome"] = outcome_name(r.outcome);
  j["exit_status"] = r.exit_status;
  if (!r.guest_error.empty()) j["guest_error"] = r.guest_error;
  // The programs' own figures, before the whole run's (which include the kernel's boot).
  if (nlohmann::json summary = run_summary(r); !summary.is_null()) j["summary"] = summary;
  j["cycles"] = r.cycles;
  if (!r.checkpoint.is_null()) j["checkpoint"] = r.checkpoint;
  uint64_t total = 0;
  json ctxs = json::array();
  for (const ContextReport& c : r.contexts) {
    ctxs.push_back({{"id", c.id},
                    {"retired", c.retired},
                    {"state", context_state_name(c.state)},
                    {"tlb_refills", c.tlb_refills}});
    total += c.retired;
  }
  j["contexts"] = ctxs;
  j["retired"] = total;
  j["ipc"] = r.cycles ? static_cast<double>(total) / static_cast<double>(r.cycles) : 0.0;
  // A region's figures are the same as the whole run's, from the difference of the counters at
  // its markers (Core::report), summed over its entries.
  json rois = json::array();
  for (size_t k = 0; k < r.regions.size(); ++k) {
    const RegionOfInterest& roi = r.regions[k];
    const uint64_t cycles = roi.total.count("cycles");
    json per = json::array();
    uint64_t sum = 0;
    for (size_t i = 0; i < r.contexts.size(); ++i) {
      per.push_back(roi.total.count("instret." + std::to_string(i)));
      sum += per.back().get<uint64_t>();
    }
    json reg = {{"id", roi.id},
                {"entries", roi.entries},
                {"closed", roi.closed},
                {"begin_cycle", roi.begin_cycle},
                {"end_cycle", roi.end_cycle},
                {"cycles", cycles},
                {"retired", per},
                {"retired_total", sum},
                {"ipc", cycles ? static_cast<double>(sum) / cycles : 0.0},
                {"begin_temp_c", roi.begin_temp_c},
                {"end_temp_c", roi.end_temp_c}};
    // Only a named region has the key, so the stats of programs that name none stay as they were.
    if (auto name = r.region_names.find(roi.id); name != r.region_names.end())
      reg["name"] = name->second;
    if (k < r.region_stats.size())
      for (auto& [key, value] : r.region_stats[k].items()) reg[key] = value;
    // A region a process began has that process's own figures too; the rest are the machine's.
    if (reg.contains("process")) reg["scope"] = "machine";
    rois.push_back(reg);
  }
  j["regions"] = rois;
  json reports = json::object();
  for (const Report& rep : r.reports) reports[rep.name] = rep.value;
  j["reports"] = reports;
  // The guest's processes and what each CPU did, as the kernel told (process_stats.h).
  if (!r.processes.is_null()) j["processes"] = r.processes;
  if (!r.cpus.is_null()) j["cpus"] = r.cpus;
  if (!r.timing.is_null()) j["pipeline"] = r.timing;
  j["power"] = r.power;
  j["blockdev"] = r.blockdev;
  if (!r.per_core.is_null()) j["cores"] = r.per_core;
  if (!r.coherence.is_null()) j["coherence"] = r.coherence;
  if (!r.package_power.is_null()) j["package_power"] = r.package_power;
  if (!r.fast_forward.is_null()) j["fast_forward"] = r.fast_forward;
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  j["host"] = {{"seconds", host_seconds},
               {"peak_rss_kib", usage.ru_maxrss},
               {"cycles_per_second", host_seconds > 0 ? r.cycles / host_seconds : 0.0},
               {"ram_pages_touched", r.ram_pages_touched}};
  return j;
}

}  // namespace kasane
